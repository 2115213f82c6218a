"""Days: the players' public and private actions (the Slayer's shot, the Psychopath's kill, the
Gossip's statement, visits to the Storyteller, a Minion's Damsel guess), nominations and votes
(ghost votes, the threshold, ties), at most one execution, and dusk (the Mayor).

A day is free-form, run by the Storyteller from the floor (floor.py): before nominations and
while they are open, the Storyteller gives the floor to whoever asks for it, or asks everyone in
seat order, speaks, moves tokens, and closes nominations and the day. Whoever holds the floor is
offered the same actions whatever their character, and every visit and statement is put to the
Storyteller whoever makes it: nobody learns a character from who is asked what."""

from __future__ import annotations

import math
from typing import Any, Mapping

from ..core.events import GM
from ..core.flow import Frame, ask, then
from ..core.text import T
from .characters import team
from .rules import ability_used, check_win, die, kill, place, remove, say, seat_ref, win
from .state import EVIL, GOOD, STEPS, STORYTELLER, ClockState, Today

VISITS = ("savant", "artist", "fisherman")
# The Storyteller's answers to a visit: the Artist may be asked to put the question another way,
# the Savant to come back later (the words themselves are said in the private chat).
VISIT_ANSWERS = {"savant": ["given", "come_back"], "artist": ["yes", "no", "dont_know", "rephrase"], "fisherman": ["given"]}


def threshold(state: ClockState) -> int:
    """Votes a nominee needs: half the living players, rounded up."""
    return math.ceil(len(state.living()) / 2)


def _seat_label(s: str) -> Any:
    return T("ct.label.seat", seat=seat_ref(s))


@STEPS("day_begin")
def _day_begin(state: ClockState, args: Mapping[str, Any]) -> None:
    state.phase = "day"
    state.day += 1
    state.today = Today()
    remove(state, "goblin", "claimed", any_seat=True)
    say(state, "day", T("ct.event.day", n=state.day), day=state.day)
    then(state, Frame("floor", {"stage": "morning", "round": False}), Frame("day_end"))


# ---------------------------------------------------------------- the morning
def day_options(state: ClockState, seat: str, stage: str = "morning") -> list[Any]:
    """What `seat` may do now it holds the floor: built from what the seat itself knows (its
    character, the script, what happened in public), never from another seat's secrets. The
    Psychopath kills only before nominations; once they are open, a living player who has not
    nominated today may nominate a player not nominated today."""
    script = state.setup.script.characters
    others = [s for s in state.living() if s != seat]
    opts: list[Any] = ["pass"]
    if "slayer" in script:  # the Slayer points at any player, the dead too (nothing happens then)
        opts += [{"act": "slay", "target": t} for t in state.seats if t != seat]
    if "gossip" in script:
        opts.append({"act": "gossip"})
    opts += [{"act": "visit", "as": v} for v in VISITS if v in script]
    mine = state.character[seat]
    psychopath = mine == "psychopath" or (mine == "alchemist" and state.alchemist_ability == "psychopath")
    if psychopath and stage == "morning" and not state.today.psychopath_used:
        opts += [{"act": "psychopath", "target": t} for t in others]
    damsels = [s for s in state.seats if state.character[s] == "damsel"]
    if team(mine) == "minion" and damsels and not any(state.has(d, "guess_used") for d in damsels):
        opts += [{"act": "damsel", "target": t} for t in state.seats if t != seat]
    if stage == "nominations":
        opts += [{"act": "nominate", "target": t} for t in nominees_for(state, seat)]
    opts += [{"act": "exile", "target": t} for t in state.travellers if state.alive[t] and t not in state.today.exile_calls]
    return opts


