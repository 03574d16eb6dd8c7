"""Messages on pipes between forks: whole, in order, however the pipe cuts them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from imported import imported

from rulesq.messages import Inbox, send
from rulesq.pool import can_fork

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not can_fork(), reason="needs os.fork")


def _all(inbox: Inbox) -> list[bytes]:
    found: list[bytes] = []
    while inbox.open:
        found.extend(inbox.receive())
    return found


def test_messages_of_every_size_come_whole_and_in_order() -> None:
    sizes = [0, 1, 7, 8, 9, 4095, 65536, 65537, 1_000_003]
    messages = [bytes([size % 256]) * size for size in sizes]
    receiver, sender = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(receiver)
        for message in messages:
            send(sender, message)
        os._exit(0)
    os.close(sender)
    inbox = Inbox([receiver])
    try:
        assert _all(inbox) == messages
    finally:
        inbox.close()
        os.waitpid(pid, 0)


def test_several_writers_each_in_order() -> None:
    pids, inbox = [], Inbox(())
    for writer in range(3):
        receiver, sender = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(receiver)
            for number in range(200):
                send(sender, f"{writer} {number} ".encode() + b"y" * (number * 97))
            os._exit(0)
        os.close(sender)
        inbox.add(receiver)
        pids.append(pid)
    try:
        found = _all(inbox)
    finally:
        inbox.close()
        for pid in pids:
            os.waitpid(pid, 0)
    for writer in range(3):
        mine = [m.split()[1] for m in found if m.split()[0] == str(writer).encode()]
        assert mine == [str(number).encode() for number in range(200)]


def test_a_checks_reports_and_errors_come_back_as_sent() -> None:
    """The check's JSON codec: reports (with odd text and documents), and errors."""
    from rulesq.cli.check_report import Report
    from rulesq.cli.parallel import _dumps, _loads

    reports = [
        Report("a\udcff.rq", "agree", "AGREE          a.rq", ""),
        Report("b.rq", None, "ERROR b.rq", "caret\n  ^", None),
        Report("c.rq", "disagree", document={"file": "c.rq", "answers": [{"x": [1, None]}]}),
    ]
    assert _loads(_dumps((8, reports, None))) == (8, reports, None)
    start, none, error = _loads(_dumps((4, None, KeyError("k"))))
    assert (start, none, type(error), str(error)) == (4, None, KeyError, "'k'")
    _, _, other = _loads(_dumps((0, None, ZeroDivisionError("z"))))
    assert type(other) is ZeroDivisionError

    class Odd(Exception):
        pass

    _, _, odd = _loads(_dumps((0, None, Odd("o"))))
    assert type(odd) is RuntimeError and str(odd) == "Odd: o"
    _, _, unplain = _loads(_dumps((0, None, ValueError(object))))
    assert type(unplain) is ValueError and str(unplain) == str(ValueError(object))


def test_a_report_read_back_is_the_one_its_constructor_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Made with its fields set at once: equal, hashed and shown alike, read-only as ever;
    a row of the wrong length fails as the constructor does. Counted: no ``__init__``."""
    import dataclasses

    from rulesq.cli.check_report import Report
    from rulesq.cli.parallel import _dumps, _loads, _report_of

    rows: list[list[object]] = [
        ["a.rq", "agree", "AGREE          a.rq", "", None],
        ["b.rq", None, "ERROR b.rq", "caret\n  ^", None],
        ["c.rq", "disagree", "", "", {"file": "c.rq"}],
    ]
    for row in rows:
        fast, slow = _report_of(row), Report(*row)
        assert fast == slow and repr(fast) == repr(slow) and fast.__dict__ == slow.__dict__
        ours, theirs = fast.summary(), slow.summary()
        assert fast.failed == slow.failed
        assert (ours.path, ours.result) == (theirs.path, theirs.result)
        assert repr(ours.error) == repr(theirs.error)
        with pytest.raises(dataclasses.FrozenInstanceError):
            fast.path = "x"  # type: ignore[misc]
    assert hash(_report_of(rows[0])) == hash(Report(*rows[0]))
    for wrong in ([], ["a.rq"] * 6):
        with pytest.raises(TypeError):
            Report(*wrong)
        with pytest.raises(TypeError):
            _report_of(wrong)
    calls = [0]
    init = Report.__init__

    def counted(self: Report, *args: object, **kwargs: object) -> None:
        calls[0] += 1
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    sent = _dumps((0, [Report(*row) for row in rows], None))
    monkeypatch.setattr(Report, "__init__", counted)
    assert _loads(sent)[1] == [_report_of(row) for row in rows] and calls[0] == 0


def test_a_reports_fields_are_sent_as_astuple_gives_them_without_copying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bytes of every example's report (text and JSON) are those of ``astuple``'s rows."""
    import copy
    import json
    from dataclasses import astuple

    from conftest import EXAMPLES

    from rulesq.cli.check_report import report
    from rulesq.cli.parallel import _dumps
    from rulesq.engine.check import check_paths

    checks = list(check_paths([EXAMPLES]))
    reports = [report(check, as_json) for check in checks for as_json in (False, True)]
    assert len(reports) > 20 and any(r.document for r in reports)
    long_way = json.dumps([3, [list(astuple(r)) for r in reports], None]).encode("ascii")
    copies = [0]
    real = copy.deepcopy

    def counted(*args: object, **kwargs: object) -> object:
        copies[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(copy, "deepcopy", counted)
    assert _dumps((3, reports, None)) == long_way
    assert copies == [0]


def test_a_parallel_check_never_imports_multiprocessing(tmp_path: Path) -> None:
    """The parent's work before the fork: no import of multiprocessing (or temporary files)."""
    cases = str(ROOT / "tests" / "cases" / "fma")
    argv = ["check", cases, "--jobs", "2"]
    runs = [imported(argv, ("multiprocessing", "tempfile"), tmp_path) for _ in range(2)]
    assert runs[1][1] == [], runs[1]
    assert runs[0][0] == runs[1][0] and "AGREE" in runs[1][0]
