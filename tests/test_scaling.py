"""Bounded work: judging grows linearly with the facts, and oversized inputs are refused.

The situations are generated (``bench/bench_scaling.py`` makes the same ones and times them):
a card that ignores played 1,000 times, the fight ending 1,000 times, FMA's copying 1,000
times, each judged with bounded memory. No bound here is a time: the judges count their work
(Blue Moon: facts replayed, events and cards scanned, ignore checks and the ignores tried;
FMA: events built and replayed, effects scanned), and each repeated situation is judged at
two sizes, so that a cost growing with the square of the facts shows in the counts, whatever
the machine and its load.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_scaling import (  # noqa: E402
    fight_ends,
    fma_copies,
    fma_passive_copies,
    laughing_gas,
    long_card_text,
    protected_card,
)

from rulesq.engine.check import check_situation  # noqa: E402
from rulesq.engine.expect import Result  # noqa: E402
from rulesq.errors import InputError, RulesqError  # noqa: E402
from rulesq.games.bluemoon.judge.work import WORK as BLUE_MOON  # noqa: E402
from rulesq.games.fma.attributes import WORK as FMA  # noqa: E402
from rulesq.situation import parse_situation  # noqa: E402

#: The most memory (bytes, traced by tracemalloc) judging one generated situation may take.
MEMORY_BOUND = 50_000_000
#: The most work, counted, a repeated fact may cost (about 40 to 60 steps a fact today; a
#: cost growing with the square of the facts is thousands a fact at 1,000 facts).
WORK_PER_FACT = 200
#: Four times the facts may cost at most this many times the work (the square: 16 times).
GROWTH = 4.5


def work_done() -> int:
    """Every step either judge has counted since the process started."""
    return BLUE_MOON.total() + FMA.built + FMA.events + FMA.scanned


def judged(text: str) -> tuple[int, int]:
    """Parse and answer ``text``: the work it took (counted) and the peak traced memory.

    The collector is off meanwhile, so that the peak does not depend on when it runs (on its
    thresholds, which a command run earlier in the process may have raised): every cycle
    made stays, the most the judging can hold (about 19 MB for 1,000 ignoring plays, 14 MB
    with the collector on).
    """
    before = work_done()
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        checked = check_situation(parse_situation(text, "<generated>"))
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        gc.enable()
    assert checked.questions and all(q.answer is not None for q in checked.questions)
    return work_done() - before, peak


def work(text: str) -> int:
    """Parse and answer ``text`` (no memory tracing): the work it took, counted."""
    before = work_done()
    checked = check_situation(parse_situation(text, "<generated>"))
    assert checked.questions and all(q.answer is not None for q in checked.questions)
    return work_done() - before


def assert_linear(count: Callable[[int], int], small: int = 300, large: int = 1200) -> None:
    """Four times the facts (``large``) cost at most ``GROWTH`` times the work of ``small``."""
    few, many = count(small), count(large)
    assert few >= small, f"{few} steps for {small} facts: the tally counts too little"
    assert many <= GROWTH * few, f"{small} facts: {few} steps, {large} facts: {many} steps"


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Load the grammars and corpora first, so that no memory figure includes them."""
    for make in (laughing_gas, fight_ends, fma_copies):
        work(make(2))


@pytest.mark.parametrize(
    "make",
    [laughing_gas, fight_ends, fma_copies],
    ids=["ignoring-card", "fight-ends", "fma-copies"],
)
def test_repeated_facts_finish_with_bounded_memory(make: Callable[[int], str]) -> None:
    """1,000 repetitions of a fact: bounded work, counted, and bounded memory."""
    steps, peak = judged(make(1000))
    assert 1000 <= steps <= WORK_PER_FACT * 1000, f"{steps:,} steps for 1,000 facts"
    assert peak < MEMORY_BOUND, f"{peak / 1e6:.0f} MB"


@pytest.mark.parametrize(
    "make",
    [laughing_gas, protected_card, fight_ends],
    ids=["ignoring-card", "protected-card", "fight-ends"],
)
def test_judging_grows_linearly(make: Callable[[int], str]) -> None:
    """Four times the facts cost at most 4.5 times the work, counted (n² would cost 16 times).

    The Blue Moon judge counts where the costs grew with the square of the facts before they
    were fixed: the ignore checks and the ignores tried (each ignore against the exempt icon of
    a PROTECTED card), the events scanned (a card's last play read once per ignore), the cards
    scanned (a card found by scanning every card, not through the index). The time (2,000
    plays of an ignoring card) is measured by ``bench/bench_scaling.py``.
    """
    assert_linear(lambda n: work(make(n)))


