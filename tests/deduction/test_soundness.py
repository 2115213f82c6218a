"""Deduction soundness: on finished games, the true script satisfies every fact the Protagonists'
view gives, and so is among the consistent scripts (issue 5: 1,000 random finished games).

Games are complete random games (tests/properties/randomplay.py) on every shipped First Steps and
Basic Tragedy script (and, fewer, on the augmented sets' and Midnight Zone's scripts), 4 and 2 players, uniform and Mastermind-pressing styles; then games where
the rule-based Mastermind wins loop after loop against random Protagonists, checked at every loop
start too. A sample of games is solved whole: the true script is counted, its roles and culprits
are among the possible ones.
"""

from __future__ import annotations

import random

import pytest

from scriptkeeper.agents.runner import play, seat_agents
from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.deduction import deduce, observe
from scriptkeeper.tragedy_looper.deduction.check import violations
from scriptkeeper.tragedy_looper.deduction.observe import check_rules
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.refs import MASTERMIND
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import random_game, script_names, scripts

def deduction_models(name: str) -> bool:
    """Does the deduction model every rule of this script (its set and the characters it casts)? It
    refuses the others (UnmodelledRule; tests/deduction/test_refusals.py)."""
    s = scripts()[name]
    try:
        check_rules(s.rules, list(s.cast))
    except UnmodelledRule:
        return False
    return True


