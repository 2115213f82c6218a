"""The first night's information, days (nominations, votes, ghost votes, threshold, ties, one
execution a day) and the winning rules."""

from __future__ import annotations

from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.state import STORYTELLER

from .helpers import act, answer, events, first_night, new, nominate, pending, to_day, to_night, until

# p1..p7: five Townsfolk, no Outsider, one Minion, one Demon (no first-night wakings but info).
SEVEN = ["savant", "artist", "fisherman", "mayor", "gossip", "goblin", "al_hadikhia"]


def test_minions_and_the_demon_learn_each_other_and_the_demon_gets_three_bluffs_with_7_players() -> None:
    state = new(SEVEN)
    d = until(state, "bluff")
    assert d.seat == STORYTELLER and d.info == {"for": ["p7"], "kind": "demon"}
    assert not set(d.options) & set(SEVEN) and "heretic" in d.options and "lleech" not in d.options
    for pick in ("heretic", "damsel", "slayer"):
        answer(state, "bluff", pick)
    first_night(state)
    assert state.bluffs == ["heretic", "damsel", "slayer"]
    [minion] = events(state, "minion_info")
    assert minion == {"minions": ["p6"], "demon": ["p7"]}
    [info] = [e for e in state.events if e.type == "minion_info"]
    assert info.visible_to == ("p6",)
    assert [e.visible_to for e in state.events if e.type == "bluffs"] == [("p7",)]
    assert GAME.view(state, "p7")["you"]["bluffs"] == state.bluffs and "bluffs" not in GAME.view(state, "p6")["you"]


def test_with_fewer_than_7_players_there_is_no_minion_or_demon_information() -> None:
    state = new(["savant", "artist", "fisherman", "damsel", "goblin", "al_hadikhia"])
    first_night(state)
    assert events(state, "minion_info") == [] and events(state, "demon_info") == [] and state.bluffs == []
    assert events(state, "damsel_in_play")  # the Damsel is shown to the Minions whatever the count


def test_each_living_player_nominates_once_and_each_player_is_nominated_once_a_day() -> None:
    state = new(SEVEN)
    first_night(state)
    nominate(state, "p1", "p6")
    d = until(state, "nominate", "p2")
    assert "p6" not in d.options and "p1" in d.options and "pass" in d.options
    nominate(state, "p2", "p1")
    d = until(state, "nominate", "p3")
    assert "p1" not in d.options and "p6" not in d.options


def test_votes_need_half_the_living_rounded_up_and_more_than_any_earlier_nominee() -> None:
    state = new(SEVEN)
    first_night(state)
    nominate(state, "p1", "p6", yes=["p1", "p2", "p3"])  # 3 of 7: needs 4
    nominate(state, "p2", "p5", yes=["p1", "p2", "p3", "p4"])
    assert state.today.block == "p5" and state.today.high == 4
    nominate(state, "p3", "p4", yes=["p1", "p2", "p3", "p4"])  # a tie: nobody is about to die
    assert state.today.block is None and events(state, "tie")
    nominate(state, "p4", "p3", yes=["p1", "p2", "p3", "p4"])  # ties the highest again: still nobody
    assert state.today.block is None
    to_night(state, 2)
    assert not events(state, "execution") and all(state.alive.values())


def test_the_highest_nominee_is_executed_at_day_end_only_once() -> None:
    state = new(SEVEN)
    first_night(state)
    nominate(state, "p1", "p5", yes=["p1", "p2", "p3", "p4"])
    nominate(state, "p2", "p4", yes=["p1", "p2", "p3", "p4", "p5"])
    assert state.today.block == "p4"
    to_night(state, 2)
    assert [e["seat"] for e in events(state, "execution")] == ["p4"] and not state.alive["p4"] and state.alive["p5"]


def test_a_dead_player_keeps_one_ghost_vote() -> None:
    state = new(SEVEN)
    first_night(state)
    nominate(state, "p1", "p5", yes=["p1", "p2", "p3", "p4"])
    to_day(state, 2)
    assert not state.alive["p5"] and state.ghost_vote["p5"]
    view = GAME.view(state, "p1")
    assert [s["ghost_vote"] for s in view["town_square"] if s["seat"] == "p5"] == [True]
    nominate(state, "p1", "p4", yes=["p5"])
    assert state.ghost_vote["p5"] is False
    until(state, "nominate", "p2")
    GAME.apply(state, "p3", seat="p2")
    GAME.apply(state, "no", seat="p3")  # no Goblin claim
    voters = []
    while (d := pending(state)).kind == "vote":
        voters.append(d.seat)
        GAME.apply(state, "no", seat=d.seat)
    assert voters and "p5" not in voters  # the ghost vote is spent


def test_the_demon_dying_wins_for_good_and_two_players_left_win_for_evil() -> None:
    state = new(SEVEN)
    first_night(state)
    nominate(state, "p1", "p7", yes=["p1", "p2", "p3", "p4"])
    to_night(state, 2)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "good" and out.results["p1"] == "win" and out.results["p6"] == "lose"
    assert GAME.view(state, "p1")["grimoire"]  # the grimoire is revealed at the end

    state = new(["savant", "artist", "fisherman", "goblin", "al_hadikhia"])
    first_night(state)
    nominate(state, "p1", "p1", yes=["p1", "p2", "p3"])
    to_day(state, 2)
    nominate(state, "p2", "p2", yes=["p2", "p3", "p4"])
    to_day(state, 3)
    nominate(state, "p3", "p3", yes=["p3", "p4"])
    while GAME.outcome(state) is None:
        d = pending(state)
        GAME.apply(state, d.options[0] if d.kind != "nominate" else "pass", seat=d.seat)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "evil" and state.win_reason == "two_alive"


def test_public_day_actions_are_offered_to_every_player_whatever_their_character() -> None:
    state = new(SEVEN)
    first_night(state)
    d = until(state, "day_action", "p1")
    kinds = {o if o == "pass" else o["act"] for o in d.options}
    assert kinds == {"pass", "slay", "gossip", "visit"}
    act(state, "p1", {"act": "slay", "target": "p7"})  # the Savant bluffs as the Slayer: nothing happens
    assert state.alive["p7"] and events(state, "nothing_happens")
    answer(state, "day_action", {"act": "gossip"}, "p2")
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "gossip_judge" and d.info["gossip"] is False  # asked anyway: nobody learns who the Gossip is


def test_a_death_at_night_reaches_the_town_square_only_at_dawn() -> None:
    state = new(["savant", "artist", "fisherman", "mayor", "gossip", "goblin", "lleech"])
    first_night(state, lleech_host="p6")
    act(state, "p5", {"act": "gossip"})
    GAME.apply(state, "true", seat=STORYTELLER)  # the Gossip wakes the Storyteller after the Lleech tonight
    to_night(state, 2)
    answer(state, "lleech_kill", "p2")
    assert not state.alive["p2"] and state.phase == "night" and pending(state).kind == "gossip_kill"
    square = {s["seat"]: s["alive"] for s in GAME.view(state, "p1")["town_square"]}
    assert square["p2"] is True  # not yet told
    assert {s["seat"]: s["alive"] for s in GAME.view(state, STORYTELLER)["town_square"]}["p2"] is False
    to_day(state, 2)
    assert {s["seat"]: s["alive"] for s in GAME.view(state, "p1")["town_square"]}["p2"] is False
