"""What the deduction and the agents do with Another Horizon (issue 17): they refuse it loudly
(UnmodelledRule) rather than reason as if its Extra Gauge, secret Warps, worlds, Dual Roles and
Puppeted Refusal did not exist; the page's assistant says so."""

from __future__ import annotations

import pytest

from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.agents.search import SearchAgent
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import start
from tests.rules.another_horizon.ah import mirrors


def test_the_deduction_refuses_another_horizon_loudly():
    g = start(mirrors())
    view = build_view(g, "protagonist1")
    with pytest.raises(UnmodelledRule, match="another_horizon"):
        deduce(view)
    assert "unsupported" in GAME.assistant(view)


@pytest.mark.parametrize("agent", [RuleAgent(1), SearchAgent(1)])
@pytest.mark.parametrize("seat", ["mastermind", "protagonist1"])
def test_the_agents_refuse_another_horizon_at_their_first_decision(agent, seat):
    g = start(mirrors())
    while g.pending is not None and g.pending.seat != seat:
        engine.apply_in_place(g, g.pending.options[0])
    assert g.pending is not None
    with pytest.raises(UnmodelledRule, match="Tragedy Set 'another_horizon'"):
        agent.choose(build_view(g, seat), g.pending)
