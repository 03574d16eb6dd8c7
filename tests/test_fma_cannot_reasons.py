"""FMA: a *cannot answer* says the true reason (the sources' silence, a card gone from play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases"

#: (case file, index of the question, words its reason must hold).
REASONS = [
    (
        "fma-who-starts/who-starts-the-play-or-pass-is-not-a-guess.rq",
        0,
        "at the setup, the Play-or-Pass system orders the start-of-game effects (Setup), and "
        "the sources do not say which player takes its first action",
    ),
    (
        "fma-who-starts/who-starts-at-the-start-of-the-turn-is-not-the-active-player-by-guess.rq",
        0,
        "at the start of the turn, the Play-or-Pass system orders the start-of-turn effects",
    ),
    (
        "fma-removed/an-attachment-that-defeats-may-have-acted-before-its-removal.rq",
        1,
        '"Cursed Blade" is in play (line 15)',
    ),
    (
        "fma-removed/an-attachment-that-defeats-may-have-acted-before-its-removal.rq",
        2,
        '"Cursed Blade" was in play (line 15) until removed (line 18), and may have acted',
    ),
    (
        "fma-returned/the-values-of-a-character-returned-to-play-are-not-a-guess.rq",
        0,
        '"Orderly" returned to play (line 10): rulesq does not follow which of its values',
    ),
    (
        "fma-setup/an-ally-of-unknown-faction-under-an-unaligned-leader-asks-for-its-factions.rq",
        1,
        'the situation does not give the factions of "Plain Guy"',
    ),
    (
        "fma-uniqueness/a-copy-of-your-own-leader-is-not-played-from-hand.rq",
        2,
        'the player\'s leader is "Plain Chief", and the situation does not say whether he is a '
        "mob character",
    ),
    (
        "fma-set-cost/a-set-this-character-cost-needs-the-characters-readiness.rq",
        0,
        'the situation does not say whether "Aide" is ready, and "Rally Call" costs "Set this '
        'character"',
    ),
    (
        "fma-set-cost/a-set-this-character-cost-needs-the-characters-readiness.rq",
        4,
        '"Aide" was set by the cost of "Rally Call" (line 27)',
    ),
    (
        "fma-levels/an-invented-leaders-level-is-read-from-the-values-given.rq",
        3,
        'its card line gives no level for "Bare Chief" (write: card "Bare Chief" leader '
        '(level 2), or "Bare Chief" is level 2)',
    ),
    (
        "fma-levels/an-invented-leaders-level-is-read-from-the-values-given.rq",
        6,
        'the situation says "Card Chief" is level 4 (line 32), and its card gives level 3',
    ),
    (
        "fma-loyal/a-keyword-shared-is-no-faction-shared.rq",
        0,
        'the situation does not give the factions of your leader "Chief"',
    ),
    (
        "fma-reacts/a-named-leader-who-cannot-play-is-no-sure-player-of-a-react.rq",
        0,
        'no character of yours is stated, and "Plain React" costs "React Wits 2"',
    ),
    (
        "fma-play/a-leader-named-alone-plays-and-an-unknown-attribute-is-no-yes.rq",
        2,
        'the situation does not give the alchemy of "Al", and "Burning the Past" has an '
        "attribute cost",
    ),
    (
        "fma-factions/a-word-the-data-does-not-classify-is-no-silent-faction.rq",
        0,
        "0 of your characters in play share a faction with it, and the rulings do not say "
        'whether "Zealot" is a faction or another keyword',
    ),
    (
        "fma-factions/a-word-the-data-does-not-classify-is-no-silent-faction.rq",
        2,
        'the rulings do not say whether "Villain" is a faction or another keyword',
    ),
    (
        "fma-factions/a-will-not-join-text-is-open-on-a-word-not-classified.rq",
        0,
        '"Outsider" will not join a Rebel leader, and of your leader "Boss" the rulings do not '
        'say whether "Villain" is a faction',
    ),
    (
        "fma-levels/an-allys-level-is-not-read.rq",
        0,
        '"Squire" is an ally, and the rulings give levels to leaders alone',
    ),
    (
        "fma-levels/an-allys-level-is-not-read.rq",
        1,
        "they never say an ally has a level",
    ),
    (
        "fma-attributes/a-copy-of-a-character-away-from-play-is-not-known.rq",
        1,
        '"Mimic" copies the strength of "Rival", which is not known here ("Rival" is out of '
        "play (line 20)",
    ),
    (
        "fma-attributes/a-copy-of-a-character-away-from-play-is-not-known.rq",
        2,
        '"Echo" copies the strength of "Other", which is not known here ("Other" has left play)',
    ),
    (
        "fma-out-of-play/a-leader-who-left-play-is-no-sure-keeper-of-his-attachments.rq",
        1,
        '"Bright Hero" left play (line 16) after "Brass Locket" was attached, and the rulings '
        "say only that a leader does not lose his attachments when he is out of play",
    ),
    (
        "fma-defeats/a-card-that-left-play-or-is-out-of-play-is-no-sure-defeat.rq",
        1,
        '"Edward" has left play, and the rulings never say whether such a card is defeated',
    ),
    (
        "fma-defeats/a-card-that-left-play-or-is-out-of-play-is-no-sure-defeat.rq",
        2,
        '"Alphonse" is out of play (line 22), and the rulings never say whether such a card is '
        "defeated",
    ),
    (
        "fma-readiness/a-card-away-from-play-has-no-sure-place-or-readiness.rq",
        1,
        '"Runner" is out of play (line 26), and the rulings never say where such a card is',
    ),
    (
        "fma-readiness/a-card-away-from-play-has-no-sure-place-or-readiness.rq",
        3,
        '"Brute" has left play (line 31) and has not returned, and the rulings never say '
        "whether such a card is set or ready",
    ),
    (
        "fma-readiness/a-card-away-from-play-has-no-sure-place-or-readiness.rq",
        4,
        '"Scout" returned to play (line 35) after the situation said it was set (line 21): cards '
        'sent to the discard pile have no "memory"',
    ),
    (
        "fma-timing/the-other-players-unnamed-leader-leaves-the-play-or-pass-open.rq",
        0,
        "your leader is not named, and a leader is in play from the setup on: whether you have "
        "start-of-turn effects to use (and a place in the Play-or-Pass order) is not known",
    ),
    (
        "fma-timing/the-other-players-unnamed-leader-leaves-the-play-or-pass-open.rq",
        1,
        'the text of your leader "Boss" is not known: whether you have start-of-turn effects',
    ),
    (
        "fma-leaders/a-leader-who-left-play-is-no-sure-leader-a-card-will-not-join.rq",
        2,
        'your leader "Scar, Brawler" has left play: the rulings never say whether a player whose '
        "leader left play has a leader a card joins",
    ),
    (
        "fma-leaders/two-leaders-of-one-player-leave-his-leader-unknown.rq",
        0,
        'two leaders of yours, "Chief" (line 8) and "Scar, Brawler" (line 9), and a player has '
        'one leader (Setup: "after the leader comes into play"): which is your leader is not '
        'known (state one alone: my leader is "…")',
    ),
    (
        "fma-leaders/two-leaders-of-one-player-leave-his-leader-unknown.rq",
        1,
        'two leaders of yours, "Chief" (line 8) and "Scar, Brawler" (line 9)',
    ),
    (
        "fma-leaders/two-leaders-of-one-player-leave-his-leader-unknown.rq",
        3,
        'two leaders of his, "Scar, Harbinger of Chaos" (line 16) and "Basque Grand, Tucker’s '
        'Patron" (line 17), and a player has one leader (Setup: "after the leader comes into '
        'play"): which is his leader is not known (state one alone: your leader is "…")',
    ),
]


@pytest.mark.parametrize(("name", "index", "words"), REASONS)
def test_the_reason_of_a_cannot_answer(name: str, index: int, words: str) -> None:
    """The answer is *cannot answer*, and its reason holds the words that say why."""
    path = CASES / name
    situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
    answer = evaluate(situation)[index]
    assert not answer.answered
    assert words in answer.reason, answer.reason
