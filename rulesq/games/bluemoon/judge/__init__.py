"""The Blue Moon judge: a situation replayed into a game state, and the rules that answer.

A question is answered in three steps. The facts written before it are replayed into a game
state; the rules of the game, read from the cards' parsed texts and the rule clauses, decide
the point asked; the finding becomes an answer with its derivation graph.

The state:

- ``cards``: each card of a situation (type, people, icons, printed values, parsed text);
- ``state``: turns, phases, zones, the event log; ``timeline`` and ``moves`` replay the facts;
- ``view``: the state before one question, and the helpers that turn a ``ruling.Ruling`` into
  an answer (effects quoted, clauses cited rule first, what lost and what beat it).

What is in force (the precedence ladder, ``corpus/bluemoon/ladder.toml``):

- ``forces``: which cards, texts and icons are ignored (a fixed point over the ignore effects,
  PROTECTED, "I must", "no effect if opposed by"), and the effects in force;
- ``select`` (which cards a text names), ``holds`` (does a condition hold), ``timing`` (when a
  text acts), ``prohibits`` (which "you may not" texts forbid an act), ``values`` (Special
  Rule 7).

The rules of play, one topic a module: ``plays`` with ``playing``, ``limits``, ``forbids`` and
``own_text`` (may a card be played); ``interference``; ``usable``, ``retrieving``,
``replacing`` (using texts and icons); ``requirements``, ``discards``, ``sharing``,
``removals``, ``hands``, ``disclosure`` (hands and discards); ``fight``, ``retreats``,
``retreating``, ``declines``, ``attractions``, ``dragons``, ``game_end`` (fights, dragons, the
end of the game); ``ships``, ``ship_texts``, ``bluffs``; ``decks`` (deck building).
``rules`` names the clauses the judge cites.

The question handlers are the ``answers_*`` modules, listed by question kind in
``rulesq.games.bluemoon.QUESTIONS``. No module names a card or an FAQ question: behaviour comes
from the parsed card texts and the game's rules.
"""
