"""The Mastermind's board score (agents/threat.py) knows Midnight Zone's loss conditions (seed 001)
from the rules data: the rule-based and search Masterminds pursue them, and the Protagonists'
worlds fear them."""

from __future__ import annotations

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.arena import play_pairing
from scriptkeeper.tragedy_looper.agents.threat import Threat, loss_progress
from scriptkeeper.tragedy_looper.state import GameState
from tests.properties.randomplay import scripts


def game(name: str) -> tuple[Threat, GameState]:
    """The script's Threat and its game at the first decision (the board it scores)."""
    st = engine.new_game(scripts()[name], 0, 4)
    return Threat(st.script), st


def set_counter(st: GameState, target: str, kind: str, n: int) -> None:
    st.board.add(target, kind, n - st.board.chars[target].counters.get(kind, 0))


def test_male_confrontation_scores_intrigue_on_the_ninja_alive_or_dead():
    th, st = game("midnight_zone/two_men_at_the_crossing")
    ninja = "police_officer"
    base = th.value(st)
    set_counter(st, ninja, "intrigue", 1)
    one = th.value(st)
    set_counter(st, ninja, "intrigue", 2)
    two = th.value(st)
    assert base < one < two and two - base > 300  # 2 Intrigue is the loss condition itself
    st.board.set_alive(ninja, False)
    assert th.value(st) >= two - 1  # a dead Ninja with 2 Intrigue still loses the loop


def test_a_ninja_beside_a_key_person_with_2_intrigue_is_a_loss_at_day_end():
    th, st = game("midnight_zone/tea_under_a_red_moon")  # Doctor is the Ninja, Shrine Maiden the Key Person
    st.board.set_location("shrine_maiden", st.board.chars["doctor"].location)
    set_counter(st, "shrine_maiden", "intrigue", 1)
    before = th.value(st)
    set_counter(st, "shrine_maiden", "intrigue", 2)
    assert th.value(st) - before > 800


def test_a_prophet_beside_the_culprit_calls_the_incident_off():
    th, st = game("midnight_zone/two_men_at_the_crossing")  # Alien is the Prophet; Girl Student's Suicide on day 3
    girl = st.board.chars["girl_student"]
    set_counter(st, "girl_student", "paranoia", 1)
    st.board.set_location("alien", "hospital" if girl.location != "hospital" else "city")
    away = th.value(st)
    st.board.set_location("alien", girl.location)
    assert th.value(st) < away


def test_an_obstinate_culprits_incident_counts_as_ready_whatever_its_paranoia():
    th, st = game("midnight_zone/ties_that_bind")  # Shrine Maiden is Obstinate, culprit of two Serial Murders
    calm = th.value(st)
    set_counter(st, "shrine_maiden", "paranoia", 0)
    assert th.value(st) == calm
    x, need = th.trigger(st, "serial_murder", "shrine_maiden")
    assert x >= need


def test_showtime_of_death_counts_the_living():
    th, st = game("midnight_zone/ties_that_bind")
    showtime = next(c for c in th.loss_conditions if "living_characters_at_most" in c)  # from the plot's loss_if
    b = st.board
    persons = [c for c, x in b.chars.items() if x.in_play and th.roles[c] not in ("friend", "serial_killer")]
    living = sum(1 for x in b.chars.values() if x.in_play)
    values = [loss_progress(th, st, showtime)]
    for c in persons[: living - 6]:  # down to 6 living characters: the loss condition itself
        b.set_alive(c, False)
        values.append(loss_progress(th, st, showtime))
    assert values == sorted(values) and values[-1] - values[0] > 500


def test_with_fated_connections_a_character_with_an_extra_card_is_a_key_person():
    th, st = game("midnight_zone/ties_that_bind")
    person = "office_worker"
    st.board.extra_cards = {person}
    alive = th.value(st)
    st.board.set_alive(person, False)
    assert th.value(st) - alive > 1500


def test_the_rule_based_mastermind_wins_loops_in_midnight_zone():
    """Before these terms the rule-based Mastermind lost loop 1 of two of these scripts to random play."""
    for name in ("midnight_zone/two_men_at_the_crossing", "midnight_zone/tea_under_a_red_moon"):
        # two games a script (each costs the Mastermind a deduction a day to read the table)
        lost = sum(len(play_pairing(scripts()[name], k, "rule", "random")["lost_loops"]) for k in range(2))
        assert lost >= 2, name


def test_protagonist_worlds_for_midnight_zone_come_from_the_deduction_and_the_prior_breaks_no_creation_rule():
    """The deduction covers Midnight Zone (issue 13): the Protagonists' worlds there are its consistent
    scripts. Where it refuses a character of the cast (The Founder's Flock: the Sect Founder) they are
    scripts drawn from the set's plots that pass script.check_script and keep every revealed role."""
    import random

    from scriptkeeper.tragedy_looper.agents.beliefs import Beliefs, beliefs
    from scriptkeeper.tragedy_looper.agents.prior import PriorBeliefs, draw
    from scriptkeeper.tragedy_looper.script import check_script
    from scriptkeeper.tragedy_looper.views import build_view

    for name in ("midnight_zone/tea_under_a_red_moon", "midnight_zone/the_unwritten_page"):
        st = engine.new_game(scripts()[name], 0, 4)
        view = build_view(st, "protagonist1")
        assert "script" not in view
        # a revealed role is kept in every world
        shown = next(c for c in view["characters"] if st.script.cast[c["id"]] != "person")
        shown["revealed_role"] = st.script.cast[shown["id"]]
        rng = random.Random(3)
        got = [s for s in (draw(view, rng) for _ in range(400)) if s is not None]
        assert len(got) >= 10, name
        for s in got:
            assert s["roles"][shown["id"]] == shown["revealed_role"]
            _, problems = check_script({"set": "midnight_zone", "main_plot": s["main"], "subplots": list(s["subs"]),
                                        "loops": view["loops"], "days": view["days"],
                                        "cast": {c: ({"role": r, "turf": "school"} if c == "boss" else r) for c, r in s["roles"].items()},
                                        "incidents": [{"day": sc["day"], "incident": st.script.incidents[i].incident, "culprit": s["culprits"][i]}
                                                      for i, sc in enumerate(view["schedule"])]})
            assert problems == []
        assert len({(s["main"], s["subs"]) for s in got}) > 3  # many plot combinations stay possible
        bel = beliefs(view)
        assert isinstance(bel, Beliefs) and len(bel.worlds(view, 5)) == 5
    view = build_view(engine.new_game(scripts()["midnight_zone/the_founders_flock"], 0, 4), "protagonist1")
    bel = beliefs(view)
    assert isinstance(bel, PriorBeliefs) and len(bel.worlds(view, 5)) == 5


def test_search_agents_play_a_midnight_zone_game_on_both_sides(small_search_budget):
    r = play_pairing(scripts()["midnight_zone/two_men_at_the_crossing"], 2, "search", "search")
    assert r["winner"] in ("mastermind", "protagonists") and r["decisions"] > 0
