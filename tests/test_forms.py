"""``rulesq forms``: every form is listed, every example runs and reads as its form."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.errors import InputError
from rulesq.games import GAMES
from rulesq.paths import grammar_dir
from rulesq.situation import parse_situation
from rulesq.situation.forms import forms_of
from rulesq.situation.parser import BASE_GRAMMAR, grammar_file, parser_for

runner = CliRunner()

EXAMPLES = [
    (game, form.rule, example, form.given)
    for game in GAMES
    for form in forms_of(game)
    for example in (form.example, *form.also)
]


def _grammar_rules(game: str) -> set[str]:
    """The fact_ and ask_ rules a game's situations may use."""
    files = {BASE_GRAMMAR, grammar_file(game)}
    text = "".join((grammar_dir() / name).read_text(encoding="utf-8") for name in files)
    return set(re.findall(r"^((?:fact|ask)_[a-z_]+)\s*:", text, re.M))


@pytest.mark.parametrize(
    ("game", "rule", "example", "given"), EXAMPLES, ids=[f"{g}:{e}" for g, _, e, _ in EXAMPLES]
)
def test_every_example_parses_to_its_form(
    game: str, rule: str, example: str, given: tuple[str, ...]
) -> None:
    before = list(given)
    if game == "bluemoon" and "phase" in example:
        before.append("it is my turn")
    situation = parse_situation("\n".join([f"game {game}", *before, example]) + "\n", "<form>")
    line = len(before) + 2
    item = next(i for i in situation.items if i.span.line == line)
    prefix = "ask_" if example.startswith("ask ") else "fact_"
    assert prefix + (item.written or item.kind) == rule


@pytest.mark.parametrize("game", ["bluemoon", "fma", "warhammer"])
def test_every_form_of_the_grammar_is_listed(game: str) -> None:
    listed = {form.rule for form in forms_of(game)}
    # the shared forms a game does not answer are not listed for it
    shared_unused = {
        "bluemoon": set(),
        "fma": {
            "fact_active",
            "fact_hand_size",
            "fact_discard",
            "fact_retrieve",
            "fact_deck",
            "ask_can_play_type",
            "ask_can_retrieve",
            "ask_deck_legal",
        },
        # Warhammer reads a hand by its size; its cards leave play as "X" is discarded
        "warhammer": {
            "fact_active",
            "fact_hand",
            "fact_discard",
            "fact_retrieve",
            "ask_can_play_type",
            "ask_can_retrieve",
        },
    }[game]
    assert _grammar_rules(game) - shared_unused - listed == set()
    assert listed <= _grammar_rules(game)


