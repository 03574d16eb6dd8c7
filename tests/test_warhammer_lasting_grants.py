"""Combat damage read from Actions and tactics for a time, and "+-X" in the card data."""

from __future__ import annotations

from rulesq.corpus import load_corpus
from rulesq.engine.dispatch import evaluate
from rulesq.games.warhammer import combat_plays, lasting_grants
from rulesq.games.warhammer.board import Board
from rulesq.games.warhammer.situation import read_board
from rulesq.situation import parse_situation

KROQ_GAR = (
    "it is my turn\nphase battlefield\n"
    'my legend is "Scar-Leader Kroq-Gar"\n'
    'I attack your kingdom with "Scar-Leader Kroq-Gar"\n'
)


def _board(body: str) -> Board:
    situation = parse_situation("game warhammer\n" + body)
    return read_board(situation, situation.facts)


def _text(name: str) -> str:
    card = next(c for c in load_corpus("warhammer").cards.values() if c.name == name)
    return card.text or ""


def test_the_revealed_units_make_x() -> None:
    board = _board(
        KROQ_GAR + 'I trigger "Scar-Leader Kroq-Gar" revealing "Skinks of Sotek", "Temple Guard"\n'
        "the chain has resolved\n"
    )
    legend = board.find("Scar-Leader Kroq-Gar")
    assert legend is not None
    found = lasting_grants.grants(board, legend)
    assert not found.gaps and found.value == 2
    assert any("revealed 2 Lizardmen units" in step for step in found.steps)


def test_a_revealed_card_of_another_trait_is_a_gap() -> None:
    board = _board(
        KROQ_GAR + 'I trigger "Scar-Leader Kroq-Gar" revealing "Chaos Knights"\n'
        "the chain has resolved\n"
    )
    legend = board.find("Scar-Leader Kroq-Gar")
    assert legend is not None
    found = lasting_grants.grants(board, legend)
    assert found.gaps and "Chaos Knights" in found.gaps[0]


def test_the_discarded_card_is_not_a_target() -> None:
    board = _board(
        'my legend is "Sigvald the Magnificent"\n'
        'I trigger "Sigvald the Magnificent" discarding "Chaos Knights"\n'
    )
    link = board.chain[0]
    assert link.targets == () and link.shown_as == "discarding"
    assert [c.name for c in link.shown if c is not None] == ["Chaos Knights"]


def test_the_actions_read_are_those_whose_x_is_defined() -> None:
    for name in ("Sigvald the Magnificent", "Scar-Leader Kroq-Gar", "Naggaroth Spearmen"):
        assert lasting_grants.reads(_text(name)), name
    # A constant "+X" is no Action: not read here (values reads it).
    assert not lasting_grants.reads(_text("Serpent Slayer"))


def test_both_signs_in_the_data_name_the_problem() -> None:
    situation = parse_situation(
        "game warhammer\nit is my turn\nphase battlefield\n"
        'my battlefield has "Chaos Knights", "Helblaster Volley Gun"\n'
        '"Helblaster Volley Gun" is attached to "Chaos Knights"\n'
        "my battlefield has 2 developments\n"
        'I attack your kingdom with "Chaos Knights"\n'
        "ask can I assign 1 damage to your kingdom?\n"
    )
    answer = evaluate(situation)[-1]
    assert answer.verdict is None
    assert '"+-X"' in answer.reason and "seed-problems.md" in answer.reason


SHIELDED = (
    "it is your turn\nphase battlefield\n"
    'your battlefield has "Chaos Knights"\n'
    'my kingdom has "Skink Skirmishers", "Carnosaur Rider", "Chameleon Stalker"\n'
    'you attack my kingdom with "Chaos Knights"\n'
    'I respond with "Shield of the Gods"\n'
    "the chain has resolved\n"
    'I declare "Skink Skirmishers", "Carnosaur Rider", "Chameleon Stalker" as defenders\n'
)


