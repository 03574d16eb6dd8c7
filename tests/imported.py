"""Running a rulesq command line in a fresh interpreter and naming the modules it imported."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path


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
