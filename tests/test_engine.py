"""The generic engine: expectation matching, the ladder, dispatch, the graph, architecture."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesq.corpus.models import Clause
from rulesq.engine.answer import Answer, Status
from rulesq.engine.dispatch import GENERIC, answer_question, evaluate, handler_for
from rulesq.engine.expect import Result, match
from rulesq.engine.ladder import load_ladder, parse_ladder
from rulesq.engine.resolve import overrides
from rulesq.engine.verdict import Alternatives, Cards, Number, Text, Verdict, Word, YesNo
from rulesq.explain.graph import BEATS, DECIDES, SUPPORTS, Derivation
from rulesq.games import get_game
from rulesq.games.base import Game
from rulesq.paths import data_root
from rulesq.situation import Question, parse_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import parse_tree

LADDER = parse_ladder(
    "test",
    {
        "step": [
            {"name": "I must", "clauses": ["rule-must"]},
            {"name": "you may not", "aliases": ["may not"], "clauses": ["rule-maynot"]},
            {"name": "game rules"},
        ]
    },
)


def question(expects: str, ask: str = "ask who wins the battle?") -> Question:
    """A question with the given expect lines (FMA grammar, which has every verdict kind)."""
    text = f"game fma\n{ask}\n{expects}\n"
    return SituationBuilder("fma", "t", text).build(parse_tree(text, "fma", "t")).questions[0]


def answer(q: Question, verdict: Verdict | None, step: str | None = None) -> Answer:
    """An answer with a minimal graph (a decided-by edge when ``step`` is given)."""
    graph = Derivation(q.text)
    status = Status.CANNOT if verdict is None else Status.DEFINITE
    if verdict is not None:
        if step:
            graph.graph.add_node(f"step:{step}", kind="step", label=step)
            status = Status.PRECEDENCE
        graph.conclude(verdict.show(), verdict.to_json(), status.key, decided_by=step)
    return Answer(q, "fma", verdict, status, "because", graph)


def results(expects: str, verdict: Verdict | None, step: str | None = None) -> list[Result]:
    q = question(expects)
    return [match(e, answer(q, verdict, step), LADDER).result for e in q.expectations]


@pytest.mark.parametrize(
    ("expects", "verdict", "agree"),
    [
        ("expect yes", YesNo(True), True),
        ("expect no", YesNo(True), False),
        ("expect 7", Number(7), True),
        ("expect 7", Number(8), False),
        ("expect 0", YesNo(False), False),
        ("expect nobody", Cards(()), True),
        ("expect none", Number(0), True),
        ("expect nobody", Cards(("A",)), False),
        ("expect attackers", Word("attackers"), True),
        ("expect defenders", Word("attackers"), False),
        ('expect "A", "D"', Cards(("D", "A")), True),
        ('expect "a" and "d"', Cards(("D", "A")), True),
        ('expect "A", "D"', Cards(("A",)), False),
        ('expect "A" and "B"; "A" and "C"', Alternatives((("C", "A"), ("B", "A"))), True),
        ('expect "A" and "B"; "A" and "C"', Alternatives((("A", "B"),)), False),
        ('expect "A" and "B"', Cards(("A", "B")), True),
        (
            'expect "cannot be declared as an attacker"',
            Text("Action: Target unit cannot  be declared\nas an attacker or defender."),
            True,
        ),
        ('expect "Franz\'s Decree"', Text("Franz\u2019s Decree does not change"), True),
        ('expect "cannot attack"', Text("Target unit cannot be declared."), False),
        ('expect "A"', YesNo(True), False),
    ],
)
def test_expectation_matching(expects: str, verdict: Verdict, agree: bool) -> None:
    """Each kind of call agrees or disagrees as DESIGN.md says (order-free lists, contains)."""
    assert results(expects, verdict) == [Result.AGREE if agree else Result.DISAGREE]


def test_decided_by_matches_the_deciding_step_or_its_alias() -> None:
    """``decided by`` agrees with the step that decided (by name or alias), else disagrees."""
    assert results("expect decided by may not", YesNo(False), "you may not") == [Result.AGREE]
    assert results("expect decided by I must", YesNo(False), "you may not") == [Result.DISAGREE]
    assert results("expect decided by you may not", YesNo(False)) == [Result.DISAGREE]


def test_cannot_answer_is_never_agreement() -> None:
    """An answer without a verdict makes every call "cannot answer"."""
    assert results("expect yes\nexpect decided by I must", None) == [Result.CANNOT] * 2


@given(st.permutations(["A", "B", "C", "D"]), st.permutations(["A", "B", "C", "D"]))
def test_card_lists_match_in_any_order(expected: list[str], actual: list[str]) -> None:
    """The order of the cards never changes whether a card-list call agrees."""
    written = "expect " + ", ".join(f'"{n}"' for n in expected)
    assert results(written, Cards(tuple(actual))) == [Result.AGREE]


def test_blue_moon_ladder_is_data() -> None:
    """The Blue Moon ladder is read from corpus/bluemoon/ladder.toml, highest first."""
    ladder = load_ladder("bluemoon")
    assert ladder is not None
    assert ladder.names() == ["I must", "ignore", "you may not", "card text", "game rules"]
    assert overrides(ladder, "i_must", "ignore") and overrides(ladder, "ignore", "you_may_not")
    assert not overrides(ladder, "game_rule", "card_text")
    assert ladder.step("ignore") is not None and ladder.step("ignore").exempt == ("PROTECTED",)
    assert ladder.step("You May Not...") is ladder.step("you may not")
    assert [step.kinds for step in ladder.steps] == [
        ("i_must",),
        ("ignore",),
        ("you_may_not",),
        ("card_text",),
        ("game_rule",),
    ]
    fma = load_ladder("fma")
    assert fma is not None and fma.names() == ["limitation", "card text", "game rules"]
    assert overrides(fma, "requirement", "card_text") and overrides(fma, "card_text", "game_rule")
    assert overrides(fma, "timing", "card_text") and overrides(fma, "uniqueness", "card_text")
    assert fma.step("requirement") is fma.step("limitation")


def test_ladder_clauses_resolve_when_the_corpus_has_them() -> None:
    """Each step's clause refs name clauses of the Blue Moon corpus (once it is built)."""
    corpus = get_game("bluemoon").corpus
    if not corpus.clauses:
        pytest.skip("the Blue Moon corpus has no clauses yet")
    ladder = load_ladder("bluemoon")
    assert ladder is not None
    missing = [
        ref for step in ladder.steps for ref in step.clauses if corpus.find_clause(ref) is None
    ]
    assert missing == []


