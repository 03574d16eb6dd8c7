"""The table mode's logic, without a terminal: lines build a situation, questions answered."""

from __future__ import annotations

from pathlib import Path

from rulesq.cli.shell import Table, completions


def test_a_situation_builds_up_and_each_question_is_answered() -> None:
    table = Table()
    assert table.handle('you have active "Pandemonium"') == ""
    out = table.handle('ask can I play "Laughing Gas"?').splitlines()
    assert out[:3] == [
        'ask can I play "Laughing Gas"?',
        "  no",
        '  decided by you may not: "Pandemonium" forbids it: You may not play support cards.',
    ]
    checked = table.handle("expect yes").splitlines()
    assert checked[-1] == "  expect yes: DISAGREE (expected yes, but the answer is no)"
    assert table.handle(":undo") == "took back: expect yes"
    assert table.handle(":show").splitlines() == [
        "game bluemoon",
        'you have active "Pandemonium"',
        'ask can I play "Laughing Gas"?',
    ]


def test_a_bad_line_is_not_kept_and_shows_the_nearest_form() -> None:
    table = Table()
    out = table.handle('you have actve "Pandemonium"').splitlines()
    assert out[0] == "error: unexpected 'actve'"
    assert 'did you mean: you have active "Pandemonium"' in out
    assert table.lines == []


def test_save_and_game(tmp_path: Path) -> None:
    table = Table()
    table.handle('you have active "Pandemonium"')
    path = tmp_path / "case.rq"
    assert table.handle(f":save {path}") == f"saved 1 lines to {path}"
    assert path.read_text() == 'game bluemoon\nyou have active "Pandemonium"\n'
    assert table.handle(":game warhammer") == (
        "game warhammer: Warhammer: Invasion LCG, a new situation"
    )
    assert table.lines == [] and table.game == "warhammer"
    assert table.handle(":game chess").startswith("error: Unknown game 'chess'")
    assert table.handle(":shwo") == (
        "unknown command ':shwo'. Did you mean \"show\"? :help lists them."
    )
    assert table.handle(":undo") == "nothing to undo"


def test_completion_of_card_names_forms_and_commands() -> None:
    table = Table()
    assert ('Laughing Gas"', -4) in completions(table, 'ask can I play "Laug')
    assert ("ask can I retreat?", -len("ask can I re")) in completions(table, "ask can I re")
    assert (":undo", -2) in completions(table, ":u")
    table.handle(":game warhammer")
    assert ("Franz's Decree\"", -5) in completions(table, 'ask what does "Franz')
    assert completions(table, 'ask what does "Laughing G') == []
