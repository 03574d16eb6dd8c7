"""Loading rulesq makes few collector passes; a library's import keeps its threshold."""

from __future__ import annotations

import json
import subprocess
import sys

_PROBE = """
import gc, json
def passes():
    return sum(generation["collections"] for generation in gc.get_stats())
before, threshold = passes(), gc.get_threshold()
import rulesq
library = passes() - before, gc.get_threshold() == threshold
import rulesq.cli, rulesq.cli.parallel, rulesq.engine.check
print(json.dumps([*library, passes() - before, gc.get_threshold()[0]]))
"""


def _probe() -> list[object]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    )
    found: list[object] = json.loads(done.stdout)
    return found


def test_loading_the_command_makes_few_passes_and_a_library_keeps_its_threshold() -> None:
    """At Python's 700 allocations a pass, these imports made dozens of passes (counted)."""
    library_passes, threshold_kept, command_passes, young = _probe()
    assert threshold_kept is True  # ``import rulesq`` gives the threshold back
    assert isinstance(library_passes, int) and library_passes <= 1
    assert isinstance(command_passes, int) and command_passes <= 2
    from rulesq.cli import YOUNG_OBJECTS_PER_COLLECTION

    assert young == YOUNG_OBJECTS_PER_COLLECTION
