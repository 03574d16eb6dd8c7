"""The statement and question forms of a game's situations, and the nearest form to a line.

Each game lists its forms in ``corpus/<game>/forms.toml``: the grammar rule, one example and
what it says or answers (``also``: other ways to say it). ``rulesq forms`` prints them; a
syntax error shows the forms most like the line, its names, numbers and words filled in.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from collections.abc import Callable


@dataclass(frozen=True)
class Form:
    """One form of the language: its rule, an example, what it says, other wordings."""

    rule: str
    example: str
    says: str
    also: tuple[str, ...] = ()
    #: Lines an example needs before it (a character it names), for the test that runs it.
    given: tuple[str, ...] = ()

    @property
    def is_question(self) -> bool:
        """Whether the form is a question (an ``ask`` line)."""
        return self.rule.startswith("ask_")


#: The calls an ``expect`` line may make, each with what it checks (every game's, after its
#: forms in ``rulesq forms``; the nearest to an ``expect`` line that does not parse).
CALLS = (
    ("expect yes", "the verdict is yes (no, nobody, a game's words: me, fire, attackers …)"),
    ("expect 7", "the verdict is that number"),
    ('expect "A", "B"', "the cards are those (a quoted text: the answer contains it)"),
    ("expect decided by you may not", "that ladder step, or that clause, decided"),
    ('expect because "Card"', "that card's text decided"),
    ("expect cannot answer", "rulesq cannot answer"),
    (
        'expect cannot answer because "Card"',
        "rulesq cannot answer, and its reason names that card (unquoted words instead: "
        "its reason holds them, as in expect cannot answer because whose turn it is)",
    ),
    ("expect conflict", "two rules of the same rank disagree"),
)


@cache
def _forms_file(game: str) -> dict[str, Any]:
    """The game's forms.toml, read once (forms and synonyms alike come from this one read)."""
    import tomllib

    path = corpus_dir() / game / "forms.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def forms_of(game: str) -> tuple[Form, ...]:
    """The forms of ``game`` (none when the game lists none)."""
    return tuple(
        Form(
            str(f["rule"]),
            str(f["example"]),
            str(f["says"]),
            tuple(str(a) for a in f.get("also", ())),
            tuple(str(g) for g in f.get("given", ())),
        )
        for f in _forms_file(game).get("form", ())
    )


def near_words_of(game: str) -> dict[str, frozenset[str]]:
    """Words a judge may mean by a word of his line (``[near]`` of the game's forms.toml).

    Unlike a synonym, the line's word is kept: it suggests the forms of either word
    (Blue Moon's "power" is a player's total power, or a card's value).
    """
    near = _forms_file(game).get("near", {})
    return {
        str(word).lower(): frozenset(str(w).lower() for w in words) for word, words in near.items()
    }


def near_because(game: str, word: str) -> str:
    """Why a judge's ``word`` is near another (``[near_because]`` of forms.toml), cited.

    ``says`` in the forms' words, then the clause's alias and its quotes, each verbatim
    (a test finds every one in its clause's text); ``""`` when the game gives no reason.
    """
    because = _forms_file(game).get("near_because", {}).get(word.lower())
    if not because:
        return ""
    quotes = " … ".join(f'"{quote}"' for quote in because["quotes"])
    return f"{because['says']}: {quotes} ({because['alias']})"


def nearest_of_kind(line: str, game: str, kind: str, limit: int = 2) -> list[str]:
    """The question forms nearest ``line`` that give a ``kind`` of answer (``number``)."""
    return nearest(
        line,
        game,
        limit=limit,
        cutoff=0.0,
        only=lambda form: form.is_question and _answer_kind(form) == kind,
    )


def synonyms_of(game: str) -> dict[str, str]:
    """Words a judge uses for a word of the game's forms (``[synonyms]`` of its forms.toml)."""
    return {str(k).lower(): str(v) for k, v in _forms_file(game).get("synonyms", {}).items()}


_TOKEN = re.compile(r'"[^"\n]*"|\u201c[^\u201d\n]*\u201d|\d+|[A-Za-z][A-Za-z/\'-]*|\S')


