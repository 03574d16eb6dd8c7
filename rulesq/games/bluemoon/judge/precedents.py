"""FAQ precedents for an answer: the FAQ answers whose derivations share its decisive structure.

Every encoded FAQ case (``corpus/<game>/cases/**``) is answered once and its answer kept as a
:class:`Key`: the question kind and what it asks about, the ladder step that decided, the
kinds of rule that won and lost, the rule clauses it rests on, the verdict, the roles of the
cards (whose, which type) and the cards. A new answer's precedents are the FAQ answers the
cases encode whose keys share a *decisive* part with its own (the step, a kind that won or
lost, a rule clause), ranked by how much of the structure they share (a weighted overlap of
the two keys over their union), then by cards in common. A case's ``source`` line only says
which FAQ answer the case encodes; it plays no part in the ranking. The index is built on
first use and cached as texts (its postings, each entry's ranking data and key, each decoded
when a look-up first wants it), keyed by the contents of the game's corpus and cases, the
grammars and the code that answers them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from rulesq.cachefiles import CacheProblem, warn_once

if TYPE_CHECKING:
    from pathlib import Path

    from rulesq.corpus import Clause, Corpus
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.explain.graph import Derivation
    from rulesq.situation.model import Fact

#: What each part of a key weighs in the ranking.
WEIGHTS = {
    "kind": 4.0,
    "step": 4.0,
    "won": 2.0,
    "lost": 2.0,
    "rule": 2.0,
    "asked": 1.5,
    "verdict": 1.0,
    "role": 0.5,
    "nostep": 1.0,
}
#: The parts that make a precedent: one that shares none of them (nor both the question kind
#: and the deciding step, the game rules' included) is not cited.
DECISIVE = frozenset({"step", "won", "lost", "rule"})
#: How many precedents an answer cites.
LIMIT = 2
#: The rule kinds in words (for saying why a precedent applies).
KIND_WORDS = {
    "i_must": 'an "I must" text',
    "ignore": "an ignore",
    "you_may_not": 'a "you may not" text',
    "card_text": "a card's text",
    "game_rule": "the game rules",
}


@dataclass(frozen=True)
class Key:
    """The derivation of one answer, as the parts precedents are matched on."""

    kind: str
    asked: frozenset[str] = frozenset()
    step: str | None = None
    won: frozenset[str] = frozenset()
    lost: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    verdict: str = ""
    roles: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()

    def weight(self) -> float:
        """The sum of the weights of the key's features."""
        held: float | None = self.__dict__.get("_weight")
        if held is None:
            held = self.__dict__["_weight"] = sum(self.features().values())
        return held

    def features(self) -> dict[str, float]:
        """The structural parts as weighted features (cards apart: they break ties)."""
        held: dict[str, float] | None = self.__dict__.get("_features")
        if held is None:
            held = self.__dict__["_features"] = self._features()
        return held

    def _features(self) -> dict[str, float]:
        found = {
            f"kind:{self.kind}": WEIGHTS["kind"],
            f"verdict:{self.verdict}": WEIGHTS["verdict"],
        }
        if self.step is not None:
            found[f"step:{self.step}"] = WEIGHTS["step"]
        else:
            found["nostep:"] = WEIGHTS["nostep"]
        for part in ("asked", "won", "lost", "rules", "roles"):
            name = part.removesuffix("s") if part in ("rules", "roles") else part
            for value in sorted(getattr(self, part)):  # sets: sorted, so every process agrees
                found[f"{name}:{value}"] = WEIGHTS[name]
        return found

    def to_json(self) -> dict[str, Any]:
        """The key as cache data."""
        return {
            "kind": self.kind,
            "asked": sorted(self.asked),
            "step": self.step,
            "won": sorted(self.won),
            "lost": sorted(self.lost),
            "rules": sorted(self.rules),
            "verdict": self.verdict,
            "roles": sorted(self.roles),
            "cards": sorted(self.cards),
        }

    @classmethod
    def from_json(cls, data: object) -> Key:
        """A key from cache data (ValueError when it is not one)."""
        if type(data) is not dict or data.keys() != _KEY_NAMES:
            raise ValueError("not a key")
        kind, step, verdict = data["kind"], data["step"], data["verdict"]
        if type(kind) is not str or type(verdict) is not str:
            raise ValueError("not a key")
        if step is not None and type(step) is not str:
            raise ValueError("not a key")
        for name in _KEY_SETS:
            value = data[name]
            if type(value) is not list or not _strings(value):
                raise ValueError("not a key")
        # The fields set at once, in order, as ``__init__`` sets them (it only sets them): a
        # cold ask reads the 549 keys of the Blue Moon index, and the call of ``__init__``
        # was about half of each key's reading.
        key = object.__new__(cls)
        key.__dict__.update(
            {
                name: (data[name] if name in _KEY_PLAIN else frozenset(data[name]))
                for name in KEY_FIELDS
            }
        )
        return key


