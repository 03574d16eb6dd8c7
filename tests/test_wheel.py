"""A plain ``pip install .`` carries the grammars and the corpus, and the installed copy works."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from rulesq.paths import data_root

REPO = data_root()
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (REPO / "pyproject.toml").exists():
        pytest.skip("not running from a checkout")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "--quiet", "-w", str(out)],
        check=True,
    )
    return next(out.glob("rulesq-*.whl"))


def test_wheel_carries_grammar_and_corpus(wheel: Path) -> None:
    """The wheel holds every grammar and every game's corpus, but not the build scripts."""
    names = set(zipfile.ZipFile(wheel).namelist())
    grammars = {p.name for p in (REPO / "grammar").glob("*.lark")}
    assert grammars and {f"rulesq/_data/grammar/{g}" for g in grammars} <= names
    # the shared effect core the card grammars import
    assert "rulesq/_data/grammar/effects.lark" in names
    for game in ("bluemoon", "warhammer", "fma"):
        assert f"rulesq/_data/corpus/{game}/cards.jsonl" in names
    assert not [n for n in names if "/corpus/build/" in n or "__pycache__" in n]


def test_installed_wheel_answers_from_its_own_data(wheel: Path, tmp_path: Path) -> None:
    """Installed without the checkout, rulesq finds its data inside the package and works."""
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--quiet",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
    )
    script = (
        "import rulesq.paths, sys; from rulesq.cli import main;"
        "print(rulesq.paths.data_root(), file=sys.stderr);"
        "sys.argv = ['rulesq', 'card', 'Pandemonium']; main()"
    )
    env = {**os.environ, "PYTHONPATH": str(site), "RULESQ_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert str(site) in result.stderr
    assert "You may not play support cards." in result.stdout
