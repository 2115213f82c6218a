"""Agents (issue 5): selectable by name, they answer from a seat's view only; the search agents'
simulations start from games rebuilt from what their seat knows; the arena and analyze commands.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from scriptkeeper.agents import AGENTS, make_agent
from scriptkeeper.agents.arena import parse_pairings, run_arena, wilson
from scriptkeeper.agents.common import Mind, fast_apply, sim_clone
from scriptkeeper.agents.runner import loss_category, play
from scriptkeeper.agents.worlds import build, same_decision
from scriptkeeper.cli import app
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.record import state_digest, state_to_dict
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import random_game, scripts

SMALL = "first_steps/whispers_at_the_gate"


def test_agents_are_selected_by_name():
    assert {"random", "rule", "search"} <= set(AGENTS)
    for name in ("random", "rule", "search"):
        assert make_agent(name, 3).name == name
    with pytest.raises(KeyError):
        make_agent("no_such_agent")


@pytest.mark.parametrize("agent", ["random", "rule", "search"])
@pytest.mark.parametrize("side", ["mastermind", "protagonists"])
def test_every_agent_plays_every_decision_of_a_whole_game_on_either_side(agent, side):
    """The engine rejects any illegal answer, so finishing the game is the test."""
    mm, pr = (agent, "rule") if side == "mastermind" else ("rule", agent)
    for name, players in ((SMALL, 4), ("basic_tragedy/ink_on_the_shrine_steps", 2)):
        r = play(scripts()[name], 11, mm, pr, players=players)
        assert r["winner"] in ("mastermind", "protagonists")
        assert r["decisions"] > 0


def test_agents_work_from_a_view_that_went_through_json():
    """A view is plain data: the same answer whether the agent gets the dict or a JSON copy of it."""
    for seat_agent in ("rule", "search"):
        st = engine.new_game(scripts()[SMALL], 0, 4)
        for _ in range(40):
            d = st.pending
            view = build_view(st, d.seat)
            a1 = make_agent(seat_agent, 5).choose(view, d)
            a2 = make_agent(seat_agent, 5).choose(json.loads(json.dumps(view)), d)
            assert d.index_of(a1) >= 0 and a1 == a2
            engine.apply_in_place(st, a1)


def test_the_same_seed_plays_the_same_game():
    a = play(scripts()[SMALL], 4, "rule", "rule", keep_state=True)
    b = play(scripts()[SMALL], 4, "rule", "rule", keep_state=True)
    assert state_digest(a["state"]) == state_digest(b["state"])


def test_the_masterminds_mind_rebuilds_the_true_game_from_its_view():
    for st, _ in random_game("basic_tragedy/the_boy_who_wasnt_enrolled", 3, 4, "pressure"):
        if st.pending is None:
            break
        if st.pending.seat == "mastermind" and random.Random(len(st.history)).random() < 0.2:
            mind = Mind()
            rebuilt = mind.sync(build_view(st, "mastermind"))
            assert rebuilt is not None
            assert state_to_dict(rebuilt)["characters"] == state_to_dict(st)["characters"]
            assert rebuilt.pending.options == st.pending.options


def test_a_protagonist_world_built_from_the_view_reaches_the_same_decision_and_board():
    """With the true script as the world (and the true face-down cards), the rebuilt game is the game."""
    checked = 0
    for seed in range(4):
        name = ["basic_tragedy/borrowed_tomorrow", "basic_tragedy/ink_on_the_shrine_steps", "first_steps/embers_in_the_ward",
                "basic_tragedy/the_boy_who_wasnt_enrolled"][seed]
        for st, _ in random_game(name, 40 + seed, 4, "pressure"):
            d = st.pending
            if d is None:
                break
            if d.seat == "mastermind" or d.kind not in ("place_card", "goodwill_ability"):
                continue
            view = build_view(st, d.seat)
            true_mm = {p["target"]: p["card"] for p in st.placed if p["by"] == "mastermind"}
            w = build(view, st.script, random.Random(0), guess_mm=lambda targets, hand: [true_mm[t] for t in targets])
            assert w is not None and same_decision(w, d), (name, st.loop, st.day, d.kind)
            # the other Protagonists' face-down cards were guessed: compare before any card resolves
            assert {c: (x.location, x.alive, x.counters) for c, x in w.chars.items()} == \
                   {c: (x.location, x.alive, x.counters) for c, x in st.chars.items()}
            checked += 1
    assert checked > 20


def test_a_simulation_copy_plays_exactly_like_a_full_copy():
    from tests.properties.randomplay import choose

    for st, ans in random_game("basic_tragedy/borrowed_tomorrow", 8, 4, "pressure"):
        if ans is None or len(st.history) % 17:
            continue
        a, b = st.clone(), sim_clone(st)
        r1, r2 = random.Random(1), random.Random(1)
        for _ in range(80):
            if a.pending is None:
                break
            fast_apply(a, choose(r1, a, "pressure"))
            fast_apply(b, choose(r2, b, "pressure"))
        da, db = state_to_dict(a), state_to_dict(b)
        da.pop("decisions_applied")
        db.pop("decisions_applied")
        assert da == db


def test_loss_reasons_are_grouped_without_character_names():
    assert loss_category("Class Rep (Key Person) died") == "Key Person died"
    assert loss_category("Patient (Friend) is dead at loop end") == "Friend dead at loop end"
    assert loss_category("Sign with me!: If there are 2 or more Intrigue on the Key Person, the Protagonists lose.") == "Sign with me!"
    assert loss_category("Killer (Office Worker)") == "Killer"


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert abs(lo - 0.2366) < 1e-3 and abs(hi - 0.7634) < 1e-3
    lo, hi = wilson(0, 200)
    assert lo == 0.0 and abs(hi - 0.0188) < 1e-3


def test_arena_plays_n_games_per_pairing_in_parallel():
    pairs = parse_pairings("random,rule", "random", None)
    assert pairs == [("random", "random"), ("rule", "random")]
    res = run_arena([SMALL], pairs, 4, seed=1, workers=2)
    for s in res.values():
        assert s.games == 4 and s.errors == 0
        assert s.mm_wins + s.p_loop_wins + s.p_guess_wins == 4
        assert sum(s.deciding.values()) == s.lost_loops
    rule = res[(SMALL, None, "rule", "random")]
    assert rule.mm_wins == 4  # the rule-based Mastermind beats random Protagonists here


def test_arena_and_analyze_commands(tmp_path):
    runner = CliRunner()
    md = tmp_path / "table.md"
    r = runner.invoke(app, ["arena", "--mastermind", "random", "--protagonists", "random", "--scripts", SMALL, "-n", "2",
                            "--workers", "1", "--markdown", str(md)])
    assert r.exit_code == 0, r.output
    assert "Mastermind wins" in r.output
    assert md.read_text().startswith("Produced by `scriptkeeper arena")
    r = runner.invoke(app, ["arena", "--mastermind", "nobody", "--scripts", SMALL, "-n", "1"])
    assert r.exit_code == 2
    r = runner.invoke(app, ["analyze", SMALL, "--mastermind", "random", "--protagonists", "random", "--loops", "1,2", "-n", "2",
                            "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "Protagonists win" in r.output


def test_deduce_command_on_a_recorded_game():
    from pathlib import Path

    game = Path(__file__).resolve().parents[2] / "bench" / "games" / "basic_tragedy_4_loops.yaml"
    r = CliRunner().invoke(app, ["deduce", str(game), "--seat", "protagonist"])
    assert r.exit_code == 0, r.output
    assert "consistent script" in r.output
    r = CliRunner().invoke(app, ["deduce", str(game), "--json"])
    data = json.loads(r.output)
    assert data["consistent_scripts"] >= 1
    assert "key_person" in data["characters"]["class_rep"]  # the true role is still possible
    r = CliRunner().invoke(app, ["deduce", str(game), "--seat", "mastermind"])
    assert r.exit_code == 2


def test_search_protagonists_name_the_most_likely_consistent_roles_in_the_final_guess():
    """The Final Guess is a consistent role assignment: the most scripts, weighted by how rarely a
    competent Mastermind would have passed up the wins each one implies (agents/opponent.py)."""
    from pathlib import Path

    from scriptkeeper.agents.opponent import best_guess, likelihood
    from scriptkeeper.deduction import deduce
    from scriptkeeper.tragedy_looper.record import load_game

    gf = load_game(Path(__file__).resolve().parents[2] / "bench" / "games" / "basic_tragedy_4_loops.yaml")
    st = engine.new_game(gf.script, gf.seed, gf.players)
    for dec in gf.decisions:
        if st.pending.kind == "final_guess":
            break
        engine.apply_in_place(st, dec["answer"])
    assert st.pending.kind == "final_guess"
    view = build_view(st, st.pending.seat)
    d = deduce(view)
    best = best_guess(d, random.Random(0))
    assert tuple(sorted(best.items())) in d.role_assignments()
    assert 0 < likelihood(d, best) <= 1
    agent = make_agent("search", 0)
    guesses = {}
    while st.pending is not None and st.pending.kind == "final_guess":
        ch = list(st.script.cast)[len(guesses)]
        ans = agent.choose(build_view(st, st.pending.seat), st.pending)
        guesses[ch] = ans
        engine.apply_in_place(st, ans)
    assert guesses == best


def test_an_arena_with_a_log_goes_on_where_it_stopped(tmp_path):
    """`arena --log`: every finished game is one JSON line; a second run with a larger n plays only
    the missing games, and the summary equals one uninterrupted run (games are seeded)."""
    log = tmp_path / "games.jsonl"
    pairs = [("rule", "random")]
    run_arena([SMALL], pairs, 3, seed=5, workers=1, log=log)
    assert len(log.read_text().splitlines()) == 3
    resumed = run_arena([SMALL], pairs, 5, seed=5, workers=1, log=log)
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert len(lines) == 5 and len({tuple(x["task"]) for x in lines}) == 5
    whole = run_arena([SMALL], pairs, 5, seed=5, workers=1)
    # A run killed while writing leaves half a line: that game is played again on the next run.
    log.write_text(log.read_text()[:-40])
    again = run_arena([SMALL], pairs, 5, seed=5, workers=1, log=log)
    assert again[(SMALL, None, "rule", "random")].games == 5
    assert len([x for x in log.read_text().splitlines() if x.endswith("}")]) == 5
    a, b = resumed[(SMALL, None, "rule", "random")], whole[(SMALL, None, "rule", "random")]
    assert (a.games, a.mm_wins, a.p_wins, a.loops, a.deciding) == (b.games, b.mm_wins, b.p_wins, b.loops, b.deciding)


def test_the_arena_compares_each_sides_agents_against_the_same_opponent():
    """Agents are ranked random < rule < search; each neighbour pair is compared on the side it plays,
    against the same opponent, and 'intervals apart' means the 95% intervals do not overlap."""
    from scriptkeeper.agents.arena import Summary, comparisons, comparisons_markdown

    def summary(mm: str, pr: str, games: int, mm_wins: int) -> Summary:
        s = Summary("S", mm, pr, games=games, mm_wins=mm_wins, p_loop_wins=games - mm_wins)
        return s

    sums = [summary("random", "rule", 200, 10), summary("rule", "rule", 200, 120), summary("search", "rule", 200, 130),
            summary("rule", "random", 200, 199), summary("rule", "search", 200, 40)]
    comps = comparisons(sums)
    got = {(c.side, c.opponent, c.weaker.mastermind if c.side == "mastermind" else c.weaker.protagonists,
            c.stronger.mastermind if c.side == "mastermind" else c.stronger.protagonists): (c.better, c.outside_ci) for c in comps}
    assert got == {
        ("mastermind", "rule", "random", "rule"): (True, True),
        ("mastermind", "rule", "rule", "search"): (True, False),  # 60% vs 65% at n=200: the intervals overlap
        ("protagonists", "rule", "random", "rule"): (True, True),
        ("protagonists", "rule", "rule", "search"): (True, True),
        # the search Mastermind against random Protagonists was not played: no comparison is invented
    }
    assert comparisons_markdown(comps).count("\n") == len(comps) + 1
