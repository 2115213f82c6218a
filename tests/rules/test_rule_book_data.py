"""Counters, tokens, hands and lifetimes are rule-set data (issue 11, item 4).

The base game's counters never count as another kind, but a rule book may declare one that does
(Rei's Hope counts as one Goodwill and as one against Intrigue). These tests give First Steps such
a counter (a test-only rule book) and check that every count the rules make sees it, that it still
counts once where counters are counted as such, that what is shown stays apart from what is
counted, and that a counter kind or a token nobody uses changes no digest.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper import board as B
from scriptkeeper.tragedy_looper.engine import goodwill_options
from scriptkeeper.tragedy_looper.game import digest_v2
from scriptkeeper.tragedy_looper.rules import CounterKind, RuleBook, load_rulebook
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, make_script, place_cards, start
from tests.rules.test_plots_first_steps import PLACE_TO_PROTECT


def with_counter(set_id: str, kind: str, **spec: Any) -> RuleBook:
    """The set's rule book with one more counter kind (built anew: no cached value is carried over)."""
    rb = load_rulebook(set_id)
    fields = {name: getattr(rb, name) for name in RuleBook.model_fields}
    fields["counters"] = {**rb.counters, kind: CounterKind(id=kind, **spec)}
    return RuleBook(**fields)


HOPEFUL = with_counter("first_steps", "hope", name="Hope", short="H", lies_on=("character",), shown_when_zero=False,
                       counts_as={"goodwill": 1, "intrigue": -1})


def hopeful_game(situation: dict[str, Any]) -> Any:
    script = make_script()
    object.__setattr__(script, "rules", HOPEFUL)  # the script plays by the test rule book
    return start(script, situation)


def test_a_counter_that_counts_as_goodwill_unlocks_goodwill_abilities():
    """The Shrine Maiden's Goodwill 3 ability is offered with 2 Goodwill and 1 such counter."""
    g = hopeful_game({"phase": "goodwill_abilities", "characters": {"shrine_maiden": {"goodwill": 2, "hope": 1}}})
    assert B.count(g.rules, g.board, "shrine_maiden", "goodwill") == 3
    assert "shrine_maiden:gw:0" in [ref.key for ref, _ in goodwill_options(g)]


def test_a_counter_that_counts_against_intrigue_never_takes_the_count_below_zero():
    g = hopeful_game({"phase": "goodwill_abilities", "characters": {"doctor": {"intrigue": 1, "hope": 2}}})
    assert B.count(g.rules, g.board, "doctor", "intrigue") == 0
    assert B.raw(g.board, "doctor", "intrigue") == 1


def test_a_counter_counts_once_where_counters_are_counted_as_such_and_is_shown_as_itself():
    g = hopeful_game({"phase": "goodwill_abilities", "characters": {"doctor": {"paranoia": 1, "hope": 1}}})
    assert B.total_counters(g.board, "doctor") == 2
    doctor = next(c for c in build_view(g, "protagonist1")["characters"] if c["id"] == "doctor")
    assert doctor["counters"]["hope"] == 1 and doctor["counters"]["goodwill"] == 0  # shown apart from what it counts as
    kinds = {k["id"]: k for k in build_view(g, "protagonist1")["counter_kinds"]}
    assert kinds["hope"]["shown_when_zero"] is False and kinds["hope"]["on"] == ["character"]


def test_a_counter_kind_nobody_uses_changes_no_digest():
    """The digest leaves out zero counters: a rule book with one more counter kind digests an
    unchanged game the same (a saved game still verifies when a later release adds a counter)."""
    plain = start(make_script(), {"phase": "mastermind_cards"})
    hopeful = hopeful_game({"phase": "mastermind_cards"})
    assert digest_v2(plain) == digest_v2(hopeful)
    for g in (plain, hopeful):
        place_cards(g, [("paranoia_plus_1", "doctor"), ("intrigue_plus_1", "school"), ("movement_vertical", "boy_student")],
                    [("goodwill_plus_1", "doctor"), ("paranoia_minus_1", "girl_student"), ("forbid_intrigue", "school")])
    assert digest_v2(plain) == digest_v2(hopeful)


def test_a_game_long_token_stays_through_the_loop_reset_and_is_shown_to_everyone():
    g = start(make_script(PLACE_TO_PROTECT), {"phase": "day_end", "day": 4, "characters": {"girl_student": {"dead": True}},
                                             "locations": {"school": {"intrigue": 2}}})
    before = digest_v2(g)
    assert g.board.add_token("girl_student", "perished") and not g.board.add_token("girl_student", "perished")
    assert digest_v2(g) != before  # a token is part of the game's state
    answer(g, "day_end_ability", "done")  # the last day ends; A Place to Protect loses the loop
    assert g.loop == 2 and g.board.chars["girl_student"].alive  # the board was reset...
    assert g.board.tokens["girl_student"] == {"perished"}  # ...the token stayed
    for seat in ("mastermind", "protagonist2", "observer"):
        girl = next(c for c in build_view(g, seat)["characters"] if c["id"] == "girl_student")
        assert girl["tokens"] == ["perished"]


def test_a_card_an_effect_adds_to_a_hand_is_placed_from_that_hand_and_returns_to_it():
    """Hands are held in the state: a rule may add a card (Rei's Hope +1) and it plays like any other."""
    g = start(make_script(), {"phase": "protagonist_cards"})
    g.hands.held["protagonist1"].append("goodwill_plus_1")
    assert g.hands.held["protagonist1"].count("goodwill_plus_1") == 2
    answer(g, "place_card", {"card": "goodwill_plus_1", "target": "doctor"})
    assert g.hands.held["protagonist1"].count("goodwill_plus_1") == 1
    answer(g, "place_card", {"card": "goodwill_plus_1", "target": "boy_student"})
    answer(g, "place_card", {"card": "goodwill_plus_1", "target": "girl_student"})
    assert g.hands.held["protagonist1"].count("goodwill_plus_1") == 2  # resolved and back in the hand


def test_loop_facts_last_one_loop_and_day_facts_one_day():
    """Declared lifetimes: what this loop remembers is forgotten at the next loop start, today's at the next morning."""
    g = start(make_script(), {"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "doctor:gw:1")
    answer(g, "goodwill_refusal", "allow")
    assert ("no_forbidden_locations", "patient") not in g.board.statuses  # no Patient in this cast
    assert g.today.used and g.this_loop.goodwill_declared == ["doctor"]
    answer(g, "goodwill_ability", "done") if g.pending and g.pending.kind == "goodwill_ability" else None
    answer(g, "day_end_ability", "done")
    assert g.day == 2 and not g.today.used and g.this_loop.goodwill_declared == ["doctor"]
