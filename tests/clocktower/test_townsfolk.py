"""The thirteen Townsfolk of the seed: every "How to Run" step and "Examples & Notes" case, with
the Storyteller's judgements shown as prompts with their legal options."""

from __future__ import annotations

from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.state import STORYTELLER

from .helpers import act, answer, events, first_night, new, nominate, pending, to_day, to_night, until

TOWN = ["savant", "artist", "fisherman", "mayor"]


def execute(state, nominee: str, nominator: str = "p1") -> None:
    """`nominee` gets every living vote today (and so is executed at day's end)."""
    nominate(state, nominator, nominee, yes=list(state.living()))


# ---------------------------------------------------------------- Gossip
GOSSIP = ["gossip", "minstrel", "savant", "artist", "fisherman", "goblin", "al_hadikhia"]


def test_gossip_true_statement_puts_the_dead_reminder_and_the_storyteller_kills_a_player_tonight() -> None:
    state = new(GOSSIP)
    first_night(state)
    act(state, "p1", {"act": "gossip"})
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "gossip_judge" and list(d.options) == ["true", "false", "unclear"]
    GAME.apply(state, "true", seat=STORYTELLER)
    assert any(r.source == "gossip" and r.token == "dead" and r.seat is None for r in state.reminders)
    d = until(state, "gossip_kill")
    assert d.seat == STORYTELLER and set(d.options) == set(state.living())
    GAME.apply(state, "p4", seat=STORYTELLER)
    to_day(state, 2)
    assert not state.alive["p4"] and any(e.type == "death" and e.data["seat"] == "p4" for e in state.events)
    assert state.has("p4", "dead", "gossip")


def test_gossip_false_or_unclear_statement_kills_nobody() -> None:
    for verdict in ("false", "unclear"):
        state = new(GOSSIP)
        first_night(state)
        act(state, "p1", {"act": "gossip"})
        GAME.apply(state, verdict, seat=STORYTELLER)
        to_day(state, 2)
        assert all(state.alive.values()) and not any(h["kind"] == "gossip_kill" for h in state.history)


def test_gossip_true_while_drunk_by_day_but_sober_at_night_still_kills() -> None:
    state = new(GOSSIP)
    first_night(state)
    execute(state, "p6")  # a Minion dies by execution: the Minstrel makes everyone else drunk until dusk tomorrow
    to_day(state, 2)
    assert state.drunk("p1")
    act(state, "p1", {"act": "gossip"})
    GAME.apply(state, "true", seat=STORYTELLER)
    d = until(state, "gossip_kill")
    assert state.night == 3 and state.sober("p1") and d.seat == STORYTELLER


def test_gossip_sober_by_day_but_drunk_tonight_kills_nobody() -> None:
    state = new(GOSSIP)
    first_night(state)
    act(state, "p1", {"act": "gossip"})
    GAME.apply(state, "true", seat=STORYTELLER)
    execute(state, "p6")
    to_day(state, 2)
    assert not any(h["kind"] == "gossip_kill" for h in state.history) and state.alive["p3"]


def test_gossip_a_bluffer_is_judged_too_but_kills_nobody() -> None:
    state = new(GOSSIP)
    first_night(state)
    act(state, "p3", {"act": "gossip"})
    d = pending(state)
    assert d.kind == "gossip_judge" and d.info["gossip"] is False
    GAME.apply(state, "true", seat=STORYTELLER)
    to_day(state, 2)
    assert all(state.alive.values())


# ---------------------------------------------------------------- Savant, Artist, Fisherman
VISIT = ["savant", "artist", "fisherman", "mayor", "gossip", "goblin", "al_hadikhia"]


def test_savant_visits_in_private_and_the_storyteller_gives_two_things() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p1", {"act": "visit", "as": "savant"})
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "savant_answer" and d.info["real"] is True and d.info["sober"] is True
    assert list(d.options) == ["given", "come_back"]
    GAME.apply(state, "given", seat=STORYTELLER)
    [told] = [e for e in state.events if e.type == "told"]
    assert told.visible_to == ("p1",) and told.data["visit"] == "savant"
    assert [e.visible_to for e in state.events if e.type == "private_chat"] == ["public"]  # everyone sees a chat, not what