def test_a_tactic_gives_defenders_their_keyword_value() -> None:
    """Shield of the Gods: +X while defending, X the unit's Savage (0 without it)."""
    board = _board(SHIELDED)
    found = {}
    for name in ("Skink Skirmishers", "Chameleon Stalker", "Chaos Knights"):
        placed = board.find(name)
        assert placed is not None
        value = combat_plays.grants(board, placed)
        assert not value.gaps, name
        found[name] = value.value
    assert found == {"Skink Skirmishers": 1, "Chameleon Stalker": 0, "Chaos Knights": 0}


def test_a_keyword_the_grammar_does_not_read_is_not_zero() -> None:
    """A "Savage 3 (… dmaage …)" the grammar does not parse (the data's misspelling, now
    corrected in the corpus, on a card of the situation): its X is a gap, not 0."""
    board = _board(
        'card "Misspelt Rider" unit (cost 4, power 2, hp 4): "Savage 3 (whenever this unit is '
        'dealt damage, it may deal 3 dmaage to target unit in any corresponding zone)."\n'
        + '"Misspelt Rider" has traits Lizardmen and Cavalry\n'
        + SHIELDED.replace('"Carnosaur Rider"', '"Misspelt Rider"')
    )
    rider = board.find("Misspelt Rider")
    assert rider is not None
    value = combat_plays.grants(board, rider)
    assert value.gaps and "Savage" in value.gaps[0]


def _shield_x(extra: str, unit: str = "Temple Guard") -> tuple[int | None, list[str]]:
    """Shield of the Gods's +X for a defender, after the statements ``extra`` (before it)."""
    board = _board(
        "it is your turn\nphase battlefield\n"
        'your battlefield has "Chaos Knights"\n'
        'my kingdom has "Temple Guard", "Skink Skirmishers", "Saurus Warriors"\n'
        + extra
        + 'you attack my kingdom with "Chaos Knights"\n'
        'I respond with "Shield of the Gods"\n'
        "the chain has resolved\n"
        f'I declare "{unit}" as defender\n'
    )
    placed = board.find(unit)
    assert placed is not None
    value = combat_plays.grants(board, placed)
    return value.value, value.gaps


def test_the_savage_an_attachment_gives_counts() -> None:
    """ "The amount of Savage they have": Cloak of Feathers's Savage 2 on the unit counts."""
    assert _shield_x('"Cloak of Feathers" is attached to "Temple Guard"\n') == (2, [])
    assert _shield_x("") == (0, [])


def test_the_savage_given_to_another_unit_does_not_count() -> None:
    assert _shield_x('"Cloak of Feathers" is attached to "Saurus Warriors"\n') == (0, [])


def test_savage_from_two_sources_is_not_added_up() -> None:
    """Skink Skirmishers's own Savage 1 and Cloak of Feathers's 2: the FAQ does not say."""
    value, gaps = _shield_x(
        '"Cloak of Feathers" is attached to "Skink Skirmishers"\n', "Skink Skirmishers"
    )
    assert gaps and "2 sources" in gaps[0]


def test_a_resolved_tactic_gives_its_target_savage() -> None:
    """Track the Prey on the unit: Savage X, X its printed power (Saurus Warriors: 2)."""
    resolved = 'I trigger "Track the Prey" targeting "{}"\nthe chain has resolved\n'
    assert _shield_x(resolved.format("Saurus Warriors"), "Saurus Warriors") == (2, [])
    assert _shield_x(resolved.format("Temple Guard"), "Saurus Warriors") == (0, [])


def test_a_text_that_may_give_savage_leaves_the_amount_open() -> None:
    """Ziggurat of Quetli gives Savage 1 in a zone with a Pyramid card: not read."""
    value, gaps = _shield_x('my kingdom has "Ziggurat of Quetli"\n')
    assert value is None or gaps
    assert gaps and "Ziggurat of Quetli" in gaps[0]
