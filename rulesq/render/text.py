"""Answers as text: short by default (verdict, reason, citations), the whole chain on request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulesq.engine.answer import Status
from rulesq.errors import escape_controls
from rulesq.width import columns, hanging
from rulesq.width import wrap as _wrap

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.expect import Outcome

SHORT_QUOTE = 240


def render_answers(
    answers: Sequence[Answer], outcomes: Sequence[Sequence[Outcome]] = (), explain: bool = False
) -> str:
    """Every answer of a situation, separated by a blank line.

    Control characters a situation's own text brought in (an inline card's name) are shown
    escaped, as in messages: a terminal never runs them.
    """
    blocks = []
    for index, answer in enumerate(answers):
        checked = outcomes[index] if index < len(outcomes) else ()
        blocks.append(render_answer(answer, checked, explain=explain))
    return escape_controls("\n\n".join(blocks) + "\n")


def _gap_line(label: str, reason: str) -> str:
    """A gap's line: its label, then its reason when the reason adds words to it."""
    return label if reason in ("", label) else f"{label}: {reason}"


def render_answer(answer: Answer, outcomes: Sequence[Outcome] = (), explain: bool = False) -> str:
    """One answer: the question, the verdict, a one-line reason and the citations."""
    out = [f"ask {answer.question.text.removeprefix('ask ').strip()}"]
    if not answer.answered:
        word = "conflict" if answer.status is Status.CONFLICT else "cannot answer"
        gaps = [
            _gap_line(gap["label"], gap["reason"])
            for gap in answer.graph.gaps()
            if gap["label"] != answer.reason
        ]
        if len(gaps) > 1 and all(gap in answer.reason for gap in gaps):
            # the reason is the gaps joined: each is said once, on its own line
            out.append(f"  {word}, for {len(gaps)} reasons:")
        else:
            out.append(_wrap(f"{word}: {answer.reason}", "  "))
            if len(gaps) == 1 and gaps[0] in answer.reason:
                gaps = []  # the reason says the one gap already
        out += [_wrap(f"- {gap}", "    ") for gap in gaps]
    else:
        assert answer.verdict is not None
        out.append(_wrap(answer.verdict.show(), "  "))
        status = answer.status.value
        step = answer.decided_by
        if step:
            status = f"decided by {step}"
        out.append(_wrap(f"{status}: {answer.reason}", "  "))
        if not explain:
            out += [_wrap(f"assumes: {text}", "  ") for text in answer.graph.assumptions()]
    if explain:
        answer.graph.analyse()
        out += _chain(answer)
    if answer.not_asked:  # the play cannot be made: what it would raise is not asked
        out.append("  not asked, as the play cannot be made:")
        out += [f"    {text}" for text in answer.not_asked]
    citations = answer.citations()
    if citations:
        out.append("  cites:")
        for clause in citations:
            out += _clause(clause, full=explain)
    for outcome in outcomes:
        mark = outcome.result.value.upper()
        line = f"  {outcome.expectation.text}: {mark}"
        if outcome.detail:  # why it does not agree: wrapped under the call, the call kept
            line = hanging(line + " ", f"({outcome.detail})", 4)
        out.append(line)
    return "\n".join(out)


def _chain(answer: Answer) -> list[str]:
    graph = answer.graph
    out: list[str] = []
    facts = graph.facts()
    if facts:
        out.append("  facts:")
        out += [_fact(f["label"], f.get("line")) for f in facts]
    effects = graph.effects()
    if effects:
        out.append("  card effects:")
        out += [_wrap(f'- {e["card"]}: "{e["label"]}"', "    ") for e in effects]
    step = answer.decided_by
    if step:
        out.append(f'  decided by the ladder step "{step}"')
    alternatives = graph.alternatives()
    if alternatives:
        out.append("  alternatives that lost:")
        for alternative, beaten in alternatives:
            winners = [_node_name(node) for node, edge in beaten if edge == "beats"]
            why = f" — beaten by {', '.join(winners)}" if winners else ""
            out.append(_wrap(f"- {alternative['label']}{why}", "    "))
    assumptions = graph.assumptions()
    negatives = [text for text in graph.negatives() if text not in assumptions]
    if negatives:
        out.append("  relies on:")
        out += [_wrap(f"- {text}", "    ") for text in negatives]
    if assumptions:
        out.append("  assumes:")
        out += [_wrap(f"- {text}", "    ") for text in assumptions]
    return out


def _fact(label: str, line: object) -> str:
    """A fact of ``--explain``, with the line it was stated on; wrapped when too long."""
    shown = f"    - {label}" + (f"  (line {line})" if line else "")
    return shown if len(shown) <= columns() else _wrap(shown, "    ")


def _node_name(node: dict[str, Any]) -> str:
    kind = node["kind"]
    if kind == "clause":
        return str(node["clause_id"])
    if kind == "effect":
        return f'{node["card"]}: "{_short(str(node["label"]), 60)}"'
    if kind == "step":
        return f'ladder step "{node["label"]}"'
    return str(node["label"])


def _clause(clause: dict[str, Any], full: bool) -> list[str]:
    head = f"[{clause['clause_id']}] {clause['source']}"
    if clause.get("role") == "precedent":
        differs = clause.get("differs_head")
        head += f" (precedent, {differs})" if differs else " (precedent)"
    head = _wrap(head, "    ", "        ")
    text = str(clause["text"])
    body = text if full else _short(text, SHORT_QUOTE)
    lines = [head]
    if full and clause.get("question"):
        lines.append(_wrap(f"Q: {clause['question']}", "      "))
        body = f"A: {body}"
    lines.append(_wrap(f"\u201c{body}\u201d" if not body.startswith("A: ") else body, "      "))
    if clause.get("differs"):  # shown always: a judge reads the quote against the verdict
        lines.append(_wrap(f"differs: {clause['differs']}", "      "))
    if full and clause.get("why"):
        lines.append(_wrap(f"why: {clause['why']}", "      "))
    return lines


def _short(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
