"""The Outsiders, Minions, Demons and the Fabled of the seed: every "How to Run" step and
"Examples & Notes" case, with the Storyteller's judgements shown as prompts with legal options."""

from __future__ import annotations

from pathlib import Path

from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.state import STORYTELLER

from .helpers import act, answer, events, first_night, new, nominate, pending, to_day, to_night, until

TOWN = ["savant", "artist", "fisherman", "mayor", "gossip"]


def execute(state, nominee: str, nominator: str = "p1") -> None:
    nominate(state, nominator, nominee, yes=list(state.living()))


# ---------------------------------------------------------------- Golem
GOLEM = [*TOWN, "golem", "goblin", "al_hadikhia"]


def test_golem_nominating_a_non_demon_kills_them_and_the_vote_goes_on() -> None:
    state = new(GOLEM)
    first_night(state)
    until(state, "nominate", "p6")
    GAME.apply(state, "p2", seat="p6")
    assert not state.alive["p2"] and state.has("p6", "may_not_nominate", "golem")
    assert pending(state).kind == "goblin_claim"


def test_golem_nominating_the_demon_does_nothing_but_uses_the_nomination() -> None:
    state = new(GOLEM)
    first_night(state)
    until(state, "nominate", "p6")
    GAME.apply(state, "p8", seat="p6")
    assert state.alive["p8"] and state.has("p6", "may_not_nominate")


def test_golem_may_not_nominate_a_second_time() -> None:
    state = new(GOLEM)
    first_night(state)
    until(state, "nominate", "p6")
    GAME.apply(state, "p7", seat="p6")
    to_day(state, 2)
    d = until(state, "nominate", "p6")
    assert list(d.options) == ["pass"]


# ---------------------------------------------------------------- Damsel
DAMSEL = [*TOWN, "damsel", "goblin", "al_hadikhia"]


def test_damsel_every_minion_is_shown_the_damsel_on_the_first_night() -> None:
    state = new(DAMSEL)
    first_night(state)
    assert [e.visible_to for e in state.events if e.type == "damsel_in_play"] == [("p7",)]
    d = until(state, "day_action", "p1")
    assert not any(o != "pass" and o["act"] == "damsel" for o in d.options)  # only Minions may guess
    d = until(state, "day_action", "p7")
    assert {"act": "damsel", "target": "p6"} in d.options


def test_damsel_a_minion_guessing_right_wins_for_evil() -> None:
    state = new(DAMSEL)
    first_night(state)
    act(state, "p7", {"act": "damsel", "target": "p6"})
    out = GAME.outcome(state)
    assert out is not None and out.winner == "evil" and state.win_reason == "damsel_guessed"


def test_damsel_a_wrong_guess_uses_the_one_guess_for_every_minion() -> None:
    state = new(DAMSEL)
    first_night(state)
    act(state, "p7", {"act": "damsel", "target": "p5"})
    assert state.has("p6", "guess_used") and GAME.outcome(state) is None
    to_day(state, 2)
    d = until(state, "day_action", "p7")
    assert not any(o != "pass" and o["act"] == "damsel" for o in d.options)


def test_damsel_once_dead_is_no_longer_at_risk() -> None:
    state = new(DAMSEL)
    first_night(state)
    execute(state, "p6")
    to_day(state, 2)
    act(state, "p7", {"act": "damsel", "target": "p6"})
    assert GAME.outcome(state) is None


# ---------------------------------------------------------------- Snitch
def test_snitch_each_minion_gets_three_not_in_play_characters_from_the_storyteller() -> None:
    state = new([*TOWN, "slayer", "tea_lady", "snitch", "goblin", "boomdandy", "al_hadikhia"])  # 11 players: 2 Minions
    seen = []
    while state.phase != "day":
        d = pending(state)
        if d.kind == "bluff":
            seen.append((d.info["kind"], tuple(d.info["for"])))
            assert not set(d.options) & set(state.character.values())
        GAME.apply(state, d.options[0], seat=d.seat)
    assert seen == [("minion", ("p9",))] * 3 + [("minion", ("p10",))] * 3 + [("demon", ("p11",))] * 3
    assert set(state.minion_bluffs) == {"p9", "p10"} and all(len(b) == 3 for b in state.minion_bluffs.values())
    assert {e.visible_to for e in state.events if e.type == "bluffs"} == {("p9",), ("p10",), ("p11",)}
    assert GAME.view(state, "p9")["you"]["bluffs"] == state.minion_bluffs["p9"]


