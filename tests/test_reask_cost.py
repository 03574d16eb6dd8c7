"""A default's re-asks at less cost, with the verdicts of the full re-asks.

Two shortcuts: a re-ask is answered *light* (its verdict, status and reason, without the
answer's graph), and an icon whose reading went only into a play's kept flag (FREE, STOP)
that no step tested, where no ignore effect could reach the card, is not asked again (its
verdict is the answer's). Over every situation file, each light answer is compared with the
full answer, and each icon spared is asked again in full and must give the answer's verdict.
The counts (light answers, icons spared) show that the shortcuts are taken.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulesq.engine import defaults, dispatch
from rulesq.engine.answer import Answer, Status
from rulesq.engine.check import check_file
from rulesq.engine.defaults import ICON_CARDS_TRIED, ICON_LINE, asked_first, iconless_cards
from rulesq.engine.dispatch import answer_question, evaluate
from rulesq.games import get_game
from rulesq.games.bluemoon.judge.iconuse import (
    Kept,
    kept,
    new_use,
    note_read,
    note_use,
    start_keeping,
    stop_keeping,
    stop_noting,
    unneeded,
)
from rulesq.situation import parse_situation
from rulesq.situation.model import Question, Situation

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "examples"
FOLDERS = [
    ROOT / "corpus" / "bluemoon" / "cases",
    ROOT / "corpus" / "fma" / "cases",
    ROOT / "corpus" / "warhammer" / "cases",
    ROOT / "tests" / "cases",
    SHARED,
]


def _shown(answer: Answer) -> tuple[Any, ...]:
    verdict = answer.verdict.show() if answer.verdict is not None else None
    return (answer.status, verdict, answer.reason, answer.answered)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.relative_to(ROOT.parent).as_posix())
def test_reasks_answered_light_and_icons_spared_agree_with_full_reasks(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not folder.is_dir():
        pytest.skip(f"{folder} is not beside the checkout")
    answer_of = dispatch._answer
    counts = {"light": 0, "spared": 0, "asked": 0}
    wrong: list[tuple[Any, ...]] = []

    def both(
        situation: Situation,
        question: Question,
        game: Any,
        memo: dict[str, Any] | None = None,
        *,
        light: bool = False,
    ) -> Answer:
        got = answer_of(situation, question, game, memo, light=light)
        if light:
            counts["light"] += 1
            assert "verdict" not in got.graph.graph  # light: no verdict node, no facts
            full = answer_of(situation, question, game, {})
            if _shown(full) != _shown(got):
                wrong.append((situation.source, question.text, _shown(full), _shown(got)))
        return got

    decide = defaults.icons_decide

    def checked(
        situation: Situation,
        question: Question,
        answer: Answer,
        ask: defaults.Ask,
        icons: tuple[str, ...],
        restated: defaults.Restated | None = None,
    ) -> str | None:
        said = decide(situation, question, answer, ask, icons, restated)
        spare = answer.unneeded_flags() if answer.unneeded_flags is not None else {}
        shown = answer.verdict.show() if answer.verdict is not None else None
        for name, asked in iconless_cards(answer)[:ICON_CARDS_TRIED]:
            for icon in icons if asked is None else [i for i in icons if i in asked]:
                if asked is None or icon not in spare.get(name, ()):
                    counts["asked"] += 1
                    continue
                counts["spared"] += 1
                line = ICON_LINE.format(name=name, icon=icon)
                again = asked_first(situation, question, line, ask, restated)
                if again is None:
                    continue
                same = again.answered and again.verdict is not None
                if not same or again.status is Status.CONFLICT or again.verdict.show() != shown:
                    wrong.append((situation.source, question.text, name, icon, _shown(again)))
        return said

    monkeypatch.setattr(dispatch, "_answer", both)
    monkeypatch.setattr(defaults, "icons_decide", checked)
    for path in sorted(folder.rglob("*.rq")):
        check_file(path)
    assert wrong == []
    if folder.name == "cases" and folder.parent.name == "bluemoon":
        # The shortcuts are taken: most re-asks of the FAQ cases are light or spared.
        assert counts["light"] > 300
        assert counts["spared"] > counts["asked"] / 2


# ---------------------------------------------------------------- the kept flags
def test_a_kept_flag_notes_each_test_of_it() -> None:
    use = new_use()
    token = note_use(use)
    try:
        cell, keeping = start_keeping("Baku But", "STOP")
        note_read("Baku But", "STOP")  # read into the flag: not direct
        note_read("Baku But", "FREE")  # another icon: direct
        stop_keeping(keeping)
        flag = kept(cell, False, reachable=False)
        assert isinstance(flag, Kept)
        assert use["kept"] == {("Baku But", "STOP")}
        assert use["direct"] == {"Baku But": {"FREE"}}
        assert unneeded(use) == {"Baku But": {"STOP"}}
        for test in (bool, lambda f: f == False, hash):  # noqa: E712
            use["used"].clear()
            test(flag)
            assert use["used"] == {("Baku But", "STOP")}
            assert unneeded(use) == {}
    finally:
        stop_noting(token)


def test_a_flag_read_where_an_ignore_effect_could_reach_is_direct() -> None:
    use = new_use()
    token = note_use(use)
    try:
        cell, keeping = start_keeping("Baku But", "STOP")
        note_read("Baku But", "STOP")
        stop_keeping(keeping)
        assert kept(cell, False, reachable=True) is False
        assert use["direct"] == {"Baku But": {"STOP"}}
        assert unneeded(use) == {}
        cell, keeping = start_keeping("Baku But", "FREE")  # not read: a plain flag
        stop_keeping(keeping)
        assert kept(cell, True, reachable=False) is True
    finally:
        stop_noting(token)


def test_icons_read_as_a_whole_or_in_another_record_are_not_spared() -> None:
    judged, replay = new_use(), new_use()
    replay["kept"].add(("Baku But", "STOP"))
    assert unneeded(judged, replay) == {"Baku But": {"STOP"}}
    judged["direct"]["Baku But"] = None  # read as a whole while judging
    assert unneeded(judged, replay) == {}
    judged["direct"]["Baku But"] = {"FREE"}
    judged["used"].add(("Baku But", "STOP"))  # the replay's flag tested while judging
    assert unneeded(judged, replay) == {}


# ---------------------------------------------------------------- in a situation
PLAYED = (
    'game bluemoon\ncard "Some Boost" booster (fire 1, earth 1): ""\n'
    'it is my turn\nphase Character\nI play "Baku But"\n{question}\n'
)


def test_a_flag_no_step_tests_is_spared_and_one_tested_is_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card played: whether its text is ignored tests no flag; another play tests them.

    Played first of the turn, the card would join no gang with a GANG icon either.
    """
    game = get_game("bluemoon")
    untested = parse_situation(
        PLAYED.format(question='ask is the special power text of "Baku But" ignored?'), "<t>"
    )
    tested = parse_situation(PLAYED.format(question='ask can I play "Some Boost"?'), "<t>")
    spared: dict[str, set[str]] = {}
    for situation in (untested, tested):
        (question,) = situation.questions
        plain = answer_question(situation, question, game, recheck_defaults=False)
        assert plain.unneeded_flags is not None
        spared[situation.questions[0].text] = set(plain.unneeded_flags().get('"Baku But"', ()))
    untouched, touched = spared.values()
    assert untouched == {"FREE", "STOP", "GANG"}  # no step tests the flags; it joins no gang
    assert touched == {"FREE", "GANG"}  # the next play tests the STOP flag (a character's
    # FREE flag counts toward no limit of boosters and supports)
    asked: list[str] = []
    first = defaults.asked_first

    def counted(situation: Situation, question: Question, line: str, *rest: Any) -> Any:
        asked.append(line)
        return first(situation, question, line, *rest)

    monkeypatch.setattr(defaults, "asked_first", counted)
    (answer,) = evaluate(untested)
    assert answer.status is Status.DEFINITE
    assert asked == []  # FREE, STOP and GANG spared
    (answer,) = evaluate(tested)
    assert answer.status is Status.CANNOT and "no with STOP" in answer.reason


