"""Engine independence: the core loads no game module; the FMA game registers itself."""

from __future__ import annotations

import json
import subprocess
import sys

from rulesq.engine.dispatch import handler_for
from rulesq.games import GAMES, get_game

#: The engine core: every module of these packages is imported in a fresh interpreter.
CORE = ("rulesq.engine", "rulesq.situation", "rulesq.explain", "rulesq.render")

_IMPORT_CORE = f"""
import importlib, json, pkgutil, sys
for name in {CORE!r}:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("rulesq."))))
"""


def run(code: str) -> list[str]:
    """The JSON list a snippet prints, run in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    found: list[str] = json.loads(out)
    return found


def test_importing_the_core_loads_no_game() -> None:
    """Every module of engine, situation, explain and render imports without any game."""
    loaded = run(_IMPORT_CORE)
    assert "rulesq.engine.dispatch" in loaded and "rulesq.render.text" in loaded
    games = [
        m
        for m in loaded
        for g in GAMES
        if m == f"rulesq.games.{g}" or m.startswith(f"rulesq.games.{g}.")
    ]
    assert games == []


def test_the_fma_module_registers_itself_with_its_handlers() -> None:
    """Importing rulesq.games.fma registers it; each question kind it lists has a handler."""
    code = (
        "import json, rulesq.games as g; before = sorted(g._REGISTRY); "
        "import rulesq.games.fma; print(json.dumps([before, sorted(g._REGISTRY)]))"
    )
    before, after = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
    )
    assert "fma" not in before and "fma" in after
    game = get_game("fma")
    assert set(game.questions) == {
        "battle_winner",
        "defeated",
        "defeat_choice",
        "value",
        "printed",
        "goals",
        "card_text",
        "part_text",
        "card_goal",
        "keywords",
        "has_keyword",
        "unique",
        "same_name",
        "starting_leader",
        "counts_as_drawing",
        "can_play",
        "can_character_play",
        "can_cancel",
        "can_target",
        "can_attach",
        "can_block",
        "can_attack",
        "can_start",
        "reacts_first",
        "can_react",
        "use_again",
        "must_use",
        "defeats",
        "power_up",
        "affects",
        "revealed",
        "can_perform",
        "perform_together",
        "next_action",
        "at_home",
        "readiness",
        "counts_as_defeating",
        "plays_location",
        "attribute_cost",
        "is_defeated",
        "can_recruit",
        "keeps",
        "waits",
        "acts_when_discarded",
    }
    for kind in game.questions:
        handler = handler_for(game, kind)
        assert callable(handler) and handler.__module__.startswith("rulesq.games.fma.")


def test_a_situation_for_one_game_loads_no_other_game() -> None:
    """Answering an FMA situation imports the FMA module and no other game's."""
    code = (
        "import json, sys\nfrom rulesq.engine import evaluate\n"
        "from rulesq.situation import parse_situation\n"
        'evaluate(parse_situation(\'game fma\\nbattle wits\\nattackers "A" (wits 2)\\n'
        'defenders "D" (wits 1)\\nask who wins the battle?\\n\'))\n'
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('rulesq.games.'))))"
    )
    loaded = run(code)
    assert "rulesq.games.fma.battle_answers" in loaded
    assert not [
        m for m in loaded if m.startswith(("rulesq.games.bluemoon", "rulesq.games.warhammer"))
    ]