def _strings(values: list[Any]) -> bool:
    """Whether every item of a list is a string (checked without a Python loop)."""
    return set(map(type, values)) <= _STR


_STR = {str}
KEY_FIELDS = ("kind", "asked", "step", "won", "lost", "rules", "verdict", "roles", "cards")
_KEY_NAMES = frozenset(KEY_FIELDS)
_KEY_PLAIN = frozenset({"kind", "step", "verdict"})
_KEY_SETS = tuple(n for n in KEY_FIELDS if n not in _KEY_PLAIN)


def key_of(answer: Answer, facts: Sequence[Fact]) -> Key:
    """The key of an answer's derivation (read before any precedent is added)."""
    graph = answer.graph
    question = answer.question
    won: set[str] = set()
    lost: set[str] = set()
    roles: set[str] = set()
    cards: set[str] = set()
    nodes = graph.graph
    for node in graph.nodes("effect"):
        data = nodes.nodes[node]
        kind = data.get("rule_kind")
        targets = {str(v): str(d["kind"]) for _, v, d in nodes.out_edges(node, data=True)}
        if kind and targets.get("verdict") == "supports":
            won.add(str(kind))
        elif kind and any(
            str(v).startswith("alternative:") and k == "supports" for v, k in targets.items()
        ):
            lost.add(str(kind))
        if data.get("card_type"):
            roles.add(f"{data.get('whose') or '?'}:{data['card_type']}")
    rules = {
        str(nodes.nodes[n]["clause_id"])
        for n in graph.nodes("clause")
        if nodes.nodes[n].get("role") == "rule"
    }
    asked = {f"{name}={_plain(value)}" for name, value in question.params.items()}
    for ref in question.cards:
        if ref.card is not None and not ref.card.fields.get("inline"):
            cards.add(ref.card.name)
            asked.add(f"type={ref.card.type}")
        elif ref.card is not None:
            asked.add(f"type={ref.card.type}")
    for fact in facts:
        roles.add(f"fact:{fact.who or '-'}:{fact.kind}")
        for ref in fact.cards:
            if ref.card is None:
                continue
            roles.add(f"{fact.who or '-'}:{ref.card.type}")
            if not ref.card.fields.get("inline"):
                cards.add(ref.card.name)
    verdict = answer.verdict.show() if answer.verdict is not None else answer.status.key
    return Key(
        question.kind,
        frozenset(asked),
        answer.decided_by,
        frozenset(won),
        frozenset(lost),
        frozenset(rules),
        verdict,
        frozenset(roles),
        frozenset(cards),
    )


def _plain(value: object) -> str:
    """A question parameter as text (a card reference by its name)."""
    name = getattr(value, "name", None)
    return str(name) if isinstance(name, str) else str(value)


@dataclass(frozen=True)
class Entry:
    """One FAQ case answer: the FAQ answers it encodes and the key of its derivation."""

    clauses: tuple[str, ...]
    key: Key
    features: dict[str, float] = field(compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, clauses: Iterable[str], key: Key) -> Entry:
        """An entry with its features computed."""
        return cls(tuple(clauses), key, key.features())


@dataclass(frozen=True)
class Match:
    """A precedent found: the FAQ answer, how much it shares and what."""

    clause: Clause
    score: float
    shared: tuple[str, ...]
    cards: tuple[str, ...]
    key: Key


