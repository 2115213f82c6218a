import os

import pytest

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The longest tests (whole games in browsers, over the server, or played by agents), started first:
# pytest-xdist hands tests out in collection order, so a long test collected last would run alone
# at the end while the other worker idles (longest first keeps the two workers' ends together).
LONGEST_FIRST = (
    "tests/server/test_browser_solo.py", "tests/clocktower/test_server.py", "tests/server/test_browser_last_liar.py",
    "tests/server/test_browser.py", "tests/server/test_browser_languages.py", "tests/server/test_browser_editor.py",
    "tests/server/test_browser_another_horizon.py", "tests/clocktower/test_browser.py", "tests/server/test_second_game.py",
    "tests/server/test_restart.py", "tests/deduction/test_soundness.py", "tests/cli/test_play_replay.py",
    "tests/test_golden_agent_games.py", "tests/server/test_page_names.py", "tests/properties/test_secrecy.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def order(item: pytest.Item) -> int:
        return rank.get(item.nodeid.split("::", 1)[0], len(rank))

    items.sort(key=order)  # a stable sort: the other tests keep their order


@pytest.fixture
def small_search_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games played by the search agents test that every decision they make is legal, not
    how well they play: the smallest budgets walk every branch of the search (candidates, worlds,
    rollouts over two days) at a fraction of the time."""
    from scriptkeeper.tragedy_looper.agents.search import SearchAgent

    for name, value in {"mm_candidates": 2, "mm_rollouts": 2, "p_candidates": 2, "p_extra": 1,
                        "p_worlds": 2, "p_days": 2}.items():
        monkeypatch.setattr(SearchAgent, name, value)
