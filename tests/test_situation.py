"""The situation language: every statement and question form, expectations, inline cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import given
from hypothesis import strategies as st

from rulesq.situation import Fact, Question, Situation, parse_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import find_game, grammar_file, parse_tree, parser_for


def build(text: str, source: str = "<test>") -> Situation:
    """Parse and build a situation without resolving its card names."""
    game = find_game(text, source)
    return SituationBuilder(game, source, text).build(parse_tree(text, game, source))


def only(text: str) -> Fact | Question:
    """The single fact or question of a situation."""
    items = build(text).items
    assert len(items) == 1, items
    return items[0]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.rq")), ids=lambda p: p.stem)
def test_every_shared_example_parses(path: Path) -> None:
    """Each example reads as written, with at least one question and one expect line."""
    situation = build(path.read_text(encoding="utf-8"), str(path))
    assert situation.game == path.parent.name
    assert situation.questions
    assert all(q.expectations for q in situation.questions)


def test_each_game_reads_with_its_own_extension() -> None:
    """A game with a situation_<game>.lark gets it; the parser is cached per game (by rulesq)."""
    assert grammar_file("bluemoon") == "situation_bluemoon.lark"
    assert grammar_file("nonesuch") == "situation.lark"
    parser = parser_for("fma")
    assert parser.options.parser == "lalr" and parser.options.cache is False
    assert parser_for("fma") is parser


def test_the_parser_cache_follows_every_grammar_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to an imported grammar (not only the one opened) gives another cache file."""
    from rulesq.larkcache import open_parser

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    grammars = tmp_path / "grammar"
    grammars.mkdir()
    (grammars / "situation_x.lark").write_text(
        "%import .situation (start, NAME)\n", encoding="utf-8"
    )
    (grammars / "situation.lark").write_text("start: NAME\nNAME: /[a-z]+/\n", encoding="utf-8")
    open_parser(grammars / "situation_x.lark", parser="lalr")
    before = {p.name for p in (tmp_path / "cache").glob("lark-situation_x-*.json")}
    (grammars / "situation.lark").write_text("start: NAME NAME\nNAME: /[a-z]+/\n", encoding="utf-8")
    open_parser.cache_clear()
    open_parser(grammars / "situation_x.lark", parser="lalr")
    after = {p.name for p in (tmp_path / "cache").glob("lark-situation_x-*.json")}
    open_parser.cache_clear()
    # another key, another file; the first is kept (a bounded number are, per kind)
    assert len(before) == 1 and len(after) == 2 and before < after


FACTS = [
    (
        'game bluemoon\nyou have active "A", "B" (fire 2, earth 3)',
        "active",
        "you",
        [("A", {}, ()), ("B", {"fire": 2, "earth": 3}, ())],
        {},
    ),
    (
        'game bluemoon\nI have active "Eel" (fire 4, PROTECTED)',
        "active",
        "me",
        [("Eel", {"fire": 4}, ("PROTECTED",))],
        {},
    ),
    ('game bluemoon\nI have in hand "A" and "B"', "hand", "me", [("A", {}, ()), ("B", {}, ())], {}),
    ('game bluemoon\nyour hand holds "A"', "hand", "you", [("A", {}, ())], {}),
    ("game bluemoon\nI have 3 cards in hand", "hand_size", "me", [], {"number": 3}),
    ("game bluemoon\nmy hand has 0 cards", "hand_size", "me", [], {"number": 0}),
    ('game bluemoon\nI play "X"', "play", "me", [("X", {}, ())], {}),
    ('game bluemoon\nyou played "X" (earth 1)', "play", "you", [("X", {"earth": 1}, ())], {}),
    ('game bluemoon\nyou discard "X"', "discard", "you", [("X", {}, ())], {}),
    ('game bluemoon\nI retrieve "X"', "retrieve", "me", [("X", {}, ())], {}),
    ('game bluemoon\nmy discard pile has "X"', "pile", "me", [("X", {}, ())], {}),
    ("game bluemoon\nit is your turn", "turn", "you", [], {}),
    (
        "game bluemoon\nphase Beginning of Turn  # a comment",
        "phase",
        None,
        [],
        {"phase": "Beginning of Turn"},
    ),
    ("game bluemoon\nelement earth", "element", None, [], {"element": "earth"}),
    ("game bluemoon\nyou retreat", "retreat", "you", [], {}),
    ('game warhammer\nmy deck has 3 "A", 1x "B"', "deck", "me", [("A", {}, ()), ("B", {}, ())], {}),
    ("game fma\nbattle wits", "battle", None, [], {"attribute": "wits"}),
    (
        'game fma\nattackers "A" (strength 3, toughness 3)',
        "attackers",
        None,
        [("A", {"strength": 3, "toughness": 3}, ())],
        {},
    ),
    ('game fma\ndefenders "D" (wits 7)', "defenders", None, [("D", {"wits": 7}, ())], {}),
]