def _tokens(line: str) -> list[str]:
    return _TOKEN.findall(line.strip())


#: Words that stand for a player: compared as one slot, filled in with the line's own.
PLAYERS = frozenset({"i", "you"})
OWNERS = frozenset({"my", "your"})


def _shape(
    tokens: list[str],
    vocabulary: frozenset[str] = frozenset(),
    classes: tuple[frozenset[str], ...] = (),
) -> list[str]:
    """Tokens with names, numbers and players as slots, words in lower case (for likeness).

    A word of the line that is not in ``vocabulary`` (the examples' words) is read as the
    closest word that is, if one is close: "actve" compares as "active".
    """
    out = []
    for token in tokens:
        word = token.lower()
        if token[0] in '"\u201c':
            out.append('"')
        elif token.isdigit():
            out.append("#")
        elif word in PLAYERS:
            out.append("@")
        elif word in OWNERS:
            out.append("$")
        elif any(word in words for words in classes):
            out.append("%" + str(next(i for i, w in enumerate(classes) if word in w)))
        elif vocabulary and word not in vocabulary:
            out.append(_respelt_word(word, vocabulary))
        else:
            out.append(word)
    return out


def _respelt_word(word: str, vocabulary: frozenset[str]) -> str:
    """The word of ``vocabulary`` a misspelt ``word`` stands for, else ``word`` itself.

    A whole word is no misspelling of a compound holding it: "power" is not "power-up".
    """
    for close in difflib.get_close_matches(word, vocabulary, n=3, cutoff=0.75):
        if word not in close.split("-"):
            return close
    return word


@cache
def _vocabulary(game: str) -> frozenset[str]:
    """Every word of the game's examples."""
    return frozenset(
        t.lower()
        for form in forms_of(game)
        for example in (form.example, *form.also)
        for t in _tokens(example)
    )


def forget() -> None:
    """Forget the forms read (the corpus folder they were read from has changed)."""
    for read in (_forms_file, forms_of, _vocabulary, _weights):
        read.cache_clear()


def _unquoted_names(
    line: list[str], example: list[str], game: str, classes: tuple[frozenset[str], ...]
) -> dict[int, str]:
    """The example's name slots that the line fills with a name it forgot to quote.

    A run of the line's words stands where the example has a quoted name, each name of it
    (commas part them) begins with a capital (not "I"): ``ask what does Some Card read?``
    fills ``"Some Card"``.
    """
    mine = _shape(line, _vocabulary(game), classes)
    theirs = _shape(example, classes=classes)
    slots: dict[int, str] = {}
    matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace" or theirs[j1:j2] != ['"']:
            continue
        names = " ".join(line[i1:i2]).replace(" ,", ",").split(", ")
        if all(_NAME.fullmatch(n) and n.split()[0] != "I" for n in names):
            slots[j1] = ", ".join(f'"{n}"' for n in names)
    name_slots = [index for index, shape in enumerate(theirs) if shape == '"']
    if not slots and len(name_slots) == 1 and '"' not in mine:
        # The name stands elsewhere than the example's ("what is Some Card strength?"): the
        # line's one run of capitalised words (not its first word, not "I") is the name.
        runs = [run for run in _CAPITALISED.findall(" ".join(line[1:])) if run != "I"]
        if len(runs) == 1:
            slots[name_slots[0]] = f'"{runs[0]}"'
    return slots


#: A run of capitalised words of a line (a name left unquoted, or "I").
_CAPITALISED = re.compile(r"[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*")


#: Words a card name may be written as without quotes: the first one capitalised.
_NAME = re.compile(r"[A-Z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*")


