"""The table mode's logic, without a terminal: lines build a situation, questions answered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq.cli.shell import Table, completions


def test_a_situation_builds_up_and_each_question_is_answered() -> None:
    table = Table()
    assert table.handle('you have active "Pandemonium"') == ""
    out = table.handle('ask can I play "Laughing Gas"?').splitlines()
    assert out[:4] == [
        'ask can I play "Laughing Gas"?',
        "  no",
        '  decided by you may not: "Pandemonium" forbids it: You may not play support',
        "    cards.",
    ]
    checked = table.handle("expect yes").splitlines()
    assert checked[-1] == "  expect yes: DISAGREE (expected yes, but the answer is no)"
    assert table.handle(":undo") == "took back line 4 (expect yes)"  # as :show numbers it
    assert table.handle(":show").splitlines() == [
        "game bluemoon",
        'you have active "Pandemonium"',
        'ask can I play "Laughing Gas"?',
    ]


def test_a_bad_line_is_not_kept_and_shows_the_nearest_form() -> None:
    table = Table()
    out = table.handle('you have actve "Pandemonium"').splitlines()
    assert out[0] == 'error: unexpected "actve"'
    assert 'did you mean: you have active "Pandemonium"' in out
    assert table.lines == []


def test_save_and_game(tmp_path: Path) -> None:
    table = Table()
    table.handle('you have active "Pandemonium"')
    path = tmp_path / "case.rq"
    # the count is the file's lines, the game line with them (as :show prints them)
    assert table.handle(f":save {path}") == f'saved 2 lines to "{path}"'
    assert path.read_text() == 'game bluemoon\nyou have active "Pandemonium"\n'
    assert path.read_text() == table.handle(":show") + "\n"
    alone = tmp_path / "game.rq"
    assert Table().handle(f":save {alone}") == f'saved 1 line to "{alone}"'  # not "1 lines"
    assert table.handle(":game warhammer") == (
        "game warhammer: Warhammer: Invasion LCG, a new situation"
    )
    assert table.lines == [] and table.game == "warhammer"
    assert table.handle(":game chess").startswith('error: unknown game "chess"')
    assert table.handle(":shwo") == (
        'error: unknown command ":shwo". Did you mean ":show"? ":help" lists them.'
    )
    assert table.handle(":undo") == "nothing to undo"


def test_save_never_replaces_another_file_unless_asked(tmp_path: Path) -> None:
    """``:save`` keeps a file that holds something else; ``:save!`` replaces it."""
    path = tmp_path / "case.rq"
    path.write_text("game warhammer\n# a hand-written case\n", encoding="utf-8")
    table = Table()
    table.handle('you have active "Pandemonium"')
    assert table.handle(f":save {path}") == (f'error: "{path}" exists: ":save! {path}" replaces it')
    assert path.read_text() == "game warhammer\n# a hand-written case\n"
    assert table.code == 2
    assert table.handle(f":save! {path}") == f'saved 2 lines to "{path}"'
    assert path.read_text() == 'game bluemoon\nyou have active "Pandemonium"\n'
    assert table.handle(f":save {path}") == f'saved 2 lines to "{path}"'  # the same: no harm
    assert table.handle(f":save {tmp_path}").startswith(f'error: cannot write "{tmp_path}":')


def test_completion_of_card_names_forms_and_commands() -> None:
    table = Table()
    assert ('Laughing Gas"', -4) in completions(table, 'ask can I play "Laug')
    assert ("ask can I retreat?", -len("ask can I re")) in completions(table, "ask can I re")
    assert (":undo", -2) in completions(table, ":u")
    table.handle(":game warhammer")
    assert ("Franz's Decree\"", -5) in completions(table, 'ask what does "Franz')
    assert completions(table, 'ask what does "Laughing G') == []
    assert completions(table, ":game b") == [("bluemoon", -1)]
    assert completions(table, "game ") == [("bluemoon", 0), ("fma", 0), ("warhammer", 0)]
    assert completions(table, ":game fma") == []


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("quit", ":quit"),
        ("exit", ":quit"),
        ("help", ":help"),
        ("Show", ":show"),
        ("save case.rq", ":save case.rq"),
        ("save", ":save case.rq"),  # ":save" alone is refused: a file name to type with it
        ("undo", ":undo"),
        ("quit now", ":quit"),  # what follows a command that takes nothing is left out
        ("show me", ":show"),
        ("undo 3", ":undo"),
        ("qiut", ":quit"),  # a near miss of a command
        ("hepl", ":help"),
        ("sav case.rq", ":save case.rq"),
        ("sav", ":save case.rq"),
        ("gmae warhammer", ":game warhammer"),
    ],
)
def test_a_command_typed_without_its_colon_is_pointed_to_it(typed: str, meant: str) -> None:
    """A command word is no situation line: the error names the command (not a grammar word)."""
    table = Table()
    out = table.handle(typed).splitlines()
    assert out[0] == f'error: unexpected "{typed.split()[0]}"'
    assert f"did you mean: {meant}" in out
    assert not any(line.startswith("Did you mean") for line in out)
    # the command is what is meant: no note that no form says the word
    assert not any(" form says " in line for line in out)
    assert table.lines == [] and table.code == 2


@pytest.mark.parametrize(
    "typed", ["show me the cards in play", "how many cards do I draw?", "card Blaze", "cards"]
)
def test_a_line_that_only_begins_with_a_command_word_is_not_pointed_to_it(typed: str) -> None:
    """A longer line is a statement or question mistyped, and a word no command is near is
    none ("card" and "cards" are no near miss of ":clear")."""
    out = Table().handle(typed).splitlines()
    assert not any(line.startswith("did you mean: :") for line in out)


#: The table mode's prompt as the terminal shows it (colours and cursor moves left out).
PROMPT = "bluemoon>"


def _terminal_session(steps: list[tuple[bytes, str, bool]], cache: Path) -> tuple[int, str]:
    """Run ``rulesq`` alone on a pseudo-terminal: type each step's keys once the text shown
    so far holds its mark (one more time than before), and, when the step says so, a prompt
    drawn after it (an answer's lines come before the next prompt, however slowly: a wait
    after the mark alone would type before it on a loaded machine). The exit code and all it
    showed."""
    import fcntl
    import re
    import select
    import struct
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

    def shown(mark: str, count: int, prompted: bool) -> bool:
        """Whether the mark is shown ``count`` times (then a prompt, if ``prompted``)."""
        found, at = text(), -1
        for _ in range(count):
            at = found.find(mark, at + 1)
            if at < 0:
                return False
        return not prompted or PROMPT in found[at + len(mark) :]

    def wait_for(mark: str, count: int, prompted: bool) -> None:
        nonlocal seen
        end = time.monotonic() + 120  # only if the program hangs: the steps wait for text
        while not shown(mark, count, prompted) and time.monotonic() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break

    marks: dict[str, int] = {}
    try:
        for keys, mark, prompted in steps:
            marks[mark] = marks.get(mark, 0) + 1
            wait_for(mark, marks[mark], prompted)
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
            (b'you have active "Pand\t', '":help" lists the commands.', True),
            (b"\r", 'you have active "Pandemonium"', False),  # the card name completed
            (b'ask can I play "Laughing Gas"?\r', 'you have active "Pandemonium"', True),
            (b"\x1b[A", forbidden, True),  # answered at once; the arrow recalls the question
            (b"\r", 'ask can I play "Laughing Gas"?', False),
            (b":undo\r", forbidden, True),  # answered again
            (b":show\r", "took back line ", True),
            (b":quit\r", '\nask can I play "Laughing Gas"?\nbluemoon>', False),  # :show's
        ],
        tmp_path,
    )
    assert code == 0
    assert shown.startswith('rulesq table mode: game bluemoon. ":help" lists the commands.\n')
    assert shown.count(forbidden) == 2
    assert 'took back line 4 (ask can I play "Laughing Gas"?)' in shown
    assert (
        ':show\ngame bluemoon\nyou have active "Pandemonium"\nask can I play "Laughing Gas"?\n'
    ) in shown


def _piped(lines: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """The installed ``rulesq shell`` run with ``lines`` piped in."""
    return subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "shell"],
        input=lines,
        capture_output=True,
        text=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(cache)},
        timeout=120,
    )


def test_the_table_mode_reads_piped_lines_without_a_prompt(tmp_path: Path) -> None:
    lines = 'you have active "Pandemonium"\nask can I play "Laughing Gas"?\n:show\n:quit\nmore\n'
    done = _piped(lines, tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout.splitlines()
    assert out[:4] == [
        'ask can I play "Laughing Gas"?',
        "  no",
        '  decided by you may not: "Pandemonium" forbids it: You may not play support',
        "    cards.",
    ]
    assert out[-3:] == [
        "game bluemoon",
        'you have active "Pandemonium"',
        'ask can I play "Laughing Gas"?',
    ]


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        ('you have active "Pandemonium"\nask can I play "Laughing Gas"?\nexpect no\n', 0),
        ('you have active "Pandemonium"\nask can I play "Laughing Gas"?\nexpect yes\n', 1),
        ('ask can I play "Laughing Gas"?\nI retreet\n', 2),
        ('I retreet\nask can I play "Laughing Gas"?\nexpect yes\n', 2),
        ('you have active "Pandemonium"\n:save\n', 2),  # a command that failed: no file
    ],
)
def test_piped_lines_exit_as_check_would(tmp_path: Path, lines: str, code: int) -> None:
    """Piped in, the table mode's exit code says whether every line was read and agreed."""
    done = _piped(lines, tmp_path)
    assert done.returncode == code, done.stdout
    assert "Traceback" not in done.stderr


