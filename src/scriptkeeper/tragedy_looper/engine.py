"""The Tragedy Looper engine: state + answer -> new state + events.

The game flow runs on the kernel's step stack (core/flow.py): the steps below are registered in
the game's step registry, and running the engine pops steps until one asks a decision or the game
ends. Nothing here reads input, the clock or global randomness; the same script, seed and answers
always give the same game.

Day structure (seed 002 "game progress", seed 004 "phases", rules-notes section 4):
loop start -> [day start, Mastermind cards, Protagonist cards, resolution, Mastermind abilities,
Goodwill abilities, incident, day end, Leader passes] x days -> loop end.
"""

from __future__ import annotations

from typing import Any

from ..core import flow
from ..core.decision import Decision
from ..core.events import GM, Event
from ..core.text import Ref, T, Text
from . import cards  # noqa: F401  (registers the card steps)
from .actions import (ACQUAINTED, ask, emit, frame, kill_protagonists, lose_loop, move_gauge, op, place_token, queue_own_abilities,
                      settle_deaths, then, trigger_warp)
from .board import Board, incidents_stopped
from .cards import deal
from .effects import apply_effect, run, run_steps, spec_for, start_ctx, usable
from .query import (Ctx, ability_goodwill, about, guess_is_right, guessed_characters, who_may_have, count, has_trait, holds,
                    incident_forced_here, incident_limit, incident_vetoed, puppeted, refusal, role_abilities, script_role,
                    trigger_count_kind)
from .refs import GOODWILL, HANDS, MASTERMIND, PLOT, ROLE, AbilityRef
from .script import Script
from .sets.base import coded  # noqa: F401  (registers the base game's coded rules)
from .sets.base.roster import incident_count
from .sets.base.rei_characters import acting_culprit, day_end_deaths, day_start_entries
from .state import DayFacts, GameState, LoopFacts, LoopResult, PreviousLoop, Result
from .texts import character, location, rules_text_of_goodwill, rules_text_of_plot_rule, rules_text_of_role_ability, special_rules_text, the_location
from .traitors import active_traitors, deal_extra_cards, guessing_seat
from .vocab import CALLS, TRAITS

TRAITS.add("always_triggers_incidents", doc="role: its incidents occur whatever its Paranoia (Obstinate)")
TRAITS.add("start_chosen_each_loop", doc="character: the Mastermind chooses its starting location at every loop start (Henchman)")


# ================================================================ public API
def new_game(script: Script, seed: int = 0, players: int = 4, situation: dict[str, Any] | None = None) -> GameState:
    """A new game, run up to its first decision. `situation` starts from a stated position."""
    if players not in (2, 4):
        raise ValueError("players must be 2 (one Protagonist holds all three hands) or 4")
    if players not in script.rules.set.players:
        raise ValueError(f"{script.rules.set.name} is played by exactly {' or '.join(map(str, script.rules.set.players))} players")
    if script.partial and situation is None:
        raise ValueError("a partial script (partial: true) is for rule questions: it starts only from a situation")
    state = GameState(script=script, players=players, seed=seed)
    state.board = Board.empty(script.rules, script.cast)
    state.board.turf = dict(script.turf)
    if situation is None:
        then(state, frame("game.start"))
    else:
        from .situation import apply_situation

        apply_situation(state, situation)
    flow.run(state)
    return state


def pending(state: GameState) -> Decision | None:
    return state.pending


def is_over(state: GameState) -> bool:
    return state.result is not None


def apply(state: GameState, answer: Any, seat: str | None = None) -> tuple[GameState, list[Event]]:
    """Pure: a new state with `answer` applied, and the events it produced."""
    return flow.apply(state, answer, seat)


def apply_in_place(state: GameState, answer: Any, seat: str | None = None) -> list[Event]:
    """Apply `answer` to the pending decision, changing `state` itself (fast path for simulations)."""
    return flow.apply_in_place(state, answer, seat)


# ================================================================ loops
@op("game.start")
def _game_start(state: GameState, args: dict[str, Any]) -> None:
    s = state.script
    schedule = tuple(T("schedule.entry", day=i.day, incident=Ref("incident", i.public_name or i.incident)) for i in s.incidents)
    emit(state, "game_start", T("event.game_start", set=Ref("set", s.set_id), loops=T("count.loops", n=s.loops),
                                days=T("count.days", n=s.days), incidents=schedule or T("word.none")))
    if s.special_rules:
        emit(state, "special_rules", T("event.special_rules", text=special_rules_text(s)))
    if s.rules.set.extra_cards:
        deal_extra_cards(state)  # once, before the first loop (Last Liar)
    then(state, frame("loop.start", loop=1))


def public_incident(state: GameState, idx: int) -> Ref:
    """The name a scheduled incident goes by on the public schedule."""
    inc = state.script.incidents[idx]
    return Ref("incident", inc.public_name or inc.incident)


