"""Texts are ids with parameters (issue 11, item 5): what they hold, how they render, how they travel as JSON."""

from __future__ import annotations

import json

import pytest

from scriptkeeper.core.text import MissingText, Ref, Renderer, T, Text, from_json, localize, template_fields, to_json

CATALOG = {
    "moves": "{character} moves to the {location}{why}.",
    "loops": ["{n} loop", "{n} loops"],
    "loss": "Loss condition: {reason|strip_period}.",
    "rule": "If there are 2 Intrigue on the Shrine, the Protagonists lose.",
    "cards": "Cards: {cards|semicolons}.",
    "card": "{who}: {card}",
}
NAMES = {"character": {"doctor": "Doctor"}, "location": {"shrine": "Shrine"}, "card": {"forbid_intrigue": "Forbid Intrigue"}}
R = Renderer(CATALOG, NAMES)


def test_a_text_holds_an_id_and_parameters_and_no_words():
    t = T("moves", character=Ref("character", "doctor"), location=Ref("location", "shrine"), why="")
    assert t.id == "moves" and t.param("character") == Ref("character", "doctor")
    assert t == T("moves", why="", location=Ref("location", "shrine"), character=Ref("character", "doctor"))  # order-free
    assert "Doctor" not in repr(t)


def test_rendering_fills_names_nested_texts_plurals_and_filters():
    assert R(T("moves", character=Ref("character", "doctor"), location=Ref("location", "shrine"), why="")) == "Doctor moves to the Shrine."
    assert [R(T("loops", n=n)) for n in (1, 3)] == ["1 loop", "3 loops"]
    assert R(T("loss", reason=T("rule"))) == "Loss condition: If there are 2 Intrigue on the Shrine, the Protagonists lose."
    cards = (T("card", who="Mastermind", card=Ref("card", "forbid_intrigue")), T("card", who="Protagonist 1", card=Ref("card", "forbid_intrigue")))
    assert R(T("cards", cards=cards)) == "Cards: Mastermind: Forbid Intrigue; Protagonist 1: Forbid Intrigue."


def test_a_missing_message_name_or_parameter_is_an_error_not_a_guess():
    with pytest.raises(MissingText):
        R(T("nowhere"))
    with pytest.raises(MissingText):
        R(Ref("character", "alien"))
    with pytest.raises(MissingText):
        R(T("moves", character=Ref("character", "doctor")))


def test_json_form_round_trips_and_localize_renders_every_text_in_a_view():
    t = T("moves", character=Ref("character", "doctor"), location=Ref("location", "shrine"), why="")
    j = to_json({"log": [t], "n": 3})
    assert json.loads(json.dumps(j)) == j and j["log"][0]["$text"] == "moves"
    assert from_json(j["log"][0]) == t
    assert localize(j, R.render) == {"log": ["Doctor moves to the Shrine."], "n": 3}
    assert localize({"log": [t]}, R.render) == {"log": ["Doctor moves to the Shrine."]}  # Text objects too


def test_template_fields_names_the_parameters_a_template_uses():
    assert template_fields(CATALOG["moves"]) == {"character", "location", "why"}
    assert template_fields(CATALOG["loss"]) == {"reason"}
    assert isinstance(Text("x"), Text)
