"""Every rules value of the 18 base characters pinned by a scenario (issue 12; tools/mutate_rules.py).

The expected values are written here from seed 002's character table (and the seed-values ruling
where the notes differ), not read from the rules data, so a one-step change of the data fails a
test: each Goodwill ability is offered at its Goodwill and not one below; a once-per-loop ability
is not offered again on a later day of the loop once used, and an ability without the mark is;
each Paranoia limit makes an incident occur at the limit and not one below.

One partial script (docs/game-file.md, partial scripts) holds every base character as a Person,
all standing together, so every ability has something to act on.
"""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.tragedy_looper.script import script_from_dict
from tests.helpers import gw_options, start

# Seed 002 character table: (character, ability number from 1, Goodwill needed, once per loop).
GOODWILL_ABILITIES = [
    ("boy_student", 1, 2, False), ("girl_student", 1, 2, False), ("rich_mans_daughter", 1, 2, False),
    ("class_rep", 1, 2, True), ("mystery_boy", 1, 3, False),
    ("shrine_maiden", 1, 3, False), ("shrine_maiden", 2, 5, True),
    ("alien", 1, 4, True), ("alien", 2, 5, True),
    ("godly_being", 1, 3, True), ("godly_being", 2, 5, False),
    ("police_officer", 1, 4, True), ("police_officer", 2, 5, True),
    ("office_worker", 1, 3, False), ("informer", 1, 5, True),
    ("pop_idol", 1, 3, False), ("pop_idol", 2, 4, False),
    ("journalist", 1, 2, False), ("journalist", 2, 2, False),
    ("boss", 1, 3, True), ("doctor", 1, 2, False), ("doctor", 2, 3, False),
    ("nurse", 1, 2, False), ("henchman", 1, 3, False),
]
# Seed 002 character table: Paranoia limits (the Pop Idol's 3: ruling seed-values).
PARANOIA_LIMITS = {
    "shrine_maiden": 2, "godly_being": 3, "pop_idol": 3, "class_rep": 2, "mystery_boy": 3, "boy_student": 2,
    "girl_student": 3, "rich_mans_daughter": 1, "alien": 2, "henchman": 1, "office_worker": 2, "police_officer": 3,
    "boss": 4, "journalist": 2, "informer": 3, "nurse": 3, "doctor": 2, "patient": 2,
}
EVERYONE = list(PARANOIA_LIMITS)


def everyone_script(incident_culprit: str = "nurse", incident: str = "murder") -> Any:
    cast: dict[str, Any] = {ch: "person" for ch in EVERYONE}
    cast["godly_being"] = {"role": "person", "enters_loop": 1}
    cast["boss"] = {"role": "person", "turf": "shrine"}
    return script_from_dict({"set": "basic_tragedy", "partial": True, "main_plot": "murder_plan", "subplots": [],
                             "loops": 2, "days": 2, "cast": cast,
                             "incidents": [{"day": 1, "incident": incident, "culprit": incident_culprit}]})


def together(ch: str, goodwill: int, **extra: Any) -> dict[str, Any]:
    """Loop 2, day 2, Goodwill phase: everyone at the Shrine but the Office Worker, in the City (the
    City for everyone with the Rich Man's Daughter, who uses her ability at the School or the City), Paranoia at each limit, one Intrigue on the
    place, one corpse there, the day-1 incident occurred, a used once-per-loop card in hand 1."""
    place = "city" if ch == "rich_mans_daughter" else "shrine"
    corpse = "girl_student" if ch == "boy_student" else "boy_student"
    chars: dict[str, Any] = {}
    for c in EVERYONE:
        spec: dict[str, Any] = {"paranoia": PARANOIA_LIMITS[c]}
        if not (c == "shrine_maiden" and place == "city") and not (c == "alien" and place == "hospital"):
            spec["at"] = place
        chars[c] = spec
    chars[corpse]["dead"] = True
    if place == "shrine" and ch != "office_worker":
        chars["office_worker"]["at"] = "city"  # one character elsewhere: "here" means something
    chars[ch]["goodwill"] = goodwill
    return {"loop": 2, "day": 2, "phase": "goodwill_abilities", "characters": chars, "locations": {place: {"intrigue": 1}},
            "occurred": [1], "loop_flags": {"patient_free": True}, "set_aside": {"protagonist1": ["goodwill_plus_2"]}, **extra}


