"""Midnight Zone in the deduction (issue 13; seed 001: its roles, incidents and plots).

Each rule is asked of the fact that reads it: the fact is written by the walker of a real view of a
shipped script (observe.Walker), on a board set up for the question, and bound to a plot
combination (context.Cx) as the solver binds it. Two questions are played through the engine (the
Fake Incident under another name, Serial Murders sharing a culprit); whole random games of every
shipped script are in test_soundness.py, and a brute force of the count in test_facts.py.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.board import Board
from scriptkeeper.tragedy_looper.deduction import deduce, observe
from scriptkeeper.tragedy_looper.deduction.check import violations
from scriptkeeper.tragedy_looper.deduction.context import Cx
from scriptkeeper.tragedy_looper.deduction.model import PERSON, combos
from scriptkeeper.tragedy_looper.deduction.observe import Walker
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.views import build_view
from tests.deduction.test_rei import bound, combo_of, roles_allowed  # the same readings of a bound fact
from tests.properties.randomplay import scripts

P = "protagonist1"
# Male Confrontation + Worshippers of the Apocalypse + Unsafe Trigger: Police Officer = Ninja,
# Alien = Prophet, Rich Man's Daughter = Factor; a Fake Incident shown as a Suicide on day 1.
TWO_MEN = "midnight_zone/two_men_at_the_crossing"
TEA = "midnight_zone/tea_under_a_red_moon"  # The Devil's Hand + Witches Tea Time + Unanswered Heart
UNWRITTEN = "midnight_zone/the_unwritten_page"  # Secret Record: two Serial Murders by the Boy Student


def walker(name: str) -> Walker:
    """The walker of Protagonist 1's view at the game's first decision (its facts are written by hand below)."""
    w = Walker(build_view(engine.new_game(scripts()[name], 0, 4), P))
    w.run()
    w.facts.clear()
    return w


def culprits_allowed(atoms: Any, idx: int, w: Walker) -> frozenset[str]:
    if atoms is False:
        return frozenset()
    out = frozenset(w.u.script_chars)
    for a in [] if atoms is True else atoms:
        if a[0] == "C" and a[1] == idx:
            out &= a[2]
    return out


def gather(b: Board, loc: str, *chars: str) -> Board:
    """The board with every character elsewhere (the Hospital) but `chars`, who stand in `loc`."""
    b = b.copy()
    for ch in b.chars:
        b.set_location(ch, "hospital" if loc != "hospital" else "city")
    for ch in chars:
        b.set_location(ch, loc)
    return b


def holds_some(atoms: Any, ch: str, roles: set[str]) -> bool:
    """Does a bound existence fact name `ch` holding one of `roles` among its ways to hold?"""
    if atoms in (True, False):
        return False
    lits = [lit for a in atoms if a[0] == "R" for lit in [(a[1], a[2])]]
    lits += [lit for a in atoms if a[0] == "D" for t in a[1] for lit in t]
    return any(c == ch and set(rs) & roles for c, rs in lits)


# ---------------------------------------------------------------- the Ninja
def test_mz_ninja_reveal_may_be_a_lie_so_an_announced_role_leaves_the_ninja_possible():
    """Seed 001 "Ninja": when its role is to be revealed, the Mastermind may announce another non-Person
    role of the script instead. An announced Factor is the Factor or the Ninja; an announced Person is
    the truth (a Ninja never announces Person); outside a set with such a role the announcement is exact."""
    w = walker(TWO_MEN)
    cx = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    w.note("reveal_role", {"character": "police_officer", "role": "factor"})
    assert roles_allowed(bound(w, cx), "police_officer", cx) == {"factor", "ninja"}
    w.note("reveal_role", {"character": "police_officer", "role": PERSON})
    assert roles_allowed(bound(w, cx), "police_officer", cx) == {PERSON}
    w.note("reveal_role", {"character": "police_officer", "role": "ninja"})
    assert roles_allowed(bound(w, cx), "police_officer", cx) == {"ninja"}


def test_mz_ninja_kills_a_character_with_two_intrigue_at_day_end_itself_included():
    """Seed 001 "Ninja": at day end it may kill a character in its location with 2+ Intrigue, itself
    included. A lone character with 2 Intrigue dying at day end is explained by its being the Ninja;
    without Intrigue it is not."""
    w = walker(TWO_MEN)
    cx = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    b = gather(w.board, "shrine", "police_officer")
    b.add("police_officer", "intrigue", 2)
    kill = [{"ch": "police_officer", "victim": "police_officer", "kind": "death"}]
    w.fact_serial_killers(b, [], kill, 1)
    assert roles_allowed(bound(w, cx), "police_officer", cx) == {"ninja"}
    w.fact_serial_killers(gather(w.board, "shrine", "police_officer"), [], kill, 1)
    assert bound(w, cx) is False


def test_mz_male_confrontation_ninja_must_be_a_man_not_a_boy():
    """Seed 001 "Male Confrontation": the Ninja must be a man (not a boy)."""
    w = walker(TWO_MEN)
    cx = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    assert "ninja" in cx.domain("police_officer") and "ninja" in cx.domain("journalist")
    assert "ninja" not in cx.domain("patient")  # a boy
    assert "ninja" not in cx.domain("girl_student") and "ninja" not in cx.domain("alien")
    other = combo_of(w, "the_devils_hand", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    assert "ninja" in other.domain("patient")  # only Male Confrontation asks it


# ---------------------------------------------------------------- incidents: Prophet, Obstinate, Worshippers
SUICIDE = 1  # Two Men at the Crossing's day 3 Suicide (the Girl Student's; limit 3)


def test_mz_prophet_stops_another_culprits_incident_in_its_location():
    """Seed 001 "Prophet": an incident whose culprit is another character in its location does not occur.
    A Suicide that did not occur with the Girl Student at her limit beside the Alien leaves her a
    possible culprit where the Alien may be the Prophet, and not where no plot adds one."""
    w = walker(TWO_MEN)
    b = gather(w.board, "shrine", "girl_student", "alien")
    b.add("girl_student", "paranoia", 3)
    w.fact_occurrence(SUICIDE, False, b)
    with_prophet = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    without = combo_of(w, "male_confrontation", ("love_hate_spiral", "unsafe_trigger"))
    assert "girl_student" in culprits_allowed(bound(w, with_prophet), SUICIDE, w)
    assert "girl_student" not in culprits_allowed(bound(w, without), SUICIDE, w)
    alone = gather(w.board, "shrine", "girl_student")
    alone.add("girl_student", "paranoia", 3)
    w.fact_occurrence(SUICIDE, False, alone)
    assert "girl_student" not in culprits_allowed(bound(w, with_prophet), SUICIDE, w)


def test_mz_obstinate_incidents_occur_whatever_its_paranoia():
    """Seed 001 "Obstinate": its incidents always occur. A Suicide that occurred with the Girl Student
    at 0 Paranoia leaves her a possible culprit where a plot adds the Obstinate, and not elsewhere."""
    w = walker(TWO_MEN)
    b = gather(w.board, "shrine", "girl_student")
    w.fact_occurrence(SUICIDE, True, b)
    with_obstinate = combo_of(w, "male_confrontation", ("love_hate_spiral", "unsafe_trigger"))
    without = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    assert "girl_student" in culprits_allowed(bound(w, with_obstinate), SUICIDE, w)
    assert "girl_student" not in culprits_allowed(bound(w, without), SUICIDE, w)


def test_mz_worshippers_of_the_apocalypse_lower_a_person_culprits_limit_while_the_prophet_lives():
    """Seed 001 "Worshippers of the Apocalypse": a Person culprit counts its limit 1 lower while the
    Prophet is alive. A Suicide that occurred with the Girl Student 1 below her limit leaves her a
    possible culprit with that plot, and not without it."""
    w = walker(TWO_MEN)
    b = gather(w.board, "shrine", "girl_student")
    b.add("girl_student", "paranoia", 2)
    w.fact_occurrence(SUICIDE, True, b)
    worshippers = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    without = combo_of(w, "male_confrontation", ("showtime_of_death", "unsafe_trigger"))  # no Obstinate either
    assert "girl_student" in culprits_allowed(bound(w, worshippers), SUICIDE, w)
    assert "girl_student" not in culprits_allowed(bound(w, without), SUICIDE, w)


def test_mz_worshippers_of_the_apocalypse_need_a_suicide_on_the_schedule():
    """Seed 001 "Worshippers of the Apocalypse": the script must have a Suicide. Tea under a Red Moon
    shows none (only a Fake Incident shows another name): no consistent script has that plot."""
    d = deduce(build_view(engine.new_game(scripts()[TEA], 0, 4), P))
    assert d.count > 0
    assert not any("worshippers_of_the_apocalypse" in subs and n for (main, subs), n in d.plots.items())
    d = deduce(build_view(engine.new_game(scripts()[TWO_MEN], 0, 4), P))
    assert any("worshippers_of_the_apocalypse" in subs and n for (main, subs), n in d.plots.items())


def test_mz_prophet_gets_no_mastermind_cards():
    """Seed 001 "Prophet": the Mastermind cannot place cards on it: a character it put one on is no Prophet."""
    w = walker(TWO_MEN)
    cx = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    w.fact_prophet_cards([{"by": "mastermind", "card": "paranoia_plus_1", "target": "alien"}], w.board.copy())
    assert "prophet" not in roles_allowed(bound(w, cx), "alien", cx)
    assert "prophet" in cx.domain("alien")


# ---------------------------------------------------------------- the Fake Incident
def mastermind_paranoia_on(ch: str, day: int) -> Any:
    def plan(st: GameState) -> Any:
        d = st.pending
        if d.kind == "place_card" and d.seat == "mastermind" and st.day == day and not st.placed:
            return {"card": "paranoia_plus_1", "target": ch}
        return None
    return plan


def test_mz_fake_incident_may_show_another_name_so_a_suicide_nobody_died_of_needs_no_immortal():
    """Seed 001 "Fake Incident": the public schedule may show another incident's name. Two Men at the
    Crossing's day 1 "Suicide" is a Fake Incident: it occurs and, with no Intrigue on its culprit's
    start, does nothing. Read as a Suicide, its culprit would have survived its own death (an Immortal,
    which no plot of the true combination adds); read as either, the true script stays consistent."""
    from tests.deduction.test_facts import quiet

    st = engine.new_game(scripts()[TWO_MEN], 0, 2)
    plan = mastermind_paranoia_on("rich_mans_daughter", 1)
    while st.pending is not None and (st.loop, st.day, st.phase) < (1, 2, ""):
        ans = plan(st)
        engine.apply_in_place(st, quiet(st) if ans is None else ans)
    view = build_view(st, P)
    types = [e["type"] for e in view["events"]]
    assert "incident" in types and "death" not in types  # the "Suicide" occurred; nobody died
    assert view["schedule"][0]["incident"] == "suicide"
    obs = observe(view)
    assert violations(obs, st.script) == []
    s = st.script
    assert deduce(view).consistent(s.main_plot, s.subplots, dict(s.cast), {i: inc.culprit for i, inc in enumerate(s.incidents)})


def test_mz_fake_incident_counts_paranoia_so_a_conspiracies_may_occur_by_it():
    """Seed 001 "Conspiracies" occur when the culprit's Intrigue reaches its limit, but a Fake Incident
    shown under that name counts Paranoia: an occurrence (or none) holds for both counters."""
    w = walker(UNWRITTEN)
    idx = next(k for k, s in enumerate(w.schedule) if s["incident"] == "conspiracies")
    assert w.true_incidents(idx) == ["conspiracies", "fake_incident"]
    cx = Cx(w.u, combos(w.rules)[0])
    b = gather(w.board, "shrine", "journalist")
    b.add("journalist", "paranoia", 2)
    w.fact_occurrence(idx, True, b)
    assert "journalist" in culprits_allowed(bound(w, cx), idx, w)
    b = gather(w.board, "shrine", "journalist")
    b.add("journalist", "intrigue", 2)
    w.fact_occurrence(idx, False, b)
    assert "journalist" in culprits_allowed(bound(w, cx), idx, w)
    b.add("journalist", "paranoia", 2)
    w.fact_occurrence(idx, False, b)
    assert "journalist" not in culprits_allowed(bound(w, cx), idx, w)


# ---------------------------------------------------------------- Serial Murder
def test_mz_serial_murders_may_share_a_culprit():
    """Seed 001 "Serial Murder": one character may be the culprit of several. The Unwritten Page's Boy
    Student is the culprit of both: the true script is counted, and so are scripts with two culprits."""
    from tests.deduction.test_facts import quiet

    st = engine.new_game(scripts()[UNWRITTEN], 0, 4)
    while not st.board.chars["henchman"].location:  # the Mastermind places the Henchman first
        engine.apply_in_place(st, quiet(st))
    d = deduce(build_view(st, P))
    s = scripts()[UNWRITTEN]
    murders = [k for k, inc in enumerate(s.incidents) if inc.incident == "serial_murder"]
    assert len(murders) == 2 and len({s.incidents[k].culprit for k in murders}) == 1
    assert d.consistent(s.main_plot, s.subplots, dict(s.cast), {i: inc.culprit for i, inc in enumerate(s.incidents)})
    (other,) = [k for k in range(len(s.incidents)) if k not in murders]  # the Conspiracies
    both_nurse = {murders[0]: "nurse", murders[1]: "nurse", other: "journalist"}
    assert d.consistent(s.main_plot, s.subplots, dict(s.cast), both_nurse)
    not_shared = {murders[0]: "boy_student", other: "boy_student", murders[1]: "nurse"}
    assert not d.consistent(s.main_plot, s.subplots, dict(s.cast), not_shared)  # a Conspiracies never shares


# ---------------------------------------------------------------- the Magician
def test_mz_magician_moves_a_character_with_paranoia_so_a_magician_stood_there():
    """Seed 001 "Magician": the Mastermind may move a character with Paranoia from the Magician's location.
    A move in the Mastermind's phase names a Magician among those there; where no plot adds one, it cannot be."""
    w = walker(TEA)
    b = gather(w.board, "school", "girl_student", "class_rep")
    b.add("girl_student", "paranoia", 1)
    w.fact_magician_move("girl_student", b)
    with_magician = combo_of(w, "the_devils_hand", ("witches_tea_time", "unanswered_heart"))
    assert roles_allowed(bound(w, with_magician), "class_rep", with_magician) == {"magician"} or \
        holds_some(bound(w, with_magician), "class_rep", {"magician"})
    without = combo_of(w, "the_devils_hand", ("witches_tea_time", "love_hate_spiral"))
    assert bound(w, without) is False