def test_savant_may_visit_every_day_and_a_bluffer_is_heard_the_same_way() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p1", {"act": "visit", "as": "savant"})
    GAME.apply(state, "given", seat=STORYTELLER)
    act(state, "p6", {"act": "visit", "as": "savant"})  # the Goblin pretends
    d = pending(state)
    assert d.kind == "savant_answer" and d.info["real"] is False
    GAME.apply(state, "given", seat=STORYTELLER)
    to_day(state, 2)
    act(state, "p1", {"act": "visit", "as": "savant"})
    assert pending(state).kind == "savant_answer"


def test_artist_asks_once_and_the_storyteller_answers_yes_no_or_i_dont_know() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p2", {"act": "visit", "as": "artist"})
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "artist_answer" and list(d.options) == ["yes", "no", "dont_know", "rephrase"]
    GAME.apply(state, "dont_know", seat=STORYTELLER)
    assert state.has("p2", "no_ability", "artist")
    told = [e for e in state.events if e.type == "told"][-1]
    assert told.visible_to == ("p2",) and told.data["answer"] == "dont_know"
    view = GAME.view(state, "p3")
    assert not any(e["type"] == "told" for e in view["events"])


def test_artist_a_bluffer_gets_a_pretend_answer_and_no_token() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p6", {"act": "visit", "as": "artist"})
    GAME.apply(state, "yes", seat=STORYTELLER)
    assert not any(r.token == "no_ability" for r in state.reminders)


def test_fisherman_gets_advice_once_then_no_ability() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p3", {"act": "visit", "as": "fisherman"})
    d = pending(state)
    assert d.kind == "fisherman_answer" and d.seat == STORYTELLER and list(d.options) == ["given"]
    GAME.apply(state, "given", seat=STORYTELLER)
    assert state.has("p3", "no_ability", "fisherman")


