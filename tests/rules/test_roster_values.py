"""Every rules value of the 13 further characters (issue 15) pinned by a scenario (tools/mutate_rules.py).

The same way tests/rules/test_rule_values.py pins the 18 base characters: the expected values are
written here from rules-notes sections 9, 9b and 10 (each character's card), not read from the
rules data, so a one-step change of the data fails a test: each Goodwill ability is offered at its
Goodwill and not one below; a once-per-loop ability is not offered again on a later day of the loop
once used, and an ability without the mark is; each Paranoia limit makes an incident occur at the
limit and not one below; the tags, starts and forbidden locations of each card; the targets and
amounts of each ability; the tags other rules read (Student, Girl, Man and Boy, Adult).

One partial script (docs/game-file.md, partial scripts) holds the 13 characters as Persons with the
Boy Student, the Girl Student and the Office Worker, all standing together where they may, so every
ability has something to act on.
"""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.tragedy_looper.script import check_script, script_from_dict
from tests.helpers import answer, gw_options, pending, start

# Rules-notes section 9 (rows 19-24, P1, P2, X1-X5) and 9b: (character, ability number from 1,
# Goodwill needed, once per loop). The Illusion's Goodwill 4 is not once per loop (section 10,
# majority); the Sacred Tree's move is played as a Goodwill ability needing no Goodwill (ruling sacred-tree).
GOODWILL_ABILITIES = [
    ("teacher", 1, 3, False), ("teacher", 2, 4, True),
    ("transfer_student", 1, 2, False),
    ("soldier", 1, 2, True), ("soldier", 2, 5, True),
    ("forensic_specialist", 1, 2, True), ("forensic_specialist", 2, 5, True),
    ("ai", 1, 3, True),
    ("scientist", 1, 3, False),
    ("illusion", 1, 3, True), ("illusion", 2, 4, False),
    ("young_girl", 1, 1, False), ("young_girl", 2, 3, True),
    ("copycat", 1, 3, False),
    ("sect_founder", 1, 3, False), ("sect_founder", 2, 4, True),
    ("sacred_tree", 1, 0, False),
    ("little_sister", 1, 5, False),
]
# Rules-notes section 9: Paranoia limits (the Sect Founder's 3: section 10, majority).
PARANOIA_LIMITS = {
    "teacher": 2, "transfer_student": 2, "soldier": 3, "black_cat": 0, "forensic_specialist": 3, "ai": 4,
    "scientist": 2, "illusion": 3, "young_girl": 1, "copycat": 2, "sect_founder": 3, "sacred_tree": 4,
    "little_sister": 3,
}
NEW = list(PARANOIA_LIMITS)
OTHERS = ["boy_student", "girl_student", "office_worker"]
BASE_LIMITS = {"boy_student": 2, "girl_student": 3, "office_worker": 2}
# Where each stands when the others stand together: only in the City, only in the School, only at the Shrine.
CONFINED = {"ai": "city", "young_girl": "school", "sacred_tree": "shrine"}


def roster_script(incident_culprit: str = "office_worker", incident: str = "murder") -> Any:
    cast: dict[str, Any] = {ch: "person" for ch in NEW + OTHERS}
    cast["transfer_student"] = {"role": "person", "enters_day": 1}
    return script_from_dict({"set": "basic_tragedy", "partial": True, "main_plot": "murder_plan", "subplots": [],
                             "loops": 2, "days": 2, "cast": cast,
                             "incidents": [{"day": 1, "incident": incident, "culprit": incident_culprit}]})


def place_of(ch: str) -> str:
    return CONFINED.get(ch, "shrine")