def test_a_cost_growing_with_the_square_fails_the_bound() -> None:
    """The bound can fail: a tally growing with the square of the facts is caught."""
    with pytest.raises(AssertionError, match="300 facts"):
        assert_linear(lambda n: n * n // 10)
    assert_linear(lambda n: 40 * n + 500)  # linear, with what does not grow


def test_the_same_situation_counts_the_same_work() -> None:
    """The counts depend on the situation alone, not on what was judged or cached before."""
    text = protected_card(50)
    first = work(text)
    work(fma_copies(50))
    assert work(text) == first


def fma_work(n: int, make: Callable[[int], str] = fma_copies, value: str = "5") -> int:
    """The FMA timeline work (events built and replayed, effects scanned) of ``make(n)``."""
    before = FMA.built + FMA.events + FMA.scanned
    checked = check_situation(parse_situation(make(n), "<generated>"))
    assert checked.questions[0].answer.verdict is not None
    assert checked.questions[0].answer.verdict.show() == value
    return FMA.built + FMA.events + FMA.scanned - before


def test_the_fma_timeline_grows_linearly() -> None:
    """Each FMA fact extends the timeline and resumes its replay: work, counted, is linear.

    Rebuilding the timeline for every fact (as it was) costs 16 times the work at four times
    the facts; extending it costs four times, plus what does not grow.
    """
    small, large = fma_work(200), fma_work(800)
    assert small >= 200, small  # the tally counts something: each fact is at least one event
    assert large <= 4.5 * small, f"200 facts: {small} steps, 800 facts: {large} steps"


def test_the_fma_timeline_with_a_passive_text_grows_linearly() -> None:
    """A passive text in play places its bonus among the entries: each fact still extends
    the timeline built before it, so the work, counted, stays linear (it was rebuilt whole for
    every fact: 16 times the work at four times the facts).

    The answer is pinned as it was before (6: Rival's 5 and the valley's +1, copied), so
    that sharing the work changes no answer.
    """
    small = fma_work(200, fma_passive_copies, "6")
    large = fma_work(800, fma_passive_copies, "6")
    assert small >= 200, small
    assert large <= 4.5 * small, f"200 facts: {small} steps, 800 facts: {large} steps"


def test_a_long_card_text_is_refused_at_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """An inline card text over the limit is bad input at the text, not minutes of work: it is
    refused as the situation is built, before any card text is parsed or any name resolved."""
    import rulesq.games.bluemoon.parser as card_texts
    import rulesq.situation.resolve as resolving

    def never(*args: object) -> None:
        raise AssertionError("the text is read or judged before it is refused")

    text = long_card_text(1_000_000 - 200)
    monkeypatch.setattr(card_texts, "parse_card_text", never)
    monkeypatch.setattr(resolving, "resolve", never)
    with pytest.raises(InputError) as caught:
        parse_situation(text, "<generated>")
    assert "card text of" in caught.value.message and caught.value.line == 2
    assert caught.value.column == text.splitlines()[1].index(': "') + 3
    assert len(caught.value.render().splitlines()[1]) < 120  # the shown line is cut


def test_a_card_text_within_the_limit_is_read() -> None:
    """The control: a long but allowed card text is answered."""
    checked = check_situation(parse_situation(long_card_text(4_000), "<generated>"))
    assert checked.questions[0].answer.answered


def test_too_many_cards_named_is_refused() -> None:
    """One statement naming 10,001 cards is refused (the statement limit alone allows it)."""
    text = (
        "game bluemoon\nI play "
        + ", ".join(['"Laughing Gas"'] * 10_001)
        + '\nask is the special power text of "Laughing Gas" ignored?\n'
    )
    with pytest.raises(RulesqError, match="names 10,002 cards in its statements"):
        parse_situation(text, "<generated>")


def test_marks_read_the_state_as_it_was() -> None:
    """A mark taken before changes gives the state as it was then, not as it is now."""
    from rulesq.games.bluemoon.judge.cards import CardInfo
    from rulesq.games.bluemoon.judge.state import Instance, State, Zone

    state = State()
    card = Instance(1, CardInfo(name="Some Card", kind="character"), "me", Zone.HAND)
    state.cards.append(card)
    mark = state.mark()
    card.zone, card.active = Zone.COMBAT, True
    state.turn = 3
    state.cards.append(Instance(2, CardInfo(name="Other", kind="support"), "me", Zone.SUPPORT))
    before = mark.state()
    assert [(c.name, c.zone, c.active) for c in before.cards] == [("Some Card", Zone.HAND, False)]
    assert before.turn == 0 and state.turn == 3
    assert card.zone is Zone.COMBAT and before.cards[0] is not card
    assert state.find("Some Card", "me", frozenset({Zone.COMBAT})) is card
    assert state.find("Some Card", "me", frozenset({Zone.HAND})) is None
    assert before.find("Some Card", "me", frozenset({Zone.HAND})) is before.cards[0]


@pytest.mark.parametrize("call, result", [("yes", Result.AGREE), ("no", Result.DISAGREE)])
def test_the_ignoring_card_decides_at_any_size(call: str, result: Result) -> None:
    """Whatever the number of plays, the ignore decides: yes, never no."""
    for plays in (1, 300):
        checked = check_situation(
            parse_situation(laughing_gas(plays) + f"expect {call}\n", "<generated>")
        )
        assert checked.result is result, checked.reason
