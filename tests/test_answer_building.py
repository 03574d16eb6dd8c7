"""An answer's graph built the short way is the one the long way builds, and the short way is taken.

Every answer builds a derivation graph; a check reads the verdict of most of them and never
their graph. So the graph's end (the facts, the ladder step, the verdict and their edges) is
built only when the graph is read or built on (``Derivation.defer``); the facts an answer
rests on are added in one call (``Derivation.facts_of``); a clause's node attributes are made
once per clause; the verdict links the absences from their list. Each shortcut must give the
very graph the long way gives, node for node and edge for edge, in the same order, over every
case file; and each must be taken (counted work, never time).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import every_situation_file

import rulesq.explain.graph as graph_module
from rulesq.corpus.models import Clause
from rulesq.engine import resolve as resolve_module
from rulesq.engine.answer import Answer, Status
from rulesq.engine.check import check_file
from rulesq.engine.dispatch import Context, evaluate, handler_for
from rulesq.engine.ladder import parse_ladder
from rulesq.engine.resolve import Claim, Gather, Stance
from rulesq.engine.verdict import Verdict
from rulesq.errors import RulesqError
from rulesq.explain.graph import (
    ABSENCE,
    ANSWERS,
    DECIDES,
    QUESTION,
    SUPPORTS,
    VERDICT,
    Derivation,
)
from rulesq.games import get_game
from rulesq.situation import read_situation
from rulesq.situation.model import Fact

ROOT = Path(__file__).resolve().parents[1]


def _every_answer(game: str = "") -> Iterator[tuple[Path, Answer]]:
    """Each answer of every case file that reads (of ``game``'s files only, if given)."""
    for path in every_situation_file():
        if game not in str(path):
            continue
        try:
            answers = evaluate(read_situation(path))
        except RulesqError:
            continue
        for answer in answers:
            yield path, answer


def _graphs() -> Iterator[tuple[str, Any]]:
    """Each answer of every case file: its verdict, status and reason, and its whole graph."""
    for path, answer in _every_answer():
        graph = answer.graph
        shown = answer.verdict.show() if answer.verdict is not None else None
        yield (
            f"{path}: {answer.question.text}",
            (
                shown,
                answer.status,
                answer.reason,
                graph.graph.nodes(data=True),
                graph.graph.edges(data=True),
                graph._counter,
            ),
        )


class _Forgetful(dict[int, Any]):
    """A memo that keeps nothing: each clause's attributes are made again at each use."""

    def __setitem__(self, key: int, value: Any) -> None:
        return None


def _conclude_scanning(
    self: Derivation, shown: str, value: Any, status: str, decided_by: str | None = None
) -> str:
    """``Derivation.conclude`` finding the absences by scanning every node, as it did."""
    self._add(VERDICT, "verdict", shown, value=value, status=status)
    self.link(VERDICT, QUESTION, ANSWERS)
    if decided_by is not None:
        self.link(f"step:{decided_by}", VERDICT, DECIDES)
    for node in self.nodes("absence"):
        self.link(VERDICT, node, ABSENCE)
    return VERDICT


def _conclude_at_once(
    self: Context,
    verdict: Verdict,
    reason: str,
    status: Status = Status.DEFINITE,
    decided_by: str | None = None,
    supported_by: tuple[str, ...] = (),
    carried: tuple[str, ...] | None = None,
    facts: Sequence[Fact] = (),
) -> Answer:
    """``Context.conclude`` building the graph's end at once, the facts first, as it did."""
    graph = self.derivation()
    nodes = [graph.fact(fact.text, fact.span.line) for fact in facts]
    step = None
    if decided_by is not None:
        step = self.ladder_step(decided_by).name
        self.step(step, carried)
        if status is Status.DEFINITE:
            status = Status.PRECEDENCE
    graph.conclude(verdict.show(), verdict.to_json(), status.key, decided_by=step)
    for node in dict.fromkeys([*supported_by, *nodes]):
        graph.link(node, VERDICT, SUPPORTS)
    return Answer(self.question, self.game.name, verdict, status, reason, graph)


def test_the_short_way_builds_the_graphs_of_the_long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    short = dict(_graphs())
    with monkeypatch.context() as long_way:
        long_way.setattr(Context, "conclude", _conclude_at_once)
        long_way.setattr(
            Derivation, "facts_of", lambda self, written: [self.fact(t, n) for t, n in written]
        )
        long_way.setattr(graph_module, "_CLAUSE_ATTRS", _Forgetful())
        long_way.setattr(Derivation, "conclude", _conclude_scanning)
        long = dict(_graphs())
    assert len(short) > 1000
    assert short.keys() == long.keys()
    differ = [key for key in short if short[key] != long[key]]
    assert not differ, differ[:3]


def _counted(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    """Count the calls of ``owner.name`` from now on (the method still does its work)."""
    calls = [0]
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_check_builds_the_end_of_few_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checking Blue Moon's FAQ cases reads most answers' verdicts alone: their end is not built."""
    answers = _counted(monkeypatch, Context, "conclude")
    verdicts = _counted(monkeypatch, Derivation, "conclude")
    for path in sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))[:120]:
        check_file(path)
    assert answers[0] > 200
    assert verdicts[0] < answers[0] * 0.1  # the deciding step, effect and clauses read unbuilt


def test_the_verdict_read_unbuilt_is_the_verdict_built() -> None:
    """The deciding step, effects and clauses read from a deferred end are those it builds."""
    read = 0
    for path, answer in _every_answer():
        graph = answer.graph
        if graph._ended() is None:
            continue
        read += 1
        unbuilt = (
            graph.deciding_step(),
            graph.supporting_effects(),
            graph.deciding_clause_ids(),
        )
        assert graph._ended() is not None  # reading them built nothing
        assert graph.graph is not None  # builds the end (not the precedents: not shown)
        built = (
            graph.deciding_step(),
            graph.supporting_effects(),
            {str(c["clause_id"]) for c in graph.deciding_clauses()},
        )
        assert unbuilt == built, f"{path}: {answer.question.text}"
    assert read > 1000


def test_the_end_is_built_when_the_graph_is_read_or_built_on() -> None:
    graph = Derivation("ask q?")
    graph.absence("no card ignores it", assumed=True)
    graph.defer(lambda g: g.conclude("yes", True, "definite"))
    assert graph.assumptions() == ["no card ignores it"]  # the absences need not the end
    assert graph.nodes("absence") == ["absence:1"]
    assert graph.data("absence:1")["label"] == "no card ignores it"
    assert VERDICT not in graph._graph
    assert graph.deciding_step() is None  # a read of the verdict builds the end
    assert VERDICT in graph._graph
    assert graph.graph.has_edge(VERDICT, "absence:1")
    again = Derivation("ask q?")
    again.defer(lambda g: g.fact("I have 2 cards in hand", 2))
    assert again.fact("it is my turn", 3) == "fact:2"  # the deferred fact took its number first
    assert again.nodes("fact") == ["fact:1", "fact:2"]


def test_a_clause_node_is_made_from_attributes_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = get_game("bluemoon").corpus
    clause = next(iter(corpus.clauses.values()))
    sources = _counted(monkeypatch, Clause, "source")
    nodes = [Derivation("ask q?").clause(clause) for _ in range(5)]
    assert sources[0] <= 1
    assert set(nodes) == {f"clause:{clause.id}"}
    graphs = [Derivation("ask q?") for _ in range(2)]
    for graph in graphs:
        graph.clause(clause)
    first, second = (g.graph.node_data[f"clause:{clause.id}"] for g in graphs)
    assert first == second
    first["why"] = "a precedent's note"  # each node's attributes are its own
    assert "why" not in second


def test_a_step_name_is_folded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesq.engine import ladder as ladder_module

    ladder = parse_ladder("t", {"step": [{"name": "I must"}, {"name": "you may not"}]})
    folded: list[str] = []
    real = ladder_module.step_key

    def counted(name: str) -> str:
        folded.append(name)
        return real(name)

    monkeypatch.setattr(ladder_module, "step_key", counted)
    first = ladder.step("You May Not")
    asked = len(folded)
    assert ladder.step("You May Not") is first is ladder.steps[1]
    assert len(folded) == asked  # asked again: not folded again
    assert ladder.step("nothing") is None and ladder.step("nothing") is None


def test_claims_are_decided_once_per_gatherer(monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = parse_ladder(
        "t",
        {"step": [{"name": "high", "kinds": ["high"]}, {"name": "low", "kinds": ["low"]}]},
    )
    decided: list[int] = []
    real = resolve_module._decide

    def counted(claims: list[Claim], ladder: Any) -> Any:
        decided.append(len(claims))
        return real(claims, ladder)

    monkeypatch.setattr(resolve_module, "_decide", counted)
    high = Gather(frozenset({"high"}), lambda: [Claim(Stance.FORBID, "high", "no")])
    low = Gather(frozenset({"low"}), lambda: [Claim(Stance.PERMIT, "low", "yes")])
    result = resolve_module.resolve([low, high], ladder)
    assert result.winner is not None and result.winner.kind == "high"
    assert decided == [1]  # the high claim settles it: the low gatherer is never called
    with pytest.raises(RulesqError):  # a claim of no step is refused before any gatherer
        resolve_module.resolve([Claim(Stance.PERMIT, "nowhere", "?"), high], ladder)


def test_a_loaded_handler_is_found_without_importing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("bluemoon")
    kind = next(iter(game.questions))
    found = handler_for(game, kind)

    def refuse(name: str, package: str | None = None) -> None:
        raise AssertionError(f"imported {name} again")

    import importlib

    monkeypatch.setattr(importlib, "import_module", refuse)
    assert handler_for(game, kind) is found


def test_a_check_that_loaded_modules_leaves_the_collector_what_it_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the check that loads a game, the collector's passes skip what is alive (frozen)."""
    import gc
    import sys
    import types

    from rulesq.engine import check as check_module

    path = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))[0]
    kept: list[int] = []
    monkeypatch.setattr(check_module, "keep_loaded", lambda: kept.append(1))
    real = check_module._check_file

    def loading(path: str | Path, game: str | None, assumed: bool) -> Any:
        sys.modules["rulesq_test_loaded"] = types.ModuleType("rulesq_test_loaded")
        return real(path, game, assumed)

    try:
        monkeypatch.setattr(check_module, "_check_file", loading)
        assert check_module.check_file(path).result is not None
        assert kept == [1]
    finally:
        sys.modules.pop("rulesq_test_loaded", None)
    monkeypatch.setattr(check_module, "_check_file", real)
    check_module.check_file(path)
    assert kept == [1]  # nothing loaded: nothing frozen again
    monkeypatch.undo()
    alive = [[] for _ in range(10)]  # tracked by the collector
    frozen = gc.get_freeze_count()
    check_module.keep_loaded()
    assert gc.get_freeze_count() >= frozen + len(alive)