def _fill(example: str, line: str, classes: tuple[frozenset[str], ...], game: str = "") -> str:
    """The example with the line's own names, numbers and class words (fire, earth …)."""
    mine = _tokens(line)
    names = [t for t in mine if t[0] in '"\u201c']
    numbers = [t for t in mine if t.isdigit()]
    players = [t for t in mine if t.lower() in PLAYERS]
    owners = [t for t in mine if t.lower() in OWNERS]
    words = {t.lower() for t in mine}
    theirs = _tokens(example)
    unquoted = _unquoted_names(mine, theirs, game, classes) if game else {}
    out = []
    for index, token in enumerate(theirs):
        if index in unquoted:
            token = unquoted[index]
        elif token[0] in '"\u201c' and names:
            token = names.pop(0)
        elif token.isdigit() and numbers:
            token = numbers.pop(0)
        elif token.lower() in PLAYERS and players:
            token = "I" if players[0].lower() == "i" else players[0]
            players.pop(0)
        elif token.lower() in OWNERS and owners:
            token = owners.pop(0)
        else:
            for words_of_class in classes:
                if token.lower() in words_of_class:
                    swap = sorted((words & words_of_class) - {token.lower()}) or _respelt(
                        words, words_of_class
                    )
                    if swap and swap[0] != token.lower():
                        token = swap[0].upper() if token.isupper() else swap[0]
        out.append(token)
    text = " ".join(out)
    return re.sub(r" ([?,)])", r"\1", text).replace("( ", "(")


def _respelt(words: set[str], choices: frozenset[str]) -> list[str]:
    """The choice a misspelt word stands for ("erth": earth), if the line names none."""
    if words & choices:
        return []
    for word in sorted(words):
        close = difflib.get_close_matches(word, choices, n=1, cutoff=0.75)
        if close:
            return close
    return []


#: The slots of a shape (a name, a player, an owner, a number): filled in, they are no words.
_SLOTS = frozenset({'"', "@", "$", "#"})

#: A card and a player are alike at the start of a line: each is who acts ("X" attacks, I attack).
_WHO = frozenset({'"', "@"})


@cache
def _weights(game: str, classes: tuple[frozenset[str], ...]) -> dict[str, float]:
    """How much each word of the examples tells a form apart: rarer words weigh more.

    A word in every question (``ask``, ``?``, a name's slot) weighs little; ``deck`` or
    ``attack``, in a few forms, weighs much (the inverse of the share of examples holding it).
    """
    import math

    shapes = [
        set(_shape(_tokens(example), classes=classes))
        for form in forms_of(game)
        for example in (form.example, *form.also)
    ]
    counts: dict[str, int] = {}
    for shape in shapes:
        for word in shape:
            counts[word] = counts.get(word, 0) + 1
    frame = _frame_words()
    return {
        word: math.log(1 + len(shapes) / count) * (FRAME_SHARE if word in frame else 1.0)
        for word, count in counts.items()
    }


#: The share of its weight a frame word keeps (``how``, ``much``, ``does``, ``the``).
FRAME_SHARE = 0.25


def _frame_words() -> frozenset[str]:
    """The common English words a question is framed with, not what it asks about.

    They are the words a search drops (``corpus/search.toml``): rare as they may be among a
    game's examples (``much`` is in two), they tell the form a judge meant less than the
    word the line asks about (``power``, ``deck``) does.
    """
    from rulesq.corpus.query import query_words

    return query_words().stop_words | _QUESTION_MARKS


#: What makes a line a question, whatever it asks: frame words as well.
_QUESTION_MARKS = frozenset({"ask", "?"})


def _likeness(line: list[str], form: list[str], weights: dict[str, float]) -> float:
    """How much of the line's words the form holds, in order, each by its weight (0 to 1).

    The weight of the heaviest common subsequence over the line's: a form that holds the
    line's telling words (``deck``, ``attack``) outranks one that holds only its frame (``ask
    can "X" … ?``). Slots (names, players, numbers) and words no example holds weigh nothing.
    """
    previous = [0.0] * (len(form) + 1)
    for word in line:
        current = [0.0]
        for column, theirs in enumerate(form):
            best = max(previous[column + 1], current[column])
            if word == theirs:
                best = max(best, previous[column] + _weight(word, weights))
            current.append(best)
        previous = current
    total = sum(_weight(word, weights) for word in line)
    return previous[-1] / total if total else 0.0


