"""Issue 22 (the Mastermind's side): a Mastermind that plays like a competent human against
Protagonists who read it.

- The Protagonists stop one Intrigue card a day with their Forbid Intrigue (two void each other),
  and they see where the Mastermind's cards lie: the rule-based Mastermind judges its day's cards
  as if the Intrigue that hurts them most were forbidden (rule.blocked_value), so it spreads its
  threats or brings a Cultist (who may ignore a Forbid Intrigue where he stands) into place.
- What its revealed cards tell the Final Guess is priced (agents/hiding.py): a decoy Intrigue on a
  Person whom some consistent script makes a Killer lowers the true assignment's share.
Position tests only: no whole search-agent game (the arena measures those, docs/ai.md).
"""

from __future__ import annotations

import random

import pytest

from scriptkeeper.tragedy_looper.agents.hiding import HIDE_WORTH, TableReading
from scriptkeeper.tragedy_looper.agents.rule import RuleMastermindPolicy, blocked_value
from scriptkeeper.tragedy_looper.agents.threat import threat_for
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import scripts

WHISPERS = "first_steps/whispers_at_the_gate"
INK = "basic_tragedy/ink_on_the_shrine_steps"


def test_one_forbid_intrigue_stops_the_one_intrigue_card_on_the_school():
    """Whispers at the Gate (A Place to Protect: 2 Intrigue on the School at loop end): one Intrigue
    card on the School alone is forbidden and gains nothing when the Mastermind is sure of the
    Forbid; with the Cultist (the Doctor) at the
    School the Mastermind may ignore the Forbid, and the card counts."""
    state = GAME.new_game(scripts()[WHISPERS], 1, {})
    th = threat_for(state.script)
    alone = [("intrigue_plus_2", "school")]
    assert blocked_value(th, state, alone, sure=1.0) == th.value(state)
    # unsure of the Forbid, a lone Intrigue card keeps some worth (random Protagonists miss it)
    assert th.value(state) < blocked_value(th, state, alone) < blocked_value(th, state, alone, sure=0.0)
    state.board.set_location("doctor", "school")
    assert th.cultist_value(state) > 0
    assert blocked_value(th, state, alone) > th.value(state) + 500


def test_two_intrigue_cards_are_judged_by_the_one_left_after_the_forbid():
    """Ink on the Shrine Steps (Sign with me!: 2 Intrigue on the Key Person; the Hospital Incident
    wants Intrigue on the Hospital): Intrigue on the Shrine Maiden and on the Hospital. Sure of the
    Forbid, the pair is worth what the weaker card leaves; the pair is worth at least either card
    alone, which the one Forbid stops."""
    state = GAME.new_game(scripts()[INK], 1, {})
    th = threat_for(state.script)
    kp, hospital = ("intrigue_plus_2", "shrine_maiden"), ("intrigue_plus_1", "hospital")
    each = [blocked_value(th, state, [card], sure=0.0) for card in (kp, hospital)]
    assert blocked_value(th, state, [kp, hospital], sure=1.0) == pytest.approx(min(each))
    assert blocked_value(th, state, [kp, hospital]) >= max(blocked_value(th, state, [card]) for card in (kp, hospital))


def test_the_rule_mastermind_brings_the_cultist_to_the_school_before_its_intrigue():
    """Day 1 of Whispers at the Gate: the Doctor (Cultist) starts at the Hospital, diagonal from the
    School. The rule-based Mastermind moves him there and puts its Intrigue on the School."""
    state = GAME.new_game(scripts()[WHISPERS], 1, {})
    policy = RuleMastermindPolicy(random.Random(0))
    plays = []
    while (d := GAME.pending(state)) is not None and d.seat == "mastermind" and d.kind == "place_card":
        answer = policy.choose(GAME.view(state, "mastermind"), d)
        plays.append((answer["card"], answer["target"]))
        GAME.apply(state, answer, seat="mastermind")
    assert ("movement_diagonal", "doctor") in plays
    assert any(card.startswith("intrigue_plus") and target == "school" for card, target in plays)


def _reading_with(state, rows, truth_index):
    """A TableReading whose table beliefs are `rows` (roles, weight) for this day."""
    reading = TableReading()
    ded = deduce(build_view(state, "observer"))
    reading._key = (id(state.script), state.loop, state.day)
    reading._base = (ded, rows, truth_index)
    return reading


def test_a_decoy_intrigue_on_a_person_lowers_the_true_assignments_share():
    """Ink on the Shrine Steps, two assignments left, equally likely: the true one (the Nurse a
    Person) and one where the Nurse is a Killer. An Intrigue card on the Nurse weighs for the
    Killer: a decoy, priced below 0. On the Shrine Maiden (the Key Person in both) it tells nothing.
    Another card tells nothing either."""
    state = GAME.new_game(scripts()[INK], 1, {})
    truth = dict(state.script.cast)
    other = {**truth, "nurse": "killer", "girl_student": "brain"}
    reading = _reading_with(state, [(truth, 0.5), (other, 0.5)], 0)
    view = GAME.view(state, "mastermind")
    opts = [{"card": "intrigue_plus_1", "target": "nurse"}, {"card": "intrigue_plus_1", "target": "shrine_maiden"},
            {"card": "paranoia_plus_1", "target": "nurse"}]
    decoy, key_person, paranoia = reading.costs(state, view, opts)
    # the true share falls from 1/2 to 0.3 / (0.3 + 3.0)
    assert decoy == pytest.approx(HIDE_WORTH * (0.3 / 3.3 - 0.5))
    assert key_person == 0.0 and paranoia == 0.0


def test_a_set_without_a_final_guess_prices_nothing():
    """First Steps has no Final Guess: what the cards tell costs nothing."""
    state = GAME.new_game(scripts()[WHISPERS], 1, {})
    view = GAME.view(state, "mastermind")
    opts = [{"card": "intrigue_plus_1", "target": "boy_student"}]
    assert TableReading().costs(state, view, opts) == [0.0]


def test_the_mastermind_hint_quotes_the_value_it_plays_by():
    """Issue 22, the learner's hint: for a Mastermind card, the hint gives the worth the rule-based
    Mastermind chooses by (priced against the Protagonists' likely Forbid and what the card reveals),
    never the bare board gain it does not play by, with the Forbid odds and the next best card."""
    from scriptkeeper.tragedy_looper.agents.hint import hint
    from scriptkeeper.tragedy_looper.agents.rule import BLOCK_SURE

    state = GAME.new_game(scripts()[INK], 1, {})
    d = GAME.pending(state)
    assert d.seat == "mastermind" and d.kind == "place_card"
    view = GAME.view(state, "mastermind")
    out = hint(view, d)
    values = RuleMastermindPolicy(random.Random(0)).card_values(view, d.options)
    because = dict(out["text"].params)["because"]
    params = dict(because.params)
    assert because.id == "hint.because.advances_past_forbid"
    assert params["gain"] == round(values[d.index_of(out["answer"])], 1)
    assert params["odds"] == round(100 * BLOCK_SURE)
    assert params["next"] == round(max(v for o, v in zip(d.options, values) if o != out["answer"]), 1)