class PrecedentIndex:
    """The encoded FAQ case answers of a game, read as they are wanted.

    The index is a list of texts (as the cache file keeps them, :func:`write_texts`): a
    header; the names of the features and of the FAQ answers the entries encode; for each
    name, the run of bits it owns and the entries that have it (its *posting*); for each
    entry, what ranking reads (its weight, the mask of its features' bits, the FAQ answers
    it encodes and its cards); and each entry's key. A look-up decodes the postings of the
    answer's own features, the ranking data of the entries they reach and the keys of the
    entries it cites, no others: a cold ``ask`` reads a few dozen of 549 entries.

    Each feature owns a run of bits (two per unit of weight) of one big integer, so the
    weight two keys share is the popcount of the AND of their masks, halved.

    A piece that is not what the index writes (a damaged cache file) raises
    :class:`CacheProblem` when it is decoded: an index read from the cache folder is then
    built again (``heal``), with one warning, and the look-up made again on it.
    """

    def __init__(
        self,
        texts: list[str],
        known: AbstractSet[str],
        heal: Callable[[], list[str]] | None = None,
    ) -> None:
        self._known = known
        self._heal = heal
        self._load(texts)

    def _load(self, texts: list[str]) -> None:
        """Take the texts of an index (CacheProblem when their layout is not the index's)."""
        import json

        try:
            header = json.loads(texts[0]) if texts else None
        except (ValueError, RecursionError):
            header = None
        if type(header) is not dict or header.keys() != _HEADER_NAMES:
            raise CacheProblem("the precedent index cache has the wrong shape")
        files, count, names = header["files"], header["entries"], header["names"]
        bits = header["bits"]
        if not (type(files) is type(count) is type(names) is type(bits) is int):
            raise CacheProblem("the precedent index cache has the wrong shape")
        if min(files, count, names, bits) < 0:
            raise CacheProblem("the precedent index cache has the wrong shape")
        if len(texts) != 1 + 2 * names + 2 * count:
            raise CacheProblem("the precedent index cache has the wrong shape")
        if files and not count:
            raise CacheProblem("the precedent index cache has no entry for the cases")
        postings = dict(zip(texts[1 : 1 + names], texts[1 + names : 1 + 2 * names], strict=True))
        if len(postings) != names:
            raise CacheProblem("the precedent index cache names a feature twice")
        self.texts = texts
        self.files = files
        self._bits = bits
        self._postings = postings
        self._ranking = texts[1 + 2 * names : 1 + 2 * names + count]
        self._keys = texts[1 + 2 * names + count :]
        self._posting: dict[str, tuple[int, frozenset[int]]] = {}
        self._ranked: dict[int, tuple[float, int, tuple[str, ...], frozenset[str]]] = {}
        self._entries: dict[int, Entry] = {}

    def __len__(self) -> int:
        return len(self._keys)

    @classmethod
    def of_entries(
        cls, entries: list[Entry], files: int, known: AbstractSet[str]
    ) -> PrecedentIndex:
        """The index of entries (``files``: the case files they were read from)."""
        return cls(_layout(entries, files), known)

    def _safely(self, work: Callable[[], _T]) -> _T:
        """``work()``; on a damaged piece, once, the index built again and ``work()`` again."""
        try:
            return work()
        except CacheProblem as problem:
            if self._heal is None:
                raise
            heal, self._heal = self._heal, None
            warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
            self._load(heal())
            return work()

    @property
    def entries(self) -> list[Entry]:
        """Every entry, in order (each decoded)."""
        return self._safely(lambda: [self._entry(p) for p in range(len(self))])

    def entry(self, position: int) -> Entry:
        """The entry at ``position``."""
        return self._safely(lambda: self._entry(position))

    def with_clause(self, clause: str) -> frozenset[int]:
        """The entries that encode the FAQ answer ``clause``."""
        return self._safely(lambda: self._postings_of(_CLAUSE + clause)[1])

    def _postings_of(self, name: str) -> tuple[int, frozenset[int]]:
        """The bits a feature owns and the entries that have it (none for a name not known)."""
        held = self._posting.get(name)
        if held is None:
            text = self._postings.get(name)
            if text is None:
                held = (0, _NONE)
            else:
                try:
                    start, width, *positions = map(int, text.split(" "))
                except ValueError:
                    raise CacheProblem("the precedent index cache has a damaged posting") from None
                if (
                    min(start, width, *positions) < 0
                    or start + width > self._bits  # no run of bits past the masks' width
                    or max(positions, default=0) >= len(self)
                ):
                    raise CacheProblem("the precedent index cache has a damaged posting")
                held = (((1 << width) - 1) << start, frozenset(positions))
            self._posting[name] = held
        return held

    def _ranking_of(self, position: int) -> tuple[float, int, tuple[str, ...], frozenset[str]]:
        """An entry's weight, mask, FAQ answers and cards, as ranking reads them."""
        held = self._ranked.get(position)
        if held is None:
            import json

            try:
                weight, mask, clauses, cards = json.loads(self._ranking[position])
                bits = int(mask, 16)
            except (ValueError, TypeError, RecursionError):
                raise CacheProblem("the precedent index cache has a damaged entry") from None
            if (
                type(weight) not in _NUMBERS
                or type(clauses) is not list
                or type(cards) is not list
                or not clauses
                or not _strings(clauses)
                or not _strings(cards)
                or not self._known >= set(clauses)
            ):
                raise CacheProblem("the precedent index cache does not match the corpus")
            held = self._ranked[position] = (weight, bits, tuple(clauses), frozenset(cards))
        return held

    def _entry(self, position: int) -> Entry:
        """The entry at ``position``, its key decoded and checked against its ranking data."""
        held = self._entries.get(position)
        if held is None:
            import json

            weight, _, clauses, cards = self._ranking_of(position)
            try:
                key = Key.from_json(json.loads(self._keys[position]))
            except (ValueError, RecursionError):
                raise CacheProblem("the precedent index cache has a damaged key") from None
            if key.cards != cards or key.weight() != weight:
                raise CacheProblem("the precedent index cache has a damaged key")
            held = self._entries[position] = Entry(clauses, key, key.features())
        return held

    def rank(self, key: Key, skip: frozenset[str] = frozenset()) -> list[tuple[float, int, int]]:
        """``(score, cards in common, entry)`` for the entries sharing a decisive part, best first.

        Entries encoding only ``skip`` clauses are left out, and so are yes/no answers to the
        same kind of question with the opposite verdict. Entries with
        the same question kind and deciding step come first; then the share of the structure
        in common (weighted, over the union of the two keys), then the cards.
        """
        return self._safely(lambda: self._rank(key, skip))

    def _rank(self, key: Key, skip: frozenset[str]) -> list[tuple[float, int, int]]:
        mine = key.features()
        total = key.weight()
        postings = self._postings_of
        candidates: set[int] = set()
        query = 0
        for feature in mine:
            bits, having = postings(feature)
            query |= bits
            if feature.partition(":")[0] in DECISIVE:
                candidates |= having
        step = f"step:{key.step}" if key.step is not None else "nostep:"
        kind = postings(f"kind:{key.kind}")[1]
        same = kind & postings(step)[1]
        candidates |= same
        ranking = self._ranking_of
        if key.verdict in ("yes", "no"):
            opposite = "no" if key.verdict == "yes" else "yes"
            opposed = kind & postings(f"verdict:{opposite}")[1] & candidates
            candidates -= {p for p in opposed if key.cards & ranking(p)[3]}
        for clause in skip:
            candidates -= {p for p in postings(_CLAUSE + clause)[1] if set(ranking(p)[2]) <= skip}
        cards = key.cards
        ranked = []
        for position in candidates:
            weight, mask, clauses, theirs = ranking(position)
            both = (query & mask).bit_count() / 2
            score = both / (total + weight - both) + (position in same)
            ranked.append((-score, -len(cards & theirs), clauses, position))
        ranked.sort()
        return [(-score, -common, position) for score, common, _, position in ranked]

    @classmethod
    def build(cls, corpus: Corpus) -> PrecedentIndex:
        """Answer every FAQ case of the game and index its answers."""
        import contextvars

        entries = contextvars.copy_context().run(lambda: list(_case_entries(corpus)))
        return cls.of_entries(entries, _case_count(corpus.game), corpus.clauses.keys())

    @classmethod
    def of(cls, corpus: Corpus) -> PrecedentIndex:
        """The index of a corpus: once per process, cached on disk until anything changes."""
        held = _BUILT.get(id(corpus))
        if held is None or held[0]() is not corpus:
            held = _BUILT[id(corpus)] = (weakref.ref(corpus), cls._cached(corpus))
        return held[1]

    @classmethod
    def _cached(cls, corpus: Corpus) -> PrecedentIndex:
        """The index read from its cache file, or built (and the file written).

        The file is read as texts and each piece decoded when a look-up wants it; a piece
        found damaged then builds the index again (and writes it), as a damaged file found
        when it is opened does.
        """
        from rulesq.cachefiles import content_key, private_dir, prune, read_texts, unchanged
        from rulesq.cachefiles import write_texts as write

        folder = private_dir()
        if folder is None:
            return cls.build(corpus)
        stem = f"precedents-{corpus.game}-"
        salt = f"{stem}{_FORMAT}"
        sources = _derived_from(corpus.game)
        key = content_key(sources, salt=salt)
        path = folder / f"{stem}{key}.json"

        def built() -> list[str]:
            index = cls.build(corpus)
            if unchanged(key, lambda: content_key(_derived_from(corpus.game), salt=salt)):
                prune(folder, f"{stem}*", path)
                write(path, "precedents", key, index.texts)
            # else a source changed while the FAQ cases were answered (an edit, a checkout,
            # a merge): what was built may mix old and new files, so it is kept under no key
            # (under the old one, it would be served if the old files came back).
            return index.texts

        known = corpus.clauses.keys()
        try:
            texts = read_texts(path, "precedents", key)
            if texts is not None:
                index = cls(texts, known, heal=built)
                if index.files != _cases_among(sources, corpus.game):
                    raise CacheProblem("the precedent index cache does not match the cases")
                return index
        except CacheProblem as problem:
            warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
        return cls(built(), known)


