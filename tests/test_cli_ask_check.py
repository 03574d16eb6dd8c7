"""``rulesq ask`` and ``rulesq check``: inputs, outputs, summary line and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, FIXTURE_CORPUS
from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("whi_fixture")

ERRATA = EXAMPLES / "warhammer" / "errata.rq"
LISTS = EXAMPLES / "warhammer" / "restricted-list.rq"
DECK_QUESTION = "ask does my deck obey the restricted and banned lists?"


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_ask_file_prints_verdict_reason_and_citation() -> None:
    """Short output: the question, the verdict, one reason line, the clause cited."""
    code, out = run("ask", str(ERRATA))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == 'ask what does "Franz\'s Decree" read?'
    assert lines[1] == '  "Action: Target unit cannot be declared as an attacker or defender."'
    assert lines[2].startswith("  definite: the text in force after the erratum")
    assert "[warhammer/faq/errata-core-set/47]" in out
    assert "facts:" not in out and "alternatives that lost" not in out


def test_ask_explain_shows_the_whole_chain() -> None:
    """``--explain`` adds facts, alternatives that lost and what beat them, negatives."""
    code, out = run("ask", "--explain", str(LISTS))
    assert code == 0
    assert "facts:" in out and 'my deck has 3 "Urguck", 1 "Dwarf Ranger"' in out
    assert "alternatives that lost:" in out
    assert "- yes — beaten by warhammer/faq/restricted-list" in out
    code, out = run(
        "ask", "--explain", "-e", f'game warhammer\\nmy deck has 1 "Urguck"\\n{DECK_QUESTION}'
    )
    assert code == 0 and "relies on:" in out and "no banned card in the deck" in out


def test_ask_reads_stdin_and_expressions() -> None:
    """``ask -`` reads standard input; ``ask -e`` takes the text (with \\n or --game)."""
    text = ERRATA.read_text(encoding="utf-8")
    code, out = run("ask", "-", stdin=text)
    assert code == 0 and "Target unit cannot be declared" in out
    code, out = run("ask", "-e", 'ask what does "Franz\'s Decree" read?', "--game", "warhammer")
    assert code == 0 and "Target unit cannot be declared" in out


def test_ask_json_has_the_same_content() -> None:
    """``--json``: verdict, status, reason, citations verbatim, alternatives, expectations."""
    code, out = run("ask", "--json", str(LISTS))
    assert code == 0
    doc = json.loads(out)
    (reply,) = doc["answers"]
    assert reply["verdict"] == {"type": "yes-no", "value": False, "shown": "no"}
    assert reply["status"] == "definite" and reply["decided_by"] is None
    assert reply["citations"][0]["id"] == "warhammer/faq/restricted-list"
    assert reply["citations"][0]["role"] == "rule"
    assert reply["alternatives"][0]["beaten_by"][0]["edge"] == "beats"
    assert reply["expectations"] == [
        {"expect": "expect no", "kind": "word", "result": "agree", "detail": None}
    ]


@pytest.mark.parametrize(
    ("fmt", "marker"),
    [("dot", "digraph rulesq {"), ("mermaid", "flowchart BT"), ("json", '"edges"')],
)
def test_ask_graph_formats(fmt: str, marker: str) -> None:
    """``--graph dot|mermaid|json`` prints the derivation graph with typed edges."""
    code, out = run("ask", "--graph", fmt, str(LISTS))
    assert code == 0 and marker in out
    assert "beats" in out and "supports" in out
    if fmt == "json":
        (graph,) = json.loads(out)
        kinds = {n["kind"] for n in graph["nodes"]}
        assert {"question", "verdict", "fact", "clause", "alternative"} <= kinds


def test_ask_unknown_graph_format_is_bad_input() -> None:
    """An unknown graph format: expected formats listed, exit 2."""
    code, out = run("ask", "--graph", "png", str(LISTS))
    assert code == 2 and "dot" in out


def test_ask_without_a_question_or_with_two_outputs_is_bad_input() -> None:
    """No question to answer, or ``--graph`` with ``--json``: exit 2 and why, nothing judged."""
    code, out = run("ask", "-e", "game warhammer")
    assert code == 2 and "no question" in out and "rulesq forms" in out
    code, out = run("ask", "--json", "-e", "game warhammer")
    assert code == 2 and "no question" in json.loads(out)["error"]
    # placed after the last line, where the question would go, with an example of one
    assert (json.loads(out)["file"], json.loads(out)["line"]) == ("<-e>", 2)
    code, out = run("ask", "-e", "game warhammer\nit is my turn\n")
    assert out.splitlines()[0] == "<-e>:3:1: error: no question: the situation asks nothing"
    assert "expected a question on its own line, like: ask " in out
    code, out = run("ask", "--json", "--graph", "dot", str(ERRATA))
    assert code == 2 and "not both" in json.loads(out)["error"]
    code, out = run("ask", "--graph", "dot", str(ERRATA))
    assert code == 0 and out.startswith("digraph")


def test_ask_of_a_folder_points_to_check(tmp_path: Path) -> None:
    """A folder is no situation: exit 2, and the command that answers its files."""
    code, out = run("ask", str(tmp_path))
    assert code == 2
    assert f'cannot read "{tmp_path}": it is a folder: "rulesq check {tmp_path}" answers' in out


def test_ask_cannot_answer_exits_1() -> None:
    """A question that cannot be answered says why and exits 1."""
    code, out = run("ask", "-e", f"game warhammer\\n{DECK_QUESTION}")
    assert code == 1 and "cannot answer: the situation does not say" in out


def test_ask_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    """Bad input: file:line:col, caret, expected, exit 2, no traceback."""
    bad = write(tmp_path, "bad.rq", 'game warhammer\nask what does "Franz Decree" read?\n')
    code, out = run("ask", str(bad))
    assert code == 2
    assert f"{bad}:2:15: error: unknown card" in out and "Traceback" not in out
    code, out = run("ask", str(tmp_path / "missing.rq"))
    assert code == 2
    # worded as check words it, never the system's capitalised "No such file or directory"
    assert f'error: no such file or folder: "{tmp_path / "missing.rq"}"' in out, out
    code, out = run("check", str(tmp_path / "missing.rq"))
    assert f'error: no such file or folder: "{tmp_path / "missing.rq"}"' in out, out
    code, out = run("ask", "--json", str(bad))
    assert code == 2 and json.loads(out)["line"] == 2


def test_check_summary_and_exit_codes(tmp_path: Path) -> None:
    """One line per file, the exact summary line last; exit 0 only when all agree."""
    code, out = run("check", str(EXAMPLES / "warhammer"))
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("AGREE") and lines[0].endswith("errata.rq")
    assert lines[-1] == "2 agree, 0 disagree, 0 cannot answer"

    wrong = write(
        tmp_path,
        "cases/wrong.rq",
        f'game warhammer\nmy deck has 3 "Urguck", 1 "Dwarf Ranger"\n{DECK_QUESTION}\nexpect yes\n',
    )
    unsure = write(
        tmp_path, "cases/deeper/unsure.rq", f"game warhammer\n{DECK_QUESTION}\nexpect no\n"
    )
    code, out = run("check", str(tmp_path / "cases"), str(ERRATA))
    lines = out.splitlines()
    assert code == 1
    assert lines[-1] == "1 agree, 1 disagree, 1 cannot answer"
    (disagree,) = [line for line in lines if line.startswith("DISAGREE")]
    assert str(wrong) in disagree and "expected no" not in disagree
    assert "expected yes, but the answer is no" in disagree
    assert "contradicts warhammer/faq/restricted-list" in disagree
    assert f"{wrong}: {DECK_QUESTION}: expected yes" in disagree
    (cannot,) = [line for line in lines if line.startswith("CANNOT ANSWER")]
    assert str(unsure) in cannot and "does not say what my deck holds" in cannot


def test_check_bad_file_exits_2_and_keeps_going(tmp_path: Path) -> None:
    """A file that does not parse has its line and its count; the others are still checked.

    The details (caret, what was expected) go to stderr; the listing on stdout names the
    file with an ERROR line, and the exit code is 2, so that a report never passes for
    "all agree".
    """
    bad = write(tmp_path, "a-bad.rq", "game warhammer\nask what does X read?\n")
    write(tmp_path, "b-good.rq", ERRATA.read_text(encoding="utf-8"))
    result = runner.invoke(app, ["check", str(tmp_path), str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "a-bad.rq:2:15: error" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ERROR") and f"{bad}:2:15: " in lines[0]
    assert lines[-2].startswith("ERROR") and lines[-2].endswith(
        f'no such file or folder: "{tmp_path / "nope"}"'
    )
    assert lines[-1] == "1 agree, 0 disagree, 0 cannot answer, 2 could not be checked"
    assert len(lines) == 1 + 1 + 2  # the counts add up to the lines above the summary
    code, out = run("check", "--json", str(tmp_path), str(tmp_path / "nope"))
    doc = json.loads(out)
    assert code == 2 and [f["result"] for f in doc["files"]] == ["error", "agree", "error"]
    assert doc["summary"] == lines[-1]


def test_check_missing_path_and_empty_folder_are_bad_input(tmp_path: Path) -> None:
    """A typo in a path never passes as "all agree"."""
    code, out = run("check", str(tmp_path / "nope"))
    assert code == 2 and "no such file or folder" in out
    code, out = run("check", str(tmp_path))
    assert code == 2 and "no situation files" in out


def test_check_file_without_calls_has_no_call_to_check(tmp_path: Path) -> None:
    """A situation with no expect line is "no call to check", never "cannot answer"."""
    path = write(tmp_path, "open.rq", 'game warhammer\nask what does "Urguck" read?\n')
    code, out = run("check", str(path), str(ERRATA))
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == f"NO CALL        {path}: no call to check: the file has no expect line"
    assert lines[-1] == "1 agree, 0 disagree, 0 cannot answer, 1 with no call to check"
    code, out = run("check", "--json", str(path))
    doc = json.loads(out)
    assert code == 1 and doc["files"][0]["result"] == "no-call"
    assert doc["summary"] == "0 agree, 0 disagree, 0 cannot answer, 1 with no call to check"


def test_check_json(tmp_path: Path) -> None:
    """``check --json``: one record per file and the summary."""
    code, out = run("check", "--json", str(EXAMPLES / "warhammer"))
    doc = json.loads(out)
    assert code == 0 and doc["summary"] == "2 agree, 0 disagree, 0 cannot answer"
    assert [f["result"] for f in doc["files"]] == ["agree", "agree"]
    assert doc["files"][0]["answers"][0]["citations"]


def test_check_json_spells_cannot_answer_as_the_answer_status_does(tmp_path: Path) -> None:
    """A file, a call and an answer that cannot be decided all read ``cannot-answer``."""
    unsure = write(tmp_path, "unsure.rq", f"game warhammer\n{DECK_QUESTION}\nexpect no\n")
    code, out = run("check", "--json", str(unsure))
    [record] = json.loads(out)["files"]
    [answer] = record["answers"]
    assert code == 1
    assert record["result"] == answer["status"] == "cannot-answer"
    assert answer["expectations"][0]["result"] == "cannot-answer"


def test_installed_command_runs_in_a_fresh_process() -> None:
    """The console entry point works end to end in a new process (no traceback)."""
    env = {"RULESQ_CORPUS_DIR": str(FIXTURE_CORPUS), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", "check", str(LISTS), str(ERRATA)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "2 agree, 0 disagree, 0 cannot answer"


def test_a_path_not_found_suggests_the_one_spelt_alike(tmp_path: Path) -> None:
    """A mistyped file or folder gets the path that exists and is spelt like it (each missing
    part replaced by its folder's closest name); nothing close, no suggestion."""
    case = write(tmp_path, "cases/errata.rq", ERRATA.read_text(encoding="utf-8"))
    code, out = run("ask", str(tmp_path / "cases" / "errata.r"))
    assert code == 2 and out.rstrip().endswith(f'did you mean "{case}"?'), out
    code, out = run("check", str(tmp_path / "case" / "errata.rq"))
    assert code == 2 and f'did you mean "{case}"?' in out, out
    code, out = run("ask", str(tmp_path / "zzzz.rq"))
    assert code == 2 and "did you mean" not in out, out


def test_the_options_a_usage_error_names_are_quoted_to_type() -> None:
    """As every message quotes what to type: "--graph", "-e TEXT" (they were bare)."""
    code, out = run("ask", "--json", "--graph", "dot", str(ERRATA))
    assert code == 2
    assert json.loads(out)["error"].startswith('give "--graph" or "--json", not both: ')
    code, out = run("ask")
    assert code == 2 and 'give a file, "-" for standard input, or "-e TEXT"' in out
    code, out = run("ask", str(ERRATA), "-e", "ask can I retreat?")
    assert code == 2 and 'give a situation file or "-e TEXT", not both' in out
