"""Rulings as a FAQ-style Markdown document: question, ruling, card texts, clauses, situation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesq.corpus.models import Clause
    from rulesq.engine.answer import Answer
    from rulesq.rulings import OpenQuestion, Ruling, Rulings


def counted(number: int, noun: str) -> str:
    """``1 ruling``, ``2 rulings``: a number with its noun, plural when it is not one."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


#: Longer FAQ answers cited as precedents are cut here (the id cites the whole answer).
PRECEDENT_QUOTE = 400


def _untouched(found: Rulings) -> str:
    """How many questions no card's text touches (so none was asked), when there are any."""
    if not found.untouched:
        return ""
    return f", {found.untouched} more that no card's text touches"


def _asked(found: Rulings) -> str:
    """The questions asked, and what they gave, the parts adding up to the whole.

    ``9 questions asked: 4 gave rulings (4 below), 2 were left open, 3 gave none (no card
    changes the answer)``; a part of none is left out.
    """
    said = counted(found.asked, "question") + " asked"
    if not found.asked:
        return said
    written = len(found.rulings)
    parts = [
        (
            found.ruled,
            f"gave {'a ruling' if found.ruled == 1 else 'rulings'} ({written} below"
            + (", the same ruling written once)" if written < found.ruled else ")"),
        ),
        (found.left_open, f"{'was' if found.left_open == 1 else 'were'} left open"),
        (found.no_ruling, "gave none (no card changes the answer)"),
    ]
    return said + ": " + ", ".join(f"{n} {what}" for n, what in parts if n)


def render_rulings(found: Rulings, title: str) -> str:
    """The whole document: heading, one section a ruling, open questions, passages naming them."""
    names = ", ".join(f'"{name}"' for name in found.cards)
    out = [
        f"# Rulings: {names}",
        "",
        f"*{title}. Written by rulesq from its corpus: {_asked(found)}; "
        f"{len(found.skipped)} not asked{_untouched(found)}. "
        "Each ruling gives "
        "the verdict, what decided it (the step of the precedence ladder, where one did), "
        "the card texts involved and the clauses it rests on (the rule first, the FAQ "
        "precedent second); its situation re-runs with `rulesq ask`.*",
        "",
    ]
    if not found.asked:
        out += [
            f"No question in corpus/{found.game}/rulings.toml applies to these cards "
            "(questions about a pair need two cards).",
            "",
        ]
    elif not found.rulings and found.open:
        out += ["No ruling could be written: rulesq cannot answer the questions below.", ""]
    elif not found.rulings and found.about:
        out += [
            "None of the questions rulesq asks about these cards gives a ruling; the "
            "sources speak of them in the passages below.",
            "",
        ]
    elif not found.rulings:
        out += ["No interaction among these cards changes an answer.", ""]
    for number, ruling in enumerate(found.rulings, start=1):
        out += _ruling(number, ruling)
    if found.open:
        out += ["## Questions rulesq cannot answer", ""]
        out += [
            f"- {question.title}{_as_asked(question, found)} Cannot answer: {question.reason}"
            for question in found.open
        ]
        out.append("")
    if found.skipped:
        out += ["## Questions not asked", ""]
        out += [f"- {skip.title} Not asked: {skip.reason}." for skip in found.skipped]
        out.append("")
    if found.about:
        out += [
            "## What the sources say about these cards",
            "",
            "Not asked as questions above; read them as they stand.",
            "",
        ]
        out += [_passage(clause) for clause in found.about]
        out.append("")
    return "\n".join(out)


def _as_asked(question: OpenQuestion, found: Rulings) -> str:
    """What the situation of an open question states, when its title alone is another's.

    A ruling may answer a question with a phase stated while the same question, asked as an
    FAQ case puts it, is open: one title read as both answered and not.
    """
    titles = [ruling.title for ruling in found.rulings] + [q.title for q in found.open]
    if titles.count(question.title) < 2:
        return ""
    stated = [
        line.strip()
        for line in question.situation.splitlines()
        if line.strip() and not line.strip().startswith(("game ", "ask ", "#"))
    ]
    return f" (after: {'; '.join(stated)})" if stated else " (nothing else stated)"


def _ruling(number: int, ruling: Ruling) -> list[str]:
    answer = ruling.answer
    out = [f"## {number}. {ruling.title}", "", _verdict(answer), ""]
    if ruling.unchanged:
        out += [
            "*No card here changes this answer alone: the FAQ rules on the same question "
            "about these cards (the precedent below).*",
            "",
        ]
    if ruling.beside:
        out.append(
            "In the same situation (no card changes these alone; they show where the text stops):"
        )
        out += [f"- {_title(other.question.text)} {_verdict(other)}" for other in ruling.beside]
        out.append("")
    effects = answer.graph.effects()
    if effects:
        out.append("Card texts:")
        out += [f"- **{effect['card']}**: \u201c{effect['label']}\u201d" for effect in effects]
        out.append("")
    citations = answer.citations()
    if citations:
        out.append("Rests on:")
        out += [_citation(clause) for clause in citations]
        out.append("")
    assumptions = answer.graph.assumptions()
    if assumptions:
        out.append("Assumes:")
        out += [f"- {text}" for text in assumptions]
        out.append("")
    out += ["Situation:", "", "```text", ruling.situation.rstrip(), "```", ""]
    return out


def _title(question: str) -> str:
    """A question as a heading: capitalised."""
    question = question.strip()
    return question[:1].upper() + question[1:]


def _verdict(answer: Answer) -> str:
    if answer.verdict is None:
        return f"**{answer.status.value.capitalize()}**: {answer.reason}"
    shown = answer.verdict.show()
    step = answer.decided_by
    how = f"decided by *{step}*" if step else answer.status.value
    return f"**{shown[:1].upper() + shown[1:]}** ({how}): {answer.reason}"


def _passage(clause: Clause) -> str:
    """A clause that names the cards: its id, source, question (if any) and text."""
    asked = f"Q: \u201c{_cut(clause.question)}\u201d A: " if clause.question else ""
    reverses = clause.extra.get("reverses")
    note = f" (reverses {reverses})" if reverses else ""
    return f"- `{clause.id}`, {clause.source()}: {asked}\u201c{_cut(clause.text)}\u201d{note}"


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= PRECEDENT_QUOTE else text[: PRECEDENT_QUOTE - 1].rstrip() + "\u2026"


def _citation(clause: dict[str, Any]) -> str:
    text = " ".join(str(clause["text"]).split())
    precedent = clause.get("role") == "precedent"
    if precedent and len(text) > PRECEDENT_QUOTE:
        text = text[: PRECEDENT_QUOTE - 1].rstrip() + "\u2026"
    role = " (precedent)" if precedent else ""
    differs = clause.get("differs")
    if precedent and differs:
        role = f" (precedent, {clause['differs_head']})"
        return (
            f"- `{clause['clause_id']}`{role}, {clause['source']}: \u201c{text}\u201d "
            f"(differs: {differs})"
        )
    return f"- `{clause['clause_id']}`{role}, {clause['source']}: \u201c{text}\u201d"