def _layout(entries: list[Entry], files: int) -> list[str]:
    """The texts of an index of ``entries`` (see :class:`PrecedentIndex`)."""
    import json

    postings: dict[str, list[int]] = {}
    bits: dict[str, tuple[int, int]] = {}
    masks: list[int] = []
    width = 0
    for position, entry in enumerate(entries):
        mask = 0
        for feature, weight in entry.features.items():
            owned = bits.get(feature)
            if owned is None:
                owned = bits[feature] = (width, int(weight * 2))
                width += owned[1]
            mask |= ((1 << owned[1]) - 1) << owned[0]
            postings.setdefault(feature, []).append(position)
        masks.append(mask)
        for clause in entry.clauses:
            postings.setdefault(_CLAUSE + clause, []).append(position)
    names = list(postings)
    header = {"files": files, "entries": len(entries), "names": len(names), "bits": width}
    return [
        json.dumps(header),
        *names,
        *(" ".join(map(str, [*bits.get(name, (0, 0)), *postings[name]])) for name in names),
        *(
            json.dumps([e.key.weight(), format(mask, "x"), list(e.clauses), sorted(e.key.cards)])
            for e, mask in zip(entries, masks, strict=True)
        ),
        *(json.dumps(e.key.to_json()) for e in entries),
    ]