def together(ch: str, goodwill: int, **extra: Any) -> dict[str, Any]:
    """Loop 2, day 2, Goodwill phase: everyone at the acting character's place (the Shrine; the City
    for the A.I., the School for the Young Girl) but the A.I., the Young Girl and the Sacred Tree,
    who stay where they may, and the Office Worker, in the Hospital; everyone at its Paranoia limit
    but the Boy Student (one below); the Girl Student a corpse at the place; the day-1 incident occurred."""
    place = place_of(ch)
    chars: dict[str, Any] = {}
    for c in NEW + OTHERS:
        chars[c] = {"paranoia": {**PARANOIA_LIMITS, **BASE_LIMITS}[c], "at": CONFINED.get(c, place)}
    chars["boy_student"]["paranoia"] = 1
    chars["girl_student"]["dead"] = True
    chars["office_worker"]["at"] = "hospital"
    chars[ch]["goodwill"] = goodwill
    return {"loop": 2, "day": 2, "phase": "goodwill_abilities", "characters": chars, "occurred": [1], **extra}


def key(ch: str, n: int) -> str:
    return f"{ch}:gw:{n - 1}"


@pytest.mark.parametrize("ch,n,goodwill,once", GOODWILL_ABILITIES, ids=[f"{c}.{n}" for c, n, _, _ in GOODWILL_ABILITIES])
def test_roster_goodwill_ability_is_offered_at_its_goodwill_and_not_one_below(ch, n, goodwill, once):
    assert key(ch, n) in gw_options(start(roster_script(), together(ch, goodwill)))
    if goodwill > 0:
        assert key(ch, n) not in gw_options(start(roster_script(), together(ch, goodwill - 1)))


@pytest.mark.parametrize("ch,n,goodwill,once", GOODWILL_ABILITIES, ids=[f"{c}.{n}" for c, n, _, _ in GOODWILL_ABILITIES])
def test_roster_goodwill_ability_once_per_loop_mark_holds_on_a_later_day_of_the_loop(ch, n, goodwill, once):
    """Used on day 1 of this loop (abilities_used_this_loop): on day 2 a once-per-loop ability is not
    offered; an ability without the mark is (once a day only)."""
    g = start(roster_script(), together(ch, goodwill, abilities_used_this_loop=[f"{ch}.{n}"]))
    assert (key(ch, n) in gw_options(g)) is not once


@pytest.mark.parametrize("ch", NEW)
def test_roster_paranoia_limit_an_incident_occurs_at_the_limit_and_not_one_below(ch):
    """Rules-notes section 4: an incident occurs when its culprit has at least its Paranoia limit (for
    the A.I. every counter on it counts: Paranoia alone here)."""
    limit = PARANOIA_LIMITS[ch]
    s = roster_script(incident_culprit=ch, incident="increasing_unease")
    for paranoia, occurs in ((limit, True), (limit - 1, False)):
        if paranoia < 0:
            continue  # the Black Cat: limit 0
        chars: dict[str, Any] = {ch: {"paranoia": paranoia}}
        if ch == "transfer_student":
            chars[ch]["at"] = "school"  # she entered this morning (enters_day 1)
        g = start(s, {"day": 1, "phase": "incident", "characters": chars})
        assert (g.occurred == [0]) is occurs, (ch, paranoia)


# Rules-notes section 9: tags, the printed start and the locations each character may never enter.
CARDS = {
    "teacher": ({"adult", "woman"}, "school", set()),
    "transfer_student": ({"student", "girl"}, "school", set()),
    "soldier": ({"adult", "man"}, "hospital", set()),
    "black_cat": ({"animal"}, "shrine", set()),
    "forensic_specialist": ({"adult", "man"}, "city", set()),
    "ai": ({"construct"}, "city", {"hospital", "shrine", "school"}),
    "scientist": ({"adult", "man"}, "hospital", set()),
    "illusion": ({"fiction", "woman"}, "shrine", set()),
    "young_girl": ({"student", "girl"}, "school", {"hospital", "shrine", "city"}),
    "copycat": ({"student", "boy"}, "city", set()),
    "sect_founder": ({"adult", "woman"}, "shrine", set()),
    "sacred_tree": ({"tree"}, "shrine", {"hospital", "city", "school"}),
    "little_sister": ({"girl", "little_sister"}, "shrine", set()),
}


