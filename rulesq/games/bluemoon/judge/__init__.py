"""The Blue Moon judge: a situation replayed into a game state, and the rules that answer.

A question is answered in three steps. The facts written before it are replayed into a game
state; the rules of the game, read from the cards' parsed texts and the rule clauses, decide
the point asked; the finding becomes an answer with its derivation graph.

The modules stand in six layers; a module imports only modules of its own layer or a lower
one, and no two modules import each other, even inside functions
(``tests/test_import_layers.py`` checks both).

0. The state: ``cards`` (each card of a situation: type, people, icons, printed values,
   parsed text), ``state`` (turns, phases, zones, the event log, what is known of a hand),
   ``rules`` (the clauses the judge cites), ``work`` (the judging's steps, counted: tests
   read their growth), ``phase_reads`` (a phase re-ask's phase, noting how it is read),
   ``placing`` (the one refusal of a card placed nowhere where its place decides),
   ``open_areas`` (areas not given card by card: a count read there, asked again with more),
   ``lending`` (a reading kept for later lent to a question, given back as it was).
1. The law, what is in force (the precedence ladder, ``corpus/bluemoon/ladder.toml``):
   ``ruling`` (a finding and the rule that decided it), ``select`` (which cards a text names),
   ``values`` (Special Rule 7, and whether a condition holds: a value effect acts only while its
   condition holds and a condition may count total power, so both live in one module),
   ``forces`` (which cards, texts and icons are ignored: a fixed point over the ignore effects,
   PROTECTED, "I must", "no effect if opposed by"; the effects in force), ``timing`` (when a
   text acts), ``prohibits`` (which "you may not" texts forbid an act), ``precedents`` (the
   FAQ answers that decided the most similar question).
2. The rules a replay reads: playing a card changes the state by the texts in force, so these
   come before the replay. ``playing`` (as-if icons, FREE from a landed ship, gangs, covering),
   ``limits`` (the limits of a turn), ``ship_texts`` (texts loading ships), ``interference``
   (what an interference card answers), ``dragons``, ``bluffs``, ``discards`` and
   ``attractions`` (the dragons each event brings; an interference card may answer one),
   ``removals`` (the texts that discard cards in play: a discard with no use stated is the use
   of the one text that makes it), ``searches`` (the cards a search of a pile could take),
   ``choices`` (the optional texts played whose use is left unstated, with each way they could
   have gone).
3. The replay: ``moves`` and ``timeline`` read the facts into a state; ``view`` is the state
   before one question, with the helpers that turn a ``ruling.Ruling`` into an answer (effects
   quoted, clauses cited rule first, what lost and what beat it).
4. The rules of play, one topic a module: ``plays`` with ``forbids`` and ``own_text`` (may a
   card be played), ``bluff_plays``; ``usable``, ``retrieving``, ``replacing``, ``shielding``
   (using texts and icons; PROTECTED icons kept); ``requirements``, ``sharing``,
   ``hands``, ``disclosure`` (hands and discards); ``fight``, ``retreats``,
   ``retreating``, ``declines``, ``game_end`` (fights and the end of the game); ``ships``;
   ``decks`` (deck building).
5. The questions: the ``answers_*`` modules, listed by question kind in
   ``rulesq.games.bluemoon.QUESTIONS``.

No module names a card or an FAQ question: behaviour comes from the parsed card texts and the
game's rules.
"""
