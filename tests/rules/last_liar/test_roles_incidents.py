"""Last Liar's roles and incidents (seed 000, "Last Liar: Roles", "Incidents", Last Liar FAQ Q10-Q14)."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper.query import refusal
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, counters, died, event_types, pending, start, use

from .ll import DEALT, DETECTIVE_CAST, MONSTER, MONSTER_CAST, WILDCARD_CULPRIT, detective, ll, monster

MURDER_DAY_2 = {"day": 2, "incident": "murder", "culprit": "nurse"}


def _murder_secretkeeper(day: int = 2, loop: int = 1, days: int = 4):
    murder = {**MURDER_DAY_2, "day": day}
    other = [WILDCARD_CULPRIT] if day != 3 else [{**WILDCARD_CULPRIT, "day": 1}]
    g = start(monster([murder, *other], days=days), {"phase": "incident", "day": day, "loop": loop, "extra_cards": DEALT,
                                                    "characters": {"nurse": {"paranoia": 3}, "class_rep": {"at": "hospital"}}})
    assert "class_rep" in died(g)  # the one other character at the Hospital: the Murder's only victim
    return g


def play_day(g) -> None:
    """Play the rest of a day quietly: each card on the first legal target, no ability used."""
    day, loop = g.day, g.loop
    while g.pending is not None and (g.day, g.loop) == (day, loop):
        d = g.pending
        answer(g, d.kind, "done" if "done" in d.options else d.options[0])


# ---------------------------------------------------------------- Secretkeeper
def test_secretkeeper_reveals_its_role_when_it_dies():
    """Seed 000, Secretkeeper: when this character dies, reveal its role."""
    g = _murder_secretkeeper()
    assert "class_rep" in died(g) and g.revealed_roles["class_rep"] == "secretkeeper"


def test_secretkeeper_revealed_in_loop_1_the_mastermind_plays_one_card_next_day_and_the_protagonists_die_at_its_end():
    """Seed 000, Secretkeeper: revealed in the first or second loop, the Mastermind may play only 1
    card on the next day; at the end of that day the Protagonists die."""
    g = _murder_secretkeeper()
    assert g.this_loop.doom_day == 3 and "secretkeeper_doom" in event_types(g)
    play_day(g)  # the rest of day 2: nothing more happens
    assert g.loop == 1 and g.day == 3
    answer(g, "place_card", pending(g).options[0], seat="mastermind")
    assert pending(g).seat != "mastermind"  # one card, then the Protagonists place theirs
    play_day(g)
    assert g.loop == 2 and g.loop_results[0].lost and "protagonists_die" in event_types(g)


def test_ll_faq_q12_secretkeeper_revealed_on_the_last_day_kills_the_protagonists_at_the_end_of_that_day():
    """Last Liar FAQ Q12: "end of that day, or this day if it is already the last day": the Mastermind
    can still win with the ability when it is triggered on the loop's last day."""
    g = _murder_secretkeeper(day=4)
    doom = [e.data for e in g.events if e.type == "secretkeeper_doom"]
    assert doom == [{"character": "class_rep", "day": 4, "one_card": False}]
    assert g.loop == 2 and g.loop_results[0].lost  # the day-end of day 4 killed them: loop 1 is lost
    assert event_types(g).index("protagonists_die") > event_types(g).index("secretkeeper_doom")


def test_ll_faq_q13_after_a_last_day_reveal_the_next_loop_starts_with_three_mastermind_cards():
    """Last Liar FAQ Q13: "next day" means the next day of this loop; the next loop's first day is as usual."""
    g = _murder_secretkeeper(day=4)
    assert (g.loop, g.day) == (2, 1) and g.this_loop.one_card_day == 0
    for _ in range(3):
        answer(g, "place_card", pending(g).options[0], seat="mastermind")
    assert pending(g).seat != "mastermind" and pending(g).kind == "place_card"  # three Mastermind cards, then the Leader