def _cases_among(sources: list[str], game: str) -> int:
    """How many of the files an index derives from are the game's case files."""
    import os

    folder = os.path.join(os.fspath(cases_dir(game)), "")
    return sum(1 for path in sources if path.startswith(folder) and path.endswith(".rq"))


#: The layout of the index's texts (a new one is a new cache key).
_FORMAT = "3"
#: What starts the name of an FAQ answer among the features (no feature starts so).
_CLAUSE = "@"
_HEADER_NAMES = frozenset({"files", "entries", "names", "bits"})
_NUMBERS = {int, float}
_T = TypeVar("_T")
_BUILT: dict[int, tuple[weakref.ref[Corpus], PrecedentIndex]] = {}
_NONE: frozenset[int] = frozenset()


def cases_dir(game: str) -> Path:
    """The folder of a game's encoded FAQ cases."""
    from rulesq.paths import corpus_dir

    return corpus_dir() / game / "cases"


def _case_count(game: str) -> int:
    """How many case files the game has (the index has entries when there are any)."""
    return len(_files(cases_dir(game), ".rq"))


def _derived_from(game: str) -> list[str]:
    """The files the index derives from: the game's corpus and cases, the grammars, the code.

    The code is the package's modules but those of the folders no answer of a case runs
    (:data:`NOT_BUILDERS`) and the other games' judges, so that an edit of the command line,
    a renderer or another game keeps the index (a test traces a build: every module it
    imports and every function it runs is among these files).
    """
    import os
    from pathlib import Path

    from rulesq.paths import corpus_dir, grammar_dir

    code = Path(__file__).resolve().parents[3]
    games = os.path.join(code, "games")
    skip = {os.path.join(code, name) for name in NOT_BUILDERS}
    try:
        skip.update(e.path for e in os.scandir(games) if e.name != game and e.is_dir())
    except OSError:
        pass
    return sorted(
        [
            *_files(corpus_dir() / game),
            *_files(grammar_dir(), ".lark"),
            *_files(code, ".py", frozenset(skip)),
        ]
    )


