"""Which modules rulesq imports: a command line run fresh, or the imports run in this process."""

from __future__ import annotations

import ast
import builtins
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def imported(argv: list[str], modules: tuple[str, ...], cache: Path) -> tuple[str, list[str]]:
    """The output of ``rulesq ARGV`` run fresh with ``cache``, and which ``modules`` it loaded."""
    code = (
        "import sys\nfrom rulesq.cli import main\n"
        f"sys.argv = ['rulesq', *{argv!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"sys.stderr.write('\\n' + repr(sorted(m for m in {modules!r} if m in sys.modules)))\n"
    )
    env = {**os.environ, "RULESQ_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    found = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert isinstance(found, list), done.stderr
    return done.stdout, found


def imports_run(
    monkeypatch: pytest.MonkeyPatch, caller_counted: Callable[[str], bool]
) -> list[tuple[str, str]]:
    """Note each import run from now on by a module ``caller_counted`` names: (caller, name).

    ``monkeypatch.undo()`` stops the noting; the list keeps what was noted.
    """
    imported: list[tuple[str, str]] = []
    real = builtins.__import__
    frame = sys._getframe

    def counted(name: str, *args: Any, **kwargs: Any) -> Any:
        caller = str(frame(1).f_globals.get("__name__", ""))
        if caller_counted(caller):
            imported.append((caller, name))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", counted)
    return imported
