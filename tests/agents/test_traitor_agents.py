"""An AI Traitor plays as a Traitor (seed 000, Last Liar "Traitors": "Their original victory
condition is replaced by the one specified by the Subplot"; issue 16). A Protagonist agent sees its
own Extra card and, in each world it imagines, whether that card makes it a Traitor (the engine's
`traitors.active_traitors`); where it does, it plays for its own condition (agents/traitor.py).

Each scenario is a real game (the seats' views are built from its events) brought to a position
with the engine's own actions: the tokens a previous loop left (`place_token`), the counters a
card left (`place`), and a subplot the table has learnt as the Informer would name it. The same
position is then given to the holder of another card, who plays as an ordinary Protagonist."""

from __future__ import annotations

from typing import Any

from scriptkeeper.agents.runner import play
from scriptkeeper.core.events import PUBLIC, Event
from scriptkeeper.core.text import Ref, T
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.actions import place, place_token
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.agents.search import SearchAgent
from scriptkeeper.tragedy_looper.agents.traitor import betrayal, own_card
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.script import load_script
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.views import build_view
from tests.rules.last_liar.ll import WILDCARD_CULPRIT, detective, monster

SEATS = ["mastermind", "protagonist1", "protagonist2", "protagonist3"]
MURDER = {"day": 2, "incident": "murder", "culprit": "teacher"}


def dealt(script: Any, first: str, second: str | None = None) -> GameState:
    """A new game of `script` whose deal (a recorded draw) gives Protagonist 1, the day's Leader,
    the Extra card `first` (and Protagonist 2 `second`, when given)."""
    for seed in range(100):
        g = engine.new_game(script, seed=seed, players=4)
        cards = g.dealt_extra_cards
        if cards["protagonist1"] == first and (second is None or cards["protagonist2"] == second):
            return g
    raise AssertionError("no seed deals that")


def learn_subplots(g: GameState, *plots: str) -> None:
    """The table has learnt subplots, as the Informer's ability tells them, before this loop began: the
    view shows them, and its record holds their reveal ahead of the loop's start, where the agents'
    beliefs of the loop's start (read by the exact deduction from the record) find them too."""
    g.revealed_subplots.extend(plots)
    at = max(k for k, e in enumerate(g.events) if e.type == "loop_start")
    for plot in plots:
        g.events.insert(at, Event("subplot_reveal", T("event.subplot_reveal", plot=Ref("plot", plot)), PUBLIC, {"plot": plot}))


def learn_before_the_loop(g: GameState, roles: dict[str, str] | None = None, culprits: dict[int, str] | None = None) -> None:
    """The table has learnt roles and culprits before this loop began (revealed in an earlier loop): the
    view shows them and its record holds their reveal ahead of the loop's start, where the agents' beliefs
    of the loop's start find them."""
    at = max(k for k, e in enumerate(g.events) if e.type == "loop_start")
    for ch, role in (roles or {}).items():
        g.revealed_roles[ch] = role
        g.events.insert(at, Event("reveal_role", T("event.reveal_role", character=Ref("character", ch), role=Ref("role", role)),
                                  PUBLIC, {"character": ch, "role": role}))
    for idx, ch in (culprits or {}).items():
        g.revealed_culprits[idx] = ch
        g.events.insert(at, Event("reveal_culprit", T("event.reveal_culprit", day=g.script.incidents[idx].day, culprit=Ref("character", ch)),
                                  PUBLIC, {"incident": idx, "culprit": ch}))


def agent_answer(g: GameState, agent: Any) -> Any:
    d = g.pending
    assert d is not None
    return agent.choose(build_view(g, d.seat), d)


