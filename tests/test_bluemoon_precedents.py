"""The FAQ precedents an answer cites: FAQ case answers sharing its derivation's structure."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.corpus import load_corpus
from rulesq.engine import evaluate
from rulesq.games.bluemoon.judge.precedents import Key, PrecedentIndex, key_of, precedents
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent.parent / "corpus" / "bluemoon" / "cases"


def _case_keys() -> list[tuple[frozenset[str], Key]]:
    """Every answered FAQ case question: the FAQ answers it encodes and its key."""
    corpus = load_corpus("bluemoon")
    keys = []
    for path in sorted(CASES.rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        encoded = frozenset(
            c.id
            for ref in situation.sources
            if (c := corpus.find_clause(ref.split()[0])) is not None and c.kind == "faq-answer"
        )
        for answer in evaluate(situation):
            if answer.answered and encoded:
                keys.append((encoded, key_of(answer, situation.facts_before(answer.question))))
    return keys


@pytest.fixture(scope="module")
def case_keys() -> list[tuple[frozenset[str], Key]]:
    """The keys of the FAQ case answers (answered once for the module)."""
    return _case_keys()


def test_a_case_finds_its_own_faq_answer_first(case_keys: list[tuple[frozenset[str], Key]]) -> None:
    """Source lines aside, a case's own FAQ answer ranks first for 95%, top 3 for all."""
    corpus = load_corpus("bluemoon")
    first = 0
    outside = []
    for encoded, key in case_keys:
        found = [m.clause.id for m in precedents(corpus, key, limit=3)]
        first += bool(found) and found[0] in encoded
        if not encoded & set(found):
            outside.append(sorted(encoded))
    assert len(case_keys) >= 500
    assert first / len(case_keys) >= 0.95, f"{first} of {len(case_keys)}"
    assert outside == []


def test_leave_one_out_finds_the_same_question_and_step(
    case_keys: list[tuple[frozenset[str], Key]],
) -> None:
    """Without its own FAQ answer, the top precedent shares the question kind and the step."""
    corpus = load_corpus("bluemoon")
    alike = 0
    for encoded, key in case_keys:
        found = precedents(corpus, key, limit=1, skip=encoded)
        alike += bool(found) and (found[0].key.kind, found[0].key.step) == (key.kind, key.step)
    assert alike / len(case_keys) >= 0.90, f"{alike} of {len(case_keys)}"


def test_nothing_decisive_in_common_gives_no_precedent() -> None:
    """A key sharing no step, rule, kind of rule or question kind cites nothing."""
    key = Key(
        "no_such_question",
        step=None,
        rules=frozenset({"no/such/rule"}),
        verdict="yes",
        cards=frozenset({"Pandemonium"}),
    )
    assert precedents(load_corpus("bluemoon"), key) == []


def test_a_yes_no_precedent_never_contradicts_the_verdict(
    case_keys: list[tuple[frozenset[str], Key]],
) -> None:
    """A precedent of the same kind of yes/no question about a card in common agrees."""
    corpus = load_corpus("bluemoon")
    for _, key in case_keys[::7]:
        for match in precedents(corpus, key, limit=3):
            if match.key.kind == key.kind and key.verdict in ("yes", "no") and match.cards:
                assert match.key.verdict == key.verdict


def test_each_precedent_is_linked_to_what_it_shares() -> None:
    """Matches edges run from each precedent to the step and card nodes it shares."""
    [answer] = evaluate(
        parse_situation(
            'game bluemoon\nyou have active "Pandemonium"\nask can I play "Laughing Gas"?\n'
        )
    )
    cited = [c for c in answer.citations() if c["role"] == "precedent"]
    assert cited, answer.citations()
    graph = answer.graph.graph
    for clause in cited:
        node = f"clause:{clause['clause_id']}"
        notes = {
            str(target): d["note"]
            for _, target, d in graph.out_edges(node, data=True)
            if d["kind"] == "matches"
        }
        assert notes.get("step:you may not", "").startswith("same step"), notes
        assert "same step" in clause["why"]


