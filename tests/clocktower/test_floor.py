"""The free-form day (floor.py): the Storyteller gives the floor, opens and closes nominations;
the Storyteller's words (announcements, whispers) and tokens moved by hand (words.py); what the
town sees while it waits, and the vote going round the circle. Seed: 003 (Slayer, Psychopath,
Virgin "How to Run"); clocktower-notes.md (nominations once a day each way)."""

from __future__ import annotations

from typing import Any

from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.state import STORYTELLER, ClockState

from .helpers import answer, events, first_night, new, pending, until
from .soak import SecrecyChecker

SEVEN = ["slayer", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"]


def floor(state: ClockState, option: Any) -> None:
    answer(state, "day_floor", option, STORYTELLER)


def give(state: ClockState, seat: str, action: Any) -> None:
    floor(state, {"act": "floor", "seat": seat})
    d = pending(state)
    assert d.kind == "day_action" and d.seat == seat
    GAME.apply(state, action, seat=seat)


def day_one(host: str = "p5") -> ClockState:
    state = new(SEVEN)
    first_night(state, lleech_host=host)
    assert pending(state).kind == "day_floor"
    return state


def test_day_the_storyteller_gives_the_floor_to_whoever_asks_in_any_order() -> None:
    state = day_one()
    d = pending(state)
    assert d.seat == STORYTELLER and d.options[0] == "round" and "open_nominations" in d.options and "end_day" not in d.options
    assert {"act": "floor", "seat": "p6"} in d.options
    give(state, "p6", {"act": "visit", "as": "savant"})  # anyone may visit as anything: the Storyteller answers
    answer(state, "savant_answer", "given")
    assert events(state, "floor") == [{"seat": "p6"}]
    assert pending(state).kind == "day_floor"


def test_nominations_wait_until_the_storyteller_opens_them() -> None:
    state = day_one()
    floor(state, {"act": "floor", "seat": "p3"})
    assert not [o for o in pending(state).options if isinstance(o, dict) and o["act"] == "nominate"]
    GAME.apply(state, "pass", seat="p3")
    floor(state, "open_nominations")
    assert events(state, "nominations_open") == [{}]
    d = pending(state)
    assert "end_day" in d.options and "open_nominations" not in d.options
    floor(state, {"act": "floor", "seat": "p3"})
    assert {"act": "nominate", "target": "p4"} in pending(state).options


def test_each_player_nominates_once_and_is_nominated_once_a_day_in_a_free_form_day() -> None:
    state = day_one()
    floor(state, "open_nominations")
    give(state, "p4", {"act": "nominate", "target": "p2"})
    while pending(state).kind in ("goblin_claim", "vote"):
        d = pending(state)
        GAME.apply(state, "no", seat=d.seat)
    floor(state, {"act": "floor", "seat": "p4"})  # p4 nominated today: may still act, not nominate
    opts = pending(state).options
    assert not [o for o in opts if isinstance(o, dict) and o["act"] == "nominate"]
    assert {"act": "slay", "target": "p2"} in opts  # a day ability still works while nominations are open
    GAME.apply(state, "pass", seat="p4")
    floor(state, {"act": "floor", "seat": "p1"})
    targets = [o["target"] for o in pending(state).options if isinstance(o, dict) and o["act"] == "nominate"]
    assert "p2" not in targets and "p4" in targets  # p2 was nominated today


def test_the_round_asks_only_those_who_have_not_nominated_and_the_storyteller_ends_the_day() -> None:
    state = day_one()
    floor(state, "open_nominations")
    give(state, "p4", {"act": "nominate", "target": "p6"})
    while pending(state).kind in ("goblin_claim", "vote"):
        d = pending(state)
        GAME.apply(state, "yes" if d.kind == "vote" else "no", seat=d.seat)
    assert state.today.block == "p6"
    floor(state, "round")
    asked = []
    while (d := pending(state)).kind == "nominate":
        asked.append(d.seat)
        GAME.apply(state, "pass", seat=d.seat)
    assert asked == ["p1", "p2", "p3", "p5", "p6", "p7"]
    assert "round" not in pending(state).options  # once a stage
    floor(state, "end_day")
    assert events(state, "nominations_closed") == [{}] and events(state, "execution") == [{"seat": "p6"}]


def test_psychopath_chooses_only_before_nominations() -> None:
    state = new(["slayer", "savant", "artist", "fisherman", "mayor", "psychopath", "lleech"])
    first_night(state, lleech_host="p5")
    floor(state, {"act": "floor", "seat": "p6"})
    assert {"act": "psychopath", "target": "p1"} in pending(state).options
    GAME.apply(state, "pass", seat="p6")
    floor(state, "open_nominations")
    floor(state, {"act": "floor", "seat": "p6"})
    assert not [o for o in pending(state).options if isinstance(o, dict) and o["act"] == "psychopath"]


def test_slayer_may_choose_a_dead_player_and_nothing_happens() -> None:
    # Seed, Slayer: "The Slayer will want to choose an alive player ... a dead player can't die again."
    state = day_one(host="p2")
    floor(state, "open_nominations")
    give(state, "p3", {"act": "nominate", "target": "p4"})
    while pending(state).kind in ("goblin_claim", "vote"):
        GAME.apply(state, "yes" if pending(state).kind == "vote" else "no", seat=pending(state).seat)
    floor(state, "end_day")
    assert not state.alive["p4"]
    answer(state, "lleech_kill", "p3")
    until(state, "day_floor")
    give(state, "p1", {"act": "slay", "target": "p4"})
    assert not state.alive["p4"] and events(state, "nothing_happens") and state.has("p1", "no_ability", "slayer")
    assert GAME.outcome(state) is None


def test_storyteller_announces_to_everyone() -> None:
    state = day_one()
    floor(state, {"act": "announce", "text": "nominations_soon"})
    [e] = [e for e in state.events if e.type == "announcement"]
    assert e.visible_to == "public" and e.text.to_json() == {"$text": "ct.event.announcement",
                                                            "params": {"words": {"$text": "ct.say.nominations_soon", "params": {}}}}


def test_storyteller_whispers_reach_their_recipient_alone() -> None:
    state = day_one()
    floor(state, {"act": "whisper", "to": "p3"})
    answer(state, "whisper", {"text": "is_character"})
    answer(state, "whisper_seat", "p7")
    answer(state, "whisper_character", "lleech")
    [w] = [e for e in state.events if e.type == "whisper"]
    assert w.visible_to == ("p3",) and dict(w.data) == {"to": "p3", "says": "is_character", "seat": "p7", "character": "lleech"}
    assert events(state, "taken_aside") == [{"seat": "p3"}]  # the town sees them go aside, not the words
    assert any(e["type"] == "whisper" for e in GAME.view(state, "p3")["events"])
    for s in ("p1", "p2", "p7"):
        assert not any(e["type"] == "whisper" for e in GAME.view(state, s)["events"])
    for s in state.seats:
        assert SecrecyChecker().problems(state, s) == []


def test_storyteller_may_change_their_mind_about_a_whisper() -> None:
    state = day_one()
    floor(state, {"act": "whisper", "to": "p3"})
    answer(state, "whisper", "cancel")
    assert not events(state, "whisper") and not events(state, "taken_aside") and pending(state).kind == "day_floor"


def test_storyteller_marks_the_slayer_drunk_by_hand_and_the_shot_fails() -> None:
    state = day_one()
    floor(state, "tokens")
    assert {"place": ["storyteller", "drunk"]} in pending(state).options
    answer(state, "token", {"place": ["storyteller", "drunk"]})
    answer(state, "token_where", "p1")
    assert state.drunk("p1") and not state.drunk("p2")
    assert GAME.history(state)[-1] == {"seat": STORYTELLER, "kind": "token_where", "answer": "p1"}  # a recorded decision
    give(state, "p1", {"act": "slay", "target": "p7"})
    assert state.alive["p7"] and state.has("p1", "no_ability", "slayer")
    floor(state, "tokens")
    answer(state, "token", {"remove": ["storyteller", "drunk", "p1"]})
    assert not state.drunk("p1") and [e["placed"] for e in events(state, "token_by_hand")] == [True, False]
    assert all(e.visible_to == "gm" for e in state.events if e.type == "token_by_hand")


def test_storyteller_removes_a_rule_token_by_hand() -> None:
    state = day_one(host="p5")
    floor(state, "tokens")
    answer(state, "token", {"remove": ["lleech", "poisoned", "p5"]})
    assert not state.poisoned("p5")


def test_the_town_sees_the_storyteller_pause_but_not_its_subject_when_it_is_secret() -> None:
    state = new(SEVEN)
    assert GAME.view(state, "p1")["waiting"]["text"].to_json()["$text"] == "ct.waiting.night"
    first_night(state, lleech_host="p5")
    assert GAME.view(state, "p1")["waiting"]["text"].to_json()["$text"] == "ct.waiting.storyteller.day_floor"
    floor(state, "tokens")
    w = GAME.view(state, "p1")["waiting"]
    assert w["seat"] == STORYTELLER and w["text"].to_json()["$text"] == "ct.waiting.storyteller"  # moving tokens is secret
    gm = GAME.view(state, STORYTELLER)
    assert "mark_drunk" in gm["words"] and "mark_drunk" not in GAME.view(state, "p1")["words"]


def test_the_vote_goes_round_the_circle_for_everyone_to_see() -> None:
    state = day_one()
    floor(state, "open_nominations")
    give(state, "p2", {"act": "nominate", "target": "p3"})
    GAME.apply(state, "no", seat="p3")  # no Goblin claim
    GAME.apply(state, "yes", seat="p4")
    GAME.apply(state, "no", seat="p5")
    v = GAME.view(state, "p1")["today"]["voting"]
    assert v["nominee"] == "p3" and v["next"] == "p6" and v["yes"] == 1 and v["need"] == 4
    assert v["voted"] == [{"seat": "p4", "vote": "yes"}, {"seat": "p5", "vote": "no"}]
    assert GAME.view(state, "p1")["waiting"]["seat"] == "p6"


def test_the_tea_ladys_cannot_die_is_not_placed_by_hand_it_follows_her_neighbours() -> None:
    state = new(["tea_lady", "savant", "artist", "fisherman", "mayor", "goblin", "lleech"])
    first_night(state, lleech_host="p5")
    floor(state, "tokens")
    opts = pending(state).options
    assert {"place": ["tea_lady", "cannot_die"]} not in opts and {"place": ["lleech", "poisoned"]} in opts