def test_secretkeeper_revealed_in_loop_3_has_no_further_effect():
    g = _murder_secretkeeper(loop=3)
    assert g.revealed_roles["class_rep"] == "secretkeeper" and g.this_loop.doom_day == 0


def test_secretkeeper_reveals_its_role_after_its_goodwill_ability_resolves():
    """Seed 000, Secretkeeper: after resolving this character's Goodwill ability, reveal its role
    (the Office Worker's own ability reveals it first; the second reveal changes nothing)."""
    g = start(detective(), {"phase": "goodwill_abilities", "extra_cards": DEALT, "characters": {"office_worker": {"goodwill": 3}}})
    use(g, "office_worker:gw:0")
    reveals = [e.data["character"] for e in g.events if e.type == "reveal_role"]
    assert reveals == ["office_worker", "office_worker"]
    assert g.this_loop.doom_day == 2 and g.this_loop.one_card_day == 2


def test_a_refused_goodwill_ability_reveals_nothing():
    cast = {**MONSTER_CAST, "office_worker": "secretkeeper", "class_rep": "brain"}
    g = start(ll("giant_time_bomb_yet_again", ["the_real_monster", "the_mythomaniacs_secret"],
                 {**cast, "police_officer": "conspiracy_theorist"}, [WILDCARD_CULPRIT]),
              {"phase": "goodwill_abilities", "extra_cards": DEALT, "characters": {"office_worker": {"goodwill": 3}}})
    use(g, "office_worker:gw:0", refusal="refuse")
    assert "reveal_role" not in event_types(g) and g.this_loop.doom_day == 0


def test_the_mythomaniacs_secret_gives_the_secretkeeper_goodwill_refusal():
    """Seed 000, The Mythomaniac's Secret: the Secretkeeper gains Goodwill Refusal."""
    cast = {**MONSTER_CAST, "police_officer": "conspiracy_theorist"}
    with_it = start(ll("giant_time_bomb_yet_again", ["the_real_monster", "the_mythomaniacs_secret"], cast, [WILDCARD_CULPRIT]),
                    {"extra_cards": DEALT})
    assert refusal(with_it, "class_rep") == "optional"
    assert refusal(start(monster(), {"extra_cards": DEALT}), "class_rep") == "none"


# ---------------------------------------------------------------- Influencer
INFLUENCERS = {"nurse": "witch", "teacher": "brain", "pop_idol": "influencer", "informer": "influencer", "class_rep": "secretkeeper",
               "girl_student": "wildcard", "office_worker": "conspiracy_theorist", "boy_student": "serial_killer",
               "police_officer": "person", "shrine_maiden": "person"}
TWO_INFLUENCERS = ("giant_time_bomb_yet_again", ["keeper_of_mythology", "social_media_paranoia"])


def _two_influencers(**situation):
    return start(ll(*TWO_INFLUENCERS, INFLUENCERS, [WILDCARD_CULPRIT]), {"extra_cards": DEALT, **situation})


def test_influencer_after_its_goodwill_ability_places_paranoia_and_goodwill_on_those_who_share_its_start():
    """Seed 000, Influencer: (once per loop) after its Goodwill ability resolves, 1 Paranoia and 1
    Goodwill on each character who shares this card's starting location (the City: the Office Worker
    and the Police Officer; not the Pop Idol herself, not the Shrine Maiden)."""
    g = _two_influencers(phase="goodwill_abilities", characters={"pop_idol": {"goodwill": 3}, "office_worker": {"paranoia": 1}})
    use(g, "pop_idol:gw:0")
    answer(g, "choose_target", "office_worker")  # her own ability: 1 Paranoia off the Office Worker
    assert counters(g, "office_worker")["paranoia"] == 1 and counters(g, "office_worker")["goodwill"] == 1
    assert counters(g, "police_officer")["paranoia"] == 1 and counters(g, "police_officer")["goodwill"] == 1
    assert counters(g, "pop_idol")["goodwill"] == 3 and counters(g, "shrine_maiden")["paranoia"] == 0


