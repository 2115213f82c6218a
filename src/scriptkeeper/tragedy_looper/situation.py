"""Start a game from a stated situation instead of the first morning (docs/game-file.md).

A situation names the loop, day, Leader, phase, and whatever differs from a fresh loop: where
characters stand, their counters, corpses, once-per-loop cards already used, cards already face
down, roles and culprits already revealed, the facts of this loop and of the last. Rule scenario
tests are written this way. Every key is checked; an unknown one is refused by name.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import GameFileError
from ..core.text import Ref, T, Text
from .actions import frame, then
from .board import INCIDENTS_STOPPED, NO_FORBIDDEN
from .engine import DAY_PHASES, day_phases, reset_loop
from .query import forbidden_locations
from .refs import MASTERMIND, PROTAGONIST_SEATS, AbilityRef
from .state import GameState, LoopResult, PlacedCard, PreviousLoop

PHASES = {
    "loop_start": None,
    "morning": "day.begin",
    "mastermind_cards": "cards.mastermind",
    "protagonist_cards": "cards.protagonists",
    "resolution": "cards.resolve",
    "mastermind_abilities": "phase.mastermind_abilities",
    "goodwill_abilities": "phase.goodwill",
    "incident": "phase.incident",
    "day_end": "phase.day_end",
    "loop_end": "loop.end",
    "final_guess": "final.begin",
}
KNOWN = {"loop", "day", "leader", "phase", "characters", "locations", "set_aside", "cards", "revealed_roles",
         "revealed_culprits", "occurred", "abilities_used_this_loop", "declared_today", "loop_flags", "previous_loop",
         "added_cards", "extra_cards", "gauges", "warps_today", "remembered"}
# Facts of the current loop a situation may state; what each means is `situation.loop_flag.<key>`
# (the rule that sets it during play in brackets).
LOOP_FLAGS = ("patient_free", "no_incidents", "no_protagonist_cards", "revealed_this_loop", "died_this_loop")


def _bad(id: str, **params: Any) -> GameFileError:
    """A situation's problem as a Text (`situation.*` of texts/en.yaml) under the prefix
    `file.situation`, worded with the game's catalog in the reader's language. The keys, ids and
    values it quotes are the file's own, as its author wrote them."""
    return _bad_text(T(id, **params))


def _bad_text(detail: Text) -> GameFileError:
    from .game import GAME  # the game's catalog words the details (and names a set)

    return GameFileError(T("file.situation", detail=detail), game=GAME)


def _ids(values: Any) -> str:
    """A list of the file's keys or the data's ids, quoted as a program would write them."""
    return repr(sorted(values) if not isinstance(values, list) else values)


def _hand(who: Any) -> str:
    if who == MASTERMIND or who in PROTAGONIST_SEATS:
        return str(who)
    raise _bad("situation.not_a_hand", who=repr(who))


def _extra_cards(state: GameState, dealt: Any) -> None:
    """Last Liar's Extra cards: as the situation deals them ({protagonist1: a, ...}), else dealt by a
    recorded draw as at a game's start."""
    from .traitors import deal_extra_cards

    letters = state.rules.set.extra_cards
    if dealt is None:
        if letters:
            deal_extra_cards(state)
        return
    if not letters:
        raise _bad("situation.extra_cards.none", set=Ref("set", state.script.set_id))
    if not isinstance(dealt, dict) or sorted(dealt) != list(PROTAGONIST_SEATS) or sorted(dealt.values()) != sorted(letters):
        raise _bad("situation.extra_cards.deal", hands=_ids(list(PROTAGONIST_SEATS)), letters=_ids(list(letters)))
    deal_extra_cards(state, {h: str(dealt[h]) for h in PROTAGONIST_SEATS})


