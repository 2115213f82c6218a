"""Secrecy of Midnight Zone's hidden facts in the Protagonists' and the observer's views (seed 001;
seed 004 for what is hidden and what is public): the meaning of an Extra card, the Ninja's true
role after a lie, the Fake Incident's true name. Each stays hidden until the game is over, when
the script is revealed to everyone. The general checks (no role, culprit or plot in a view, face-down
cards, Mastermind-only events) run over every shipped script, these included, in
tests/properties/test_secrecy.py."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from scriptkeeper.core.text import localize
from scriptkeeper.tragedy_looper import views
from scriptkeeper.tragedy_looper.state import OBSERVER, PROTAGONIST_SEATS, SEATS
from tests.helpers import answer, pending, seat_view, start
from tests.properties.randomplay import random_game, script_names

from .mz import HEART, WITCHES, mz

NON_GM = (*PROTAGONIST_SEATS, OBSERVER)


def strings(node: Any, skip: tuple[str, ...] = ("decision", "names")) -> Iterator[str]:
    """Every string (keys and values) in a view, outside the seat's own decision and the names
    table (the names of everything in the rule book: the public Tragedy Set sheet)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in skip:
                continue
            yield str(k)
            yield from strings(v, skip)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v, skip)
    elif isinstance(node, str):
        yield node


def text_of(view: dict[str, Any]) -> str:
    """The ids and the English of a view (its Texts rendered), as one text to search."""
    from scriptkeeper.tragedy_looper.texts import renderer

    return "\n".join([*strings(view), *strings(localize(view, renderer(view["set"])))])


# ---------------------------------------------------------------- Extra cards
FATED_CAST = {"boy_student": "friend", "office_worker": "serial_killer", "informer": "conspiracy_theorist",
              "pop_idol": "magician", "godly_being": {"role": "immortal", "enters_loop": 1}, "rich_mans_daughter": "factor",
              "girl_student": "person", "doctor": "person", "nurse": "person"}


def test_an_extra_card_is_public_but_its_meaning_is_not():
    """Everyone sees that the Doctor holds an Extra card; nobody but the Mastermind learns that Fated
    Connections put it there and that it makes him a Key Person."""
    g = start(mz("fated_connections", ["showtime_of_death", "unsafe_trigger"], FATED_CAST),
              {"loop": 2, "phase": "loop_start", "previous_loop": {"dead": ["girl_student", "doctor"]}})
    answer(g, "choose_target", "doctor")
    for seat in NON_GM:
        view = views.build_view(g, seat)
        doctor = next(c for c in view["characters"] if c["id"] == "doctor")
        assert doctor["extra_card"] is True
        assert all("extra_card" not in c for c in view["characters"] if c["id"] != "doctor")
        text = text_of(view)
        assert "An Extra card is placed on Doctor." in seat_view(g, seat)["log"]
        for secret in ("Fated Connections", "fated_connections", "key_person", "Key Person"):
            assert secret not in text, f"{seat} sees {secret!r}"
    gm = text_of(views.build_view(g, "mastermind"))
    assert "The Extra card on Doctor comes from Fated Connections." in gm
    assert "Extra" in views.render_text(seat_view(g, "protagonist1"))


# ---------------------------------------------------------------- the Ninja's lie
DEVIL_CAST = {"girl_student": "key_person", "shrine_maiden": "cultist", "office_worker": "ninja", **WITCHES, **HEART}


def test_the_ninjas_true_role_stays_hidden_after_a_lie_until_the_final_reveal():
    s = mz("the_devils_hand", ["witches_tea_time", "unanswered_heart"], DEVIL_CAST, loops=1, days=1,
           incidents=[{"day": 1, "incident": "confession", "culprit": "office_worker"}])
    g = start(s, {"phase": "incident", "characters": {"office_worker": {"paranoia": 2}}})
    answer(g, "reveal_role", "witch")
    for seat in NON_GM:
        view = views.build_view(g, seat)
        assert next(c for c in view["characters"] if c["id"] == "office_worker")["revealed_role"] == "witch"
        text = text_of(view)
        assert "ninja" not in text and "Ninja" not in text, f"{seat} learns of the Ninja"
    assert "is really the Ninja" in text_of(views.build_view(g, "mastermind"))
    # Play out the only loop (the Key Person's plot has no loss rule: loss by the Friend).
    answer(g, "day_end_ability", "done")
    assert g.result is not None  # one loop, nothing lost: the Protagonists win
    for seat in SEATS:
        view = views.build_view(g, seat)
        assert view["script"]["cast"]["office_worker"] == "ninja"  # the final reveal tells the truth
        assert next(c for c in view["characters"] if c["id"] == "office_worker")["revealed_role"] == "witch"
        assert any("is really the Ninja" in line for line in seat_view(g, seat)["log"])


