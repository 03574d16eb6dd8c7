"""Where Warhammer cards are, who controls them and what they are, after moves and effects.

A card starts where the situation puts it; the moves and departures stated then change it in
order (FAQ, Moving Cards; Out of Play). Constant texts in play that take control, turn a card
into a development or treat quests as support cards are followed (their card must be in
play: FAQ, Constant Effects); so is a resolved action that turns its own unit into a
development. Any other text in play or on the chain that speaks of control, movement or
what a card is makes the answer *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.turns import ended
from rulesq.games.warhammer.vocab import Header
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link
    from rulesq.games.warhammer.cost_sacrifices import Payment
    from rulesq.games.warhammer.vocab import Zone

FAQ = "warhammer/faq/"
MOVING = FAQ + "miscellaneous/moving-cards"
IN_PLAY = FAQ + "terminology-clarifications/in-play"
ZONES = FAQ + "terminology-clarifications/zones-of-play"
OUT_OF_PLAY = FAQ + "terminology-clarifications/out-of-play"
DESTROY = FAQ + "terminology-clarifications/destroy"
SACRIFICE = FAQ + "terminology-clarifications/sacrifice"
LEAVING_PLAY = FAQ + "terminology-clarifications/leaving-play"
PUT_INTO_PLAY = FAQ + "terminology-clarifications/put-into-play"
ATTACHMENTS = FAQ + "card-types/attachments"
CONSTANT = FAQ + "rules-clarifications/constant-effects"
BECOMING = FAQ + "card-types/developments/part-2"
OWN_DEVELOPMENTS = FAQ + "card-types/developments"
QA_OPPONENT_ZONE = FAQ + "qa/11"
QA_AS_THOUGH = FAQ + "qa/14"
QA_CONTROL_RETURNS = FAQ + "qa/16"
QA_PUT_FROM_OUT = FAQ + "qa/20"
QA_ATTACHED_DEVELOPMENT = FAQ + "qa/25"
QA_QUEST_MOVED = FAQ + "qa/36"
QUESTS = FAQ + "card-types/quests"
ENTERING = FAQ + "terminology-clarifications/entering-play"
QA_QUEST_ANY_ZONE = FAQ + "qa/37"
QA_SAME_ZONE = FAQ + "qa/39"
QA_REVERTS = FAQ + "qa/41"
QA_ALSO_SUPPORT = FAQ + "qa/42"
QA_BLANK_KEEPS_TOKENS = FAQ + "qa/28"
QA_ENTERS_AS_DEVELOPMENT = FAQ + "qa/30"
QA_ENTERS_IN_A_STATE = FAQ + "qa/17"

#: Constant sentences followed here, by what they do.
TAKE_CONTROL = compiled(r"^Take control of attached unit\.?$", re.IGNORECASE)
MOVE_TO_CORRESPONDING = compiled(r"^Move that unit to your corresponding zone\.?$", re.I)
ATTACHED_BECOMES_DEVELOPMENT = compiled(
    r"^Attached card is considered to have a blank text box, loses all power, and becomes "
    r"a development\.?$",
    re.IGNORECASE,
)
QUESTS_ALSO_SUPPORT = compiled(
    r"^Treat all quests in play as if they are also support cards\.?$", re.IGNORECASE
)
ATTACHED_BLANK = compiled(
    r"^Treat attached unit as though its printed text box were blank \(except for Traits\)\.?$",
    re.IGNORECASE,
)
#: "Each development you control becomes a unit with 2 hit points and [Power][Power]."
DEVELOPMENTS_BECOME_UNITS = compiled(
    r"^Each development you control becomes a unit with \d+ hit points and (?:\[Power\])+\.?$",
    re.IGNORECASE,
)
STILL_DEVELOPMENT = compiled(r"^It still counts as a development\.?$", re.IGNORECASE)
#: "Your units enter this zone corrupted."
ENTER_CORRUPTED = compiled(r"^Your units enter this zone corrupted\.?$", re.IGNORECASE)
AS_THOUGH = compiled(
    r"^Any unit questing here may attack as though it were in your battlefield\.?$", re.I
)
#: An action that turns its own unit into a development for the turn, and what follows it.
SELF_DEVELOPMENT = compiled(
    r"Action: (?:Spend (?P<cost>\d+) resources? to )?have this unit become a development "
    r"until the end of the turn\. It no longer counts as a unit\.",
    re.IGNORECASE,
)
#: "turn target support card facedown into a development"
TURN_FACEDOWN = compiled(
    r"Action: (?:When this unit enters play, )?turn target support card facedown into a "
    r"development\.",
    re.IGNORECASE,
)
#: "Until the end of the turn, one target development becomes a unit …" (also a development).
DEVELOPMENT_BECOMES_UNIT = compiled(
    r"Action: Until the end of the turn, one target development becomes a unit with \d+ hit "
    r"points and (?:\[Power\])+\. It also counts as a development\.",
    re.IGNORECASE,
)
NO_LONGER_UNIT = compiled(r"^It no longer counts as a unit\.?$", re.IGNORECASE)
#: Words of a text that speak of control, movement or what a card is.
PLACE_WORDS = compiled(
    r"\b(control\w*|becomes?|treat|counts? as|mov(?:e|es|ed|ing)|rearrange\w*|"
    r"as though|into play)\b",
    re.IGNORECASE,
)
#: A card's controller named, not changed ("each unit you control", "if he controls",
#: "each corrupted unit controlled by an opponent", "while any opponent controls a …").
_OWNED = compiled(
    r"\b(?:(?:you|he|(?:any|an) opponent) controls?|"
    r"controlled by (?:an opponent|your opponents|you))\b",
    re.IGNORECASE,
)
_FOLLOWED = (
    TAKE_CONTROL,
    MOVE_TO_CORRESPONDING,
    ATTACHED_BECOMES_DEVELOPMENT,
    QUESTS_ALSO_SUPPORT,
    AS_THOUGH,
    ATTACHED_BLANK,
    DEVELOPMENTS_BECOME_UNITS,
    STILL_DEVELOPMENT,
    ENTER_CORRUPTED,
)


@dataclass
class Place:
    """A card's state: whose area and zone it is in (None: out of play), its controller."""

    side: str
    zone: Zone | None
    controller: str
    owner: str
    kinds: set[str]
    questing: InPlay | None
    damage: int
    #: None: not stated, and no rule fixes them (:func:`tokens_gap` says what to state).
    tokens: int | None
    steps: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    #: Out of play, why the out of play zone it went to is not known ("": it is known).
    pile_unknown: str = ""

    def cite(self, *rules: str) -> None:
        """Add rules once each."""
        self.rules += [r for r in rules if r not in self.rules]

    def quote(self, text: Text) -> None:
        """Add a quoted text once."""
        if text not in self.texts:
            self.texts.append(text)


