"""Re-asks judged before their situation's checks: the checks run only where they change a list.

A default's re-ask states a line (an icon given to a card, a phase) and asks again. Whether the
line can be stated at all (the situation so written passes the game's checks) decides only
whether an icon or a phase is *listed* with its verdict: when no icon changes the verdict, or
the phases asked give one verdict, the answer is the same whether or not it can be
(``rulesq.engine.defaults.CHECKED_LAZILY``). So an icon's situation is made from the built one
and asked before its whole text is checked, and a phase read alike is stated only when the
phases differ; the checks run when an icon changes the verdict (each icon asked is then listed
only if its line can be stated), or when the ask fails. Over every situation file the verdicts
by icon and by phase are compared with those of checking each situation first; the checks
saved are counted; and a re-ask whose check is skipped where it decides lists an icon or a
phase it must not (an invented case, and a phase made unstatable, see it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import every_situation_file

from rulesq.engine import defaults
from rulesq.engine.check import check_file
from rulesq.engine.dispatch import evaluate
from rulesq.games.bluemoon.judge import cards
from rulesq.situation import parse_situation, restate

ROOT = Path(__file__).resolve().parents[1]
DEFAULTS = ROOT / "tests" / "cases" / "defaults"
#: "Baku But" has no PROTECTED icon, and STOP (and each icon but PROTECTED) changes the verdict:
#: PROTECTED, asked before its line is checked, must not be listed.
UNSTATABLE = DEFAULTS / "an-icon-asked-before-its-line-is-checked-is-listed-only-if-stated.rq"
#: Its phases decide: Beginning of Turn to Character yes, the others no (read alike, most).
PHASES = DEFAULTS / "an-unstated-phase-that-decides-a-play-is-asked-for.rq"


def _compared(monkeypatch: pytest.MonkeyPatch, files: list[Path]) -> list[tuple[Any, ...]]:
    """Each card's verdicts by icon and each question's by phase, lazily and checked first."""
    icons, phases = defaults.icon_verdicts, defaults.phase_verdicts
    wrong: list[tuple[Any, ...]] = []

    def by_icon(*args: Any) -> dict[str, list[str]]:
        monkeypatch.setattr(defaults, "CHECKED_LAZILY", False)
        checked = icons(*args[:6], {}, *args[7:])  # its own situations, each checked
        monkeypatch.setattr(defaults, "CHECKED_LAZILY", True)
        lazy = icons(*args)
        if lazy != checked:
            wrong.append((args[0].source, args[1].text, args[4], checked, lazy))
        return lazy

    def by_phase(*args: Any, **kwargs: Any) -> dict[str, list[str]]:
        monkeypatch.setattr(defaults, "CHECKED_LAZILY", False)
        checked = phases(*args, **kwargs)
        monkeypatch.setattr(defaults, "CHECKED_LAZILY", True)
        lazy = phases(*args, **kwargs)
        # Only whether they differ is asked for (``differ``): the dict then, exactly.
        if (len(lazy) > 1 or len(checked) > 1) and lazy != checked:
            wrong.append((args[0].source, args[1].text, checked, lazy))
        return lazy

    monkeypatch.setattr(defaults, "icon_verdicts", by_icon)
    monkeypatch.setattr(defaults, "phase_verdicts", by_phase)
    for file in files:
        check_file(file)
    monkeypatch.undo()
    return wrong


def test_lazily_checked_verdicts_are_those_of_checking_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = every_situation_file()
    assert len(files) > 1200 and UNSTATABLE in files and PHASES in files
    assert _compared(monkeypatch, files) == []


def test_an_icon_whose_check_is_skipped_would_be_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of an icon asked unchecked, skipped, lists PROTECTED, which cannot be stated."""
    situation = parse_situation(UNSTATABLE.read_text(), str(UNSTATABLE))
    (answer,) = evaluate(situation)
    assert "no with none; yes with STOP" in answer.reason
    monkeypatch.setattr(defaults, "_passes", lambda made: True)
    (answer,) = evaluate(parse_situation(UNSTATABLE.read_text(), str(UNSTATABLE)))
    assert "no with none, PROTECTED; yes with STOP" in answer.reason


def test_an_unstatable_phase_read_alike_is_left_out_where_phases_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phase read alike whose line cannot be stated is left out, as when each is checked.

    Made so here (its line refused): left out where the phases differ; listed unread where
    they would not (only whether they differ is wanted then). With the phases taken never to
    differ, it would be listed where they do: the comparison sees it.
    """
    refused = "phase Announce Power"
    real = defaults.stated_at

    def stated_at(situation: Any, at: int, line: str) -> Any:
        return None if line.endswith(refused) else real(situation, at, line)

    monkeypatch.setattr(defaults, "stated_at", stated_at)
    situation = parse_situation(PHASES.read_text(), str(PHASES))
    listed: list[dict[str, list[str]]] = []
    phases = defaults.phase_verdicts

    def kept(*args: Any, **kwargs: Any) -> dict[str, list[str]]:
        listed.append(phases(*args, **kwargs))
        return listed[-1]

    monkeypatch.setattr(defaults, "phase_verdicts", kept)
    evaluate(situation)
    assert len(listed[0]) > 1 and all("Announce Power" not in ps for ps in listed[0].values())
    assert _compared(monkeypatch, [PHASES]) == []
    monkeypatch.setattr(defaults, "stated_at", stated_at)
    monkeypatch.setattr(defaults, "_asked_differ", lambda ways: False)
    wrong = _compared(monkeypatch, [PHASES])
    assert wrong and any("Announce Power" in ps for ps in wrong[0][3].values())


def _counted(monkeypatch: pytest.MonkeyPatch, files: list[Path], lazily: bool) -> tuple[int, int]:
    """The re-ask situations made, and the whole texts checked among them, checking ``files``."""
    made, checked = [0], [0]
    stated, whole = defaults.stated, restate._checked_whole

    def making(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return stated(*args, **kwargs)

    def checking(*args: Any) -> None:
        checked[0] += 1
        whole(*args)

    monkeypatch.setattr(defaults, "stated", making)
    monkeypatch.setattr(restate, "_checked_whole", checking)
    monkeypatch.setattr(defaults, "CHECKED_LAZILY", lazily)
    monkeypatch.setattr(cards, "_NOTED", {})  # each info's reads noted afresh
    for file in files:
        check_file(file)
    monkeypatch.undo()
    return made[0], checked[0]


def test_fewer_re_ask_situations_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
    lazy, checked_first = _counted(monkeypatch, cases, True), _counted(monkeypatch, cases, False)
    assert lazy[0] < checked_first[0]  # phases read alike stated only where phases differ
    assert lazy[1] < checked_first[1]  # icons asked unchecked: checked where one decides
    assert (lazy, checked_first) == ((380, 242), (426, 426))