def reset_loop(state: GameState, loop: int) -> None:
    """Loop start: every character back to its start, alive, without counters; cards back in hand."""
    state.loop, state.day = loop, 0
    rules = state.rules
    state.board.entered = {ch for ch, first in state.script.enters_loop.items() if loop >= first}
    state.board.reset_for_loop(rules)
    state.hands.held = {h: deal(rules, h) for h in HANDS}
    # Cards a set adds to every hand at each loop start, and in the first loop only (Another Horizon).
    for extra in (rules.set.starting_cards, rules.set.first_loop_cards if loop == 1 else {}):
        for side, cards in extra.items():
            for h in ([MASTERMIND] if side == "mastermind" else [h for h in HANDS if h != MASTERMIND]):
                state.hands.held[h].extend(cards)
    state.hands.set_aside = {}
    state.hands.placed = []
    state.this_loop = LoopFacts()  # Extra cards leave the board with the counters (seed 001)
    state.today = DayFacts()


@op("loop.start")
def _loop_start(state: GameState, args: dict[str, Any]) -> None:
    loop = args["loop"]
    reset_loop(state, loop)
    state.phase = "loop_start"
    emit(state, "loop_start", T("event.loop_start", loop=loop, loops=state.script.loops), loop=loop)
    for ch, first in state.script.enters_loop.items():
        if first == loop:
            emit(state, "enters", T("event.enters", character=character(ch)), character=ch)
    for ch, loc in state.script.starts.items():  # a start the script fixed among the printed ones (the Servant)
        state.board.set_start(ch, loc)
        emit(state, "placed", T("event.placed", character=character(ch), location=location(loc)), character=ch, location=loc)
    for ch, turf in state.script.turf.items():
        emit(state, "turf", T("event.turf", character=character(ch), location=location(turf)), character=ch, location=turf)
    frames = []
    for ch in state.script.cast:
        if state.rules.characters[ch].has_trait("start_chosen_each_loop") and state.script.enters_loop.get(ch, 1) <= loop:
            frames.append(frame("loop.choose_start", character=ch))
    frames += [frame("loop.start_effects"), frame("day.begin")]
    # loop.end sits under the loop's days: an immediate loss unwinds to it.
    then(state, *frames, frame("loop.end"))


@op("loop.choose_start")
def _choose_start(state: GameState, args: dict[str, Any]) -> None:
    ch = args["character"]
    locs = [l for l in state.rules.locations if l not in state.rules.characters[ch].forbidden]
    ask(state, MASTERMIND, "starting_location", T("prompt.starting_location", character=character(ch)), locs,
        lambda: [the_location(l) for l in locs], "loop.set_start", {"character": ch}, option_info=[{"location": l, "board_target": l} for l in locs],
        info={"character": ch})


@op("loop.set_start")
def _set_start(state: GameState, args: dict[str, Any]) -> None:
    ch, loc = args["character"], args["answer"]
    state.board.set_start(ch, loc)
    emit(state, "placed", T("event.placed", character=character(ch), location=location(loc)), character=ch, location=loc)


@op("loop.start_effects")
def _loop_start_effects(state: GameState, args: dict[str, Any]) -> None:
    """Mandatory loop-start rules of characters (the Black Cat), then of plots and roles (Friend, Threads of Fate, ...),
    then what an incident of the previous loop does now (Last Will)."""
    then(state, frame("incidents.next_loop_start"))
    run_mandatory(state, "loop_start")
    for ch in reversed(state.script.cast):  # pushed in reverse: they run in cast order, before the plots and roles
        for t in state.rules.characters[ch].traits:
            if t.name == "at_loop_start" and state.in_play(ch):
                then(state, frame("character.loop_start", character=ch, call=t.params))


@op("incidents.next_loop_start")
def _incidents_next_loop_start(state: GameState, args: dict[str, Any]) -> None:
    """An incident that occurred in the previous loop and acts at this loop's start (Last Liar's
    Last Will: the Protagonists add Hope +1 to their hands), once per occurrence, in schedule order."""
    prev = state.previous_loop
    if prev.loop != state.loop - 1:
        return
    for idx in prev.occurred:
        inc = state.script.incidents[idx]
        effect = state.rules.incidents[inc.incident].next_loop_start
        if effect is not None:
            apply_effect(state, effect, None, Ctx(seat=MASTERMIND, culprit=inc.culprit, incident=idx,
                                                  cause=T("cause.incident_last_loop", incident=Ref("incident", inc.incident))))


@op("character.loop_start")
def _character_loop_start(state: GameState, args: dict[str, Any]) -> None:
    ch = args["character"]
    loc = state.board.chars[ch].location
    CALLS[args["call"]].run(state, Ctx(source=ch, seat=MASTERMIND, here=(loc,) if loc else (),
                                 cause=T("cause.character", character=character(ch))))


