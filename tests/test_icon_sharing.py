"""Icons asked about again share one judging where it read the card's icons the same.

A card whose icons no source gives is asked about again with each icon given to it. Given
so, its icons note how they are read (``rulesq.games.bluemoon.judge.given_icons``): by name,
as a whole, or counted. A judging with icon P that read them only by name, neither P nor I,
would read the same with I: I takes P's verdict, if it can be stated at all
(``rulesq.engine.defaults.icon_verdicts``). Over every situation file each card's verdicts by
icon are compared with those of asking every icon (``SAME_READING`` off); the asks saved are
counted; and a record that misses a read is shown to change verdicts (the comparison sees it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import checks_asking, every_situation_file

from rulesq.engine import defaults
from rulesq.engine.check import check_file
from rulesq.games.bluemoon.judge import cards
from rulesq.games.bluemoon.judge.given_icons import GivenIcons, IconReads, alike

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / "tests" / "cases" / "defaults" / "icons-read-as-a-count-share-one-judging.rq"
#: The same, of a card whose sources mention an icon (GANG): counted one more, whichever is given.
BASED = (
    ROOT
    / "tests"
    / "cases"
    / "partial-icons"
    / "a-card-with-a-mentioned-icon-counted-shares-one-judging.rq"
)


def test_given_icons_note_reads_by_name_and_as_a_whole_but_not_a_count() -> None:
    reads = IconReads()
    icons = GivenIcons({"STOP"}, reads)
    assert "FREE" not in icons and "STOP" in icons
    assert len(icons) == 1 and bool(icons)
    assert reads.read() == {"FREE", "STOP"}
    for whole in (
        lambda i: list(i),
        lambda i: i == {"STOP"},
        lambda i: hash(i),
        lambda i: i & {"STOP"},
        lambda i: frozenset({"X"}) | i,
        lambda i: i.issubset({"STOP"}),
        lambda i: sorted(i),
    ):
        fresh = IconReads()
        whole(GivenIcons({"STOP"}, fresh))
        assert fresh.read() is None
    two = IconReads()
    assert len(GivenIcons({"STOP", "FREE"}, two)) == 2 and two.read() is None
    # Beside the icons the sources mention (the base), one icon given counts one more,
    # whichever it is, unless it is one of the base's: counted so, those are as asked for.
    based = IconReads()
    assert len(GivenIcons({"PAIR", "STOP"}, based, frozenset({"PAIR"}))) == 2
    assert based.read() == {"PAIR"}
    assert alike("STOP", based.read(), "FREE") and not alike("STOP", based.read(), "PAIR")
    had = IconReads()  # an icon of the base given: one fewer than one more
    assert len(GivenIcons({"PAIR"}, had, frozenset({"PAIR"}))) == 1 and had.read() is None
    assert alike("STOP", frozenset({"FREE"}), "PAIR")
    assert not alike("STOP", frozenset({"STOP"}), "PAIR")
    assert not alike("STOP", frozenset({"PAIR"}), "PAIR")
    assert not alike("STOP", None, "PAIR")


def _compared(monkeypatch: pytest.MonkeyPatch, files: list[Path]) -> list[tuple[Any, ...]]:
    """Every card's verdicts by icon, shared and asked one by one, where they differ."""
    real = defaults.icon_verdicts
    wrong: list[tuple[Any, ...]] = []

    def both(*args: Any, **kwargs: Any) -> dict[str, list[str]]:
        monkeypatch.setattr(defaults, "SAME_READING", False)
        long = real(*args, **kwargs)
        monkeypatch.setattr(defaults, "SAME_READING", True)
        short = real(*args, **kwargs)
        if short != long:
            wrong.append((args[0].source, args[1].text, args[4], long, short))
        return short

    monkeypatch.setattr(defaults, "icon_verdicts", both)
    for file in files:
        check_file(file)
    monkeypatch.undo()
    return wrong


def test_shared_icon_verdicts_are_those_of_asking_every_icon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = every_situation_file()
    assert len(files) > 1200
    assert _compared(monkeypatch, files) == []


def test_a_read_left_unnoted_would_share_a_wrong_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    def unnoted(self: GivenIcons, icon: object) -> bool:
        return frozenset.__contains__(self, icon)

    monkeypatch.setattr(GivenIcons, "__contains__", unnoted)
    monkeypatch.setattr(cards, "_NOTED", {})  # records made afresh, with the names unnoted
    wrong = _compared(monkeypatch, [SHARED])
    assert wrong and wrong[0][3] != wrong[0][4]  # PROTECTED would take another icon's "yes"


def _asks(monkeypatch: pytest.MonkeyPatch, files: list[Path], sharing: bool) -> int:
    return checks_asking(monkeypatch, "_icon_verdict", "SAME_READING", sharing, files)