def base_kinds(placed: InPlay) -> set[str]:
    """What a card is as printed: its type (a facedown card is a development)."""
    if placed.facedown:
        return {"development"}
    kind = (placed.card.type or "").lower() if placed.card is not None else ""
    return {kind} if kind else set()


def quested_on(board: Board, quest: InPlay) -> bool:
    """Whether a unit is questing on the quest now (after the moves stated)."""
    return any(
        unit.questing_on is quest and place(board, unit).questing is quest for unit in board.cards
    )


def tokens_held(board: Board, placed: InPlay) -> int | None:
    """The resource tokens on a card now: none on a quest no unit is questing on (Quests).

    None when the situation does not state them and no rule fixes them (:func:`tokens_gap`).
    """
    if "quest" in base_kinds(placed) and not quested_on(board, placed):
        return 0
    if tokens_changed(board, placed):
        return None
    return _tokens_placed(placed)


def tokens_changed(board: Board, placed: InPlay) -> str:
    """Why an Action or tactic resolved may have changed the tokens on a card ("" if none).

    Its effect has happened ("Put up to 2 resource tokens on a non-quest card you control.",
    a unit's own "put a resource token on this unit"), and what it put on the card or took
    off it is not followed: the tokens stated before it are not taken as they stand.
    """
    for link in board.resolved:
        card = link.card
        if card is None or link.kind != "trigger" and (card.type or "").lower() != "tactic":
            continue
        said = _TOKENS_CHANGED.search(_text(link))
        if said is None:
            continue
        if link.targets:
            reached = placed in link.targets or link.source is placed
        else:
            reached = link.source is placed or not _ON_ITSELF.search(said.group(0))
        if reached:
            return (
                f'"{link.name}" resolved, and its text reads "{said.group(0).strip()}": the '
                f'resource tokens on "{placed.name}" after it are not followed by rulesq'
            )
    return ""


#: An effect that puts resource tokens on a card or takes them off.
_TOKENS_CHANGED = compiled(
    r"[^.:]*\b(?:put|puts|place|places|remove|removes|move|moves|discard|discards)\b"
    r"[^.]*\bresource tokens?\b[^.]*\.?",
    re.IGNORECASE,
)
#: Tokens put on the card whose text it is, and on no other.
_ON_ITSELF = compiled(
    r"\b(?:on|from) (?:this unit|this card|it)\b(?![^.]*\b(?:target|a card|a quest)\b)",
    re.IGNORECASE,
)