def test_mz_magicians_corpse_loses_its_paranoia():
    """Seed 001 "Magician": when it dies, all Paranoia is removed from its corpse."""
    w = walker(TEA)
    cx = combo_of(w, "the_devils_hand", ("witches_tea_time", "unanswered_heart"))
    w.fact_magician_corpse("class_rep", w.board.copy())
    assert roles_allowed(bound(w, cx), "class_rep", cx) == {"magician"}


# ---------------------------------------------------------------- Extra cards and the loss conditions
def test_mz_an_extra_card_at_loop_start_names_fated_connections_or_dice_of_the_gods():
    """Seed 001 "Fated Connections" / "Dice of the Gods": at loop start an Extra card goes on a character
    that died in the previous loop. Seen, one of them is chosen; not seen while such a character is on
    the board, neither is."""
    w = walker(UNWRITTEN)
    w.prev_dead = ["nurse"]
    dice = Cx(w.u, next(c for c in combos(w.rules) if c.has("dice_of_the_gods")))
    fated = Cx(w.u, next(c for c in combos(w.rules) if c.has("fated_connections")))
    neither = Cx(w.u, next(c for c in combos(w.rules) if not (c.has("dice_of_the_gods") or c.has("fated_connections"))))
    w.fact_extra_cards(2, ["nurse"], w.board.copy())
    assert (bound(w, dice), bound(w, fated), bound(w, neither)) == (True, True, False)
    w.fact_extra_cards(2, [], w.board.copy())
    assert (bound(w, dice), bound(w, fated), bound(w, neither)) == (False, False, True)


