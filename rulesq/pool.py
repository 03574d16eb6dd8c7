"""Map a function over a list in forked worker processes; the results come back in order."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")
R = TypeVar("R")


def cores() -> int:
    """The number of cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    """Whether workers can start as forks of this process (they share what it loaded)."""
    return sys.platform.startswith("linux")


def warm(card_scanners: bool = True) -> None:
    """Load, once for the workers about to fork, what the games loaded so far answer with.

    Every question handler is imported, and each card-text grammar loaded with the parsed
    corpus texts (a text not in that cache is read too, which loads the grammar): a worker
    that met its first inline card text would otherwise load the grammar again. Then every
    lexer state of the grammars is compiled (Lark compiles one when it first meets it).
    Without ``card_scanners`` only the situation grammars' states are: a check reads the
    texts of corpus cards from disk, and meets few of the card-text grammar's hundreds of
    states (its workers compile those they meet, a fraction of a millisecond each).
    """
    from importlib import import_module

    from rulesq.engine.dispatch import GENERIC
    from rulesq.errors import RulesqError
    from rulesq.games import GAMES, get_game
    from rulesq.games.base import Game
    from rulesq.larkcache import compile_scanners

    loaded = [get_game(name) for name in GAMES if f"rulesq.games.{name}" in sys.modules]
    for target in {*GENERIC.values(), *(t for g in loaded for t in g.questions.values())}:
        import_module(target.partition(":")[0])
    for game in loaded:
        if type(game).parse_card_text is Game.parse_card_text:  # no card-text grammar
            continue
        text = next((c.text for c in game.corpus.cards.values() if c.text and c.text.strip()), "")
        try:
            game.parse_card_text(text)  # the cache of parsed corpus texts
            game.parse_card_text(text + " ")  # not in it: the grammar
        except RulesqError:
            continue
    if card_scanners:
        compile_scanners()
    else:
        from rulesq.situation.parser import parser_for

        compile_scanners([parser_for(game.name) for game in loaded])


def ordered_map(
    function: Callable[[T], R], items: Sequence[T], jobs: int, chunk: int = 8, here: int = 0
) -> Iterator[R]:
    """``function`` of every item, in order, in ``jobs`` forked processes (here if one).

    The first ``here`` items are mapped in this process before the workers start: what they
    load (modules, grammars, indexes, caches) the workers then share instead of each loading
    it again. Each worker takes ``chunk`` neighbouring items at a time. Without fork (or with
    one job, or few items) every item is mapped in this process. The results must pickle.
    """
    workers = min(jobs, (len(items) - here) // max(chunk, 1))
    if workers < 2 or not can_fork():
        yield from map(function, items)
        return
    yield from map(function, items[:here])
    items = items[here:]
    warm()
    yield from forked_map(function, items, workers, chunk)


def forked_map(
    function: Callable[[T], R], items: Sequence[T], workers: int, chunk: int
) -> Iterator[R]:
    """``function`` of every item, in order, in ``workers`` processes forked from this one.

    The workers inherit ``function`` and ``items``; each takes the next ``chunk`` neighbouring
    items (an index read from a pipe they share) and sends their results back on a
    ``multiprocessing`` pipe of its own (serialised as ``multiprocessing.Pool`` sends them).
    This process only reads, and puts the chunks back in order: unlike the pool, it spends
    no CPU on threads and messages that two workers on two cores need. An exception in a
    worker is raised here. Needs ``os.fork``.
    """
    import gc
    import struct
    from multiprocessing import Pipe

    chunks = [range(i, min(i + chunk, len(items))) for i in range(0, len(items), chunk)]
    if len(chunks) * 4 > 32768:  # every index fits in the pipe before a worker reads one
        yield from forked_map(function, items, workers, -(-len(items) * 4 // 32768))
        return
    sys.stdout.flush()
    sys.stderr.flush()
    tasks, task_end = os.pipe()
    os.write(task_end, b"".join(struct.pack("<I", k) for k in range(len(chunks))))
    os.close(task_end)
    # What is loaded so far is left out of the workers' collections: a collection would
    # touch every object, and so copy each page a worker shares with this process.
    gc.freeze()
    children: list[tuple[Connection, int]] = []  # each worker's result pipe and pid
    finished = False
    try:
        for _ in range(workers):
            receiver, sender = Pipe(duplex=False)
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                receiver.close()
                _work(function, items, chunks, tasks, sender)
            sender.close()
            children.append((receiver, pid))
        os.close(tasks)
        tasks = -1
        yield from _gather([receiver for receiver, _ in children], len(chunks))
        finished = True
    finally:
        gc.unfreeze()
        if tasks >= 0:
            os.close(tasks)
        _reap(children, stop=not finished)


def _work(
    function: Callable[[Any], Any],
    items: Sequence[Any],
    chunks: list[range],
    tasks: int,
    out: Connection,
) -> NoReturn:
    """In a forked worker: answer chunks until none is left, then exit (never returns)."""
    import struct
    import traceback

    code = 0
    try:
        while True:
            data = os.read(tasks, 4)
            if len(data) < 4:
                break
            (number,) = struct.unpack("<I", data)
            try:
                out.send((number, [function(items[i]) for i in chunks[number]], None))
            except Exception as error:  # sent to be raised in the parent
                try:
                    out.send((number, None, error))
                except Exception:
                    text = "".join(traceback.format_exception(error))
                    out.send((number, None, RuntimeError(text)))
    except BaseException:  # an interrupt, a broken pipe: the parent sees a chunk missing
        code = 1
    finally:
        os._exit(code)


def _gather(receivers: list[Connection], count: int) -> Iterator[Any]:
    """The results of ``count`` chunks received from the workers, in order."""
    from multiprocessing.connection import Connection, wait

    waiting: dict[int, list[Any]] = {}
    open_ = list(receivers)
    following = 0
    while following < count:
        if not open_:
            raise RuntimeError(f"a worker stopped before chunk {following} was done")
        for ready in wait(open_):
            assert isinstance(ready, Connection)
            try:
                number, results, error = ready.recv()
            except EOFError:  # the worker has exited
                open_.remove(ready)
                continue
            if error is not None:
                raise error
            waiting[number] = results
        while following in waiting:
            yield from waiting.pop(following)
            following += 1


def _reap(children: list[tuple[Connection, int]], stop: bool) -> None:
    """Close the result pipes and wait for the workers to exit (after stopping them)."""
    import signal

    for receiver, pid in children:
        receiver.close()
        try:
            if stop:
                os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        except (ChildProcessError, ProcessLookupError):
            pass