def _tokens_placed(placed: InPlay) -> int | None:
    """The resource tokens a card holds as stated, or as its own text put them as it entered."""
    from rulesq.games.warhammer import entering

    given = entering.own(placed, "tokens")
    if given is not None:
        return given.least
    return placed.tokens if tokens_stated(placed) else None


def tokens_stated(placed: InPlay) -> bool:
    """Whether the situation fixes the card's resource tokens: given, or it just entered play.

    A card developed from the hand enters play a new card (Out of Play: "treated as though
    it were a new card"), with none on it.
    """
    return placed.ref.value("tokens") is not None or placed.entered


def tokens_gap(placed: InPlay, board: Board | None = None) -> str:
    """Why the resource tokens on a card are not known, saying what to state."""
    if board is not None and (why := tokens_changed(board, placed)):
        return why
    return (
        f'the situation states no resource tokens on "{placed.name}", and it may hold some: '
        f'give their number where the board has it, e.g., "{placed.name}" (tokens 0)'
    )


def damage_stated(placed: InPlay) -> bool:
    """Whether the situation fixes the damage on a card: given, a new card, or no hit points.

    A card developed from the hand enters play a new card; a development (facedown) and a
    card printed with no hit points (a support, a quest, an attachment) hold no damage.
    """
    if placed.ref.value("damage") is not None or placed.entered or placed.facedown:
        return True
    card = placed.card
    if card is None:
        return False
    points = card.fields.get("hit_points", card.fields.get("hp"))
    return points is None and (card.type or "").lower() not in ("unit", "legend")


def damage_gap(placed: InPlay) -> str:
    """Why the damage on a card is not known, saying what to state."""
    return (
        f'the situation states no damage on "{placed.name}", and it may have some: give it '
        f'where the board has it, e.g., "{placed.name}" (damage 0)'
    )


def controller(placed: InPlay) -> str:
    """Who controls a card before any effect: who played an attachment, else whose area."""
    return placed.played_by or placed.owner


def where_before(board: Board, placed: InPlay) -> tuple[str, Zone | None]:
    """Whose area and zone a card is in after the moves stated so far."""
    side, zone = placed.owner, placed.zone
    for move in board.moves:
        if move.card is placed:
            side, zone = move.side, move.zone
    return side, zone


def sentences(placed: InPlay) -> list[tuple[object, str]]:
    """The effects of a faceup card's text, each with its words quoted."""
    text = placed.shown_text
    if text is None:
        return []
    return [(e, e.span.of(text).strip()) for e in texts.parsed(text).effects]


def has(placed: InPlay, pattern: re.Pattern[str]) -> Text | None:
    """The card's sentence the pattern matches, quoted (a faceup card only)."""
    for _effect, quote in sentences(placed):
        if pattern.match(quote):
            return Text(placed.name, quote)
    return None


def self_development(link: Link) -> tuple[int, Text] | None:
    """A link that turns its own unit into a development: its resource cost and quote."""
    if link.card is None or not link.card.text:
        return None
    found = SELF_DEVELOPMENT.search(link.card.text)
    if found is None:
        return None
    return int(found.group("cost") or 0), Text(link.name, found.group(0))


def _speaks(effect: object, quote: str) -> bool:
    if isinstance(effect, (fx.Reminder, fx.ZoneText, fx.Limit, fx.Only, fx.XIs, fx.AttachTo)):
        return False
    if quote.startswith("Action:") or (
        isinstance(effect, fx.Ability) and effect.header is Header.ACTION
    ):
        return False  # an action happens only when triggered (a link on the chain)
    if any(p.match(quote) for p in _FOLLOWED):
        return False
    # "units you control" names whose cards they are: it changes no control.
    return PLACE_WORDS.search(_OWNED.sub("", quote)) is not None


def unfollowed(board: Board) -> list[str]:
    """Texts in play and links on the chain that speak of control, moves or card types.

    Actions in play happen only when triggered; a link this module follows is not a gap.
    """
    gaps: list[str] = []
    for placed in board.cards:
        own = placed.card.text if placed.card is not None and placed.card.text else ""
        for effect, quote in sentences(placed):
            if NO_LONGER_UNIT.match(quote) and SELF_DEVELOPMENT.search(own):
                continue
            if _speaks(effect, quote):
                gaps.append(f'"{placed.name}": "{quote}" is not followed by the rules of rulesq')
    for link in board.chain:
        if link.card is None or not link.card.text or self_development(link) is not None:
            continue
        if len(link.targets) == 1 and (
            TURN_FACEDOWN.search(link.card.text) or DEVELOPMENT_BECOMES_UNIT.search(link.card.text)
        ):
            continue
        if PLACE_WORDS.search(link.card.text):
            gaps.append(f'"{link.name}" on the chain: its text is not followed by rulesq')
    return gaps


