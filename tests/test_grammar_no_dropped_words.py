"""No dropped words: a sentence the card-text grammars read is read word for word, or not at all.

A misread (a sentence parsed into an effect that means something else: a qualifier such as
"also", "as if it had …" or "into my hand" dropped, a player or a number swapped) is worse
than an Unparsed sentence: it gives confident wrong answers. Every effect renders back to one
canonical English sentence, so a word the reader dropped is missing from the rendering.

The property: for every sentence a grammar reads (the corpus texts, the variants below and
invented sentences made by putting a qualifier anywhere into a corpus sentence), each content
word of the sentence, after normalising plurals, articles, number words, punctuation and the
equivalent phrasings of ``EQUIVALENT``, is in the canonical rendering, unless it is one of the
few ``DROPPABLE`` words; and the rendering parses back to the same effects.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesq.corpus import load_corpus
from rulesq.effects import ParsedText
from rulesq.effects.grammar import split_sentences
from rulesq.games import get_game

#: Words a grammar may drop, and why.
DROPPABLE: dict[str, str] = {
    "then": "clauses happen in the order written; the rendering joins them as it likes",
    "and": "joins clauses or acts in order; the rendering joins them as it likes",
}

#: Phrasings that mean the same, rewritten to one form before words are compared.
EQUIVALENT: tuple[tuple[str, str], ...] = (
    ("/", " or "),  # "booster/support" = "booster or support"
    (r"\b(\w+) or more\b", r"at least \1"),  # "four or more" = "at least four"
    (r"\bany (?:one|1)\b", "any"),  # "any one card" = "any card"
    (r"\bthat ha(?:ve|s) an? icons?\b", "with icon"),  # "that has an icon" = "with icons"
    (r"\bwith a printed\b", "that have a printed"),  # "with a printed value higher than …"
    (r"\ball of\b", "all"),  # "all of your cards" = "all your cards"
    (r"\bits\b", "their"),  # "its/their printed Fire value"
    (r"\bthey\b", "it"),  # "as if they/it had the … icon"
    (r"\bhold(?:s|ing)?\b", "have"),  # "if I hold …" = "if I have …"
    (r"\bwe both\b", "we"),  # "we both" = "we"
    (r"\bdraw deck\b", "deck"),  # FMA: "their draw deck" = "their deck"
    (r"\buntil end of turn\b", "until the end of the turn"),
    (r"\bless than\b", "lower than"),  # FMA: "cost less than X"
    (r"\bexcept on\b", "except"),  # "ignored, except (on) Flit cards"
)

NUMBERS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
#: Words ending in "s" that are not plurals.
NOT_PLURAL = {"this", "its", "is", "has", "us", "does", "as", "plus", "his", "was", "less"}
ARTICLES = {"a", "an", "the"}


def content_words(text: str) -> set[str]:
    """The sentence's words, normalised: lower case, singular, numbers in digits, no articles."""
    text = text.replace("\u2019", "'")
    for pattern, replacement in EQUIVALENT:
        text = re.sub(pattern, replacement, text, flags=re.IGNORECASE)
    out: set[str] = set()
    for word in re.findall(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*", text):
        word = NUMBERS.get(word.lower(), word.lower())
        if word in ARTICLES:
            continue
        if word.endswith("es") and word[:-2].endswith(("sh", "ch", "x")):
            word = word[:-2]  # "searches", "reaches"
        elif word.endswith("s") and word not in NOT_PLURAL and len(word) > 2:
            word = word[:-1]
        out.add({"has": "have", "does": "do"}.get(word, word))
    return out


def dropped_words(text: str, parsed: ParsedText) -> set[str]:
    """The content words of a text that its canonical rendering does not say."""
    return content_words(text) - content_words(rendering(parsed)) - set(DROPPABLE)


def rendering(parsed: ParsedText) -> str:
    """The canonical sentence(s) of a parsed text."""
    return " ".join(e.render() for e in parsed.effects)


def parse(game: str, text: str) -> ParsedText:
    return get_game(game).parse_card_text(text)


def assert_read_word_for_word(game: str, text: str) -> None:
    """A text read in full says nothing its rendering drops, and its rendering reads back."""
    parsed = parse(game, text)
    if not parsed.fully_parsed:
        return
    assert dropped_words(text, parsed) == set(), (text, rendering(parsed))
    assert parse(game, rendering(parsed)).effects == parsed.effects, (text, rendering(parsed))


@cache
def corpus_sentences(game: str) -> tuple[str, ...]:
    """The sentences of the game's corpus texts (and FMA's known text parts)."""
    texts: list[str] = []
    for card in load_corpus(game).cards.values():
        if card.text and card.text.strip():
            texts.append(card.text)
        texts += [p["text"] for p in card.fields.get("text_parts") or ()]
    return tuple(sorted({t[s:e] for t in texts for s, e in split_sentences(t)}))


# ------------------------------------------------------------------ the normaliser itself


def test_the_check_sees_a_dropped_qualifier() -> None:
    """The check can fail: a rendering without "also" or "into my hand" drops a word."""
    assert content_words("I may also play cards into my hand.") - content_words(
        "I may play cards."
    ) == {"also", "into", "my", "hand"}
    assert content_words("Your special power texts") == {"your", "special", "power", "text"}
    assert content_words("four or more cards") == content_words("at least 4 cards")


# ------------------------------------------------------------------ corpus and variants


@pytest.mark.parametrize("game", ["bluemoon", "fma"])
def test_every_corpus_sentence_is_read_word_for_word(game: str) -> None:
    """Each sentence of the corpus, read on its own, keeps all its words."""
    sentences = corpus_sentences(game)
    assert len(sentences) > 20
    for sentence in sentences:
        assert_read_word_for_word(game, sentence)


#: Variants of corpus sentences (one qualifier added, removed or changed) read exactly.
READ_EXACTLY: tuple[str, ...] = (
    "You may not play support cards during this fight.",
    "During this fight, you may not play support cards on your turn.",
    "You may not play support cards on my turn.",
    "I may discard one of your active cards on your turn.",
    "If you have no cards in my hand, I may draw two cards.",
    "I may draw two cards if you have no cards in your hand.",
    "Now I may discard all cards from your combat area, except active PROTECTED cards and "
    "STOP cards.",
    "If you retreat, your support cards are ignored.",
    "The Fire value of each of my character cards increases by 2.",
    "I may play this card when you play a Leadership phase card on my turn: Your card is "
    "cancelled and discarded.",
    "If I retreat now, you attract no more than two dragons.",
    "If you win the game, I score one dragon fewer.",
    "I may only play this card if I am attacked by at least 7 Fire.",
    "I may also play one additional support card.",
    "If I have fewer cards in my hand than you, now I may draw to the same number of cards.",
    "I may play one of my support cards as if it had the STOP icon.",
    "If you have more than one active character card, I may now discard 0 of them.",
    "Now I may retrieve one card (not this card) from my combat area into my hand.",
    "By the end of your Booster/Support phase, you must discard cards (not this card) with a "
    "total printed value of at least 3 Earth from your hand, or retreat.",
)


@pytest.mark.parametrize("text", READ_EXACTLY)
def test_variants_are_read_word_for_word(text: str) -> None:
    """Variants with another qualifier parse, and keep every word."""
    assert parse("bluemoon", text).fully_parsed, text
    assert_read_word_for_word("bluemoon", text)


#: Sentences that were read with a word dropped or changed; now they are Unparsed.
#: (sentence, what the misreading was)
FORMER_MISREADS: tuple[tuple[str, str], ...] = (
    (
        "You may only play this card if I have no cards in my influence area.",
        "read as 'I may only play this card …'",
    ),
    (
        "You must discard one card from my hand to play this card.",
        "read as 'I must discard … to play this card'",
    ),
    (
        "You may play this card into my combat area without pushing the previously active "
        "cards under it.",
        "read as 'I may play this card …'",
    ),
    (
        "If you have a total of at least six cards in your combat and support areas, I may only "
        "play this card as if it had the FREE icon.",
        "'as if it had the FREE icon' dropped",
    ),
    (
        "I may play this card into my hand when you play an interference card.",
        "'into my hand' dropped from the trigger",
    ),
    (
        "I may play this card as if it had the FREE icon when you play an interference card.",
        "'as if it had the FREE icon' dropped from the trigger",
    ),
    (
        "I may play this card - even if I retreat when you play an interference card.",
        "'even if I retreat' dropped",
    ),
    (
        "I may only play this card - even if I retreat if I am attacked by at least 5 Earth.",
        "'even if I retreat' dropped",
    ),
    (
        "If I win the game, I do not receive one additional crystal.",
        "read as 'I receive one additional crystal'",
    ),
    ("If you win the game, you may score one dragon fewer.", "'may' dropped"),
    ("I may not also play further character cards during this fight.", "'also' dropped"),
    ("You may not immediately play support cards.", "'immediately' dropped"),
    ("On my turn, I may immediately play one additional support card.", "'immediately' dropped"),
    ("If you retreat, I also attract one additional dragon.", "'also' dropped"),
    (
        "I must immediately discard one card from my hand to play this card.",
        "'immediately' dropped",
    ),
    (
        "If I have more than one active Flood support card after the end of my turn, then you "
        "must immediately immediately retreat.",
        "the second 'immediately' dropped",
    ),
    (
        "Now I search through my draw deck and may select either one influence card and "
        "immediately play it, or one character card and load it onto one of my ships.",
        "'immediately' dropped from an option",
    ),
    (
        "You have four or more cards in your hand, you may not take further cards into your hand.",
        "the condition read as a fact: 'You have … and may not …'",
    ),
    (
        "Now you may have more than five cards in your hand and you must discard any additional "
        "cards.",
        "'you may have …' read as an action",
    ),
    (
        "At the end of my turn, I may draw up to three cards and then shuffle any two cards into "
        "my hand into my draw deck.",
        "the first 'into my hand' dropped",
    ),
    (
        "Now I may force you to shuffle all cards from your combat area into your draw deck, "
        "except STOP except active PROTECTED cards.",
        "the first exception dropped",
    ),
    (
        "If you have four or more Fire cards in your hand, you may not take further cards into "
        "your hand.",
        "'Fire' read as a family name",
    ),
    (
        "If you have four or more If cards in your hand, you may not take further cards into "
        "your hand.",
        "'If' read as a family name",
    ),
    ("Your support card are ignored.", "a singular 'your support card' ignored as all of them"),
    (
        "If I have fewer cards in my hand, now I may draw to the same number of cards.",
        "'fewer' compared with nothing",
    ),
    (
        "If I have more than two cards in my hand than you, now I may draw two cards.",
        "'two' dropped when compared with the other player",
    ),
    (
        "I may only play this card if you have at least two more cards in your hand than you.",
        "a player compared with himself",
    ),
    (
        "The next booster card I play on this turn is treated as if I had the FREE icon.",
        "'I' (a player with an icon) read as 'it'",
    ),
    (
        "I may play this card when I play a Leadership phase card: Your card is cancelled and "
        "discarded.",
        "the trigger judged as the opponent's play",
    ),
    (
        "I may play this card immediately after you announce my power: Your turn ends immediately.",
        "'my power' judged as the announcer's own",
    ),
    (
        "I may play this card when you play a support card: My card is cancelled and discarded.",
        "the card cancelled judged as the card answered",
    ),
    (
        "I may play this card when you play a support card: Two of your cards is cancelled and "
        "discarded.",
        "the card cancelled judged as the card answered",
    ),
    ("Your active cards attack again.", "judged as 'my active cards attack again'"),
    ("My active support cards attack again.", "judged as 'my active cards attack again'"),
    (
        "The next booster card you play on this turn is treated as if it had the FREE icon.",
        "judged as the next card its controller plays",
    ),
    (
        "The next booster card I play during this fight is treated as if it had the FREE icon.",
        "judged as 'on this turn'",
    ),
    (
        "Your icons are ignored, except on Flit character cards.",
        "judged as all icons ignored (the cards spared were not looked at)",
    ),
    ("Your icons are ignored, except STOP cards.", "judged as all icons ignored"),
    ("Your cards are ignored, except STOP.", "judged as all cards ignored"),
    (
        "Your special power texts are ignored, except on Flit character cards and STOP.",
        "'STOP' not looked at for texts",
    ),
    (
        "If I retreat, I attract one additional dragon.",
        "judged as nothing (the retreating player attracts no dragons)",
    ),
    ("If you retreat, I attract one additional dragon (in total).", "'(in total)' not judged"),
    ("If we retreat, I attract one additional dragon.", "'we' judged as 'you'"),
    (
        "I may play this card when you play a support card: Your card is cancelled and "
        "discarded. You must play two replacements or retreat.",
        "judged as one replacement",
    ),
    (
        "I may play this card when you play a support card: Your card is cancelled and "
        "discarded. I must play a replacement or retreat.",
        "judged as the opponent's replacement",
    ),
    (
        "If I have more than one active Flood support card, except PROTECTED cards after the end "
        "of my turn, then you must immediately retreat.",
        "rendered as a sentence that does not read back",
    ),
)


@pytest.mark.parametrize("text, misreading", FORMER_MISREADS, ids=[m for _, m in FORMER_MISREADS])
def test_former_misreads_are_unparsed_with_a_reason(text: str, misreading: str) -> None:
    """What the reader cannot take word for word is Unparsed, with a reason in words."""
    parsed = parse("bluemoon", text)
    if parsed.fully_parsed:
        pytest.fail(f"{misreading}: read as {rendering(parsed)!r}")
    assert all(u.reason for u in parsed.unparsed)


# ------------------------------------------------------------------ invented sentences

#: Qualifiers put anywhere into a corpus sentence.
QUALIFIERS: tuple[str, ...] = (
    "only",
    "not",
    "also",
    "immediately",
    "now",
    "again",
    "active",
    "additional",
    "further",
    "first",
    "all",
    "each of",
    "any",
    "one",
    "no",
    "at least two",
    "more than one",
    "exactly one",
    "up to two",
    "fewer than three",
    "my",
    "your",
    "I",
    "you",
    "we both",
    "may",
    "must",
    "may not",
    "may only",
    "do not",
    "on my turn",
    "on your turn",
    "on this turn",
    "during this fight",
    "at the end of my turn",
    "in my Character phase",
    "if you retreat",
    "if I have no cards in my hand",
    "when you play a support card",
    "- even if I retreat",
    "to play this card",
    "to attract one dragon",
    "from my hand",
    "into my hand",
    "into your draw deck",
    "(not this card)",
    ", except PROTECTED cards",
    "except STOP",
    "with icons",
    "that have special power text",
    "face down",
    "as if it had the FREE icon",
    "as if I had the red dragon on my side",
    "without pushing the previously active cards under it",
    "to you",
    "than you",
    "Fire",
    "Earth",
    "PROTECTED",
    "Hyla",
    "If",
    "then",
    "or",
    "and",
    "in Fire",
    "that you played on this turn",
    "with a total of at least two moons",
)

FMA_QUALIFIERS: tuple[str, ...] = (
    "not",
    "only",
    "other",
    "ready",
    "losing",
    "villain",
    "target",
    "each",
    "all",
    "any",
    "another",
    "instead",
    "once",
    "until the end of the turn",
    "until the end of the battle",
    "from home",
    "in your hand",
    "in his hand",
    "with cost lower than X",
    "controlled by another player",
    "targeting you",
    "to your opponents",
    "Elric faction",
    "your",
    "his",
    "their",
    "up to two",
    "while you control it",
    "or level up",
    "home",
    "into the search party",
    "to attack",
    "to defend",
    "+1",
    "strength",
    "wits",
)


def _insert(sentence: str, position: int, words: str) -> str:
    tokens = sentence.split(" ")
    position %= len(tokens) + 1
    return " ".join(tokens[:position] + [words] + tokens[position:]).replace(" ,", ",")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_qualifier_put_anywhere_is_read_or_unparsed(data: st.DataObject) -> None:
    """Blue Moon: a corpus sentence with a qualifier added is read word for word, or Unparsed."""
    sentence = data.draw(st.sampled_from(corpus_sentences("bluemoon")))
    text = _insert(sentence, data.draw(st.integers(0, 60)), data.draw(st.sampled_from(QUALIFIERS)))
    assert_read_word_for_word("bluemoon", text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_fma_qualifier_put_anywhere_is_read_or_unparsed(data: st.DataObject) -> None:
    """FMA: a corpus sentence with a qualifier added is read word for word, or Unparsed."""
    sentence = data.draw(st.sampled_from(corpus_sentences("fma")))
    text = _insert(
        sentence, data.draw(st.integers(0, 60)), data.draw(st.sampled_from(FMA_QUALIFIERS))
    )
    assert_read_word_for_word("fma", text)