# ---------------------------------------------------------------- Heretic
HERETIC = ["savant", "artist", "fisherman", "mayor", "gossip", "heretic", "goblin", "al_hadikhia"]


def test_heretic_good_winning_means_good_loses_and_evil_wins() -> None:
    state = new(HERETIC)
    first_night(state)
    execute(state, "p8")
    to_night(state, 2)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "evil" and out.results["p1"] == "lose" and out.results["p6"] == "lose"
    assert out.results["p7"] == "win" and out.results["p8"] == "win"


def test_heretic_works_even_when_dead() -> None:
    state = new(HERETIC)
    first_night(state)
    execute(state, "p6")
    to_day(state, 2)
    execute(state, "p8")
    to_night(state, 3)
    out = GAME.outcome(state)
    assert out is not None and not state.alive["p6"] and out.winner == "evil"


def test_heretic_drunk_changes_nothing() -> None:
    state = new(["minstrel", "savant", "artist", "fisherman", "mayor", "heretic", "goblin", "al_hadikhia"])
    first_night(state)
    execute(state, "p7")  # a Minion dies by execution: the Minstrel makes everyone else drunk until dusk tomorrow
    to_day(state, 2)
    assert state.drunk("p6")
    execute(state, "p8")
    to_night(state, 3)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "good" and out.results["p1"] == "win" and not state.heretic_flip


def test_heretic_and_lleech_are_jinxed_only_one_may_be_in_play() -> None:
    from scriptkeeper.clocktower.script import check_setup
    _, problems = check_setup({"characters": ["savant", "artist", "fisherman", "mayor", "gossip", "heretic", "goblin", "lleech"]})
    assert [p.rule for p in problems] == ["jinx"]


# ---------------------------------------------------------------- Devil's Advocate
DA = [*TOWN, "devils_advocate", "al_hadikhia"]


def test_devils_advocate_the_chosen_player_survives_execution_tomorrow() -> None:
    state = new(DA)
    d = until(state, "devils_advocate")
    assert d.seat == "p6" and set(d.options) == set(state.seats)
    GAME.apply(state, "p2", seat="p6")
    assert state.has("p2", "survives_execution")
    first_night(state)
    execute(state, "p2")
    to_night(state, 2)
    assert state.alive["p2"] and events(state, "executed_lives") and not state.has("p2", "survives_execution")


def test_devils_advocate_may_not_choose_last_nights_player_again() -> None:
    state = new(DA)
    answer(state, "devils_advocate", "p2")
    to_night(state, 2)
    d = until(state, "devils_advocate")
    assert "p2" not in d.options and "p1" in d.options


# ---------------------------------------------------------------- Psychopath
PSYCHO = [*TOWN, "psychopath", "al_hadikhia"]


def test_psychopath_kills_in_public_before_nominations_once_a_day() -> None:
    state = new(PSYCHO)
    first_night(state)
    act(state, "p6", {"act": "psychopath", "target": "p2"})
    assert not state.alive["p2"] and state.today.psychopath_used
    assert [e for e in state.events if e.type == "psychopath"][0].visible_to == "public"
    d = until(state, "nominate", "p6")
    assert all(isinstance(o, str) for o in d.options)  # nominations: no more Psychopath kills today


def test_psychopath_executed_plays_roshambo_with_the_nominator_and_dies_on_losing() -> None:
    state = new(PSYCHO)
    first_night(state)
    execute(state, "p6", nominator="p3")
    d = until(state, "roshambo")
    assert d.seat == STORYTELLER and list(d.options) == ["nominator_wins", "psychopath_wins"]
    assert dict(d.prompt.params)["opponent"].id == "p3"
    GAME.apply(state, "nominator_wins", seat=STORYTELLER)
    assert not state.alive["p6"]


def test_psychopath_winning_or_drawing_roshambo_lives_and_the_day_ends() -> None:
    state = new(PSYCHO)
    first_night(state)
    execute(state, "p6", nominator="p3")
    answer(state, "roshambo", "psychopath_wins")
    assert state.alive["p6"] and state.today.executed and state.phase == "night"


def test_psychopath_self_nominated_plays_roshambo_with_the_storyteller() -> None:
    state = new(PSYCHO)
    first_night(state)
    execute(state, "p6", nominator="p6")
    d = until(state, "roshambo")
    assert dict(d.prompt.params)["opponent"].id == STORYTELLER


