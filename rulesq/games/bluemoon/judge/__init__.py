"""The Blue Moon judge: a situation replayed into a game state, and the rules that answer.

``cards`` gives each card of a situation its type, icons, values and parsed text; ``state`` and
``timeline`` replay the facts in order; ``forces`` decides which cards, texts and icons are ignored
and which effects are in force (the precedence ladder); ``values`` applies Special Rule 7; ``plays``
decides whether a card may be played. The question handlers live in ``answers_*`` modules and are
listed in ``rulesq.games.bluemoon``.
"""