def _absences_scanned(graph: Derivation) -> list[tuple[str, dict[str, Any]]]:
    """The absence nodes found the long way: every node of the graph looked at."""
    return [(n, d) for n, d in graph._graph.node_data.items() if d["kind"] == "absence"]


def test_the_absences_are_read_from_their_list_as_a_scan_finds_them() -> None:
    """``Derivation.absence_nodes`` (the assumptions, negatives, icons a re-ask reads) lists
    every absence node a scan of the whole graph finds, in its order, over every Blue Moon
    case file's answers; a node removed since it was added is not listed."""
    compared = 0
    for path, answer in _every_answer("bluemoon"):
        graph = answer.graph
        assert graph.absence_nodes() == _absences_scanned(graph), path
        compared += bool(graph.absence_nodes())
    assert compared > 300  # most answers rest on an assumption or a negative fact
    graph = Derivation("can I play it?")
    kept, gone = graph.absence("a", assumed=True), graph.absence("b", assumed=True)
    graph.link(kept, QUESTION, SUPPORTS)
    assert graph.assumptions() == ["a", "b"]
    pruned = graph.without([gone])
    assert (
        [n for n, _ in pruned.absence_nodes()]
        == [kept]
        == [n for n, _ in _absences_scanned(pruned)]
    )
    assert pruned.assumptions() == ["a"] and pruned.negatives() == ["a"]
    graph._absences.clear()  # unlisted: the answer rests on nothing (the list is what is read)
    assert graph.assumptions() == [] != [d["label"] for _, d in _absences_scanned(graph)]
