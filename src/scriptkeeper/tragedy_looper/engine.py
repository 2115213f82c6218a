"""The Tragedy Looper engine: state + answer -> new state + events.

The game flow is a stack of steps (frames). Running the engine pops steps until one asks a
decision or the game ends. `apply` answers the pending decision. Nothing here reads input, the
clock or global randomness; the same script, seed and answers always give the same game.

Day structure (seed 002 "game progress", seed 004 "phases", rules-notes section 4):
loop start -> [day start, Mastermind cards, Protagonist cards, resolution, Mastermind abilities,
Goodwill abilities, incident, day end, Leader passes] x days -> loop end.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision
from ..core.errors import IllegalDecisionError
from ..core.events import GM, Event
from . import cards  # noqa: F401  (registers card steps)
from .actions import OPS, ask, emit, kill, lose_loop, op, then
from .effects import CALLS, run, spec_for, start_ctx, usable
from .query import count, effective_role, has_trait, incident_limit, incident_vetoed, refusal, role_abilities, script_role
from .rules import LOCATIONS
from .script import Script
from .sets.base import coded  # noqa: F401  (registers the base game's coded rules)
from .state import MASTERMIND, CharacterState, GameState
from .rules import COUNTERS


# ================================================================ public API
def new_game(script: Script, seed: int = 0, players: int = 4, situation: dict[str, Any] | None = None) -> GameState:
    """A new game, run up to its first decision. `situation` starts from a stated position."""
    if players not in (2, 4):
        raise ValueError("players must be 2 (one Protagonist holds all three hands) or 4")
    state = GameState(script=script, players=players, seed=seed)
    for ch in script.cast:
        state.chars[ch] = CharacterState(ch, None)
    if situation is None:
        then(state, ("game.start", {}))
    else:
        from .situation import apply_situation

        apply_situation(state, situation)
    _run(state)
    return state


def pending(state: GameState) -> Decision | None:
    return state.pending


def is_over(state: GameState) -> bool:
    return state.outcome is not None


def outcome(state: GameState) -> dict[str, Any] | None:
    return state.outcome


def apply(state: GameState, answer: Any) -> tuple[GameState, list[Event]]:
    """Pure: a new state with `answer` applied, and the events it produced."""
    new = state.clone()
    events = apply_in_place(new, answer)
    return new, events


def apply_in_place(state: GameState, answer: Any, seat: str | None = None) -> list[Event]:
    """Apply `answer` to the pending decision, changing `state` itself (fast path for simulations)."""
    dec = state.pending
    if dec is None:
        raise IllegalDecisionError("no decision is pending: the game is over")
    if seat is not None and seat != dec.seat:
        raise IllegalDecisionError(f"it is {dec.seat}'s decision, not {seat}'s")
    i = dec.index_of(answer)
    if i < 0:
        raise IllegalDecisionError(f"{answer!r} is not a legal answer to {dec.kind!r}; legal: {list(dec.options)}")
    value = dec.options[i]
    assert state.pending_then is not None
    next_op, args = state.pending_then
    state.pending = None
    state.pending_then = None
    state.history.append({"seat": dec.seat, "kind": dec.kind, "answer": value})
    start = len(state.events)
    then(state, (next_op, {**args, "answer": value}))
    _run(state)
    return state.events[start:]


def _run(state: GameState) -> None:
    while state.pending is None and state.stack and state.outcome is None:
        name, args = state.stack.pop()
        OPS[name](state, args)
        if state.end_loop_now and any(f[0] == "loop.end" for f in state.stack):
            # A loss that ends the loop at once (Key Person death, Protagonists die): drop the
            # rest of the loop and go straight to loop end (seed 002, 6-3).
            while state.stack and state.stack[-1][0] != "loop.end":
                state.stack.pop()
            state.pending = None
            state.pending_then = None
            state.end_loop_now = False
            state.loop_flags["ended_early"] = True
        state.end_loop_now = False


# ================================================================ loops
@op("game.start")
def _game_start(state: GameState, args: dict[str, Any]) -> None:
    s = state.script
    emit(state, "game_start",
         f"A {s.rules.set.name} game: {_plural(s.loops, 'loop')} of {_plural(s.days, 'day')}. "
         f"Incidents: " + (", ".join(f"day {i.day}: {public_incident_name(state, n)}" for n, i in enumerate(s.incidents)) or "none") + ".")
    if s.special_rules:
        emit(state, "special_rules", f"Special rule: {s.special_rules}")
    then(state, ("loop.start", {"loop": 1}))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def public_incident_name(state: GameState, idx: int) -> str:
    inc = state.script.incidents[idx]
    return inc.public_name or state.rules.incidents[inc.incident].name


def reset_loop(state: GameState, loop: int) -> None:
    """Loop start: every character back to its start, alive, without counters; cards back in hand."""
    state.loop, state.day = loop, 0
    for ch, c in state.chars.items():
        data = state.rules.characters[ch]
        entering = state.script.enters_loop.get(ch, 1)
        c.alive = True
        c.counters = {k: 0 for k in COUNTERS}
        c.location = data.start if loop >= entering else None
    state.locations = {l: {k: 0 for k in COUNTERS} for l in LOCATIONS}
    state.set_aside = {}
    state.placed = []
    state.occurred = []
    state.used_today = []
    state.used_loop = []
    state.loop_flags = {}
    state.extra_cards = {}  # Extra cards leave the board with the counters (seed 001)
    state.loop_lost = False
    state.loss_reasons = []
    state.start_locations = {ch: c.location for ch, c in state.chars.items() if c.location}


@op("loop.start")
def _loop_start(state: GameState, args: dict[str, Any]) -> None:
    loop = args["loop"]
    reset_loop(state, loop)
    state.phase = "loop_start"
    emit(state, "loop_start", f"Loop {loop} of {state.script.loops} begins: the board is reset.", loop=loop)
    for ch in state.script.enters_loop:
        if state.script.enters_loop[ch] == loop:
            emit(state, "enters", f"{state.name(ch)} enters the game.", character=ch)
    for ch, turf in state.script.turf.items():
        emit(state, "turf", f"{state.name(ch)}'s turf is the {state.name(turf)}.", character=ch, location=turf)
    frames: list[tuple[str, dict[str, Any]]] = []
    for ch in state.script.cast:
        if "start_chosen_each_loop" in state.rules.characters[ch].traits and state.script.enters_loop.get(ch, 1) <= loop:
            frames.append(("loop.choose_start", {"character": ch}))
    frames += [("loop.start_effects", {}), ("day.begin", {})]
    # loop.end sits under the loop's days: an immediate loss unwinds to it.
    then(state, *frames, ("loop.end", {}))


@op("loop.choose_start")
def _choose_start(state: GameState, args: dict[str, Any]) -> None:
    ch = args["character"]
    locs = [l for l in LOCATIONS if l not in state.rules.characters[ch].forbidden]
    ask(state, MASTERMIND, "starting_location", f"Choose where {state.name(ch)} starts this loop.", locs,
        [f"the {state.name(l)}" for l in locs], "loop.set_start", {"character": ch})


@op("loop.set_start")
def _set_start(state: GameState, args: dict[str, Any]) -> None:
    ch, loc = args["character"], args["answer"]
    state.chars[ch].location = loc
    state.start_locations[ch] = loc
    emit(state, "placed", f"{state.name(ch)} starts this loop in the {state.name(loc)}.", character=ch, location=loc)


@op("loop.start_effects")
def _loop_start_effects(state: GameState, args: dict[str, Any]) -> None:
    """Mandatory loop-start rules of roles and plots (Friend, Threads of Fate, ...)."""
    _run_mandatory(state, "loop_start")


def _run_mandatory(state: GameState, timing: str) -> None:
    """Queue every mandatory ability of `timing`: plot rules first, then roles in cast order.

    Abilities with the same registered function run once with all their sources, so that
    simultaneous effects (two Serial Killers) resolve together.
    """
    frames: list[tuple[str, dict[str, Any]]] = []
    stacked: set[str] = set()
    for plot_id in state.script.plots:
        for i, rule in enumerate(state.rules.plot(plot_id).rules):
            if rule.timing == timing and not rule.optional and not rule.loss_if and not rule.role_change:
                if rule.stack_group:
                    # Rules that do not stack: only the first (main plot first) happens.
                    if rule.stack_group in stacked:
                        continue
                    stacked.add(rule.stack_group)
                frames.append(("ability.run", {"key": f"plot:{plot_id}:{i}", "source": None, "seat": MASTERMIND}))
    # Roles are looked at once the plot rules are done: a plot rule may change who holds what
    # (an Extra card placed at loop start makes a Key Person in Fated Connections).
    then(state, *frames, ("mandatory.roles", {"timing": timing}))


@op("mandatory.roles")
def _mandatory_roles(state: GameState, args: dict[str, Any]) -> None:
    timing = args["timing"]
    frames: list[tuple[str, dict[str, Any]]] = []
    grouped: dict[str, list[str]] = {}
    for ch in state.script.cast:
        c = state.chars[ch]
        if c.location is None:
            continue
        for role, i, ab in role_abilities(state, ch):
            if ab.timing != timing or ab.optional:
                continue
            # Loop-end rules look at the dead too (the Friend); other timings need the living.
            if not c.alive and timing != "loop_end":
                continue
            key = f"{ch}:{role}:{i}"
            if ab.call:
                if ab.call not in grouped:
                    grouped[ab.call] = []
                    frames.append(("ability.run_group", {"key": key, "call": ab.call}))
                grouped[ab.call].append(ch)
            else:
                frames.append(("ability.run", {"key": key, "source": ch, "seat": MASTERMIND}))
    for f in frames:
        if f[0] == "ability.run_group":
            f[1]["sources"] = grouped[f[1]["call"]]
    then(state, *frames)


@op("ability.run")
def _ability_run(state: GameState, args: dict[str, Any]) -> None:
    key, source = args["key"], args["source"]
    role_ability = not key.startswith("plot:") and ":gw:" not in key
    ctx = start_ctx(state, key, source, args["seat"], role_ability=role_ability, cause=args.get("cause", _cause(state, key)))
    run(state, ctx)


@op("ability.run_group")
def _ability_run_group(state: GameState, args: dict[str, Any]) -> None:
    key = args["key"]
    ctx = start_ctx(state, key, args["sources"][0], MASTERMIND, role_ability=True, sources=args["sources"], cause=_cause(state, key))
    CALLS[args["call"]](state, ctx)


def _cause(state: GameState, key: str) -> str:
    kind, a, b = key.split(":")
    if kind == "plot":
        return state.rules.plot(a).name
    if kind == "incident":
        return state.rules.incidents[state.script.incidents[int(a)].incident].name
    if a == "gw":
        return f"{state.name(kind)}'s Goodwill ability"
    return f"{state.rules.roles[a].name} ({state.name(kind)})"


@op("loop.end")
def _loop_end(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "loop_end"
    # Loss conditions at loop end are checked even after an early end (see docs/rulings.md).
    then(state, ("loop.end_checks", {}), ("loop.judge", {}))
    _run_mandatory(state, "loop_end")


@op("loop.end_checks")
def _loop_end_checks(state: GameState, args: dict[str, Any]) -> None:
    for plot_id in state.script.plots:
        for rule in state.rules.plot(plot_id).rules:
            if rule.timing == "loop_end" and rule.loss_if is not None:
                from .query import holds

                if holds(state, rule.loss_if, {"source": None}):
                    lose_loop(state, f"{state.rules.plot(plot_id).name}: {rule.text}", immediate=False)


@op("loop.judge")
def _loop_judge(state: GameState, args: dict[str, Any]) -> None:
    s = state.script
    lost = state.loop_lost
    state.loop_results.append({"loop": state.loop, "lost": lost, "reasons": list(state.loss_reasons)})
    state.previous_loop = {
        "goodwill": {ch: count(state, ch, "goodwill") for ch in s.cast if state.chars[ch].location},
        "dead": [ch for ch in s.cast if not state.chars[ch].alive],
        "loop": state.loop,
    }
    if not lost:
        emit(state, "loop_won", f"Loop {state.loop} ends with no loss condition met: the Protagonists win!")
        _finish(state, "protagonists", f"loop {state.loop} ended with no loss condition met")
        return
    emit(state, "loop_lost", f"Loop {state.loop} ends: the Protagonists have lost this loop.")
    if state.loop >= s.loops:
        if s.rules.set.final_guess:
            then(state, ("final.begin", {}))
        else:
            _finish(state, "mastermind", "every loop was lost")
        return
    if s.rules.set.final_guess:
        opts = ["next_loop", "final_guess"]
        ask(state, state.leader_seat, "next_loop_or_final_guess",
            f"Loop {state.loop} is lost. Start loop {state.loop + 1}, or skip the remaining loops and make the Final Guess now?",
            opts, [f"Start loop {state.loop + 1}", "Final Guess now"], "loop.between", {})
    else:
        then(state, ("loop.start", {"loop": state.loop + 1}))


@op("loop.between")
def _loop_between(state: GameState, args: dict[str, Any]) -> None:
    if args["answer"] == "final_guess":
        emit(state, "skip_to_final", "The Protagonists skip the remaining loops and go to the Final Guess.")
        then(state, ("final.begin", {}))
    else:
        then(state, ("loop.start", {"loop": state.loop + 1}))


def _finish(state: GameState, winner: str, reason: str) -> None:
    state.outcome = {"winner": winner, "reason": reason, "loops_played": len(state.loop_results)}
    state.phase = "game_over"
    emit(state, "game_over", f"Game over: the {'Protagonists' if winner == 'protagonists' else 'Mastermind'} win ({reason}).",
         winner=winner)
    emit(state, "script_revealed", "The script is revealed.", script=state.script.to_dict())


# ================================================================ final guess
@op("final.begin")
def _final_begin(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "final_guess"
    emit(state, "final_guess", "The Final Guess: the Protagonists name every character's role.")
    then(state, *[("final.ask", {"character": ch}) for ch in state.script.cast], ("final.judge", {}))


@op("final.ask")
def _final_ask(state: GameState, args: dict[str, Any]) -> None:
    ch = args["character"]
    roles = list(state.rules.roles)
    state.pending = Decision(state.leader_seat, "final_guess", f"Final Guess: what is {state.name(ch)}'s role?",
                             tuple(roles), tuple(state.rules.roles[r].name for r in roles))
    state.pending_then = ("final.record", {"character": ch})


@op("final.record")
def _final_record(state: GameState, args: dict[str, Any]) -> None:
    state.final_guess[args["character"]] = args["answer"]
    emit(state, "guess", f"The Protagonists guess that {state.name(args['character'])} is the {state.rules.roles[args['answer']].name}.")


@op("final.judge")
def _final_judge(state: GameState, args: dict[str, Any]) -> None:
    wrong = [ch for ch in state.script.cast if state.final_guess.get(ch) != script_role(state, ch)]
    if wrong:
        _finish(state, "mastermind", f"the Final Guess was wrong about {len(wrong)} character(s)")
    else:
        _finish(state, "protagonists", "the Final Guess named every role correctly")


# ================================================================ days
@op("day.begin")
def _day_begin(state: GameState, args: dict[str, Any]) -> None:
    state.day += 1
    state.phase = "morning"
    state.placed = []
    state.used_today = []
    who = "Protagonist" if state.players == 2 else f"Protagonist {state.leader + 1}"
    emit(state, "day_start", f"Loop {state.loop}, day {state.day} of {state.script.days}. Leader: {who}.",
         loop=state.loop, day=state.day, leader=state.leader)
    then(state, *day_phases("cards.mastermind"))


DAY_PHASES = ("cards.mastermind", "cards.protagonists", "cards.resolve", "phase.mastermind_abilities",
              "phase.goodwill", "phase.incident", "phase.day_end", "day.finish")


def day_phases(start: str) -> list[tuple[str, dict[str, Any]]]:
    """The steps of a day from `start` on (situations may begin part-way through a day)."""
    return [(p, {}) for p in DAY_PHASES[DAY_PHASES.index(start):]]


@op("day.finish")
def _day_finish(state: GameState, args: dict[str, Any]) -> None:
    state.leader = (state.leader + 1) % 3  # the Leader passes on (seed 002 night phase)
    if state.day < state.script.days:
        then(state, ("day.begin", {}))


# ---------------------------------------------------------------- Mastermind abilities
def mastermind_abilities(state: GameState, timing: str) -> list[tuple[str, str | None, str]]:
    """(key, source, label) of every optional Mastermind ability of `timing` usable right now."""
    out: list[tuple[str, str | None, str]] = []
    timings = {timing} | ({"last_day_end"} if timing == "day_end" and state.day == state.script.days else set())
    for plot_id in state.script.plots:
        for i, rule in enumerate(state.rules.plot(plot_id).rules):
            key = f"plot:{plot_id}:{i}"
            if rule.timing in timings and rule.optional and key not in state.used_today \
                    and not (rule.once_per_loop and key in state.used_loop) \
                    and usable(state, rule, start_ctx(state, key, None, MASTERMIND, role_ability=False)):
                out.append((key, None, f"{state.rules.plot(plot_id).name}: {rule.text}"))
    for ch in state.script.cast:
        if not state.in_play(ch):
            continue
        for role, i, ab in role_abilities(state, ch):
            key = f"{ch}:{role}:{i}"
            if ab.timing in timings and ab.optional and key not in state.used_today \
                    and not (ab.once_per_loop and _once_used(state, key)) \
                    and usable(state, ab, start_ctx(state, key, ch, MASTERMIND, role_ability=True)):
                out.append((key, ch, f"{state.rules.roles[role].name} ({state.name(ch)}): {ab.text}"))
        if timing == "mastermind_ability":
            for i, gw in enumerate(state.rules.characters[ch].goodwill):
                key = f"{ch}:gw:{i}"
                if gw.mastermind_may_use_with_refusal and refusal(state, ch) != "none" \
                        and count(state, ch, "goodwill") >= gw.goodwill and key not in state.used_today \
                        and not (gw.once_per_loop and key in state.used_loop) \
                        and _gw_requirements(state, ch, gw) \
                        and usable(state, gw, start_ctx(state, key, ch, MASTERMIND, role_ability=False)):
                    out.append((key, ch, f"{state.name(ch)}'s Goodwill ability, used by the Mastermind: {gw.text}"))
    return out


def _once_used(state: GameState, key: str) -> bool:
    """Used this loop by this character, or, for `shared_by_role` abilities, by any holder of the role."""
    return key in state.used_loop or _shared_key(key) in state.used_loop


def _shared_key(key: str) -> str:
    _, role, i = key.split(":")
    return f"role:{role}:{i}"


@op("phase.mastermind_abilities")
def _mm_abilities(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "mastermind_abilities"
    # Mandatory abilities of this timing first, then the optional ones in the order the Mastermind
    # chooses (seed 001, priority of Mastermind abilities).
    then(state, ("mm_abilities.optional", {}))
    _run_mandatory(state, "mastermind_ability")


@op("mm_abilities.optional")
def _mm_abilities_optional(state: GameState, args: dict[str, Any]) -> None:
    avail = mastermind_abilities(state, "mastermind_ability")
    # Asked even when only "done" is possible: see actions.ask(force=...).
    opts = [k for k, _, _ in avail] + ["done"]
    ask(state, MASTERMIND, "mastermind_ability", "Use a Mastermind ability, or end the Mastermind abilities phase.",
        opts, [l for _, _, l in avail] + ["Done"], "mm_ability.use", {"phase": "mm_abilities.optional"}, force=True)


@op("mm_ability.use")
def _mm_ability_use(state: GameState, args: dict[str, Any]) -> None:
    key = args["answer"]
    if key == "done":
        return
    then(state, (args["phase"], {}))  # come back to the same phase for the next ability
    state.used_today.append(key)
    spec = spec_for(state, key)
    if getattr(spec, "once_per_loop", False):
        state.used_loop.append(key)
        if getattr(spec, "shared_by_role", False):
            state.used_loop.append(_shared_key(key))
    source = None if key.startswith("plot:") else key.split(":")[0]
    emit(state, "mm_ability", f"The Mastermind uses: {_cause(state, key)}.", GM, key=key)
    role_ability = source is not None and ":gw:" not in key
    ctx = start_ctx(state, key, source, MASTERMIND, role_ability=role_ability, cause=_cause(state, key),
                    why=" by a Mastermind ability")
    run(state, ctx)


# ---------------------------------------------------------------- Goodwill abilities
def _gw_requirements(state: GameState, ch: str, gw: Any) -> bool:
    req = gw.requires
    if "at" in req and state.chars[ch].location not in req["at"]:
        return False
    if req.get("not_first_loop") and state.loop <= 1:
        return False
    return True


def goodwill_options(state: GameState) -> list[tuple[str, str]]:
    out = []
    for ch in state.script.cast:
        if not state.in_play(ch):
            continue
        for i, gw in enumerate(state.rules.characters[ch].goodwill):
            key = f"{ch}:gw:{i}"
            if count(state, ch, "goodwill") < gw.goodwill or key in state.used_today:
                continue
            if gw.once_per_loop and key in state.used_loop:
                continue
            if not _gw_requirements(state, ch, gw):
                continue
            if not usable(state, gw, start_ctx(state, key, ch, state.leader_seat, role_ability=False)):
                continue
            out.append((key, f"{state.name(ch)} (Goodwill {gw.goodwill}{', once per loop' if gw.once_per_loop else ''}): {gw.text}"))
    return out


@op("phase.goodwill")
def _goodwill(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "goodwill_abilities"
    avail = goodwill_options(state)
    if not avail:
        return
    ask(state, state.leader_seat, "goodwill_ability", "Leader: use a Goodwill ability, or end the Goodwill abilities phase.",
        [k for k, _ in avail] + ["done"], [l for _, l in avail] + ["Done"], "goodwill.declare", {})


@op("goodwill.declare")
def _goodwill_declare(state: GameState, args: dict[str, Any]) -> None:
    key = args["answer"]
    if key == "done":
        return
    then(state, ("phase.goodwill", {}))
    ch, _, i = key.split(":")
    gw = state.rules.characters[ch].goodwill[int(i)]
    state.used_today.append(key)  # declared today, refused or not
    emit(state, "goodwill_declared", f"The Leader uses {state.name(ch)}'s Goodwill ability: {gw.text}", character=ch, key=key)
    state.loop_flags.setdefault("goodwill_declared", []).append(ch)
    if gw.unrefusable:
        then(state, ("goodwill.resolve", {"key": key, "answer": "allow"}))
        return
    # The Mastermind answers every refusable ability, whatever the role, so that waiting for
    # the Mastermind does not tell the table that this role has Goodwill Refusal.
    mode = refusal(state, ch)
    opts = {"mandatory": ["refuse"], "optional": ["refuse", "allow"], "none": ["allow"]}[mode]
    labels = {"refuse": "Refuse (the character will not listen)", "allow": "Allow the ability"}
    note = {"mandatory": "its role has mandatory Goodwill Refusal", "optional": "its role may refuse",
            "none": "its role has no Goodwill Refusal"}[mode]
    ask(state, MASTERMIND, "goodwill_refusal", f"The Leader uses {state.name(ch)}'s Goodwill ability ({note}).",
        opts, [labels[o] for o in opts], "goodwill.resolve", {"key": key}, force=True)


@op("goodwill.resolve")
def _goodwill_resolve(state: GameState, args: dict[str, Any]) -> None:
    key = args["key"]
    ch, _, i = key.split(":")
    gw = state.rules.characters[ch].goodwill[int(i)]
    if args["answer"] == "refuse":
        # A refused once-per-loop ability does not count against its limit (seed 000, Rei's 1x-per-loop change).
        emit(state, "goodwill_refused", f"The Protagonists asked {state.name(ch)}, but {state.name(ch)} would not listen.", character=ch)
        return
    if gw.once_per_loop:
        state.used_loop.append(key)
    ctx = start_ctx(state, key, ch, state.leader_seat, role_ability=False, cause=f"{state.name(ch)}'s Goodwill ability")
    run(state, ctx)


# ---------------------------------------------------------------- incidents
def incident_triggers(state: GameState, idx: int) -> bool:
    """Does the incident `idx` occur today: culprit alive on the board with Paranoia at its limit.

    Data changes the test: the incident may count another counter (`trigger_counter`), plot rules
    may change the limit (`incident_limit`), a role may always trigger its incidents (trait
    `always_triggers_incidents`), and a role in the culprit's location may stop it (trait
    `vetoes_incidents_here`; a veto wins over always-triggers).
    """
    inc = state.script.incidents[idx]
    culprit = inc.culprit
    if not state.in_play(culprit):
        return False
    if culprit in state.loop_flags.get("no_incidents", []):
        return False
    if incident_vetoed(state, culprit):
        return False
    if has_trait(state, culprit, "always_triggers_incidents"):
        return True
    kind = state.rules.incidents[inc.incident].trigger_counter
    return count(state, culprit, kind) >= incident_limit(state, culprit)


@op("phase.incident")
def _incident(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "incident"
    found = state.script.incident_on(state.day)
    if found is None:
        return
    idx, inc = found
    name = public_incident_name(state, idx)
    if not incident_triggers(state, idx):
        emit(state, "incident_none", f"The {name} scheduled today does not occur.", incident=idx)
        return
    state.occurred.append(idx)
    emit(state, "incident", f"Incident! {name} occurs.", incident=idx)
    emit(state, "incident_culprit", f"Culprit of the {name}: {state.name(inc.culprit)}.", GM, incident=idx, culprit=inc.culprit)
    true_name = state.rules.incidents[inc.incident].name
    if name != true_name:
        emit(state, "incident_true_name", f"The {name} is really a {true_name}.", GM, incident=idx, incident_id=inc.incident)
    steps = state.rules.incidents[inc.incident].steps
    chooser = MASTERMIND if state.rules.incidents[inc.incident].chooser == "mastermind" else state.leader_seat
    culprit_loc = state.chars[inc.culprit].location
    ctx = start_ctx(state, f"incident:{idx}:0", inc.culprit, chooser, role_ability=False, culprit=inc.culprit,
                    incident=idx, cause=state.rules.incidents[inc.incident].name, why=f" ({name})")
    ctx["here"] = [culprit_loc] if culprit_loc else []
    then(state, *[("incident.step", {"ctx": ctx, "step": n}) for n in range(len(steps))])


@op("incident.step")
def _incident_step(state: GameState, args: dict[str, Any]) -> None:
    ctx = args["ctx"]
    ctx["key"] = f"incident:{ctx['incident']}:{args['step']}"
    run(state, ctx)


# ---------------------------------------------------------------- day end
@op("phase.day_end")
def _day_end(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "day_end"
    timings = ["day_end"] + (["last_day_end"] if state.day == state.script.days else [])
    # Mandatory abilities first, then the Mastermind's optional ones in the order it chooses
    # (seed 001, priority of Mastermind abilities).
    then(state, ("day_end.optional", {}))
    for t in reversed(timings):
        _run_mandatory(state, t)


@op("day_end.optional")
def _day_end_optional(state: GameState, args: dict[str, Any]) -> None:
    avail = mastermind_abilities(state, "day_end")
    opts = [k for k, _, _ in avail] + ["done"]
    ask(state, MASTERMIND, "day_end_ability", "Day end: use an optional ability, or end the day.",
        opts, [l for _, _, l in avail] + ["Done"], "mm_ability.use", {"phase": "day_end.optional"}, force=True)


__all__ = ["new_game", "apply", "apply_in_place", "pending", "is_over", "outcome", "GameState", "kill", "effective_role", "has_trait"]