def run_mandatory(state: GameState, timing: str) -> None:
    """Queue every mandatory ability of `timing`: plot rules first, then roles in cast order.

    Abilities with the same registered function run once with all their sources, so that
    simultaneous effects (two Serial Killers) resolve together.
    """
    frames = []
    stacked: set[str] = set()
    for plot, i, rule in state.script.plot_rules:
        if rule.timing == timing and not rule.optional and not rule.loss_if and not rule.role_change:
            if rule.stack_group:
                # Rules that do not stack: only the first (main plot first) happens.
                if rule.stack_group in stacked:
                    continue
                stacked.add(rule.stack_group)
            frames.append(frame("ability.run", ref=AbilityRef.plot(plot, i), source=None, seat=MASTERMIND))
    # Roles are looked at once the plot rules are done: a plot rule may change who holds what
    # (an Extra card placed at loop start makes a Key Person in Fated Connections).
    then(state, *frames, frame("mandatory.roles", timing=timing))


@op("mandatory.roles")
def _mandatory_roles(state: GameState, args: dict[str, Any]) -> None:
    timing = args["timing"]
    order: list[Any] = []  # refs, or a call shared by several holders (in the place of its first holder)
    grouped: dict[str, tuple[AbilityRef, list[str]]] = {}
    for ch, _ in who_may_have(state, frozenset({(timing, False)})):  # only those that could have one
        c = state.board.chars[ch]
        if c.location is None:
            continue
        for ref, ab in role_abilities(state, ch):
            if ab.timing != timing or ab.optional:
                continue
            # Loop-end rules look at the dead too (the Friend); other timings need the living.
            if not c.alive and timing != "loop_end":
                continue
            if ab.call:
                if ab.call not in grouped:
                    grouped[ab.call] = (ref, [])
                    order.append(ab.call)
                grouped[ab.call][1].append(ch)
            else:
                order.append((ref, ch))
    frames = []
    for item in order:
        if isinstance(item, str):
            ref, sources = grouped[item]
            frames.append(frame("ability.run_group", ref=ref, call=item, sources=tuple(sources)))
        else:
            frames.append(frame("ability.run", ref=item[0], source=item[1], seat=MASTERMIND))
    then(state, *frames)


@op("ability.run")
def _ability_run(state: GameState, args: dict[str, Any]) -> None:
    ref, source = args["ref"], args["source"]
    ctx = start_ctx(state, ref, source, args["seat"], role_ability=ref.kind == ROLE, cause=args.get("cause") or cause_of(state, ref))
    run(state, ctx)


@op("ability.run_group")
def _ability_run_group(state: GameState, args: dict[str, Any]) -> None:
    ref = args["ref"]
    ctx = start_ctx(state, ref, args["sources"][0], MASTERMIND, role_ability=True, sources=args["sources"], cause=cause_of(state, ref))
    CALLS[args["call"]].run(state, ctx)


def cause_of(state: GameState, ref: AbilityRef) -> Any:
    """What the log names as the cause of what an ability does."""
    if ref.kind == PLOT:
        return Ref("plot", ref.owner)
    if ref.kind == "incident":
        return Ref("incident", state.script.incidents[int(ref.owner)].incident)
    if ref.kind == GOODWILL:
        return T("cause.goodwill", character=character(ref.owner))
    return T("cause.role", role=Ref("role", ref.role or ""), character=character(ref.owner))