def test_forms_prints_each_form_with_what_it_answers() -> None:
    result = runner.invoke(app, ["forms", "--game", "warhammer"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:4] == [
        "Warhammer: Invasion LCG: game warhammer",
        "  statements:",
        '    my deck has 3 "Urguck", 1 "Dwarf Ranger"',
        "        the cards of a deck being built, with their copies",
    ]
    at = lines.index("  questions:")
    assert lines[at : at + 7] == [
        "  questions:",
        '    ask what does "Franz\'s Decree" read?',
        "        text: the card's text in force, with its errata",
        "    ask is my deck legal?",
        "        yes/no: is the deck legal?",
        "    ask does my deck obey the restricted and banned lists?",
        "        deck legality against the FAQ's restricted and banned lists only",
    ]
    bluemoon = runner.invoke(app, ["forms", "--game", "bluemoon"]).output.splitlines()
    at = bluemoon.index('        also: ask what happens if my opponent plays "Pandemonium"?')
    assert bluemoon[at - 4 : at] == [
        '    ask what happens if I play "Laughing Gas"?',
        "        the questions the play raises: can the player play it, then what its",
        "          text touches (totals, ignored texts, dragons, draws, discards,",
        "          retreats), each answered",
    ]


def test_what_a_form_says_fits_in_80_columns() -> None:
    """What each form states or asks wraps at 80 columns (under itself, past ``also:``); an
    example, a line to type, stays whole whatever its length."""
    from rulesq.situation.forms import forms_of

    for game in ("bluemoon", "fma", "warhammer"):
        lines = runner.invoke(app, ["forms", "--game", game]).output.splitlines()
        examples = {f"    {f.example}" for f in forms_of(game)}
        examples |= {f"        also: {a}" for f in forms_of(game) for a in f.also}
        assert [line for line in lines if len(line) > 80 and line not in examples] == []


def test_ask_help_points_to_forms() -> None:
    result = runner.invoke(app, ["ask", "--help"])
    assert "rulesq forms" in " ".join(result.output.split())


def _error_lines(line: str) -> list[str]:
    result = runner.invoke(app, ["ask", "-e", f"game bluemoon\\n{line}"])
    assert result.exit_code == 2
    return result.output.splitlines()


def test_a_syntax_error_shows_the_nearest_complete_form() -> None:
    lines = _error_lines("element is earth")
    assert lines[-3:] == [
        "did you mean: element earth",
        "          or: the contested element is earth",
        "Every form, with an example: rulesq forms --game bluemoon",
    ]


@pytest.mark.parametrize(
    ("line", "nearest"),
    [
        ('you have actve "Pandemonium"', 'you have active "Pandemonium"'),
        ("I keep 3 cards", "I hold 3 cards"),
        # a question typed without "ask": the question, which holds every word typed
        ('can you play "Pandemonium"', 'ask can you play "Pandemonium"?'),
        ("ask must you retreat", "ask must you retreat?"),
        (
            'ask is the BLUF icon of "Pandemonium" effective',
            'ask is the BLUFF icon of "Pandemonium" effective?',
        ),
        # a misspelt word of a choice (an element, an icon) is the choice it is closest to
        ("element erth", "element earth"),
        (
            'ask is the PROTECTD icon of "Laughing Gas" effective?',
            'ask is the PROTECTED icon of "Laughing Gas" effective?',
        ),
        # a name written without its quotes is quoted, commas parting the names
        ("I play Laughing Gas", 'I play "Laughing Gas"'),
        (
            "you have active Pandemonium, Laughing Gas",
            'you have active "Pandemonium", "Laughing Gas"',
        ),
        (
            "ask can I play Laughing Gas and Young Fox together?",
            'ask can I play "Laughing Gas" and "Young Fox" together?',
        ),
    ],
)
def test_the_nearest_form_keeps_the_lines_names_players_and_words(line: str, nearest: str) -> None:
    assert f"did you mean: {nearest}" in _error_lines(line)


def test_a_synonym_ranks_the_form_it_stands_for_first() -> None:
    """Warhammer says "defend" where a judge may say "block" (forms.toml's synonyms)."""
    with pytest.raises(InputError) as caught:
        parse_situation('game warhammer\nask can I block with "Chaos Knights"?\n', "<test>")
    assert caught.value.nearest[0] == 'ask can I defend with "Chaos Knights"?'


#: Lines whose nearest form shares their telling words, not only their frame (``ask can "X"
#: … ?``): they were offered cancel, target and block forms.
TELLING = [
    ('ask can "Chaos Spawn" attack?', 'ask can I attack your kingdom with "Chaos Spawn"?'),
    (
        'ask may a deck hold both "Chaos Spawn" and "Troll Vomit"?',
        "ask does my deck obey the restricted and banned lists?",
    ),
    ('ask is "Chaos Knights" legal?', "ask is my deck legal?"),
    (
        'ask can "Chaos Spawn" attack your kingdom?',
        'ask can I attack your kingdom with "Chaos Spawn"?',
    ),
]


@pytest.mark.parametrize(("line", "meant"), TELLING)
def test_the_nearest_form_shares_the_lines_telling_words(line: str, meant: str) -> None:
    result = runner.invoke(app, ["ask", "-e", f"game warhammer\\n{line}"])
    assert result.exit_code == 2
    assert f"did you mean: {meant}" in result.output.splitlines(), result.output


def _first_nearest(game: str, line: str) -> str | None:
    with pytest.raises(InputError) as caught:
        parse_situation(f"game {game}\n{line}\n", "<test>")
    return caught.value.nearest[0] if caught.value.nearest else None


def test_rare_words_weigh_more_and_the_start_typed_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each part of the likeness carries weight: without the words the form holds, the deck
    question is offered no form; with every word weighing the same, or without the start
    typed, "can X attack" is offered "defend this attack" first."""
    from rulesq.situation import forms

    attack, deck, legal = TELLING[:3]
    for line, meant in (attack, deck, legal):
        assert _first_nearest("warhammer", line) == meant
    likeness, weights, start = forms._likeness, forms._weights, forms._same_start
    monkeypatch.setattr(forms, "_likeness", lambda line, form, weights: 0.0)
    assert _first_nearest("warhammer", deck[0]) is None
    monkeypatch.setattr(forms, "_likeness", likeness)
    monkeypatch.setattr(
        forms, "_weights", lambda game, classes: dict.fromkeys(weights(game, classes), 1.0)
    )
    assert _first_nearest("warhammer", attack[0]) == 'ask can "Chaos Spawn" defend this attack?'
    monkeypatch.setattr(forms, "_weights", weights)
    monkeypatch.setattr(forms, "_same_start", lambda line, form, weights: 0.0)
    assert _first_nearest("warhammer", attack[0]) == 'ask can "Chaos Spawn" defend this attack?'
    monkeypatch.setattr(forms, "_same_start", start)


#: A judge's own words for a card's power or a deck's cards, and the form each means.
MEANT = {
    "power": ("warhammer", 'ask how much power does "Chaos Knights" have?'),
    "value": ("bluemoon", 'ask how much power does "Blaze" have?'),
    "deck": ("bluemoon", 'ask can my deck hold "Blaze"?'),
}


def test_each_part_of_the_question_likeness_carries_weight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Frame words weighing a quarter, the kind of answer asked, the card kept and the words a
    judge means by his (``near``) each decide a case (tests/cases/input-errors pins them)."""
    from rulesq.situation import forms

    power, value, deck = MEANT["power"], MEANT["value"], MEANT["deck"]
    assert _first_nearest(*power) == 'ask what is the power of "Chaos Knights"?'
    assert _first_nearest(*value) == 'ask what is the earth value of "Blaze"?'
    assert _first_nearest(*deck) == 'ask can I add "Blaze" to my deck?'
    monkeypatch.setattr(forms, "FRAME_SHARE", 1.0)
    forms.forget()  # the weights are kept per game
    assert _first_nearest(*power) == 'ask how much damage is "Chaos Knights" dealt?'
    monkeypatch.undo()
    forms.forget()
    monkeypatch.setattr(forms, "_QUESTION_MARKS", frozenset())
    assert _first_nearest(*power) == 'ask how many hit points does "Chaos Knights" have?'
    monkeypatch.undo()
    forms.forget()
    monkeypatch.setattr(forms, "OTHER_KIND", 0.0)
    assert _first_nearest(*deck) == "ask how many cards must my deck hold?"
    monkeypatch.undo()
    monkeypatch.setattr(forms, "NO_CARD", 0.0)
    assert _first_nearest(*value) == "ask how much fire must I still discard?"
    assert _first_nearest(*deck) == "ask how many cards must my deck hold?"
    monkeypatch.undo()
    monkeypatch.setattr(forms, "near_words_of", lambda game: {})
    assert _first_nearest(*value) == "ask how much fire must I still discard?"


def _error_of(game: str, line: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_situation(f"game {game}\n{line}\n", "<test>")
    return caught.value


def test_a_word_no_form_says_is_said_plainly_before_the_nearest() -> None:
    """FMA cards have no power: the error says no form says it, then offers the nearest."""
    line = 'ask how much power does "Fighter" have?'
    error = _error_of("fma", line)
    assert error.unsaid == ["power"] and error.to_dict()["unsaid"] == ["power"]
    result = runner.invoke(app, ["ask", "-e", f"game fma\\n{line}"])
    lines = result.output.splitlines()
    note = 'no Fullmetal Alchemist TCG form says "power"; the nearest:'
    assert result.exit_code == 2 and lines[lines.index(note) + 1].startswith("did you mean: ")
    # a misspelt word is no word the language lacks; a word every line has is no telling one
    assert _error_of("bluemoon", "ask can I retreet?").unsaid == []
    assert _error_of("bluemoon", 'ask how much power does "Blaze" have?').unsaid == []


def test_a_whole_word_is_not_read_as_a_compound_holding_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "power" is no misspelt "power-up" (FMA's phase): read as one, it would be said."""
    from rulesq.situation import forms

    line = 'ask how much power does "Fighter" have?'
    assert _error_of("fma", line).unsaid == ["power"]

    def closest(word: str, vocabulary: frozenset[str]) -> str:
        return (forms.difflib.get_close_matches(word, vocabulary, 1, 0.75) or [word])[0]

    monkeypatch.setattr(forms, "_respelt_word", closest)
    assert _error_of("fma", line).unsaid == []


def test_a_keyword_of_the_grammar_is_never_said_to_be_unsaid() -> None:
    """No example says "hold" in Warhammer, but its grammar reads it: not said to be missing."""
    from rulesq.situation.forms import unsaid_words

    line = 'ask can my deck hold "Chaos Knights"?'
    assert unsaid_words(line, "warhammer") == ["hold"]
    assert _error_of("warhammer", line).unsaid == []


#: Lines a judge types that no form reads, per game (suggestions must be readable lines).
MISSES = [
    ("bluemoon", "ask whose turn is it?"),
    ("bluemoon", "ask who has the red dragon?"),
    ("bluemoon", "ask how many cards have I discarded?"),
    ("bluemoon", "I have 3 cards in my hand"),
    ("warhammer", "ask what does Chaos Knights read?"),
    ("warhammer", '"Chaos Knights" has 2 damage'),
    ("warhammer", "ask who wins the combat?"),
    ("warhammer", 'I control "Chaos Knights"'),
    ("warhammer", 'ask is "Chaos Knights" legal?'),
    ("warhammer", "ask how much damage does your kingdom take?"),
    ("fma", 'ask can I block with "Brute"?'),
    ("fma", '"Edward" attacks "Sleeper"'),
    ("fma", 'the attacker is "Fighter" (strength 3)'),
    ("fma", "ask who wins?"),
]


@pytest.mark.parametrize(("game", "line"), MISSES)
def test_every_nearest_form_shown_is_a_line_the_language_reads(game: str, line: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_situation(f"game {game}\n{line}\n", "<test>")
    shown = caught.value.nearest
    assert shown, line
    for suggestion in shown:  # the language reads it (its cards may need earlier lines)
        parser_for(game).parse(suggestion + "\n")


def test_a_misspelt_choice_gets_did_you_mean() -> None:
    lines = _error_lines("element erth")
    assert lines[0] == '<-e>:2:9: error: unexpected "erth"'
    # the nearest form shows the word meant; the word alone is not suggested again
    assert "did you mean: element earth" in lines and 'Did you mean "earth"?' not in lines
    assert 'did you mean: ask is the PROTECTED icon of "Laughing Gas" effective?' in (
        _error_lines('ask is the PROTECTD icon of "Laughing Gas" effective?')
    )


def test_a_word_suggested_where_no_nearest_form_shows_it_is_kept() -> None:
    """The word's suggestion stays when the nearest form does not show it, and in JSON."""
    lines = _error_lines("ask can I retreet?")
    assert "did you mean: ask can I retreat?" in lines
    assert not any(line.startswith("Did you mean") for line in lines)
    with pytest.raises(InputError) as caught:
        parse_situation("game bluemoon\nask can I retreet?\n", "<test>")
    assert caught.value.to_dict()["suggestion"] == 'Did you mean "retreat" or "retrieve"?'
    caught.value.nearest = ["ask can I play a support card?"]
    assert 'Did you mean "retreat" or "retrieve"?' in caught.value.render().splitlines()


def test_the_nearest_form_of_an_unquoted_name_in_warhammer() -> None:
    with pytest.raises(InputError) as caught:
        parse_situation("game warhammer\nask what does Chaos Knights read?\n", "<test>")
    assert caught.value.nearest[0] == 'ask what does "Chaos Knights" read?'


def test_an_unquoted_name_placed_elsewhere_than_the_forms_fills_its_name() -> None:
    """The line's one unquoted name fills the form's name, though it stands elsewhere."""
    with pytest.raises(InputError) as caught:
        parse_situation("game fma\nask what is Edward Elric strength?\n", "<test>")
    assert caught.value.nearest[0] == 'ask what is the strength of "Edward Elric"?'


def test_every_near_reason_quotes_its_clause_verbatim() -> None:
    """Each ``[near_because]`` quote is found in the text of the clause it names."""
    import json

    from rulesq.paths import corpus_dir
    from rulesq.situation.forms import _forms_file

    checked = 0
    for game in GAMES:
        texts = {}
        for name in ("clauses.jsonl", "rules.jsonl"):
            path = corpus_dir() / game / name
            if path.is_file():
                for row in path.read_text(encoding="utf-8").splitlines():
                    clause = json.loads(row)
                    texts[clause["id"]] = (clause["text"], clause.get("aliases", []))
        for word, because in _forms_file(game).get("near_because", {}).items():
            text, aliases = texts[because["clause"]]
            assert because["alias"] in aliases, word
            for quote in because["quotes"]:
                assert quote in text, (game, word, quote)
                checked += 1
    assert checked >= 2


def test_a_card_s_power_asked_as_a_value_says_why_and_offers_the_total_power() -> None:
    """Blue Moon "what is the power of X?": BM-Q157 cited, value and total power offered."""
    from rulesq.situation import forms

    error = _error_of("bluemoon", 'ask what is the power of "Blaze"?')
    assert error.suggestion is not None and "(BM-Q157)" in error.suggestion
    assert '"A value applies to a single card."' in error.suggestion
    assert error.nearest == [
        'ask what is the earth value of "Blaze"?',
        "ask what is my total power?",
    ]
    # only number forms: without the kind, a yes/no form about special power text comes second
    assert forms.nearest('ask what is the power of "Blaze"?', "bluemoon", cutoff=0.0)[1] != (
        "ask what is my total power?"
    )
    # a misspelt value keeps its one word; a word near no value is told no more
    assert _error_of("bluemoon", 'ask what is the fyre value of "Blaze"?').nearest == []
    assert _error_of("bluemoon", 'ask what is the wits value of "Blaze"?').suggestion is None


def test_forms_json_lists_the_calls_to_check_as_the_text_does() -> None:
    """``--json`` held the statements and questions only; the calls the text lists after them
    (``expect cannot answer because "Card"`` among them) come last, ``"rule": "expectation"``."""
    import json

    from rulesq.situation.forms import CALLS

    for game in ("bluemoon", "fma", "warhammer"):
        listed = json.loads(runner.invoke(app, ["forms", "--game", game, "--json"]).output)[game]
        calls = [form for form in listed if form["rule"] == "expectation"]
        assert [(c["example"], c["says"]) for c in calls] == list(CALLS)
        assert listed[-len(calls) :] == calls
        text = runner.invoke(app, ["forms", "--game", game]).output.splitlines()
        assert all(f"    {example}" in text for example, _ in CALLS)