#: What a question form loses when it answers another kind than the line asks (a number
#: for a yes/no).
OTHER_KIND = 0.1
#: What a form loses when the line names a card and the form has no place for one (filled
#: in, it would drop the card the judge asks about).
NO_CARD = 0.15
#: The words a question's kind of answer is told by, its first word after ``ask``.
_YES_NO = frozenset({"can", "may", "must", "is", "are", "does", "do", "did"})
_NUMBER = frozenset({"many", "much"})


def _asked_kind(shape: list[str]) -> str | None:
    """The kind of answer a question line asks for (``yes/no``, ``number``), or None.

    ``can …``, ``is …`` ask yes or no, ``how many …`` a number; ``what …`` and a statement
    tell no kind.
    """
    words = shape[1:] if shape[:1] == ["ask"] else shape
    if words[:1] and words[0] in _YES_NO:
        return "yes/no"
    if words[:1] == ["how"] and words[1:2] and words[1] in _NUMBER:
        return "number"
    return None


def _answer_kind(form: Form) -> str | None:
    """The kind of answer a question form gives, as its ``says`` begins (``yes/no: …``)."""
    kind = form.says.split(":", 1)[0]
    return kind if kind in ("yes/no", "number") else None


def _as_near(line: list[str], form: list[str], near: dict[str, frozenset[str]]) -> list[str]:
    """The line with each word the form lacks read as a word it is near that the form holds.

    Blue Moon's "power" of a card is its "value" (``[near]`` of forms.toml): ``ask how much
    power does "X" have?`` holds the value form's telling word, as it holds total power's.
    """
    held = set(form)
    return [
        word if word in held else next((w for w in sorted(near.get(word, ())) if w in held), word)
        for word in line
    ]


def _same_start(line: list[str], form: list[str], weights: dict[str, float]) -> float:
    """The share (by weight) of the line that the form starts with, word for word.

    A line is typed from its start, and read until a word fails: a form that goes on as the
    line does (``ask can "X" attack`` in ``ask can I attack …``) is nearer than one that only
    holds the line's words further on (``ask can "X" defend this attack?``).
    """
    same = 0.0
    for mine, theirs in zip(line, form, strict=False):
        if mine != theirs and not {mine, theirs} <= _WHO:
            break
        same += _weight(mine, weights)
    total = sum(_weight(word, weights) for word in line)
    return same / total if total else 0.0


def _weight(word: str, weights: dict[str, float]) -> float:
    """A word's weight: none for a slot (a name, a player, a number) or a word no form holds."""
    return 0.0 if word in _SLOTS else weights.get(word, 0.0)


def nearest(
    line: str,
    game: str,
    classes: tuple[frozenset[str], ...] = (),
    limit: int = 2,
    cutoff: float = 0.45,
    check: Callable[[str], bool] | None = None,
    only: Callable[[Form], bool] | None = None,
) -> list[str]:
    """The forms most like ``line`` (best first), filled in with the line's own words.

    A form's likeness is the shapes' ratio, with how much of the line's words it holds (rare
    words weighing more) and how far it starts as the line does (:func:`_likeness`,
    :func:`_same_start`). With ``check`` (does a line parse?), a filled-in form that does not
    parse is shown as its example instead: a suggestion is always a line the language reads.
    With ``only``, the forms it refuses are never offered.
    """
    words = synonyms_of(game)
    shape = _shape([words.get(t.lower(), t) for t in _tokens(line)], _vocabulary(game), classes)
    if not shape:
        return []
    weights = _weights(game, classes)
    # a capitalised word no example holds is part of a name left unquoted ("Tear Gas"),
    # not a misspelt word ("Gas" read as "as"): it tells no form apart
    vocabulary = _vocabulary(game)
    as_typed = [
        token.lower() if token[0].isupper() and token.lower() not in vocabulary else word
        for token, word in zip(_tokens(line), shape, strict=True)
    ]
    near = near_words_of(game)
    kind = _asked_kind(shape)
    scored: list[tuple[float, float, int, str]] = []
    for index, form in enumerate(forms_of(game)):
        if only is not None and not only(form):
            continue
        for example in (form.example, *form.also):
            other = _shape(_tokens(example), classes=classes)
            ratio = difflib.SequenceMatcher(None, shape, other).ratio()
            held = _likeness(_as_near(as_typed, other, near), other, weights)
            likeness = (ratio + held) / 2
            likeness += _same_start(shape, other, weights) / 2
            if likeness >= cutoff:
                if kind and form.is_question and _answer_kind(form) not in (None, kind):
                    likeness -= OTHER_KIND
                if '"' in shape and '"' not in other:
                    likeness -= NO_CARD
                scored.append((-likeness, -ratio, index, example))
    scored.sort()
    out: list[str] = []
    for *_, example in scored:
        filled = _fill(example, line, classes, game)
        if check is not None and not check(filled):
            filled = example
        if filled.lower() != line.strip().lower() and filled not in out:
            out.append(filled)
        if len(out) == limit:
            break
    return out


