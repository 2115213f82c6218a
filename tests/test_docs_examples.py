"""Every worked example in docs/examples/ replays, and says what its `# Claim:` comment says.

The examples are the game files shown in docs/game-file.md. Each states its claim as a comment;
the check for it lives here, one function per file, so a new example without a check (or a
check whose file is gone) fails the suite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from scriptkeeper.core.record import load_game, replay
from scriptkeeper.tragedy_looper.game import state_digest, state_to_dict
from scriptkeeper.tragedy_looper.refs import AbilityRef
from scriptkeeper.tragedy_looper.state import GameState
from tests.helpers import outcome_reason, reasons, texts

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def _types(state: GameState) -> list[str]:
    return [e.type for e in state.events]


def _texts(state: GameState) -> list[str]:
    return texts(state)


def _kinds(state: GameState) -> list[str]:
    return [h["kind"] for h in state.history]


def serial_killer_corpse(g: GameState) -> None:
    # Seed 002: a corpse is not a character, so the Police Officer is the one other character.
    assert not g.chars["police_officer"].alive
    assert g.chars["police_officer"].location == "shrine"
    assert not g.chars["boy_student"].alive and g.chars["boy_student"].location == "shrine"
    assert g.chars["alien"].alive
    assert "Police Officer died: Serial Killer." in _texts(g)
    assert (g.loop, g.day, g.leader + 1) == (1, 2, 2)
    assert g.pending is not None and g.pending.kind == "place_card"


def forbid_intrigue_twice(g: GameState) -> None:
    # Seed 002: two or more Forbid Intrigue on one day are all void.
    assert g.chars["doctor"].counters["intrigue"] == 1
    assert g.locations["school"]["intrigue"] == 2
    assert _texts(g).count("Forbid Intrigue on Doctor has no effect (more than one Forbid Intrigue).") == 1
    assert _texts(g).count("Forbid Intrigue on School has no effect (more than one Forbid Intrigue).") == 1
    assert "cultist_ignore" not in _kinds(g)
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == ("mastermind", "mastermind_ability")


def killer_ends_loop(g: GameState) -> None:
    # Seed 002 6-3: the Key Person's death ends the loop at once; the remaining days are skipped.
    assert g.loop_results[0].loop == 1 and g.loop_results[0].lost
    assert reasons(g, 0) == ["Rich Man's Daughter (Key Person) died"]
    assert "key_person_died" in _types(g)
    assert (g.loop, g.day) == (2, 1)
    assert g.chars["rich_mans_daughter"].alive  # back for loop 2
    assert not any(t.startswith("Loop 1, day 4") for t in _texts(g))
    assert "Loop 2, day 1 of 5. Leader: Protagonist 2." in _texts(g)  # ruling leader-before-day-end


def police_guard(g: GameState) -> None:
    # Ruling "Police Officer: a Guard counter"; seed 004: the token lets a character survive one death.
    assert g.chars["police_officer"].alive
    assert g.chars["police_officer"].counters["guard"] == 0
    assert "guard" in _types(g) and "death" not in _types(g)
    assert [h["answer"] for h in g.history if h["kind"] == "goodwill_refusal"] == ["allow"]
    assert (g.loop, g.day) == (1, 2)


def informer_only_subplot(g: GameState) -> None:
    # Seed 002 (Informer: subplot 1 or 2 of the script is revealed); one subplot, so no question.
    assert "A subplot of this script is An Unsettling Rumor." in _texts(g)
    assert g.revealed_subplots == ["an_unsettling_rumor"]
    assert "choose_subplot" not in _kinds(g) and "reveal_subplot" not in _kinds(g)
    assert AbilityRef.goodwill("informer", 0) in g.this_loop.used


def final_guess_early(g: GameState) -> None:
    # Seed 000: skip to the Final Guess; seed 002: every character's role is named.
    assert (g.result.winner, outcome_reason(g), g.result.loops_played) == \
        ("protagonists", "the Final Guess named every role correctly", 1)
    assert g.revealed_roles == {"patient": "friend"}
    guesses = [h for h in g.history if h["kind"] == "final_guess"]
    assert len(guesses) == len(g.script.cast) == 8
    assert {h["seat"] for h in g.history} == {"protagonist2"}
    assert g.chars["godly_being"].location is None
    assert g.final_guess["godly_being"] == "person"


def first_steps_full_game(g: GameState) -> None:
    assert g.result is not None and g.result.winner == "protagonists" and g.result.loops_played == 2
    assert g.loop_results[0].lost and "Light of the Avenger" in reasons(g, 0)[0]
    assert (g.loop_results[1].loop, g.loop_results[1].lost, g.loop_results[1].reasons) == (2, False, ())
    assert g.locations["hospital"]["intrigue"] == 1
    assert g.locations["shrine"]["intrigue"] == 1
    assert g.chars["doctor"].location == "shrine"
    assert "Loop 2, day 1 of 1. Leader: Protagonist 2." in _texts(g)
    assert g.pending is None


def partial_script_question(g: GameState) -> None:
    # Rules-notes section 6 (Paranoia Virus), asked with a partial script.
    assert g.script.partial and {w.rule for w in g.script.warnings} >= {"subplot-count", "plot-roles"}
    assert [e.data["character"] for e in g.events if e.type == "death"] == ["doctor"]
    assert (g.day, g.pending.kind if g.pending else None) == (2, "place_card")


def final_guess_start(g: GameState) -> None:
    # Seed 002 section 3.1: every role named right wins, after every loop was lost.
    assert [r.loop for r in g.loop_results] == [1, 2, 3, 4, 5]
    assert {h["seat"] for h in g.history} == {"protagonist3"} and len(g.history) == len(g.script.cast)
    assert g.result is not None and (g.result.winner, g.result.loops_played) == ("protagonists", 5)


def occurred_off_schedule(g: GameState) -> None:
    # Change of Future (rules-notes section 6) reads an incident stated as occurred off the schedule.
    assert g.script.incidents == () and g.this_loop.occurred_unscheduled == ["butterfly_effect"]
    assert g.loop_results[0].lost and "Change of Future" in reasons(g, 0)[0]
    assert g.pending is not None and g.pending.kind == "next_loop_or_final_guess"


def declared_today(g: GameState) -> None:
    # Seed 002 phase 3: an ability once a day, declared earlier today, is not offered again.
    assert AbilityRef.goodwill("office_worker", 0) in g.today.used
    assert not any(e.type == "goodwill_declared" for e in g.events)
    assert g.pending is not None and g.pending.kind == "day_end_ability"


def changed_start(g: GameState) -> None:
    # Rules-notes section 5 (Light of the Avenger) reads the start the situation stated.
    assert g.loop_results[0].lost and "Light of the Avenger" in reasons(g, 0)[0]
    assert g.loop == 2 and g.board.start["doctor"] == "hospital"  # the next loop starts from the printed start


def revived_last_loop(g: GameState) -> None:
    # Seed 001 (Fated Connections): a character that died during the previous loop, revived or not.
    assert g.board.extra_cards == {"girl_student"}
    from scriptkeeper.tragedy_looper.query import effective_role

    assert effective_role(g, "girl_student") == "key_person"
    assert g.pending is not None and g.pending.kind == "place_card" and g.day == 1


CHECKS: dict[str, Callable[[GameState], None]] = {
    f.__name__: f
    for f in (serial_killer_corpse, forbid_intrigue_twice, killer_ends_loop, police_guard, informer_only_subplot,
              final_guess_early, first_steps_full_game, partial_script_question, final_guess_start, occurred_off_schedule,
              declared_today, changed_start, revived_last_loop)
}
FILES = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))


def test_every_example_has_a_check_and_every_check_an_example():
    assert FILES, "docs/examples/ holds no game files"
    assert set(FILES) == set(CHECKS)


@pytest.mark.parametrize("name", FILES)
def test_example_replays_and_its_claim_holds(name: str):
    path = EXAMPLES / f"{name}.yaml"
    assert any(line.startswith("# Claim:") for line in path.read_text(encoding="utf-8").splitlines()), \
        f"{path.name} states no '# Claim:'"
    gf = load_game(path)
    state = replay(gf)
    assert len(state.history) == len(gf.decisions)  # every decision in the file was applied
    CHECKS[name](state)


@pytest.mark.parametrize("name", FILES)
def test_example_replay_is_deterministic(name: str):
    gf = load_game(EXAMPLES / f"{name}.yaml")
    a, b = replay(gf), replay(gf)
    assert state_digest(a) == state_digest(b)
    assert state_to_dict(a) == state_to_dict(b)


@pytest.mark.parametrize("name", FILES)
def test_game_file_doc_shows_the_example_as_it_is(name: str):
    doc = (EXAMPLES.parent / "game-file.md").read_text(encoding="utf-8")
    text = (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8")
    assert f"```yaml\n{text}```" in doc, f"docs/game-file.md does not show docs/examples/{name}.yaml as it is"


def test_serial_killer_strikes_before_the_optional_day_end_question():
    """Ruling mandatory-first (seed 001): the mandatory Serial Killer has struck before the
    Mastermind is asked about optional day-end abilities."""
    g = replay(load_game(EXAMPLES / "serial_killer_corpse.yaml"), upto=0)
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == ("mastermind", "day_end_ability")
    assert not g.chars["police_officer"].alive
