"""Map a function over a list in forked worker processes; the results come back in order."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: The work of the pool running now: (function, items). Forked workers inherit it, so neither
#: the function nor the items are pickled; only an index goes out and a result comes back.
_WORK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


def cores() -> int:
    """The number of cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    """Whether workers can start as forks of this process (they share what it loaded)."""
    return sys.platform.startswith("linux")


def warm() -> None:
    """Load, once for the workers about to fork, what the games loaded so far answer with.

    Every question handler is imported, and each card-text grammar loaded with the parsed
    corpus texts (a text not in that cache is read too, which loads the grammar): a worker
    that met its first inline card text would otherwise load the grammar again. Then every
    lexer state of the grammars is compiled (Lark compiles one when it first meets it).
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
    compile_scanners()


def ordered_map(
    function: Callable[[T], R], items: Sequence[T], jobs: int, chunk: int = 8, here: int = 0
) -> Iterator[R]:
    """``function`` of every item, in order, in ``jobs`` forked processes (here if one).

    The first ``here`` items are mapped in this process before the workers start: what they
    load (modules, grammars, indexes, caches) the workers then share instead of each loading
    it again. Each worker takes ``chunk`` neighbouring items at a time. Without fork (or with
    one job, or few items) every item is mapped in this process. The results must pickle.
    """
    global _WORK
    workers = min(jobs, (len(items) - here) // max(chunk, 1))
    if workers < 2 or not can_fork():
        yield from map(function, items)
        return
    yield from map(function, items[:here])
    items = items[here:]
    warm()
    import gc
    import multiprocessing

    context = multiprocessing.get_context("fork")
    _WORK = (function, items)
    # What is loaded so far is left out of the workers' collections: a collection would
    # touch every object, and so copy each page a worker shares with this process.
    gc.freeze()
    try:
        with context.Pool(workers) as pool:
            yield from pool.imap(_run, range(len(items)), chunksize=chunk)
    finally:
        gc.unfreeze()
        _WORK = None


def _run(index: int) -> Any:
    """In a worker: the function of one item."""
    assert _WORK is not None
    function, items = _WORK
    return function(items[index])
