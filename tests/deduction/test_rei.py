"""Rei's general rules and augmented sets in the deduction (issue 16; seed 000: "Additional Rules",
"New Characters", "New Rules in Previous Tragedy Sets" and the General FAQ).

Each rule is asked of the fact that reads it, on a board set up for the question: the fact is
written by the walker of a real view (observe.Walker) and bound to a plot combination (context.Cx),
as the solver binds it. Whole games of the augmented scripts are in test_soundness.py and
test_facts.py (brute force).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.deduction import deduce, observe
from scriptkeeper.tragedy_looper.deduction.context import Cx, Universe
from scriptkeeper.tragedy_looper.deduction.model import PERSON, combos
from scriptkeeper.tragedy_looper.deduction.observe import Walker
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import FS_BASE, make_script
from tests.properties.randomplay import choose, scripts

P = "protagonist1"
# First Steps+ (seed 000): FS_BASE with the Boy Student as the Fragment, and Crossing World Lines as
# its subplot when asked for.
FS_PLUS: dict[str, Any] = {**FS_BASE, "set": "first_steps_plus", "tokens": True,
                           "cast": {**FS_BASE["cast"], "boy_student": "fragment"}}


def walker(script: dict[str, Any] | None = None, name: str | None = None) -> Walker:
    """The walker of Protagonist 1's view at the game's first decision (its facts are written by hand below)."""
    s = scripts()[name] if name else make_script(script or FS_PLUS)
    w = Walker(build_view(engine.new_game(s, 0, 4), P))
    w.run()
    w.facts.clear()
    return w


def combo_of(w: Walker, main: str, subs: tuple[str, ...]) -> Cx:
    c = next(c for c in combos(w.rules) if c.main == main and set(c.subs) == set(subs))
    return Cx(w.u, c)


def bound(w: Walker, cx: Cx) -> Any:
    """The last fact written, bound to `cx` and said about the script's roles (as the solver reads it)."""
    return cx.to_script(w.facts[-1].bind(cx))


def roles_allowed(atoms: Any, ch: str, cx: Cx) -> frozenset[str]:
    """What a bound fact leaves of `ch`'s script roles (its role atoms; True leaves them all)."""
    if atoms is False:
        return frozenset()
    out = cx.script_domain(ch)
    for a in [] if atoms is True else atoms:
        if a[0] == "R" and a[1] == ch:
            out &= a[2]
    return out


def test_rei_fragment_one_person_becomes_it_in_every_consistent_script():
    """Seed 000 "Fragments and the Final Guess": once the other roles are given, one Person becomes
    the Fragment. With no fact yet, every consistent script has exactly one."""
    d = deduce(build_view(engine.new_game(make_script(FS_PLUS), 0, 4), P))
    assert d.count > 0
    assert sum(d.roles[c].get("fragment", 0) for c in d.universe.script_chars) == d.count
    assert all("fragment" in d.possible_roles(c) for c in d.universe.script_chars)


def test_rei_faq_q28_the_mystery_boy_is_never_the_fragment():
    """Q28: the Mystery Boy's role is added to the set by other means than the plots: never the Fragment."""
    w = walker({**FS_PLUS, "set": "basic_tragedy_plus", "main_plot": "murder_plan", "subplots": ["a_love_affair", "crossing_world_lines"],
                "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "police_officer": "lover",
                         "shrine_maiden": "loved_one", "boy_student": "fragment", "mystery_boy": "time_traveler",
                         "alien": "conspiracy_theorist"}})
    for c in combos(w.rules):
        assert "fragment" not in Cx(w.u, c).script_domain("mystery_boy")


def test_rei_hope_removes_every_goodwill_refusal():
    """Seed 000 "Hope Counters": the character a Hope counter is on loses Goodwill Refusal, so a
    refusal under Hope cannot be, and an allowed ability says nothing of its role."""
    w = walker()
    cx = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    b = w.board.copy()
    b.add("office_worker", "hope", 1)
    w.fact_refusal("office_worker", True, b)
    assert roles_allowed(bound(w, cx), "office_worker", cx) == frozenset()
    w.fact_refusal("office_worker", False, b)
    assert roles_allowed(bound(w, cx), "office_worker", cx) == cx.script_domain("office_worker")