def test_the_tables_code_follows_its_lines() -> None:
    """A question that cannot be answered makes 1; a refused line 2, which nothing lowers."""
    table = Table()
    table.handle('ask can I play "Laughing Gas"?')
    assert table.code == 1  # whose turn it is decides, and is not said
    table.handle("I retreet")
    assert table.code == 2
    table.handle('you have active "Pandemonium"')
    table.handle('ask can I play "Laughing Gas"?')
    assert table.code == 2


def test_ctrl_c_while_a_line_is_judged_takes_the_line_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table goes on after an interrupt, without the line it was judging."""
    from rulesq.cli.shell import _handled

    table = Table()
    table.handle('you have active "Pandemonium"')

    def interrupted(self: Table, situation: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Table, "answer_last", interrupted)
    assert _handled(table, 'ask can I play "Laughing Gas"?') == [
        ("interrupted: the line is not kept", False)
    ]
    assert table.lines == ['you have active "Pandemonium"']


def test_a_call_typed_shows_its_result_alone() -> None:
    """The answer is on screen already: an expect line prints the call checked, not it again."""
    table = Table()
    table.handle('you have active "Pandemonium"')
    table.handle('ask can I play "Laughing Gas"?')
    assert table.handle("expect no") == "  expect no: AGREE"
    assert table.handle("expect  yes") == (
        "  expect  yes: DISAGREE (expected yes, but the answer is no)"
    )


def test_an_unknown_game_is_refused_before_the_table_opens() -> None:
    """``rulesq shell --game chess``: the error, with the games, exit 2 (no table of chess)."""
    from rulesq.cli.shell import shell
    from rulesq.errors import UnknownNameError

    with pytest.raises(UnknownNameError, match='unknown game "chess"'):
        shell("chess")


def test_the_history_is_kept_in_memory_when_the_cache_folder_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A cache folder that cannot be made: one warning (worded ``warning: …``, as every
    warning is), the table still opens."""
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from rulesq.cli.shell import _history

    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(blocker / "cache"))
    assert isinstance(_history(), InMemoryHistory)
    err = capsys.readouterr().err
    assert "cannot keep the lines typed" in err
    assert err.startswith("warning: cannot keep the lines typed in the cache folder"), err
    assert err.count("warning:") == 1, err
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    assert isinstance(_history(), FileHistory)


