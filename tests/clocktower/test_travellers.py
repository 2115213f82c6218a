"""Travellers, as far as the seed (Minstrel, Mayor) and clocktower-notes.md (extra players, counted
in vote majorities) define them; the rest is in docs/rulings.md (alignment from the Storyteller,
exile by a vote of every player, not counted for "two players alive")."""

from __future__ import annotations

from scriptkeeper.clocktower.day import threshold
from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.rules import die
from scriptkeeper.clocktower.state import STORYTELLER

from .helpers import answer, events, first_night, new, pending, to_night, until
from .soak import SecrecyChecker, play_random
from .test_floor import floor, give
from .test_townsfolk import MINSTREL, execute

SEVEN = ["slayer", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"]


def test_travellers_sit_after_the_players_and_the_storyteller_gives_each_an_alignment() -> None:
    state = new(SEVEN, travellers=2)
    assert state.seats[-2:] == state.travellers == ["p8", "p9"]
    d = until(state, "traveller_alignment")
    assert d.seat == STORYTELLER and d.options == ("good", "evil") and d.info == {"seat": "p8"}
    answer(state, "traveller_alignment", "evil")
    answer(state, "traveller_alignment", "good")
    assert state.character["p8"] == "traveller" and state.alignment == {**state.alignment, "p8": "evil", "p9": "good"}
    [mine] = [e for e in state.events if e.type == "you_are" and e.data["seat"] == "p8"]
    assert mine.visible_to == ("p8",) and mine.data["alignment"] == "evil"
    assert [e["seat"] for e in events(state, "traveller")] == ["p8", "p9"]  # who travels is public
    square = {s["seat"]: s for s in GAME.view(state, "p1")["town_square"]}
    assert square["p8"]["traveller"] and "traveller" not in square["p1"]


def test_travellers_are_outside_the_character_table_and_the_seven_player_information() -> None:
    state = new(SEVEN, travellers=2)  # 7 players and 2 Travellers: 5 Townsfolk, 1 Minion, 1 Demon
    first_night(state, lleech_host="p5")
    assert events(state, "minion_info") == [{"minions": ["p6"], "demon": ["p7"]}]
    assert GAME.seats(state.setup, {"travellers": 2}) == [STORYTELLER, *[f"p{i}" for i in range(1, 10)]]


def test_travellers_count_in_vote_majorities() -> None:
    state = new(SEVEN, travellers=2)
    first_night(state, lleech_host="p5")
    assert threshold(state) == 5  # half of the 9 living, rounded up


def test_minstrel_does_not_make_travellers_drunk() -> None:
    # Seed, Minstrel: "all other players (except Travellers) are drunk until dusk tomorrow".
    state = new(MINSTREL, travellers=1)
    first_night(state, devils_advocate="p2")
    execute(state, "p6")
    to_night(state, 2)
    assert not state.alive["p6"] and state.drunk("p2") and not state.drunk("p8")


def test_a_traveller_is_exiled_by_every_players_vote_not_executed() -> None:
    # Seed, Mayor: "exiles are not executions"; the dead vote without spending their ghost vote (rulings).
    state = new(SEVEN, travellers=1)
    first_night(state, lleech_host="p5")
    die(state, "p4", "slayer")  # a dead player, for the vote
    floor(state, "open_nominations")
    floor(state, {"act": "floor", "seat": "p1"})
    opts = pending(state).options
    assert {"act": "nominate", "target": "p8"} not in opts and {"act": "exile", "target": "p8"} in opts
    GAME.apply(state, {"act": "exile", "target": "p8"}, seat="p1")
    voters = []
    while (d := pending(state)).kind == "exile_vote":
        voters.append(d.seat)
        GAME.apply(state, "yes" if d.seat in ("p1", "p2", "p3", "p4") else "no", seat=d.seat)
    assert voters == ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]  # the dead p4 too
    assert events(state, "exiled") == [{"seat": "p8", "votes": 4}] and not state.alive["p8"]  # 4 of 8 players
    assert state.ghost_vote["p4"] and not state.today.executed
    floor(state, {"act": "floor", "seat": "p2"})
    assert {"act": "nominate", "target": "p3"} in pending(state).options  # the day goes on: no execution happened
    assert {"act": "exile", "target": "p8"} not in pending(state).options


def test_mayor_counts_travellers_as_players_so_they_must_be_exiled_first() -> None:
    # Seed, Mayor: "Travellers count as players for the Mayor's victory, so must be exiled first."
    state = new(["mayor", "savant", "artist", "fisherman", "slayer", "goblin", "lleech"], travellers=1)
    first_night(state, lleech_host="p2")
    for s in ("p3", "p4", "p5", "p6"):
        die(state, s, "slayer")
    assert sorted(state.living()) == ["p1", "p2", "p7", "p8"] and GAME.outcome(state) is None
    floor(state, "open_nominations")
    floor(state, "end_day")  # four alive counting the Traveller: no Mayor win at dusk
    assert GAME.outcome(state) is None and state.phase == "night"


def test_secrecy_holds_with_travellers() -> None:
    for seed in (3, 4):
        state, problems = play_random(2000 + seed, players=5 + seed, check_every=11, travellers=1 + seed % 2)
        assert problems == [] and state.winner is not None
    assert SecrecyChecker().problems(state, "p1") == []
