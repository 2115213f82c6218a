"""Secrecy: a Protagonist's or the observer's view never holds what the script hides (seed 004:
what is hidden and what is public; seed 002: face-down cards, revealed roles and culprits).

After every decision of random games the views of protagonist1-3 and the observer are walked as
JSON; two scripts that differ only in their secrets must give identical Protagonist views; once
the game is over, every seat sees the script.
"""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scriptkeeper.core.decision import canonical
from scriptkeeper.core.events import GM, NOT_GM, PUBLIC, SEALED
from scriptkeeper.core.text import to_json
from scriptkeeper.tragedy_looper import engine, views
from scriptkeeper.tragedy_looper.texts import names
from scriptkeeper.tragedy_looper.script import Script, check_script, script_from_dict
from scriptkeeper.tragedy_looper.state import MASTERMIND, OBSERVER, PROTAGONIST_SEATS, SEATS, GameState

from .randomplay import PLAYERS, STYLES, players_for, random_game, script_names, scripts

NON_GM = (*PROTAGONIST_SEATS, OBSERVER)
SECRET_KEYS = {"script", "roles", "loss_reasons", "cast", "main_plot", "subplots"}

games = st.fixed_dictionaries({
    "name": st.sampled_from(script_names()),
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from(PLAYERS),
    "style": st.sampled_from(STYLES),
})


