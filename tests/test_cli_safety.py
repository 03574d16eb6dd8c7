"""Every failure an honest exit: exit codes, limits, paths, encodings, a closed output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq import inputs
from rulesq.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
runner = CliRunner()


def run(
    args: list[str], stdin: bytes | None = None, **env: str
) -> subprocess.CompletedProcess[bytes]:
    """``python -m rulesq ARGS`` (through ``main``, which sets the exit codes)."""
    return subprocess.run(
        [sys.executable, "-m", "rulesq", *args],
        input=stdin,
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        timeout=120,
        check=False,
    )


def shell(command: str, **env: str) -> subprocess.CompletedProcess[str]:
    """A shell command line, for what only a shell can arrange (a closed or full output)."""
    return subprocess.run(
        ["bash", "-c", command],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


RQ = f"{sys.executable} -m rulesq"

# --- exit codes ---------------------------------------------------------------------------


def test_a_usage_mistake_is_json_with_json() -> None:
    """An unknown option is exit 2; with --json the error is JSON on standard output."""
    done = run(["ask", "--no-such-option", "--json"])
    assert done.returncode == 2
    assert "no-such-option" in json.loads(done.stdout)["error"]
    plain = run(["ask", "--no-such-option"])
    assert plain.returncode == 2 and b"no-such-option" in plain.stderr and plain.stdout == b""


def test_an_internal_error_exits_3_with_one_line() -> None:
    """A bug is exit 3, one line asking for a report; the traceback only with RULESQ_DEBUG=1."""
    code = (
        "import rulesq.corpus.search as s\n"
        "def broken(*args, **kwargs): raise RuntimeError('boom')\n"
        "s.search_words = broken\n"
        "from rulesq.cli import main\nimport sys\nsys.argv = ['rulesq', 'search', 'dragon']\n"
        "main()\n"
    )
    for debug in ("0", "1"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "RULESQ_DEBUG": debug},
            timeout=120,
            check=False,
        )
        assert done.returncode == 3
        last = done.stderr.strip().splitlines()[-1]
        assert "internal error" in last and "please report" in last and "boom" in last
        assert ("Traceback" in done.stderr) == (debug == "1")
        if debug == "0":
            assert len(done.stderr.strip().splitlines()) == 1


def test_answered_unanswered_and_bad_input_keep_0_1_2(tmp_path: Path) -> None:
    """0 answered, 1 not answered, 2 bad input."""
    assert run(["ask", str(EXAMPLE)]).returncode == 0
    unanswerable = tmp_path / "open.rq"
    unanswerable.write_text("game bluemoon\nask how many cards do I have in hand?\n")
    assert run(["ask", str(unanswerable)]).returncode == 1
    assert run(["ask", str(tmp_path / "missing.rq")]).returncode == 2


# --- output -------------------------------------------------------------------------------


def test_a_broken_pipe_exits_141_quietly() -> None:
    """The reader of the output goes away: exit 141, nothing on standard error."""
    done = shell(
        f'{RQ} check corpus/bluemoon/cases | head -1 >/dev/null; echo "rc=${{PIPESTATUS[0]}}" >&2'
    )
    assert done.stderr.strip().splitlines() == ["rc=141"], done.stderr


def test_standard_error_read_by_no_one_exits_141_quietly(tmp_path: Path) -> None:
    """The reader of standard error went away before an error is told: 141, not a bug's 3."""
    process = subprocess.Popen(
        [sys.executable, "-m", "rulesq", "ask", str(tmp_path / "missing.rq")],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    process.stderr.close()  # before the error is written: writing it breaks the pipe
    assert process.wait(timeout=120) == 141


def test_ctrl_c_exits_130_without_a_traceback() -> None:
    """Interrupted while checking (workers and all): exit 130, nothing on standard error."""
    import signal

    for jobs in ("1", "2"):
        process = subprocess.Popen(
            # every folder three times: far more output than a pipe and its buffers hold, so
            # the check cannot finish before the signal however fast it starts
            [sys.executable, "-m", "rulesq", "check", *["corpus", "tests/cases"] * 3, "-j", jobs],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            # Ctrl-C as at a terminal: a test run started in the background (``cmd &`` in a
            # script) ignores SIGINT, and its children would inherit that (as they should)
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
        )
        assert process.stdout is not None
        assert process.stdout.readline().startswith(b"AGREE")  # started: interrupt it now
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=120)
        assert process.returncode == 130 and b"Traceback" not in err, err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_output_exits_2_with_one_line() -> None:
    """Standard output on a full device: exit 2, one line, no traceback."""
    done = shell(f"{RQ} search dragon >/dev/full")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: cannot write the output: no space left on device"
    ]