#: Words of an effect that can take a card out of play (damage that may destroy it too).
_LEAVE_WORDS = compiled(
    r"\b(deals? (?:\d+|X) (?:indirect )?damage|destroy\w*|sacrific\w*|discard\w*|return\w*|"
    r"leaves? play)\b",
    re.IGNORECASE,
)
#: Discard words about a hand, a deck or a discard pile: no card in play leaves by them.
_NOT_FROM_PLAY = compiled(
    r"\bdiscard piles?\b|\bdiscards? (?:his|your|their|each) hands?\b|"
    r"\bdiscard (?:the top|a card from your hand)\b",
    re.IGNORECASE,
)
#: An effect that targets: with no target stated, any card it may target may be the one.
_TARGETS = compiled(r"\btargets?\b", re.IGNORECASE)
#: An effect with no target that reaches cards in play at large.
_AT_LARGE = compiled(r"\b(each|all|every)\b", re.IGNORECASE)


#: A card's own Forced effect as it leaves play: it still triggers (Leaving Play, a
#: self-referential effect), after the card is gone.
_LEAVES_FORCED = compiled(r"Forced: When this unit leaves play, (?P<effect>[^.]*)\.", re.IGNORECASE)


def left_forced(board: Board, target: InPlay) -> list[str]:
    """Cards stated gone whose "When this unit leaves play" Forced effect may take this one.

    A card that left play still triggers its own leaving-play ability (Leaving Play); one that
    sacrifices, destroys or returns a unit reaches those its words allow ("each opponent must
    sacrifice a unit in this corresponding zone": the other player's units in that zone), and
    which it took is not stated (gaps).
    """
    gaps: list[str] = []
    if any(kept is target for kept, _ in board.stayed):
        return gaps  # stated still in play
    for gone, _fact in [*board.left, *board.sacrificed]:
        if gone is target or gone.card is None:
            continue
        found = _LEAVES_FORCED.search(gone.card.text or "")
        if found is None or not _LEAVE_WORDS.search(found.group("effect")):
            continue
        effect = found.group("effect")
        if re.search(r"\bunit\b", effect) and base_kinds(target) != {"unit"}:
            continue
        if re.search(r"\bopponent", effect, re.IGNORECASE) and controller(target) == controller(
            gone
        ):
            continue
        if re.search(r"\bcorresponding zone\b", effect, re.IGNORECASE) and target.zone is not (
            gone.zone
        ):
            continue
        gaps.append(
            f'"{gone.name}" left play, and its "{found.group(0)}" may have taken "{target.name}" '
            f'out of play: what it did is not stated (state it, e.g., "{target.name}" is '
            f'sacrificed, or "{target.name}" stays in play)'
        )
    return gaps


def _resolved_departures(board: Board, target: InPlay) -> list[str]:
    """Links of a chain stated resolved that may have taken the card out of play (gaps).

    Their effects have happened, but the situation does not say what they did to it (a
    departure stated is read first); damage and destruction on the chain are followed by
    ``is "X" destroyed?``, not here.
    """
    gaps = []
    for link in board.resolved:
        text = link.card.text if link.card is not None else None
        if not text or not _LEAVE_WORDS.search(_NOT_FROM_PLAY.sub("", text)):
            continue
        if (link.targets and target not in link.targets) or (
            not link.targets and not _AT_LARGE.search(text) and not _TARGETS.search(text)
        ):
            continue  # its targets, stated, are others; or it reaches no card it does not target
        if any(p is target and id(link) in ids for p, ids in board.stayed):
            continue  # stated still in play after it resolved
        if any(a.link is link and a.card is target for a in board.assigned):
            continue  # the damage it assigned is read: whether it destroyed the card is judged
        gaps.append(
            f'"{link.name}" resolved, and its effect may have taken "{target.name}" out of '
            "play: what it did to it is not stated (state it, e.g., "
            f'"{target.name}" is destroyed, or "{target.name}" stays in play)'
        )
    return gaps


