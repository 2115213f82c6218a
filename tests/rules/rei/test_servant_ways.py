"""The Servant's Leader choice (seed 000, Servant): "If the Rich Man's Daughter or Boss would move
from this character's location, she moves with that character, ignoring her original movement if
needed. (If this could move her in multiple ways, the Leader decides which.)" The question is asked
of the Leader at card resolution whenever her charges leave her location in different directions,
with one option per way; and never when there is only one way."""

from scriptkeeper.tragedy_looper.actions import move, place
from tests.helpers import FS_BASE, answer, make_script, pending, start

SERVANT_AND_BOTH = {**FS_BASE, "cast": {**FS_BASE["cast"], "rich_mans_daughter": "person", "boss": {"role": "person", "turf": "shrine"},
                                        "servant": {"role": "person", "start": "school"}}}
# The Rich Man's Daughter starts at the School with the Servant; the Boss is brought there.
AT_SCHOOL = {"boss": {"at": "school"}}


def resolution(cards, characters=AT_SCHOOL):
    return start(make_script(SERVANT_AND_BOTH), {"phase": "resolution", "day": 1, "characters": characters, "cards": cards})


UP_AND_ACROSS = [{"by": "mastermind", "card": "movement_vertical", "target": "rich_mans_daughter"},  # School -> Shrine
                 {"by": "protagonist1", "card": "movement_horizontal", "target": "boss"}]  # School -> City


def test_rei_servant_the_leader_chooses_when_her_charges_leave_in_two_directions():
    g = resolution(UP_AND_ACROSS)
    d = pending(g)
    assert d.kind == "follow_way" and d.seat == g.leader_seat
    assert list(d.options) == ["shrine", "city"]
    assert [i["characters"] for i in d.option_info] == [["rich_mans_daughter"], ["boss"]]
    assert g.chars["rich_mans_daughter"].location == "school"  # asked before anyone moves: the moves are simultaneous


def test_rei_servant_goes_with_the_boss_when_the_leader_says_so():
    """The Leader's choice is not the first charge in cast order (the Rich Man's Daughter)."""
    g = resolution(UP_AND_ACROSS)
    answer(g, "follow_way", "city")
    assert g.chars["servant"].location == "city" and g.chars["boss"].location == "city"
    assert g.chars["rich_mans_daughter"].location == "shrine"


def test_rei_servant_goes_with_the_rich_mans_daughter_when_the_leader_says_so():
    g = resolution(UP_AND_ACROSS)
    answer(g, "follow_way", "shrine")
    assert g.chars["servant"].location == "shrine" and g.chars["rich_mans_daughter"].location == "shrine"


def test_rei_servant_ignores_her_own_movement_whichever_way_the_leader_chooses():
    cards = [*UP_AND_ACROSS, {"by": "mastermind", "card": "movement_diagonal", "target": "servant"}]  # her own: School -> Hospital
    g = resolution(cards)
    answer(g, "follow_way", "city")
    assert g.chars["servant"].location == "city"


def test_rei_servant_no_question_when_both_charges_go_the_same_way():
    cards = [{"by": "mastermind", "card": "movement_horizontal", "target": "rich_mans_daughter"},
             {"by": "protagonist1", "card": "movement_horizontal", "target": "boss"}]
    g = resolution(cards)
    assert g.pending is None or pending(g).kind != "follow_way"
    assert g.chars["servant"].location == "city"


def test_rei_servant_follows_a_charge_moved_by_a_card_alone():
    """One charge leaves at card resolution, the Servant has no card of her own: she goes with her."""
    cards = [{"by": "mastermind", "card": "movement_vertical", "target": "rich_mans_daughter"}]
    g = resolution(cards, characters={})
    assert g.pending is None or pending(g).kind != "follow_way"
    assert g.chars["servant"].location == "shrine"


def test_rei_servant_no_question_when_only_one_charge_is_at_her_location():
    """The Boss leaves from elsewhere: only the Rich Man's Daughter leaves her location."""
    g = resolution(UP_AND_ACROSS, characters={"boss": {"at": "hospital"}})
    assert g.pending is None or pending(g).kind != "follow_way"
    assert g.chars["servant"].location == "shrine"


def test_rei_servant_a_single_move_never_asks():
    g = start(make_script(SERVANT_AND_BOTH), {"phase": "morning", "day": 1, "characters": AT_SCHOOL})
    move(g, "boss", "city")
    assert g.chars["servant"].location == "city"


def test_rei_servant_the_rule_based_leader_sends_her_with_the_charge_in_most_danger():
    """The agents answer the question too (from the view): she dies in a charge's place, so the
    rule-based Leader sends her with the charge carrying more Intrigue and Paranoia."""
    from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
    from scriptkeeper.tragedy_looper.views import build_view

    # (counters placed by the engine's own action, so that the seat's events show them)
    g = resolution(UP_AND_ACROSS)
    place(g, "boss", "intrigue", 2)
    d = pending(g)
    assert RuleAgent(0).choose(build_view(g, d.seat), d) == "city"
    g = resolution(UP_AND_ACROSS)
    place(g, "rich_mans_daughter", "paranoia", 1)
    d = pending(g)
    assert RuleAgent(0).choose(build_view(g, d.seat), d) == "shrine"