def test_icons_read_alike_are_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "_NOTED", {})  # each info's reads noted from now on
    assert _asks(monkeypatch, [SHARED], True) == 2  # STOP, then PROTECTED (read by name)
    assert _asks(monkeypatch, [SHARED], False) == 10
    cases = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
    shared, every = _asks(monkeypatch, cases, True), _asks(monkeypatch, cases, False)
    # BM-Q279b's discard with TopNotch's use unstated is counted as that use (the replay reads
    # whether its text is in force, asking Impenetrable Fog's ignore about icons: 2 asks).
    # The optional texts of cards played this fight (discards in play, shuffles away, takes from
    # a hand, retrieves) are read for a card whose own text has one, whatever the question
    # (whether their player chose to act is stated), in the answer and in a default's re-ask
    # (where a way of such a choice may differ): 6 asks more than none. A number answer that
    # read a card's unknown icons is re-asked as a yes/no answer is: 5 asks more (the icons a
    # number's judging asked for, each of an icon no step of it left unused). A ship has no
    # icons (fields.toml, BM-Q370): Sea Devil's are asked of none (6 asks fewer than before).
    # The icons the FAQ mentions of a card are not all its icons (icons_complete false): its
    # others are asked about as a card's of unknown icons, 142 asks more (74 before). Reads alike
    # spare 64 (35 before a count beside the mentioned icons was read as one more, whichever icon
    # is given); the mentioned icons themselves are not asked (8 asks fewer: ``MENTIONED_TAKEN``).
    assert (shared, every) == (179, 243)


def test_a_count_beside_mentioned_icons_is_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """FunFair's GANG is mentioned: one icon more counts two, whichever; read as such, shared."""
    monkeypatch.setattr(cards, "_NOTED", {})
    assert _asks(monkeypatch, [BASED], True) == 2  # STOP, then PROTECTED (read by name)
    assert _asks(monkeypatch, [BASED], False) == 9  # every icon but GANG
    real = cards._noted

    def baseless(info: cards.CardInfo, base: frozenset[str]) -> cards.CardInfo:
        return real(info, frozenset())  # a count of two then reads the icons as a whole

    monkeypatch.setattr(cards, "_NOTED", {})
    monkeypatch.setattr(cards, "_noted", baseless)
    assert _asks(monkeypatch, [BASED], True) == 9


def test_mentioned_icons_take_the_answers_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """An icon the sources mention, given again, is the card's icons the answer took: not asked.

    Over every situation file, each answer's reason to ask for a card's icons is the same as
    with the mentioned icons asked about (``MENTIONED_TAKEN`` off), as a judging with them
    reads the same; FunFair's GANG is asked about then (3 asks, not 2).
    """
    real = defaults.icons_decide
    wrong: list[tuple[Any, ...]] = []

    def both(*args: Any, **kwargs: Any) -> str | None:
        monkeypatch.setattr(defaults, "MENTIONED_TAKEN", False)
        long = real(*args, **kwargs)
        monkeypatch.setattr(defaults, "MENTIONED_TAKEN", True)
        short = real(*args, **kwargs)
        if short != long:
            wrong.append((args[0].source, args[1].text, long, short))
        return short

    monkeypatch.setattr(defaults, "icons_decide", both)
    for file in every_situation_file():
        check_file(file)
    monkeypatch.undo()
    assert wrong == []
    monkeypatch.setattr(cards, "_NOTED", {})
    assert _asks(monkeypatch, [BASED], True) == 2
    monkeypatch.setattr(defaults, "MENTIONED_TAKEN", False)
    assert _asks(monkeypatch, [BASED], True) == 3  # GANG too


def test_spared_icons_are_stated_only_when_an_icon_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spared icon's line is stated only when another icon changes the verdict.

    An icon that takes another's verdict (read alike), or the answer's (mentioned by the
    sources), is listed only if its line can be stated: that is read only when some icon asked
    changes the verdict, as it changes nothing otherwise. Over every situation file, each card's
    verdicts by icon are those of stating every spared line at once (``STATED_LAZILY`` off);
    over the Blue Moon FAQ cases, fewer situations are stated.
    """
    real = defaults.icon_verdicts
    wrong: list[tuple[Any, ...]] = []

    def both(*args: Any, **kwargs: Any) -> dict[str, list[str]]:
        monkeypatch.setattr(defaults, "STATED_LAZILY", False)
        eager = real(*args, **kwargs)
        monkeypatch.setattr(defaults, "STATED_LAZILY", True)
        lazy = real(*args, **kwargs)
        if lazy != eager:
            wrong.append((args[0].source, args[1].text, args[4], eager, lazy))
        return lazy

    monkeypatch.setattr(defaults, "icon_verdicts", both)
    for file in every_situation_file():
        check_file(file)
    monkeypatch.undo()
    assert wrong == []
    cases = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
    monkeypatch.setattr(cards, "_NOTED", {})
    lazy = checks_asking(monkeypatch, "stated_at", "STATED_LAZILY", True, cases)
    eager = checks_asking(monkeypatch, "stated_at", "STATED_LAZILY", False, cases)
    # Turns, phases, ways and spared icons (icons asked are made apart, checked lazily:
    # test_checked_lazily.py): 51 icons spared.
    assert (lazy, eager) == (239, 290)