def apply_situation(state: GameState, sit: dict[str, Any]) -> None:
    if not isinstance(sit, dict):
        raise _bad("situation.not_a_mapping")
    unknown = set(sit) - KNOWN
    if unknown:
        raise _bad("situation.unknown_keys", keys=_ids(unknown), known=_ids(KNOWN))
    s = state.script
    rules = state.rules
    loop, day = int(sit.get("loop", 1)), int(sit.get("day", 1))
    if not 1 <= loop <= s.loops or not 1 <= day <= s.days:
        raise _bad("situation.outside", loop=loop, day=day, loops=T("count.loops", n=s.loops), days=T("count.days", n=s.days))
    phase = sit.get("phase", "morning")
    if phase not in PHASES:
        raise _bad("situation.phase", phase=repr(phase), phases=_ids(list(PHASES)))
    if phase == "final_guess" and not rules.set.final_guess:
        raise _bad("situation.no_final_guess", set=Ref("set", s.set_id))
    reset_loop(state, loop)
    for ch, start in state.script.starts.items():  # a start the script fixed (the Servant)
        state.board.set_start(ch, start)
    # At the Final Guess every loop up to `loop` was lost; elsewhere, the loops before it.
    last = loop + 1 if phase == "final_guess" else loop
    state.loop_results = [LoopResult(n, True, (T("loss.before_situation"),)) for n in range(1, last)]
    state.leader = int(sit.get("leader", 1)) - 1
    if not 0 <= state.leader <= 2:
        raise _bad("situation.leader")
    board = state.board
    counter_kinds = rules.counter_kinds
    for ch, spec in (sit.get("characters") or {}).items():
        if ch not in board.chars:
            raise _bad("situation.not_in_cast", character=repr(ch))
        c = board.chars[ch]
        spec = spec or {}
        if "at" in spec:
            if spec["at"] is not None and not rules.is_location(spec["at"]):
                raise _bad("situation.at", character=ch, locations=_ids(list(rules.locations)))
            c.location = spec["at"]
            if c.location:
                board.start.setdefault(ch, c.location)
        c.alive = not spec.get("dead", False)
        for k in counter_kinds:
            c.counters[k] = int(spec.get(k, 0))
        if spec.get("extra_card"):
            board.extra_cards.add(ch)
            state.this_loop.extra_card_sources[ch] = T("cause.situation")
        if "start" in spec:
            # A starting location other than the printed one, for this loop (where a character with
            # several starts began; the Henchman's). Without `at`, the character stands there too.
            if not rules.is_location(spec["start"]):
                raise _bad("situation.start", character=ch, locations=_ids(list(rules.locations)))
            board.start[ch] = spec["start"]
            if "at" not in spec:
                c.location = spec["start"]
        for token in spec.get("tokens") or []:
            if token not in rules.tokens:
                raise _bad("situation.token", character=ch, token=repr(token), tokens=_ids(rules.tokens))
            board.add_token(ch, token)
        extra = set(spec) - {"at", "start", "dead", "extra_card", "tokens", *counter_kinds}
        if extra:
            raise _bad("situation.character_keys", character=ch, keys=_ids(extra))
    for ch in s.cast:
        if board.chars[ch].location is None and rules.characters[ch].has_trait("start_chosen_each_loop") \
                and s.enters_loop.get(ch, 1) <= loop:
            raise _bad("situation.no_fixed_start", character=ch)
    for loc, counters in (sit.get("locations") or {}).items():
        if not rules.is_location(loc):
            raise _bad("situation.not_a_location", location=repr(loc))
        for k, v in counters.items():
            board.locations[loc][k] = int(v)
    for who, cards in (sit.get("set_aside") or {}).items():
        hand = _hand(who)
        once = rules.mastermind_once_per_loop if hand == MASTERMIND else rules.protagonist_once_per_loop
        for card in cards or []:
            if card not in once:
                raise _bad("situation.set_aside.not_once", hand=str(who), card=repr(card), cards=_ids(once))
            if card not in state.hands.held[hand]:
                raise _bad("situation.set_aside.too_often", hand=str(who), card=repr(card))
            state.hands.held[hand].remove(card)
        state.hands.set_aside[hand] = list(cards or [])
    _extra_cards(state, sit.get("extra_cards"))
    # Cards no hand is dealt that effects added to a hand earlier this loop (Rei's Hope +1...).
    for who, cards in (sit.get("added_cards") or {}).items():
        hand = _hand(who)
        may = rules.mastermind_added if hand == MASTERMIND else rules.protagonist_added
        for card in cards or []:
            if card not in may:
                raise _bad("situation.added_cards", hand=str(who), card=repr(card), cards=_ids(may))
            state.hands.held[hand].append(card)
    state.revealed_roles.update(sit.get("revealed_roles") or {})
    for ch, role in state.revealed_roles.items():
        if ch not in board.chars or role not in rules.roles:
            raise _bad("situation.revealed_roles", character=repr(ch), role=repr(role))
    by_day = {inc.day: i for i, inc in enumerate(s.incidents)}

    def incident_days(key: str) -> list[int]:
        return incident_days_of(sit.get(key) or [], key)

    def incident_days_of(days: list[Any], key: str) -> list[int]:
        for d in days:
            if d not in by_day:
                raise _bad("situation.no_incident_day", key=key, day=repr(d), days=_ids(by_day))
        return [by_day[d] for d in days]

    for i in incident_days("revealed_culprits"):
        state.revealed_culprits[i] = s.incidents[i].culprit
    occurred = sit.get("occurred") or []
    if not isinstance(occurred, list):
        raise _bad("situation.occurred_list")
    # An incident id: an incident that occurred earlier this loop without being on the schedule
    # (no stand-in to schedule; rules that ask whether that kind occurred see it, nobody is its culprit).
    elsewhere = [o for o in occurred if isinstance(o, str)]
    for o in elsewhere:
        if o not in rules.incidents:
            raise _bad("situation.occurred_unknown", incident=repr(o), set=Ref("set", s.set_id))
    state.this_loop.occurred = incident_days_of([o for o in occurred if not isinstance(o, str)], "occurred")
    state.this_loop.occurred_unscheduled = elsewhere
    state.this_loop.used = {_ability_ref(state, k, "abilities_used_this_loop") for k in sit.get("abilities_used_this_loop") or []}
    # Abilities already declared today (refused or not): not offered again today.
    state.today.used = {_ability_ref(state, k, "declared_today") for k in sit.get("declared_today") or []}
    _loop_flags(state, sit.get("loop_flags") or {})
    state.previous_loop = _previous_loop(state, sit.get("previous_loop") or {})
    # Another Horizon: the gauges now, the Warps triggered so far today, and the days of the
    # remembered incidents that occurred earlier this game (The Singularity).
    state.board.gauges.update(_gauges(state, sit.get("gauges") or {}, "gauges"))
    warps = sit.get("warps_today", 0)
    if not isinstance(warps, int) or warps < 0 or (warps and state.rules.set.warp_gauge is None):
        raise _bad("situation.warps")
    state.today.warps = warps
    state.remembered = incident_days_of(list(sit.get("remembered") or []), "remembered")
    # Positions are checked once the loop flags are known (the Doctor may have freed the Patient).
    for ch, c in board.chars.items():
        if c.location is not None and c.location in forbidden_locations(state, ch):
            raise _bad("situation.forbidden", character=ch, location=c.location)
    _place_cards(state, sit.get("cards") or [])
    state.phase = phase
    first = PHASES[phase]
    if phase == "final_guess":
        state.day = s.days
        then(state, frame("final.begin"))
        return
    then(state, frame("loop.end"))
    if phase == "loop_end":
        return
    if phase == "loop_start":
        then(state, frame("loop.start_effects"), frame("day.begin"))
        return
    if first == "day.begin":
        state.day = day - 1
        then(state, frame("day.begin"))
    else:
        assert first is not None and first in DAY_PHASES
        state.day = day
        then(state, *day_phases(first))