def test_mz_fated_connections_every_character_with_an_extra_card_is_a_key_person():
    """Seed 001 "Fated Connections": every character with an Extra card is a Key Person: its death
    ends the loop, whatever its script role."""
    w = walker(UNWRITTEN)
    fated = Cx(w.u, next(c for c in combos(w.rules) if c.has("fated_connections")))
    b = w.board.copy()
    assert not fated.loss_on_death(PERSON, b, "nurse")
    b.extra_cards.add("nurse")
    assert fated.loss_on_death(PERSON, b, "nurse")
    dice = Cx(w.u, next(c for c in combos(w.rules) if c.has("dice_of_the_gods") and not c.has("fated_connections")))
    assert not dice.loss_on_death(PERSON, b, "nurse")


def test_mz_secret_record_loses_when_the_brain_factor_or_a_magician_was_revealed():
    """Seed 001 "Secret Record": if the role of the Brain, the Factor or a Magician was revealed this
    loop, the Protagonists lose: a character revealed this loop holds one of them in a lost loop
    explained so (the script's role: a Ninja's lie does not hide it)."""
    w = walker(UNWRITTEN)
    cx = Cx(w.u, next(c for c in combos(w.rules) if c.main == "secret_record"))
    cond = {"role_revealed_this_loop": ["brain", "factor", "magician"]}
    got = w.plot_condition(cx, cond, w.board.copy(), [], ["doctor"])
    assert roles_allowed(cx.to_script(got), "doctor", cx) == cx.script_domain("doctor") & {"brain", "factor", "magician"}
    assert w.plot_condition(cx, cond, w.board.copy(), [], []) is False


