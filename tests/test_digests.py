"""SHA-256 from the interpreter's own module: the same digests as ``hashlib``, without it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from imported import imported

from rulesq import digests

ROOT = Path(__file__).resolve().parents[1]
CASE = str(ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq")


def test_the_same_digests_as_hashlib() -> None:
    for data in (b"", b"abc", bytes(range(256)) * 300, "caf\u00e9\0".encode()):
        assert digests.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        made, real = digests.sha256(data[:7]), hashlib.sha256(data[:7])
        made.update(data[7:])
        real.update(data[7:])
        assert made.hexdigest() == real.hexdigest()


def test_not_hashlib_where_the_interpreter_has_its_own() -> None:
    assert digests.sha256 is not hashlib.sha256
    assert digests.sha256.__module__ in ("_sha256", "_sha2")


def test_a_check_imports_no_hashlib(tmp_path: Path) -> None:
    """Its cache keys hashed, its caches written (the first run) and read (the second)."""
    runs = [imported(["check", CASE, "--jobs", "1"], ("hashlib", "_hashlib"), tmp_path)]
    runs.append(imported(["check", CASE, "--jobs", "1"], ("hashlib", "_hashlib"), tmp_path))
    assert runs[1][1] == [], runs[1]
    assert all("AGREE" in out for out, _ in runs)