NAMES = [n for n in script_names() if n.split("/")[0] in ("first_steps", "basic_tragedy") and deduction_models(n)]
GAMES = 1000
CHUNK = 50
# One game in 40 is solved whole, the b-th of them at offset b in its block, so that the sample
# goes through every script, both player counts and both styles of game_spec (k % 40 == 0 alone
# would only ever pick 2-player uniform games of half the scripts).
SOLVED = {40 * b + b % 40 for b in range(GAMES // 40)}


def board_matches(obs, state: GameState) -> list[str]:
    """Where the board the walker rebuilt from events differs from the engine's (characters on the
    board, locations)."""
    b = obs.board
    out = []
    for ch, c in state.chars.items():
        if c.location is None:
            continue
        mine = b.chars.get(ch)
        if mine is None or (mine.location, mine.alive, mine.counters) != (c.location, c.alive, c.counters):
            out.append(ch)
    out += [l for l, v in state.locations.items() if b.locations[l] != v]
    return out


def game_spec(k: int) -> tuple[str, int, int, str]:
    return NAMES[k % len(NAMES)], 7000 + k, 2 if k % 5 == 0 else 4, "pressure" if k % 2 else "uniform"


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_true_script_survives_every_fact_in_random_finished_games(chunk):
    for k in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        name, seed, players, style = game_spec(k)
        for state, _ in random_game(name, seed, players, style):
            pass
        assert state.result is not None
        view = build_view(state, "protagonist1")
        obs = observe(view)
        assert board_matches(obs, state) == [], (name, seed)
        bad = violations(obs, state.script)
        assert bad == [], (name, seed, players, style, bad[:3])
        if k in SOLVED:
            assert_true_script_consistent(view, state)


def rule_mastermind_game(name: str, seed: int, players: int) -> GameState:
    """A whole game of the rule-based Mastermind against random Protagonists."""
    setup = scripts()[name]
    options = GAME.check_options({"players": players})
    seats = GAME.seats(setup, options)
    agents = seat_agents(GAME, {seat: "rule" if seat == MASTERMIND else "random" for seat in seats}, seed, seats)
    return play(GAME, setup, seed, agents, options, keep_state=True)["state"]  # type: ignore[no-any-return]


# The augmented sets' shipped scripts (seed 000, "New Rules in Previous Tragedy Sets"): the Fragment,
# Crossing World Lines, Hope and Despair, The Light of Hope and The Murk of Despair, and in Nearing
# Nothing Rei's Part-Timer, Part-Timer(?), Servant and Metaworld Denizen. Few games each (the suite's
# time): both styles and player counts, checked at a tenth of the decisions and at the end, solved whole.
REI_NAMES = [n for n in script_names() if n.split("/")[0] in ("first_steps_plus", "basic_tragedy_plus") and deduction_models(n)]
REI_GAMES = 10


def assert_true_script_consistent(view, state: GameState) -> None:
    d = deduce(view)
    s = state.script
    assert d.consistent(s.main_plot, s.subplots, dict(s.cast), {i: inc.culprit for i, inc in enumerate(s.incidents)})
    for ch, role in s.cast.items():
        if ch in d.roles:
            assert role in d.possible_roles(ch), (ch, role)
    for i, inc in enumerate(s.incidents):
        assert inc.culprit in d.possible_culprits(i)


def test_the_augmented_scripts_are_deduced():
    assert len(REI_NAMES) == len([n for n in script_names() if n.split("/")[0] in ("first_steps_plus", "basic_tragedy_plus")]) >= 3


@pytest.mark.parametrize("name", REI_NAMES)
def test_true_script_survives_every_fact_in_random_rei_games(name):
    check_random_games(name, REI_GAMES, first_seed=9100, share=0.1)


def check_random_games(name: str, games: int, first_seed: int, share: float) -> None:
    """Random games (both styles, two and four players): at a `share` of the Protagonists'
    decisions and at the end, the board the facts rebuild is the true one and no fact is violated;
    at the end the true script is one of the consistent ones."""
    for k in range(games):
        seed, players, style = first_seed + k, 2 if k % 5 == 0 else 4, "pressure" if k % 2 else "uniform"
        rng = random.Random(seed)
        for state, _ in random_game(name, seed, players, style):
            if state.pending is not None and state.pending.seat != MASTERMIND and rng.random() < share:
                obs = observe(build_view(state, state.pending.seat))
                assert board_matches(obs, state) == [], (name, seed)
                assert violations(obs, state.script) == [], (name, seed, state.loop, state.day)
        view = build_view(state, "protagonist1")
        obs = observe(view)
        assert board_matches(obs, state) == [], (name, seed)
        assert violations(obs, state.script) == [], (name, seed, players, style)
        assert_true_script_consistent(view, state)


# Midnight Zone and Midnight Zone+ (seed 001; seed 000 for the augmentation): the Ninja's possible lie,
# the Magician, the Prophet, the Obstinate, Extra cards, the Fake Incident under another name, Serial
# Murders sharing a culprit. Every shipped script whose cast the deduction models (the others are
# refused naming the character: tests/deduction/test_refusals.py).
MZ_SETS = ("midnight_zone", "midnight_zone_plus")
MZ_NAMES = [n for n in script_names() if n.split("/")[0] in MZ_SETS and deduction_models(n)]
MZ_GAMES = 8


def test_the_midnight_zone_scripts_are_deduced():
    shipped = [n for n in script_names() if n.split("/")[0] in MZ_SETS]
    assert len(MZ_NAMES) >= 5 and set(shipped) - set(MZ_NAMES) == {"midnight_zone/the_founders_flock"}


@pytest.mark.parametrize("name", MZ_NAMES)
def test_true_script_survives_every_fact_in_random_midnight_zone_games(name):
    check_random_games(name, MZ_GAMES, first_seed=9300, share=0.05)


# Last Liar (seed 000): the Secretkeeper's reveals and doom, the Influencer, the Wildcard on days 3 and 6,
# the Watcher's Despair, The Sealed Conclusion, The Demon's Script, The Mythomaniac's Secret, The
# Executor, Distortion, Last Will, the Traitors' conditions and their announcement. One short random
# game a script (the suite's time; four players, the set's only count), checked at a twentieth of the
# decisions and at the end, the true script consistent.
LL_NAMES = [n for n in script_names() if n.split("/")[0] == "last_liar" and deduction_models(n)]


def test_the_last_liar_scripts_are_deduced():
    assert LL_NAMES == [n for n in script_names() if n.split("/")[0] == "last_liar"] and len(LL_NAMES) >= 3


@pytest.mark.parametrize("name", LL_NAMES)
def test_true_script_survives_every_fact_in_a_random_last_liar_game(name):
    check_random_games(name, 1, first_seed=9501, share=0.05)


@pytest.mark.parametrize("name", NAMES + REI_NAMES + MZ_NAMES)
def test_true_script_survives_long_games_at_every_loop_start(name):
    """The rule-based Mastermind against random Protagonists: every loop is played and lost. One game
    a script (its Mastermind reads the table with a deduction a day: the suite's time), two and four
    players alternating over the scripts."""
    long_names = NAMES + REI_NAMES + MZ_NAMES
    for seed in [long_names.index(name) % 2]:
        final = rule_mastermind_game(name, 500 + seed, 4 if seed % 2 else 2)
        replayed = engine.new_game(final.script, final.seed, final.players)
        rng = random.Random(seed)
        for h in final.history:
            if replayed.pending.seat != MASTERMIND and rng.random() < 0.1:
                view = build_view(replayed, replayed.pending.seat)
                obs = observe(view)
                assert board_matches(obs, replayed) == []
                assert violations(obs, final.script) == [], (name, seed, replayed.loop, replayed.day)
            engine.apply_in_place(replayed, h["answer"])
        obs = observe(build_view(final, "protagonist1"))
        assert violations(obs, final.script) == []


def test_an_incident_that_kills_then_ends_the_loop_leaves_its_deaths_unreacted_to():
    """Seed 002 (Hospital Incident): everyone in the Hospital dies, then with 2 Intrigue there the
    Protagonists die. The deaths' triggered rules come once the incident's steps are done (engine:
    settle_deaths), so the loop ended before the Lover could react to the Nurse: no fact says nobody
    reacted (found by a random game of Nearing Nothing, seed 7277)."""
    for state, _ in random_game("basic_tragedy_plus/nearing_nothing", 7277, 4, "pressure"):
        pass
    view = build_view(state, "protagonist1")
    types = [e["type"] for e in view["events"]]
    k = types.index("protagonists_die")
    assert types[k - 6:k].count("death") == 3  # the Office Worker, the Nurse (the Lover), the Doctor
    obs = observe(view)
    assert violations(obs, state.script) == []
    assert_true_script_consistent(view, state)
