"""One effect core for all games: the card grammars import grammar/effects.lark, never copy it."""

from __future__ import annotations

import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from rulesq.effects.grammar import load_grammar
from rulesq.paths import grammar_dir

CARD_GRAMMARS = ("bluemoon", "fma", "warhammer")
_DEFINITION = re.compile(r"^[?!]?(\w+)(?:\.\d+)?\s*:", re.M)


def _source(name: str) -> str:
    return (grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")


def _defined(name: str) -> set[str]:
    """The rules and terminals a grammar file defines itself (not imported, not extended)."""
    text = re.sub(r"//[^\n]*", "", _source(name))
    return set(_DEFINITION.findall(text))


def _parser(game: str) -> Any:
    if game == "warhammer":
        from rulesq.games.warhammer.parse import parser as warhammer_parser

        return warhammer_parser()
    if game == "fma":
        from rulesq.games.fma.parse import parser

        return parser()
    return load_grammar(game)


def test_the_core_defines_the_shared_shapes() -> None:
    shared = _defined("effects")
    assert {"number", "quantity", "q_up_to", "q_any_number", "q_each_of", "_TO"} <= shared


@pytest.mark.parametrize("game", CARD_GRAMMARS)
def test_card_grammar_imports_the_core(game: str) -> None:
    """The game grammar imports the shared shapes and defines none of them again."""
    source = _source(game)
    assert re.search(r"^%import \.effects \(.*\bquantity\b", source, re.M)
    assert re.search(r"^%import \.effects \(.*\bnumber\b", source, re.M)
    assert _defined(game) & _defined("effects") == set()


@pytest.mark.parametrize("game", CARD_GRAMMARS)
def test_shared_rules_keep_their_names(game: str) -> None:
    """Every rule of the core is in the built parser under its own name, none renamed by
    the import (a renamed rule would reach the reader as ``effects__…``)."""
    lark = _parser(game)
    rules = {str(r.origin.name) for r in lark.rules}
    aliases = {str(r.alias) for r in lark.rules if r.alias}
    names = rules | aliases | {t.name for t in lark.terminals}
    assert not [n for n in names if "effects__" in n.lower()]
    shared_rules = {n for n in _defined("effects") if n.islower()}
    assert shared_rules - {"quantity"} <= rules  # "?quantity" is inlined


def _reader_methods(game: str) -> set[str]:
    if game == "warhammer":  # its reader reads each shared quantity by its rule's name
        from rulesq.games.warhammer.reader import _QUANTITY

        return {*_QUANTITY, "number"}
    if game == "fma":
        from rulesq.games.fma.parse import _transformer_class

        return set(dir(_transformer_class()))
    from rulesq.games.bluemoon.reader import Reader

    return set(dir(Reader))


@pytest.mark.parametrize("game", CARD_GRAMMARS)
def test_each_game_reads_every_shared_shape(game: str) -> None:
    """Each shared rule that reaches the tree has a method in the game's reader."""
    shared = {n for n in _defined("effects") if n.islower() and n != "quantity"}
    assert shared - _reader_methods(game) == set()


def _words(terminal: Any) -> list[str]:
    """The keyword(s) a shared keyword terminal reads: ``/[Aa]n?\\b/`` -> a, an."""
    pattern = terminal.pattern.value
    body = pattern.replace("\\b", "")
    found = re.sub(r"\[(\w)\w\]", r"\1", body).lower()
    return [found.replace("n?", ""), found.replace("n?", "n")] if "n?" in found else [found]


@pytest.mark.parametrize("game", CARD_GRAMMARS)
def test_no_state_reads_a_shared_keyword_two_ways(game: str) -> None:
    """Where the parser accepts a shared keyword, no other terminal reads the same word in
    lower case (a game's own "to"i would lose to the core's keyword): the contextual lexer
    never has to choose. (Capitalised names may: Blue Moon's keywords outrank its NAME.)"""
    lark = _parser(game)
    by_name = {t.name: t for t in lark.terminals}
    core = load_grammar("effects", start="quantity")
    keywords = [t for t in core.terminals if t.name.startswith("_")]
    assert keywords
    aliases = {by_name[n].pattern.value: n for n in by_name}
    states = lark.parser.parser.parser.parse_table.states
    clashes = set()
    for keyword in keywords:
        name = aliases[keyword.pattern.value]
        for word in _words(keyword):
            readers = {
                n
                for n, t in by_name.items()
                if n != name and re.fullmatch(t.pattern.to_regexp(), word)
            }
            for actions in states.values():
                if name in actions and readers & set(actions):
                    clashes.add((word, name, tuple(sorted(readers & set(actions)))))
    assert clashes == set()


@pytest.mark.parametrize("game", CARD_GRAMMARS)
def test_cached_tables_depend_on_the_core(game: str, tmp_path: Path) -> None:
    """Lark's table cache records effects.lark among the files it read, so editing the core
    rebuilds every card grammar's tables."""
    from lark import Lark

    cache = tmp_path / f"{game}.lark-cache"
    Lark.open(str(grammar_dir() / f"{game}.lark"), parser="lalr", cache=str(cache))
    with cache.open("rb") as f:
        f.readline()
        used = pickle.load(f)
    assert any(str(getattr(path, "path", path)).endswith("effects.lark") for path in used)


def test_both_games_use_the_shared_python_core() -> None:
    """Blue Moon re-exports the shared classes (the judge imports them from there); FMA's
    possessives and pronouns point at the shared roles."""
    from rulesq.effects import quantity, roles, words
    from rulesq.games.bluemoon import selectors, vocab
    from rulesq.games.fma import effects as fx

    assert selectors.Quantity is quantity.Quantity and selectors.Q is quantity.Q
    assert vocab.Role is roles.Role and vocab.number_word is words.number_word
    assert fx.number_word is words.number_word
    assert fx.Possessive("your").role is roles.Role.CONTROLLER
    assert fx.Possessive("his").role is roles.Role.OPPONENT
    assert fx.Possessive("their").role is None
    assert fx.Pronoun("he").role is roles.Role.OPPONENT
    assert roles.Role.OPPONENT.possessive == "your"
    assert roles.Role.OPPONENT.second_person == ("he", "his")


def test_fma_effects_surface_matches_its_modules() -> None:
    """``rulesq.games.fma.effects`` gathers the vocabulary modules; it defines nothing itself."""
    import inspect

    from rulesq.games.fma import effects as fx

    own = [
        n
        for n, v in vars(fx).items()
        if (inspect.isclass(v) or inspect.isfunction(v)) and v.__module__ == fx.__name__
    ]
    assert own == []
    assert set(fx.__all__) <= set(vars(fx))
