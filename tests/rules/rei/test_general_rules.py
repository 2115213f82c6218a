"""Rei's general rules, available in every Tragedy Set (seed 000 "Additional Rules"): Hope and
Despair counters, the cards Hope +1, Despair +1, Paranoia +2 and the Mastermind's Goodwill +1, the
Perished and Acquainted tokens, and the 1x-per-loop change. One scenario per rule."""

from scriptkeeper.tragedy_looper import board as B
from scriptkeeper.tragedy_looper.query import count, refusal
from tests.helpers import FS_BASE, answer, counters, event_types, make_script, options, pending, place_cards, start, use

# First Steps with the Office Worker (City) as Killer: optional refusal none; the Doctor (Hospital)
# Brain: Goodwill Refusal none in First Steps; the Police Officer Conspiracy Theorist.
FS = make_script()
TOKENS = make_script(tokens=True)
P_FILL = [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "shrine")]


def at(phase: str, chars: dict, script=FS, **more):
    return start(script, {"phase": phase, "characters": chars, **more})


# ---------------------------------------------------------------- Hope and Despair counting
def test_rei_hope_counts_toward_every_count_of_goodwill():
    """Seed 000: a rule that counts Goodwill counts each Hope counter too."""
    g = at("morning", {"boy_student": {"goodwill": 1, "hope": 2}})
    assert count(g, "boy_student", "goodwill") == 3


def test_rei_hope_counts_one_against_intrigue_never_below_zero():
    """Seed 000: each Hope counts as 1 against every count of Intrigue, to a minimum of 0."""
    g = at("morning", {"boy_student": {"intrigue": 2, "hope": 1}, "girl_student": {"intrigue": 1, "hope": 3}})
    assert count(g, "boy_student", "intrigue") == 1
    assert count(g, "girl_student", "intrigue") == 0


def test_rei_despair_counts_toward_paranoia_and_intrigue():
    """Seed 000: each Despair counts toward Paranoia and toward Intrigue."""
    g = at("morning", {"boy_student": {"paranoia": 1, "intrigue": 1, "despair": 2}})
    assert count(g, "boy_student", "paranoia") == 3 and count(g, "boy_student", "intrigue") == 3


def test_rei_one_counter_stays_one_counter_where_counters_are_counted():
    """Seed 000: a single Hope or Despair counter is still a single counter (the A.I.'s trait counts it once)."""
    g = at("morning", {"boy_student": {"despair": 1, "hope": 1}})
    assert B.total_counters(g.board, "boy_student") == 2


def test_rei_despair_triggers_an_incident_as_paranoia():
    """Seed 000: Despair counts toward Paranoia wherever Paranoia is counted, so the culprit's incident occurs."""
    script = make_script(incidents=[{"day": 1, "incident": "increasing_unease", "culprit": "boy_student"}])
    g = start(script, {"phase": "incident", "day": 1, "characters": {"boy_student": {"paranoia": 1, "despair": 1}}})
    assert "incident" in event_types(g)


def test_rei_counters_exist_check_sees_despair_as_paranoia():
    """Seed 000: an "is there at least one" check sees Despair as Paranoia (counter_at_least with 1)."""
    g = at("morning", {"boy_student": {"despair": 1}})
    assert count(g, "boy_student", "paranoia") >= 1


# ---------------------------------------------------------------- Goodwill Refusal
def test_rei_despair_gives_mandatory_goodwill_refusal():
    """Seed 000: the character a Despair counter is on gains Mandatory Goodwill Refusal."""
    g = at("goodwill_abilities", {"boy_student": {"goodwill": 2, "despair": 1}})
    assert refusal(g, "boy_student") == "mandatory"
    answer(g, "goodwill_ability", "boy_student:gw:0")
    assert options(g) == ["refuse"]


def test_rei_hope_removes_every_goodwill_refusal():
    """Seed 000: Hope removes Goodwill Refusal, Mandatory included (the Office Worker as a Killer has Optional refusal in First Steps? The Key Person's... here a Brain in Basic Tragedy: Optional)."""
    bt = make_script(set="basic_tragedy", main_plot="murder_plan", subplots=["circle_of_friends", "an_unsettling_rumor"],
                     cast={"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "shrine_maiden": "friend",
                           "police_officer": "conspiracy_theorist", "boy_student": "friend"})
    g = at("goodwill_abilities", {"doctor": {"goodwill": 2, "hope": 1}}, script=bt)
    assert g.rules.roles["brain"].refusal == "optional"
    assert refusal(g, "doctor") == "none"


