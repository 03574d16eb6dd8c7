"""The table mode's logic, without a terminal: lines build a situation, questions answered."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def _terminal_session(steps: list[tuple[bytes, str]], cache: Path) -> tuple[int, str]:
    """Run ``rulesq`` alone on a pseudo-terminal: type each step's keys once the text shown
    so far holds its mark (one more time than before); the exit code and all it showed."""
    import fcntl
    import os
    import re
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm", "RULESQ_CACHE_DIR": str(cache)}
    rulesq = str(Path(sys.executable).parent / "rulesq")
    process = subprocess.Popen(
        [rulesq], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen = b""

    def text() -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", seen.decode(errors="replace"))

    def wait_for(mark: str, count: int) -> None:
        nonlocal seen
        end = time.monotonic() + 120
        while text().count(mark) < count and time.monotonic() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break

    marks: dict[str, int] = {}
    try:
        for keys, mark in steps:
            marks[mark] = marks.get(mark, 0) + 1
            wait_for(mark, marks[mark])
            time.sleep(0.3)  # the prompt is drawn after the mark
            os.write(master, keys)
        code = process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return code, text()


def test_rulesq_alone_on_a_terminal_opens_the_table_mode(tmp_path: Path) -> None:
    pytest.importorskip("termios")  # a pseudo-terminal: POSIX only
    forbidden = 'decided by you may not: "Pandemonium" forbids it'
    code, shown = _terminal_session(
        [
            (b'you have active "Pand\t', ":help lists the commands."),
            (b"\r", 'you have active "Pandemonium"'),  # the card name completed
            (b'ask can I play "Laughing Gas"?\r', 'you have active "Pandemonium"'),
            (b"\x1b[A", forbidden),  # answered at once; the arrow recalls the question
            (b"\r", 'ask can I play "Laughing Gas"?'),
            (b":undo\r", forbidden),  # answered again
            (b":show\r", "took back: "),
            (b":quit\r", '\nask can I play "Laughing Gas"?\nbluemoon>'),  # what :show shows
        ],
        tmp_path,
    )
    assert code == 0
    assert shown.startswith("rulesq table mode: game bluemoon. :help lists the commands.\n")
    assert shown.count(forbidden) == 2
    assert 'took back: ask can I play "Laughing Gas"?' in shown
    assert (
        ':show\ngame bluemoon\nyou have active "Pandemonium"\nask can I play "Laughing Gas"?\n'
    ) in shown


def test_the_table_mode_reads_piped_lines_without_a_prompt(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    lines = 'you have active "Pandemonium"\nask can I play "Laughing Gas"?\n:show\n:quit\nmore\n'
    done = subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "shell"],
        input=lines,
        capture_output=True,
        text=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout.splitlines()
    assert out[:3] == [
        'ask can I play "Laughing Gas"?',
        "  no",
        '  decided by you may not: "Pandemonium" forbids it: You may not play support cards.',
    ]
    assert out[-3:] == [
        "game bluemoon",
        'you have active "Pandemonium"',
        'ask can I play "Laughing Gas"?',
    ]