# ---------------------------------------------------------------- Goblin
GOBLIN = [*TOWN, "goblin", "al_hadikhia"]


def test_goblin_claiming_when_nominated_and_executed_wins_for_evil() -> None:
    state = new(GOBLIN)
    first_night(state)
    nominate(state, "p1", "p6", yes=list(state.living()), claim=True)
    assert state.has("p6", "claimed", "goblin") and events(state, "goblin_claim")
    to_night(state, 2)
    out = GAME.outcome(state)
    assert out is not None and out.winner == "evil" and state.win_reason == "goblin"


def test_goblin_executed_without_claiming_just_dies() -> None:
    state = new(GOBLIN)
    first_night(state)
    execute(state, "p6")
    to_night(state, 2)
    assert not state.alive["p6"] and GAME.outcome(state) is None


def test_goblin_a_claim_yesterday_does_not_count() -> None:
    state = new(GOBLIN)
    first_night(state)
    nominate(state, "p1", "p6", yes=[], claim=True)
    to_day(state, 2)
    assert not state.has("p6", "claimed")
    execute(state, "p6")
    to_night(state, 3)
    assert GAME.outcome(state) is None and not state.alive["p6"]


def test_goblin_any_player_may_claim_and_the_storyteller_acts_as_if() -> None:
    state = new(GOBLIN)
    first_night(state)
    nominate(state, "p1", "p2", yes=list(state.living()), claim=True)
    assert events(state, "goblin_claim") == [{"seat": "p2"}] and not state.has("p2", "claimed")
    to_night(state, 2)
    assert GAME.outcome(state) is None and not state.alive["p2"]


# ---------------------------------------------------------------- Boomdandy
BOOM = [*TOWN, "boomdandy", "al_hadikhia"]


def test_boomdandy_executed_explodes_all_but_three_die_then_the_most_pointed_at_dies() -> None:
    state = new(BOOM)
    first_night(state)
    execute(state, "p6")
    d = until(state, "boomdandy_kill")
    assert d.seat == STORYTELLER and "p7" not in d.options  # the Demon stays among the three
    while (d := pending(state)).kind == "boomdandy_kill":
        GAME.apply(state, d.options[0], seat=STORYTELLER)
    assert len(state.living()) == 3 and state.alive["p7"]
    pointers = []
    while (d := GAME.pending(state)) is not None and d.kind == "point":
        pointers.append(d.seat)
        GAME.apply(state, "p7", seat=d.seat)
    assert pointers == state.seats  # even the dead point
    out = GAME.outcome(state)
    assert out is not None and out.winner == "good" and not state.alive["p7"]


def test_boomdandy_a_tie_of_fingers_kills_nobody() -> None:
    state = new(BOOM)
    first_night(state)
    execute(state, "p6")
    until(state, "boomdandy_kill")
    while (d := pending(state)).kind == "boomdandy_kill":
        GAME.apply(state, d.options[0], seat=STORYTELLER)
    living = state.living()
    k = 0
    while (d := pending(state)).kind == "point":
        GAME.apply(state, living[k % 2] if k < 6 else living[2], seat=d.seat)
        k += 1
    assert len(state.living()) == 3 and state.phase == "night"


# ---------------------------------------------------------------- Al-Hadikhia
ALH = [*TOWN, "goblin", "al_hadikhia"]


def choose_three(state, seats: list[str], choices: list[str]) -> None:
    to_night(state, 2)
    for s in seats:
        answer(state, "al_hadikhia", s, "p7")
    for s, c in zip(seats, choices):
        d = pending(state)
        assert d.kind == "live_or_die" and d.seat == s
        GAME.apply(state, c, seat=s)


def test_al_hadikhia_everyone_learns_the_three_and_each_chooses_to_live_or_die() -> None:
    state = new(ALH)
    first_night(state)
    choose_three(state, ["p1", "p2", "p3"], ["die", "live", "live"])
    assert [e["seat"] for e in events(state, "alh_chosen")] == ["p1", "p2", "p3"]
    assert all(e.visible_to == "public" for e in state.events if e.type == "alh_chosen")
    to_day(state, 2)
    assert not state.alive["p1"] and state.alive["p2"] and state.alive["p3"]
    assert [(e["seat"], e["alive"]) for e in events(state, "alh_status")] == [("p1", False), ("p2", True), ("p3", True)]