def _resolved_moves(board: Board, target: InPlay) -> list[str]:
    """Actions and tactics resolved that may have moved the card or changed its control or type.

    Their effects have happened; what they did to the card is read only where the situation
    states it (a move stated after the link) or this module follows the link (``_chain``).
    """
    gaps = []
    for link in board.resolved:
        card = link.card
        if card is None or link.kind != "trigger" and (card.type or "").lower() != "tactic":
            continue  # a unit, support or attachment played: its text is in play (``unfollowed``)
        text = _text(link)
        if (
            not PLACE_WORDS.search(_OWNED.sub("", text))
            or self_development(link) is not None
            or len(link.targets) == 1
            and (TURN_FACEDOWN.search(text) or DEVELOPMENT_BECOMES_UNIT.search(text))
        ):
            continue
        reached = (
            target in link.targets
            if link.targets
            else link.source is target
            or _AT_LARGE.search(text) is not None
            or _TARGETS.search(text) is not None  # its target not stated: it may be this card
        )
        if not reached or any(
            m.card is target and m.fact.index > link.fact.index for m in board.moves
        ):
            continue
        gaps.append(
            f'"{link.name}" resolved, and its text may have moved "{target.name}" or changed its '
            "control or type: what it did to it is not stated (state it, e.g., "
            f'"{target.name}" moves to my kingdom)'
        )
    return gaps


def _left(board: Board, placed: InPlay) -> bool:
    """Whether it left play: stated gone, destroyed, discarded or sacrificed."""
    return any(gone is placed for gone, _ in [*board.left, *board.sacrificed])


def in_play(board: Board, placed: InPlay) -> bool:
    """Whether a card stated in play is still there (it, or the card it is attached to)."""
    return not board.stated_gone(placed)


def place(board: Board, target: InPlay) -> Place:
    """The card's state after the moves, departures and effects stated."""
    found = Place(
        target.owner,
        target.zone,
        controller(target),
        controller(target),
        base_kinds(target),
        target.questing_on,
        target.damage,
        _tokens_placed(target),
    )
    found.gaps += unfollowed(board)
    _events(board, target, found)
    if found.zone is None:
        return found
    found.gaps += left_forced(board, target)
    _paid_sacrifices(board, target, found)
    if found.zone is None:
        return found
    found.gaps += _resolved_departures(board, target)
    found.gaps += _resolved_moves(board, target)
    host = target.attached_to
    if host is not None and not _left(board, host) and place(board, host).zone is None:
        _gone(found, target, host, "")
        return found
    _chain(board, target, found)
    _attachments(board, target, found)
    _also_support(board, found)
    _developments_become_units(board, found)
    _control(board, target, found)
    if found.zone is not None and "development" in found.kinds and found.side != found.owner:
        found.zone, found.questing = None, None
        found.steps.append(
            "a player may control a card as a development only if he owns it: it is "
            "discarded from play at once"
        )
        found.cite(OWN_DEVELOPMENTS)
    if found.questing is not None and found.questing.card is not None:
        quoted = has(found.questing, AS_THOUGH)
        if quoted is not None:
            found.quote(quoted)
            found.steps.append(
                f'"{found.questing.name}" lets it attack as though it were in the battlefield; '
                "that does not put it there"
            )
            found.cite(QA_AS_THOUGH)
    return found


def _events(board: Board, target: InPlay, found: Place) -> None:
    """Moves and departures in the order stated."""
    moves = {m.fact.index: m for m in board.moves}
    departures = {fact.index: (gone, fact) for gone, fact in [*board.left, *board.sacrificed]}
    for index in sorted([*moves, *departures]):
        move = moves.get(index)
        if move is not None:
            if move.card is target:
                _moved(found, target, move.side, move.zone)
            elif found.questing is not None and move.card is found.questing:
                found.steps.append(
                    f'"{found.questing.name}" moves to another zone; the unit questing on it '
                    "stays in its zone and is no longer questing"
                )
                found.questing = None
                found.cite(QA_QUEST_MOVED, MOVING)
            continue
        gone, fact = departures[index]
        if gone is target or (target.attached_to is not None and gone is target.attached_to):
            _gone(found, target, gone, fact.kind)


def sacrifice_units(board: Board, paid: Payment) -> list[InPlay]:
    """The units that could pay a sacrifice cost: its payer's faceup units, of its race."""
    return [
        c
        for c in board.cards
        if controller(c) == paid.who
        and not c.facedown
        and base_kinds(c) == {"unit"}
        and c.zone is not None
        and c.card is not None
        and (not paid.race or str(c.card.fields.get("race") or "").casefold() == paid.race)
    ]


