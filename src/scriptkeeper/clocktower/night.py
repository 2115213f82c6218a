"""Nights from data: the night sheet's order (characters.night_order), the first night's Minion
and Demon information and bluffs, and each waking character's step. A player who is drunk or
poisoned still wakes and chooses; their choice changes nothing (the grimoire knows why)."""

from __future__ import annotations

from typing import Any, Mapping

from ..core.events import GM
from ..core.flow import Frame, ask, then
from ..core.text import T
from .characters import character, night_order, team
from .rules import char_ref, check_win, kill, place, remove, say, seat_ref
from .state import STEPS, STORYTELLER, ClockState

INFO_PLAYERS = 7  # Minion and Demon information from this many players on


def _pick_seat(seats: list[str]) -> list[Any]:
    return [T("ct.label.seat", seat=seat_ref(s)) for s in seats]


@STEPS("night_begin")
def _night_begin(state: ClockState, args: Mapping[str, Any]) -> None:
    state.phase = "night"
    state.night += 1
    first = state.night == 1
    # Dusk: what lasted until dusk ends.
    if state.minstrel_until is not None and state.day >= state.minstrel_until:
        remove(state, "minstrel", "everyone_drunk", any_seat=True)
        state.minstrel_until = None
    remove(state, "devils_advocate", "survives_execution", any_seat=True)
    for tok in ("1", "2", "3"):
        remove(state, "al_hadikhia", tok, any_seat=True)
    candidates = set(state.setup.script.characters) | state.in_play()
    entries = night_order(first, candidates)
    say(state, "night", T("ct.event.night", n=state.night), night=state.night)
    then(state, *[Frame("wake", {"entry": e, "first": first}) for e in entries])


@STEPS("wake")
def _wake(state: ClockState, args: Mapping[str, Any]) -> None:
    entry, first = args["entry"], args["first"]
    if entry == "dusk":
        return
    if entry == "dawn":
        then(state, Frame("dawn"))
        return
    if entry == "minioninfo":
        if len(state.townspeople()) >= INFO_PLAYERS:
            minions, demons = state.minions(), state.demons()
            for m in minions:
                fellows = tuple(seat_ref(x) for x in minions if x != m)
                text = (T("ct.event.minion_info", minions=fellows, demon=tuple(seat_ref(d) for d in demons)) if fellows
                        else T("ct.event.minion_info_alone", demon=tuple(seat_ref(d) for d in demons)))
                say(state, "minion_info", text, (m,), minions=minions, demon=demons)
        return
    if entry == "demoninfo":
        if len(state.townspeople()) >= INFO_PLAYERS:
            for d in state.demons():
                say(state, "demon_info", T("ct.event.demon_info", minions=tuple(seat_ref(x) for x in state.minions())), (d,),
                    minions=state.minions())
            then(state, Frame("bluff", {"for": state.demons(), "kind": "demon", "picked": []}))
        return
    step = f"night.{entry}"
    if step not in STEPS:
        return
    frames = [Frame(step, {"seat": s, "first": first}) for s in state.holders(entry) if state.alive.get(s)]
    if entry in ("snitch", "damsel") and state.holders(entry):
        frames = [Frame(step, {"seat": state.holders(entry)[0], "first": first})]
    then(state, *frames)


def _not_in_play_good(state: ClockState, *, honest: bool) -> list[str]:
    good = [c for c in state.setup.script.characters if team(c) in ("townsfolk", "outsider")]
    return [c for c in good if c not in state.in_play()] if honest else good


@STEPS("bluff")
def _bluff(state: ClockState, args: Mapping[str, Any]) -> None:
    """Three not-in-play good characters, picked by the Storyteller one at a time (for the Demon,
    or a Minion's with the Snitch; a drunk or poisoned Snitch's may be anything)."""
    picked = list(args["picked"])
    if "answer" in args:
        picked.append(args["answer"])
    options = [c for c in _not_in_play_good(state, honest=args.get("honest", True)) if c not in picked]
    seats = list(args["for"])
    if len(picked) == 3 or not options:
        for s in seats:
            if args["kind"] == "demon":
                state.bluffs = picked
            else:
                state.minion_bluffs[s] = picked
            say(state, "bluffs", T("ct.event.bluffs", characters=tuple(char_ref(c) for c in picked)), (s,), characters=picked)
        return
    ask(state, STORYTELLER, "bluff", T("ct.prompt.bluff", seat=tuple(seat_ref(s) for s in seats), k=len(picked) + 1), options,
        [T("ct.label.character", character=char_ref(c)) for c in options], "bluff", {**args, "picked": picked},
        info={"for": seats, "kind": args["kind"]})


@STEPS("night.snitch")
def _snitch(state: ClockState, args: Mapping[str, Any]) -> None:
    honest = state.sober(args["seat"])
    then(state, *[Frame("bluff", {"for": [m], "kind": "minion", "picked": [], "honest": honest}) for m in state.minions()])


