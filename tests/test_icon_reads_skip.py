"""Icons re-asked only as the first judging read them: the same answers as asking every icon.

An answer that took a card's unknown icons to be none is asked again with each icon given
(``rulesq.engine.defaults.icons_decide``), but only for the cards whose icons its judging read,
and of those, only the icons it asked for by name (all of them, where it read the icons as a
whole). Every read goes through one accessor, ``CardInfo.icons`` (an ``UnknownIcons`` that
notes each read): a card or an icon the judging never read cannot change its verdict, so
its re-ask is skipped. Here every Blue Moon situation file is checked both ways: as rulesq
does, and asking every card of unknown icons the situation names with every icon the game
lists; every verdict, status and reason must be the same. With the reads noted nowhere, the
skipping answers where the icons decide (the invented cases see it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import every_situation_file

from rulesq.engine import defaults
from rulesq.engine.check import check_file
from rulesq.games.bluemoon.judge import cards
from rulesq.games.bluemoon.judge.cards import Catalog

ROOT = Path(__file__).resolve().parents[1]
DEFAULTS = ROOT / "tests" / "cases" / "defaults"
#: Files where an unknown icon is asked for (most decide the verdict: *cannot answer*).
DECIDED = sorted(DEFAULTS.glob("an-unknown-icon*-is-asked-for*.rq"))


#: The one kind of icon a read does not bring about: RETRIEVE given to a card of unknown icons
#: played on an earlier turn opens a choice (whether it was retrieved at the beginning of this
#: turn: ``game_choices.icon_choices``), which the game offers only for a card sure to have the
#: icon; asked every icon, these FAQ questions have no answer (a way of that choice differs),
#: where the FAQ answers each as the card without RETRIEVE. Left so (answers unchanged; the
#: game's reading of the FAQ): a card added here is a new such question.
RETRIEVE_REACHED = {
    "q234d-bounce-back-continuous-text.rq",
    "q444-launch-sloth-gas-active-at-retreat.rq",
    "q446-bethenitana-beats-fearsome-spirits.rq",
}


def _bluemoon_files() -> list[Path]:
    return [f for f in every_situation_file() if re.search(r"^game bluemoon", f.read_text(), re.M)]


def _unknown_cards(situation: Any, flags: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """Every card the situation names whose icons the sources do not all give, with every icon
    it may have: each the game lists but those the sources mention and those it lacks."""
    out = []
    for info in Catalog(situation)._infos.values():
        if info.icons_known:
            continue
        known = frozenset[str]().union(info.given_icons) | info.absent_icons  # (read unnoted)
        out.append((defaults.quoted(info.name), tuple(i for i in flags if i not in known)))
    return out


@contextmanager
def every_card_and_icon(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Re-ask every card of unknown icons the situation names, with every icon (no skipping).

    Nothing the first judging read decides what is asked: not the cards, not the icons, not
    the icons whose reads went only into flags no step tested (``unneeded_flags``).
    """
    real_decide, real_cards = defaults.icons_decide, defaults.iconless_cards
    current: list[tuple[Any, Any, tuple[str, ...]]] = []

    def all_cards(answer: Any) -> list[tuple[str, tuple[str, ...] | None]]:
        if current and answer is current[-1][1] and answer.answered:
            return list(_unknown_cards(current[-1][0], current[-1][2]))
        return real_cards(answer)

    def decide(situation: Any, question: Any, answer: Any, ask: Any, icons: Any, *args: Any) -> Any:
        current.append((situation, answer, icons))
        spare, answer.unneeded_flags = answer.unneeded_flags, None
        try:
            return real_decide(situation, question, answer, ask, icons, *args)
        finally:
            answer.unneeded_flags = spare
            current.pop()

    with monkeypatch.context() as patched:
        patched.setattr(defaults, "icons_decide", decide)
        patched.setattr(defaults, "iconless_cards", all_cards)
        patched.setattr(defaults, "ICON_CARDS_TRIED", 1000)
        yield


#: How the reason begins that asks for a card's icons: it names the icons of each verdict,
#: which asking every icon lists more of (the same verdicts).
SAY_THE_ICONS = "which icons "


def _answers(files: list[Path]) -> dict[str, list[tuple[object, ...]]]:
    """Each question's verdict, status and reason, by file (an icons' reason: that it is one)."""
    out: dict[str, list[tuple[object, ...]]] = {}
    for file in files:
        checked = check_file(file, assumed=False)
        out[file.name] = [
            (
                q.answer.verdict.show() if q.answer.verdict else None,
                q.answer.status,
                SAY_THE_ICONS if q.answer.reason.startswith(SAY_THE_ICONS) else q.answer.reason,
            )
            for q in checked.questions
        ]
    return out


def test_skipping_what_was_not_read_gives_the_answers_of_asking_everything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = _bluemoon_files()
    assert len(files) > 1000
    skipping = _answers(files)
    with every_card_and_icon(monkeypatch):
        everything = _answers(files)
    differ = {name for name in skipping if skipping[name] != everything[name]}
    assert differ == RETRIEVE_REACHED


def test_with_no_read_noted_the_skipping_answers_where_an_icon_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert DECIDED
    with every_card_and_icon(monkeypatch):
        everything = _answers(DECIDED)
    # the accessor notes nothing: no card's icons seem read, so none is asked again
    monkeypatch.setattr(cards, "_note_unknown_icons", lambda name, icon: None)
    blind = _answers(DECIDED)
    decided = [name for name, answers in everything.items() if answers[0][0] is None]
    assert len(decided) >= 3  # (the others: an icon that changes nothing, its default shown)
    differ = [name for name in blind if blind[name] != everything[name]]
    assert differ == decided


#: The fields an icon's re-ask varies (``"X" has icon I`` gives the icon, says the card's icons
#: and shields are known). Outside ``cards.py``, which reads them into the noting accessor
#: ``CardInfo.icons``, each read of them is listed here with why it needs no noting; a new
#: reader that bypasses the accessor fails the test below.
VARIED = ("given_icons", "icons_known", "shields_known")
BYPASSES = {
    # the icons the sources mention, for the assumption's text, once the judging is done
    ("rulesq/games/bluemoon/judge/view.py", "given_icons"): 1,
    # a RETRIEVE choice only of a card sure to have the icon (see the exception above)
    ("rulesq/games/bluemoon/judge/game_choices.py", "given_icons"): 2,
    # an unknown shield stops the judging: an answer given did not stop there (``icon_verdicts``)
    ("rulesq/games/bluemoon/judge/fight.py", "shields_known"): 1,
}


def test_the_varied_fields_are_read_through_the_accessor() -> None:
    found: dict[tuple[str, str], int] = {}
    for path in sorted((ROOT / "rulesq").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "rulesq/games/bluemoon/judge/cards.py":
            continue
        text = path.read_text()
        for field in VARIED:
            # a read: the attribute, not a keyword given to a constructor (``icons_known=``)
            count = len(re.findall(rf"\.{field}\b", text))
            if count:
                found[(relative, field)] = count
    assert found == BYPASSES