def test_a_line_refused_while_it_is_judged_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error met while answering is shown, and the line taken back, as a bad line is."""
    from rulesq.errors import CannotAnswer

    table = Table()
    table.handle('you have active "Pandemonium"')

    def refused(self: Table, situation: object) -> str:
        raise CannotAnswer("refused while judged")

    monkeypatch.setattr(Table, "answer_last", refused)
    assert table.handle('ask can I play "Laughing Gas"?') == "error: refused while judged"
    assert table.lines == ['you have active "Pandemonium"']


def test_a_word_refused_while_it_is_judged_shows_its_caret_and_hint() -> None:
    """A word the judge checks (an FMA attribute) is refused as a file's would be: the caret
    under it, what was expected, the spelling meant (the table showed the first line alone)."""
    table = Table("fma")
    table.handle('my characters "Edward" (strength 3, Elric)')
    out = table.handle('ask what is the strenght of "Edward"?').splitlines()
    assert out == [
        'error: "strenght" is not an FMA attribute',
        '  ask what is the strenght of "Edward"?',
        "                  ^",
        'expected one of: "strength", "wits", "alchemy"',
        'Did you mean "strength"?',
    ]
    assert table.lines == ['my characters "Edward" (strength 3, Elric)'] and table.code == 2
    out = table.handle('ask what is the strenght of "Edward"?', "<stdin>:2").splitlines()
    assert out[0] == '<stdin>:2:17: error: "strenght" is not an FMA attribute'


def test_piped_errors_are_placed_at_their_line_and_column(tmp_path: Path) -> None:
    """Piped in, a refused line is named ``<stdin>:line:column`` (its indent counted), as a
    file's is; a command that fails is named by its line, and the exit code is 2."""
    lines = (
        'you have active "Pandemonium"\n  you hve active "Pandemonium"\n'
        ":save {}\n:shwo\nask can I play a support card?\n"
    ).format(tmp_path / "no" / "such.rq")
    done = _piped(lines, tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    errors = done.stderr.splitlines()  # errors on standard error, the answers on standard output
    assert errors[0] == '<stdin>:2:7: error: unexpected "hve"'
    assert errors[1:3] == ['  you hve active "Pandemonium"', "      ^"]
    assert any(row.startswith("<stdin>:3: error: cannot write ") for row in errors)
    unknown = '<stdin>:4: error: unknown command ":shwo". Did you mean ":show"? ":help" lists them.'
    assert unknown in errors
    assert done.stdout.startswith("ask can I play a support card?\n  no\n")  # still read
    assert "error" not in done.stdout


def test_piped_errors_keep_their_place_among_the_answers(tmp_path: Path) -> None:
    """Both streams to one file (``2>&1``): each error comes after the answers before it."""
    lines = 'you have active "Pandemonium"\nask can I play a support card?\nI retreet\n:show\n'
    done = subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "shell"],
        input=lines,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )
    rows = done.stdout.splitlines()
    answered, refused = rows.index("  no"), rows.index('<stdin>:3:3: error: unexpected "retreet"')
    shown = rows.index("game bluemoon")  # :show, after the refused line
    assert answered < refused < shown, done.stdout
    assert done.returncode == 2


