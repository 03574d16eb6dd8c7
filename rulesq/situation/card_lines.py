"""A card line gives only what the sources leave unknown (not another text of a corpus card)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import InputError

if TYPE_CHECKING:
    from rulesq.corpus.load import Corpus
    from rulesq.corpus.models import Card
    from rulesq.situation.model import Situation

#: The quotes and spaces a text may be written with, read alike.
_ALIKE = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def check(situation: Situation, corpus: Corpus) -> None:
    """An input error at a card line whose text differs from the one the sources give the card.

    The sources give the text of a corpus card (in force after its errata, or a ruling's): a
    card line of the same name with another text (the printed one of an errata'd card, say)
    states what no game reaches, in every game; so does one that leaves out a part of the text
    they give (a passive text, an activated ability), or gives a value or type other than
    theirs (``_values``). A card line of the same text, or of a card whose text the sources
    never give, is read as written. A card line that agrees with the sources adds to them
    (``_kept``): what it leaves out is still what the sources give.
    """
    for name, card in situation.cards.items():
        known = corpus.find_card(card.name)
        if known is None:
            continue
        if card.text is not None:
            _parts(situation, known, card.text)
        if card.text is None or known.text is None or _alike(known.text) == _alike(card.text):
            _values(situation, known, card)
            situation.cards[name] = _kept(known, card)
            continue
        errata = f" ({', '.join(known.errata)})" if known.errata else ""
        raise _refused(
            situation,
            card.name,
            f'the sources give the text of "{known.name}"{errata}: "{known.text}"; a '
            "situation states only what the sources leave unknown",
        )


def _parts(situation: Situation, known: Card, text: str) -> None:
    """An input error at a card line whose text leaves out a part the sources give the card."""
    for part in known.fields.get("text_parts") or ():
        given = str(part.get("text") or "")
        if given and _alike(given) not in _alike(text):
            raise _refused(
                situation,
                known.name,
                f'the sources give the {part.get("part")} of "{known.name}" '
                f'({part.get("clause")}): "{given}"; a card line gives the card\'s text with it',
                "Write that part into the card line's text, or leave the line out",
            )


def _values(situation: Situation, known: Card, card: Card) -> None:
    """An input error at a card line that gives a value or a type other than the sources give.

    A card line's parentheses (``unit (cost 2)``) give the card's values; the sources' own
    value of the same name (a cost, say) is in force, as its text is.
    """
    given = {"type": card.type} | {k: v for k, v in card.fields.items() if k != "inline"}
    for name, value in given.items():
        if value in (None, ""):
            continue  # not given (a card line with no type)
        theirs = known.type if name == "type" else _value(known, name)
        if theirs in (None, "") or _alike(str(theirs)) == _alike(str(value)):
            continue
        raise _refused(
            situation,
            known.name,
            f'the sources give the {name} of "{known.name}": {theirs}, not {value}; a '
            "situation states only what the sources leave unknown",
        )


def _value(known: Card, name: str) -> object:
    """The sources' value ``name`` of a card: a field, or one of a group of them (attributes)."""
    found = known.fields.get(name)
    if found is not None:
        return found
    groups = [
        v
        for k, v in known.fields.items()
        if k != "field_sources" and isinstance(v, dict) and name in v
    ]
    return groups[0][name] if groups else None


def _kept(known: Card, card: Card) -> Card:
    """The corpus card with what an agreeing card line adds: the values the sources leave out.

    The sources' text, errata, values and rulings' fields stay in force (a card line that left
    out a printed value or a ruling's field made it unknown, or lost it); the line's own values
    and words (and its text, of a card whose text the sources never give) are added, and the
    card stays one of a card line (``inline``: its words are read). A line that gives no text
    the sources lack is ``restated``: what the sources leave unknown of the card (its keywords,
    its text) is still unknown, where a card line with its own text is the whole card.
    """
    fields = {**known.fields, **{k: v for k, v in card.fields.items() if v not in (None, "")}}
    given = known.text is None and card.text is not None  # the text the sources never give
    text, printed = (card.text, card.printed_text) if given else (known.text, known.printed_text)
    if not given:  # the line restates the card: it is not the whole card, as an invented one is
        fields["restated"] = True
    return replace(
        known, type=known.type or card.type, text=text, printed_text=printed, fields=fields
    )


def _refused(
    situation: Situation,
    name: str,
    message: str,
    suggestion: str = "Leave the card line out (the card reads as the sources give it), or "
    "give an invented card a name of its own",
) -> InputError:
    """The input error at the card line of ``name``: ``message``, and what to write instead."""
    line, column = _card_line(situation.text, name)
    return InputError(
        message, situation.source, situation.text, line, column, suggestion=suggestion
    )


def _alike(text: str) -> str:
    """A text with its quotes and spaces read alike, and its case."""
    return " ".join(text.translate(_ALIKE).split()).casefold()


def _card_line(text: str, name: str) -> tuple[int, int]:
    """The line and column of the card line's name (1, 1 if it cannot be found)."""
    wanted = normalise_name(name)
    for number, line in enumerate(text.splitlines(), start=1):
        found = re.match(r'\s*card\s+"([^"]*)"', line, flags=re.I)
        if found and normalise_name(found[1]) == wanted:
            return number, found.start(1)
    return 1, 1