def walk(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """(path, key, value) for every mapping entry, and (path, None, value) for every leaf."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path, k, v
            yield from walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, (*path, i))
    else:
        yield path, None, node


def seen_by(e, seat: str) -> bool:
    """Independent of Event.visible: public, or addressed to this seat by name."""
    return e.visible_to == PUBLIC or (isinstance(e.visible_to, tuple) and seat in e.visible_to)


def _not_for_gm(e) -> bool:
    return isinstance(e.visible_to, tuple) and NOT_GM in e.visible_to


def _sealed_from(e, seat: str) -> bool:
    """An event only its seats ever see, the game's end included (Another Horizon's unannounced Warps)."""
    return isinstance(e.visible_to, tuple) and SEALED in e.visible_to and seat not in e.visible_to


class SeatChecker:
    """Checks one seat's view after every decision of one game.

    Events are append-only, so what a seat may see is built up incrementally (the log and the
    structured events are compared whole, but only the new events are walked for secrets).
    """

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.done = 0  # state events already processed
        self.log: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.announced: dict[str, str] = {}  # character -> role announced by a reveal event

    def _new_events(self, state: GameState) -> list[dict[str, Any]]:
        fresh = []
        for e in state.events[self.done:]:
            if not seen_by(e, self.seat):
                assert e.visible_to != PUBLIC
                continue
            assert e.visible_to != GM, "a Mastermind-only event counted as visible"
            d = views.program_event(e)
            self.log.append(e.text)
            self.events.append(d)
            fresh.append(d)
            if e.type == "reveal_role":
                self.announced[e.data["character"]] = e.data["role"]
        self.done = len(state.events)
        return fresh

    def check(self, state: GameState) -> None:
        seat = self.seat
        view = views.build_view(state, seat)
        fresh = self._new_events(state)
        # The log and the structured events hold exactly the events this seat may see: public
        # ones and those addressed to it, never a Mastermind-only one or another seat's.
        assert view["log"] == self.log
        assert view["events"] == self.events
        role_ids = set(state.rules.roles)
        # The names table is the rule book's (the public Tragedy Set sheet), the same for every seat.
        assert view["names"] == names(state.script.set_id)
        # Each loop's summary repeats lines of the seat's log (walked with the events), nothing more.
        logged = {id(t) for t in self.log}
        for summary in view["loop_summaries"]:
            for line in summary["lines"]:
                said = dict(line.params).get("what", line)
                assert id(said) in logged or said.id == "summary.nothing", f"{seat}'s loop summary says {said.id}, not in its log"
        rest = to_json({k: v for k, v in view.items() if k not in ("log", "events", "names", "loop_summaries")})
        json.dumps(rest)  # a view is plain JSON once its Texts are encoded
        for path, key, value in walk(rest):
            # No key that carries the script's secrets.
            assert key not in SECRET_KEYS, f"{seat} sees {key!r} at {path}"
            if key == "culprit":
                # Only on a schedule entry whose culprit has been revealed, and then the true one.
                assert len(path) == 2 and path[0] == "schedule", f"{seat} sees a culprit at {path}"
                idx = path[1]
                assert idx in state.revealed_culprits and value == state.revealed_culprits[idx] == state.script.incidents[idx].culprit
            # A role id appears only as a revealed role, or among the options of the seat's own
            # decision (the Final Guess lists every role).
            if key is None and isinstance(value, str) and value in role_ids:
                assert path[-1:] == ("revealed_role",) or path[:1] == ("decision",), f"{seat} sees role {value!r} at {path}"
        for e in fresh:
            json.dumps(e)
            for path, key, value in walk(e):
                assert key not in SECRET_KEYS, f"{seat} sees {key!r} in a {e['type']} event"
                if key == "culprit":
                    assert e["type"] == "reveal_culprit", f"{seat} sees a culprit in a {e['type']} event"
                    idx = e["data"]["incident"]
                    assert value == state.revealed_culprits.get(idx) == state.script.incidents[idx].culprit
                if key is None and isinstance(value, str) and value in role_ids:
                    # A role id in an event: an announced role, or the Protagonists' own Final Guess.
                    assert e["type"] in ("reveal_role", "guess"), f"{seat} sees role {value!r} in a {e['type']} event"
        # Every revealed role is the one an event announced (the last announcement for that character).
        for c in view["characters"]:
            if "revealed_role" in c:
                assert c["revealed_role"] == self.announced.get(c["id"]), f"{seat}: {c['id']} shows an unannounced role"
            else:
                assert c["id"] not in self.announced
        # Face-down cards of another seat show no card.
        own = views.own_hands(state, seat)
        assert len(view["cards_on_board"]) == len(state.placed)
        for entry, p in zip(view["cards_on_board"], state.placed):
            if not p.revealed and p.by not in own:
                assert entry["card"] is None, f"{seat} sees a face-down card of {entry['by']}"
            else:
                assert entry["card"] == p.card
        # The pending decision appears only in its own seat's view.
        d = state.pending
        if d is not None and d.seat == seat:
            assert view["decision"]["kind"] == d.kind
        else:
            assert "decision" not in view
            if d is not None:
                assert view["waiting_for"] == d.seat
        # Hands: only the seat's own.
        assert set(view["hands"]) == set(own)


# Four views are built and walked at every decision of a complete game: half the profile's examples.
@settings(max_examples=max(10, settings().max_examples // 2))
@given(game=games)
def test_protagonist_and_observer_views_hold_no_secret_after_every_decision(game):
    checkers = [SeatChecker(seat) for seat in NON_GM]
    for state, _ in random_game(**game):
        if state.result is not None:
            break
        for checker in checkers:
            checker.check(state)
    # Once the game is over, everyone's view holds the script.
    assert state.result is not None
    for seat in SEATS:
        view = views.build_view(state, seat)
        assert view["script"] == state.script.to_dict()
        assert view["roles"] == dict(state.script.cast)
        assert view["outcome"] == views.outcome_json(state)
        assert view["log"] == [e.text for e in state.events if not _sealed_from(e, seat)]
        # The structured events stay as they were during play: no Mastermind-only event for others.
        # (Last Liar's Extra cards are never the Mastermind's: events made with `only(...)` leave it out.)
        assert view["events"] == [views.program_event(e) for e in state.events
                                  if (seat == MASTERMIND and not _not_for_gm(e)) or seen_by(e, seat)]
        assert "decision" not in view and "waiting_for" not in view


# ---------------------------------------------------------------- view equality
def _data(script: Script) -> dict[str, Any]:
    return script.to_dict()


def _public_consequences(s: Script) -> dict[str, bool]:
    """What a character's card makes public about its role: a Sacred Tree whose role has Goodwill
    Refusal makes the Mastermind move a counter from it, for all to see (docs/rulings.md sacred-tree)."""
    rb = s.rules
    return {ch: rb.roles[role].refusal != "none" for ch, role in s.cast.items()
            if rb.characters[ch].has_trait("mastermind_must_use_with_refusal")}


def secret_variant(script: Script, rng: random.Random) -> Script | None:
    """The same public facts with the roles and culprits shuffled; None if no legal shuffle is found.
    (Scripts with many creation rules, the Copycat's and the Little Sister's, need many tries.)"""
    base = _data(script)
    for _ in range(3000):
        data = json.loads(json.dumps(base))
        chars = list(data["cast"])
        roles = [v if isinstance(v, str) else v["role"] for v in data["cast"].values()]
        rng.shuffle(roles)
        for ch, role in zip(chars, roles):
            entry = data["cast"][ch]
            data["cast"][ch] = role if isinstance(entry, str) else {**entry, "role": role}
        for inc, culprit in zip(data["incidents"], rng.sample(chars, len(data["incidents"]))):
            inc["culprit"] = culprit
        variant, problems = check_script(data)
        if variant is not None and not problems and (variant.cast != script.cast or variant.incidents != script.incidents) \
                and _public_consequences(variant) == _public_consequences(script):
            return variant
    return None


def _fs(**kw: Any) -> Script:
    base = {"title": "Twins", "set": "first_steps", "loops": 3, "days": 4,
            "incidents": [{"day": 2, "incident": "murder", "culprit": "shrine_maiden"},
                          {"day": 4, "incident": "suicide", "culprit": "girl_student"}]}
    return script_from_dict({**base, **kw})


def _bt(**kw: Any) -> Script:
    base = {"title": "Twins", "set": "basic_tragedy", "loops": 4, "days": 5,
            "incidents": [{"day": 2, "incident": "increasing_unease", "culprit": "nurse"},
                          {"day": 3, "incident": "foul_evil", "culprit": "class_rep"},
                          {"day": 5, "incident": "faraway_murder", "culprit": "office_worker"}]}
    return script_from_dict({**base, **kw})


# Hand-made pairs: the same public frame, different plots, roles and culprits.
PLOT_PAIRS = {
    "first_steps": (
        _fs(main_plot="murder_plan", subplots=["shadow_of_the_ripper"],
            cast={"girl_student": "key_person", "office_worker": "killer", "doctor": "brain",
                  "shrine_maiden": "serial_killer", "police_officer": "conspiracy_theorist", "boy_student": "person"}),
        _fs(main_plot="light_of_the_avenger", subplots=["a_hideous_script"],
            cast={"girl_student": "friend", "office_worker": "brain", "doctor": "curmudgeon",
                  "shrine_maiden": "person", "police_officer": "conspiracy_theorist", "boy_student": "curmudgeon"},
            incidents=[{"day": 2, "incident": "murder", "culprit": "police_officer"},
                       {"day": 4, "incident": "suicide", "culprit": "boy_student"}]),
    ),
    "basic_tragedy": (
        _bt(main_plot="the_sealed_item", subplots=["a_love_affair", "paranoia_virus"],
            cast={"boy_student": "lover", "class_rep": "loved_one", "alien": "cultist", "nurse": "brain",
                  "office_worker": "conspiracy_theorist", "boss": {"role": "person", "turf": "school"}, "doctor": "person"}),
        _bt(main_plot="giant_time_bomb_x", subplots=["circle_of_friends", "an_unsettling_rumor"],
            cast={"boy_student": "friend", "class_rep": "witch", "alien": "friend", "nurse": "person",
                  "office_worker": "person", "boss": {"role": "conspiracy_theorist", "turf": "school"}, "doctor": "person"},
            incidents=[{"day": 2, "incident": "increasing_unease", "culprit": "doctor"},
                       {"day": 3, "incident": "foul_evil", "culprit": "office_worker"},
                       {"day": 5, "incident": "faraway_murder", "culprit": "boy_student"}]),
    ),
}


def public_frame(s: Script) -> tuple:
    return (s.set_id, s.loops, s.days, list(s.cast), [(i.day, i.incident, i.public_name) for i in s.incidents],
            s.special_rules, s.turf, s.enters_loop)


def assert_same_views(a: GameState, b: GameState, where: str) -> None:
    for seat in NON_GM:
        va, vb = views.build_view(a, seat), views.build_view(b, seat)
        assert va == vb, f"{seat}'s view tells the scripts apart {where}"


def play_public_day_one(a: GameState, b: GameState, rng: random.Random) -> int:
    """Answer both games identically through day 1's cards and the Mastermind abilities question.

    Only public answers are given: card placements (never Forbid Goodwill, whose effect on a Time
    Traveler is a role's public consequence), "obey" for the Cultist question, "done" for the
    Mastermind abilities, the first counter for the Scientist's loop start, the same move for a Sacred
    Tree whose role has Goodwill Refusal (a public consequence, kept by secret_variant). Views are compared before
    every answer. Returns the decisions made.
    """
    n = 0
    assert_same_views(a, b, "at the start")
    while True:
        da, db = a.pending, b.pending
        assert da is not None and db is not None
        assert (da.seat, da.kind) == (db.seat, db.kind)
        if da.kind in ("place_card", "starting_location"):
            if da.seat != MASTERMIND:
                assert da.options == db.options  # a Protagonist's legal placements are public facts
            # The Mastermind's may depend on roles (a Midnight Zone Prophet takes no Mastermind card):
            # answer with one legal in both games.
            in_b = {canonical(o) for o in db.options}
            opts = [o for o in da.options if canonical(o) in in_b
                    and not (isinstance(o, dict) and o["card"] == "forbid_goodwill")]
            ans = rng.choice(opts)
        elif da.kind == "cultist_ignore":
            ans = "obey"
        elif da.kind == "choose_counter":
            ans = da.options[0]  # the Scientist's loop-start counter: it lies on him for all to see
        elif da.kind == "mastermind_ability":
            ans = "done"
        elif da.kind == "choose_effect" and da.seat == MASTERMIND:
            # the Sacred Tree's forced move (its role has Goodwill Refusal in both): a public move
            ans = next(o for o in da.options if canonical(o) in {canonical(x) for x in db.options})
        else:
            raise AssertionError(f"unexpected {da.kind} on day 1 before the Mastermind abilities")
        engine.apply_in_place(a, ans)
        engine.apply_in_place(b, ans)
        n += 1
        if da.kind == "mastermind_ability":
            return n
        assert_same_views(a, b, f"after {n} identical public answers ({da.kind} {ans})")


@given(name=st.sampled_from(script_names()), seed=st.integers(0, 2**32 - 1), players=st.sampled_from(PLAYERS))
def test_scripts_with_the_same_public_facts_give_identical_protagonist_views(name, seed, players):
    rng = random.Random(seed)
    original = scripts()[name]
    variant = secret_variant(original, rng)
    assert variant is not None, f"no legal secret shuffle of {name}"
    assert public_frame(variant) == public_frame(original)
    players = players_for(name, players)
    a = engine.new_game(original, seed=seed, players=players)
    b = engine.new_game(variant, seed=seed, players=players)
    assert play_public_day_one(a, b, rng) >= 5


@pytest.mark.parametrize("set_id", sorted(PLOT_PAIRS))
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from(PLAYERS))
def test_scripts_with_different_plots_but_the_same_public_facts_give_identical_views(set_id, seed, players):
    s1, s2 = PLOT_PAIRS[set_id]
    assert public_frame(s1) == public_frame(s2)
    assert s1.plots != s2.plots and s1.cast != s2.cast
    a = engine.new_game(s1, seed=seed, players=players)
    b = engine.new_game(s2, seed=seed, players=players)
    assert play_public_day_one(a, b, random.Random(seed)) >= 5