def test_a_question_without_handler_cannot_be_answered() -> None:
    """No handler for a kind of question: "cannot answer" with the reason, never a guess."""
    situation = parse_situation('game bluemoon\ncard "A"\nask can I play "A"?\nexpect yes\n')
    game = Game(name="bluemoon", title="Blue Moon")
    reply = answer_question(situation, situation.questions[0], game)
    assert reply.status is Status.CANNOT and reply.verdict is None
    assert 'no handler for "can_play"' in reply.reason
    assert handler_for(game, "card_text") is not None and "card_text" in GENERIC


def test_inline_card_text_is_answered_generically() -> None:
    """``what does X read?`` works for any game, here on an inline card."""
    situation = parse_situation(
        'game bluemoon\ncard "Mine" support: "You may not rest."\nask what does "Mine" read?\n'
    )
    (reply,) = evaluate(situation)
    assert reply.verdict == Text("You may not rest.") and reply.status is Status.DEFINITE
    assert reply.citations() == []


def test_graph_edges_citations_and_support() -> None:
    """Typed edges; rules cited before precedents; removing the ladder clause unsupports."""
    graph = Derivation("ask q?")
    rule = Clause("g/rule", "g", "Rulebook", "p.1", "rule-quote", "Rule text.")
    faq = Clause("g/faq/1", "g", "FAQ", "s", "faq-answer", "Yes.", question="Q?")
    step = LADDER.steps[1]
    precedent = graph.clause(faq)
    effect = graph.effect("Card", "You may not play X.")
    graph.step(step, [rule])
    lost = graph.alternative("yes")
    graph.link(effect, lost, BEATS)
    graph.conclude("no", False, Status.PRECEDENCE.key, decided_by=step.name)
    graph.link(precedent, "verdict", SUPPORTS)
    kinds = {data["kind"] for _, _, data in graph.graph.edges(data=True)}
    assert {BEATS, DECIDES, SUPPORTS, "quotes", "answers"} <= kinds
    assert [c["clause_id"] for c in graph.citations()] == ["g/rule", "g/faq/1"]
    assert graph.deciding_step() == "you may not"
    assert graph.supported()
    assert not graph.supported(removed=["clause:g/rule"])
    assert not graph.without(["clause:g/rule"]).supported()