def test_rei_hope_beats_despair_removal_wins():
    """Seed 000: effects that remove Goodwill Refusal supersede those that add it: Hope does not succumb to Despair."""
    g = at("goodwill_abilities", {"boy_student": {"goodwill": 2, "despair": 2, "hope": 1}})
    assert refusal(g, "boy_student") == "none"


# ---------------------------------------------------------------- the cards
def _resolve(mm, ps, chars=None, added=None, script=FS):
    g = start(script, {"phase": "mastermind_cards", "characters": chars or {}, "added_cards": added or {}})
    place_cards(g, mm, ps)
    return g


MM_BLUFFS = [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("intrigue_plus_1", "school")]


def test_rei_hope_plus_1_alone_places_hope_and_leaves_every_protagonist_hand():
    """Seed 000: Hope +1 puts 1 Hope on its character and is removed from each player's hand."""
    added = {h: ["hope_plus_1"] for h in ("protagonist1", "protagonist2", "protagonist3")}
    g = _resolve(MM_BLUFFS, [("hope_plus_1", "boy_student"), *P_FILL], added=added)
    assert counters(g, "boy_student")["hope"] == 1
    assert all("hope_plus_1" not in g.hands.held[h] for h in ("protagonist1", "protagonist2", "protagonist3"))
    assert "card_leaves_hands" in event_types(g)


def test_rei_two_hope_plus_1_the_same_day_act_as_goodwill_plus_1_and_stay_in_hand():
    """Seed 000: two or more Hope +1 played the same day are all Goodwill +1 instead, and stay in hand."""
    added = {h: ["hope_plus_1"] for h in ("protagonist1", "protagonist2", "protagonist3")}
    g = _resolve(MM_BLUFFS, [("hope_plus_1", "boy_student"), ("hope_plus_1", "girl_student"), ("goodwill_plus_1", "shrine")], added=added)
    assert counters(g, "boy_student")["hope"] == 0 and counters(g, "boy_student")["goodwill"] == 1
    assert counters(g, "girl_student")["goodwill"] == 1
    assert all(g.hands.held[h].count("hope_plus_1") == 1 for h in ("protagonist1", "protagonist2", "protagonist3"))


def test_rei_hope_plus_1_is_not_stopped_by_forbid_goodwill():
    """Seed 000 FAQ A2 (its Hope half): Forbid Goodwill does not stop Hope +1."""
    added = {"protagonist1": ["hope_plus_1"]}
    g = _resolve([("forbid_goodwill", "boy_student"), *MM_BLUFFS[:2]], [("hope_plus_1", "boy_student"), *P_FILL], added=added)
    assert counters(g, "boy_student")["hope"] == 1


def test_rei_despair_plus_1_is_once_per_loop():
    """Seed 000: Despair +1 is 1x per loop: once played it is set aside until the next loop."""
    g = _resolve([("despair_plus_1", "boy_student"), *MM_BLUFFS[:2]], [("paranoia_plus_1", "school"), *P_FILL],
                 added={"mastermind": ["despair_plus_1"]})
    assert counters(g, "boy_student")["despair"] == 1
    assert "despair_plus_1" in g.hands.set_aside["mastermind"] and "despair_plus_1" not in g.hands.held["mastermind"]


def test_rei_paranoia_plus_2_places_two_and_is_once_per_loop():
    """Seed 000: Paranoia +2 (1x per loop) places 2 Paranoia."""
    g = _resolve(MM_BLUFFS, [("paranoia_plus_2", "boy_student"), *P_FILL], added={"protagonist1": ["paranoia_plus_2"]})
    assert counters(g, "boy_student")["paranoia"] == 2
    assert "paranoia_plus_2" in g.hands.set_aside["protagonist1"]


def test_rei_paranoia_plus_2_is_stopped_by_forbid_paranoia():
    """Seed 000: Forbid Paranoia prevents the effect of Paranoia +2."""
    g = _resolve([("forbid_paranoia", "boy_student"), *MM_BLUFFS[:2]], [("paranoia_plus_2", "boy_student"), *P_FILL],
                 added={"protagonist1": ["paranoia_plus_2"]})
    assert counters(g, "boy_student")["paranoia"] == 0


