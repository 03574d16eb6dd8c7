"""FAQ-style rulings about a set of cards: the game's question templates, asked and kept.

A game lists in ``corpus/<game>/rulings.toml`` the questions worth asking about one card
(``[[single]]``) or about two (``[[pair]]``: "{a}" may act on "{b}"), the card types each
applies to and when an answer is worth printing. Every question is a situation the judge
answers like any other, so each ruling can be re-run with ``rulesq ask``.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.engine.answer import Status
from rulesq.errors import RulesqError
from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from rulesq.corpus.models import Card, Clause
    from rulesq.engine.answer import Answer

KEEP_RULES = ("quotes-a", "cites", "verdict:")


@dataclass(frozen=True)
class Template:
    """One question about one card or an ordered pair of cards."""

    title: str
    situation: str
    keep: str
    a_types: tuple[str, ...] = ()
    b_types: tuple[str, ...] = ()
    ordered: bool = True

    def applies(self, a: Card, b: Card | None = None) -> bool:
        """Whether the cards are of the types the template is about."""
        fits_a = not self.a_types or a.type in self.a_types
        fits_b = b is None or not self.b_types or b.type in self.b_types
        return fits_a and fits_b

    def fill(self, game: str, a: Card, b: Card | None = None) -> tuple[str, str]:
        """The question's title and its situation text, for these cards."""
        names = {"a": a.name, "b": b.name if b is not None else ""}
        body = self.situation.strip().format(**names)
        return self.title.format(**names), f"game {game}\n{body}\n"

    def worth_keeping(self, answer: Answer, a: Card) -> bool:
        """Whether the answer is a ruling about these cards (conflicts always are)."""
        if answer.status is Status.CONFLICT:
            return True
        if not answer.answered or answer.verdict is None:
            return False
        if self.keep == "quotes-a":
            return any(effect["card"] == a.name for effect in answer.graph.effects())
        if self.keep == "cites":
            return bool(answer.citations())
        return answer.verdict.show() == self.keep.removeprefix("verdict:")


@dataclass
class Ruling:
    """A question asked about the cards, with its situation and answer."""

    title: str
    situation: str
    answer: Answer


@dataclass(frozen=True)
class OpenQuestion:
    """A question rulesq asked about the cards and could not answer, with why."""

    title: str
    situation: str
    reason: str


@dataclass
class Rulings:
    """The rulings about a set of cards, and the questions rulesq could not answer."""

    game: str
    cards: list[str]
    rulings: list[Ruling] = field(default_factory=list)
    open: list[OpenQuestion] = field(default_factory=list)
    asked: int = 0
    #: Clauses that name the cards (two of them, when several are given) and that no
    #: ruling cites: what the sources say about the cards beyond the questions asked.
    about: list[Clause] = field(default_factory=list)


def load_templates(game: str) -> tuple[list[Template], list[Template]]:
    """The game's ``[[single]]`` and ``[[pair]]`` templates."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        raise RulesqError(f"no ruling questions are written for {game} "
                          f"(corpus/{game}/rulings.toml)")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return ([_template(entry, path.name) for entry in data.get("single", [])],
            [_template(entry, path.name) for entry in data.get("pair", [])])


def _template(entry: dict[str, object], where: str) -> Template:
    keep = str(entry.get("keep", "quotes-a"))
    if not keep.startswith(KEEP_RULES):
        raise RulesqError(f"{where}: unknown keep rule '{keep}' (one of quotes-a, cites, "
                          "verdict:<word>)")
    return Template(
        title=str(entry["title"]), situation=str(entry["situation"]), keep=keep,
        a_types=_names(entry.get("a_types")), b_types=_names(entry.get("b_types")),
        ordered=bool(entry.get("ordered", True)),
    )


def _names(value: object) -> tuple[str, ...]:
    """A list of card types from the TOML (absent: any type)."""
    return tuple(map(str, value)) if isinstance(value, list) else ()


def questions(game: str, cards: Sequence[Card]) -> Iterator[tuple[Template, Card, str, str]]:
    """Every (template, card a, title, situation) the game's templates make of the cards."""
    singles, pairs = load_templates(game)
    for template in singles:
        for card in cards:
            if template.applies(card):
                yield (template, card, *template.fill(game, card))
    for template in pairs:
        combos = (itertools.permutations(cards, 2) if template.ordered
                  else itertools.combinations(cards, 2))
        for a, b in combos:
            if template.applies(a, b):
                yield (template, a, *template.fill(game, a, b))


def write_rulings(game: str, cards: Sequence[Card]) -> Rulings:
    """Ask every question about the cards; keep the rulings worth printing."""
    from rulesq.engine.dispatch import evaluate
    from rulesq.situation import parse_situation

    found = Rulings(game, [card.name for card in cards])
    for template, a, title, text in questions(game, cards):
        found.asked += 1
        try:
            answers = evaluate(parse_situation(text, f"<ruling: {title}>"))
        except RulesqError as error:
            found.open.append(OpenQuestion(title, text, str(error)))
            continue
        for answer in answers:
            if template.worth_keeping(answer, a):
                found.rulings.append(Ruling(title, text, answer))
            elif answer.status is Status.CANNOT:
                found.open.append(OpenQuestion(title, text, answer.reason))
    cited = {c["clause_id"] for ruling in found.rulings for c in ruling.answer.citations()}
    found.about = [c for c in clauses_naming(game, cards) if c.id not in cited]
    return found


def clauses_naming(game: str, cards: Sequence[Card]) -> list[Clause]:
    """The clauses whose ``card``/``cards`` name the card (two of the cards, when several)."""
    from rulesq.corpus.load import load_corpus, normalise_name

    wanted = {normalise_name(card.name) for card in cards}
    need = min(2, len(wanted))
    found = []
    for clause in load_corpus(game).clauses.values():
        names = clause.extra.get("cards") or []
        named = {normalise_name(str(n)) for n in [clause.extra.get("card"), *names] if n}
        if len(named & wanted) >= need:
            found.append(clause)
    return found