def test_definite_verdict_needs_a_supporting_reason() -> None:
    """A verdict with no decided-by edge holds while one supporting node remains."""
    graph = Derivation("ask q?")
    fact = graph.fact("I play A")
    graph.conclude("yes", True, "definite")
    assert not graph.supported()
    graph.link(fact, "verdict", SUPPORTS)
    assert graph.supported() and not graph.supported(removed=[fact])


CORE = ("engine", "situation", "explain", "render")


def python_files(*folders: str) -> list[Path]:
    root = data_root() / "rulesq"
    return sorted(p for folder in folders for p in (root / folder).rglob("*.py"))


def imported_modules(path: Path) -> list[tuple[str, bool]]:
    """(module, at module level?) for every import of a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, id(node) in top))
            found += [(f"{node.module}.{alias.name}", id(node) in top) for alias in node.names]
    return found


def test_the_core_imports_no_game_module() -> None:
    """engine, situation, explain and render know games only by name (get_game)."""
    games = ("bluemoon", "fma", "warhammer")
    offenders = []
    for path in python_files(*CORE):
        text = path.read_text(encoding="utf-8")
        offenders += [
            f"{path.name}: {module}"
            for module, _ in imported_modules(path)
            if any(module.startswith(f"rulesq.games.{g}") for g in games)
        ]
        offenders += [f"{path.name}: mentions {g}" for g in games if f"rulesq.games.{g}" in text]
    assert offenders == []


def test_only_the_analysis_module_imports_networkx_at_module_level() -> None:
    """networkx is heavy: explain/analysis.py is the one module-level importer."""
    top_level = [
        path.relative_to(data_root()).as_posix()
        for path in python_files("")
        if any(m.split(".")[0] == "networkx" and top for m, top in imported_modules(path))
    ]
    assert top_level == ["rulesq/explain/analysis.py"]


def test_command_line_start_up_is_lean() -> None:
    """Importing the command line loads neither networkx nor lark."""
    code = "import sys, rulesq.cli; print(sorted({'networkx','lark'} & set(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_a_text_known_only_from_its_erratum_is_not_called_printed() -> None:
    """An erratum whose card's printed text the sources lack: the reason says so."""
    [read] = evaluate(parse_situation('game fma\nask what does "Caught Off Guard" read?\n'))
    assert read.reason.startswith("the text the erratum gives (fma/cards/caught-off-guard/")
    assert "printed text" in read.reason and "as printed" not in read.reason


def test_a_situation_keeps_its_facts_and_questions_while_its_items_stay() -> None:
    """``Situation.facts``, ``questions`` and ``facts_before`` are found once while the items
    are the same list of the same length; an item appended, or the list replaced, finds them
    again. Over every case file, each is what finding it anew gives, and a copy: changing it
    changes nothing kept."""
    from conftest import every_situation_file

    from rulesq.errors import RulesqError
    from rulesq.situation import model, read_situation
    from rulesq.situation.model import Fact, Question

    compared = 0
    for path in every_situation_file():
        try:
            situation = read_situation(path)
        except RulesqError:
            continue
        facts = [i for i in situation.items if isinstance(i, Fact)]
        questions = [i for i in situation.items if isinstance(i, Question)]
        before = [
            [
                f
                for f in situation.items[: question.index]
                if isinstance(f, Fact) and f.supposed in (None, question.supposed)
            ]
            for question in questions
        ]
        for _ in range(2):  # found, then kept
            assert situation.facts == facts and situation.questions == questions, path
            assert [situation.facts_before(q) for q in questions] == before, path
            compared += 1
            situation.facts.clear()  # each a copy: what is kept stays as it is
            situation.questions.clear()
            for question in questions:
                situation.facts_before(question).clear()
    assert compared > 1000
    text = 'game bluemoon\nI have active "Blaze"\nask is "Blaze" ignored?\n'
    situation = parse_situation(text, "<generated>")
    first = situation.questions[0]
    assert len(situation.facts_before(first)) == 1 and len(situation.questions) == 1
    situation.items.append(dataclasses.replace(first, index=len(situation.items)))  # appended
    assert len(situation.questions) == 2
    situation.items = situation.items[:1]  # replaced: found again
    assert situation.questions == [] and len(situation.facts) == 1
    assert model.KEPT