def test_mz_showtime_of_death_loses_with_six_or_fewer_characters_alive():
    w = walker(UNWRITTEN)
    cx = Cx(w.u, combos(w.rules)[0])
    b = w.board.copy()
    cond = {"living_characters_at_most": 6}
    assert w.plot_condition(cx, cond, b, []) is False  # 9 alive
    for ch in ("nurse", "journalist", "pop_idol"):
        b.chars[ch].alive = False
    assert w.plot_condition(cx, cond, b, []) is True


def test_mz_unsafe_trigger_puts_intrigue_on_the_living_factors_location():
    """Seed 001 "Unsafe Trigger": once per loop the Mastermind may put 1 Intrigue on the living Factor's
    location. An Intrigue +1 on the School in the Mastermind's phase, with no Brain there, is explained
    by a Factor in the School."""
    w = walker(TWO_MEN)
    cx = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "unsafe_trigger"))
    b = gather(w.board, "school", "rich_mans_daughter")
    w.mm_days = [(1, [("school", "intrigue", 1, b)])]
    w.fact_mm_abilities()
    assert roles_allowed(bound(w, cx), "rich_mans_daughter", cx) == {"factor"}
    without = combo_of(w, "male_confrontation", ("worshippers_of_the_apocalypse", "love_hate_spiral"))
    assert bound(w, without) is False


