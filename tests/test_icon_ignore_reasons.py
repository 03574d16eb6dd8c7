"""An effect ignoring icons decides as card text, citing what supersedes the icon's rule.

BM-Q197: Mekarthas the Shrewd "ignores the PROTECTED icon ... rulebook page 17, under Special
Rules, first point: 'Instructions on the cards supersede these game rules.' applies". Every
question an icon ignored this way decides (is it effective, can it be used, can the card be
retrieved, is a bluff lost) rests on that clause, never on the clause of ignored cards ("When a
card is ignored, its values, icons and special power texts have no effect": the card is not
ignored) or on that of instructions ignoring other cards; ignoring the whole card is the ignore
step, with those clauses.
"""

from __future__ import annotations

from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

SUPERSEDE = "bluemoon/rulebook/p17-special-rules/supersede"
IGNORED_CARD = "bluemoon/rulebook/p17-special-rules/ignored-card"
IGNORING = "bluemoon/rulebook/p17-special-rules/ignoring"

SITUATION = """game bluemoon
card "Boomer" character (fire 1, earth 1, RETRIEVE, REPLACE): ""
card "Swapper" character (fire 1, earth 1, REPLACE): ""
you have active "{ignorer}"
I have active "Boomer"
I have in hand "Swapper"
it is my turn
phase {phase}
ask {question}
"""

QUESTIONS = [
    ("Beginning of Turn", 'can I retrieve "Boomer"?'),
    ("Beginning of Turn", 'is the RETRIEVE icon of "Boomer" effective?'),
    ("Leadership", 'can I use the REPLACE icon of "Swapper"?'),
]


def _decided(ignorer: str, phase: str, question: str) -> tuple[str, str | None, set[str]]:
    text = SITUATION.format(ignorer=ignorer, phase=phase, question=question)
    [answer] = evaluate(parse_situation(text, "<icons>"))
    assert answer.answered, answer.reason
    cited = set(answer.graph.deciding_clause_ids())
    return answer.verdict.show() if answer.verdict else "-", answer.decided_by, cited


def test_an_icon_ignore_decides_as_card_text_on_the_supersede_clause() -> None:
    for phase, question in QUESTIONS:
        verdict, step, cited = _decided("Impenetrable Fog", phase, question)
        assert (verdict, step) == ("no", "card text"), question
        assert SUPERSEDE in cited, (question, cited)
        assert not cited & {IGNORED_CARD, IGNORING}, (question, cited)


def test_ignoring_the_whole_card_is_the_ignore_step_on_its_clauses() -> None:
    for phase, question in QUESTIONS:
        verdict, step, cited = _decided("Mad Mike Magpie", phase, question)
        assert (verdict, step) == ("no", "ignore"), question
        assert IGNORING in cited, (question, cited)
        assert SUPERSEDE not in cited, (question, cited)