def test_a_precedent_about_the_same_cards_says_so() -> None:
    """Q265's own situation cites Q265, naming the card in common."""
    [answer] = evaluate(
        parse_situation(
            'game bluemoon\nyou have active "Enthrall Opposition"\n'
            'I have active "Genathones the Blind"\n'
            'ask is the special power text of "Genathones the Blind" ignored?\n'
        )
    )
    [first, *_] = [c for c in answer.citations() if c["role"] == "precedent"]
    assert "same card" in first["why"] and "Enthrall Opposition" in first["why"]


def test_the_index_is_cached_on_disk_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first build writes the cache; a new process (here: a cleared memo) reads it."""
    from rulesq.games.bluemoon.judge import precedents as module

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(module, "_BUILT", {})
    corpus = load_corpus("bluemoon")
    built = PrecedentIndex.of(corpus)
    [cached] = tmp_path.glob("precedents-bluemoon-*.json")
    monkeypatch.setattr(module, "_BUILT", {})
    monkeypatch.setattr(
        PrecedentIndex, "build", classmethod(lambda cls, corpus: pytest.fail("built"))
    )
    again = PrecedentIndex.of(corpus)
    assert cached.exists() and again is not built
    assert [(e.clauses, e.key) for e in again.entries] == [
        (e.clauses, e.key) for e in built.entries
    ]


def test_a_damaged_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache file whose entries are not keys is ignored and the index rebuilt."""
    import json

    from rulesq.games.bluemoon.judge import precedents as module

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(module, "_BUILT", {})
    corpus = load_corpus("bluemoon")
    PrecedentIndex.of(corpus)
    [cached] = tmp_path.glob("precedents-bluemoon-*.json")
    document = json.loads(cached.read_text())
    document["payload"]["entries"][0]["key"]["kind"] = 7
    cached.write_text(json.dumps(document))
    monkeypatch.setattr(module, "_BUILT", {})
    again = PrecedentIndex.of(corpus)
    assert all(isinstance(e.key.kind, str) for e in again.entries)


def test_a_disagreement_names_the_faq_answer_that_supports_the_answer() -> None:
    """A wrong call on Q244's question names Q244's FAQ answer and a rule of the answer."""
    from rulesq.engine.check import check_situation

    q244 = load_corpus("bluemoon").find_clause("BM-Q244")
    assert q244 is not None
    checked = check_situation(
        parse_situation(
            'game bluemoon\ncard "Some Support Card" support\nI have active "Some Support Card"\n'
            'it is your turn\nyou play "Pandemonium"\nask is "Some Support Card" ignored?\n'
            'expect yes\nask is "Some Support Card" active?\nexpect yes\n'
        )
    )
    assert f"as the FAQ answer {q244.id} rules" in checked.reason, checked.reason
    assert "the call contradicts bluemoon/rulebook/" in checked.reason


def test_a_key_read_back_is_the_key_its_constructor_makes(
    case_keys: list[tuple[frozenset[str], Key]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Key.from_json`` sets the fields without ``__init__`` (about half of reading a key,
    549 of them in a cold ask): over every FAQ case key, the same type, fields in the same
    order, equality, hash and features as the constructor's; ``__init__`` is not called."""
    calls = [0]
    init = Key.__init__

    def counted(self: Key, *args: object, **kwargs: object) -> None:
        calls[0] += 1
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    made = [key for _, key in case_keys]
    monkeypatch.setattr(Key, "__init__", counted)
    read = [Key.from_json(key.to_json()) for key in made]
    assert calls[0] == 0
    for key, back in zip(made, read, strict=True):
        assert type(back) is Key
        assert list(vars(back).items()) == [(n, getattr(key, n)) for n in vars(key) if n[0] != "_"]
        assert back == key and hash(back) == hash(key)
        assert back.features() == key.features() and back.weight() == key.weight()
    with pytest.raises(ValueError, match="not a key"):
        Key.from_json({**made[0].to_json(), "cards": [1]})