# The Devil's Hand + Love-Hate Spiral + Unanswered Heart, the Rich Man's Daughter (limit 1) the Ninja
# and the culprit of a day 1 Confession, which reveals her role.
NINJA_CONFESSES: dict[str, Any] = {
    "title": "The Ninja confesses", "set": "midnight_zone", "main_plot": "the_devils_hand",
    "subplots": ["love_hate_spiral", "unanswered_heart"], "loops": 3, "days": 4,
    "cast": {"rich_mans_daughter": "ninja", "girl_student": "key_person", "boy_student": "cultist", "shrine_maiden": "friend",
             "office_worker": "obstinate", "police_officer": "conspiracy_theorist", "doctor": "magician", "nurse": "person"},
    "incidents": [{"day": 1, "incident": "confession", "culprit": "rich_mans_daughter"},
                  {"day": 2, "incident": "suicide", "culprit": "office_worker"}],
}


def test_mz_ninja_reveal_lie_played_through_the_engine_keeps_the_true_script():
    """Seed 001 "Ninja" and "Confession": the Confession reveals its culprit's role; the Ninja's is
    announced as the Cultist (a non-Person role of the script: the Mastermind's choice among them).
    The true script stays consistent, and the Rich Man's Daughter may be the Cultist or the Ninja."""
    from tests.deduction.test_facts import quiet
    from tests.helpers import make_script

    script = make_script(NINJA_CONFESSES)
    st = engine.new_game(script, 0, 2)
    plan = mastermind_paranoia_on("rich_mans_daughter", 1)
    offered: tuple[str, ...] = ()
    while st.pending is not None and st.day < 2:
        d = st.pending
        if d.kind == "reveal_role":
            offered = tuple(d.options)
            ans: Any = "cultist"
        else:
            ans = plan(st)
        engine.apply_in_place(st, quiet(st) if ans is None else ans)
    assert offered[0] == "ninja" and "cultist" in offered and PERSON not in offered
    view = build_view(st, P)
    shown = [e["data"] for e in view["events"] if e["type"] == "reveal_role"]
    assert shown == [{"character": "rich_mans_daughter", "role": "cultist"}]
    d = deduce(view)
    assert set(d.possible_roles("rich_mans_daughter")) == {"cultist", "ninja"}
    assert d.consistent(script.main_plot, script.subplots, dict(script.cast), {i: inc.culprit for i, inc in enumerate(script.incidents)})
    assert violations(observe(view), script) == []