def test_a_closed_output_exits_2() -> None:
    """Standard output closed: exit 2, one line."""
    done = shell(f"{RQ} search dragon >&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_ascii_output_replaces_and_warns_once() -> None:
    """Characters the output's encoding cannot show become '?', with one warning."""
    done = run(["ask", str(EXAMPLE)], PYTHONIOENCODING="ascii")
    assert done.returncode == 0
    assert b"?" in done.stdout and max(done.stdout) < 128
    assert done.stderr.decode().count("warning") == 1


# --- input --------------------------------------------------------------------------------


def test_a_non_utf8_file_is_an_error_at_its_line_and_column(tmp_path: Path) -> None:
    """The bad byte is shown at line:column, with a caret, for a file and for stdin."""
    data = b'game bluemoon\nask can I play "Caf\xe9"?\n'
    case = tmp_path / "latin1.rq"
    case.write_bytes(data)
    for args, stdin, name in (([str(case)], None, str(case)), (["-"], data, "<stdin>")):
        done = run(["ask", *args], stdin=stdin)
        assert done.returncode == 2
        first, shown, _, hint = done.stderr.decode().splitlines()[:4]
        assert first.startswith(f"{name}:2:20: error: not UTF-8 text"), first
        assert shown == '  ask can I play "Caf\\xe9"?'  # the byte as it is, not U+FFFD
        assert hint == ("Give the text as UTF-8." if stdin else "Save the file as UTF-8.")


def test_special_files_are_refused(tmp_path: Path) -> None:
    """A FIFO or a device is refused at once (no hang, no MemoryError), exit 2."""
    fifo = tmp_path / "pipe.rq"
    os.mkfifo(fifo)
    for args in (
        ["ask", str(fifo)],
        ["check", str(fifo)],
        ["ask", "/dev/zero"],
        ["check", "/dev/zero"],
    ):
        done = run(args)
        assert done.returncode == 2, args
        assert b"not a regular file" in done.stdout + done.stderr


def test_the_input_size_is_limited(tmp_path: Path) -> None:
    """More than the limit (1 MB, or RULESQ_MAX_INPUT) is refused, from a file or stdin."""
    case = tmp_path / "big.rq"
    case.write_text("game bluemoon\n" + "# padding\n" * 200)
    small = run(["ask", str(case)], RULESQ_MAX_INPUT="100")
    assert small.returncode == 2 and b"input limit of 100 bytes" in small.stderr
    endless = subprocess.run(
        f"{RQ} ask - < /dev/zero",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert endless.returncode == 2 and b"input limit of 1,000,000 bytes" in endless.stderr


def test_a_file_in_error_is_one_short_line_in_check(tmp_path: Path) -> None:
    """A message quoting a huge name is cut in check's ERROR line, as in the details."""
    case = tmp_path / "huge.rq"
    case.write_text('game bluemoon\nask can I play "' + "A" * 5000 + '"?\n')
    done = run(["check", str(case)])
    assert done.returncode == 2
    [line, _summary] = done.stdout.decode().splitlines()
    assert line.startswith("ERROR") and line.endswith("…") and len(line) < 400 + len(str(case))
    assert max(len(shown) for shown in done.stderr.decode().splitlines()) < 400


def test_a_corpus_folder_with_no_game_is_said_plainly(tmp_path: Path) -> None:
    """Pointed at a folder with no game, lookups say so (not "unknown card", not no match)."""
    for args in (["card", "Pandemonium"], ["search", "dragon"], ["forms", "--game", "fma"]):
        done = run(args, RULESQ_CORPUS_DIR=str(tmp_path))
        assert done.returncode == 2, args
        assert b"no game's corpus is in" in done.stderr, (args, done.stderr)


def test_a_closed_standard_input_is_an_input_error() -> None:
    """``ask -`` with standard input closed: exit 2 and why; the bare command and the table too."""
    done = shell(f"{RQ} ask - <&-")
    assert done.returncode == 2 and done.stderr == (
        "error: cannot read standard input: it is closed\n"
    )
    assert shell(f"{RQ} <&-").stdout.startswith("Usage: ")
    table = shell(f"{RQ} shell <&-")
    assert table.returncode == 0 and table.stderr == ""


def test_a_number_has_at_most_100_digits() -> None:
    """5,000 digits are an error at the number, not a traceback; 100 are fine to read."""
    for digits, code in ((5000, 2), (inputs.MAX_DIGITS, None)):
        text = f"game bluemoon\nI have {'9' * digits} cards in my hand\nask can I play a card?"
        result = runner.invoke(app, ["ask", "-e", text])
        if code is None:
            assert "digits" not in result.output
        else:
            assert result.exit_code == code and "numbers have at most 100" in result.output


@pytest.mark.parametrize("what", ["statements", "questions"])
def test_statements_and_questions_are_limited(what: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A situation with more statements (or questions) than allowed is exit 2."""
    monkeypatch.setattr(inputs, "MAX_STATEMENTS" if what == "statements" else "MAX_QUESTIONS", 3)
    text = "game bluemoon\n" + "ask can I play a support card?\n" * 4
    result = runner.invoke(app, ["ask", "-e", text])
    assert result.exit_code == 2
    assert "at most 3" in result.output and what.rstrip("s") in result.output


def test_a_300_character_game_is_an_unknown_game() -> None:
    """A long --game is checked before it could become part of a file name."""
    game = "x" * 300
    for args in (
        ["ask", "-e", 'ask what does "A" read?', "--game", game],
        ["search", "dragon", "--game", game],
        ["card", "A", "--game", game],
        ["corpus", "--game", game],
        ["search", "dragon", "--game", "../../etc"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert (
            "unknown game" in result.output
            and result.exception is None
            or isinstance(result.exception, SystemExit)
        )


def test_control_characters_are_shown_escaped() -> None:
    """An escape sequence in the input never reaches the terminal raw."""
    done = run(["ask", "-e", 'game bluemoon\nask can I play "\x1b[31mred"?'])
    assert done.returncode == 2
    assert b"\x1b" not in done.stderr and b"\\x1b[31mred" in done.stderr


# --- paths --------------------------------------------------------------------------------


def test_check_does_not_follow_links_out_of_the_folder(tmp_path: Path) -> None:
    """A link out of DIR is an ERROR naming it, never read; --follow reads it."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET first line\n")
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "good.rq").write_bytes(EXAMPLE.read_bytes())
    (folder / "inside.rq").symlink_to(folder / "good.rq")
    (folder / "x.rq").symlink_to(secret)
    (folder / "sub").symlink_to(tmp_path, target_is_directory=True)
    done = run(["check", str(folder)])
    text = (done.stdout + done.stderr).decode()
    assert done.returncode == 2
    assert "TOP SECRET" not in text
    assert f"{folder / 'x.rq'}: a link out of" in text and f"{folder / 'sub'}: a link" in text
    assert text.count("AGREE") == 2  # good.rq and the link to it inside the folder
    followed = run(["check", "--follow", str(folder)])
    assert followed.returncode == 2 and b"a link out of" not in followed.stdout


def test_an_empty_path_is_an_error(tmp_path: Path) -> None:
    """``check ''`` does not check the current folder; ``ask ''`` reads nothing."""
    for args in (["check", ""], ["ask", ""]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "empty" in result.output, args


def test_rulings_to_a_bad_target_is_exit_2(tmp_path: Path) -> None:
    """A missing folder, a folder, or a full device as -o: a clear error, exit 2."""
    targets = [tmp_path / "missing" / "out.md", tmp_path]
    if Path("/dev/full").exists():
        targets.append(Path("/dev/full"))
    for target in targets:
        result = runner.invoke(app, ["rulings", "Pandemonium", "Laughing Gas", "-o", str(target)])
        assert result.exit_code == 2, target
        assert result.output.startswith(f'error: cannot write "{target}": '), result.output
        why = result.output.removeprefix(f'error: cannot write "{target}": ')
        assert why[:1].islower(), result.output  # "no such file …", not the system's "No such"


def test_an_unknown_huge_name_is_cut_in_the_json_error_too() -> None:
    """``card --json`` bounds the name it echoes as the text message does (80 characters)."""
    done = run(["card", "A" * 100_000, "--json"])
    assert done.returncode == 2
    error = json.loads(done.stdout)
    assert error["name"] == "A" * 79 + "…"
    assert f'"{error["name"]}"' in error["error"]
