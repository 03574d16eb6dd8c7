"""A re-ask's cards, made from those of the situation it asks again, are those built whole.

An icon re-ask states a line after the situation's last (``"X" has icon FREE``): its items are
the situation's, the very same, and that fact. Its catalog (each card the situation names,
with what it states of the card) is then the situation's, with what the line states given to
the card it names (``Catalog.stated_after``), rather than built again from every item. Over
every situation file each re-ask's catalog so made is compared with the one built whole (the
same infos, the very same objects, in the same order); and one that left out what the line
states is shown to differ (the comparison sees it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import every_situation_file

from rulesq.engine.check import check_file
from rulesq.games.bluemoon.judge import cards, view
from rulesq.games.bluemoon.judge.cards import Catalog


def _compared(monkeypatch: pytest.MonkeyPatch, lose: bool = False) -> tuple[int, list[str]]:
    """How many re-ask catalogs were made from their situation's, and those that differ.

    ``lose``: each so made leaves out what the line states (its cards' infos the situation's).
    """
    real, stated_after = view._catalog, Catalog.stated_after
    derived: list[Catalog] = []
    wrong: list[str] = []

    def counted(self: Catalog, situation: Any, of: Any) -> Catalog | None:
        found = stated_after(self, situation, of)
        if found is not None:
            derived.append(found)
            if lose:
                found._infos = dict(self._made[2])
        return found

    def both(ctx: Any) -> Catalog:
        found = real(ctx)
        if derived and found is derived[-1]:
            whole = Catalog(ctx.situation)
            if list(found._infos) != list(whole._infos) or not found.same_as(whole):
                wrong.append(ctx.situation.source)
        return found

    monkeypatch.setattr(Catalog, "stated_after", counted)
    monkeypatch.setattr(view, "_catalog", both)
    monkeypatch.setattr(cards, "_NOTED", {})
    for file in every_situation_file():
        check_file(file)
    monkeypatch.undo()
    return len(derived), wrong


def test_a_re_ask_catalog_is_the_one_built_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    made, wrong = _compared(monkeypatch)
    assert wrong == []
    assert made > 250  # most icon re-asks (286 here)


def test_a_catalog_that_left_out_the_line_would_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    made, wrong = _compared(monkeypatch, lose=True)
    assert made > 250 and len(wrong) == made
