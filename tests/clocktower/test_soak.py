"""Random games end with a winner, every decision legal, and no player's view ever holds
another's character, alignment, bluffs, drunkenness or poison, or private information.

CI plays 60 unchecked games and 20 checked ones (5 to 15 players, every view every 9 decisions); bench/clocktower_soak.py plays the issue's 1,000 games with every
view checked at every decision (outside CI: about a minute of CPU per 100 games)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scriptkeeper.clocktower.game import GAME

from .soak import play_random, secrecy_problems

SOAK_GAMES = 60
SECRECY_GAMES = 20


def test_random_games_end_with_a_winner_and_per_seat_results() -> None:
    winners = set()
    for seed in range(SOAK_GAMES):
        state, _ = play_random(seed)
        out = GAME.outcome(state)
        assert out is not None, seed
        assert set(out.results) == set(state.seats) and set(out.results.values()) <= {"win", "lose"}
        winners.add(out.winner)
    assert winners == {"good", "evil"}


@pytest.mark.parametrize("seed", range(SECRECY_GAMES))
def test_no_players_view_holds_another_players_secrets(seed: int) -> None:
    state, problems = play_random(1000 + seed, players=5 + seed % 11, check_every=9)  # 5 to 15 players
    assert problems == []


def test_the_custom_script_and_written_grimoire_play_too() -> None:
    for name in ("carousel_sample", "manor_seven"):
        setup = GAME.load_setup(str(GAME.shipped_setups()[name]), Path("."))
        for seed in range(3):
            state, problems = play_random(seed, setup=setup, check_every=11)
            assert GAME.outcome(state) is not None and problems == []


def test_the_checker_catches_a_leak() -> None:
    state, _ = play_random(3, players=7)
    # mid-game copy: replay the first decisions only
    again = GAME.new_game(state.setup, 3, {"players": 7})
    for h in state.history[:40]:
        GAME.apply(again, h["answer"], seat=h["seat"])
    assert secrecy_problems(again, "p1") == []
    from scriptkeeper.clocktower import views
    real = views.build
    try:
        views.build = lambda game, st, seat: {**real(game, st, seat), "grimoire": []}  # type: ignore[assignment]
        import scriptkeeper.clocktower.game as g
        g.build = views.build  # type: ignore[attr-defined]
        assert secrecy_problems(again, "p1")
    finally:
        views.build = real
        g.build = real  # type: ignore[attr-defined]


def test_every_text_of_random_games_renders_in_english() -> None:
    from scriptkeeper.clocktower.state import STORYTELLER
    from scriptkeeper.core.text import localize

    from .storyteller import RandomStoryteller
    from scriptkeeper.clocktower.agents import RandomPlayer

    render = GAME.renderer()
    for seed in range(6):
        state = GAME.new_game(GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path(".")), seed, {"players": 5 + seed})
        story, players = RandomStoryteller(seed), RandomPlayer(seed)
        while (d := GAME.pending(state)) is not None:
            render(d.prompt)
            for i in range(len(d.options)):
                render(d.label(i))
            GAME.apply(state, (story if d.seat == STORYTELLER else players).choose({}, d), seat=d.seat)
        for e in state.events:
            render(e.text)
        out = GAME.outcome(state)
        assert out is not None and render(out.reason)
        assert localize(GAME.view(state, "p1"), render)["log"]
        assert GAME.view_text(localize(GAME.view(state, STORYTELLER), render))