@pytest.mark.parametrize("ch", sorted(CARDS))
def test_roster_character_card_rules_notes_9_tags_start_and_forbidden_locations(ch):
    """Each character starts the loop at its printed start (the Transfer Student enters there on her
    day), may not stand in a forbidden location (a situation that puts it there is refused), and
    carries the card's tags."""
    from scriptkeeper.core.errors import GameFileError

    tags, begin, forbidden = CARDS[ch]
    s = roster_script()
    g = start(s, {"phase": "morning"})  # day 1 begins: the Transfer Student enters (enters_day 1)
    assert set(g.rules.characters[ch].tags) == tags
    assert g.chars[ch].location == begin and g.board.start[ch] == begin
    for loc in ("hospital", "shrine", "city", "school"):
        sit = {"phase": "mastermind_cards", "characters": {ch: {"at": loc}}}
        if loc in forbidden:
            with pytest.raises(GameFileError, match="forbidden"):
                start(s, sit)
        else:
            assert start(s, sit).chars[ch].location == loc


def _choose(g: Any, ch: str, n: int) -> Any:
    """Declare the ability (answering the refusal question with allow) and the choice of effect."""
    answer(g, "goodwill_ability", key(ch, n))
    if pending(g).kind == "goodwill_refusal":
        answer(g, "goodwill_refusal", "allow")
    return pending(g)


def _targets(ch: str, n: int) -> set[str]:
    """Rules-notes sections 9 and 9b: the target of each ability, in the together() board."""
    place = place_of(ch)
    living = set(NEW + OTHERS) - {"girl_student"}
    here = {c for c in living if CONFINED.get(c, place) == place and c != "office_worker"}
    at_limit = living - {"boy_student"}
    students = {"transfer_student", "young_girl", "copycat", "boy_student"}
    return {
        ("teacher", 1): here & students, ("teacher", 2): here & students,  # "a Student in this location"
        ("transfer_student", 1): here - {ch},  # "another character in this location"
        ("soldier", 1): here,  # "a character in this location", himself included (section 10)
        ("illusion", 1): here,  # "a character in this location (the Illusion herself too)"
        ("sect_founder", 1): at_limit - {ch},  # "another character, anywhere", at or above its limit
        ("sect_founder", 2): (here & at_limit) - {ch},  # "another character in this location", at its limit
    }[(ch, n)]


TARGETED = [("teacher", 1), ("teacher", 2), ("transfer_student", 1), ("soldier", 1), ("illusion", 1),
            ("sect_founder", 1), ("sect_founder", 2)]


@pytest.mark.parametrize("ch,n", TARGETED, ids=[f"{c}.{n}" for c, n in TARGETED])
def test_roster_goodwill_ability_offers_exactly_the_targets_its_card_names(ch, n):
    goodwill = next(gw for c, i, gw, _ in GOODWILL_ABILITIES if (c, i) == (ch, n))
    d = _choose(start(roster_script(), together(ch, goodwill)), ch, n)
    assert d.kind == "choose_target" and set(d.options) == _targets(ch, n)


# Rules-notes sections 9 and 9b: what each Goodwill ability does to its target, (character, ability,
# target, the effect chosen (None: no choice), what to read, its value after), from the together()
# board (the Transfer Student's target holds 2 Intrigue, the Teacher's 2 Paranoia).
EFFECTS = [
    ("teacher", 1, "transfer_student", 0, ("paranoia", "transfer_student"), 3),  # place 1
    ("teacher", 1, "transfer_student", 1, ("paranoia", "transfer_student"), 1),  # remove 1
    ("transfer_student", 1, "teacher", None, ("intrigue", "teacher"), 1),  # 1 Intrigue ...
    ("transfer_student", 1, "teacher", None, ("goodwill", "teacher"), 1),  # ... becomes 1 Goodwill
    ("soldier", 1, "teacher", None, ("paranoia", "teacher"), 4),  # place 2
    ("sect_founder", 1, "teacher", None, ("goodwill", "teacher"), 1),  # place 1 Goodwill
]


@pytest.mark.parametrize("ch,n,target,effect,what,value", EFFECTS,
                         ids=[f"{c}.{n}.{w[0]}.{e}" for c, n, _, e, w, _ in EFFECTS])
