"""Lookups a judge can use: a card as a player reads it, every id form, prefixes, games named."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()


def _out(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_card_prints_what_a_player_reads() -> None:
    code, out = _out("card", "Laughing Gas")
    assert code == 0
    lines = out.splitlines()
    assert lines[:6] == [
        "Laughing Gas  (bluemoon, support)",
        "  tag:          Khind 27",
        "  people:       Khind",
        "  number:       27",
        "  FAQ:          BM-Q242, BM-Q266, BM-Q268, BM-Q269, BM-Q272, BM-Q273, BM-Q321,",
        "                BM-Q361",  # a field's value wraps under itself, within 80 columns
    ]
    assert max(map(len, lines)) <= 80
    assert sum(line.lstrip().startswith("not given:") for line in lines) == 1
    for internal in ("type_inferred", "stated_in", "mentions", "deck_text"):
        assert internal not in out


def test_card_shows_where_a_value_from_an_faq_total_comes_from() -> None:
    """A 0 the corpus records from an FAQ answer's total (stated_in) is no printed 0: the card
    says so, with the answer; a "Value n" a question places in its element names the question."""
    code, out = _out("card", "Earthwater")
    assert code == 0
    earth = " ".join(out.split("earth:", 1)[1].split("FAQ:", 1)[0].split())
    assert earth == "0 (no printed value given: BM-Q166's total counts the card as adding nothing)"
    code, out = _out("card", "Hank Highflyer Hawk")
    assert code == 0 and "fire:         0 (from BM-Q262)" in out
    code, out = _out("card", "Electric Eel")
    assert code == 0 and "earth:        0\n" in out  # a zero the tag gives is shown as it is


def test_card_json_keeps_the_internals() -> None:
    code, out = _out("card", "Laughing Gas", "--json")
    assert code == 0 and '"type_inferred"' in out and '"mentions"' in out


@pytest.mark.parametrize(
    "ref",
    [
        "bluemoon/faq/special-power-texts-you-may-not/2",
        "[bluemoon/faq/special-power-texts-you-may-not/2]",
        "faq/special-power-texts-you-may-not/2",
        "special-power-texts-you-may-not/2",
        "BM-Q245",
        "bm-q245",
        "Q245",
    ],
)
def test_cite_takes_every_id_form_it_prints(ref: str) -> None:
    code, out = _out("cite", ref)
    assert code == 0
    assert out.splitlines()[0] == "bluemoon/faq/special-power-texts-you-may-not/2  (also BM-Q245)"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Laughing", "Laughing Gas"),
        ("Mad Mike", "Mad Mike Magpie"),
        ("Hank", "Hank Highflyer Hawk"),
    ],
)
def test_a_unique_beginning_of_a_name_finds_the_card(typed: str, name: str) -> None:
    code, out = _out("card", typed)
    assert code == 0 and out.startswith(f"{name}  (bluemoon, ")


def test_a_beginning_of_several_names_lists_them_with_their_games() -> None:
    result = runner.invoke(app, ["card", "Mad"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        'error: "Mad" begins several card names: "Mad Mike Magpie" (bluemoon), '
        '"Mad Shaman" (warhammer). Give more of the name.'
    )


def test_suggestions_say_each_cards_game() -> None:
    result = runner.invoke(app, ["card", "Urguk"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        'error: unknown card "Urguk". Did you mean "Urguck" (warhammer)?'
    )


def test_cite_finds_every_clause_by_every_id_form_printed() -> None:
    from rulesq.cli.cite import find
    from rulesq.corpus import load_corpus
    from rulesq.games import GAMES

    missed = []
    for game in GAMES:
        for clause in load_corpus(game).clauses.values():
            # the id (as ask cites it, bracketed), the id without its game, each alias
            for ref in (clause.id, f"[{clause.id}]", clause.id.split("/", 1)[1], *clause.aliases):
                if find(ref, None).id != clause.id:
                    missed.append(ref)
    assert missed == []


def test_a_name_before_a_comma_begins_the_names_it_starts() -> None:
    """FMA's names run on after a comma ("Scar, Brawler"): "Scar" begins them, as a word does
    before a space; it was "unknown card", as if no card bore it."""
    result = runner.invoke(app, ["card", "Scar", "--game", "fma"])
    assert result.exit_code == 2
    assert result.output.startswith('error: "Scar" begins several card names: "Scar, Alchemist')
    assert runner.invoke(app, ["card", "Scar, Br"]).output.startswith("Scar, Brawler  (fma, ")