@STEPS("night.damsel")
def _damsel(state: ClockState, args: Mapping[str, Any]) -> None:
    if not args["first"]:
        return  # the Damsel's other nights matter only when a Huntsman made one (not among the 24)
    for m in state.minions():
        say(state, "damsel_in_play", T("ct.event.damsel_in_play", character=char_ref("damsel")), (m,), character="damsel")


@STEPS("night.alchemist")
def _alchemist(state: ClockState, args: Mapping[str, Any]) -> None:
    if not args["first"]:
        return
    options = state.setup.script.of_team("minion")
    if not options:
        return
    ask(state, STORYTELLER, "alchemist", T("ct.prompt.alchemist", seat=seat_ref(args["seat"])), options,
        [T("ct.label.minion_ability_in_play" if c in state.in_play() else "ct.label.minion_ability", character=char_ref(c)) for c in options],
        "alchemist_chosen", {"seat": args["seat"]}, force=True)


@STEPS("alchemist_chosen")
def _alchemist_chosen(state: ClockState, args: Mapping[str, Any]) -> None:
    cid, seat = args["answer"], args["seat"]
    state.alchemist_ability = cid
    if cid not in state.in_play():
        place(state, "alchemist", "is_the_alchemist", seat)
    say(state, "alchemist_ability", T("ct.event.alchemist_ability", character=char_ref(cid)), (seat,), character=cid)


# ---------------------------------------------------------------- a choice the Alchemist may redo
def choose_player(state: ClockState, seat: str, kind: str, prompt: Any, options: list[str], then_step: str,
                  args: Mapping[str, Any], ability: str) -> None:
    """Ask `seat` to choose a player; if `seat` is the Alchemist using a Minion ability, the
    Storyteller may then ask them to choose differently (the step `alchemist_check`)."""
    ask(state, seat, kind, prompt, options, _pick_seat(options), "chosen_player",
        {"seat": seat, "kind": kind, "prompt": prompt, "options": options, "then": then_step, "args": dict(args), "ability": ability},
        force=True)


