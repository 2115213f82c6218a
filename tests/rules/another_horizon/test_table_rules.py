"""Another Horizon's starting hands, kinds of counters, script creation and loop values (seed 000,
"Changes to Starting Action Cards", "Kinds of Counters", "Script Creation Guide: Number of Loops")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.tragedy_looper import board as B
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.loop_value import loop_value, suggested_loops
from scriptkeeper.tragedy_looper.script import load_script
from tests.helpers import start

from .ah import finish_day, mirrors, rule_script

AH_SCRIPTS = sorted(n for n in shipped_scripts() if n.startswith("another_horizon/"))
HANDS = ("protagonist1", "protagonist2", "protagonist3")


def test_each_protagonist_also_holds_paranoia_plus_2_once_per_loop():
    """Seed 000, Changes to Starting Action Cards: each Protagonist has a Paranoia +2 (1x∞) card."""
    g = start(mirrors())
    assert all(g.hands.held[h].count("paranoia_plus_2") == 1 for h in HANDS)
    assert "paranoia_plus_2" in g.rules.protagonist_once_per_loop


def test_the_mastermind_also_holds_goodwill_plus_1_and_despair_plus_1_in_the_first_loop_only():
    """Seed 000: the Mastermind has a Goodwill +1 card, and a Despair +1 (1x∞) card for the first loop only."""
    g = start(mirrors())
    mm = g.hands.held["mastermind"]
    assert mm.count("goodwill_plus_1") == 1 and mm.count("despair_plus_1") == 1
    g = start(mirrors(), {"loop": 1, "day": 6, "phase": "day_end", "gauges": {"extra": 2}})
    finish_day(g)
    assert g.loop == 2 and g.hands.held["mastermind"].count("despair_plus_1") == 0
    assert g.hands.held["mastermind"].count("goodwill_plus_1") == 1


def test_other_sets_hands_are_unchanged():
    from tests.helpers import make_script

    g = start(make_script())
    assert "paranoia_plus_2" not in g.hands.held["protagonist1"] and "goodwill_plus_1" not in g.hands.held["mastermind"]


def test_kinds_of_counters_count_each_kind_once_hope_as_hope_and_guard_too():
    """Seed 000, Kinds of Counters: Paranoia, Goodwill, Intrigue, Hope, Despair, Guard; a Despair is one
    kind (Despair), not Paranoia and Intrigue; tokens are not counted."""
    g = start(rule_script({"nurse": "person", "doctor": "person"}, tokens=True),
              {"day": 1, "phase": "mastermind_abilities",
               "characters": {"nurse": {"despair": 2, "guard": 1, "tokens": ["perished", "acquainted"]}, "doctor": {"hope": 1}}})
    assert B.kinds_of_counters(g.board, "nurse") == 2 and B.kinds_of_counters(g.board, "doctor") == 1
    assert set(g.rules.counters) == {"paranoia", "goodwill", "intrigue", "hope", "despair", "guard"}


@pytest.mark.parametrize("name", AH_SCRIPTS)
def test_every_shipped_another_horizon_script_is_legal(name):
    script = load_script(shipped_scripts()[name])
    assert script.set_id == "another_horizon" and loop_value(script) is not None


def test_at_least_three_shipped_scripts_of_different_shapes():
    """Issue 17: one using Dual Roles, one built around Warps, one around Puppeted Refusal."""
    scripts = {n: load_script(shipped_scripts()[n]) for n in AH_SCRIPTS}
    assert len(scripts) >= 3
    rules = next(iter(scripts.values())).rules
    assert any(sum(rules.roles[r].dual is not None for r in s.cast.values()) >= 3 for s in scripts.values())
    assert any("puppeteers_strings" in s.subplots for s in scripts.values())
    assert any(s.main_plot == "into_nothingness" and "unspeakable_horrors" in s.subplots for s in scripts.values())


def test_loop_values_of_the_guide():
    """Seed 000, Number of Loops: plots, +0.5 per Dimensional Merger incident, The Singularity +0.6,
    Dimensional Fracture +0.2, Hospital Incident +0.4, ±0.4 per incident from 4, 6 days -0.2, 5 or fewer -0.6."""
    dusk = load_script(shipped_scripts()["another_horizon/the_endless_dusk"])
    # Into Nothingness 1.8 + Unspeakable Horrors 0.8 + The Plaguebringer 0.8 + Fracture 0.2 + Singularity 0.6; 4 incidents, 7 days
    assert loop_value(dusk) == 4.2 and suggested_loops(dusk) == 5
    mirrors_ = load_script(shipped_scripts()["another_horizon/through_the_twin_mirrors"])
    # The Forbidden Future 1.5 + Jekyll and Hyde 0.7 + Through the Looking-Glass 0.8 + Singularity 0.6 - 0.2 (6 days)
    assert loop_value(mirrors_) == 3.4
    from .ah import ah

    merger = ah("dimensional_merger", ["crossing_world_lines", "jekyll_and_hyde"],
                {"teacher": "storyteller", "doctor": "shifter", "pop_idol": "fragment", "office_worker": "conspiracy_theorist",
                 "little_sister": "l_key_person_d_brain", "alien": "marionette"},
                [{"day": 1, "incident": "last_will", "culprit": "pop_idol"}, {"day": 2, "incident": "left_behind", "culprit": "alien"}],
                days=5)
    # 1.4 + 2 x 0.5 + 0.5 + 0.7, two incidents (-0.8), 5 days (-0.6)
    assert loop_value(merger) == 2.2


def test_check_prints_the_loop_value_and_the_suggested_loops():
    path = shipped_scripts()["another_horizon/the_endless_dusk"]
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0 and "loop value 4.2" in out.output and "suggested loops: 5" in out.output