@pytest.mark.parametrize(
    ("text", "kind", "who", "cards", "params"),
    FACTS,
    ids=[f[1] + "-" + str(i) for i, f in enumerate(FACTS)],
)
def test_fact_forms(
    text: str,
    kind: str,
    who: str | None,
    cards: list[tuple[str, dict[str, int], tuple[str, ...]]],
    params: dict[str, object],
) -> None:
    """Each fact form gives its kind, player, cards (values, icons) and parameters."""
    fact = only(text)
    assert isinstance(fact, Fact)
    assert (fact.kind, fact.who, dict(fact.params)) == (kind, who, params)
    assert [(c.name, dict(c.values), c.flags) for c in fact.cards] == cards


def test_counted_cards_keep_their_copies() -> None:
    """``3 "A", 1x "B"`` gives each card its number of copies."""
    fact = only('game warhammer\nmy deck has 3 "A", 1x "B"')
    assert [(c.name, c.count) for c in fact.cards] == [("A", 3), ("B", 1)]


def test_fma_sides_may_introduce_characters() -> None:
    """Attackers and defenders are new cards: they need not be in the corpus."""
    fact = only('game fma\nattackers "A" (wits 2)')
    assert fact.cards[0].adhoc_ok
    assert not only('game bluemoon\nI play "A"').cards[0].adhoc_ok


QUESTIONS = [
    ('game warhammer\nask what does "X" read?', "card_text", None, ["X"], {}),
    ('game bluemoon\nask can I play "X"?', "can_play", "me", ["X"], {}),
    (
        "game bluemoon\nask can you play a support card?",
        "can_play_type",
        "you",
        [],
        {"card_type": "support"},
    ),
    ('game bluemoon\nask can I retrieve "X"?', "can_retrieve", "me", ["X"], {}),
    (
        'game bluemoon\nask what is the fire value of "X"?',
        "value",
        None,
        ["X"],
        {"attribute": "fire"},
    ),
    ('game fma\nask what is the strength of "X"?', "value", None, ["X"], {"attribute": "strength"}),
    ("game bluemoon\nask what is my total power?", "total_power", "me", [], {}),
    (
        "game bluemoon\nask what is your total power in earth?",
        "total_power",
        "you",
        [],
        {"element": "earth"},
    ),
    (
        'game bluemoon\nask is the special power text of "X" ignored?',
        "text_ignored",
        None,
        ["X"],
        {},
    ),
    ('game bluemoon\nask is "X" ignored?', "ignored", None, ["X"], {}),
    ("game bluemoon\nask how many cards do I draw?", "draw_count", "me", [], {}),
    ("game bluemoon\nask how many dragons does you attract?", "dragons", "you", [], {}),
    ("game bluemoon\nask must I retreat?", "must_retreat", "me", [], {}),
    ("game bluemoon\nask what total power must I reach?", "power_to_reach", "me", [], {}),
    ("game warhammer\nask is my deck legal?", "deck_legal", "me", [], {}),
    (
        "game warhammer\nask does my deck obey the restricted and banned lists?",
        "deck_lists",
        "me",
        [],
        {},
    ),
    ("game fma\nask who wins the battle?", "battle_winner", None, [], {}),
    ("game fma\nask who is defeated?", "defeated", None, [], {}),
    (
        "game fma\nask which characters may the attacking player defeat?",
        "defeat_choice",
        None,
        [],
        {"side": "attacking"},
    ),
]