def _paid_sacrifices(board: Board, target: InPlay, found: Place) -> None:
    """A unit sacrificed to pay a cost stated paid: the payer's only unit, or maybe this one."""
    from rulesq.games.warhammer import cost_sacrifices as S

    if target.facedown or base_kinds(target) != {"unit"}:
        return
    for paid in S.unpaid(board, lambda p: sacrifice_units(board, p)):
        units = sacrifice_units(board, paid)
        if target not in units:
            continue
        left = [c for c in units if not _left(board, c)]
        if left == [target]:
            found.steps.append(
                f'"{paid.name}" costs "{paid.cost}", paid as it was triggered, and "{target.name}" '
                "was its payer's only such unit"
            )
            _gone(found, target, target, "sacrificed")
            found.cite(S.TRIGGERING)
            return
        found.gaps.append(
            f'"{paid.name}" costs "{paid.cost}", paid as it was triggered: which unit its payer '
            f'sacrificed is his choice, not stated, and "{target.name}" may be it (state it: '
            f'{"I" if paid.who == ME else "you"} sacrifice "{target.name}", or another)'
        )


def _moved(found: Place, target: InPlay, side: str, zone: Zone | None) -> None:
    if zone is None:
        found.zone = None
        found.steps.append(f'"{target.name}" goes to its owner\'s discard pile')
        found.cite(OUT_OF_PLAY)
        return
    found.side, found.zone = side, zone
    found.steps.append(f'"{target.name}" moves to the {zone.value} zone')
    found.cite(MOVING)
    if found.questing is not None:
        found.steps.append("a unit moved to another zone is no longer questing")
        found.questing = None


def _gone(found: Place, target: InPlay, gone: InPlay, how: str) -> None:
    found.zone, found.questing = None, None
    if gone is target and how == "leaves_play":
        # "back into a hand, deck, or discard pile" (Leaving Play): which is not stated
        found.steps.append(f'"{target.name}" leaves play')
        found.pile_unknown = (
            f'"{target.name}" leaves play, and which out of play zone it goes to (a hand, '
            "the deck or the discard pile) is not stated"
        )
        found.cite(LEAVING_PLAY, OUT_OF_PLAY)
    elif gone is target:
        how = {"destroys": "destroyed"}.get(how, how)
        rule = {"destroyed": DESTROY, "sacrificed": SACRIFICE}.get(how)
        verb = f"is {how}: it is placed into" if rule else "leaves play for"
        found.steps.append(f'"{target.name}" {verb} its owner\'s discard pile')
        found.cite(*((rule,) if rule else ()), OUT_OF_PLAY)
    else:
        found.steps.append(
            f'"{gone.name}", the card it is attached to, leaves play: the attachment enters '
            "its owner's discard pile"
        )
        found.cite(ATTACHMENTS, OUT_OF_PLAY)


def _control(board: Board, target: InPlay, found: Place) -> None:
    """Attachments that take control of the unit they are attached to (constant effects)."""
    for attachment in board.attached_to(target):
        taken = has(attachment, TAKE_CONTROL)
        if taken is None:
            continue
        moved = has(attachment, MOVE_TO_CORRESPONDING)
        if not in_play(board, attachment):
            found.quote(taken)
            found.steps.append(
                f'"{attachment.name}" has left play: its constant effect no longer applies, '
                f'so "{target.name}" returns to its owner\'s control, in the corresponding zone'
            )
            found.cite(QA_CONTROL_RETURNS, CONSTANT)
            continue
        found.quote(taken)
        found.controller = controller(attachment)
        found.steps.append(
            f'"{attachment.name}" is in play, attached to "{target.name}": its controller '
            "takes control of the unit"
        )
        found.cite(ATTACHMENTS, CONSTANT)
        if moved is not None:
            found.quote(moved)
            found.side = found.controller
            found.steps.append("the unit moves to its new controller's corresponding zone")


def _attachments(board: Board, target: InPlay, found: Place) -> None:
    """Attachments that make the card they are attached to a development."""
    for attachment in board.attached_to(target):
        quoted = has(attachment, ATTACHED_BECOMES_DEVELOPMENT)
        if quoted is None:
            continue
        found.quote(quoted)
        if not in_play(board, attachment):
            found.steps.append(
                f'"{attachment.name}" has left play: "{target.name}" reverts to what it was'
            )
            found.cite(QA_REVERTS, CONSTANT)
            continue
        found.kinds = {"development"}
        found.steps.append(
            f'"{target.name}" stays faceup and is a development while "{attachment.name}" '
            "is attached to it"
        )
        found.cite(QA_ATTACHED_DEVELOPMENT)
        _only_development(found)
        if target.corrupted:
            found.steps.append("a corrupted unit becomes a corrupted development")
            found.cite(QA_REVERTS)
        if found.questing is not None:
            found.steps.append(
                "a questing unit is removed from the quest and stays in the zone it was questing in"
            )
            found.questing = None