# ---------------------------------------------------------------- Victory Condition A
def four_perished_at_card_time(letter: str) -> GameState:
    """The Real Monster is in play and known; four Perished tokens lie on the board (earlier loops'
    deaths); the Mastermind has placed harmless cards; the Serial Killer (the Boy Student, his role
    revealed in an earlier loop, so the exact deduction of the loop's start knows it) is at the
    School with four others and the Shrine Maiden alone at the Shrine. Protagonist 1 places first."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), letter)
    for card, target in [("paranoia_minus_1", "nurse"), ("paranoia_plus_1", "city"), ("intrigue_plus_1", "hospital")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    place(g, "teacher", "paranoia", 1)
    for ch in ["nurse", "teacher", "rich_mans_daughter", "police_officer"]:
        place_token(g, ch, "perished")
    learn_subplots(g, "the_real_monster", "unsafe_trigger")
    learn_before_the_loop(g, roles={"boy_student": "serial_killer"})
    assert g.pending is not None and g.pending.kind == "place_card" and g.pending.seat == "protagonist1"
    assert g.chars["boy_student"].location == "school" and g.chars["shrine_maiden"].location == "shrine"
    return g


def test_ll_traitor_a_agent_sends_the_serial_killer_to_a_lone_character_for_the_fifth_perished_token():
    """Traitor A (The Real Monster) wants five Perished tokens during a day end. With four, it moves
    the Serial Killer to the Shrine, alone with the Shrine Maiden: she dies at day end, the fifth
    token goes on, and Protagonist A wins alone (seed 000 Serial Killer, The Real Monster). The
    other Protagonists here play cards that change nothing at the Shrine and the Mastermind uses no
    ability (loyal AI seats may guard against it: tests/agents/test_traitor_guards.py)."""
    g = four_perished_at_card_time("a")
    answer = agent_answer(g, RuleAgent(3))
    assert answer == {"card": "movement_vertical", "target": "boy_student"}
    engine.apply_in_place(g, answer)
    for card in [{"card": "goodwill_plus_1", "target": "office_worker"}, {"card": "goodwill_plus_1", "target": "police_officer"}]:
        engine.apply_in_place(g, card)
    while g.pending is not None and g.day == 1:
        engine.apply_in_place(g, "done" if "done" in g.pending.options else g.pending.options[0])
    assert g.result is not None and g.result.winner == "traitor_a"
    assert dict(GAME.outcome(g).results) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "lose", "protagonist3": "lose"}


def test_ll_an_ordinary_protagonist_in_the_same_position_protects_instead():
    """The holder of Extra card B is no Traitor in any world it imagines (both subplots are known,
    neither is Keeper of Mythology), and another's Traitor A is one death from its win: it does not
    send the Serial Killer anywhere, and the day ends with the Shrine Maiden alive and no Traitor's
    win (the guard of tests/agents/test_traitor_guards.py). The Serial Killer's role was revealed in
    an earlier loop and the Mastermind's face-down cards lie elsewhere, so no card of the day brings
    him to her: the Protagonist needs no guard move and plays the team's card."""
    g = four_perished_at_card_time("b")
    choice = agent_answer(g, RuleAgent(3))
    assert choice["target"] != "boy_student"
    engine.apply_in_place(g, choice)
    for card in [{"card": "goodwill_plus_1", "target": "office_worker"}, {"card": "goodwill_plus_1", "target": "police_officer"}]:
        engine.apply_in_place(g, card)
    while g.pending is not None and g.day == 1:
        engine.apply_in_place(g, "done" if "done" in g.pending.options else g.pending.options[0])
    assert g.result is None and g.chars["shrine_maiden"].alive