# ---------------------------------------------------------------- Slayer
SLAYER = ["slayer", "savant", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_slayer_shooting_the_living_demon_kills_it_and_good_wins() -> None:
    state = new(SLAYER)
    first_night(state)
    act(state, "p1", {"act": "slay", "target": "p7"})
    assert not state.alive["p7"] and state.has("p1", "no_ability", "slayer")
    out = GAME.outcome(state)
    assert out is not None and out.winner == "good"


def test_slayer_missing_says_nothing_happens_and_the_ability_is_gone() -> None:
    state = new(SLAYER)
    first_night(state)
    act(state, "p1", {"act": "slay", "target": "p6"})
    assert state.alive["p6"] and events(state, "nothing_happens") and state.has("p1", "no_ability", "slayer")
    to_day(state, 2)
    act(state, "p1", {"act": "slay", "target": "p7"})
    assert state.alive["p7"] and GAME.outcome(state) is None


def test_slayer_poisoned_uses_the_ability_for_nothing() -> None:
    state = new(["slayer", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p1")
    assert state.poisoned("p1")
    act(state, "p1", {"act": "slay", "target": "p7"})
    assert state.alive["p7"] and state.has("p1", "no_ability", "slayer")


def test_slayer_and_lleech_jinx_slaying_the_host_kills_the_host_and_the_lleech() -> None:
    state = new(["slayer", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p2")
    act(state, "p1", {"act": "slay", "target": "p2"})
    assert not state.alive["p2"] and not state.alive["p7"]
    assert GAME.outcome(state).winner == "good"  # type: ignore[union-attr]


# ---------------------------------------------------------------- Alchemist
ALCH = ["alchemist", "savant", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_alchemist_is_shown_a_minion_ability_and_marked_when_it_is_not_in_play() -> None:
    state = new(ALCH)
    d = until(state, "alchemist")
    assert d.seat == STORYTELLER and list(d.options) == ["devils_advocate", "psychopath", "goblin", "boomdandy"]
    GAME.apply(state, "boomdandy", seat=STORYTELLER)
    assert state.has("p1", "is_the_alchemist") and state.alchemist_ability == "boomdandy"
    [e] = [e for e in state.events if e.type == "alchemist_ability"]
    assert e.visible_to == ("p1",) and GAME.view(state, "p1")["you"]["minion_ability"] == "boomdandy"
    assert state.alignment["p1"] == "good"


def test_alchemist_with_an_in_play_minion_ability_gets_no_reminder() -> None:
    state = new(ALCH)
    answer(state, "alchemist", "goblin")
    assert not state.has("p1", "is_the_alchemist")


def test_alchemist_wakes_as_the_devils_advocate_and_may_be_asked_to_choose_differently() -> None:
    state = new(ALCH)
    answer(state, "alchemist", "devils_advocate")
    d = until(state, "devils_advocate")
    assert d.seat == "p1"
    GAME.apply(state, "p2", seat="p1")
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "alchemist_redo" and list(d.options) == ["accept", "again"]
    GAME.apply(state, "again", seat=STORYTELLER)
    d = pending(state)
    assert d.seat == "p1" and "p2" not in d.options
    GAME.apply(state, "p3", seat="p1")
    assert state.has("p3", "survives_execution")
    first_night(state)
    execute(state, "p3")
    to_night(state, 2)
    assert state.alive["p3"] and events(state, "executed_lives")


def test_alchemist_as_psychopath_kills_by_day_once_the_storyteller_accepts() -> None:
    state = new(ALCH)
    answer(state, "alchemist", "psychopath")
    first_night(state)
    d = until(state, "day_action", "p1")
    assert {"act": "psychopath", "target": "p6"} in d.options
    GAME.apply(state, {"act": "psychopath", "target": "p6"}, seat="p1")
    assert pending(state).kind == "alchemist_redo"
    GAME.apply(state, "accept", seat=STORYTELLER)
    assert not state.alive["p6"]


# ---------------------------------------------------------------- Cannibal
CANNIBAL = ["cannibal", "savant", "artist", "fisherman", "slayer", "goblin", "al_hadikhia"]


def test_cannibal_gains_an_executed_good_players_ability_and_uses_it() -> None:
    state = new(CANNIBAL)
    first_night(state)
    execute(state, "p5")
    to_day(state, 2)
    assert state.has("p5", "lunch", "cannibal") and state.cannibal_ability == "slayer" and not state.poisoned("p1")
    act(state, "p1", {"act": "slay", "target": "p7"})
    assert GAME.outcome(state).winner == "good"  # type: ignore[union-attr]


def test_cannibal_eating_an_evil_player_is_poisoned_until_a_good_player_dies_by_execution() -> None:
    state = new(CANNIBAL)
    first_night(state)
    execute(state, "p6")
    to_day(state, 2)
    assert state.cannibal_ability == "goblin" and state.poisoned("p1")
    execute(state, "p2")
    to_day(state, 3)
    assert state.cannibal_ability == "savant" and not state.poisoned("p1") and state.has("p2", "lunch")
    assert not state.has("p6", "lunch")  # the previous meal's ability is lost


def test_cannibal_gains_nothing_when_the_executee_was_dead_or_lived() -> None:
    state = new(CANNIBAL)
    first_night(state)
    act(state, "p5", {"act": "slay", "target": "p6"})
    nominate(state, "p1", "p2", yes=list(state.living()))
    to_day(state, 2)
    dead = "p2"
    execute(state, dead)  # the dead Savant is executed again
    to_day(state, 3)
    assert state.cannibal_ability == "savant"  # from day 1 only
    assert [e["seat"] for e in events(state, "already_dead")] == ["p2"]


# ---------------------------------------------------------------- Minstrel
MINSTREL = ["minstrel", "savant", "artist", "fisherman", "mayor", "devils_advocate", "al_hadikhia"]


def test_minstrel_a_minion_dying_by_execution_makes_everyone_else_drunk_until_dusk_tomorrow() -> None:
    state = new(MINSTREL)
    first_night(state, devils_advocate="p2")
    execute(state, "p6")
    to_night(state, 2)
    assert not state.alive["p6"] and any(r.token == "everyone_drunk" for r in state.reminders)
    assert state.drunk("p2") and state.drunk("p7") and not state.drunk("p1")
    to_day(state, 2)
    assert state.drunk("p7")
    to_night(state, 3)
    assert not state.drunk("p7") and not any(r.token == "everyone_drunk" for r in state.reminders)


def test_minstrel_does_not_trigger_when_the_minion_survives_its_execution() -> None:
    state = new(MINSTREL)
    first_night(state, devils_advocate="p6")
    execute(state, "p6")
    to_night(state, 2)
    assert state.alive["p6"] and not any(r.token == "everyone_drunk" for r in state.reminders)


def test_minstrel_poisoned_does_not_trigger() -> None:
    state = new(["minstrel", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p1")
    execute(state, "p6")
    to_night(state, 2)
    assert not state.alive["p6"] and not any(r.token == "everyone_drunk" for r in state.reminders)


# ---------------------------------------------------------------- Tea Lady
TEA = ["savant", "tea_lady", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_tea_lady_good_neighbours_cannot_die_even_when_executed() -> None:
    state = new(TEA)
    first_night(state)
    marked = {g["seat"] for g in GAME.view(state, STORYTELLER)["grimoire"] if any(r["token"] == "cannot_die" for r in g["reminders"])}
    assert marked == {"p1", "p3"}
    execute(state, "p3")
    to_night(state, 2)
    assert state.alive["p3"] and events(state, "executed_lives") and events(state, "death_prevented")[0]["by"] == "tea_lady"


def test_tea_lady_neighbours_survive_the_al_hadikhia_but_others_die() -> None:
    state = new(TEA)
    first_night(state)
    to_night(state, 2)
    for pick in ("p1", "p3", "p5"):
        answer(state, "al_hadikhia", pick)
    for _ in range(3):
        answer(state, "live_or_die", "live")
    to_day(state, 2)
    assert state.alive["p1"] and state.alive["p3"] and not state.alive["p5"]


def test_tea_lady_an_evil_neighbour_means_no_protection() -> None:
    state = new(["goblin", "tea_lady", "savant", "artist", "fisherman", "mayor", "al_hadikhia"])
    first_night(state)
    execute(state, "p3")
    to_night(state, 2)
    assert not state.alive["p3"]


def test_tea_lady_skips_dead_neighbours() -> None:
    state = new(["savant", "tea_lady", "artist", "goblin", "fisherman", "mayor", "al_hadikhia"])
    first_night(state)
    assert state.neighbours("p2") == ["p3", "p1"]
    act(state, "p1", {"act": "slay", "target": "p3"})  # nothing: nobody is the Slayer
    state.alive["p3"] = False  # p3 died: the Tea Lady's next living neighbour is the Goblin
    assert state.neighbours("p2") == ["p4", "p1"]


# ---------------------------------------------------------------- Mayor
def test_mayor_three_alive_and_no_execution_wins_for_the_mayors_team() -> None:
    state = new(["mayor", "savant", "artist", "goblin", "al_hadikhia"])
    first_night(state)
    execute(state, "p2")
    to_day(state, 2)
    execute(state, "p3")
    to_day(state, 3)
    assert len(state.living()) == 3
    while GAME.outcome(state) is None:
        d = pending(state)
        GAME.apply(state, "pass" if "pass" in d.options else d.options[0], seat=d.seat)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "good" and state.win_reason == "mayor" and state.day == 3


def test_mayor_attacked_at_night_the_storyteller_may_kill_another_player_instead() -> None:
    state = new(["mayor", "savant", "artist", "fisherman", "gossip", "goblin", "lleech"])
    first_night(state, lleech_host="p2")
    to_night(state, 2)
    answer(state, "lleech_kill", "p1")
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "mayor_bounce" and d.options[0] == "p1" and set(d.options) == set(state.seats)
    GAME.apply(state, "p3", seat=STORYTELLER)
    to_day(state, 2)
    assert state.alive["p1"] and not state.alive["p3"]
    assert [e for e in state.events if e.type == "death"][-1].data == {"seat": "p3"}  # nobody learns how


def test_mayor_bounce_onto_a_dead_player_means_nobody_dies() -> None:
    state = new(["mayor", "savant", "artist", "fisherman", "gossip", "goblin", "lleech"])
    first_night(state, lleech_host="p2")
    execute(state, "p4")
    to_night(state, 2)
    answer(state, "lleech_kill", "p1")
    GAME.apply(state, "p4", seat=STORYTELLER)
    to_day(state, 2)
    assert state.alive["p1"] and len(state.living()) == 6


def test_mayor_the_storyteller_may_let_the_mayor_die() -> None:
    state = new(["mayor", "savant", "artist", "fisherman", "gossip", "goblin", "lleech"])
    first_night(state, lleech_host="p2")
    to_night(state, 2)
    answer(state, "lleech_kill", "p1")
    GAME.apply(state, "p1", seat=STORYTELLER)
    to_day(state, 2)
    assert not state.alive["p1"]


# ---------------------------------------------------------------- Fool
FOOL = ["fool", "savant", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_fool_the_first_death_does_not_happen_and_the_ability_is_gone() -> None:
    state = new(FOOL)
    first_night(state)
    execute(state, "p1", nominator="p2")
    to_day(state, 2)
    assert state.alive["p1"] and state.has("p1", "no_ability", "fool") and events(state, "executed_lives")
    execute(state, "p1", nominator="p2")
    to_day(state, 3)
    assert not state.alive["p1"]


def test_fool_poisoned_dies_the_first_time() -> None:
    state = new(["fool", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p1")
    execute(state, "p1", nominator="p2")
    to_night(state, 2)
    assert not state.alive["p1"]


# ---------------------------------------------------------------- Virgin
VIRGIN = ["virgin", "savant", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_virgin_a_townsfolk_nominator_is_executed_at_once_and_the_day_ends() -> None:
    state = new(VIRGIN)
    first_night(state)
    until(state, "nominate", "p2")
    GAME.apply(state, "p1", seat="p2")
    assert not state.alive["p2"] and state.has("p1", "no_ability", "virgin") and state.today.executed
    assert state.phase == "night" or pending(state).kind != "nominate"
    assert [e["seat"] for e in events(state, "execution")] == ["p2"]


def test_virgin_a_non_townsfolk_nominator_is_not_executed_and_the_vote_goes_on() -> None:
    state = new(VIRGIN)
    first_night(state)
    until(state, "nominate", "p6")
    GAME.apply(state, "p1", seat="p6")
    assert state.alive["p6"] and state.has("p1", "no_ability", "virgin")
    assert pending(state).kind == "goblin_claim"
    to_day(state, 2)
    until(state, "nominate", "p2")
    GAME.apply(state, "p1", seat="p2")  # her ability is gone
    assert state.alive["p2"]


def test_virgin_poisoned_loses_the_ability_and_nobody_is_executed() -> None:
    state = new(["virgin", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p1")
    until(state, "nominate", "p2")
    GAME.apply(state, "p1", seat="p2")
    assert state.alive["p2"] and state.has("p1", "no_ability", "virgin") and not state.today.executed


# ---------------------------------------------------------------- Pacifist
PACIFIST = ["pacifist", "savant", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"]


def test_pacifist_the_storyteller_decides_whether_an_executed_good_player_dies() -> None:
    state = new(PACIFIST)
    first_night(state)
    execute(state, "p2")
    d = until(state, "pacifist")
    assert d.seat == STORYTELLER and list(d.options) == ["dies", "lives"]
    GAME.apply(state, "lives", seat=STORYTELLER)
    assert state.alive["p2"] and state.today.executed and events(state, "executed_lives")
    assert state.phase == "night"


def test_pacifist_the_storyteller_may_let_them_die() -> None:
    state = new(PACIFIST)
    first_night(state)
    execute(state, "p2")
    answer(state, "pacifist", "dies")
    assert not state.alive["p2"]


def test_pacifist_is_not_asked_about_an_evil_executee() -> None:
    state = new(PACIFIST)
    first_night(state)
    execute(state, "p6")
    to_night(state, 2)
    assert not state.alive["p6"] and not any(h["kind"] == "pacifist" for h in state.history)


def test_cannibal_who_ate_the_virgin_executes_a_townsfolk_who_nominates_them() -> None:
    state = new(["cannibal", "virgin", "artist", "fisherman", "mayor", "goblin", "al_hadikhia"])
    first_night(state)
    until(state, "nominate", "p6")
    GAME.apply(state, "p2", seat="p6")  # the Goblin spends the Virgin's ability
    GAME.apply(state, "no", seat="p2")
    while (d := pending(state)).kind == "vote":
        GAME.apply(state, "yes", seat=d.seat)
    to_day(state, 2)
    assert state.cannibal_ability == "virgin"
    until(state, "nominate", "p3")
    GAME.apply(state, "p1", seat="p3")
    assert not state.alive["p3"] and state.has("p1", "no_ability", "virgin")


def test_artist_may_be_asked_to_put_the_question_another_way_and_keeps_the_ability_until_answered() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p2", {"act": "visit", "as": "artist"})
    GAME.apply(state, "rephrase", seat=STORYTELLER)
    assert not state.has("p2", "no_ability")
    d = pending(state)
    assert d.kind == "artist_answer" and d.seat == STORYTELLER
    GAME.apply(state, "yes", seat=STORYTELLER)
    assert state.has("p2", "no_ability", "artist")
    assert [e.data["answer"] for e in state.events if e.type == "told"] == ["rephrase", "yes"]


def test_savant_may_be_asked_to_come_back_later() -> None:
    state = new(VISIT)
    first_night(state)
    act(state, "p1", {"act": "visit", "as": "savant"})
    GAME.apply(state, "come_back", seat=STORYTELLER)
    assert [e.data["answer"] for e in state.events if e.type == "told"] == ["come_back"]