def test_influencer_spreads_only_once_per_loop():
    g = _two_influencers(phase="goodwill_abilities", day=2, characters={"pop_idol": {"goodwill": 3}},
                         abilities_used_this_loop=["pop_idol:influencer:1"])
    use(g, "pop_idol:gw:0")
    answer(g, "choose_target", "office_worker")
    assert counters(g, "police_officer")["goodwill"] == 0


def test_ll_faq_q11_each_influencer_has_its_own_once_per_loop():
    """Last Liar FAQ Q11: with 2 Influencers, the second one's ability also triggers: the limit is per character."""
    g = _two_influencers(phase="goodwill_abilities", day=2, characters={"informer": {"goodwill": 5, "at": "city"}},
                         abilities_used_this_loop=["pop_idol:influencer:1"])
    use(g, "informer:gw:0")
    answer(g, "choose_subplot", 1)
    # the Informer starts in the City too: the Pop Idol, the Office Worker and the Police Officer share it
    assert [counters(g, c)["goodwill"] for c in ("pop_idol", "office_worker", "police_officer")] == [1, 1, 1]


def test_influencer_death_puts_paranoia_on_each_character_sharing_its_starting_location():
    """Seed 000, Influencer: when this character dies, 1 Paranoia on each character who shares its starting location."""
    murder = {"day": 2, "incident": "murder", "culprit": "police_officer"}
    g2 = start(ll(*TWO_INFLUENCERS, INFLUENCERS, [WILDCARD_CULPRIT, murder]),
               {"phase": "incident", "day": 2, "extra_cards": DEALT, "characters": {"police_officer": {"paranoia": 3}}})
    answer(g2, "choose_target", "pop_idol")
    assert "pop_idol" in died(g2)
    assert counters(g2, "office_worker")["paranoia"] == 1 and counters(g2, "police_officer")["paranoia"] == 4
    assert counters(g2, "shrine_maiden")["paranoia"] == 0


def test_ll_faq_q10_the_henchmans_starting_location_is_where_he_started_this_loop():
    """Last Liar FAQ Q10: effects that refer to a character's starting location use, for the Henchman,
    the location he started this loop at (here the City, chosen by the Mastermind)."""
    cast = {**INFLUENCERS, "henchman": "person"}
    murder = {"day": 2, "incident": "murder", "culprit": "police_officer"}
    g = start(ll(*TWO_INFLUENCERS, cast, [WILDCARD_CULPRIT, murder]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
              "characters": {"police_officer": {"paranoia": 3}, "henchman": {"start": "city", "at": "school"}}})
    answer(g, "choose_target", "pop_idol")
    assert counters(g, "henchman")["paranoia"] == 1


# ---------------------------------------------------------------- Wildcard and Watcher
def test_wildcard_has_the_conspiracy_theorist_brain_and_serial_killer_abilities_on_day_3():
    """Seed 000, Wildcard: if the current day is a multiple of 3, it gains those three roles' abilities."""
    g = start(monster(days=6), {"phase": "mastermind_abilities", "day": 3, "extra_cards": DEALT})
    opts = pending(g).options
    assert "girl_student:brain:0" in opts and "girl_student:conspiracy_theorist:0" in opts
    g2 = start(monster(days=6), {"phase": "mastermind_abilities", "day": 2, "extra_cards": DEALT})
    assert not [o for o in pending(g2).options if str(o).startswith("girl_student:")]


def test_wildcard_kills_as_a_serial_killer_on_day_6():
    away = {ch: {"at": "hospital"} for ch in ("boy_student", "class_rep", "rich_mans_daughter", "police_officer", "office_worker")}
    g = start(monster(days=6), {"phase": "day_end", "day": 6, "extra_cards": DEALT, "characters": {**away, "teacher": {"at": "school"}}})
    assert died(g) == ["teacher"]  # alone at the School with the Wildcard
    g5 = start(monster(days=6), {"phase": "day_end", "day": 5, "extra_cards": DEALT, "characters": {**away, "teacher": {"at": "school"}}})
    assert died(g5) == []


