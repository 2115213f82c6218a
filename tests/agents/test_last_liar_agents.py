"""What the deduction and the agents do with Last Liar (issue 16, item 7): the exact deduction covers
Last Liar (tests/deduction/test_last_liar.py), so the page's assistant and the Protagonist agents read
the consistent set; the rule-based agents play it (tests/cli/test_play_replay.py plays every Last
Liar script with them): a Traitor Protagonist C names culprits from its own view, and the
Mastermind chooses The Executor's Protagonist without any Extra card in its view."""

from __future__ import annotations

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.beliefs import beliefs
from scriptkeeper.tragedy_looper.agents.prior import PriorBeliefs
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.script import load_script
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import start
from tests.rules.last_liar.ll import DEALT, DETECTIVE_INCIDENTS, detective


def test_the_deduction_and_its_assistant_read_a_last_liar_protagonists_view():
    state = engine.new_game(load_script(GAME.shipped_setups()["last_liar/the_last_bell"]), 0, 4)
    view = build_view(state, "protagonist1")
    assert deduce(view).count > 0
    panel = GAME.assistant(view)
    assert "unsupported" not in panel and panel["characters"]
    # beliefs from the deduction, not the prior (agents/beliefs.py)
    assert not isinstance(beliefs(view), PriorBeliefs)


def test_a_traitor_c_agent_names_a_revealed_culprit_from_its_own_view():
    g = start(detective(), {"phase": "final_guess", "loop": 4, "day": 4, "extra_cards": DEALT, "revealed_culprits": [2]})
    d = g.pending
    assert d.kind == "culprit_guess" and d.seat == "protagonist3"
    agent = RuleAgent(1)
    assert agent.choose(build_view(g, "protagonist3"), d) == DETECTIVE_INCIDENTS[0]["culprit"]