def nominees_for(state: ClockState, seat: str) -> list[str]:
    """Whom `seat` may nominate now: nobody once it nominated today, is dead, or is a Golem who
    nominated once; else every player not nominated today."""
    t = state.today
    golem_done = state.character[seat] == "golem" and state.has(seat, "may_not_nominate")
    if not state.alive[seat] or seat in t.nominators or golem_done:
        return []
    return [s for s in state.seats if s not in t.nominees and s not in state.travellers]  # a Traveller is exiled, not executed


def _option_label(o: Any) -> Any:
    if o == "pass":
        return T("ct.label.pass")
    if o["act"] == "visit":
        return T("ct.label.visit", character=T(f"ct.visit.{o['as']}"))
    if "target" in o:
        return T(f"ct.label.{o['act']}", seat=seat_ref(o["target"]))
    return T(f"ct.label.{o['act']}")


@STEPS("morning")
def _morning(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller asks every living player in seat order (the floor's "round")."""
    i = args["i"]
    if i >= len(state.seats) or state.today.over:
        return
    seat = state.seats[i]
    if not state.alive[seat]:
        then(state, Frame("morning", {"i": i + 1}))
        return
    opts = day_options(state, seat)
    ask(state, seat, "day_action", T("ct.prompt.day_action"), opts, lambda: [_option_label(o) for o in opts], "morning_act",
        {"i": i, "seat": seat}, force=True)


@STEPS("morning_act")
def _morning_act(state: ClockState, args: Mapping[str, Any]) -> None:
    o, seat = args["answer"], args["seat"]
    nxt = Frame("morning", {"i": args["i"] + 1})
    if o == "pass":
        then(state, nxt)
        return
    then(state, Frame(f"act.{o['act']}", {"seat": seat, **o}), nxt)


@STEPS("turn")
def _turn(state: ClockState, args: Mapping[str, Any]) -> None:
    """A player the Storyteller gave the floor to: one action (or pass)."""
    seat, stage = args["seat"], args["stage"]
    if "answer" not in args:
        if not state.alive[seat] or state.today.over or state.winner:
            return
        opts = day_options(state, seat, stage)
        ask(state, seat, "day_action", T("ct.prompt.day_action" if stage == "morning" else "ct.prompt.day_action_nominations"), opts,
            lambda: [_option_label(o) for o in opts], "turn", dict(args), force=True)
        return
    o = args["answer"]
    if o != "pass":
        then(state, Frame(f"act.{o['act']}", {"seat": seat, **o}))


@STEPS("act.nominate")
def _act_nominate(state: ClockState, args: Mapping[str, Any]) -> None:
    then(state, Frame("nominated", {"nominator": args["seat"], "nominee": args["target"]}))


@STEPS("act.slay")
def _slay(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, target = args["seat"], args["target"]
    say(state, "slay", T("ct.event.slay", seat=seat_ref(seat), target=seat_ref(target)), seat=seat, target=target)
    real = seat in state.holders("slayer") and not ability_used(state, seat, "slayer")
    if real:
        place(state, "slayer", "no_ability", seat)
    hit = False
    if real and state.works(seat, "slayer") and state.alive[target]:
        if team(state.character[target]) == "demon":
            hit = kill(state, target, "slayer")
        elif state.has(target, "poisoned", "lleech"):
            hit = kill(state, target, "slayer")  # the Lleech and Slayer jinx: slaying the host kills the host
    if not hit:
        say(state, "nothing_happens", T("ct.event.nothing_happens"))
    check_win(state)


@STEPS("act.psychopath")
def _psychopath(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, target = args["seat"], args["target"]
    if state.character[seat] == "alchemist" and "redo" not in args:
        ask(state, STORYTELLER, "alchemist_redo", T("ct.prompt.alchemist_redo", seat=seat_ref(seat), target=seat_ref(target)),
            ["accept", "again"], [T("ct.label.accept"), T("ct.label.choose_again")], "act.psychopath.redo", dict(args))
        return
    state.today.psychopath_used = True
    say(state, "psychopath", T("ct.event.psychopath", seat=seat_ref(seat), target=seat_ref(target)), seat=seat, target=target)
    if not (state.works(seat, "psychopath") and kill(state, target, "psychopath")):
        say(state, "nothing_happens", T("ct.event.nothing_happens"))
    check_win(state)


@STEPS("act.psychopath.redo")
def _psychopath_redo(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    if args["answer"] == "accept":
        then(state, Frame("act.psychopath", {**args, "redo": True}))
        return
    options = [s for s in state.living() if s not in (seat, args["target"])]
    if not options:
        then(state, Frame("act.psychopath", {**args, "redo": True}))
        return
    say(state, "choose_again", T("ct.event.choose_again_public", seat=seat_ref(seat)), seat=seat)
    ask(state, seat, "psychopath_again", T("ct.prompt.psychopath_again"), options, [_seat_label(s) for s in options],
        "act.psychopath.again", {"seat": seat}, force=True)


@STEPS("act.psychopath.again")
def _psychopath_again(state: ClockState, args: Mapping[str, Any]) -> None:
    then(state, Frame("act.psychopath", {"seat": args["seat"], "target": args["answer"], "redo": True}))


@STEPS("act.gossip")
def _gossip(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    say(state, "statement", T("ct.event.statement", seat=seat_ref(seat)), seat=seat)
    ask(state, STORYTELLER, "gossip_judge", T("ct.prompt.gossip_judge", seat=seat_ref(seat)), ["true", "false", "unclear"],
        [T("ct.label.true"), T("ct.label.false"), T("ct.label.unclear")], "gossip_judged", {"seat": seat}, force=True,
        info={"seat": seat, "gossip": seat in state.holders("gossip")})


@STEPS("gossip_judged")
def _gossip_judged(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    say(state, "gossip_judged", T("ct.event.gossip_judged", seat=seat_ref(seat), verdict=T(f"ct.label.{args['answer']}")), GM,
        seat=seat, verdict=args["answer"])
    # A true statement counts even if the Gossip is drunk now: sobriety is checked tonight.
    if args["answer"] == "true" and seat in state.holders("gossip") and state.alive[seat]:
        state.today.gossip_true = True
        place(state, "gossip", "dead", None)


@STEPS("act.visit")
def _visit(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, what = args["seat"], args["as"]
    say(state, "private_chat", T("ct.event.private_chat", seat=seat_ref(seat)), seat=seat)
    say(state, "visit", T("ct.event.visit", seat=seat_ref(seat), character=T(f"ct.visit.{what}")), (seat,), seat=seat, visit=what)
    real = seat in state.holders(what) and state.alive[seat]
    options = VISIT_ANSWERS[what]
    ask(state, STORYTELLER, f"{what}_answer", T(f"ct.prompt.{what}", seat=seat_ref(seat)), options,
        [T(f"ct.label.{o}") for o in options], "visited", {"seat": seat, "as": what}, force=True,
        info={"seat": seat, "real": real, "sober": state.sober(seat), "used": ability_used(state, seat, what)})


@STEPS("visited")
def _visited(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, what, answer = args["seat"], args["as"], args["answer"]
    if answer == "rephrase":
        say(state, "told", T("ct.event.told.rephrase"), (seat,), seat=seat, visit=what, answer=answer)
        ask(state, STORYTELLER, "artist_answer", T("ct.prompt.artist_again", seat=seat_ref(seat)), VISIT_ANSWERS["artist"],
            [T(f"ct.label.{o}") for o in VISIT_ANSWERS["artist"]], "visited", {"seat": seat, "as": what}, force=True,
            info={"seat": seat, "real": seat in state.holders(what), "sober": state.sober(seat), "used": ability_used(state, seat, what)})
        return
    if answer == "come_back":
        say(state, "told", T("ct.event.told.come_back"), (seat,), seat=seat, visit=what, answer=answer)
        return
    say(state, "told", T(f"ct.event.told.{what}", answer=T(f"ct.label.{answer}")), (seat,), seat=seat, visit=what, answer=answer)
    if what in ("artist", "fisherman") and seat in state.holders(what) and not ability_used(state, seat, what):
        place(state, what, "no_ability", seat)


@STEPS("act.damsel")
def _damsel_guess(state: ClockState, args: Mapping[str, Any]) -> None:
    seat, target = args["seat"], args["target"]
    say(state, "damsel_guess", T("ct.event.damsel_guess", seat=seat_ref(seat), target=seat_ref(target)), seat=seat, target=target)
    damsel = next((s for s in state.seats if state.character[s] == "damsel"), None)
    if damsel is None:
        return
    if target == damsel and state.works(damsel, "damsel"):
        win(state, EVIL if state.alignment[damsel] == GOOD else GOOD, "damsel_guessed")
        return
    place(state, "damsel", "guess_used", damsel)
    say(state, "nothing_happens", T("ct.event.nothing_happens"))


# ---------------------------------------------------------------- nominations and votes
@STEPS("nominations")
def _nominations(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller asks every living player who has not nominated today, in seat order
    (the floor's "round" once nominations are open)."""
    i = args["i"]
    if i >= len(state.seats) or state.today.over or state.winner:
        return
    seat = state.seats[i]
    if not state.alive[seat] or seat in state.today.nominators:
        then(state, Frame("nominations", {"i": i + 1}))
        return
    # A Golem who nominated is still asked (with pass alone): skipping them would betray a Golem.
    opts: list[Any] = ["pass"] + nominees_for(state, seat)
    ask(state, seat, "nominate", T("ct.prompt.nominate"), opts,
        lambda: [T("ct.label.pass") if o == "pass" else _seat_label(o) for o in opts], "nominate", {"i": i, "seat": seat}, force=True)


@STEPS("nominate")
def _nominate(state: ClockState, args: Mapping[str, Any]) -> None:
    nxt = Frame("nominations", {"i": args["i"] + 1})
    if args["answer"] == "pass":
        then(state, nxt)
        return
    then(state, Frame("nominated", {"nominator": args["seat"], "nominee": args["answer"]}), nxt)


@STEPS("nominated")
def _nominated(state: ClockState, args: Mapping[str, Any]) -> None:
    nominator, nominee = args["nominator"], args["nominee"]
    t = state.today
    t.nominators.append(nominator)
    t.nominees.append(nominee)
    say(state, "nomination", T("ct.event.nomination", seat=seat_ref(nominator), target=seat_ref(nominee)), nominator=nominator, nominee=nominee)
    # The Virgin: the first nomination ends her ability; a Townsfolk nominator is executed at once.
    if nominee in state.holders("virgin") and not ability_used(state, nominee, "virgin"):
        place(state, "virgin", "no_ability", nominee)
        if state.works(nominee, "virgin") and team(state.character[nominator]) == "townsfolk":
            t.over = True
            then(state, Frame("execute", {"seat": nominator, "nominator": None}))
            return
    # The Golem: one nomination in the game; a nominee who is not the Demon dies.
    if nominator in state.holders("golem") and not state.has(nominator, "may_not_nominate"):
        place(state, "golem", "may_not_nominate", nominator)
        if state.works(nominator, "golem") and team(state.character[nominee]) != "demon":
            kill(state, nominee, "golem")
            check_win(state)
            if state.winner:
                return
    n = len(state.seats)
    k = state.seats.index(nominee)
    voters = [state.seats[(k + j) % n] for j in range(1, n + 1)]
    then(state, Frame("goblin_claim", {"nominee": nominee}),
         Frame("vote", {"nominator": nominator, "nominee": nominee, "voters": voters, "i": 0, "yes": []}))


@STEPS("goblin_claim")
def _goblin_claim(state: ClockState, args: Mapping[str, Any]) -> None:
    nominee = args["nominee"]
    if "answer" not in args:
        ask(state, nominee, "goblin_claim", T("ct.prompt.goblin_claim"), ["no", "claim"], [T("ct.label.no_claim"), T("ct.label.claim_goblin")],
            "goblin_claim", {"nominee": nominee}, force=True)
        return
    if args["answer"] == "claim":
        state.today.goblin_claims.append(nominee)
        say(state, "goblin_claim", T("ct.event.goblin_claim", seat=seat_ref(nominee)), seat=nominee)
        if state.character[nominee] == "goblin" or nominee in state.holders("goblin"):
            place(state, "goblin", "claimed", nominee)


def may_vote(state: ClockState, seat: str) -> bool:
    return bool(state.alive[seat] or state.ghost_vote.get(seat))


@STEPS("vote")
def _vote(state: ClockState, args: Mapping[str, Any]) -> None:
    voters, i, yes = args["voters"], args["i"], list(args["yes"])
    asked = list(args.get("asked", ()))  # who has voted so far, yes or no (the page shows the hands going round)
    if "answer" in args:
        voter = voters[i - 1]
        asked.append(voter)
        if args["answer"] == "yes":
            yes.append(voter)
            if not state.alive[voter]:
                state.ghost_vote[voter] = False
        say(state, "vote", T(f"ct.event.vote_{args['answer']}", seat=seat_ref(voter)), seat=voter, vote=args["answer"])
    while i < len(voters) and not may_vote(state, voters[i]):
        i += 1
    if i < len(voters):
        v = voters[i]
        ask(state, v, "vote", T("ct.prompt.ghost_vote" if not state.alive[v] else "ct.prompt.vote", seat=seat_ref(args["nominee"])), ["no", "yes"],
            [T("ct.label.vote_no"), T("ct.label.vote_yes")], "vote", {**args, "i": i + 1, "yes": yes, "asked": asked}, force=True,
            info={"nominee": args["nominee"], "ghost": not state.alive[v]})
        return
    t = state.today
    need = threshold(state)
    nominee = args["nominee"]
    t.nominations.append({"nominator": args["nominator"], "nominee": nominee, "votes": yes, "count": len(yes)})
    if len(yes) >= need and len(yes) > t.high:
        t.high, t.block = len(yes), nominee
        say(state, "on_the_block", T("ct.event.on_the_block", seat=seat_ref(nominee), n=len(yes), need=need), seat=nominee, votes=len(yes))
    elif len(yes) >= need and len(yes) == t.high:
        t.block = None
        say(state, "tie", T("ct.event.tie", seat=seat_ref(nominee), n=len(yes)), seat=nominee, votes=len(yes))
    else:
        say(state, "vote_fails", T("ct.event.vote_fails", seat=seat_ref(nominee), n=len(yes), need=need), seat=nominee, votes=len(yes))


# ---------------------------------------------------------------- exile (Travellers)
def exile_threshold(state: ClockState) -> int:
    """Votes an exile needs: half of every player, alive or dead, rounded up (docs/rulings.md)."""
    return math.ceil(len(state.seats) / 2)


@STEPS("act.exile")
def _exile_call(state: ClockState, args: Mapping[str, Any]) -> None:
    """A call for a Traveller's exile: every player votes, the dead too without spending their
    ghost vote; an exile is not an execution (no Minstrel, no Cannibal, the Mayor's day goes on)."""
    seat, target = args["seat"], args["target"]
    state.today.exile_calls.append(target)
    say(state, "exile_call", T("ct.event.exile_call", seat=seat_ref(seat), target=seat_ref(target)), seat=seat, target=target)
    n = len(state.seats)
    k = state.seats.index(target)
    then(state, Frame("exile_vote", {"target": target, "voters": [state.seats[(k + j) % n] for j in range(1, n + 1)], "i": 0, "yes": []}))


@STEPS("exile_vote")
def _exile_vote(state: ClockState, args: Mapping[str, Any]) -> None:
    voters, i, yes, target = args["voters"], args["i"], list(args["yes"]), args["target"]
    if "answer" in args:
        if args["answer"] == "yes":
            yes.append(voters[i - 1])
        say(state, "vote", T(f"ct.event.vote_{args['answer']}", seat=seat_ref(voters[i - 1])), seat=voters[i - 1], vote=args["answer"])
    if i < len(voters):
        ask(state, voters[i], "exile_vote", T("ct.prompt.exile_vote", seat=seat_ref(target)), ["no", "yes"],
            [T("ct.label.vote_no"), T("ct.label.vote_yes")], "exile_vote", {**args, "i": i + 1, "yes": yes}, force=True,
            info={"traveller": target})
        return
    need = exile_threshold(state)
    if len(yes) >= need and state.alive[target]:
        say(state, "exiled", T("ct.event.exiled", seat=seat_ref(target), n=len(yes), need=need), seat=target, votes=len(yes))
        die(state, target, "exile")
        check_win(state)
    else:
        say(state, "vote_fails", T("ct.event.vote_fails", seat=seat_ref(target), n=len(yes), need=need), seat=target, votes=len(yes))


# ---------------------------------------------------------------- execution
def nominator_of(state: ClockState, nominee: str) -> str | None:
    for n in state.today.nominations:
        if n["nominee"] == nominee:
            return str(n["nominator"])
    return None


@STEPS("day_end")
def _day_end(state: ClockState, args: Mapping[str, Any]) -> None:
    t = state.today
    then(state, Frame("dusk"))
    if t.block is not None and not t.executed:
        then(state, Frame("execute", {"seat": t.block, "nominator": nominator_of(state, t.block)}))


@STEPS("execute")
def _execute(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    state.today.executed = True
    state.today.over = True
    say(state, "execution", T("ct.event.execution", seat=seat_ref(seat)), seat=seat)
    if not state.alive[seat]:
        say(state, "already_dead", T("ct.event.already_dead", seat=seat_ref(seat)), seat=seat)
        return
    if state.works(seat, "goblin") and state.has(seat, "claimed", "goblin"):
        win(state, state.alignment[seat], "goblin")
        return
    then(state, Frame("execute_judge", {"seat": seat, "nominator": args["nominator"], "stage": 0}))


@STEPS("execute_judge")
def _execute_judge(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller's judgements on an execution, in turn: the Pacifist's mercy for a good
    executee, the Psychopath's roshambo. Then the death, or its absence, is resolved."""
    seat, stage = args["seat"], args["stage"]
    spared = bool(args.get("spared"))
    if "answer" in args:
        spared = spared or args["answer"] in ("lives", "psychopath_wins")
    if stage == 0:
        stage = 1
        pacifists = [p for p in state.holders("pacifist") if state.works(p, "pacifist")]
        if pacifists and state.alignment[seat] == GOOD and not state.has(seat, "survives_execution"):
            ask(state, STORYTELLER, "pacifist", T("ct.prompt.pacifist", seat=seat_ref(seat)), ["dies", "lives"],
                [T("ct.label.dies"), T("ct.label.lives")], "execute_judge", {**args, "stage": stage, "spared": spared})
            return
    if stage == 1:
        stage = 2
        if state.works(seat, "psychopath") and not spared and not state.has(seat, "survives_execution"):
            opponent = args["nominator"] if args["nominator"] not in (None, seat) else STORYTELLER
            ask(state, STORYTELLER, "roshambo", T("ct.prompt.roshambo", seat=seat_ref(seat), opponent=seat_ref(opponent)),
                ["nominator_wins", "psychopath_wins"], [T("ct.label.nominator_wins"), T("ct.label.psychopath_wins")],
                "execute_judge", {**args, "stage": stage, "spared": spared})
            return
    then(state, Frame("execute_resolve", {"seat": seat, "spared": spared}))


@STEPS("execute_resolve")
def _execute_resolve(state: ClockState, args: Mapping[str, Any]) -> None:
    seat = args["seat"]
    died = False
    if state.has(seat, "survives_execution", "devils_advocate"):
        say(state, "death_prevented", T("ct.event.saved", seat=seat_ref(seat), by=T("ct.name.devils_advocate")), GM, seat=seat, by="devils_advocate")
    elif args["spared"]:
        say(state, "death_prevented", T("ct.event.spared", seat=seat_ref(seat)), GM, seat=seat)
    else:
        died = kill(state, seat, "execution", by_execution=True)
    if not died:
        say(state, "executed_lives", T("ct.event.executed_lives", seat=seat_ref(seat)), seat=seat)
    else:
        _after_execution_death(state, seat)
    check_win(state)
    if state.winner is None and state.works(seat, "boomdandy", even_dead=True) and seat in state.holders("boomdandy"):
        say(state, "boomdandy", T("ct.event.boomdandy", seat=seat_ref(seat)), seat=seat)
        then(state, Frame("boom_kill", {"tried": []}))


def _after_execution_death(state: ClockState, seat: str) -> None:
    if team(state.character[seat]) == "minion":
        for m in state.holders("minstrel"):
            if state.works(m, "minstrel"):
                place(state, "minstrel", "everyone_drunk", m)
                state.minstrel_until = state.day + 1
    for c in state.seats:
        if state.character[c] == "cannibal" and state.alive[c]:
            remove(state, "cannibal", "lunch", any_seat=True)
            place(state, "cannibal", "lunch", seat)
            state.cannibal_ability = state.character[seat]
            if state.alignment[seat] == EVIL:
                place(state, "cannibal", "poisoned", c)
            else:
                remove(state, "cannibal", "poisoned", c)


# ---------------------------------------------------------------- the Boomdandy
@STEPS("boom_kill")
def _boom_kill(state: ClockState, args: Mapping[str, Any]) -> None:
    tried = list(args["tried"])
    if "answer" in args:
        if not kill(state, args["answer"], "boomdandy"):
            tried.append(args["answer"])
        check_win(state)
        if state.winner:
            return
    options = [s for s in state.living() if s not in tried and team(state.character[s]) != "demon"]
    if len(state.living()) > 3 and options:
        ask(state, STORYTELLER, "boomdandy_kill", T("ct.prompt.boomdandy_kill", n=len(state.living()) - 3), options,
            [_seat_label(s) for s in options], "boom_kill", {"tried": tried})
        return
    say(state, "countdown", T("ct.event.countdown"))
    then(state, Frame("boom_point", {"i": 0, "points": {}}))


@STEPS("boom_point")
def _boom_point(state: ClockState, args: Mapping[str, Any]) -> None:
    i, points = args["i"], dict(args["points"])
    if "answer" in args:
        points[state.seats[i - 1]] = args["answer"]
    if i < len(state.seats):
        opts = state.living()
        ask(state, state.seats[i], "point", T("ct.prompt.point"), opts, [_seat_label(s) for s in opts], "boom_point",
            {"i": i + 1, "points": points}, force=True)
        return
    tally: dict[str, int] = {}
    for target in points.values():
        tally[target] = tally.get(target, 0) + 1
    say(state, "pointing", T("ct.event.pointing"), points=points)
    best = max(tally.values())
    top = [s for s, v in tally.items() if v == best]
    if len(top) == 1:
        kill(state, top[0], "boomdandy")
    else:
        say(state, "nothing_happens", T("ct.event.nothing_happens"))
    check_win(state)


# ---------------------------------------------------------------- dusk
@STEPS("dusk")
def _dusk(state: ClockState, args: Mapping[str, Any]) -> None:
    if len(state.living()) == 3 and not state.today.executed:
        for m in state.holders("mayor"):
            if state.works(m, "mayor"):
                win(state, state.alignment[m], "mayor")
                return
    then(state, Frame("night_begin"))