def test_rei_despair_gives_mandatory_refusal_and_hope_beats_despair():
    """Seed 000 "Despair Counters": Mandatory Goodwill Refusal, so an allowed ability under Despair
    cannot be; with Hope too, the removal wins (Hope does not succumb to Despair)."""
    w = walker()
    cx = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    b = w.board.copy()
    b.add("office_worker", "despair", 1)
    w.fact_refusal("office_worker", False, b)
    assert roles_allowed(bound(w, cx), "office_worker", cx) == frozenset()
    w.fact_refusal("office_worker", True, b)
    assert roles_allowed(bound(w, cx), "office_worker", cx) == cx.script_domain("office_worker")
    b.add("office_worker", "hope", 1)
    w.fact_refusal("office_worker", False, b)
    assert roles_allowed(bound(w, cx), "office_worker", cx) == cx.script_domain("office_worker")


def test_rei_faq_q4_a_doctor_with_despair_may_be_used_by_the_mastermind_whatever_his_role():
    """Q4: the Doctor with 2 Goodwill and 1 Despair has Mandatory Goodwill Refusal, so the Mastermind
    may use his ability: a Paranoia +1 beside him in the Mastermind's phase is explained by him even
    as a Person. Without the Despair, it needs a role with refusal (or a Conspiracy Theorist)."""
    w = walker()
    cx = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    b = w.board.copy()
    for ch in b.chars:
        b.set_location(ch, "city")
    b.set_location("doctor", "hospital")
    b.set_location("girl_student", "hospital")
    b.add("doctor", "goodwill", 2)
    with_despair = b.copy()
    with_despair.add("doctor", "despair", 1)
    w.mm_days = [(1, [("girl_student", "paranoia", 1, with_despair)])]
    w.fact_mm_abilities()
    got = bound(w, cx)
    assert PERSON in roles_allowed(got, "doctor", cx)
    w.mm_days = [(1, [("girl_student", "paranoia", 1, b)])]
    w.fact_mm_abilities()
    got = bound(w, cx)
    assert got not in (True, False) and got[0][0] == "D"
    assert all(PERSON not in roles for term in got[0][1] for ch, roles in term if ch == "doctor")


def test_rei_metaworld_denizen_with_refusal_may_put_hope_or_despair_as_the_mastermind():
    """Seed 000 "Metaworld Denizen": with Goodwill Refusal and 1 Goodwill, the Mastermind may use her
    ability (on a character in her location, herself included: the rulebook's wording): a Despair in
    the Mastermind's phase beside her says she has a role with refusal."""
    w = walker(name="basic_tragedy_plus/nearing_nothing")
    c = combos(w.rules)[0]
    cx = Cx(w.u, c)
    b = w.board.copy()
    b.add("metaworld_denizen", "goodwill", 1)
    w.mm_days = [(1, [("metaworld_denizen", "despair", 1, b)])]
    w.fact_mm_abilities()
    allowed = roles_allowed(bound(w, cx), "metaworld_denizen", cx)
    assert allowed and all(cx.refusal(r) != "none" for r in allowed)


def fragment_loop_start(w: Walker, dead: bool, goodwill: int, added: Counter) -> None:
    """Loop 2's start with the Boy Student dead (or alive with `goodwill`) at loop 1's end, and `added` seen."""
    prev = w.board.copy()
    prev.add("boy_student", "goodwill", goodwill)
    if dead:
        prev.chars["boy_student"].alive = False
    w.prev_end = prev
    w.fact_cards_added(2, added)


def test_rei_fragment_dead_at_the_previous_loop_end_gives_the_mastermind_despair():
    """Seed 000 "Additional Role: Fragment": dead at the previous loop's end, the Mastermind adds
    Despair +1. Seen arriving, one of those dead is the Fragment; not seen, none is."""
    w = walker()
    cx = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    fragment_loop_start(w, True, 0, Counter({("mastermind", "despair_plus_1"): 1}))
    assert roles_allowed(bound(w, cx), "boy_student", cx) == {"fragment"}
    fragment_loop_start(w, True, 0, Counter())
    assert "fragment" not in roles_allowed(bound(w, cx), "boy_student", cx)


