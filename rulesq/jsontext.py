"""JSON text safe to print: readable UTF-8, but no raw control or line-separator character."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any


@cache
def _unsafe() -> re.Pattern[str]:
    """Characters JSON may carry raw that a terminal or a JavaScript reader must not meet raw.

    DEL, the C1 controls, the line and paragraph separators and the bidirectional controls.
    Compiled on first use (about 2.5 M instructions: ``re`` compiles a class of ranges beyond
    ASCII in Python), as only ``--json`` needs it.
    """
    return re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def to_json(value: Any) -> str:
    """``value`` as indented JSON, with each of those characters escaped as a backslash-u escape.

    They only occur inside strings, where the escape stands for the same character.
    """
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return _unsafe().sub(lambda m: f"\\u{ord(m.group()):04x}", text)