def test_the_mastermind_is_asked_at_every_reveal_so_a_ninja_reveal_looks_like_any_other():
    """Two scripts that differ only in who is the Ninja and who the Witch: after a Confession announcing
    "Witch" (the truth in one, the Ninja's lie in the other) every non-Mastermind view is the same."""
    inc = [{"day": 1, "incident": "confession", "culprit": "office_worker"}]
    a = mz("the_devils_hand", ["witches_tea_time", "unanswered_heart"], {**DEVIL_CAST, "office_worker": "witch", "nurse": "ninja"}, inc)
    b = mz("the_devils_hand", ["witches_tea_time", "unanswered_heart"], DEVIL_CAST, inc)
    games = [start(s, {"phase": "incident", "characters": {"office_worker": {"paranoia": 2}}}) for s in (a, b)]
    for g in games:
        assert (pending(g).seat, pending(g).kind) == ("mastermind", "reveal_role")
    for seat in NON_GM:
        assert views.build_view(games[0], seat) == views.build_view(games[1], seat)
    for g in games:
        answer(g, "reveal_role", "witch")
    for seat in NON_GM:
        assert views.build_view(games[0], seat) == views.build_view(games[1], seat)


# ---------------------------------------------------------------- the Fake Incident's true name
def test_the_fake_incidents_true_name_stays_hidden_until_the_end():
    cast = {"doctor": "brain", "shrine_maiden": "cultist", **WITCHES, **HEART, "girl_student": "person"}
    s = mz("the_sealed_item", ["witches_tea_time", "unanswered_heart"], cast, loops=1, days=1,
           incidents=[{"day": 1, "incident": "fake_incident", "culprit": "girl_student", "public_name": "suicide"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}}, "locations": {"school": {"intrigue": 2}}})
    # The Protagonists died (a loss): one loop only, so the Final Guess comes next.
    assert pending(g).kind == "final_guess"
    for seat in NON_GM:
        view = views.build_view(g, seat)
        assert view["schedule"][0]["incident"] == "suicide"
        text = text_of(view)
        assert "Fake Incident" not in text and "fake_incident" not in text
    while g.result is None:
        answer(g, "final_guess", pending(g).options[0])
    for seat in SEATS:
        view = views.build_view(g, seat)
        assert view["script"]["incidents"][0] == {"day": 1, "incident": "fake_incident", "culprit": "girl_student",
                                                  "public_name": "suicide"}


# ---------------------------------------------------------------- random games over the shipped scripts
MZ_SCRIPTS = [n for n in script_names() if n.startswith("midnight_zone/")]


@pytest.mark.parametrize("name", MZ_SCRIPTS)
@pytest.mark.parametrize("style", ["uniform", "pressure"])
def test_random_midnight_zone_games_keep_the_new_secrets(name, style):
    for seed in range(1):  # the secrecy property plays many more random games on these scripts
        for state, _ in random_game(name, seed, 4, style):
            if state.result is not None:
                break
            disguised = {state.rules.incidents[i.incident].name for i in state.script.incidents if i.public_name} | \
                {i.incident for i in state.script.incidents if i.public_name}
            lies = {state.script.cast[ch] for ch, shown in state.revealed_roles.items() if shown != state.script.cast[ch]}
            for seat in NON_GM:
                view = views.build_view(state, seat)
                shown_roles = {c.get("revealed_role") for c in view["characters"]}
                log = seat_view(state, seat)["log"]
                leaves = set(strings(view)) | set(strings(views.localized(view, state)))
                assert not (disguised & leaves) and not any(n in line for n in disguised for line in log)
                assert not ((lies - shown_roles) & leaves), f"{seat} sees a lying role's truth"
                assert {c["id"] for c in view["characters"] if c.get("extra_card")} == \
                    {ch for ch in state.board.extra_cards if state.chars[ch].location is not None}
                assert not any("comes from" in line for line in log)
        assert state.result is not None