#: The package's folders whose modules take no part in answering a game's cases.
NOT_BUILDERS = ("cli", "render")


def _files(folder: Path, suffix: str = "", skip: AbstractSet[str] = frozenset()) -> list[str]:
    """The files under ``folder`` (at any depth) whose names end with ``suffix``.

    As ``os.walk`` finds them (no linked folder entered, an unreadable one skipped) with
    ``os.path.isfile``, but from each entry's type as the folder lists it: a ``stat`` only
    for a link (every cold ``ask`` lists the ~550 files the index derives from). A folder
    whose path is in ``skip`` is not entered.
    """
    import os

    found: list[str] = []
    pending = [os.fspath(folder)]
    while pending:
        top = pending.pop()
        try:
            entries = list(os.scandir(top))
        except OSError:
            continue
        for entry in entries:
            try:
                folder_entry = entry.is_dir()
            except OSError:
                folder_entry = False
            if folder_entry:
                # bytecode: derived, not read; a linked folder is listed but not entered
                if (
                    entry.name != "__pycache__"
                    and not entry.is_symlink()
                    and entry.path not in skip
                ):
                    pending.append(entry.path)
            elif entry.name.endswith(suffix) and entry.is_file():
                found.append(entry.path)
    return found


def _case_entries(corpus: Corpus) -> Iterable[Entry]:
    """An entry for every answered question of every case that encodes an FAQ answer."""
    from rulesq.engine.dispatch import evaluate
    from rulesq.errors import RulesqError
    from rulesq.situation import parse_situation

    for path in sorted(cases_dir(corpus.game).rglob("*.rq")):
        try:
            situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
            answers = evaluate(situation)
        except (RulesqError, OSError, UnicodeDecodeError):
            continue
        encoded = [
            c.id
            for ref in situation.sources
            if (c := corpus.find_clause(ref.split()[0])) is not None and c.kind == "faq-answer"
        ]
        if not encoded:
            continue
        for answer in answers:
            if answer.answered:
                yield Entry.of(dict.fromkeys(encoded), key_of(answer, _facts(situation, answer)))


def _facts(situation: Any, answer: Answer) -> list[Fact]:
    facts: list[Fact] = situation.facts_before(answer.question)
    return facts


def precedents(
    corpus: Corpus, key: Key, limit: int = LIMIT, skip: frozenset[str] = frozenset()
) -> list[Match]:
    """The FAQ answers whose derivations share the most with ``key``, best first.

    Each FAQ answer appears once, with its best case answer; none shares nothing decisive.
    ``skip``: FAQ answers to leave out (leave-one-out measures).
    """
    index = PrecedentIndex.of(corpus)
    found: list[Match] = []
    seen: set[str] = set()
    for score, _, position in index.rank(key, skip):
        entry = index.entry(position)
        for clause_id in entry.clauses:
            if clause_id in seen or clause_id in skip:
                continue
            if _opens_against(key, entry.key, corpus.clauses[clause_id].text):
                continue
            seen.add(clause_id)
            shared = tuple(f for f in key.features() if f in entry.features)
            found.append(
                Match(
                    corpus.clauses[clause_id],
                    score,
                    shared,
                    tuple(sorted(key.cards & entry.key.cards)),
                    entry.key,
                )
            )
        if len(found) >= limit:
            break
    return found[:limit]


def opens_against(verdict: str, text: str) -> bool:
    """Whether an FAQ answer opens with the word opposite to a yes/no verdict ("No." to "yes")."""
    if verdict not in ("yes", "no") or not text.strip():
        return False
    word = text.split(maxsplit=1)[0].strip(".,;:!").lower()
    return word == ("no" if verdict == "yes" else "yes")


def _opens_against(key: Key, entry: Key, text: str) -> bool:
    """Whether a precedent opens with the word opposite to the answer's verdict.

    An FAQ answer whose case answers the same kind of question with the same verdict does
    not count: its opening word answers another of the questions it rules on.
    """
    if not opens_against(key.verdict, text):
        return False
    return not (entry.kind == key.kind and entry.verdict == key.verdict)


#: How a precedent's own answer is not the verdict (``differs_by``), as its citation heads it.
DIFFERS_HEADS = {
    "verdict": "answers otherwise",
    "opening": "its opening answers another question",
}