@STEPS("chosen_player")
def _chosen_player(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, answer = args["seat"], args["answer"]
    if state.character[seat] == "alchemist" and character(args["ability"]).team == "minion" and len(args["options"]) > 1:
        ask(state, STORYTELLER, "alchemist_redo", T("ct.prompt.alchemist_redo", seat=seat_ref(seat), target=seat_ref(answer)),
            ["accept", "again"], [T("ct.label.accept"), T("ct.label.choose_again")], "alchemist_redo", {**args, "choice": answer})
        return
    then(state, Frame(args["then"], {**args["args"], "seat": seat, "target": answer}))


@STEPS("alchemist_redo")
def _alchemist_redo(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, choice = args["seat"], args["choice"]
    if args["answer"] == "accept":
        then(state, Frame(args["then"], {**args["args"], "seat": seat, "target": choice}))
        return
    options = [o for o in args["options"] if o != choice]
    say(state, "choose_again", T("ct.event.choose_again"), (seat,))
    ask(state, seat, args["kind"], args["prompt"], options, _pick_seat(options), args["then"] + ".direct",
        {**args["args"], "seat": seat}, force=True)


# ---------------------------------------------------------------- the Devil's Advocate
@STEPS("night.devils_advocate")
def _devils_advocate(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    options = [s for s in state.living() if s != state.da_last.get(seat)]
    choose_player(state, seat, "devils_advocate", T("ct.prompt.devils_advocate"), options, "da_chosen", {}, "devils_advocate")


def _da_apply(state: ClockState, seat: str, target: str) -> None:
    state.da_last[seat] = target
    say(state, "night_choice", T("ct.event.night_choice", seat=seat_ref(seat), ability=char_ref("devils_advocate"), target=seat_ref(target)),
        GM, seat=seat, ability="devils_advocate", target=target)
    if state.sober(seat):
        place(state, "devils_advocate", "survives_execution", target)


@STEPS("da_chosen")
def _da_chosen(state: ClockState, args: Mapping[str, Any]) -> None:
    _da_apply(state, args["seat"], args["target"])


@STEPS("da_chosen.direct")
def _da_chosen_direct(state: ClockState, args: Mapping[str, Any]) -> None:
    _da_apply(state, args["seat"], args["answer"])


# ---------------------------------------------------------------- the Lleech
@STEPS("night.lleech")
def _lleech(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    if state.character[seat] != "lleech":
        return
    options = [s for s in state.living() if s != seat] if args["first"] else list(state.living())
    kind = "lleech_host" if args["first"] else "lleech_kill"
    ask(state, seat, kind, T(f"ct.prompt.{kind}"), options, _pick_seat(options), "lleech_chosen", {"seat": seat, "first": args["first"]},
        force=True)


@STEPS("lleech_chosen")
def _lleech_chosen(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, target = args["seat"], args["answer"]
    say(state, "night_choice", T("ct.event.night_choice", seat=seat_ref(seat), ability=char_ref("lleech"), target=seat_ref(target)),
        GM, seat=seat, ability="lleech", target=target)
    if not state.sober(seat):
        return
    if args["first"]:
        place(state, "lleech", "poisoned", target)
    else:
        then(state, Frame("attack", {"target": target, "cause": "demon"}))


@STEPS("attack")
def _attack(state: ClockState, args: Mapping[str, Any]) -> None:
    """A player would die at night: a sober living Mayor may see someone else die instead (the
    Storyteller's choice, any player: a dead one means nobody dies)."""
    target = args["target"]
    if "answer" not in args and state.alive.get(target) and state.works(target, "mayor"):
        options = [target] + [s for s in state.seats if s != target]
        ask(state, STORYTELLER, "mayor_bounce", T("ct.prompt.mayor_bounce", seat=seat_ref(target)), options,
            [T("ct.label.mayor_dies")] + _pick_seat(options[1:]), "attack", dict(args), info={"mayor": target})
        return
    victim = args.get("answer", target)
    if victim != target:
        say(state, "mayor_bounce", T("ct.event.mayor_bounce", seat=seat_ref(victim)), GM, mayor=target, seat=victim)
    kill(state, victim, args["cause"])
    check_win(state)


# ---------------------------------------------------------------- the Al-Hadikhia
@STEPS("night.al_hadikhia")
def _al_hadikhia(state: ClockState, args: Mapping[str, Any]) -> None:
    if args["first"]:
        return
    then(state, Frame("alh_pick", {"seat": args["seat"], "chosen": []}))


@STEPS("alh_pick")
def _alh_pick(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, chosen = args["seat"], list(args["chosen"])
    if "answer" in args:
        if args["answer"] == "none":
            say(state, "night_choice", T("ct.event.alh_none"), GM, seat=seat, ability="al_hadikhia", target=None)
            return
        chosen.append(args["answer"])
    if len(chosen) == 3:
        for i, s in enumerate(chosen, 1):
            place(state, "al_hadikhia", str(i), s)
        then(state, Frame("alh_choose", {"seat": seat, "chosen": chosen, "i": 0, "choices": []}))
        return
    options = (["none"] if not chosen else []) + [s for s in state.seats if s not in chosen]
    labels = ([T("ct.label.nobody")] if not chosen else []) + _pick_seat([s for s in options if s != "none"])
    ask(state, seat, "al_hadikhia", T("ct.prompt.al_hadikhia", k=len(chosen) + 1), options, labels, "alh_pick", {"seat": seat, "chosen": chosen},
        force=True)


@STEPS("alh_choose")
def _alh_choose(state: ClockState, args: Mapping[str, Any]) -> None:
    chosen, i, choices = args["chosen"], args["i"], list(args["choices"])
    working = state.sober(args["seat"])
    if "answer" in args:
        s = chosen[i - 1]
        choices.append(args["answer"])
        place(state, "al_hadikhia", "chose_life" if args["answer"] == "live" else "chose_death", s)
        if working and args["answer"] == "die":
            kill(state, s, "al_hadikhia")
        elif working and args["answer"] == "live" and not state.alive[s]:
            state.alive[s] = True
            say(state, "revived", T("ct.event.revived_secret", seat=seat_ref(s)), GM, seat=s)
    if i == 3:
        if working and all(state.alive[s] for s in chosen):
            for s in chosen:
                kill(state, s, "al_hadikhia")
        say(state, "alh_silence_ends", T("ct.event.alh_silence_ends"))
        return
    s = chosen[i]
    say(state, "alh_chosen", T("ct.event.alh_chosen", seat=seat_ref(s), k=i + 1), seat=s, k=i + 1)
    ask(state, s, "live_or_die", T("ct.prompt.live_or_die"), ["live", "die"], [T("ct.label.live"), T("ct.label.die")], "alh_choose",
        {**args, "i": i + 1, "choices": choices}, force=True)


# ---------------------------------------------------------------- the Gossip
@STEPS("night.gossip")
def _gossip(state: ClockState, args: Mapping[str, Any]) -> None:
    if args["first"] or not state.today.gossip_true or not state.sober(args["seat"]):
        return
    options = state.living()
    ask(state, STORYTELLER, "gossip_kill", T("ct.prompt.gossip_kill"), options, _pick_seat(options), "gossip_kill")


@STEPS("gossip_kill")
def _gossip_kill(state: ClockState, args: Mapping[str, Any]) -> None:
    place(state, "gossip", "dead", args["answer"])
    then(state, Frame("attack", {"target": args["answer"], "cause": "gossip"}))


# ---------------------------------------------------------------- dawn
@STEPS("dawn")
def _dawn(state: ClockState, args: Mapping[str, Any]) -> None:
    for s in state.night_deaths:
        if not state.alive[s]:
            say(state, "death", T("ct.event.night_death", seat=seat_ref(s)), seat=s)
    for r in state.reminders:
        if r.source == "al_hadikhia" and r.token in ("1", "2", "3") and r.seat:
            say(state, "alh_status", T("ct.event.alh_alive" if state.alive[r.seat] else "ct.event.alh_dead", seat=seat_ref(r.seat)), seat=r.seat,
                alive=state.alive[r.seat])
    state.night_deaths = []
    state.shown_alive = dict(state.alive)
    check_win(state)
    if state.winner is None:
        then(state, Frame("day_begin"))
