"""The effect language: card text as typed, immutable nodes that keep their source span.

The core every game shares: the base nodes (``base``), quantities (``quantity``), player roles
(``roles``) and number words (``words``), read by the shapes of ``grammar/effects.lark``.
"""

from rulesq.effects.base import Effect, Node, ParsedText, Unparsed
from rulesq.effects.quantity import Q, Quantity
from rulesq.effects.roles import Role

__all__ = ["Effect", "Node", "ParsedText", "Q", "Quantity", "Role", "Unparsed"]