def _chars(state: GameState, key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or any(ch not in state.board.chars for ch in value):
        raise _bad("situation.loop_flags.characters", key=key, value=repr(value))
    return list(value)


def _loop_flags(state: GameState, flags: Any) -> None:
    if not isinstance(flags, dict):
        raise _bad("situation.loop_flags.mapping")
    unknown = set(flags) - set(LOOP_FLAGS)
    if unknown:
        known = tuple(T("situation.loop_flag", key=k, meaning=T(f"situation.loop_flag.{k}")) for k in LOOP_FLAGS)
        raise _bad("situation.loop_flags.unknown", keys=_ids(unknown), known=known)
    board, facts = state.board, state.this_loop
    if flags.get("patient_free"):
        for ch in state.script.cast:
            if state.rules.characters[ch].has_trait("confined_until_doctor"):
                board.add_status(NO_FORBIDDEN, ch)
    for ch in _chars(state, "no_incidents", flags.get("no_incidents", [])):
        board.add_status(INCIDENTS_STOPPED, ch)
    for ch in _chars(state, "no_protagonist_cards", flags.get("no_protagonist_cards", [])):
        board.add_status("no_protagonist_cards", ch)
    facts.revealed = _chars(state, "revealed_this_loop", flags.get("revealed_this_loop", []))
    facts.died = _chars(state, "died_this_loop", flags.get("died_this_loop", []))


def _previous_loop(state: GameState, prev: Any) -> PreviousLoop:
    if not isinstance(prev, dict) or set(prev) - {"goodwill", "dead", "loop", "corpses", "occurred", "gauges"}:
        raise _bad("situation.previous_loop.form")
    by_day = {inc.day: i for i, inc in enumerate(state.script.incidents)}
    occurred = []
    for d in prev.get("occurred") or []:
        if d not in by_day:
            raise _bad("situation.previous_loop.no_incident_day", day=repr(d))
        occurred.append(by_day[d])
    goodwill = prev.get("goodwill") or {}
    dead = prev.get("dead") or []
    corpses = prev.get("corpses")
    corpses = list(dead) if corpses is None else list(corpses)  # by default nobody died and came back
    dead = list(dict.fromkeys([*dead, *corpses]))
    for ch in [*goodwill, *dead]:
        if ch not in state.board.chars:
            raise _bad("situation.previous_loop.not_in_cast", character=repr(ch))
    gauges = _gauges(state, prev.get("gauges") or {}, "previous_loop gauges")
    return PreviousLoop(int(prev.get("loop", max(0, state.loop - 1))), tuple((ch, int(n)) for ch, n in goodwill.items()), tuple(dead),
                        tuple(ch for ch in dead if ch not in corpses), tuple(occurred), tuple(sorted(gauges.items())))


def _gauges(state: GameState, given: Any, key: str) -> dict[str, int]:
    """The set's gauges a situation states ({gauge: value}; Another Horizon's `extra`)."""
    if not isinstance(given, dict) or any(g not in state.rules.set.gauges or not isinstance(v, int) for g, v in given.items()):
        raise _bad("situation.gauges", key=key, gauges=_ids(state.rules.set.gauges))
    return dict(given)


def _ability_ref(state: GameState, text: Any, key: str = "abilities_used_this_loop") -> AbilityRef:
    """A once-per-loop use: 'police_officer.2' is the Police Officer's second Goodwill ability;
    'plot:an_unsettling_rumor:0' or 'CHARACTER:ROLE:N' name a plot rule or a role ability directly."""
    text = str(text)
    if text.count(":") == 2:
        try:
            return AbilityRef.parse(text)
        except GameFileError as exc:  # the key's own problem, under the situation's prefix
            raise _bad_text(exc.text) if exc.text is not None else exc from None
    ch, _, n = text.partition(".")
    if ch not in state.board.chars or not n.isdigit() or not 1 <= int(n) <= len(state.rules.characters[ch].goodwill):
        raise _bad("situation.ability_used", key=key, ability=repr(text))
    return AbilityRef.goodwill(ch, int(n) - 1)


def _place_cards(state: GameState, cards: list[dict[str, Any]]) -> None:
    """Cards already face down: each must be in its hand and on a target that side may choose."""
    from .cards import available_cards, legal_targets

    for n, p in enumerate(cards, 1):
        if not isinstance(p, dict) or not {"by", "card", "target"} <= set(p):
            raise _bad("situation.cards.form", n=n)
        by = _hand(p["by"])
        if p["card"] not in available_cards(state, by):
            raise _bad("situation.cards.not_in_hand", n=n, hand=str(p["by"]), card=repr(p["card"]))
        if p["target"] not in legal_targets(state, by):
            raise _bad("situation.cards.target", n=n, hand=str(p["by"]), target=repr(p["target"]))
        if by == MASTERMIND and sum(1 for q in state.hands.placed if q.by == MASTERMIND) >= 3:
            raise _bad("situation.cards.mastermind_three", n=n)
        if by != MASTERMIND and any(q.by == by for q in state.hands.placed):
            raise _bad("situation.cards.one_a_day", n=n, hand=str(p["by"]))
        state.hands.held[by].remove(p["card"])
        state.hands.placed.append(PlacedCard(by, p["card"], p["target"]))
