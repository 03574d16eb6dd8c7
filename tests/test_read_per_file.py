"""Reading and checking a file do each piece of work once: counted, compared with the long way."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from rulesq import inputs
from rulesq.engine import expect, ladder
from rulesq.engine.check import check_file
from rulesq.engine.dispatch import evaluate
from rulesq.errors import RulesqError
from rulesq.situation import build, lineitems, parse_situation, read_situation, reading
from rulesq.situation.model import Expectation

ROOT = Path(__file__).resolve().parents[1]


def _cases(game: str) -> list[Path]:
    return sorted((ROOT / "corpus" / game / "cases").rglob("*.rq"))


def _count(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls of ``module.name`` from now on."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_file_read_checks_its_size_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The size limit is read once a file; a text not just read is checked as always."""
    files = _cases("bluemoon")[:60]
    calls = _count(monkeypatch, inputs, "max_input_bytes")
    situations = [read_situation(file) for file in files]
    assert calls[0] == len(files)
    calls[0] = 0
    assert [parse_situation(f.read_text(), str(f), remember=True) for f in files] == situations
    assert calls[0] == len(files)  # a text given, not read: its size is checked
    text = files[0].read_text()
    monkeypatch.setenv("RULESQ_MAX_INPUT", str(len(text) - 1))
    with pytest.raises(RulesqError, match="larger than the input limit"):
        read_situation(files[0])
    with pytest.raises(RulesqError, match="larger than the input limit"):
        parse_situation(text, str(files[0]))
    monkeypatch.setenv("RULESQ_MAX_INPUT", str(len(text)))
    small = tmp_path / "small.rq"
    small.write_text("game bluemoon\n")
    reading.read_file(str(small))  # another text read last: this one is checked
    with pytest.raises(RulesqError, match="larger than the input limit"):
        parse_situation(text + "\n", str(files[0]))


def test_facts_are_placed_without_a_call_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fact of a line is placed in the loop over the lines; only questions are placed by call."""
    texts = [(str(f), f.read_text()) for f in _cases("bluemoon")]
    for source, text in texts:
        parse_situation(text, source)
    calls = _count(monkeypatch, build, "_placed")
    questions = sum(len(parse_situation(text, source).questions) for source, text in texts)
    assert 0 < calls[0] <= questions
    lineitems.forget()


def test_resolving_looks_up_the_ladder_once_a_situation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several ``expect decided by`` calls in one file: one look-up of the ladder."""
    texts = [(str(f), f.read_text()) for f in _cases("bluemoon")]
    calls = _count(monkeypatch, ladder, "load_ladder")
    several = 0
    for source, text in texts:
        calls[0] = 0
        situation = parse_situation(text, source)
        steps = [e for q in situation.questions for e in q.expectations if e.kind == "decided_by"]
        several += len(steps) > 1
        assert calls[0] == (1 if steps else 0), source
    assert several > 10


def _long_way(expectation: Expectation, verdict: Any) -> tuple[bool, str]:
    """What the call's check gave when it worded every call, agreeing or not."""
    from rulesq.engine.verdict import Cards, Number, Word, YesNo

    shown = verdict.show() if verdict else "nothing"
    said = f"expected {expect._expected(expectation)}, but the answer is {shown}"
    kind, value = expectation.kind, expectation.value
    if kind == "word":
        word = str(value)
        if isinstance(verdict, YesNo):
            return (word in ("yes", "no") and verdict.value == (word == "yes")), said
        if word in expect.NOBODY:
            empty = (
                (isinstance(verdict, Cards) and not verdict.names)
                or (isinstance(verdict, Number) and verdict.value == 0)
                or (isinstance(verdict, Word) and verdict.value in expect.NOBODY)
            )
            return empty, said
        if isinstance(verdict, Word):
            return verdict.value.lower() == word, said
        return False, said
    if kind == "number":
        return isinstance(verdict, Number) and verdict.value == value, said
    return False, f"unknown kind of expectation: {kind}"


def _turned(call: Expectation) -> list[Expectation]:
    """The call and calls that say otherwise (the other word, the next number)."""
    others = {"yes": "no", "no": "yes", "nobody": "yes"}
    turned = [call]
    if call.kind == "word":
        turned.append(
            Expectation("word", others.get(str(call.value), "nobody"), call.span, call.text)
        )
    elif call.kind == "number":
        turned.append(Expectation("number", int(call.value) + 1, call.span, call.text))
    return turned


def test_a_call_is_worded_only_when_it_disagrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over every case file's answers, each call and its opposite: the long way's result."""
    compared = disagreed = 0
    for game in ("bluemoon", "fma", "warhammer"):
        for file in _cases(game):
            try:
                situation = read_situation(file)
                answers = list(evaluate(situation))
            except RulesqError:
                continue
            for answer in answers:
                if not answer.answered:
                    continue
                for call in answer.question.expectations:
                    if call.kind not in ("word", "number"):
                        continue
                    for asked in _turned(call):
                        ok, detail = _long_way(asked, answer.verdict)
                        outcome = expect.match(asked, answer)
                        assert (outcome.result is expect.Result.AGREE) == ok, file
                        assert outcome.detail == ("" if ok else detail), file
                        compared += 1
                        disagreed += not ok
    assert compared > 1000 and disagreed > 400
    worded = _count(monkeypatch, expect, "_expected")
    for file in _cases("bluemoon"):
        check_file(file)
    assert worded[0] == 0  # every call of the cases agrees: none is worded


def test_a_check_looks_up_the_ladder_only_for_a_decided_by_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading and checking a file without ``expect decided by`` look the ladder up nowhere.

    With such a call: once in resolving (its step checked), once in checking. (Judging may
    look it up too: not counted here.)
    """
    files = _cases("bluemoon")
    for file in files:
        check_file(file)
    real = ladder.load_ladder
    counted = ("rulesq.engine.check", "rulesq.situation.resolve")
    calls = [0]

    def load(game: str) -> Any:
        calls[0] += sys._getframe(1).f_globals.get("__name__") in counted
        return real(game)

    monkeypatch.setattr(ladder, "load_ladder", load)
    without = 0
    for file in files:
        calls[0] = 0
        checked = check_file(file)
        steps = [
            o for q in checked.questions for o in q.outcomes if o.expectation.kind == "decided_by"
        ]
        without += not steps
        assert calls[0] == (2 if steps else 0), file
    assert without > 50