def test_al_hadikhia_if_all_three_choose_to_live_all_three_die() -> None:
    state = new(ALH)
    first_night(state)
    choose_three(state, ["p1", "p2", "p3"], ["live", "live", "live"])
    to_day(state, 2)
    assert not any(state.alive[s] for s in ("p1", "p2", "p3"))


def test_al_hadikhia_a_dead_player_choosing_to_live_comes_back() -> None:
    state = new(ALH)
    first_night(state)
    execute(state, "p1", nominator="p2")
    choose_three(state, ["p1", "p2", "p3"], ["live", "die", "live"])
    to_day(state, 2)
    assert state.alive["p1"] and not state.alive["p2"] and state.alive["p3"]


def test_al_hadikhia_choosing_nobody_announces_nothing() -> None:
    state = new(ALH)
    first_night(state)
    to_night(state, 2)
    d = until(state, "al_hadikhia")
    assert d.options[0] == "none"
    GAME.apply(state, "none", seat="p7")
    to_day(state, 2)
    assert not events(state, "alh_chosen") and all(state.alive.values())


# ---------------------------------------------------------------- Lleech
LLEECH = [*TOWN, "goblin", "lleech"]


def test_lleech_first_night_poisons_a_living_player() -> None:
    state = new(LLEECH)
    d = until(state, "lleech_host")
    assert d.seat == "p7" and "p7" not in d.options and set(d.options) == set(state.seats) - {"p7"}
    GAME.apply(state, "p3", seat="p7")
    assert state.poisoned("p3") and state.has("p3", "poisoned", "lleech")
    assert GAME.view(state, "p3")["you"] == {"character": "fisherman", "team": "townsfolk",
                                             "ability": {"$text": "ct.ability.fisherman", "params": {}}}  # never told


def test_lleech_kills_each_night_after_the_first() -> None:
    state = new(LLEECH)
    first_night(state, lleech_host="p3")
    to_night(state, 2)
    answer(state, "lleech_kill", "p2")
    to_day(state, 2)
    assert not state.alive["p2"] and state.poisoned("p3")


def test_lleech_executed_while_the_host_lives_does_not_die() -> None:
    state = new(LLEECH)
    first_night(state, lleech_host="p3")
    execute(state, "p7")
    to_night(state, 2)
    assert state.alive["p7"] and events(state, "executed_lives") and GAME.outcome(state) is None


def test_lleech_dies_when_the_host_dies_and_good_wins() -> None:
    state = new(LLEECH)
    first_night(state, lleech_host="p3")
    execute(state, "p3")
    to_night(state, 2)
    out = GAME.outcome(state)
    assert not state.alive["p7"] and out is not None and out.winner == "good"


# ---------------------------------------------------------------- Sentinel
def test_sentinel_is_declared_in_play_and_the_storyteller_chooses_its_change() -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
    state = GAME.new_game(setup, 0, {"players": 9})
    assert [e for e in state.events if e.type == "fabled"][0].visible_to == "public"
    d = pending(state)
    assert d.kind == "sentinel" and d.seat == STORYTELLER and list(d.options) == [-1, 0, 1]
    GAME.apply(state, -1, seat=STORYTELLER)
    teams = []
    while (d := pending(state)).kind == "bag":
        teams.append(d.info["team"])
        GAME.apply(state, d.options[0], seat=STORYTELLER)
    assert teams.count("outsider") == 1 and teams.count("townsfolk") == 6
    assert [e.visible_to for e in state.events if e.type == "sentinel"] == ["gm"]  # the change itself stays secret


def test_boomdandy_executed_but_saved_by_the_devils_advocate_still_explodes() -> None:
    state = new(["savant", "artist", "fisherman", "mayor", "gossip", "slayer", "tea_lady", "boomdandy", "devils_advocate", "al_hadikhia"])
    first_night(state, devils_advocate="p8")
    nominate(state, "p1", "p8", yes=list(state.living()))
    d = until(state, "boomdandy_kill")
    assert state.alive["p8"] and events(state, "executed_lives") and d.seat == STORYTELLER


def test_boomdandy_a_player_who_cannot_die_may_leave_four_alive() -> None:
    state = new(["fool", "artist", "fisherman", "mayor", "gossip", "boomdandy", "al_hadikhia"])
    first_night(state)
    execute(state, "p6", nominator="p2")
    answer(state, "boomdandy_kill", "p1")  # the Fool lives (and loses the ability)
    d = pending(state)
    assert d.kind == "boomdandy_kill" and "p1" not in d.options and state.alive["p1"]