def differs(key: Key, match: Match, index: PrecedentIndex) -> tuple[str, str] | None:
    """How and why a precedent whose own answer is not the verdict does not decide here.

    ``(by, why)``: ``by`` a key of :data:`DIFFERS_HEADS`; None when its answer is the verdict.

    Two ways an FAQ answer cited beside a verdict says otherwise: its case answers the same
    kind of question with another verdict (about other cards: the parts of its derivation
    that are not the answer's are what differs), or the answer opens with the opposite word
    ("Yes, you can." beside a no), its opening answering the FAQ's own question while its
    case asks this one and answers as here. An FAQ answer another of whose cases gives the
    verdict to the same kind of question answers as here (its cases rule both ways).
    """
    theirs = match.key
    if (
        theirs.kind == key.kind
        and theirs.verdict != key.verdict
        and not any(
            index.entry(p).key.kind == key.kind and index.entry(p).key.verdict == key.verdict
            for p in index.with_clause(match.clause.id)
        )
    ):
        return "verdict", (
            f"its case answers {theirs.verdict} to the same kind of question (here: "
            f"{key.verdict}); "
            f"there, {_what_differs(key, theirs)}"
        )
    if opens_against(key.verdict, match.clause.text):
        word = match.clause.text.split(maxsplit=1)[0].strip(".,;:!")
        asked = _asked_last(match.clause.question or "")
        own = f', which ends "{asked}"' if asked else ""
        return "opening", (
            f'its opening "{word}" answers the FAQ\'s own question{own}; its case asks the '
            f"same kind of question ({key.kind.replace('_', ' ')}) and answers "
            f"{theirs.verdict}, as here"
        )
    return None


def _asked_last(question: str) -> str:
    """The words an FAQ question ends with, verbatim: after the card text it quotes.

    "If you have active support card X ("On your turn, …"), can I play a leadership card?"
    ends "can I play a leadership card?"; "" when it is not so cut.
    """
    flat = " ".join(question.split())
    for mark in ('"), ', "), ", ". "):
        at = flat.rfind(mark)
        if at != -1:
            tail = flat[at + len(mark) :]
            return tail if 0 < len(tail) <= 120 else ""
    return flat if len(flat) <= 120 else ""


def _what_differs(key: Key, theirs: Key) -> str:
    """The parts of another case's derivation that are not the answer's, in words."""
    parts: list[str] = []
    if theirs.step != key.step:
        there = theirs.step or "no ladder step (definite)"
        here = key.step or "no ladder step"
        parts.append(f"decided by {there} (here: {here})")
    won = sorted(theirs.won - key.won)
    if won:
        parts.append("won by " + ", ".join(KIND_WORDS.get(k, k) for k in won))
    rules = sorted(theirs.rules - key.rules)
    if rules:
        parts.append("rests on " + ", ".join(rules[:2]) + (" …" if len(rules) > 2 else ""))
    asked = sorted(theirs.asked - key.asked)
    if asked:
        about = [a.partition("=")[2] + (" card" if a.startswith("type=") else "") for a in asked]
        parts.append("asks about " + ", ".join(about))
    cards = sorted(theirs.cards - key.cards)
    if cards:
        parts.append("about " + ", ".join(cards[:3]) + (" …" if len(cards) > 3 else ""))
    if not parts:  # the structure is the same: the facts stated make the difference
        facts = sorted(theirs.roles - key.roles)
        stated = [r.split(":", 2) for r in facts if r.startswith("fact:")]
        shown = [
            f"{kind.replace('_', ' ')} ({who})" if who != "-" else kind.replace("_", " ")
            for _, who, kind in stated
        ]
        if shown:
            parts.append("the situation states " + ", ".join(shown[:4]))
    return "; ".join(parts) or "the situation differs"


