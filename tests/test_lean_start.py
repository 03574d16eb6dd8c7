"""A check's start-up does nothing it never uses: no source compiled, no URL or thread module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from imported import imported

ROOT = Path(__file__).resolve().parents[1]
#: Four FAQ cases of each game: a parallel check of them forks two workers.
FILES = [
    str(path)
    for game in ("bluemoon", "fma", "warhammer")
    for path in sorted((ROOT / "corpus" / game / "cases").rglob("*.rq"))[:4]
]

#: Runs ``rulesq ARGV`` with the builtin ``compile`` noting each call (in forked workers too)
#: but the import system's, which compiles a module whose bytecode is not written.
_NOTING = """
import builtins, sys
real = builtins.compile
def noted(source, *args, **kwargs):
    if not sys._getframe(1).f_code.co_filename.startswith("<frozen importlib"):
        sys.stderr.write("compiled: " + repr(source)[:80] + "\\n")
    return real(source, *args, **kwargs)
builtins.compile = noted
from rulesq.cli import main
sys.argv = ["rulesq", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
"""


def _compiled(argv: list[str], cache: Path) -> tuple[str, list[str]]:
    """The output of ``rulesq ARGV`` run fresh, and what it passed to ``compile()``."""
    done = subprocess.run(
        [sys.executable, "-c", _NOTING, *argv],
        env={**os.environ, "RULESQ_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    lines = done.stderr.splitlines()
    return done.stdout, [line for line in lines if line.startswith("compiled: ")]


def test_a_parallel_check_of_each_game_compiles_no_source(tmp_path: Path) -> None:
    """A process's first ``compile()`` builds the 111 classes of ``ast`` (about 9 M
    instructions): ``typing`` compiles each field type of a ``NamedTuple`` or ``TypedDict``
    written as a class under postponed annotations, so rulesq's are written in the
    functional form. The second run: its lines are in the cache folder (the first parsed
    them, with lark, whose own annotations are compiled)."""
    argv = ["check", *FILES, "--jobs", "2"]
    _compiled(argv, tmp_path)
    out, compiled = _compiled(argv, tmp_path)
    assert compiled == []
    assert "12 agree" in out


def test_a_parallel_check_loads_no_url_address_or_thread_module(tmp_path: Path) -> None:
    """``pathlib`` is imported without ``urllib.parse`` and ``ipaddress`` (``Path.as_uri``
    alone uses them: ``rulesq.standins``), and the thread-local and lock that rulesq uses are
    taken from ``_thread``, without ``threading``."""
    argv = ["check", *FILES, "--jobs", "2"]
    modules = ("urllib.parse", "ipaddress", "threading")
    runs = [imported(argv, modules, tmp_path) for _ in range(2)]
    assert runs[1][1] == [], runs[1]
    assert all("12 agree" in out for out, _ in runs)


@pytest.mark.skipif(sys.version_info[:2] not in ((3, 11), (3, 12)), reason="no stand-in there")
def test_as_uri_gives_the_same_uri_with_the_stand_in() -> None:
    """The stand-in's function imports the real one on its first call, and is then the
    real module's: the URIs are those ``urllib.parse`` quotes."""
    code = (
        "import sys, rulesq, pathlib\n"
        "assert 'urllib.parse' not in sys.modules\n"
        "assert pathlib.urlquote_from_bytes.__module__ == 'rulesq.standins'\n"
        "uri = pathlib.Path('/a b/\\u00fc%/c').as_uri()\n"
        "from urllib.parse import quote_from_bytes\n"
        "assert sys.modules['urllib.parse'].quote_from_bytes is quote_from_bytes\n"
        "print(uri, 'file://' + quote_from_bytes('/a b/\\u00fc%/c'.encode()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    made, expected = done.stdout.split()
    assert made == expected == "file:///a%20b/%C3%BC%25/c"


def test_every_character_escaped_is_unprintable() -> None:
    """``escape_controls`` returns a printable text as it is, without its pattern: exact only
    while no character the pattern escapes is printable."""
    from rulesq.errors import _controls, escape_controls

    every = "".join(map(chr, range(0x110000)))
    escaped = _controls().findall(every)
    assert len(escaped) > 100
    assert not any(character.isprintable() for character in escaped)
    for character in ("\x1b", "\x9b", "\u2028", "\u202e", "\xa0", "\ufeff"):
        assert escape_controls(f"a{character}b") != f"a{character}b"
    assert escape_controls("a\tb\nc é") == "a\tb\nc é"


def test_a_plain_check_compiles_no_class_beyond_ascii(tmp_path: Path) -> None:
    """The control characters' and odd spaces' classes (``rulesq.errors``) and JSON's unsafe
    characters (``rulesq.jsontext``), each about 2.5 M instructions to compile, are compiled
    when first needed: a check whose files agree, printing its report, needs none."""
    code = (
        "import sys\nfrom rulesq.cli import main\n"
        "sys.argv = ['rulesq', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "from rulesq import errors, jsontext\n"
        "made = [f.cache_info().currsize for f in "
        "(errors._controls, errors._invisibles, jsontext._unsafe)]\n"
        "sys.stderr.write('\\n' + repr(made))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "check", *FILES, "--jobs", "2"],
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert "12 agree" in done.stdout
    assert done.stderr.splitlines()[-1] == "[0, 0, 0]", done.stderr