# ---------------------------------------------------------------- Victory Condition B
def five_acquainted_at_goodwill_time(letter: str, *known: str) -> GameState:
    """Five Acquainted tokens (the Office Worker's among them); the Office Worker (3 Goodwill: reveal
    her own role) and the Doctor (2 Goodwill, alone at the Hospital with the calm Patient) may be
    declared. Protagonist 1 is the Leader."""
    g = dealt(detective(), letter)
    for card, target in [("paranoia_plus_1", "city"), ("paranoia_plus_1", "school"), ("intrigue_plus_1", "hospital"),
                         ("paranoia_minus_1", "city"), ("paranoia_minus_1", "school"), ("paranoia_minus_1", "shrine")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    place(g, "doctor", "goodwill", 2)
    place(g, "office_worker", "goodwill", 3)
    for ch in ["girl_student", "teacher", "police_officer", "pop_idol", "office_worker"]:
        place_token(g, ch, "acquainted")
    learn_subplots(g, *known)
    engine.apply_in_place(g, "done")  # the Mastermind uses no ability
    d = g.pending
    assert d is not None and d.kind == "goodwill_ability" and d.seat == "protagonist1"
    assert set(d.options) == {"office_worker:gw:0", "doctor:gw:0", "done"}
    return g


def test_ll_traitor_b_agent_declares_a_new_characters_ability_for_the_sixth_acquainted_token():
    """Traitor B (Keeper of Mythology) wins with six Acquainted tokens during the Protagonists'
    abilities phase; a token goes on at the declaration, refused or not (seed 000 Acquainted
    tokens). It declares the Doctor's ability, worthless to the team here, and wins at once."""
    g = five_acquainted_at_goodwill_time("b", "keeper_of_mythology")
    assert agent_answer(g, RuleAgent(3)) == "doctor:gw:0"
    engine.apply_in_place(g, "doctor:gw:0")
    assert g.result is not None and g.result.winner == "traitor_b"


def test_ll_traitor_b_search_agent_declares_it_too():
    g = five_acquainted_at_goodwill_time("b", "keeper_of_mythology")
    assert agent_answer(g, SearchAgent(3, level="easy")) == "doctor:gw:0"


def test_ll_a_possible_traitor_b_takes_a_sure_win_that_costs_the_team_little():
    """Before anything tells it its subplot is in play, the holder of B is a Traitor in only some of
    its worlds; a declaration that wins outright there and costs the team little is still its choice."""
    g = five_acquainted_at_goodwill_time("b")
    assert agent_answer(g, RuleAgent(3)) == "doctor:gw:0"


def test_ll_an_ordinary_protagonist_declares_what_informs_the_team():
    """The holder of A, no Traitor in any world it imagines (both subplots known), learns the Office
    Worker's role rather than calm nobody with the Doctor."""
    g = five_acquainted_at_goodwill_time("a", "keeper_of_mythology", "i_am_the_true_detective")
    assert agent_answer(g, RuleAgent(3)) == "office_worker:gw:0"


# ---------------------------------------------------------------- Victory Condition C
def culprit_near_limit_at_card_time(letter: str) -> GameState:
    """I Am the True Detective! and Keeper of Mythology are known; tomorrow's Increasing Unease has
    its culprit (the Boy Student, Paranoia limit 2; revealed as its culprit in an earlier loop) one
    Paranoia short of it."""
    g = dealt(detective(), letter)
    for card, target in [("paranoia_plus_1", "city"), ("paranoia_minus_1", "shrine"), ("intrigue_plus_1", "hospital")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    place(g, "boy_student", "paranoia", 1)
    learn_subplots(g, "i_am_the_true_detective", "keeper_of_mythology")
    learn_before_the_loop(g, culprits={0: "boy_student"})
    return g


def test_ll_traitor_c_agent_lets_the_incidents_happen():
    """Traitor C (I Am the True Detective!) wins only at the Final Guess, which comes only if every
    loop is lost, by naming every culprit: an incident that occurs helps it twice. It pushes
    tomorrow's culprit to its limit; the holder of A, no Traitor there, never adds Paranoia."""
    g = culprit_near_limit_at_card_time("c")
    assert agent_answer(g, RuleAgent(3)) == {"card": "paranoia_plus_1", "target": "boy_student"}
    g = culprit_near_limit_at_card_time("a")
    assert agent_answer(g, RuleAgent(3))["card"] != "paranoia_plus_1"


# ---------------------------------------------------------------- what the seat may see
def test_ll_a_traitor_agent_reads_only_its_own_extra_card():
    """The seat's view shows its own card and no other: two games whose deals differ only in the
    other seats' cards give Protagonist 1 the same view and the same answer."""
    one = four_perished_at_card_time_with("a", "b")
    other = four_perished_at_card_time_with("a", "c")
    v1, v2 = build_view(one, "protagonist1"), build_view(other, "protagonist1")
    assert v1["extra_cards"] == v2["extra_cards"] == {"protagonist1": "a"}
    assert own_card(v1) == "a" and betrayal(v1) is not None
    assert v1["events"] == v2["events"]
    assert agent_answer(one, RuleAgent(3)) == agent_answer(other, RuleAgent(3))
    assert "extra_cards" not in build_view(one, "mastermind")


def four_perished_at_card_time_with(first: str, second: str) -> GameState:
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), first, second)
    for card, target in [("paranoia_minus_1", "nurse"), ("paranoia_plus_1", "city"), ("intrigue_plus_1", "hospital")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    for ch in ["nurse", "teacher", "rich_mans_daughter", "police_officer"]:
        place_token(g, ch, "perished")
    return g


# ---------------------------------------------------------------- a whole game
def test_ll_a_whole_game_with_ai_seats_and_a_traitor_ends_legally():
    """Last Liar with every seat a rule-based agent, on a script with two Traitor subplots (Keeper
    of Mythology, I Am the True Detective!): every answer is one of its decision's options (the
    runner applies them through the game's checks), and the game ends with per-seat results that
    agree with its winner: a Traitor wins alone, or the team or the Mastermind wins and every
    Traitor loses. (The search agent's Traitor is the scenario above; a whole search game is slow.)"""
    agents = {s: RuleAgent(i) for i, s in enumerate(SEATS)}
    out = play(GAME, load_script(GAME.shipped_setups()["last_liar/two_faces_at_the_table"]), 3, agents, keep_state=True)
    st = out["state"]
    assert st.result is not None and st.pending is None
    results = dict(GAME.outcome(st).results)
    winner = st.result.winner
    traitor_seats = {h for h, l in st.dealt_extra_cards.items() if l in st.result.traitors}
    assert st.result.traitors, "the script's subplots make Traitors"
    if winner.startswith("traitor_"):
        assert [s for s, r in results.items() if r == "win"] == [next(h for h, l in st.dealt_extra_cards.items() if l == winner[-1])]
    elif winner == "protagonists":
        assert all(results[s] == "lose" for s in traitor_seats | {"mastermind"})
    else:
        assert [s for s, r in results.items() if r == "win"] == ["mastermind"]


def test_ll_the_arena_counts_a_traitors_win_apart_from_the_teams():
    """A Traitor who wins alone is neither the Mastermind's win nor the team's (seed 000 Traitors)."""
    from scriptkeeper.tragedy_looper.agents.arena import Summary, traitors_note

    s = Summary("LL", "rule", "rule")
    for winner, won_by in [("traitor_b", None), ("mastermind", None), ("protagonists", "loop")]:
        s.add({"winner": winner, "won_by": won_by, "seconds": 0.0, "loops_played": 1, "lost_loops": []})
    assert (s.mm_wins, s.p_wins, s.traitor_wins) == (1, 1, 1)
    assert s.to_dict()["protagonists_win_rate"] == 1 / 3 and s.to_dict()["traitor_wins"] == 1
    assert "1" in traitors_note(s)


def test_ll_a_traitor_condition_the_agents_cannot_measure_is_refused_loudly():
    """The agents measure a Traitor's progress per condition word; another word is refused
    (UnmodelledRule), never played as if the Traitor had no condition."""
    import pytest

    from scriptkeeper.core.errors import UnmodelledRule
    from scriptkeeper.tragedy_looper.agents.traitor import check_modelled
    from scriptkeeper.tragedy_looper.rules import Traitor, load_rulebook

    with pytest.raises(UnmodelledRule, match="moon_is_full"):
        check_modelled(Traitor(extra_card="a", phase="day_end", wins_if={"moon_is_full": True}))
    for plot in load_rulebook("last_liar").set.plots.values():  # every shipped Traitor is measured
        if plot.traitor is not None:
            check_modelled(plot.traitor)