@op("loop.end")
def _loop_end(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "loop_end"
    # Loss conditions at loop end are checked even after an early end (see docs/rulings.md).
    then(state, frame("loop.end_checks"), frame("loop.judge"))
    run_mandatory(state, "loop_end")


@op("loop.end_checks")
def _loop_end_checks(state: GameState, args: dict[str, Any]) -> None:
    for plot, i, rule in state.script.plot_rules:
        if rule.timing == "loop_end" and rule.loss_if is not None and holds(state, rule.loss_if, about(None)):
            lose_loop(state, T("loss.plot_rule", plot=Ref("plot", plot), rule=rules_text_of_plot_rule(plot, i)), immediate=False)


@op("loop.judge")
def _loop_judge(state: GameState, args: dict[str, Any]) -> None:
    s = state.script
    lost = state.this_loop.lost
    state.loop_results.append(LoopResult(state.loop, lost, tuple(state.this_loop.loss_reasons)))
    chars = state.board.chars
    state.previous_loop = PreviousLoop(
        state.loop,
        tuple((ch, count(state, ch, "goodwill")) for ch in s.cast if chars[ch].location),
        # Every character that died during the loop, revived or not (seed 001: "a character that
        # died during the previous loop"; the Alien may revive one). A corpse at loop end died
        # during the loop too (a situation may lay one down without saying so).
        tuple(ch for ch in s.cast if ch in state.this_loop.died or (chars[ch].location and not chars[ch].alive)),
        tuple(ch for ch in s.cast if ch in state.this_loop.died and chars[ch].alive),
        # Only the incidents that act at the next loop's start (Last Will) are remembered: the others'
        # games keep the digests they had.
        tuple(i for i in state.this_loop.occurred if s.rules.incidents[s.incidents[i].incident].next_loop_start is not None),
        tuple(sorted(state.board.gauges.items())) if s.rules.set.warp_gauge else ())
    if not lost:
        emit(state, "loop_won", T("event.loop_won", loop=state.loop))
        finish(state, "protagonists", T("outcome.loop_won", loop=state.loop))
        return
    emit(state, "loop_lost", T("event.loop_lost", loop=state.loop))
    if state.loop >= s.loops:
        if s.rules.set.final_guess:
            then(state, frame("final.begin"))
        else:
            finish(state, "mastermind", T("outcome.every_loop_lost"))
        return
    if s.rules.set.final_guess and s.rules.set.skip_to_final_guess:
        nxt = state.loop + 1
        ask(state, state.leader_seat, "next_loop_or_final_guess", T("prompt.next_loop_or_final_guess", loop=state.loop, next=nxt),
            ["next_loop", "final_guess"], [T("label.start_loop", loop=nxt), T("label.final_guess_now")], "loop.between", {},
            info={"team": True})
    else:
        then(state, frame("loop.start", loop=state.loop + 1))


@op("loop.between")
def _loop_between(state: GameState, args: dict[str, Any]) -> None:
    if args["answer"] == "final_guess":
        emit(state, "skip_to_final", T("event.skip_to_final"))
        then(state, frame("final.begin"))
    else:
        then(state, frame("loop.start", loop=state.loop + 1))


def finish(state: GameState, winner: str, reason: Text) -> None:
    # The loops played: every loop ended so far, and the current one when a Traitor wins during it.
    state.result = Result(winner, reason, max(len(state.loop_results), state.loop), active_traitors(state))
    state.phase = "game_over"
    emit(state, "game_over", T("event.game_over", wins=T(f"wins.{winner}"), reason=reason), winner=winner)
    emit(state, "script_revealed", T("event.script_revealed"), script=state.script.to_dict())


# ================================================================ final guess
@op("final.begin")
def _final_begin(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "final_guess"
    emit(state, "final_guess", T("event.final_guess"))
    if state.rules.set.extra_cards:
        then(state, frame("final.traitors"))  # Last Liar: the Traitors first (traitors.py)
        return
    then(state, *[frame("final.ask", character=ch) for ch in guessed_characters(state)], frame("final.judge"))


@op("final.ask")
def _final_ask(state: GameState, args: dict[str, Any]) -> None:
    ch = args["character"]
    roles = list(state.rules.roles)
    # A team decision (front ends let the human Protagonists take it), one of a series of questions
    # with the same options: a front end may ask them all at once and answer them in order.
    series = {"current": ch, "items": [{"key": c, "label": character(c)} for c in guessed_characters(state)],
              "answered": dict(state.final_guess), "title": T("prompt.final_guess_form")}
    # With Traitors about (Last Liar), the guess is asked of a Protagonist who is not one, and it is
    # not a team decision: another seat of the team may be a Traitor.
    ask(state, guessing_seat(state), "final_guess", T("prompt.final_guess", character=character(ch)), roles,
        lambda: [Ref("role", r) for r in roles], "final.record", {"character": ch}, force=True,
        info={"character": ch, "team": not state.rules.set.extra_cards, "series": series}, option_info=[{"role": r} for r in roles])


@op("final.record")
def _final_record(state: GameState, args: dict[str, Any]) -> None:
    ch, role = args["character"], args["answer"]
    state.final_guess[ch] = role
    emit(state, "guess", T("event.guess", character=character(ch), role=Ref("role", role)), character=ch, role=role)


@op("final.judge")
def _final_judge(state: GameState, args: dict[str, Any]) -> None:
    wrong = [ch for ch in guessed_characters(state) if not guess_is_right(state, ch, state.final_guess.get(ch))]
    if wrong:
        finish(state, "mastermind", T("outcome.guess_wrong", n=len(wrong)))
    else:
        finish(state, "protagonists", T("outcome.guess_right"))


# ================================================================ days
@op("day.begin")
def _day_begin(state: GameState, args: dict[str, Any]) -> None:
    state.day += 1
    state.phase = "morning"
    hands = state.hands
    for p in hands.placed:  # cards left on the board (a stated situation) go back to their hands
        hands.held[p.by].append(p.card)
    hands.placed = []
    state.today = DayFacts()
    who = T("who.protagonists") if state.players == 2 else T("who.protagonist", n=state.leader + 1)
    emit(state, "day_start", T("event.day_start", loop=state.loop, day=state.day, days=state.script.days, leader=who),
         loop=state.loop, day=state.day, leader=state.leader)
    for ch, day in state.script.enters_day.items():  # the Transfer Student, on the day the script gives
        if day == state.day:
            state.board.enter(state.rules, ch)
            emit(state, "enters", T("event.enters", character=character(ch)), character=ch)
    day_start_entries(state)  # the Part-Timer(?), the morning after the Part-Timer died
    then(state, *day_phases("cards.mastermind"))


DAY_PHASES = ("cards.mastermind", "cards.protagonists", "cards.resolve", "phase.mastermind_abilities",
              "phase.goodwill", "phase.incident", "phase.day_end", "day.finish")


def day_phases(start: str) -> list[Any]:
    """The steps of a day from `start` on (situations may begin part-way through a day)."""
    return [frame(p) for p in DAY_PHASES[DAY_PHASES.index(start):]]


@op("day.finish")
def _day_finish(state: GameState, args: dict[str, Any]) -> None:
    raise_gauge_for_warps(state)
    if state.day < state.script.days:
        then(state, frame("day.begin"))


# ---------------------------------------------------------------- Mastermind abilities
def _once_used(state: GameState, ref: AbilityRef) -> bool:
    """Used this loop by this character, or, for `shared_by_role` abilities, by any holder of the role."""
    used = state.this_loop.used
    return ref in used or (ref.kind == ROLE and ref.shared in used)


def mastermind_abilities(state: GameState, timing: str) -> list[tuple[AbilityRef, str | None, Text]]:
    """(ref, source, label) of every optional Mastermind ability of `timing` usable right now."""
    out: list[tuple[AbilityRef, str | None, Text]] = []
    timings = {timing} | ({"last_day_end"} if timing == "day_end" and state.day == state.script.days else set())
    today, loop_used = state.today.used, state.this_loop.used
    for plot, i, rule in state.script.plot_rules:
        if rule.timing not in timings or not rule.optional:  # most plot rules: no ref made
            continue
        ref = AbilityRef.plot(plot, i)
        if ref not in today and not (rule.once_per_loop and ref in loop_used) \
                and usable(state, rule, start_ctx(state, ref, None, MASTERMIND, role_ability=False)):
            out.append((ref, None, T("label.plot_ability", plot=Ref("plot", plot), rule=rules_text_of_plot_rule(plot, i))))
    goodwill_too = timing == "mastermind_ability"
    # Only characters that could ever have such an ability are looked at (most have none).
    for ch, by_role in who_may_have(state, frozenset((t, True) for t in timings), goodwill_too):
        if not state.in_play(ch):
            continue
        for ref, ab in role_abilities(state, ch) if by_role else ():
            if ab.timing in timings and ab.optional and ref not in today \
                    and not (ab.once_per_loop and _once_used(state, ref)) \
                    and usable(state, ab, start_ctx(state, ref, ch, MASTERMIND, role_ability=True)):
                out.append((ref, ch, T("label.role_ability", role=Ref("role", ref.role or ""), character=character(ch),
                                       ability=rules_text_of_role_ability(ref.role or "", ref.index))))
        if goodwill_too:
            for i, gw in enumerate(state.rules.characters[ch].goodwill):
                if not gw.mastermind_may_use_with_refusal:  # most Goodwill abilities: no ref made
                    continue
                ref = AbilityRef.goodwill(ch, i)
                needs = gw.goodwill if gw.mastermind_needs_goodwill is None else gw.mastermind_needs_goodwill
                if refusal(state, ch) != "none" \
                        and ability_goodwill(state, ch) >= needs and ref not in today \
                        and not (gw.once_per_loop and ref in loop_used) \
                        and gw_requirements(state, ch, gw) \
                        and usable(state, gw, start_ctx(state, ref, ch, MASTERMIND, role_ability=False)):
                    out.append((ref, ch, T("label.goodwill_by_mastermind", character=character(ch), ability=rules_text_of_goodwill(ch, i))))
    if goodwill_too:
        out += puppet_abilities(state)
    return out


def may_be_puppeted(state: GameState) -> bool:
    """Could any character of this script ever have Puppeted Goodwill Refusal (Another Horizon)?"""
    d = state.script.__dict__  # once per script (asked at every Mastermind abilities phase)
    held = d.get("_may_be_puppeted")
    if held is None or held[0] is not state.rules:
        rules = state.rules
        held = d["_may_be_puppeted"] = (rules, any(r.puppeted for r in rules.roles.values())
                                        or any(rule.all_refusal_puppeted for _, _, rule in state.script.plot_rules))
    return bool(held[1])


def puppet_abilities(state: GameState) -> list[tuple[AbilityRef, str | None, Text]]:
    """The Goodwill abilities the Mastermind may use through Puppeted Goodwill Refusal (Another
    Horizon): of a living character with it, when it has the counters the ability needs (Paranoia
    in the Dark World), not used today, a once-per-loop one not used this loop."""
    if not may_be_puppeted(state):
        return []
    out: list[tuple[AbilityRef, str | None, Text]] = []
    today, loop_used = state.today.used, state.this_loop.used
    for ch in state.script.cast:
        if not state.in_play(ch) or not puppeted(state, ch):
            continue
        have = ability_goodwill(state, ch)
        for i, gw in enumerate(state.rules.characters[ch].goodwill):
            if gw.mastermind_may_use_with_refusal or have < gw.goodwill:
                continue  # the former are offered above
            ref = AbilityRef.goodwill(ch, i)
            if ref in today or (gw.once_per_loop and ref in loop_used) or not gw_requirements(state, ch, gw):
                continue
            if usable(state, gw, start_ctx(state, ref, ch, MASTERMIND, role_ability=False)):
                out.append((ref, ch, T("label.goodwill_by_mastermind", character=character(ch), ability=rules_text_of_goodwill(ch, i))))
    return out


def _ability_menu(state: GameState, kind: str, prompt: Text, avail: list[tuple[AbilityRef, Any, Text]], phase: str) -> None:
    refs = [ref for ref, _, _ in avail]
    # Asked even when only "done" is possible: see core.flow.ask(force=...).
    ask(state, MASTERMIND, kind, prompt, [r.key for r in refs] + ["done"], [l for _, _, l in avail] + [T("label.done")],
        "mm_ability.use", {"phase": phase}, force=True, payloads=[*refs, "done"],
        option_info=[{"ability": r.to_json()} for r in refs] + [{"done": True}])


@op("phase.mastermind_abilities")
def _mm_abilities(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "mastermind_abilities"
    # Mandatory abilities of this timing first, then the optional ones in the order the Mastermind
    # chooses (seed 001, priority of Mastermind abilities).
    then(state, frame("mm_abilities.optional"))
    run_mandatory(state, "mastermind_ability")
    # A character's Goodwill ability the Mastermind must use when its role has Goodwill Refusal (the Sacred Tree).
    for ch in reversed(state.script.cast):
        for t in state.rules.characters[ch].traits:
            if t.name == "mastermind_must_use_with_refusal" and state.in_play(ch) and refusal(state, ch) != "none":
                then(state, frame("character.mastermind_goodwill", ref=AbilityRef.goodwill(ch, t.params)))


@op("character.mastermind_goodwill")
def _character_mastermind_goodwill(state: GameState, args: dict[str, Any]) -> None:
    ref = args["ref"]
    ctx = start_ctx(state, ref, ref.owner, MASTERMIND, role_ability=False, cause=cause_of(state, ref), why=T("why.mastermind_ability"))
    if state.in_play(ref.owner) and usable(state, spec_for(state, ref), ctx):
        after_goodwill_steps(state, ref)
        run(state, ctx)


@op("mm_abilities.optional")
def _mm_abilities_optional(state: GameState, args: dict[str, Any]) -> None:
    _ability_menu(state, "mastermind_ability", T("prompt.mastermind_ability"), mastermind_abilities(state, "mastermind_ability"),
                  "mm_abilities.optional")


@op("mm_ability.use")
def _mm_ability_use(state: GameState, args: dict[str, Any]) -> None:
    ref = args["answer"]
    if ref == "done":
        return
    then(state, frame(args["phase"]))  # come back to the same phase for the next ability
    state.today.used.add(ref)
    spec = spec_for(state, ref)
    if getattr(spec, "once_per_loop", False):
        state.this_loop.used.add(ref)
        if getattr(spec, "shared_by_role", False):
            state.this_loop.used.add(ref.shared)
    source = ref.character
    cause = cause_of(state, ref)
    emit(state, "mm_ability", T("event.mm_ability", cause=cause), GM, key=ref.key)
    if ref.kind == GOODWILL:
        if puppeted(state, ref.owner):
            # Puppeted Goodwill Refusal: the Mastermind announces the ability (and its targets: the
            # choices it makes are public events of their own).
            emit(state, "puppet_goodwill", T("event.puppet_goodwill", character=character(ref.owner),
                                              ability=rules_text_of_goodwill(ref.owner, ref.index)),
                 character=ref.owner, ability=ref.to_json())
        after_goodwill_steps(state, ref)
    ctx = start_ctx(state, ref, source, MASTERMIND, role_ability=ref.kind == ROLE, cause=cause, why=T("why.mastermind_ability"))
    run(state, ctx)


def after_goodwill_steps(state: GameState, ref: AbilityRef) -> None:
    """Queue what follows a Goodwill ability once it has resolved, whoever used it: the character's
    own role abilities of that moment (Last Liar's Secretkeeper, Another Horizon's Marionette), then,
    for a once-per-loop (1x∞) ability in a set with Warps, a Warp (seed 000 "1x∞ Goodwill Abilities
    and Warping"). Called before the ability itself is queued, so these run after it."""
    state.today.goodwill_targets = ()
    gw = spec_for(state, ref)
    then(state, frame("goodwill.after", character=ref.owner), frame("goodwill.done"),
         *([frame("goodwill.warp", character=ref.owner)] if gw.once_per_loop and state.rules.set.warp_gauge else []))


@op("goodwill.done")
def _goodwill_done(state: GameState, args: dict[str, Any]) -> None:
    state.today.goodwill_targets = ()  # what the ability chose matters only until what follows it has run


@op("goodwill.warp")
def _goodwill_warp(state: GameState, args: dict[str, Any]) -> None:
    trigger_warp(state, T("cause.goodwill_once", character=character(args["character"])))


# ---------------------------------------------------------------- Goodwill abilities
def gw_requirements(state: GameState, ch: str, gw: Any) -> bool:
    req = gw.requires
    if "at" in req and state.board.chars[ch].location not in req["at"]:
        return False
    if req.get("not_first_loop") and state.loop <= 1:
        return False
    return True


def goodwill_options(state: GameState) -> list[tuple[AbilityRef, Text]]:
    out = []
    today, loop_used = state.today.used, state.this_loop.used
    for ch in state.script.cast:
        if not state.in_play(ch):
            continue
        goodwill = ability_goodwill(state, ch)  # Paranoia in Another Horizon's Dark World (Change of Heart)
        for i, gw in enumerate(state.rules.characters[ch].goodwill):
            if goodwill < gw.goodwill:  # most of them, most of the time: no ref made
                continue
            ref = AbilityRef.goodwill(ch, i)
            if ref in today:
                continue
            if gw.once_per_loop and ref in loop_used:
                continue
            if not gw_requirements(state, ch, gw):
                continue
            if not usable(state, gw, start_ctx(state, ref, ch, state.leader_seat, role_ability=False)):
                continue
            out.append((ref, T("label.goodwill_ability", character=character(ch), goodwill=gw.goodwill,
                               once=T("label.once_per_loop") if gw.once_per_loop else "", ability=rules_text_of_goodwill(ch, i))))
    return out


@op("phase.goodwill")
def _goodwill(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "goodwill_abilities"
    avail = goodwill_options(state)
    if not avail:
        return
    refs = [r for r, _ in avail]
    ask(state, state.leader_seat, "goodwill_ability", T("prompt.goodwill_ability"), [r.key for r in refs] + ["done"],
        [l for _, l in avail] + [T("label.done")], "goodwill.declare", {}, payloads=[*refs, "done"],
        option_info=[{"ability": r.to_json()} for r in refs] + [{"done": True}])


REFUSAL_OPTIONS = {"mandatory": ["refuse"], "optional": ["refuse", "allow"], "none": ["allow"]}


@op("goodwill.declare")
def _goodwill_declare(state: GameState, args: dict[str, Any]) -> None:
    ref = args["answer"]
    if ref == "done":
        return
    then(state, frame("phase.goodwill"))
    ch = ref.owner
    gw = spec_for(state, ref)
    state.today.used.add(ref)  # declared today, refused or not
    emit(state, "goodwill_declared", T("event.goodwill_declared", character=character(ch), ability=rules_text_of_goodwill(ch, ref.index)),
         character=ch, key=ref.key, ability=ref.to_json())
    state.this_loop.goodwill_declared.append(ch)
    # Rei's Acquainted token goes on at the declaration, refused or not, before anything it does (FAQ A17).
    place_token(state, ch, ACQUAINTED)
    if gw.unrefusable:
        then(state, frame("goodwill.resolve", ref=ref, answer="allow"))
        return
    # The Mastermind answers every refusable ability, whatever the role, so that waiting for
    # the Mastermind does not tell the table that this role has Goodwill Refusal.
    mode = refusal(state, ch)
    opts = REFUSAL_OPTIONS[mode]
    ask(state, MASTERMIND, "goodwill_refusal", T("prompt.goodwill_refusal", character=character(ch), note=T(f"refusal.{mode}")),
        opts, [T(f"label.{o}") for o in opts], "goodwill.resolve", {"ref": ref}, force=True, info={"ability": ref.to_json()})


@op("goodwill.resolve")
def _goodwill_resolve(state: GameState, args: dict[str, Any]) -> None:
    ref = args["ref"]
    ch = ref.owner
    gw = spec_for(state, ref)
    if args["answer"] == "refuse":
        # A refused once-per-loop ability does not count against its limit (seed 000, Rei's 1x-per-loop change).
        emit(state, "goodwill_refused", T("event.goodwill_refused", character=character(ch)), character=ch)
        return
    if gw.once_per_loop:
        state.this_loop.used.add(ref)
    # What the character's role does once its Goodwill ability has resolved (Last Liar's
    # Secretkeeper and Influencer) runs after the ability's own steps; then a 1x∞ one's Warp.
    after_goodwill_steps(state, ref)
    ctx = start_ctx(state, ref, ch, state.leader_seat, role_ability=False, cause=T("cause.goodwill", character=character(ch)))
    run(state, ctx)


@op("goodwill.after")
def _goodwill_after(state: GameState, args: dict[str, Any]) -> None:
    queue_own_abilities(state, args["character"], "after_goodwill")


# ---------------------------------------------------------------- incidents
def incident_triggers(state: GameState, idx: int) -> bool:
    """Does the incident `idx` occur today: culprit alive on the board with Paranoia at its limit.

    Data changes the test: the incident may count another counter (`trigger_counter`), plot rules
    may change the limit (`incident_limit`), a role may always trigger its incidents (trait
    `always_triggers_incidents`), and a role in the culprit's location may stop it (trait
    `vetoes_incidents_here`; a veto wins over always-triggers).
    """
    inc = state.script.incidents[idx]
    culprit = acting_culprit(state, inc.culprit)
    if not state.in_play(culprit):
        return False
    if incidents_stopped(state.board, culprit):
        return False
    if incident_vetoed(state, culprit):
        return False
    definition = state.rules.incidents[inc.incident]
    if definition.always_triggers or has_trait(state, culprit, "always_triggers_incidents") or incident_forced_here(state, culprit):
        return True
    # Another Horizon: Goodwill counts instead of Paranoia in the Dark World (Change of Heart); an
    # incident may lower its culprit's limit (Crime of Passion), twice as much for a culprit whose
    # incidents have their effect twice (the Sect Founder: AH FAQ A23).
    kind = trigger_count_kind(state, definition.trigger_counter)
    limit = incident_limit(state, culprit) + definition.limit_add * (
        2 if state.rules.characters[culprit].has_trait("incidents_resolve_twice") else 1)
    return incident_count(state, culprit, kind) >= limit


@op("phase.incident")
def _incident(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "incident"
    found = state.script.incident_on(state.day)
    if found is None:
        return
    idx, inc = found
    culprit = acting_culprit(state, inc.culprit)  # the Part-Timer(?) stands in for the Part-Timer
    name = public_incident(state, idx)
    if not incident_triggers(state, idx):
        emit(state, "incident_none", T("event.incident_none", incident=name), incident=idx)
        return
    state.this_loop.occurred.append(idx)
    if state.rules.incidents[inc.incident].remembered:
        state.remembered.append(idx)  # The Singularity: "the first time this game", across loops and worlds
    emit(state, "incident", T("event.incident", incident=name), incident=idx)
    emit(state, "incident_culprit", T("event.incident_culprit", incident=name, culprit=character(culprit)), GM,
         incident=idx, culprit=culprit)
    if name.id != inc.incident:
        emit(state, "incident_true_name", T("event.incident_true_name", incident=name, true=Ref("incident", inc.incident)), GM,
             incident=idx, incident_id=inc.incident)
    if state.rules.characters[culprit].has_trait("incidents_without_effect"):
        return  # it occurred, and nothing happens (the Black Cat)
    definition = state.rules.incidents[inc.incident]
    chooser = MASTERMIND if definition.chooser == "mastermind" else state.leader_seat
    first = AbilityRef.incident(idx, 0)
    ctx = start_ctx(state, first, culprit, chooser, role_ability=False, culprit=culprit, incident=idx,
                    cause=Ref("incident", inc.incident), why=T("why.incident", incident=name))
    refs = [AbilityRef.incident(idx, n) for n in range(len(definition.steps))]
    # The Sect Founder's incidents have their effect twice: a second pass with its own choices.
    again = (frame("effect.steps", ctx=ctx, refs=tuple(refs), cont=()),) \
        if state.rules.characters[culprit].has_trait("incidents_resolve_twice") else ()
    # Every death of one incident is simultaneous: the rules they trigger come after all of them
    # (both passes of a twice-resolved incident included).
    then(state, settle_deaths(state))
    run_steps(state, ctx, refs, again)


# ---------------------------------------------------------------- day end
@op("phase.day_end")
def _day_end(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "day_end"
    # The night phase: the Leader passes on first, then the day-end effects happen (seed 002 phase
    # 5; rules-notes section 4). A loop that ends during day end keeps the new Leader.
    state.leader = (state.leader + 1) % 3
    # Another Horizon: the day's Warps raise the gauge by 1, before every other day-end effect.
    raise_gauge_for_warps(state)
    timings = ["day_end"] + (["last_day_end"] if state.day == state.script.days else [])
    # Mandatory abilities first, then the Mastermind's optional ones in the order it chooses
    # (seed 001, priority of Mastermind abilities).
    then(state, frame("day_end.optional"))
    if state.this_loop.doom_day == state.day:
        then(state, frame("day_end.doom"))  # after the mandatory abilities, before the optional ones
    for t in reversed(timings):
        run_mandatory(state, t)
    # Characters' own day-end rules come first (the Part-Timer's death by counters).
    then(state, frame("characters.day_end"))


def raise_gauge_for_warps(state: GameState) -> None:
    """Another Horizon: one or more Warps today raise the Warp gauge by exactly 1, once a day: at the
    start of the day-end phase, or, for a first Warp triggered during it, once it is over
    (docs/rulings.md ah-warp-during-day-end)."""
    today = state.today
    if today.warps and not today.warp_raised:
        today.warp_raised = True
        gauge = state.rules.set.warp_gauge
        assert gauge is not None
        move_gauge(state, gauge, 1, why=T("why.warp"))


@op("characters.day_end")
def _characters_day_end(state: GameState, args: dict[str, Any]) -> None:
    then(state, settle_deaths(state))
    day_end_deaths(state)


@op("day_end.doom")
def _day_end_doom(state: GameState, args: dict[str, Any]) -> None:
    """The day a revealed Secretkeeper named ends: the Protagonists die (Last Liar)."""
    kill_protagonists(state, T("loss.secretkeeper_revealed"))


@op("day_end.optional")
def _day_end_optional(state: GameState, args: dict[str, Any]) -> None:
    _ability_menu(state, "day_end_ability", T("prompt.day_end_ability"), mastermind_abilities(state, "day_end"), "day_end.optional")


__all__ = ["new_game", "apply", "apply_in_place", "pending", "is_over", "GameState"]