def quests_also_support(board: Board, found: Place) -> list[tuple[InPlay, Text]]:
    """The active constant texts that treat every quest in play as a support card too."""
    active = []
    for source in board.cards:
        quoted = has(source, QUESTS_ALSO_SUPPORT)
        if quoted is None or not in_play(board, source):
            continue
        zones = _zone_text(source, quoted.quote)
        if not texts.active_in(zones, source.zone):
            found.steps.append(
                f'"{source.name}" is not in its {texts.zone_names(zones)} zone: its text is '
                "not active"
            )
            found.cite(ZONES)
            continue
        active.append((source, quoted))
    return active


def _also_support(board: Board, found: Place) -> None:
    """Constant texts that treat every quest in play as a support card too."""
    if "quest" not in found.kinds:
        return
    for source, quoted in quests_also_support(board, found):
        found.quote(quoted)
        found.kinds.add("support")
        found.steps.append(
            f'"{source.name}" treats every quest in play, its controller\'s too, as a '
            "support card as well"
        )
        found.cite(QA_ALSO_SUPPORT)


def _unpaid(board: Board, link: Link, cost: int, resolved: set[int]) -> str:
    """Why a link's resource cost may not have been paid ("": it was, or it is not read).

    A link stated before the pool was read is paid in it (the pool as stated is what is left
    after it); one after is paid from what remained just before it.
    """
    if id(link) in resolved or not cost:
        return ""
    capital = board.capital(link.who)
    if capital.resources_fact is None:
        return (
            f'"{link.name}" costs {cost} resources: the situation does not state the '
            "resources of its player"
        )
    if id(link) not in capital.paid_after:
        return ""  # triggered before the pool was read: the pool stated is what it left
    before = capital.pool_before.get(id(link))
    stated = int(capital.resources_fact.param("number"))
    if before is None:
        return (
            f'"{link.name}" costs {cost} resources, and what remained of the {stated} stated '
            "when it was triggered is not known"
        )
    if before < cost:
        return (
            f'"{link.name}" costs {cost} resources, and only {before} remained when it was '
            f"triggered ({stated} stated, less {stated - before} paid before it)"
        )
    return ""


def _zone_text(source: InPlay, quote: str) -> tuple[Zone, ...]:
    """The zones a sentence of the card's text is active in (its zone words; none: any)."""
    for constant in texts.constants(source.card.text if source.card and source.card.text else ""):
        if constant.quote.strip() == quote:
            return constant.zones
    return ()


def _chain(board: Board, target: InPlay, found: Place) -> None:
    """Links that turn a card into a development: its own unit, or a support card.

    Those of the chain as they resolve, and those of a chain stated resolved (cost paid).
    """
    resolved = {id(link) for link in board.resolved}
    for link in [*board.resolved, *board.chain]:
        turned = TURN_FACEDOWN.search(_text(link))
        unit = DEVELOPMENT_BECOMES_UNIT.search(_text(link))
        said = turned if turned is not None else unit
        if said is not None and not link.targets and link.kind != "card":
            found.gaps.append(
                f'"{link.name}" reads "{said.group(0)}", and its target is not stated: it may '
                f'be "{target.name}" (write, e.g., I trigger "{link.name}" targeting '
                f'"{target.name}")'
            )
            continue
        if turned is not None and link.targets == (target,):
            _turned_facedown(found, target, Text(link.name, turned.group(0)))
            continue
        mine = link.targets == (target,) if unit is not None else link.source is target
        if mine and (unit is not None or self_development(link) is not None):
            if _lapsed(board, link, id(link) in resolved, found):
                continue
        if unit is not None and link.targets == (target,):
            found.quote(Text(link.name, unit.group(0)))
            if "development" not in found.kinds:
                found.gaps.append(f'"{target.name}" is not a development: the target is not legal')
                continue
            found.kinds.add("unit")
            found.steps.append(
                f'"{link.name}" resolves: "{target.name}" is a unit until the end of the turn, '
                "still counting as a development"
            )
            continue
        read = self_development(link)
        if read is None or link.source is not target:
            continue
        cost, quoted = read
        gap = _unpaid(board, link, cost, resolved)
        if gap:
            found.gaps.append(gap)
            return
        found.quote(quoted)
        found.kinds = {"development"}
        found.steps.append(
            f'"{link.name}" resolves: it is a faceup development until the end of the turn, '
            "still in play, and no longer a unit"
        )
        _only_development(found)
        found.cite(BECOMING)


