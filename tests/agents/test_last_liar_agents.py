"""What the deduction and the agents do with Last Liar (issue 16, item 7): the exact deduction is
written for First Steps and Basic Tragedy and refuses Last Liar loudly (UnmodelledRule; the page's
assistant says so); the rule-based agents play it (tests/cli/test_play_replay.py plays every Last
Liar script with them): a Traitor Protagonist C names culprits from its own view, and the
Mastermind chooses The Executor's Protagonist without any Extra card in its view."""

from __future__ import annotations

import pytest

from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import start
from tests.rules.last_liar.ll import DEALT, DETECTIVE_INCIDENTS, detective


def test_the_deduction_refuses_last_liar_loudly():
    g = start(detective(), {"extra_cards": DEALT})
    view = build_view(g, "protagonist1")
    with pytest.raises(UnmodelledRule, match="last_liar"):
        deduce(view)
    assert "unsupported" in GAME.assistant(view)


def test_a_traitor_c_agent_names_a_revealed_culprit_from_its_own_view():
    g = start(detective(), {"phase": "final_guess", "loop": 4, "day": 4, "extra_cards": DEALT, "revealed_culprits": [2]})
    d = g.pending
    assert d.kind == "culprit_guess" and d.seat == "protagonist3"
    agent = RuleAgent(1)
    assert agent.choose(build_view(g, "protagonist3"), d) == DETECTIVE_INCIDENTS[0]["culprit"]