def test_rei_fragment_alive_with_two_goodwill_gives_every_protagonist_hope():
    w = walker()
    cx = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    hope = Counter({(seat, "hope_plus_1"): 1 for seat in ("protagonist1", "protagonist2", "protagonist3")})
    fragment_loop_start(w, False, 2, hope)
    assert roles_allowed(bound(w, cx), "boy_student", cx) == {"fragment"}
    fragment_loop_start(w, False, 1, hope)
    assert bound(w, cx) is False  # nobody had 2 Goodwill: no rule of this combination adds it


def test_rei_crossing_world_lines_adds_despair_in_even_loops_so_its_card_names_the_subplot():
    """Crossing World Lines: Despair +1 to the Mastermind at every even loop's start. A loop 2 with
    no Fragment dead and no card added rules the subplot out; the card alone is explained by it."""
    w = walker({**FS_PLUS, "subplots": ["crossing_world_lines"], "cast": {**FS_PLUS["cast"], "shrine_maiden": "person"}})
    with_cwl = combo_of(w, "murder_plan", ("crossing_world_lines",))
    without = combo_of(w, "murder_plan", ("shadow_of_the_ripper",))
    fragment_loop_start(w, False, 0, Counter({("mastermind", "despair_plus_1"): 1}))
    assert bound(w, with_cwl) is True
    assert bound(w, without) is False
    fragment_loop_start(w, False, 0, Counter())
    assert bound(w, with_cwl) is False


def test_rei_part_timer_plays_as_a_person_and_part_timer_q_holds_his_role():
    """Seed 000 "Part-Timer": he ignores his role and is a Person in play, so what he does says nothing
    of his script role; Part-Timer(?) has the same role: what she does says it of his."""
    w = walker(name="basic_tragedy_plus/nearing_nothing")
    u = Universe(w.rules, [*w.u.seen, "part_timer_q"], [])  # once she has entered
    cx = Cx(u, combos(w.rules)[0])
    assert "part_timer_q" not in u.script_chars and cx.domain("part_timer_q") == cx.script_domain("part_timer")
    assert cx.domain("part_timer") == {PERSON} and "killer" in cx.script_domain("part_timer")
    assert cx.to_script([("R", "part_timer", frozenset({"serial_killer"}))]) is False
    assert cx.to_script([("R", "part_timer", frozenset({PERSON}))]) is True
    assert cx.to_script([("R", "part_timer_q", frozenset({"killer"}))]) == [("R", "part_timer", frozenset({"killer"}))]
    assert cx.to_script([("C", 0, frozenset({"part_timer_q"}))]) == [("C", 0, frozenset({"part_timer"}))]


def test_rei_a_token_comes_with_the_death_or_declaration_it_records_or_the_walk_is_refused():
    """Seed 000 "Perished and Acquainted Tokens": a Perished token goes on a character the first time
    it dies, an Acquainted token the first time one of its Goodwill abilities is declared, before
    anything they trigger. The walker replays each with its event; one it cannot explain so (after
    another event, on another character, or a second one) is refused instead of being read past."""
    script = make_script(tokens=True)
    for seed in range(60):
        rng = random.Random(seed)
        g = engine.new_game(script, seed, 4)
        while g.pending is not None and not any(e.type == "token" for e in g.events):
            engine.apply_in_place(g, choose(rng, g, "pressure"))
        if g.pending is not None:
            break
    view = build_view(g, P)
    obs = observe(view)  # read as the engine placed them
    assert obs.board.tokens == g.board.tokens and obs.board.tokens
    k = next(i for i, e in enumerate(view["events"]) if e["type"] == "token")
    token = view["events"][k]
    for bad in ({**token, "data": {**token["data"], "character": "nobody_here"}},  # not on the character of its event
                token):  # a second one right after the first
        changed = {**view, "events": view["events"][:k + 1] + [bad] + view["events"][k + 1:]}
        with pytest.raises(UnmodelledRule, match="token"):
            observe(changed)
    counter = next(i for i, e in enumerate(view["events"]) if e["type"] == "counter")
    changed = {**view, "events": view["events"][:counter + 1] + [token] + view["events"][counter + 1:]}
    with pytest.raises(UnmodelledRule, match="token"):
        observe(changed)  # after an event that places none
