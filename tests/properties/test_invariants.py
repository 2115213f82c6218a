"""Invariants that hold after every decision of any game (rules-notes sections 1-4; seed 002).

Random complete games over every shipped script, with 4 and with 2 players: the counters never
go negative, a legal decision exists until the game ends, the dead take no actions, `apply` is
pure, a clone is the same state, and a game file replays to the same state and the same events.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scriptkeeper.core.decision import canonical
from scriptkeeper.core import record
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import GAME, state_digest
from scriptkeeper.tragedy_looper.query import forbidden_locations
from scriptkeeper.tragedy_looper.state import MASTERMIND, PROTAGONIST_SEATS, GameState

from .randomplay import PLAYERS, STYLES, random_game, script_names, scripts

games = st.fixed_dictionaries({
    "name": st.sampled_from(script_names()),
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from(PLAYERS),
    "style": st.sampled_from(STYLES),
})


def ability_source(key: str) -> str | None:
    """The character whose ability an option key names (CHAR:ROLE:I or CHAR:gw:I), or None for a plot rule."""
    kind = key.split(":")[0]
    return None if kind == "plot" else kind


def check_state(state: GameState) -> None:
    # No counter anywhere is negative (counters are removed only down to zero; rules-notes section 2).
    for ch, c in state.chars.items():
        for kind, n in c.counters.items():
            assert n >= 0, f"{ch} has {n} {kind}"
    for loc, counters in state.locations.items():
        for kind, n in counters.items():
            assert n >= 0, f"the {loc} has {n} {kind}"
    # A legal decision exists until the game ends, and only then is there none.
    assert (state.pending is None) == (state.result is not None), (state.pending, state.result)
    d = state.pending
    if d is None:
        assert state.result.winner in ("protagonists", "mastermind", "traitor_a", "traitor_b", "traitor_c")
        return
    assert d.options, f"{d.kind} decision with no options"
    keys = [canonical(o) for o in d.options]
    assert len(set(keys)) == len(keys), f"{d.kind} lists an option twice: {keys}"
    if state.players == 2:
        assert d.seat in (MASTERMIND, PROTAGONIST_SEATS[0]), f"two-player game asks {d.seat}"
    # The dead take no actions, and cards go only on the board's living characters or locations.
    if d.kind == "goodwill_ability":
        for key in d.options:
            if key != "done":
                src = ability_source(key)
                assert state.in_play(src), f"Goodwill ability {key} offered while {src} is dead or off the board"
    if d.kind in ("mastermind_ability", "day_end_ability"):
        for key in d.options:
            src = None if key == "done" else ability_source(key)
            if src is not None:
                assert state.in_play(src), f"Mastermind ability {key} offered while {src} is dead or off the board"
    if d.kind == "place_card":
        for o in d.options:
            t = o["target"]
            assert state.rules.is_location(t) or state.in_play(t), f"a card may be placed on {t}, a corpse or off the board"


def check_board(state: GameState) -> None:
    s = state.script
    assert 1 <= state.loop <= s.loops and 0 <= state.day <= s.days and 0 <= state.leader <= 2
    # Living characters stand only where they may be (a forbidden move leaves them in place).
    for ch, c in state.chars.items():
        if c.in_play:
            assert c.location not in forbidden_locations(state, ch), f"{ch} stands in the forbidden {c.location}"
        if c.location is None:
            # Off the board: alive, and without counters unless it left the board this loop and kept them (the Illusion).
            assert c.alive, f"{ch} is off the board but dead"
            assert not any(c.counters.values()) or ("left_board", ch) in state.board.statuses, f"{ch} is off the board with counters"
    # Cards on the board: at most 3 of the Mastermind's on 3 different targets; at most one per
    # Protagonist hand, no two Protagonists on the same target (seed 002 card phase).
    # (The copies that act on the Illusion during resolution are not placed cards.)
    mm = [p for p in state.placed if p.by == MASTERMIND and not p.copied]
    pr = [p for p in state.placed if p.by != MASTERMIND and not p.copied]
    assert len(mm) <= 3 and len({p.target for p in mm}) == len(mm)
    assert len({p.by for p in pr}) == len(pr) and len({p.target for p in pr}) == len(pr)


def snapshot(state: GameState) -> dict[str, tuple]:
    return {ch: (c.alive, c.location, dict(c.counters)) for ch, c in state.chars.items()}


@given(game=games)
def test_counters_decisions_and_the_dead_after_every_decision(game):
    prev, prev_loop = None, None
    for state, _ in random_game(**game):
        check_state(state)
        check_board(state)
        now = snapshot(state)
        if prev is not None and state.loop == prev_loop:
            # A corpse stays where it fell and gains no counter until the board is reset
            # (only a rule about the corpse itself may take counters away from it), except the
            # Intrigue Another Horizon's Pied Piper puts on corpses.
            marks_corpses = any("pied_piper" in (r, *(state.rules.roles[r].dual or {}).values()) for r in state.script.cast.values())
            for ch, (alive, loc, counters) in prev.items():
                alive2, loc2, counters2 = now[ch]
                if not alive and not alive2:
                    assert loc2 == loc, f"the corpse of {ch} moved from {loc} to {loc2}"
                    for kind, n in counters2.items():
                        if kind == "intrigue" and marks_corpses:
                            continue
                        assert n <= counters.get(kind, 0), f"the corpse of {ch} gained {kind}"
        prev, prev_loop = now, state.loop


# Each example copies the whole state at every decision: a third of the profile's examples
# (each one a complete game of some 80 decisions) keeps this property fast.
@settings(max_examples=max(10, settings().max_examples // 3))
@given(game=games, clone_every=st.integers(3, 8))
def test_apply_is_pure_and_clone_equals_original(game, clone_every):
    """Drive the game with the pure `apply`: its input never changes, and it agrees with `apply_in_place`.

    `apply` works on a clone, so agreeing with a twin game played in place after every decision
    shows that the clone carried everything forward; the clone is also compared directly.
    """
    twin = None
    applied = 0

    def step(state: GameState, ans):
        nonlocal applied
        before = state_digest(state)
        n_events, n_history = len(state.events), len(state.history)
        new, events = engine.apply(state, ans)
        assert new is not state
        assert state_digest(state) == before, "apply changed its input state"
        assert (len(state.events), len(state.history)) == (n_events, n_history), "apply changed its input state"
        twin_events = engine.apply_in_place(twin, ans)
        assert events == twin_events, "apply and apply_in_place produced different events"
        assert new.events[n_events:] == events, "apply returned other events than it recorded"
        assert state_digest(new) == state_digest(twin), "apply and apply_in_place disagree"
        applied += 1
        return new

    for state, _ in random_game(**game, step=step):
        if twin is None:
            twin = state.clone()
        if applied % clone_every == 0 or state.pending is None:
            clone = state.clone()
            assert state_digest(clone) == state_digest(state)
            assert clone.events == state.events and clone.stack == state.stack and clone.history == state.history
            assert clone.pending is state.pending and clone.pending_frame == state.pending_frame


@given(game=games)
def test_game_file_replay_reproduces_every_step(game):
    """A game file (script, seed, players, decisions) replays to the same state after every decision."""
    digests, texts_so_far = [], []
    for state, _ in random_game(**game):
        digests.append(state_digest(state))
        texts_so_far.append(len(state.events))
    final = state
    gf = record.GameFile(GAME, scripts()[game["name"]], game["name"], seed=game["seed"], options={"players": final.players},
                         decisions=[{"seat": h["seat"], "answer": h["answer"]} for h in final.history])
    # Whole replay through the public reader.
    replayed = record.replay(gf)
    assert state_digest(replayed) == state_digest(final)
    assert [e.text for e in replayed.events] == [e.text for e in final.events]  # the same Texts
    assert replayed.result == final.result
    # Step by step: the same digest after every decision as in the original game.
    again = record.start(gf)
    assert state_digest(again) == digests[0]
    for n, d in enumerate(gf.decisions, 1):
        engine.apply_in_place(again, d["answer"], seat=d["seat"])
        assert state_digest(again) == digests[n], f"replay diverges after decision {n}"
        assert len(again.events) == texts_so_far[n]
    # The saved form round-trips through game_from_dict too.
    saved = record.to_dict(gf, final)
    assert saved["digest"] == state_digest(final)
    reloaded = record.game_from_dict({**saved, "script": scripts()[game["name"]].to_dict()})
    assert state_digest(record.replay(reloaded)) == saved["digest"]