def test_a_spared_icon_is_shown_with_the_verdict_it_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """When another icon changes the verdict, a spared one is asked too: shown as in full."""
    situation = parse_situation(PLAYED.format(question='ask can I play "Some Boost"?'), "<t>")
    (question,) = situation.questions
    game = get_game("bluemoon")
    plain = answer_question(situation, question, game, recheck_defaults=False)
    ((name, asked),) = iconless_cards(plain)
    assert asked is not None and {"FREE", "STOP"} <= set(asked)
    tried = tuple(i for i in game.flags_tried() if i in asked)

    def ask(other: Situation, again: Question) -> Answer:
        return dispatch._answer(other, again, game, {})

    full = defaults.icon_verdicts(situation, question, plain, ask, name, tried, {})
    spared = defaults.icon_verdicts(situation, question, plain, ask, name, tried, {}, {"FREE"})
    assert len(full) > 1 and spared == full


@pytest.mark.parametrize(
    "ignorer",
    [
        'card "Quiet Owl" character: "Your special power texts are ignored."',
        'card "Icon Owl" character: "Your icons are ignored."',
    ],
)
def test_flags_are_spared_where_the_ignore_step_decides_them(ignorer: str) -> None:
    """An ignore effect could reach the card: asked aside, the ignore step decides its icon."""
    name = ignorer.split('"')[1]
    text = (
        f'game bluemoon\n{ignorer}\nyou have active "{name}"\nit is my turn\nphase Character\n'
        'I play "Baku But"\nask is the special power text of "Baku But" ignored?\n'
    )
    situation = parse_situation(text, "<t>")
    (question,) = situation.questions
    game = get_game("bluemoon")
    plain = answer_question(situation, question, game, recheck_defaults=False)
    ((card, asked),) = iconless_cards(plain)
    assert asked is not None and {"FREE", "STOP", "GANG", "PROTECTED"} <= set(asked)
    assert plain.unneeded_flags is not None
    assert plain.unneeded_flags()[card] == {"FREE", "STOP", "GANG"}  # PROTECTED: direct
