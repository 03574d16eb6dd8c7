"""Map a function over a list in forked worker processes; the results come back in order."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TypeVar

if TYPE_CHECKING:
    from rulesq.messages import Inbox
    from rulesq.runs import SharedRuns

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


def warm(card_scanners: bool = True, grammars: bool = True) -> None:
    """Load, once for the workers about to fork, what the games loaded so far answer with.

    Every question handler is imported, and each card-text grammar loaded with the parsed
    corpus texts (a text not in that cache is read too, which loads the grammar): a worker
    that met its first inline card text would otherwise load the grammar again. Then every
    lexer state of the grammars is compiled (Lark compiles one when it first meets it).
    Without ``card_scanners`` only the situation grammars' states are: a check reads the
    texts of corpus cards from disk, and meets few of the card-text grammar's hundreds of
    states (its workers compile those they meet, a fraction of a millisecond each). Without
    ``grammars`` the handlers are imported, and nothing else.
    """
    from importlib import import_module

    from rulesq.engine.dispatch import GENERIC
    from rulesq.errors import RulesqError
    from rulesq.games import GAMES, get_game
    from rulesq.games.base import Game

    loaded = [get_game(name) for name in GAMES if f"rulesq.games.{name}" in sys.modules]
    for target in {*GENERIC.values(), *(t for g in loaded for t in g.questions.values())}:
        import_module(target.partition(":")[0])
    if not grammars:
        return
    from rulesq.larkcache import compile_scanners

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
    function: Callable[[T], R],
    items: Sequence[T],
    workers: int,
    chunk: int,
    runs: Sequence[Sequence[int]] | None = None,
    kinds: Sequence[Hashable] | None = None,
    loaded: Iterable[Hashable] = (),
    fresh: float | Mapping[Hashable, float] = 0,
    done: Callable[[], None] | None = None,
    codec: Codec | None = None,
    weights: Sequence[float] | None = None,
    batch: int = 1,
) -> Iterator[R]:
    """``function`` of every item, in order, in ``workers`` processes forked from this one.

    The workers inherit ``function`` and ``items``; they take ``chunk`` items at a time from
    ``runs`` (lists of item indexes, each item in one run at most; by default one run of
    every item in order, which all the workers share), as :class:`rulesq.runs.SharedRuns`
    hands them out, and send their results back on a pipe each (``rulesq.messages``), each
    chunk's results (or its error) as ``codec`` writes them: by default as
    ``multiprocessing`` pickles them; a caller whose results are plain data gives its own
    (:class:`Codec`), and this process then never imports ``multiprocessing``. This process
    only reads, and gives
    the results in the items' order as soon as each is there: unlike the pool, it spends no
    CPU on threads and messages that two workers on two cores need. Only the items the
    runs hold are mapped. With ``kinds`` (each item's kind) a worker done with its run takes
    from a run of kinds it has met (or ``loaded`` here) first, and a half of other kinds only
    of ``fresh`` items or more (or, by kind, of at least what meeting its new kinds costs in
    the items' ``weights``). An exception in a worker is raised here. ``done`` is called in
    each worker when it has nothing left (to keep what it learnt; its errors are ignored).
    Needs ``os.fork``.
    """
    import gc

    from rulesq.messages import Inbox
    from rulesq.runs import SharedRuns

    everything = [range(len(items))] if runs is None else runs
    shared = SharedRuns(everything, chunk, kinds, loaded, fresh, weights)
    if len(set(shared.order)) != len(shared.order):
        shared.close()
        raise ValueError("an item is in two runs, or twice in one")
    sys.stdout.flush()
    sys.stderr.flush()
    # What is loaded so far is left out of the workers' collections: a collection would
    # touch every object, and so copy each page a worker shares with this process.
    gc.freeze()
    codec = codec or _pickles()
    pids: list[int] = []
    inbox = Inbox(())
    finished = False
    try:
        for slot in range(workers):
            receiver, sender = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                os.close(receiver)
                _work(function, items, shared, slot, sender, codec, done, batch)
            os.close(sender)
            pids.append(pid)
            inbox.add(receiver)
        yield from _gather(inbox, shared.order, codec)
        finished = True
    finally:
        gc.unfreeze()
        shared.close()
        inbox.close()
        _reap(pids, stop=not finished)


def _work(
    function: Callable[[Any], Any],
    items: Sequence[Any],
    shared: SharedRuns,
    slot: int,
    out: int,
    codec: Codec,
    done: Callable[[], None] | None = None,
    batch: int = 1,
) -> NoReturn:
    """In a forked worker: answer chunks until none is left, then exit (never returns).

    Each chunk's results go to the pipe ``out`` as one message (``rulesq.messages``); the
    messages wait until they hold ``batch`` items or more (or an error, or the worker has
    nothing left), then go in one write: each write wakes the parent, which shares the
    cores with the workers. ``traceback`` (with ``tokenize`` and ``linecache``: about 11
    million instructions, each worker's own) is imported only for an error whose message
    cannot be sent as it is.
    """
    from rulesq.messages import send_all

    code = 0
    try:
        waiting: list[bytes] = []
        held = 0  # the items the waiting messages hold
        while taken := shared.take(slot):
            try:
                results = [function(items[shared.order[at]]) for at in taken]
                waiting.append(codec.dumps((taken.start, results, None)))
                held += len(taken)
            except Exception as error:  # sent to be raised in the parent
                try:
                    waiting.append(codec.dumps((taken.start, None, error)))
                except Exception:
                    import traceback

                    text = "".join(traceback.format_exception(error))
                    waiting.append(codec.dumps((taken.start, None, RuntimeError(text))))
                held = batch
            if held >= batch:
                send_all(out, waiting)
                waiting, held = [], 0
        send_all(out, waiting)
        if done is not None:
            try:
                done()
            except Exception:  # noqa: S110 - what it keeps is worth time only
                pass
    except BaseException:  # an interrupt, a broken pipe: the parent sees an item missing
        code = 1
    finally:
        os._exit(code)


#: A chunk's message: ``(start, results, error)``.
_Message = tuple[int, Any, BaseException | None]
# Functional, its fields' types objects: a class statement under postponed annotations gives
# typing strings, which it compiles, and a process's first ``compile()`` builds the classes
# of ``ast`` (about 9 M instructions; ``tests/test_no_compile.py``).
Codec = NamedTuple(  # noqa: UP014 - no field type compiled at import
    "Codec", [("dumps", Callable[[_Message], bytes]), ("loads", Callable[[bytes], _Message])]
)
Codec.__doc__ = (
    "How a chunk's message, ``(start, results, error)``, is written to bytes and read back."
)


def _pickles() -> Codec:
    """Messages as ``multiprocessing`` sends them (pickled, between forks of this run)."""
    from multiprocessing.reduction import ForkingPickler

    return Codec(lambda message: bytes(ForkingPickler.dumps(message)), ForkingPickler.loads)


def _gather(inbox: Inbox, order: list[int], codec: Codec) -> Iterator[Any]:
    """The results the workers send, in the items' order (``order``: the item at each place)."""
    waiting: dict[int, Any] = {}
    expected = sorted(order)
    following = 0  # the place in ``expected`` of the next result to give
    while following < len(expected):
        if not inbox.open:
            raise RuntimeError(f"a worker stopped before item {expected[following]} was done")
        for start, results, error in map(codec.loads, inbox.receive()):
            if error is not None:
                raise error
            for at, result in enumerate(results, start):
                waiting[order[at]] = result
        while following < len(expected) and expected[following] in waiting:
            yield waiting.pop(expected[following])
            following += 1


def _reap(pids: list[int], stop: bool) -> None:
    """Wait for the workers to exit (after stopping them)."""
    import signal

    for pid in pids:
        try:
            if stop:
                os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        except (ChildProcessError, ProcessLookupError):
            pass
