"""Last Liar in the deduction (issue 16; seed 000, "Last Liar": its plots, roles, incidents, Traitors).

Each rule is asked of the fact that reads it, as in test_midnight_zone.py: the fact is written by the
walker of a real view of a shipped script (observe.Walker), on a board set up for the question, and
bound to a plot combination (context.Cx) as the solver binds it. Whole random games of every shipped
Last Liar script are in test_soundness.py.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.deduction import deduce, observe
from scriptkeeper.tragedy_looper.deduction.context import DayBoard
from scriptkeeper.tragedy_looper.deduction.model import combos
from scriptkeeper.tragedy_looper.deduction.observe import Walker
from scriptkeeper.tragedy_looper.rules import load_rulebook
from scriptkeeper.tragedy_looper.views import build_view
from tests.deduction.test_midnight_zone import culprits_allowed, gather
from tests.deduction.test_rei import bound, combo_of, roles_allowed
from tests.properties.randomplay import scripts

P = "protagonist1"
TWO_FACES = "last_liar/two_faces_at_the_table"  # The Final Plan + Keeper of Mythology + I Am the True Detective!
LAST_BELL = "last_liar/the_last_bell"  # Giant Time Bomb Yet Again + The Real Monster + Unsafe Trigger
NOBODY = "last_liar/nobody_lies_alone"  # Giant Time Bomb Yet Again + Social Media Paranoia + The Mythomaniac's Secret
ASHES = "last_liar/ashes_of_the_last_page"  # The Demon's Script + I Am the True Detective! + Crossing World Lines


def walker(name: str) -> Walker:
    """The walker of Protagonist 1's view at the game's first decision (its facts are written by hand below)."""
    w = Walker(build_view(engine.new_game(scripts()[name], 0, 4), P))
    w.run()
    w.facts.clear()
    return w


def satisfied(atoms: Any, roles: dict[str, str]) -> bool:
    """Does a bound fact (its role atoms and conditions) hold for this role assignment?"""
    if atoms is True or atoms is False:
        return bool(atoms)
    for a in atoms:
        if a[0] == "R" and roles[a[1]] not in a[2]:
            return False
        if a[0] == "D" and not any(all(roles[c] in rs for c, rs in term) for term in a[1]):
            return False
    return True


def on_day(b: DayBoard, day: int) -> DayBoard:
    b = b.copy()
    b.day = day
    return b


# ---------------------------------------------------------------- Extra cards
def test_last_liar_extra_card_seen_by_its_holder_only_and_no_card_changes_the_count_seed000():
    """Seed 000 "Extra Cards": each Protagonist sees its own card, nobody else's. The deduction from that
    seat knows its card (Observation.extra_card); the observer knows none. No card says anything of the
    script (every Traitor's win and the announcement are public), so every seat counts the same scripts."""
    state = engine.new_game(scripts()[TWO_FACES], 3, 4)
    seen = {seat: observe(build_view(state, seat)).extra_card for seat in ("protagonist1", "protagonist2", "protagonist3", "observer")}
    assert seen["observer"] is None
    assert sorted(seen[s] for s in ("protagonist1", "protagonist2", "protagonist3")) == ["a", "b", "c"]
    assert seen == {**{h: state.dealt_extra_cards[h] for h in state.dealt_extra_cards}, "observer": None}
    counts = {deduce(build_view(state, seat)).count for seat in seen}
    assert len(counts) == 1 and counts.pop() > 0


# ---------------------------------------------------------------- roles
def test_last_liar_secretkeeper_role_revealed_when_it_dies_so_a_silent_death_is_no_secretkeeper_seed000():
    """Seed 000 "Secretkeeper": when it dies its role is revealed. A death the loop went on after with no
    reveal names no Secretkeeper; with the reveal the corpse is one (the reveal's own fact)."""
    w = walker(TWO_FACES)
    cx = combo_of(w, "the_final_plan", ("keeper_of_mythology", "i_am_the_true_detective"))
    assert "secretkeeper" in cx.domain("class_rep")
    w.fact_death_triggers_missing({"ch": "class_rep", "board": w.snap(), "revealed": False, "sharers": []})
    assert "secretkeeper" not in roles_allowed(bound(w, cx), "class_rep", cx)
    w.facts.clear()
    w.fact_death_triggers_missing({"ch": "class_rep", "board": w.snap(), "revealed": True, "sharers": []})
    assert w.facts == []


def test_last_liar_secretkeeper_revealed_after_its_goodwill_ability_seed000():
    """Seed 000 "Secretkeeper": after its Goodwill ability resolves, its role is revealed. A resolved
    ability with no reveal after it names no Secretkeeper."""
    w = walker(TWO_FACES)
    cx = combo_of(w, "the_final_plan", ("keeper_of_mythology", "i_am_the_true_detective"))
    w.i, w.over = w.n, True  # the walk is past the ability
    w.after_goodwill("office_worker", 1)
    fact = next(f for f in w.facts if f.text.id == "deduction.fact.not_revealed_after_goodwill")
    allowed = roles_allowed(cx.to_script(fact.bind(cx)), "office_worker", cx)
    assert "secretkeeper" not in allowed and "person" in allowed


def test_last_liar_secretkeeper_doom_explains_the_protagonists_death_at_that_day_end_seed000():
    """Seed 000 "Secretkeeper": revealed in loop 1 or 2, the Protagonists die at the end of the next day
    (of that day, on the last one). A day-end death on the doomed day needs no Killer; on another day it does."""
    w = walker(TWO_FACES)
    cx = combo_of(w, "the_final_plan", ("keeper_of_mythology", "i_am_the_true_detective"))
    w.loop = 1
    w.note("secretkeeper_doom", {"character": "class_rep", "day": 3, "one_card": True})
    w.fact_protagonists_die("protagonists_die", w.snap(), 3)
    assert w.facts == []
    w.fact_protagonists_die("protagonists_die", w.snap(), 4)
    assert bound(w, cx) is False  # nobody has 4 Intrigue: no Killer could


def test_last_liar_influencer_puts_paranoia_on_those_sharing_its_start_when_it_dies_seed000():
    """Seed 000 "Influencer": when it dies, 1 Paranoia on each character who shares its starting location.
    Paranoia so placed names the dead an Influencer; a death the loop went on after without it, while
    someone shared the start, names none."""
    w = walker(NOBODY)
    cx = combo_of(w, "giant_time_bomb_yet_again", ("social_media_paranoia", "the_mythomaniacs_secret"))
    b = w.snap()
    sharer = next(c for c in w.u.chars if c != "pop_idol" and b.start.get(c) == b.start["pop_idol"])
    w.fact_death_triggers_missing({"ch": "pop_idol", "board": b, "revealed": True, "sharers": [sharer], "spread": False})
    assert "influencer" not in roles_allowed(bound(w, cx), "pop_idol", cx)


def test_last_liar_influencer_spreads_after_its_goodwill_ability_once_a_loop_seed000():
    """Seed 000 "Influencer": (1x∞) after its Goodwill ability, 1 Paranoia and 1 Goodwill on each one
    sharing its start. A resolved ability without them names no Influencer, unless it spread already this loop."""
    w = walker(NOBODY)
    cx = combo_of(w, "giant_time_bomb_yet_again", ("social_media_paranoia", "the_mythomaniacs_secret"))
    w.i, w.over = w.n, True
    w.after_goodwill("pop_idol", 1)
    no_spread = [f for f in w.facts if f.text.id == "deduction.fact.no_spread_after_goodwill"]
    assert no_spread and "influencer" not in roles_allowed(cx.to_script(no_spread[0].bind(cx)), "pop_idol", cx)
    w.facts.clear()
    w.spread_used.add("pop_idol")
    w.after_goodwill("pop_idol", 1)
    assert not [f for f in w.facts if f.text.id == "deduction.fact.no_spread_after_goodwill"]


def test_last_liar_wildcard_has_the_serial_killers_ability_on_days_multiple_of_three_seed000():
    """Seed 000 "Wildcard": on a day that is a multiple of 3 it has the Conspiracy Theorist's, the
    Brain's and the Serial Killer's abilities. Alone with one other character at day end and nobody
    killed: on day 3 the Girl Student is no Wildcard; on day 2 she may be."""
    w = walker(LAST_BELL)
    cx = combo_of(w, "giant_time_bomb_yet_again", ("the_real_monster", "unsafe_trigger"))
    b = gather(w.board, "shrine", "girl_student", "nurse")
    roles = {c: "person" for c in w.u.chars} | {"girl_student": "wildcard"}
    w.fact_serial_killers(on_day(b, 2), [], [], 2)
    assert satisfied(bound(w, cx), roles)
    w.fact_serial_killers(on_day(b, 3), [], [], 3)
    assert not satisfied(bound(w, cx), roles)


def test_last_liar_wildcard_must_be_a_culprit_is_a_sound_relaxation_seed000():
    """Seed 000 "Wildcard": it must be the culprit of an incident. The solver counts culprits apart from
    roles, so scripts whose Wildcard is no culprit are counted too (said in the scope; docs/ai.md)."""
    from scriptkeeper.tragedy_looper.deduction.scope import SCOPE

    assert SCOPE.models("script-creation rule field", "must_be_culprit")
    assert "Wildcard" in SCOPE.words["script-creation rule field"]["must_be_culprit"]


def test_last_liar_watcher_despair_makes_an_incident_here_occur_seed000():
    """Seed 000 "Watcher": an incident whose living culprit is in the Watcher's location with 1+ Despair
    occurs whatever its other counters. Below its limit, with Despair, beside a possible Watcher, the
    Doctor may be the culprit of an incident that occurred; without Despair he may not."""
    w = walker(TWO_FACES)
    cx = combo_of(w, "the_final_plan", ("keeper_of_mythology", "i_am_the_true_detective"))
    b = gather(w.board, "hospital", "doctor", "patient")
    w.fact_occurrence(0, True, b)
    assert "doctor" not in culprits_allowed(bound(w, cx), 0, w)
    b.add("doctor", "despair", 1)
    w.fact_occurrence(0, True, b)
    assert "doctor" in culprits_allowed(bound(w, cx), 0, w)


# ---------------------------------------------------------------- plots
def test_last_liar_mythomaniacs_secret_adds_a_killer_brain_or_fragment_without_secretkeeper_seed000():
    """Seed 000 "The Mythomaniac's Secret": with no Secretkeeper at script creation, one more Killer, Brain
    or Fragment: three combinations of the same plots, each bag holding one of them once more."""
    rb = load_rulebook("last_liar")
    same = [c for c in combos(rb) if c.main == "giant_time_bomb_yet_again" and set(c.subs) == {"social_media_paranoia", "the_mythomaniacs_secret"}]
    bags = sorted(tuple(sorted((r, lo) for r, lo, hi in c.bag if r in ("killer", "brain", "fragment"))) for c in same)
    assert bags == [(("brain", 1), ("fragment", 1)), (("brain", 1), ("killer", 1)), (("brain", 2),)]
    with_keeper = [c for c in combos(rb) if c.main == "giant_time_bomb_yet_again" and set(c.subs) == {"the_real_monster", "the_mythomaniacs_secret"}]
    assert len(with_keeper) == 1


def test_last_liar_mythomaniacs_secret_gives_the_secretkeeper_goodwill_refusal_seed000():
    """Seed 000 "The Mythomaniac's Secret": the Secretkeeper gains Goodwill Refusal. A refusal may be a
    Secretkeeper's there, and not under The Real Monster alone."""
    w = walker(LAST_BELL)
    cx = combo_of(w, "giant_time_bomb_yet_again", ("the_real_monster", "the_mythomaniacs_secret"))
    w.fact_refusal("class_rep", True, w.snap())
    assert "secretkeeper" in roles_allowed(bound(w, cx), "class_rep", cx)
    other = combo_of(w, "giant_time_bomb_yet_again", ("the_real_monster", "unsafe_trigger"))
    assert "secretkeeper" not in roles_allowed(bound(w, other), "class_rep", other)


def test_last_liar_sealed_conclusion_two_intrigue_on_the_shrine_kills_the_protagonists_seed000():
    """Seed 000 "The Sealed Conclusion": at day end, with 2+ Intrigue on the Shrine (Hope and Despair of the
    characters there counted in), the Mastermind may kill the Protagonists. Their death at day end with 1
    Intrigue there and 1 Despair on a character there is explained; with the Intrigue alone it is not."""
    w = walker(TWO_FACES)
    cx = combo_of(w, "the_sealed_conclusion", ("keeper_of_mythology", "i_am_the_true_detective"))
    b = gather(w.board, "shrine", "shrine_maiden")
    b.add("shrine", "intrigue", 1)
    w.fact_protagonists_die("protagonists_die", b, 2)
    assert bound(w, cx) is False
    b.add("shrine_maiden", "despair", 1)
    w.fact_protagonists_die("protagonists_die", b, 2)
    assert bound(w, cx) is True


def test_last_liar_demons_script_loses_the_loop_if_last_will_or_the_executor_occurred_seed000():
    """Seed 000 "The Demon's Script": at loop end, if Last Will or The Executor occurred this loop, the
    Protagonists lose (a loss condition of `any`). A loop won after The Executor occurred rules it out."""
    w = walker(ASHES)
    cx = combo_of(w, "the_demons_script", ("i_am_the_true_detective", "crossing_world_lines"))
    w.loop = 1
    w.fact_loop_result(False, [], w.snap(), ["the_executor"])
    assert bound(w, cx) is False
    other = combo_of(w, "giant_time_bomb_yet_again", ("i_am_the_true_detective", "crossing_world_lines"))
    assert bound(w, other) is not False


def test_last_liar_traitor_a_condition_met_while_the_game_goes_on_rules_out_the_real_monster_seed000():
    """Seed 000 "The Real Monster" and Last Liar FAQ Q1, Q4: Protagonist A wins at once during the day end
    with 5+ Perished tokens, unless The Final Plan's Hope on the Key Person makes the Traitors ordinary.
    The game going on past such a day end rules The Real Monster out, or needs that Hope."""
    w = walker(LAST_BELL)
    for c in list(w.u.chars)[:5]:
        w.board.add_token(c, "perished")
    w.fact_traitor_conditions("day_end")
    assert bound(w, combo_of(w, "giant_time_bomb_yet_again", ("the_real_monster", "unsafe_trigger"))) is False
    assert bound(w, combo_of(w, "giant_time_bomb_yet_again", ("keeper_of_mythology", "unsafe_trigger"))) is True
    hoped = list(w.u.chars)[0]
    w.board.add(hoped, "hope", 1)
    w.fact_traitor_conditions("day_end")
    cx = combo_of(w, "the_final_plan", ("the_real_monster", "unsafe_trigger"))
    assert roles_allowed(bound(w, cx), hoped, cx) == {"key_person"}
    w.facts.clear()
    w.fact_traitor_conditions("goodwill_abilities")  # Protagonist B's phase: 5 Perished tokens say nothing there
    assert w.facts == []


def test_last_liar_traitors_announced_before_the_final_guess_name_their_subplots_seed000():
    """Seed 000 "The Final Guess": the Mastermind announces the Traitors first (which tells the subplots).
    Announcing C alone keeps I Am the True Detective! and rules out The Real Monster and Keeper of Mythology."""
    w = walker(TWO_FACES)
    w.note("traitors_revealed", {"cards": ["c"]})
    assert bound(w, combo_of(w, "the_demons_script", ("i_am_the_true_detective", "crossing_world_lines"))) is True
    assert bound(w, combo_of(w, "the_demons_script", ("keeper_of_mythology", "i_am_the_true_detective"))) is False
    assert bound(w, combo_of(w, "the_demons_script", ("crossing_world_lines", "unsafe_trigger"))) is False


# ---------------------------------------------------------------- incidents
def test_last_liar_distortion_puts_its_intrigue_on_the_culprits_starting_location_seed000():
    """Seed 000 "Distortion": with fewer than 2 Intrigue on the culprit's starting location, 2 Intrigue are
    placed there: the location names the culprit among those who started there."""
    w = walker(NOBODY)
    b = w.snap()
    loc = b.start["class_rep"]
    w.ev = w.ev[:w.i] + [{"type": "counter", "data": {"target": loc, "kind": "intrigue", "delta": 2}}]
    w.n = len(w.ev)
    w.incident_start_counter(0, "distortion", b)
    cx = combo_of(w, "giant_time_bomb_yet_again", ("social_media_paranoia", "the_mythomaniacs_secret"))
    assert culprits_allowed(bound(w, cx), 0, w) == {c for c in w.u.chars if b.start.get(c) == loc}


def test_last_liar_last_will_adds_hope_to_the_protagonists_at_the_next_loop_start_seed000():
    """Seed 000 "Last Will": at the start of the next loop the Protagonists add Hope +1 to their hands. One
    Hope +1 each after a loop with Last Will is explained by it; none would not be."""
    from collections import Counter

    w = walker(ASHES)
    w.prev_occurred = ["last_will"]
    w.prev_end = w.snap()
    cx = combo_of(w, "the_demons_script", ("i_am_the_true_detective", "unsafe_trigger"))
    w.fact_cards_added(2, Counter({(h, "hope_plus_1"): 1 for h in ("protagonist1", "protagonist2", "protagonist3")}))
    assert bound(w, cx) is True
    w.fact_cards_added(2, Counter())
    assert bound(w, cx) is False