def test_roster_goodwill_ability_does_what_its_card_says(ch, n, target, effect, what, value):
    goodwill = next(gw for c, i, gw, _ in GOODWILL_ABILITIES if (c, i) == (ch, n))
    sit = together(ch, goodwill)
    sit["characters"]["transfer_student"].update(paranoia=2)
    sit["characters"]["teacher"].update(intrigue=2)
    g = start(roster_script(), sit)
    _choose(g, ch, n)
    answer(g, "choose_target", target)
    if effect is not None:
        answer(g, "choose_effect", effect)
    kind, on = what
    assert g.chars[on].counters[kind] == value


# Tags other rules read (rules-notes section 9 tags; base/tags.yaml): the Girl of Sign with me!'s Key
# Person, the Man (not Boy) of Male Confrontation's Ninja, the Adult the Little Sister's ability picks.
GIRLS = {"transfer_student": True, "young_girl": True, "little_sister": True, "teacher": False, "illusion": False,
         "sect_founder": False, "black_cat": False}
MEN = {"soldier": True, "forensic_specialist": True, "scientist": True, "teacher": False, "ai": False}


def _rules_broken(set_id: str, main: str, ch: str, role: str) -> list[str]:
    _, found = check_script({"set": set_id, "main_plot": main, "subplots": [], "loops": 2, "days": 2,
                             "cast": {ch: role, "boy_student": "person"}, "incidents": []})
    return [p.rule for p in found]


@pytest.mark.parametrize("ch", sorted(GIRLS))
def test_roster_tag_girl_sign_with_me_key_person_must_be_a_girl(ch):
    """Basic Tragedy, Sign with me!: the Key Person must be a Girl (rules-notes section 9: Girl tags)."""
    broken = "key-person-must-be-a-girl" in _rules_broken("basic_tragedy", "sign_with_me", ch, "key_person")
    assert broken is not GIRLS[ch]


@pytest.mark.parametrize("ch", sorted(MEN))
def test_roster_tag_man_male_confrontation_ninja_must_be_a_man(ch):
    """Midnight Zone, Male Confrontation: the Ninja must be a man, not a boy (rules-notes section 9: Man tags)."""
    broken = "ninja-must-be-a-man" in _rules_broken("midnight_zone", "male_confrontation", ch, "ninja")
    assert broken is not MEN[ch]


def test_roster_tag_man_male_confrontation_copycat_is_a_boy():
    """The Copycat (Student, Boy) copies a Ninja: no man, and a boy; each half of the rule broken once
    (rules-notes sections 9 and 9b)."""
    _, found = check_script({"set": "midnight_zone", "main_plot": "male_confrontation", "subplots": [], "loops": 2,
                             "days": 2, "cast": {"soldier": "ninja", "copycat": "ninja"}, "incidents": []})
    assert [p.where for p in found if p.rule == "ninja-must-be-a-man"] == ["cast.copycat", "cast.copycat"]


ADULTS = {"teacher", "soldier", "forensic_specialist", "scientist", "sect_founder"}


def test_roster_tag_adult_little_sister_borrows_from_every_adult_here_and_no_one_else():
    """Rules-notes section 9b (Little Sister, Goodwill 5): an Adult in her location; at the Shrine stand
    the Teacher, Soldier, Forensic Specialist, Scientist and Sect Founder (Adults) and the Transfer
    Student, Black Cat, Illusion, Copycat, Sacred Tree and Boy Student (no Adults)."""
    g = start(roster_script(), together("little_sister", 5))
    answer(g, "goodwill_ability", key("little_sister", 1))
    d = pending(g)
    assert d.kind == "choose_ability" and {o.partition(":")[0] for o in d.options} == ADULTS


def test_roster_tag_student_teacher_at_the_school_picks_the_young_girl():
    """Rules-notes section 9 (Teacher, Goodwill 3: a Student in this location): everyone together at
    the School, where the Young Girl (Student, Girl) may stand; the Students are the ones offered."""
    sit = together("young_girl", 0)
    sit["characters"]["teacher"]["goodwill"] = 3
    d = _choose(start(roster_script(), sit), "teacher", 1)
    assert d.kind == "choose_target" and set(d.options) == {"young_girl", "transfer_student", "copycat", "boy_student"}
