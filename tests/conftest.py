import os

import pytest

from hypothesis import settings

# CI runs as many examples as a developer's run: the suite must stay within 5 minutes on 2 cores.
settings.register_profile("ci", max_examples=30, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def small_search_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games played by the search agents test that every decision they make is legal, not
    how well they play: the smallest budgets walk every branch of the search (candidates, worlds,
    rollouts over two days) at a fraction of the time."""
    from scriptkeeper.tragedy_looper.agents.search import SearchAgent

    for name, value in {"mm_candidates": 2, "mm_rollouts": 2, "p_candidates": 2, "p_extra": 1,
                        "p_worlds": 2, "p_days": 2}.items():
        monkeypatch.setattr(SearchAgent, name, value)
