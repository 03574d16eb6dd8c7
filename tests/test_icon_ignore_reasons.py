"""An answer an ignored icon decides cites the clause of ignored cards only when the card is.

"When a card is ignored, its values, icons and special power texts have no effect." (rulebook
p.17) is the basis when a text ignores the whole card. A text ignoring icons ("Your icons are
ignored, except STOP and PROTECTED.") ignores no card: the clause of ignored cards is not what
its answer rests on. Where such an answer is decided by card text (the FAQ: a text ignoring the
PROTECTED icon, "'Instructions on the cards supersede these game rules.' applies") it cites that
clause; the retrieve answer keeps the ignore step its existing pins give it.
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

RETRIEVE = ("Beginning of Turn", 'can I retrieve "Boomer"?')
EFFECTIVE = ("Beginning of Turn", 'is the RETRIEVE icon of "Boomer" effective?')
REPLACE = ("Leadership", 'can I use the REPLACE icon of "Swapper"?')


def _decided(ignorer: str, phase: str, question: str) -> tuple[str, str | None, set[str]]:
    text = SITUATION.format(ignorer=ignorer, phase=phase, question=question)
    [answer] = evaluate(parse_situation(text, "<icons>"))
    assert answer.answered, answer.reason
    cited = set(answer.graph.deciding_clause_ids())
    return answer.verdict.show() if answer.verdict else "-", answer.decided_by, cited


def test_an_icon_ignore_never_cites_the_clause_of_ignored_cards() -> None:
    for phase, question in (RETRIEVE, EFFECTIVE, REPLACE):
        verdict, _, cited = _decided("Impenetrable Fog", phase, question)
        assert verdict == "no", question
        assert IGNORED_CARD not in cited, (question, cited)


def test_an_icon_ignore_decided_as_card_text_rests_on_the_supersede_clause() -> None:
    for phase, question in (EFFECTIVE, REPLACE):
        _, step, cited = _decided("Impenetrable Fog", phase, question)
        assert step == "card text", question
        assert SUPERSEDE in cited and IGNORING not in cited, (question, cited)


def test_ignoring_the_whole_card_is_the_ignore_step_on_its_clauses() -> None:
    for phase, question in (RETRIEVE, EFFECTIVE, REPLACE):
        verdict, step, cited = _decided("Mad Mike Magpie", phase, question)
        assert (verdict, step) == ("no", "ignore"), question
        assert {IGNORING, IGNORED_CARD} <= cited, (question, cited)
        assert SUPERSEDE not in cited, (question, cited)
