"""Agents (issue 5): selectable by name, they answer from a seat's view only; the search agents'
simulations start from games rebuilt from what their seat knows; the arena and analyze commands.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scriptkeeper.agents import make_agent
from scriptkeeper.agents.runner import play, seat_agents
from scriptkeeper.cli import app
from scriptkeeper.core import flow, record
from scriptkeeper.core.text import Ref, T, to_json
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.arena import parse_pairings, play_pairing, run_arena, wilson
from scriptkeeper.tragedy_looper.agents.common import Mind, play_option, sandbox_copy
from scriptkeeper.tragedy_looper.agents.worlds import build, same_decision
from scriptkeeper.tragedy_looper.game import GAME, canonical_state, loss_category, state_digest
from scriptkeeper.tragedy_looper.texts import renderer
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import choose, random_game, scripts

SMALL = "first_steps/whispers_at_the_gate"
BENCH_GAME = Path(__file__).resolve().parents[2] / "bench" / "games" / "basic_tragedy_4_loops.yaml"


def test_agents_are_selected_by_name():
    # weakest first, then the search agent's difficulty levels (issue 22)
    assert list(GAME.agents()) == ["random", "rule", "search", "search:easy", "search:normal", "search:hard"]
    for name in GAME.agents():
        assert make_agent(GAME, name, 3).name == name
    with pytest.raises(KeyError):
        make_agent(GAME, "no_such_agent")


@pytest.mark.parametrize("agent", ["random", "rule", "search"])
@pytest.mark.parametrize("side", ["mastermind", "protagonists"])
def test_every_agent_plays_every_decision_of_a_whole_game_on_either_side(agent, side, small_search_budget):
    """The engine rejects any illegal answer, so finishing the game is the test."""
    mm, pr = (agent, "rule") if side == "mastermind" else ("rule", agent)
    for name, players in ((SMALL, 4), ("basic_tragedy/ink_on_the_shrine_steps", 2)):
        r = play_pairing(scripts()[name], 11, mm, pr, players=players)
        assert r["winner"] in ("mastermind", "protagonists")
        assert r["decisions"] > 0


def test_the_runner_seats_each_agent_with_its_own_seed():
    """Seat k (game master first) gets seed*10+1+k: the seeds the arena has always used."""
    seats = GAME.seats(scripts()[SMALL], {"players": 4})
    agents = seat_agents(GAME, {s: "random" for s in seats}, 5, seats)
    for k, seat in enumerate(seats):
        assert agents[seat].rng.random() == random.Random(51 + k).random()


def test_agents_work_from_a_view_that_went_through_json(small_search_budget):
    """A view is data: the same answer whether the agent gets the view or its JSON form (Texts as
    {"$text": ...}, what a program reads from the server or a file)."""
    for seat_agent in ("rule", "search"):
        st = engine.new_game(scripts()[SMALL], 0, 4)
        for _ in range(40):
            d = st.pending
            if d is None:
                break
            view = build_view(st, d.seat)
            a1 = make_agent(GAME, seat_agent, 5).choose(view, d)
            a2 = make_agent(GAME, seat_agent, 5).choose(json.loads(json.dumps(to_json(view))), d)
            assert d.index_of(a1) >= 0 and a1 == a2
            engine.apply_in_place(st, a1)


def test_the_same_seed_plays_the_same_game():
    a = play_pairing(scripts()[SMALL], 4, "rule", "rule", keep_state=True)
    b = play_pairing(scripts()[SMALL], 4, "rule", "rule", keep_state=True)
    assert state_digest(a["state"]) == state_digest(b["state"])


def test_the_masterminds_mind_rebuilds_the_true_game_from_its_view():
    for st, _ in random_game("basic_tragedy/the_boy_who_wasnt_enrolled", 3, 4, "pressure"):
        if st.pending is None:
            break
        if st.pending.seat == "mastermind" and random.Random(len(st.history)).random() < 0.2:
            mind = Mind()
            rebuilt = mind.sync(build_view(st, "mastermind"))
            assert rebuilt is not None
            assert canonical_state(rebuilt) == canonical_state(st)
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
            true_mm = {p.target: p.card for p in st.placed if p.by == "mastermind"}
            w = build(view, st.script, random.Random(0), guess_mm=lambda targets, hand: [true_mm[t] for t in targets])
            assert w is not None and same_decision(w, d), (name, st.loop, st.day, d.kind)
            assert w.pending.options == d.options
            # the other Protagonists' face-down cards were guessed: compare before any card resolves
            assert w.board == st.board
            # what the Protagonists saw of this loop (the Mastermind's own abilities are its secret)
            public = lambda refs: {r for r in refs if r.kind == "goodwill"}  # noqa: E731
            assert (w.this_loop.occurred, w.this_loop.used, w.this_loop.died, w.this_loop.revealed) == \
                   (st.this_loop.occurred, public(st.this_loop.used), st.this_loop.died, st.this_loop.revealed)
            assert w.today.used == public(st.today.used)
            assert {h: sorted(c) for h, c in w.hands.set_aside.items()} == {h: sorted(c) for h, c in st.hands.set_aside.items()}
            checked += 1
    assert checked > 20


def test_a_simulation_copy_plays_exactly_like_a_full_copy():
    """sandbox_copy drops the log and the history; the game it plays is the same."""
    for st, ans in random_game("basic_tragedy/borrowed_tomorrow", 8, 4, "pressure"):
        if ans is None or len(st.history) % 17:
            continue
        a, b = st.clone(), sandbox_copy(st)
        assert b.events == [] and not b.record_events
        r1, r2 = random.Random(1), random.Random(1)
        for _ in range(80):
            if a.pending is None:
                break
            flow.apply_in_place(a, choose(r1, a, "pressure"))
            play_option(b, choose(r2, b, "pressure"))
        da, db = canonical_state(a), canonical_state(b)
        da.pop("decisions", None)
        db.pop("decisions", None)
        assert da == db


def test_loss_reasons_are_grouped_without_character_names():
    render = renderer("basic_tragedy")
    assert render(loss_category(T("loss.key_person_died", character=Ref("character", "class_rep")))) == "Key Person died"
    assert render(loss_category(T("loss.friend_dead", character=Ref("character", "patient")))) == "Friend dead at loop end"
    assert render(loss_category(T("loss.plot_rule", plot=Ref("plot", "sign_with_me"), rule=T("x")))) == "Sign with me!"
    assert render(loss_category(T("cause.role", role=Ref("role", "killer"), character=Ref("character", "office_worker")))) == "Killer"


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
        assert all(isinstance(k, str) and "$" not in k for k in s.deciding)  # rendered categories
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
    r = CliRunner().invoke(app, ["deduce", str(BENCH_GAME), "--seat", "protagonist"])
    assert r.exit_code == 0, r.output
    assert "consistent script" in r.output
    r = CliRunner().invoke(app, ["deduce", str(BENCH_GAME), "--json"])
    data = json.loads(r.output)
    assert data["consistent_scripts"] >= 1
    assert "key_person" in data["characters"]["class_rep"]  # the true role is still possible
    r = CliRunner().invoke(app, ["deduce", str(BENCH_GAME), "--seat", "mastermind"])
    assert r.exit_code == 2


def test_search_protagonists_name_the_most_likely_consistent_roles_in_the_final_guess():
    """The Final Guess is a consistent role assignment: the most scripts, weighted by how rarely a
    competent Mastermind would have passed up the wins each one implies (agents/opponent.py)."""
    from scriptkeeper.tragedy_looper.agents.opponent import best_guess, likelihood
    from scriptkeeper.tragedy_looper.deduction import deduce

    gf = record.load_game(BENCH_GAME)
    st = record.start(gf)
    for dec in gf.decisions:
        if st.pending.kind == "final_guess":
            break
        engine.apply_in_place(st, dec["answer"])
    assert st.pending.kind == "final_guess"
    view = build_view(st, st.pending.seat)
    d = deduce(view)
    best = best_guess(d, random.Random(0))
    assert tuple(sorted(best.items())) in d.role_assignments()
    assert likelihood(d, best) > 0  # a weight, never 0: the support stays the deduction's
    agent = make_agent(GAME, "search", 0)
    guesses = {}
    while st.pending is not None and st.pending.kind == "final_guess":
        ch = st.pending.info["character"]
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
    from scriptkeeper.tragedy_looper.agents.arena import Summary, comparisons, comparisons_markdown

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


def test_the_generic_runner_reports_the_games_summary():
    """runner.play knows no game: the summary (winner, loops, how the Protagonists won, the lost
    loops' categories as Text JSON) is the game's own."""
    s = scripts()[SMALL]
    seats = GAME.seats(s, {"players": 4})
    r = play(GAME, s, 2, seat_agents(GAME, {seat: "random" for seat in seats}, 2, seats), {"players": 4})
    assert r["winner"] in ("mastermind", "protagonists") and r["decisions"] > 0
    assert r["won_by"] in (None, "loop", "final_guess")
    render = renderer(s.set_id)
    from scriptkeeper.core.text import from_json

    for lost in r["lost_loops"]:
        assert lost["reasons"] and all(render(from_json(x)) for x in lost["reasons"])