def key(ch: str, n: int) -> str:
    return f"{ch}:gw:{n - 1}"


@pytest.mark.parametrize("ch,n,goodwill,once", GOODWILL_ABILITIES, ids=[f"{c}.{n}" for c, n, _, _ in GOODWILL_ABILITIES])
def test_goodwill_ability_seed002_is_offered_at_its_goodwill_and_not_one_below(ch, n, goodwill, once):
    assert key(ch, n) in gw_options(start(everyone_script(), together(ch, goodwill)))
    assert key(ch, n) not in gw_options(start(everyone_script(), together(ch, goodwill - 1)))


@pytest.mark.parametrize("ch,n,goodwill,once", GOODWILL_ABILITIES, ids=[f"{c}.{n}" for c, n, _, _ in GOODWILL_ABILITIES])
def test_goodwill_ability_seed002_once_per_loop_mark_holds_on_a_later_day_of_the_loop(ch, n, goodwill, once):
    """Used on day 1 of this loop (abilities_used_this_loop): on day 2 a once-per-loop ability is not
    offered; an ability without the mark is (once a day only)."""
    g = start(everyone_script(), together(ch, goodwill, abilities_used_this_loop=[f"{ch}.{n}"]))
    assert (key(ch, n) in gw_options(g)) is not once


@pytest.mark.parametrize("ch", EVERYONE)
def test_paranoia_limit_seed002_an_incident_occurs_at_the_limit_and_not_one_below(ch):
    """Seed 002 section 6: an incident occurs when its culprit has at least its Paranoia limit."""
    limit = PARANOIA_LIMITS[ch]
    s = everyone_script(incident_culprit=ch, incident="increasing_unease")
    for paranoia, occurs in ((limit, True), (limit - 1, False)):
        chars: dict[str, Any] = {"henchman": {"at": "city"}}
        chars[ch] = {**chars.get(ch, {}), "paranoia": paranoia}
        g = start(s, {"day": 1, "phase": "incident", "characters": chars})
        assert (g.occurred == [0]) is occurs, (ch, paranoia)


# Goodwill Refusal of every role: seed 002 role table and rules-notes section 7 (base roles), seed
# 001 (Midnight Zone roles). The Mastermind's options when a Goodwill ability of its holder is declared.
REFUSALS = {
    "first_steps": {"person": "none", "key_person": "none", "killer": "optional", "brain": "optional", "cultist": "mandatory",
                    "conspiracy_theorist": "none", "serial_killer": "none", "curmudgeon": "optional", "friend": "none"},
    "basic_tragedy": {"time_traveler": "none", "witch": "mandatory", "lover": "none", "loved_one": "none", "factor": "optional"},
    "midnight_zone": {"magician": "none", "ninja": "optional", "obstinate": "mandatory", "prophet": "none", "immortal": "none"},
}
OPTIONS = {"none": ["allow"], "optional": ["refuse", "allow"], "mandatory": ["refuse"]}
MAINS = {"first_steps": "murder_plan", "basic_tragedy": "murder_plan", "midnight_zone": "the_sealed_item"}