def test_a_piped_line_that_is_not_utf8_is_refused_at_its_byte(tmp_path: Path) -> None:
    """A byte that is not UTF-8 refuses its line at ``<stdin>:line:column``; the rest is read."""
    data = b'you have active "Pandemonium"\nI pl\xffay\nask can I play a support card?\n'
    done = subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "shell"],
        input=data,
        capture_output=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )
    errors = done.stderr.decode("utf-8").splitlines()
    assert done.returncode == 2
    assert errors[0] == (
        "<stdin>:2:5: error: not UTF-8 text: the byte 0xff cannot be read (invalid start byte)"
    )
    assert errors[2] == "      ^" and "  no" in done.stdout.decode("utf-8").splitlines()


def test_save_reads_a_tilde_as_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    table = Table()
    table.handle('you have active "Pandemonium"')
    assert table.handle(":save ~/case.rq") == 'saved 2 lines to "~/case.rq"'
    assert (tmp_path / "case.rq").read_text().endswith('you have active "Pandemonium"\n')


def test_a_piped_line_past_the_input_limit_names_the_situation(tmp_path: Path) -> None:
    """The limit's message names the situation the table builds, not an internal name."""
    done = _piped('ask can I play "' + "x" * 1_000_001 + '"?\n', tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(
        "<stdin>:1: error: the situation is larger than the input limit of 1,000,000 bytes"
    )


def test_lines_pasted_at_once_are_each_handled() -> None:
    """A situation pasted in arrives as one input holding several lines: each is a line of
    its own (the question among them answered, :undo takes back one), not one line whose
    question is never asked."""
    table = Table()
    out = table.handle(
        'you have active "Pandemonium"\nI play "Trigger Brainstorm"\n'
        "ask can I play a support card?\nexpect no\n"
    )
    assert out.startswith("ask can I play a support card?\n  no\n"), out
    assert out.splitlines()[-1] == "  expect no: AGREE"
    assert len(table.lines) == 4
    assert table.handle(":undo") == "took back line 5 (expect no)"


def test_a_call_that_does_not_agree_shows_why_whole() -> None:
    """A call's result keeps its reason when the reason wraps onto a second line."""
    table = Table()
    table.handle('you have active "Pandemonium"')
    table.handle('I play "Trigger Brainstorm"')
    table.handle("ask can I play a support card?")
    out = table.handle("expect decided by card text").splitlines()
    assert out == [
        '  expect decided by card text: DISAGREE (expected decided by "card text", but',
        '    "you may not" decided it)',
    ]


@pytest.mark.parametrize("game", ["bluemoon", "fma", "warhammer"])
def test_help_shows_a_statement_and_a_question_of_the_current_game(game: str) -> None:
    """:help's examples are lines the game reads (not Blue Moon's in an FMA table), and each
    typed as shown is read: no error."""
    table = Table()
    table.handle(f":game {game}")
    shown = table.handle(":help").splitlines()
    assert shown[1].endswith(f"In {game}, for example:")
    statement, question = shown[2].strip(), shown[3].strip()
    assert not table.handle(statement).startswith("error")
    assert table.lines == [statement]
    assert not table.handle(question).startswith("error")
    assert all(len(line) <= 80 for line in shown)


@pytest.mark.parametrize("command", [":show", ":undo", ":clear", ":forms", ":help"])
def test_a_command_that_takes_nothing_refuses_what_follows_it(command: str) -> None:
    """``:undo 3`` or ``:show all`` is refused, the situation untouched (the words after it
    were dropped unread: ``:undo 3`` took back one line, ``:clear x`` cleared all)."""
    table = Table()
    table.handle('you have active "Pandemonium"')
    out = table.handle(f"{command} 3")
    assert out == f'error: "{command}" takes nothing after it (found "3"): type "{command}" alone'
    assert table.lines == ['you have active "Pandemonium"']
    assert not table.handle(command).startswith("error:")


def test_fma_s_x_keyword_is_said_with_its_form_among_the_words_expected() -> None:
    """At a line's start FMA reads ``X is 3 for "Card"``: its "X" listed bare among "I" and
    "ask" read as a placeholder left in the list."""
    table = Table()
    table.handle(":game fma")
    out = " ".join(table.handle("element is earth").split())
    assert '"I", "X" (as in: X is 3 for "Card Name"), "ask"' in out
    assert '"X",' not in out
    assert table.handle('X is 3 for "Majhal, Psychotic Alchemist"') == ""  # the form it names


def test_a_long_list_of_words_expected_is_cut_with_an_ellipsis_and_whole_in_json() -> None:
    """Twelve words are shown, then "…" (cut silently, "the" and "you" seemed not to be
    expected); ``--json`` lists every word."""
    import json

    from typer.testing import CliRunner

    from rulesq.cli import app

    table = Table()
    table.handle(":game fma")
    out = " ".join(table.handle("element is earth").split())
    assert '"expect", "game", … ' in out
    done = CliRunner().invoke(app, ["ask", "--game", "fma", "--json", "-e", "element is earth"])
    expected = json.loads(done.stdout)["expected"]
    assert '"the"' in expected and '"you"' in expected and "…" not in expected


def test_help_lists_the_games_as_game_does() -> None:
    """:help named the games in another order than :game lists them."""
    table = Table()
    listed = table.handle(":game").split("the games: ", 1)[1]
    assert f":game NAME    start over with another game ({listed})" in table.handle(":help")


def test_quit_with_a_word_after_it_says_it_takes_nothing() -> None:
    """``:quit now`` is refused as ``:undo 3`` is (it was "unknown command", offering itself)."""
    table = Table()
    out = table.handle(":quit now")
    assert out == 'error: ":quit" takes nothing after it (found "now"): type ":quit" alone'
    assert table.code == 2
