"""A field a card's type does not have is shown as absent, with why; an unknown one as unknown."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.corpus import load_corpus
from rulesq.corpus.fields import lacks

runner = CliRunner()
GAMES = ("bluemoon", "fma", "warhammer")


def _card(*args: str) -> list[str]:
    result = runner.invoke(app, ["card", *args])
    assert result.exit_code == 0, result.output
    lines: list[str] = []
    for line in result.output.splitlines():
        if line.startswith(" " * 16) and lines:  # a field's value wrapped under itself
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def _row(lines: list[str], head: str) -> list[str]:
    return [line.split(":", 1)[1].strip() for line in lines if line.startswith(f"  {head}:")]


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_names_real_types_and_fields_and_quotes_its_clause(game: str) -> None:
    """Types and fields are the corpus's own; each quote is found verbatim in its clause."""
    corpus = load_corpus(game)
    types = {card.type for card in corpus.cards.values()}
    fields = {key for card in corpus.cards.values() for key in card.fields}
    for lack in lacks(game):
        assert lack.fields and lack.types and lack.why
        assert lack.types <= types, lack.types - types
        assert set(lack.fields) <= fields, set(lack.fields) - fields
        if lack.clause is not None:
            assert lack.quote is not None
            text = " ".join(corpus.clause(lack.clause).text.split())
            assert " ".join(lack.quote.split()) in text, (lack.clause, lack.quote)


@pytest.mark.parametrize("game", GAMES)
def test_no_card_of_a_type_has_a_field_its_type_lacks(game: str) -> None:
    """The corpus agrees with the file: a listed field is empty on every card of its types."""
    for card in load_corpus(game).cards.values():
        for lack in lacks(game):
            if card.type in lack.types:
                given = {f: card.fields.get(f) for f in lack.fields if card.fields.get(f)}
                assert not given, (card.name, given)


def test_blue_moon_ship_and_support() -> None:
    """A ship has no values or icons (BM-Q157, BM-Q370); a support card's values are unknown."""
    ship = _card("Sea Moon")
    assert _row(ship, "not given") == ["deck (unknown: the sources do not say)"]
    none = _row(ship, "has none")
    assert none[0] == (
        "fire, earth, value (only character, booster, support and Hyla cards have values: BM-Q157)"
    )
    assert none[1] == "icons (ship cards have no icons: BM-Q370)"
    support = _card("Pandemonium")
    assert _row(support, "not given") == [
        "fire, earth, value, icons, shields, moons (unknown: the sources do not say)"
    ]
    assert _row(support, "has none")[0].startswith("capacity (only ships have a capacity")


def test_warhammer_tactic_has_no_hit_points_or_power() -> None:
    lines = _card("Franz's Decree", "--game", "warhammer")
    assert _row(lines, "not given") == []
    assert [row.split(" (")[0] for row in _row(lines, "has none")] == ["hit points", "power"]


def test_without_the_file_every_empty_field_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file carries the weight: with no entries, a ship's icons are unknown again."""
    import rulesq.corpus.fields as fields

    monkeypatch.setattr(fields, "lacks", lambda game: ())
    ship = _card("Sea Moon")
    assert _row(ship, "has none") == []
    assert "icons" in _row(ship, "not given")[0]


def test_card_json_lists_what_the_type_lacks() -> None:
    import json

    result = runner.invoke(app, ["card", "Sea Moon", "--json"])
    record = json.loads(result.output)
    assert record["fields"]["icons"] is None  # the corpus's own field, unchanged
    assert {"fields": ["icons"], "why": "ship cards have no icons"}.items() <= (
        record["lacks"][1].items()
    )
    assert record["lacks"][1]["clause"] == "bluemoon/faq/ships-loading-ships/1"


def test_fields_read_as_words_and_a_type_not_given_says_so() -> None:
    """A ruling's field reads as its label, with its ruling; a card of no known type says so."""
    lines = _card("In Over Your Head")
    assert lines[0] == "In Over Your Head  (fma, card of a type the sources do not give)"
    assert _row(lines, "defeats a character when") == [
        "printed strength: 0, strength at least: 1 (fma/cards/in-over-your-head/ruling)"
    ]
    assert _row(_card("Artificial Human"), "stays attached once resolved") == [
        "yes (fma/cards/artificial-human/ruling)"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_label_names_a_field_of_the_corpus(game: str) -> None:
    """A label the file gives is for a field some card of the game has."""
    from rulesq.corpus.fields import labels

    fields = {key for card in load_corpus(game).cards.values() for key in card.fields}
    assert set(labels(game)) <= fields, set(labels(game)) - fields


def test_every_shown_fma_ruling_field_has_a_label() -> None:
    """No FMA field a ruling gives is shown by its internal name (``canceled_unset``)."""
    from rulesq.cli.card import INTERNAL
    from rulesq.corpus.fields import labels

    given = {
        key
        for card in load_corpus("fma").cards.values()
        for key in (card.fields.get("field_sources") or {})
        if key not in INTERNAL and key not in {"type", "level", "faction", "attributes"}
    }
    given -= {"keywords", "unique", "text"}
    assert given <= set(labels("fma")), given - set(labels("fma"))


def test_without_the_labels_a_field_reads_as_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The labels carry the weight: without them Block's ruling reads "canceled unset"."""
    import rulesq.corpus.fields as fields

    monkeypatch.setattr(fields, "labels", lambda game: {})
    assert _row(_card("Block"), "canceled unset") == ["yes (fma/cards/block/ruling)"]
    monkeypatch.undo()
    assert _row(_card("Block"), "if canceled, its player's character is not set") == [
        "yes (fma/cards/block/ruling)"
    ]


def test_parse_of_a_card_whose_text_is_never_quoted_says_it_is_unknown() -> None:
    """The text is unknown, not absent: the message says the sources do not quote it."""
    result = runner.invoke(app, ["parse", "--card", "Speedius Unnecessarius"])
    assert result.exit_code == 2
    assert 'the sources do not quote the text of "Speedius Unnecessarius"' in result.output
