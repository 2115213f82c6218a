"""Last Liar's table rules (seed 000, "Last Liar": Table Talk and Player Count, Extra Cards, The
Final Guess, Perished and Acquainted): Extra cards dealt once at random and seen only by their
holder, exactly 4 players, Table Talk always off, no skipping to the Final Guess, tokens in every game."""

from __future__ import annotations

import pytest

from scriptkeeper.core.record import GameFile, replay
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, pending, start

from .ll import DEALT, monster


def test_extra_cards_a_b_c_are_dealt_once_before_the_first_loop_by_a_recorded_draw():
    """Seed 000, Extra Cards: dealt at random when setting up the first loop, one per Protagonist. The
    deal is a chance draw from the game's seed (recorded), so the same seed deals the same cards."""
    deals = set()
    for seed in range(12):
        g = engine.new_game(monster(), seed=seed)
        assert sorted(g.dealt_extra_cards.values()) == ["a", "b", "c"]
        assert sorted(g.dealt_extra_cards) == ["protagonist1", "protagonist2", "protagonist3"]
        assert len(g.draws) == 1 and g.loop == 1  # one draw, made before the first loop began
        assert engine.new_game(monster(), seed=seed).dealt_extra_cards == g.dealt_extra_cards
        deals.add(tuple(sorted(g.dealt_extra_cards.items())))
    assert len(deals) > 1  # a random deal, not a fixed one


def test_extra_cards_stay_with_their_holders_between_loops():
    """Seed 000, Extra Cards: dealt only once, before the first loop; they persist between loops."""
    g = start(monster(), {"phase": "loop_end", "day": 4, "locations": {"shrine": {"intrigue": 2}}, "extra_cards": DEALT})
    assert g.loop == 2 and g.loop_results[-1].lost  # Giant Time Bomb Yet Again lost loop 1
    assert g.dealt_extra_cards == DEALT


@pytest.mark.parametrize("seat,card", [("protagonist1", "a"), ("protagonist2", "b"), ("protagonist3", "c")])
def test_each_protagonist_sees_its_own_extra_card_only(seat, card):
    """Seed 000, Extra Cards: a Protagonist may look at its own card; no one else may."""
    g = start(monster(), {"extra_cards": DEALT})
    view = build_view(g, seat)
    assert view["extra_cards"] == {seat: card}
    assert [e["data"]["card"] for e in view["events"] if e["type"] == "extra_card_dealt"] == [card]


@pytest.mark.parametrize("seat", ["mastermind", "observer"])
def test_not_even_the_mastermind_sees_an_extra_card(seat):
    """Seed 000, Extra Cards: "no one else may look at that card, including the Mastermind"."""
    g = engine.new_game(monster(), seed=3)
    view = build_view(g, seat)
    assert "extra_cards" not in view
    assert not [e for e in view["events"] if e["type"] == "extra_card_dealt"]
    assert not [line for line in view["log"] if line.id == "event.extra_card_dealt"]


def test_every_extra_card_is_shown_once_the_game_is_over():
    g = start(monster(), {"phase": "loop_end", "day": 4, "loop": 1, "extra_cards": DEALT})  # loop 1 won
    assert g.result is not None and g.result.winner == "protagonists"
    assert build_view(g, "mastermind")["extra_cards"] == DEALT


def test_a_game_with_extra_cards_replays_exactly_from_its_decisions():
    """The deal is recorded with the game's seed: a replay deals the same cards and reaches the same digest."""
    g = engine.new_game(monster(), seed=41)
    while g.pending is not None and len(g.history) < 40:
        engine.apply_in_place(g, g.pending.options[len(g.history) % len(g.pending.options)])
    again = replay(GameFile(GAME, monster(), monster().to_dict(), 41, {"players": 4}, None, list(g.history)))
    assert again.dealt_extra_cards == g.dealt_extra_cards
    assert GAME.digest(again, 2) == GAME.digest(g, 2)


def test_last_liar_is_played_by_exactly_four_players():
    """Seed 000, Player Count: exactly 4 players (1 Mastermind, 3 Protagonists); the two-player mode is refused."""
    with pytest.raises(ValueError, match="exactly 4 players"):
        engine.new_game(monster(), seed=0, players=2)
    with pytest.raises(ValueError, match="exactly 4 players"):
        GAME.seats(monster(), {"players": 2})
    assert GAME.seats(monster(), {"players": 4}) == ["mastermind", "protagonist1", "protagonist2", "protagonist3"]


def test_table_talk_is_off_in_last_liar_even_when_the_table_turns_it_on():
    """Seed 000, Table Talk: must be off during loops; the Protagonists still talk between loops."""
    g = start(monster(), {"phase": "goodwill_abilities", "extra_cards": DEALT})
    assert not GAME.table_talk_allowed(monster())
    assert not GAME.may_talk(g, "protagonist1", table_talk=True)
    assert GAME.may_talk(g, "mastermind", table_talk=True)
    between = start(monster(), {"phase": "loop_end", "day": 4, "locations": {"shrine": {"intrigue": 2}}, "extra_cards": DEALT})
    assert between.loop == 2 and between.day == 1 and not between.hands.placed
    assert GAME.may_talk(between, "protagonist2", table_talk=False)  # a loop's start, before the first card


def test_no_skipping_to_the_final_guess_between_loops():
    """Seed 000, The Final Guess: in other sets the Protagonists may skip the remaining loops; not in Last Liar."""
    g = start(monster(), {"phase": "loop_end", "day": 4, "locations": {"shrine": {"intrigue": 2}}, "extra_cards": DEALT})
    assert g.loop == 2 and pending(g).kind == "place_card"  # straight into loop 2, nobody was asked
    assert not [e for e in g.events if e.type == "skip_to_final"]


def test_the_final_guess_comes_after_the_last_lost_loop():
    g = start(monster(loops=2), {"phase": "loop_end", "loop": 2, "day": 4, "locations": {"shrine": {"intrigue": 2}},
                                 "extra_cards": DEALT})
    assert [e.type for e in g.events][-2:] == ["final_guess", "traitors_revealed"]
    assert pending(g).kind == "final_guess"


def test_tokens_are_mandatory_in_last_liar():
    """Seed 000, Perished and Acquainted: in Last Liar the tokens are always used."""
    rb = monster().rules
    assert rb.set.tokens_mandatory
    assert {"perished", "acquainted"} <= set(rb.tokens)
