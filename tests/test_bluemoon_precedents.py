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


def _read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str, list[str]]:
    """The index built in a fresh cache folder: its file, key and texts as written."""
    from rulesq import cachefiles
    from rulesq.games.bluemoon.judge import precedents as module

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(module, "_BUILT", {})
    monkeypatch.setattr(cachefiles, "_warned", [])
    PrecedentIndex.of(load_corpus("bluemoon"))
    monkeypatch.setattr(module, "_BUILT", {})
    [cached] = tmp_path.glob("precedents-bluemoon-*.json")
    key = cached.stem.rsplit("-", 1)[1]
    texts = cachefiles.read_texts(cached, "precedents", key)
    assert texts is not None
    return cached, key, texts


def _damage(texts: list[str], piece: str) -> list[str]:
    """The texts with one piece of the last entry damaged, still well formed where it can be."""
    import json

    header = json.loads(texts[0])
    names, count = header["names"], header["entries"]
    damaged = list(texts)
    if piece == "key":  # a key whose kind is not a string
        key = json.loads(texts[-1])
        key["kind"] = 7
        damaged[-1] = json.dumps(key)
    elif piece == "cards":  # a key whose cards are not its ranking's
        key = json.loads(texts[-1])
        key["cards"] = [*key["cards"], "Some Other Card"]
        damaged[-1] = json.dumps(key)
    elif piece == "ranking":  # ranking data cut short
        damaged[1 + 2 * names + count - 1] = damaged[1 + 2 * names + count - 1][:9]
    elif piece == "posting":  # every posting names an entry past the last
        damaged[1 + names : 1 + 2 * names] = [
            f"{text} {count}" for text in texts[1 + names : 1 + 2 * names]
        ]
    elif piece == "width":  # every run of bits far past the masks' width
        damaged[1 + names : 1 + 2 * names] = [
            f"{text.partition(' ')[0]} {10**9} {text.split(' ', 2)[2]}"
            for text in texts[1 + names : 1 + 2 * names]
        ]
    elif piece == "nested":  # ranking data nested past the decoder's depth
        damaged[1 + 2 * names] = "[" * 100_000 + "]" * 100_000
    elif piece == "clause":  # an FAQ answer the corpus does not have
        ranking = json.loads(texts[1 + 2 * names])
        ranking[2] = ["BM-Q9999"]
        damaged[1 + 2 * names] = json.dumps(ranking)
    return damaged


@pytest.mark.parametrize(
    "piece", ["key", "cards", "ranking", "posting", "width", "nested", "clause"]
)
def test_a_damaged_piece_is_found_when_decoded_and_the_index_rebuilt(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    piece: str,
) -> None:
    """A piece of the cache file that is not what the index wrote, found when a look-up
    decodes it: one warning, the index built again (and written), the same precedents."""
    from rulesq import cachefiles

    corpus = load_corpus("bluemoon")
    cached, key, texts = _read_back(tmp_path, monkeypatch)
    keys = [key_of_entry for _, key_of_entry in _case_keys()[-40:]]
    expected = [[(m.clause.id, m.score, m.shared) for m in precedents(corpus, k)] for k in keys]
    cachefiles.write_texts(cached, "precedents", key, _damage(texts, piece))
    from rulesq.games.bluemoon.judge import precedents as module

    monkeypatch.setattr(module, "_BUILT", {})
    capsys.readouterr()
    index = PrecedentIndex.of(corpus)
    found = [[(m.clause.id, m.score, m.shared) for m in precedents(corpus, k)] for k in keys]
    found_all = [(e.clauses, e.key) for e in index.entries]
    assert found == expected
    assert all(isinstance(e.key.kind, str) for e in index.entries)
    assert capsys.readouterr().err.count("warning:") == 1
    assert cachefiles.read_texts(cached, "precedents", key) == texts  # written again
    monkeypatch.setattr(module, "_BUILT", {})
    assert [(e.clauses, e.key) for e in PrecedentIndex.of(corpus).entries] == found_all


def test_a_look_up_decodes_only_the_entries_it_ranks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read from the cache, the index decodes the postings of the answer's features, the
    ranking data of the entries they reach and the keys of the precedents it cites."""
    corpus = load_corpus("bluemoon")
    _read_back(tmp_path, monkeypatch)
    [(_, key), *_] = _case_keys()
    index = PrecedentIndex.of(corpus)
    assert (index._posting, index._ranked, index._entries) == ({}, {}, {})
    found = precedents(corpus, key)
    assert found
    assert len(index._posting) <= len(key.features()) + 3
    assert 0 < len(index._ranked) < len(index) / 2
    assert len(index._entries) < 10


def test_the_index_derives_from_the_code_a_build_runs(tmp_path: Path) -> None:
    """Every rulesq module a fresh build imports, and every one a function it runs is in,
    is among the files the index's key hashes; the command line, the renderers and the
    other games are not (an edit of them keeps the index)."""
    import json
    import os
    import subprocess
    import sys

    program = (
        "import json, sys\n"
        "from rulesq.corpus import load_corpus\n"
        "from rulesq.games.bluemoon.judge import precedents\n"
        "corpus = load_corpus('bluemoon')\n"
        "ran = set()\n"
        "def note(frame, event, arg):\n"
        "    ran.add(frame.f_code.co_filename)\n"
        "sys.setprofile(note)\n"
        "precedents.PrecedentIndex.build(corpus)\n"
        "sys.setprofile(None)\n"
        "ran.update(getattr(m, '__file__', None) or '' for m in list(sys.modules.values()))\n"
        "print(json.dumps([sorted(ran), precedents._derived_from('bluemoon')]))\n"
    )
    env = dict(os.environ, RULESQ_CACHE_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
    )
    ran, derived = json.loads(done.stdout)
    package = str(Path(__file__).resolve().parent.parent / "rulesq")
    ours = {os.path.realpath(f) for f in ran if os.path.realpath(f).startswith(package + os.sep)}
    assert len(ours) > 100
    assert ours <= {os.path.realpath(f) for f in derived}
    left_out = [f"{package}/{part}/" for part in ("cli", "render", "games/fma", "games/warhammer")]
    assert not [f for f in derived if f.startswith(tuple(left_out))]
    assert any(f.startswith(f"{package}/games/bluemoon/") for f in derived)


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
