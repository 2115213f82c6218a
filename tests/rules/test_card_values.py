"""Every action card's value pinned (rules-notes sections 2 and 3; seed 002 card phase): what each
card does alone on a character and on a location, which hand holds it how often, and which cards
are once per loop. The expected values are written from the notes' card lists, not read from the
rules data (issue 12, tools/mutate_rules.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.helpers import start

# Rules-notes section 2: the Mastermind's 10 cards and each Protagonist's 8 ("!" once per loop).
MASTERMIND_HAND = ["paranoia_plus_1", "paranoia_plus_1", "paranoia_minus_1", "forbid_paranoia", "forbid_goodwill",
                   "intrigue_plus_1", "!intrigue_plus_2", "movement_vertical", "movement_horizontal", "!movement_diagonal"]
PROTAGONIST_HAND = ["paranoia_plus_1", "!paranoia_minus_1", "goodwill_plus_1", "!goodwill_plus_2", "forbid_intrigue",
                    "movement_vertical", "movement_horizontal", "!forbid_movement"]
# (card, hand that plays it, counter, change) on a character; None: no effect on a location.
COUNTER_CARDS = [("paranoia_plus_1", "mastermind", "paranoia", 1), ("paranoia_minus_1", "mastermind", "paranoia", -1),
                 ("goodwill_plus_1", "protagonist1", "goodwill", 1), ("goodwill_plus_2", "protagonist1", "goodwill", 2),
                 ("intrigue_plus_1", "mastermind", "intrigue", 1), ("intrigue_plus_2", "mastermind", "intrigue", 2)]
ON_LOCATIONS = {"intrigue_plus_1": 1, "intrigue_plus_2": 2}
# Rules-notes section 1: Hospital | Shrine over City | School; from the Hospital each movement goes to...
MOVES = {"movement_vertical": "city", "movement_horizontal": "shrine", "movement_diagonal": "school"}


def test_cards_in_hand_rules_notes_2_mastermind_and_protagonists():
    g = start()
    assert Counter(g.hands.held["mastermind"]) == Counter(c.lstrip("!") for c in MASTERMIND_HAND)
    for h in ("protagonist1", "protagonist2", "protagonist3"):
        assert Counter(g.hands.held[h]) == Counter(c.lstrip("!") for c in PROTAGONIST_HAND)
    rules = g.rules
    # Seed 000 (Rei): Despair +1 and Paranoia +2, which effects add to hands, are 1x per loop too.
    assert rules.mastermind_once_per_loop == {c[1:] for c in MASTERMIND_HAND if c.startswith("!")} | {"despair_plus_1"}
    assert rules.protagonist_once_per_loop == {c[1:] for c in PROTAGONIST_HAND if c.startswith("!")} | {"paranoia_plus_2"}


@pytest.mark.parametrize("card,by,counter,change", COUNTER_CARDS)
def test_counter_card_rules_notes_3_alone_on_a_character(card, by, counter, change):
    g = start(situation={"phase": "resolution", "characters": {"doctor": {counter: 1}},
                         "cards": [{"by": by, "card": card, "target": "doctor"}]})
    assert g.chars["doctor"].counters[counter] == 1 + change


@pytest.mark.parametrize("card,by,counter,change", COUNTER_CARDS)
def test_counter_card_rules_notes_3_alone_on_a_location(card, by, counter, change):
    """Only the Intrigue cards act on a location; the others are bluffs there (ruling bluff-cards)."""
    g = start(situation={"phase": "resolution", "locations": {"hospital": {"intrigue": 1}},
                         "cards": [{"by": by, "card": card, "target": "hospital"}]})
    assert g.locations["hospital"]["intrigue"] == 1 + ON_LOCATIONS.get(card, 0)


@pytest.mark.parametrize("card,dest", sorted(MOVES.items()))
def test_movement_card_rules_notes_1_3_from_the_hospital(card, dest):
    g = start(situation={"phase": "resolution", "cards": [{"by": "mastermind", "card": card, "target": "doctor"}]})
    assert g.chars["doctor"].location == dest


@pytest.mark.parametrize("forbid,card,by,counter", [("forbid_paranoia", "paranoia_plus_1", "protagonist1", "paranoia"),
                                                    ("forbid_goodwill", "goodwill_plus_1", "protagonist1", "goodwill"),
                                                    ("forbid_intrigue", "intrigue_plus_1", "mastermind", "intrigue")])
def test_forbid_card_rules_notes_3_cancels_its_counter_on_a_character(forbid, card, by, counter):
    forbid_by = "protagonist1" if forbid == "forbid_intrigue" else "mastermind"
    g = start(situation={"phase": "resolution", "cards": [{"by": forbid_by, "card": forbid, "target": "doctor"},
                                                          {"by": by if by != forbid_by else "protagonist2", "card": card, "target": "doctor"}]})
    assert g.chars["doctor"].counters[counter] == 0


def test_forbid_movement_rules_notes_3_cancels_movement_on_a_character():
    g = start(situation={"phase": "resolution", "cards": [{"by": "mastermind", "card": "movement_vertical", "target": "doctor"},
                                                          {"by": "protagonist1", "card": "forbid_movement", "target": "doctor"}]})
    assert g.chars["doctor"].location == "hospital"


def test_forbid_intrigue_rules_notes_3_cancels_intrigue_on_a_location():
    g = start(situation={"phase": "resolution", "cards": [{"by": "mastermind", "card": "intrigue_plus_2", "target": "school"},
                                                          {"by": "protagonist1", "card": "forbid_intrigue", "target": "school"}]})
    assert g.locations["school"]["intrigue"] == 0


def test_counter_kinds_paranoia_goodwill_intrigue_guard_rules_notes_2_as_every_seat_sees_them():
    """Rules-notes section 2 (counters; the Guard marker of the Police Officer, section 9): what each
    counter lies on, which are drawn at 0, and which is set against the Paranoia limit."""
    from scriptkeeper.tragedy_looper.views import build_view

    kinds = {k["id"]: k for k in build_view(start(), "protagonist1")["counter_kinds"]}
    assert {k: (set(v["on"]), v["shown_when_zero"], v.get("limit", False)) for k, v in kinds.items()} == {
        "paranoia": ({"character"}, True, True), "goodwill": ({"character"}, True, False),
        "intrigue": ({"character", "location"}, True, False), "guard": ({"character"}, False, False),
        # Seed 000 (Rei): Hope and Despair lie on characters only (FAQ A1), drawn only when present.
        "hope": ({"character"}, False, False), "despair": ({"character"}, False, False)}