def unsaid_words(line: str, game: str, classes: tuple[frozenset[str], ...] = ()) -> list[str]:
    """The words of ``line`` that no form of ``game`` says, nor a misspelling of one.

    Only the words a line asks about count: not a frame word (``how``, ``does``), a name, a
    number, a player, a word of a choice (an element), a capitalised word (part of a name
    left unquoted), nor a word a judge may use for a form's (``[synonyms]``, ``[near]``).
    ``ask how much power does "X" have?`` in FMA, whose cards have no power, gives
    ``["power"]``: the nearest forms shown are then no form of what the judge asked.
    """
    vocabulary = _vocabulary(game)
    known = vocabulary | _frame_words() | synonyms_of(game).keys() | near_words_of(game).keys()
    out: list[str] = []
    for token in _tokens(line):
        word = token.lower()
        if (
            word in known
            or not token[0].isalpha()
            or token[0].isupper()
            or word in PLAYERS | OWNERS
            or any(word in words for words in classes)
            or _respelt_word(word, vocabulary) != word
        ):
            continue
        if word not in out:
            out.append(word)
    return out


def nearest_calls(line: str, limit: int = 2) -> list[str]:
    """The ``expect`` calls most like ``line`` (best first), with the line's quoted name.

    A word of the line close to a word of the calls is read as that word (``becuase`` as
    ``because``); a call with a quoted name takes the line's first one.
    """
    vocabulary = sorted({w for example, _ in CALLS for w in _tokens(example) if w[0].isalpha()})
    shape = []
    for token in _tokens(line):
        word = token.lower()
        if token[0] in '"\u201c':
            shape.append('"')
        elif token.isdigit():
            shape.append("#")
        else:
            # a short word is no slip for a longer one ("no" is not "not")
            close = difflib.get_close_matches(word, vocabulary, n=1, cutoff=0.75)
            close = close if len(word) > 3 or word in close else []
            shape.append(close[0] if close else word)
    names = [t for t in _tokens(line) if t[0] in '"\u201c']
    scored: list[tuple[float, int, str]] = []
    for index, (example, _) in enumerate(CALLS):
        other = ['"' if t[0] == '"' else "#" if t.isdigit() else t for t in _tokens(example)]
        other = [t for i, t in enumerate(other) if not (t == "," and other[i - 1] == '"')]
        ratio = difflib.SequenceMatcher(None, shape, other).ratio()
        said = [w for w in shape[1:] if w in vocabulary]  # the call's own words the line says
        ratio += 0.5 * sum(w in other for w in said) / len(said) if said else 0.0
        if ratio >= 0.5:
            scored.append((-ratio, index, example))
    out: list[str] = []
    for _, _, example in sorted(scored):
        filled = example
        if names and example.startswith("expect decided by"):  # a step is written unquoted
            filled = "expect decided by " + names[0][1:-1]
        elif names:
            filled = re.sub(r'"[^"]*"(, "[^"]*")?', names[0], example)
        if filled.lower() != " ".join(line.split()).lower() and filled not in out:
            out.append(filled)
        if len(out) == limit:
            break
    return out