def _lapsed(board: Board, link: Link, resolved: bool, found: Place) -> bool:
    """Whether a resolved link's "until the end of the turn" is over (or open: a gap) by now.

    A turn of the other player stated after it ends it; the same player's turn restated may be
    a later turn, so what it made of a card is open there.
    """
    over = ended(board, link.fact.index) if resolved else False
    if over is None:
        found.gaps.append(
            f'"{link.name}" resolved, and what it does lasts until the end of the turn: a turn is '
            "stated after it, and whether it is a later turn is not stated"
        )
    return over is not False


def _only_development(found: Place) -> None:
    """A card that becomes a faceup development only loses its damage and resource tokens."""
    lost = [
        f"its {n} {what}"
        for n, what in ((found.damage, "damage"), (found.tokens, "resource tokens"))
        if n
    ]
    if lost:
        found.steps.append("as a faceup development only, it loses " + " and ".join(lost))
        found.cite(BECOMING)
    found.damage = found.tokens = 0


def blanked(board: Board, placed: InPlay) -> Text | None:
    """The attachment text in play that blanks the card's text box, quoted (or None)."""
    for attachment in board.attached_to(placed):
        if not in_play(board, attachment):
            continue
        quoted = has(attachment, ATTACHED_BLANK) or has(attachment, ATTACHED_BECOMES_DEVELOPMENT)
        if quoted is not None:
            return quoted
    return None


def loses_all_power(board: Board, placed: InPlay) -> Text | None:
    """The attachment text in play by which the card loses all power, quoted (or None)."""
    for attachment in board.attached_to(placed):
        quoted = has(attachment, ATTACHED_BECOMES_DEVELOPMENT)
        if quoted is not None and in_play(board, attachment):
            return quoted
    return None


def _developments_become_units(board: Board, found: Place) -> None:
    """Constant texts by which each development its controller controls is also a unit."""
    if "development" not in found.kinds:
        return
    for source in board.cards:
        quoted = has(source, DEVELOPMENTS_BECOME_UNITS)
        if quoted is None or not in_play(board, source) or controller(source) != found.controller:
            continue
        found.quote(quoted)
        found.kinds.add("unit")
        still = has(source, STILL_DEVELOPMENT)
        if still is None:
            found.kinds.discard("development")
        found.steps.append(
            f'"{source.name}" makes each development its controller controls a unit'
            + (", still counting as a development" if still is not None else "")
        )
        found.cite(CONSTANT)


def entered_corrupted(board: Board, placed: InPlay) -> tuple[bool, list[str], list[Text]] | None:
    """Whether a card played as a development entered play corrupted (None: not so played).

    It enters as a development, not a unit: a text corrupting units that enter its zone does
    not reach it, even if it becomes a unit once in play (Q&A 30, 17).
    """
    if not any(card is placed for card, _ in board.developed):
        return None
    steps, quotes = [], []
    for source in board.in_zone(placed.owner, placed.zone) if placed.zone else []:
        quoted = has(source, ENTER_CORRUPTED)
        if quoted is None or source is placed:
            continue
        quotes.append(quoted)
        steps.append(
            f'"{source.name}" corrupts units entering its zone, but "{placed.name}" enters '
            "play as a development, before any effect makes it a unit"
        )
    return False, steps, quotes


def _text(link: Link) -> str:
    return link.card.text if link.card is not None and link.card.text else ""


def _turned_facedown(found: Place, target: InPlay, quoted: Text) -> None:
    """A support card turned facedown into a development where it is: kept only by its owner."""
    found.quote(quoted)
    if "support" not in found.kinds:
        found.gaps.append(f'"{target.name}" is not a support card: the target is not legal')
        return
    found.kinds = {"development"}
    found.steps.append(f'"{quoted.card}" turns "{target.name}" facedown into a development')
    if found.side == found.owner:
        found.steps.append("its owner controls it: it may stay in play as a development")
        found.cite(OWN_DEVELOPMENTS, BECOMING)
    if found.side != found.owner:
        found.zone, found.questing = None, None
        found.steps.append(
            "it would be a development in the zone of a player who does not own it: it is "
            "discarded from play at once"
        )
        found.cite(OWN_DEVELOPMENTS, BECOMING)
