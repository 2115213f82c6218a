"""The Mastermind's board score (agents/threat.py) knows Midnight Zone's loss conditions (seed 001):
the rule-based and search Masterminds pursue them, and the Protagonists' worlds fear them."""

from __future__ import annotations

from scriptkeeper.agents.common import LightBoard
from scriptkeeper.agents.runner import play
from scriptkeeper.agents.threat import Threat
from scriptkeeper.tragedy_looper import engine
from tests.properties.randomplay import scripts


def board(name: str) -> tuple[Threat, LightBoard]:
    st = engine.new_game(scripts()[name], 0, 4)
    return Threat(st.script), LightBoard.from_state(st)


def test_male_confrontation_scores_intrigue_on_the_ninja_alive_or_dead():
    th, b = board("midnight_zone/two_men_at_the_crossing")
    ninja = "police_officer"
    base = th.value(b)
    b.chars[ninja].i = 1
    one = th.value(b)
    b.chars[ninja].i = 2
    two = th.value(b)
    assert base < one < two and two - base > 300  # 2 Intrigue is the loss condition itself
    b.chars[ninja].alive = False
    assert th.value(b) >= two - 1  # a dead Ninja with 2 Intrigue still loses the loop


def test_a_ninja_beside_a_key_person_with_2_intrigue_is_a_loss_at_day_end():
    th, b = board("midnight_zone/tea_under_a_red_moon")  # Doctor is the Ninja, Shrine Maiden the Key Person
    b.chars["shrine_maiden"].loc = b.chars["doctor"].loc
    b.chars["shrine_maiden"].i = 1
    before = th.value(b)
    b.chars["shrine_maiden"].i = 2
    assert th.value(b) - before > 800


def test_a_prophet_beside_the_culprit_calls_the_incident_off():
    th, b = board("midnight_zone/two_men_at_the_crossing")  # Alien is the Prophet; Girl Student's Suicide on day 3
    girl = b.chars["girl_student"]
    girl.p = 1
    b.chars["alien"].loc = "hospital" if girl.loc != "hospital" else "city"
    away = th.value(b)
    b.chars["alien"].loc = girl.loc
    assert th.value(b) < away


def test_an_obstinate_culprits_incident_counts_as_ready_whatever_its_paranoia():
    th, b = board("midnight_zone/ties_that_bind")  # Shrine Maiden is Obstinate, culprit of two Serial Murders
    calm = th.value(b)
    b.chars["shrine_maiden"].p = 0
    assert th.value(b) == calm
    x, need = th.mz_trigger("serial_murder", "shrine_maiden", b, 0, th.limit["shrine_maiden"])
    assert x >= need


def test_showtime_of_death_counts_the_living():
    th, b = board("midnight_zone/ties_that_bind")
    persons = [c for c, x in b.chars.items() if x.in_play and th.roles[c] not in ("friend", "serial_killer")]
    living = sum(1 for x in b.chars.values() if x.in_play)
    values = [th.mz_value(b)]  # the Midnight Zone terms alone: a death also ends its incidents' threat
    for c in persons[: living - 6]:  # down to 6 living characters: the loss condition itself
        b.chars[c].alive = False
        values.append(th.mz_value(b))
    assert values == sorted(values) and values[-1] - values[0] > 500


def test_with_fated_connections_a_character_with_an_extra_card_is_a_key_person():
    th, b = board("midnight_zone/ties_that_bind")
    person = "office_worker"
    b.extra = frozenset({person})
    alive = th.value(b)
    b.chars[person].alive = False
    assert th.value(b) - alive > 1500


def test_the_rule_based_mastermind_wins_loops_in_midnight_zone():
    """Before these terms the rule-based Mastermind lost loop 1 of two of these scripts to random play."""
    for name in ("midnight_zone/two_men_at_the_crossing", "midnight_zone/tea_under_a_red_moon"):
        lost = sum(len(play(scripts()[name], k, "rule", "random")["lost_loops"]) for k in range(4))
        assert lost >= 4, name


def test_protagonist_worlds_for_midnight_zone_come_from_the_prior_and_break_no_creation_rule():
    """The deduction covers First Steps and Basic Tragedy; in Midnight Zone the Protagonists' worlds are
    scripts drawn from the set's plots that pass script.check_script and keep every revealed role."""
    import random

    from scriptkeeper.agents.beliefs import beliefs
    from scriptkeeper.agents.prior import PriorBeliefs, draw
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
        assert isinstance(bel, PriorBeliefs) and len(bel.worlds(view, 5)) == 5


def test_search_agents_play_a_midnight_zone_game_on_both_sides():
    r = play(scripts()["midnight_zone/two_men_at_the_crossing"], 2, "search", "search")
    assert r["winner"] in ("mastermind", "protagonists") and r["decisions"] > 0