def why(match: Match) -> str:
    """Why a precedent applies, in words: the step, the rule, the question, the cards."""
    parts: list[str] = []
    shared = match.shared
    step = next((f.partition(":")[2] for f in shared if f.startswith("step:")), None)
    won = [f.partition(":")[2] for f in shared if f.startswith("won:")]
    lost = [f.partition(":")[2] for f in shared if f.startswith("lost:")]
    if step is not None:
        beats = (
            f"{KIND_WORDS.get(won[0], won[0])} beats {KIND_WORDS.get(lost[0], lost[0])}"
            if won and lost
            else step
        )
        parts.append(f"same step: {beats}")
    elif won or lost:
        parts.append("same kinds of rule: " + ", ".join(KIND_WORDS.get(k, k) for k in won + lost))
    rules = [f.partition(":")[2] for f in shared if f.startswith("rule:")]
    if rules:
        parts.append(f"same rule: {', '.join(rules)}")
    kind = next((f.partition(":")[2] for f in shared if f.startswith("kind:")), None)
    if kind is not None:
        parts.append(f"same question: {kind.replace('_', ' ')}")
    if match.cards:
        parts.append(f"same card{'s' if len(match.cards) > 1 else ''}: {', '.join(match.cards)}")
    return "; ".join(parts)


def precedents_later(ctx: Context, answer: Answer) -> Callable[[Derivation], object]:
    """The work that cites an answer's precedents on its graph, to do once it is shown.

    It holds what it reads, not the answer nor its context: those hold the graph, which
    holds the work (a cycle only the collector would free).
    """
    corpus, facts = ctx.corpus, ctx.facts
    question, game, verdict = answer.question, answer.game, answer.verdict
    status, reason = answer.status, answer.reason

    def work(graph: Derivation) -> list[Match]:
        from rulesq.engine.answer import Answer

        shown = Answer(question, game, verdict, status, reason, graph)
        return cite_precedents(corpus, facts, shown)

    return work


def cite_precedents(corpus: Corpus, facts: Sequence[Fact], answer: Answer) -> list[Match]:
    """Cite an answer's precedents and link each to the nodes of the answer it shares."""
    key = key_of(answer, facts)
    found = precedents(corpus, key)
    graph = answer.graph
    first = -len(found) - 1
    for match in found:
        node = graph.clause(match.clause, role="precedent")
        data = graph.graph.nodes[node]
        if match.score >= SAME_ANSWER:
            # An FAQ answer to the same question that the answer's own derivation gives
            # decided it: cited before the answers its rule clauses were taken from.
            data["order"] = first
            first += 1
        data["why"] = why(match)
        other = differs(key, match, PrecedentIndex.of(corpus))
        if other is not None:
            data["differs_by"], data["differs"] = other
            data["differs_head"] = DIFFERS_HEADS[other[0]]  # what the renderers print
        # The FAQ case answer matched: what it asked, its verdict and its cards.
        data["matched_kind"] = match.key.kind
        data["matched_verdict"] = match.key.verdict
        data["matched_cards"] = sorted(match.key.cards)
        for target, note in _shared_nodes(answer, match):
            graph.link(node, target, MATCHES_EDGE, note=note)
    return found


MATCHES_EDGE = "matches"
#: The score of a case answer whose key is the answer's own (all shared, same kind and step).
SAME_ANSWER = 2.0 - 1e-9


def _shared_nodes(answer: Answer, match: Match) -> list[tuple[str, str]]:
    """The nodes of an answer a precedent shares, with what is shared."""
    graph = answer.graph
    data = graph.graph.nodes
    shared = set(match.shared)
    out: list[tuple[str, str]] = []
    if answer.decided_by and f"step:{answer.decided_by}" in shared:
        out.append((f"step:{answer.decided_by}", f"same step: {answer.decided_by}"))
    for node in graph.nodes("effect"):
        kind = data[node].get("rule_kind")
        notes = [
            f"same {word} rule: {KIND_WORDS.get(str(kind), str(kind))}"
            for side, word in (("won", "winning"), ("lost", "losing"))
            if f"{side}:{kind}" in shared and _side(answer, node) == side
        ]
        if data[node].get("card") in match.cards:
            notes.append(f"same card: {data[node]['card']}")
        if notes:
            out.append((node, "; ".join(notes)))
    for node in graph.nodes("clause"):
        if data[node].get("role") == "rule" and f"rule:{data[node]['clause_id']}" in shared:
            out.append((node, "same rule"))
    for node in graph.nodes("fact"):
        named = [card for card in match.cards if f'"{card}"' in str(data[node]["label"])]
        if named:
            out.append((node, f"same card{'s' if len(named) > 1 else ''}: {', '.join(named)}"))
    return out


def _side(answer: Answer, node: str) -> str:
    """Whether an effect node argued for the verdict (won) or for an alternative (lost)."""
    for _, target, data in answer.graph.graph.out_edges(node, data=True):
        if target == "verdict" and data["kind"] == "supports":
            return "won"
    return "lost"