@pytest.mark.parametrize("set_id,role", [(s, r) for s, roles in REFUSALS.items() for r in roles])
def test_goodwill_refusal_seed002_seed001_of_every_role(set_id, role):
    """The Office Worker (Goodwill 3: reveal his own role) holds the role; declaring his ability asks
    the Mastermind goodwill_refusal with exactly the options the role's Goodwill Refusal allows."""
    s = script_from_dict({"set": set_id, "partial": True, "main_plot": MAINS[set_id], "subplots": [], "loops": 1, "days": 1,
                          "cast": {"office_worker": role, "police_officer": "person"}, "incidents": []})
    g = start(s, {"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    from tests.helpers import answer, pending

    answer(g, "goodwill_ability", "office_worker:gw:0")
    d = pending(g)
    assert (d.kind, list(d.options)) == ("goodwill_refusal", OPTIONS[REFUSALS[set_id][role]])


# Rules-notes section 9 character table (seed 002 for starts and forbidden locations): tags, the
# printed start (None: chosen each loop) and the locations each character may never enter.
CARDS = {
    "boy_student": ({"student", "boy"}, "school", set()), "girl_student": ({"student", "girl"}, "school", set()),
    "rich_mans_daughter": ({"student", "girl"}, "school", set()), "class_rep": ({"student", "girl"}, "school", set()),
    "mystery_boy": ({"student", "boy"}, "school", set()), "shrine_maiden": ({"student", "girl"}, "shrine", {"city"}),
    "alien": ({"girl"}, "shrine", {"hospital"}), "godly_being": ({"man", "woman"}, "shrine", set()),
    "police_officer": ({"adult", "man"}, "city", set()), "office_worker": ({"adult", "man"}, "city", {"school"}),
    "informer": ({"adult", "woman"}, "city", set()), "pop_idol": ({"student", "girl"}, "city", set()),
    "journalist": ({"adult", "man"}, "city", set()), "boss": ({"adult", "man"}, "city", set()),
    "doctor": ({"adult", "man"}, "hospital", set()), "patient": ({"boy"}, "hospital", {"city", "school", "shrine"}),
    "nurse": ({"adult", "woman"}, "hospital", set()), "henchman": ({"adult", "man"}, None, set()),
}


@pytest.mark.parametrize("ch", sorted(CARDS))
def test_character_card_rules_notes_9_tags_start_and_forbidden_locations(ch):
    """Each character starts the loop at its printed start, may not stand in a forbidden location
    (a situation that puts it there is refused), and carries the table's tags."""
    from scriptkeeper.core.errors import GameFileError

    tags, begin, forbidden = CARDS[ch]
    s = everyone_script()
    g = start(s, {"characters": {"henchman": {"at": "city"}}})  # the Henchman has no printed start
    assert set(g.rules.characters[ch].tags) == tags
    if begin is not None:
        assert g.chars[ch].location == begin and g.board.start[ch] == begin
    for loc in ("hospital", "shrine", "city", "school"):
        sit = {"characters": {"henchman": {"at": "city"}, ch: {"at": loc}}}
        if loc in forbidden:
            with pytest.raises(GameFileError, match="forbidden"):
                start(s, sit)
        else:
            assert start(s, sit).chars[ch].location == loc


UNREFUSABLE = {("nurse", 1), ("mystery_boy", 1)}


def test_mystery_boy_seed002_ability_is_not_refusable_and_not_in_the_first_loop():
    from tests.helpers import answer, pending

    g = start(everyone_script(), together("mystery_boy", 3))
    answer(g, "goodwill_ability", "mystery_boy:gw:0")
    assert pending(g).kind != "goodwill_refusal" and g.revealed_roles["mystery_boy"] == "person"
    assert "mystery_boy:gw:0" not in gw_options(start(everyone_script(), {**together("mystery_boy", 3), "loop": 1}))


@pytest.mark.parametrize("ch,n,where", [("rich_mans_daughter", 1, {"school", "city"}), ("shrine_maiden", 1, {"shrine"})])
def test_goodwill_ability_seed002_only_where_its_card_says(ch, n, where):
    """Seed 002: the Rich Man's Daughter's ability in the School or the City; the Shrine Maiden's
    first only at the Shrine."""
    for loc in ("hospital", "shrine", "city", "school"):
        if ch == "shrine_maiden" and loc == "city":
            continue  # a forbidden location
        sit = together(ch, 5)
        sit["characters"][ch]["at"] = loc
        sit["locations"] = {loc: {"intrigue": 1}, "shrine": {"intrigue": 1}}
        assert (key(ch, n) in gw_options(start(everyone_script(), sit))) is (loc in where), loc


# Seed 002 character table: what each Goodwill ability does to its target, (character, ability,
# target, what to read, its value after). Everyone starts at the Paranoia limit, the place holds 1
# Intrigue, the Boy Student is a corpse (the Girl Student when the Boy Student acts).
EFFECTS = [
    ("boy_student", 1, "class_rep", ("paranoia", "class_rep"), 1),
    ("girl_student", 1, "class_rep", ("paranoia", "class_rep"), 1),
    ("rich_mans_daughter", 1, "doctor", ("goodwill", "doctor"), 1),
    ("shrine_maiden", 1, None, ("intrigue", "shrine"), 0),
    ("godly_being", 2, "shrine", ("intrigue", "shrine"), 0),
    ("pop_idol", 1, "doctor", ("paranoia", "doctor"), 1),
    ("pop_idol", 2, "doctor", ("goodwill", "doctor"), 1),
    ("journalist", 1, "doctor", ("paranoia", "doctor"), 3),
    ("journalist", 2, "shrine", ("intrigue", "shrine"), 2),
    ("doctor", 1, "nurse", ("paranoia", "nurse"), 4),  # the first effect: place 1 Paranoia
    ("nurse", 1, "doctor", ("paranoia", "doctor"), 1),
    ("police_officer", 2, "doctor", ("guard", "doctor"), 1),
    ("alien", 1, "doctor", ("alive", "doctor"), False),
    ("alien", 2, "boy_student", ("alive", "boy_student"), True),
]


@pytest.mark.parametrize("ch,n,target,what,value", EFFECTS, ids=[f"{c}.{n}" for c, n, *_ in EFFECTS])
def test_goodwill_ability_seed002_does_what_its_card_says(ch, n, target, what, value):
    from tests.helpers import answer, pending

    goodwill = next(gw for c, i, gw, _ in GOODWILL_ABILITIES if (c, i) == (ch, n))
    g = start(everyone_script(), together(ch, goodwill))
    answer(g, "goodwill_ability", key(ch, n))
    # Seed 002: the Nurse's and the Mystery Boy's abilities cannot be refused: the question is not asked.
    assert (pending(g).kind == "goodwill_refusal") is ((ch, n) not in UNREFUSABLE)
    if pending(g).kind == "goodwill_refusal":
        answer(g, "goodwill_refusal", "allow")
    while g.pending is not None and pending(g).kind in ("choose_target", "choose_effect"):
        answer(g, pending(g).kind, target if pending(g).kind == "choose_target" else 0)
    kind, on = what
    if kind == "alive":
        assert g.chars[on].alive is value
    elif g.rules.is_location(on):
        assert g.locations[on][kind] == value
    else:
        assert g.chars[on].counters[kind] == value


STUDENTS = {"boy_student", "girl_student", "rich_mans_daughter", "class_rep", "mystery_boy", "shrine_maiden", "pop_idol"}


def _targets(ch: str, n: int) -> set[str]:
    """Seed 002's target of each ability, in the together() board: everyone living at the place."""
    corpse = "girl_student" if ch == "boy_student" else "boy_student"
    place = "city" if ch == "rich_mans_daughter" else "shrine"
    here = {c for c in EVERYONE if c != corpse and not (c == "shrine_maiden" and place == "city")
            and not (c == "office_worker" and place == "shrine")}
    living = set(EVERYONE) - {corpse}
    return {
        ("boy_student", 1): (here & STUDENTS) - {ch}, ("girl_student", 1): (here & STUDENTS) - {ch},
        ("rich_mans_daughter", 1): here,  # "a character in this location": herself included
        ("shrine_maiden", 2): here, ("alien", 1): here - {ch}, ("godly_being", 2): here | {place},
        ("police_officer", 2): here, ("pop_idol", 1): here - {ch}, ("pop_idol", 2): here - {ch},
        ("journalist", 1): living - {ch}, ("journalist", 2): here | {place}, ("boss", 1): here - {ch},
        ("doctor", 1): here - {ch}, ("nurse", 1): here - {ch},  # all at their limit (the Nurse's condition)
    }[(ch, n)]


TARGETED = [("boy_student", 1), ("girl_student", 1), ("rich_mans_daughter", 1), ("shrine_maiden", 2), ("alien", 1),
            ("godly_being", 2), ("police_officer", 2), ("pop_idol", 1), ("pop_idol", 2), ("journalist", 1), ("journalist", 2),
            ("boss", 1), ("doctor", 1), ("nurse", 1)]


@pytest.mark.parametrize("ch,n", TARGETED, ids=[f"{c}.{n}" for c, n in TARGETED])
def test_goodwill_ability_seed002_offers_exactly_the_targets_its_card_names(ch, n):
    """"Another character in this location", "a character in this location", "a Student", "any
    other character", "this location or a character in it", "in his turf": the options are exactly those."""
    from tests.helpers import answer, pending

    goodwill = next(gw for c, i, gw, _ in GOODWILL_ABILITIES if (c, i) == (ch, n))
    g = start(everyone_script(), together(ch, goodwill))
    answer(g, "goodwill_ability", key(ch, n))
    if pending(g).kind == "goodwill_refusal":
        answer(g, "goodwill_refusal", "allow")
    if pending(g).kind == "choose_effect":
        answer(g, "choose_effect", 0)
    d = pending(g)
    assert d.kind == "choose_target" and set(d.options) == _targets(ch, n)