@pytest.mark.parametrize("victim", ["boy_student", "patient"])
def test_wildcard_and_watcher_are_unkillable(victim):
    """Seed 000: the Wildcard and the Watcher are Unkillable."""
    murder = {"day": 1, "incident": "murder", "culprit": "doctor"}
    g = start(detective([{**murder}, {"day": 3, "incident": "increasing_unease", "culprit": "boy_student"}]),
              {"phase": "incident", "extra_cards": DEALT, "characters": {"doctor": {"paranoia": 3, "at": "hospital"},
                                                                         "boy_student": {"at": "hospital"}}})
    answer(g, "choose_target", victim)
    assert victim not in died(g) and g.chars[victim].alive


def test_wildcard_must_be_a_culprit():
    from .ll import ll_data, problems

    assert "wildcard-must-be-a-culprit" in problems(ll_data(*MONSTER, MONSTER_CAST, []))


# ---------------------------------------------------------------- incidents
def test_ll_faq_q14_the_executor_the_mastermind_chooses_a_protagonist_without_seeing_the_extra_cards():
    """Seed 000, The Executor: choose a Protagonist, who chooses a character; that character dies.
    Last Liar FAQ Q14 has no answer in the seed: the Mastermind may not look (docs/rulings.md)."""
    executor = {"day": 2, "incident": "the_executor", "culprit": "nurse"}
    g = start(monster([executor, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
                                                     "characters": {"nurse": {"paranoia": 3}}})
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("choose_protagonist", "mastermind", ["protagonist1", "protagonist2", "protagonist3"])
    assert "extra_cards" not in build_view(g, "mastermind")
    answer(g, "choose_protagonist", "protagonist2")
    d = pending(g)
    assert d.kind == "choose_target" and d.seat == "protagonist2" and "girl_student" in d.options
    answer(g, "choose_target", "teacher")
    assert died(g) == ["teacher"]


def test_distortion_with_two_intrigue_on_the_culprits_start_kills_the_protagonists():
    """Seed 000, Distortion: 2+ Intrigue on the culprit's starting location: the Protagonists die; else 2 Intrigue there."""
    distortion = {"day": 2, "incident": "distortion", "culprit": "class_rep"}
    g = start(monster([distortion, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
              "locations": {"school": {"intrigue": 2}}, "characters": {"class_rep": {"paranoia": 2, "at": "city"}}})
    assert g.loop == 2 and g.loop_results[0].lost
    g2 = start(monster([distortion, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
               "locations": {"school": {"intrigue": 1}}, "characters": {"class_rep": {"paranoia": 2, "at": "city"}}})
    assert g2.loop == 1 and g2.locations["school"]["intrigue"] == 3 and g2.locations["city"]["intrigue"] == 0


def test_confession_reveals_the_culprit_and_its_role():
    confession = {"day": 2, "incident": "confession", "culprit": "teacher"}
    g = start(monster([confession, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
                                                       "characters": {"teacher": {"paranoia": 2}}})
    assert g.revealed_culprits == {0: "teacher"} and g.revealed_roles["teacher"] == "person"


def test_giant_time_bomb_yet_again_loses_the_loop_with_two_intrigue_on_the_witchs_starting_location():
    """Seed 000, Giant Time Bomb Yet Again: at loop end, 2+ Intrigue on the Witch's starting location: the Protagonists lose."""
    lost = start(monster(), {"phase": "loop_end", "day": 4, "extra_cards": DEALT, "locations": {"shrine": {"intrigue": 2}}})
    won = start(monster(), {"phase": "loop_end", "day": 4, "extra_cards": DEALT, "locations": {"city": {"intrigue": 2}}})
    assert lost.loop_results[0].lost and not won.loop_results[0].lost