def play_day_one(script_data: dict[str, Any], card: str) -> tuple[Any, GameState]:
    """The script played to day 2, the Mastermind's first card of day 1 `card` on the Rich Man's
    Daughter (limit 1), every other answer quiet."""
    from tests.deduction.test_facts import quiet
    from tests.helpers import make_script

    script = make_script(script_data)
    st = engine.new_game(script, 0, 2)
    while st.pending is not None and st.day < 2:
        d = st.pending
        first = d.kind == "place_card" and d.seat == "mastermind" and st.day == 1 and not st.placed
        engine.apply_in_place(st, {"card": card, "target": "rich_mans_daughter"} if first else quiet(st))
    return script, st


def test_mz_faked_suicide_puts_an_extra_card_on_its_culprit_so_the_card_names_it():
    """Seed 001 "Faked Suicide": an Extra card on the culprit. No Fake Incident places one, so though
    the incident might have been a Fake Incident by its name, the card names its culprit."""
    data = {**NINJA_CONFESSES, "incidents": [{"day": 1, "incident": "faked_suicide", "culprit": "rich_mans_daughter"},
                                             {"day": 2, "incident": "suicide", "culprit": "office_worker"}]}
    script, st = play_day_one(data, "paranoia_plus_1")
    view = build_view(st, P)
    assert [e["data"] for e in view["events"] if e["type"] == "extra_card"] == [{"character": "rich_mans_daughter"}]
    d = deduce(view)
    assert d.possible_culprits(0) == ["rich_mans_daughter"]
    assert d.consistent(script.main_plot, script.subplots, dict(script.cast), {i: inc.culprit for i, inc in enumerate(script.incidents)})


def test_mz_conspiracies_count_intrigue_and_resolve_as_another_incident():
    """Seed 001 "Conspiracies": occurs when the culprit's Intrigue reaches its limit, and resolves as a
    Serial Murder or a Missing Person (the Mastermind's choice, shown). With 1 Intrigue on the Rich
    Man's Daughter it occurs; the incident it resolves as is walked, and the true script stays consistent."""
    data = {**NINJA_CONFESSES, "incidents": [{"day": 1, "incident": "conspiracies", "culprit": "rich_mans_daughter"},
                                             {"day": 2, "incident": "suicide", "culprit": "office_worker"}]}
    script, st = play_day_one(data, "intrigue_plus_1")
    view = build_view(st, P)
    types = [e["type"] for e in view["events"]]
    assert "resolves_as" in types and types[types.index("incident") + 1] == "resolves_as"
    obs = observe(view)
    assert violations(obs, script) == []
    d = deduce(view)
    assert "rich_mans_daughter" in d.possible_culprits(0)
    assert d.consistent(script.main_plot, script.subplots, dict(script.cast), {i: inc.culprit for i, inc in enumerate(script.incidents)})