@pytest.mark.parametrize(
    ("text", "kind", "who", "cards", "params"),
    QUESTIONS,
    ids=[q[1] + "-" + str(i) for i, q in enumerate(QUESTIONS)],
)
def test_question_forms(
    text: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each question form gives its kind, player, cards and parameters, and its text."""
    question = only(text)
    assert isinstance(question, Question)
    assert (question.kind, question.who, dict(question.params)) == (kind, who, params)
    assert [c.name for c in question.cards] == cards
    assert question.text.startswith("ask ") and question.text.endswith("?")


def test_expectations_of_every_kind_attach_to_their_question() -> None:
    """Each ``expect`` line belongs to the ask before it; several ask blocks per file."""
    situation = build(
        "game fma\n"
        "ask who wins the battle?\n"
        "expect attackers\n"
        "ask which characters may the defending player defeat?\n"
        'expect "A" and "B"; "A" and "C"\n'
        "ask who is defeated?\n"
        'expect "A", "D"\n'
        "expect decided by some  rule\n"
        "ask who is defeated?\n"
        "expect 3\n"
        "expect NOBODY\n"
    )
    expectations = [[(e.kind, e.value) for e in q.expectations] for q in situation.questions]
    assert expectations == [
        [("word", "attackers")],
        [("quoted", (("A", "B"), ("A", "C")))],
        [("quoted", (("A", "D"),)), ("decided_by", "some rule")],
        [("number", 3), ("word", "nobody")],
    ]


def test_a_file_is_a_timeline() -> None:
    """A question sees only the facts written before it."""
    situation = build(
        'game bluemoon\nI play "A"\nask can I play "B"?\nI play "B"\nask can I play "C"?\n'
    )
    first, second = situation.questions
    assert [f.cards[0].name for f in situation.facts_before(first)] == ["A"]
    assert [f.cards[0].name for f in situation.facts_before(second)] == ["A", "B"]


def test_inline_card_definitions() -> None:
    """``card "Name" type (values, icons): "text"`` defines a card; \\" is a quote."""
    situation = build(
        'game bluemoon\ncard "Big One" character (fire 5, PROTECTED): '
        '"I must say \\"hello\\"."\ncard "Plain"\n'
    )
    big = situation.cards["big one"]
    assert (big.name, big.type, big.text) == ("Big One", "character", 'I must say "hello".')
    assert big.fields["fire"] == 5 and big.fields["icons"] == ["PROTECTED"]
    plain = situation.cards["plain"]
    assert (plain.type, plain.text) == ("", None)


def test_comments_blank_lines_crlf_and_curly_quotes() -> None:
    """Comments, blank lines, Windows line ends and curly quotes are all fine."""
    situation = build(
        "# header\r\n\r\ngame bluemoon   # which game\r\n"
        "I play \u201cSome Card\u201d\r\n  \r\nask must I retreat?\r\nexpect no"
    )
    assert [i.kind for i in situation.items] == ["play", "must_retreat"]
    assert situation.facts[0].cards[0].name == "Some Card"


def test_source_lines() -> None:
    """``source`` names the clauses a case encodes."""
    situation = build("game bluemoon\nsource some-id, other/id#2\nask must I retreat?\n")
    assert situation.sources == ("some-id", "other/id#2")


def test_inline_cards_resolve_without_the_corpus() -> None:
    """A card defined inline resolves to that definition, before any corpus card."""
    situation = parse_situation(
        'game bluemoon\ncard "Made Up" support: "Text."\n'
        'you have active "made up"\nask can I play "Made Up"?\n'
    )
    assert situation.facts[0].cards[0].card is not None
    assert situation.facts[0].cards[0].card.text == "Text."
    assert situation.questions[0].card.card is situation.facts[0].cards[0].card


def test_corpus_cards_resolve(whi_fixture: Path) -> None:
    """A corpus card resolves whatever the case and apostrophe style."""
    situation = parse_situation('game warhammer\nask what does "franz\u2019s decree" read?\n')
    card = situation.questions[0].card.card
    assert card is not None and card.name == "Franz's Decree"


def test_unknown_fma_characters_are_adhoc(tmp_path: Path) -> None:
    """In an FMA battle a name outside the corpus is an ad-hoc character, not an error."""
    (tmp_path / "fma").mkdir()
    (tmp_path / "fma" / "cards.jsonl").write_text("", encoding="utf-8")
    from conftest import corpus_at

    with corpus_at(tmp_path):
        situation = parse_situation('game fma\nattackers "A" (wits 2)\nask who wins the battle?\n')
    ref = situation.facts[0].cards[0]
    assert ref.adhoc and ref.card is None


NAMES = st.text(
    st.characters(
        blacklist_characters='"\\\n\r\u201c\u201d', blacklist_categories=("Cs", "Cc", "Zl", "Zp")
    ),
    min_size=1,
    max_size=20,
).filter(lambda s: s.strip() == s and s)
VALUE_NAMES = st.sampled_from(["fire", "earth", "moons", "capacity", "value"])  # Blue Moon's


@given(
    st.lists(
        st.tuples(
            NAMES,
            st.dictionaries(VALUE_NAMES, st.integers(0, 99), max_size=3),
            st.lists(st.sampled_from(["PROTECTED", "FREE", "STOP"]), max_size=2, unique=True),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_card_lists_round_trip(cards: list[tuple[str, dict[str, int], list[str]]]) -> None:
    """Writing cards back with ``CardRef.show`` and reading them again gives the same cards."""
    parts = []
    for name, values, flags in cards:
        inner = [f"{k} {v}" for k, v in values.items()] + flags
        parts.append(f'"{name}"' + (f" ({', '.join(inner)})" if inner else ""))
    fact = only("game bluemoon\nI have active " + ", ".join(parts))
    read = [(c.name, dict(c.values), list(c.flags)) for c in fact.cards]
    assert read == [(n, v, f) for n, v, f in cards]
    again = only("game bluemoon\nI have active " + ", ".join(c.show() for c in fact.cards))
    assert [(c.name, dict(c.values), c.flags) for c in again.cards] == [
        (c.name, dict(c.values), c.flags) for c in fact.cards
    ]