def test_rei_paranoia_plus_2_resolves_before_paranoia_minus_1():
    """Seed 000: Paranoia +2 resolves before a Paranoia -1 on the same character (0 + 2 - 1 = 1, not 0 + 2)."""
    g = _resolve([("paranoia_minus_1", "boy_student"), *MM_BLUFFS[:2]], [("paranoia_plus_2", "boy_student"), *P_FILL],
                 added={"protagonist1": ["paranoia_plus_2"]})
    assert counters(g, "boy_student")["paranoia"] == 1


def test_rei_mastermind_goodwill_plus_1_places_goodwill():
    """Seed 000: the Mastermind's Goodwill +1 places 1 Goodwill."""
    g = _resolve([("goodwill_plus_1", "boy_student"), *MM_BLUFFS[:2]], [("paranoia_plus_1", "school"), *P_FILL],
                 added={"mastermind": ["goodwill_plus_1"]})
    assert counters(g, "boy_student")["goodwill"] == 1


def test_rei_cards_are_never_in_a_starting_hand():
    """Seed 000: Hope +1, Despair +1 and Paranoia +2 are not in the players' hands at the start of loops."""
    g = start(FS)
    for hand, cards in g.hands.held.items():
        assert not {"hope_plus_1", "despair_plus_1", "paranoia_plus_2"} & set(cards), hand


# ---------------------------------------------------------------- tokens
def test_rei_perished_token_on_first_death_only_and_kept_between_loops():
    """Seed 000: the first time a character dies it gets a Perished token, never a second, kept through loops."""
    g = at("day_end", {"boy_student": {"intrigue": 2}, "office_worker": {}}, script=TOKENS)
    # The Killer (Office Worker, City) kills the Key Person... here the Mastermind kills no one: use the kill primitive.
    from scriptkeeper.tragedy_looper.actions import kill
    kill(g, "boy_student", "test")
    kill(g, "boy_student", "test")
    assert g.board.tokens["boy_student"] == {"perished"}
    assert event_types(g).count("token") == 1
    g.board.reset_for_loop(g.rules)
    assert g.board.tokens["boy_student"] == {"perished"}


def test_rei_tokens_only_when_the_script_uses_them():
    """Seed 000: the tokens are optional (the Mastermind's choice): a script without `tokens: true` has none."""
    g = at("day_end", {}, script=FS)
    from scriptkeeper.tragedy_looper.actions import kill
    kill(g, "boy_student", "test")
    assert not g.board.tokens


def test_rei_acquainted_token_when_a_goodwill_ability_is_declared_even_refused():
    """Seed 000: the first declaration of a character's Goodwill ability gives it an Acquainted token, refused or not."""
    bt = make_script(TOKENS.to_dict())
    g = at("goodwill_abilities", {"boy_student": {"goodwill": 2, "despair": 1}}, script=bt)
    use(g, "boy_student:gw:0", refusal="refuse")
    assert g.board.tokens["boy_student"] == {"acquainted"}
    types = event_types(g)
    assert types.index("token") < types.index("goodwill_refused")


def test_rei_tokens_are_seen_by_every_seat():
    """Seed 000: the tokens lie on the board for all to see."""
    from tests.helpers import seat_view
    g = at("goodwill_abilities", {"boy_student": {"goodwill": 2}}, script=TOKENS)
    use(g, "boy_student:gw:0")
    for seat in ("protagonist1", "observer", "mastermind"):
        chars = seat_view(g, seat)["characters"]
        chars = chars if isinstance(chars, dict) else {c["id"]: c for c in chars}
        assert chars["boy_student"].get("tokens") == ["acquainted"], seat


# ---------------------------------------------------------------- the 1x-per-loop change
def test_rei_refused_once_per_loop_ability_is_not_used_up():
    """Seed 000: a declared and refused 1x-per-loop Goodwill ability does not count toward its limit
    (only today's declaration is remembered: it may be declared again the next day)."""
    g = at("goodwill_abilities", {"police_officer": {"goodwill": 5, "despair": 1}})
    use(g, "police_officer:gw:1", refusal="refuse")
    assert not any(r.owner == "police_officer" for r in g.this_loop.used)
    assert any(r.owner == "police_officer" for r in g.today.used)
    assert "police_officer:gw:1" not in options(g)
