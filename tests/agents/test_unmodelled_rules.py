"""The agents refuse what they do not model (issue 11, item 2): a loss condition, a trait, a counter,
a Goodwill ability or a decision they were not written for raises UnmodelledRule instead of being
played as if it did not exist. What they do model through the shared rules (a counter that counts
as Goodwill) they read like the engine. Test-only rule books are built as in tests/rules."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core.decision import Decision
from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.core.text import T
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.common import GW_WORTH, gw_kind
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.agents.threat import Threat, check_incident, check_plot_rule, check_role
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.rules import Ability, CounterKind, GoodwillAbility, Role, RuleBook, Trait, available_sets, load_rulebook
from scriptkeeper.tragedy_looper.script import Script
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import scripts

PLACE_TO_PROTECT = "first_steps/whispers_at_the_gate"  # A Place to Protect: Intrigue on the School loses


def rule_book(set_id: str, **changes: Any) -> RuleBook:
    """The set's rule book with some parts replaced (built anew: no cached value is carried over)."""
    rb = load_rulebook(set_id)
    fields = {name: getattr(rb, name) for name in RuleBook.model_fields}
    fields.update(changes)
    return RuleBook(**fields)


def playing_by(rb: RuleBook, name: str = PLACE_TO_PROTECT) -> Script:
    """A shipped script that plays by the rule book `rb` (a fresh copy: cached plot rules are not carried over)."""
    s = scripts()[name]
    script = Script(s.title, s.set_id, s.main_plot, s.subplots, s.loops, s.days, dict(s.cast), s.incidents, dict(s.enters_loop),
                    dict(s.turf), s.special_rules)
    object.__setattr__(script, "rules", rb)
    return script


def with_main_plot_rule(set_id: str, plot: str, rule: Ability) -> RuleBook:
    rb = load_rulebook(set_id)
    plots = {**rb.set.plots, plot: rb.set.plots[plot].model_copy(update={"rules": (rule,)})}
    return rule_book(set_id, set=rb.set.model_copy(update={"plots": plots}))


def test_a_loss_condition_word_the_score_has_no_progress_for_is_refused():
    moon = Ability.model_validate({"timing": "loop_end", "text": "If the moon is full, the Protagonists lose.",
                                   "loss_if": {"moon_is_full": True}})
    script = playing_by(with_main_plot_rule("first_steps", "a_place_to_protect", moon))
    with pytest.raises(UnmodelledRule, match="moon_is_full"):
        Threat(script)


def test_the_score_models_every_rule_of_the_shipped_sets():
    """Every role, plot rule, incident and Goodwill ability a world of a shipped set may hold is modelled
    (the Protagonists imagine any script of the set); every shipped script gets its Threat. The sets
    the agents refuse as a whole (Another Horizon: agents.common.UNMODELLED_SETS) are left out."""
    from scriptkeeper.tragedy_looper.agents.common import UNMODELLED_SETS

    for sid in (s for s in available_sets() if s not in UNMODELLED_SETS):
        rb = load_rulebook(sid)
        for role in rb.roles:
            check_role(rb, role)
        for plot_id, plot in rb.set.plots.items():
            for i, rule in enumerate(plot.rules):
                check_plot_rule(rb, plot_id, i, rule)
        for kind in rb.incidents:
            check_incident(kind)
        for ch in rb.characters.values():
            assert all(gw_kind(gw) in GW_WORTH for gw in ch.goodwill)
    assert all(Threat(scripts()[name]).s is scripts()[name] for name in shipped_scripts()
               if scripts()[name].set_id not in UNMODELLED_SETS)


def test_a_role_trait_the_agents_do_not_know_is_refused():
    rb = load_rulebook("first_steps")
    cultist = rb.roles["cultist"]
    roles = {**rb.roles, "cultist": cultist.model_copy(update={"traits": (*cultist.traits, Trait(name="howls_at_the_moon"))})}
    with pytest.raises(UnmodelledRule, match="howls_at_the_moon"):
        Threat(playing_by(rule_book("first_steps", roles=roles)))


def test_a_role_the_score_has_no_model_of_is_refused():
    rb = load_rulebook("first_steps")
    roles = {**rb.roles, "werewolf": Role(id="werewolf", name="Werewolf")}
    s = scripts()[PLACE_TO_PROTECT]
    script = playing_by(rule_book("first_steps", roles=roles))
    cast = {**script.cast, next(c for c, r in s.cast.items() if r == "person"): "werewolf"}
    object.__setattr__(script, "cast", cast)
    with pytest.raises(UnmodelledRule, match="werewolf"):
        Threat(script)


def test_a_counter_that_counts_as_nothing_the_agents_read_is_refused():
    rb = load_rulebook("first_steps")
    despair = CounterKind(id="despair", name="Despair", short="D", lies_on=("character",), shown_when_zero=False)
    with pytest.raises(UnmodelledRule, match="despair"):
        Threat(playing_by(rule_book("first_steps", counters={**rb.counters, "despair": despair})))


def test_a_counter_that_counts_as_goodwill_is_goodwill_to_the_agents():
    """Rei's Hope counts as one Goodwill: Goodwill the Protagonists built on a useful character is
    less threat for the Mastermind, whether it lies there as Goodwill or as Hope."""
    rb = load_rulebook("first_steps")
    hope = CounterKind(id="hope", name="Hope", short="H", lies_on=("character",), shown_when_zero=False, counts_as={"goodwill": 1})
    script = playing_by(rule_book("first_steps", counters={**rb.counters, "hope": hope}))
    th = Threat(script)
    st = engine.new_game(script, 0, 4)
    useful = next(c for c in script.cast if c in th.useful_gw)
    bare = th.value(st)
    st.board.add(useful, "hope", 2)
    with_hope = th.value(st)
    st.board.add(useful, "hope", -2)
    st.board.add(useful, "goodwill", 2)
    assert with_hope == th.value(st) < bare


def test_a_goodwill_ability_of_a_kind_the_agents_do_not_judge_is_refused():
    dance = GoodwillAbility(goodwill=2, text="Dance under the moon.", call="moon.dance")
    with pytest.raises(UnmodelledRule, match="moon.dance"):
        gw_kind(dance)
    rb = load_rulebook("first_steps")
    s = scripts()[PLACE_TO_PROTECT]
    ch = next(iter(s.cast))
    chars = {**rb.characters, ch: rb.characters[ch].model_copy(update={"goodwill": (dance,)})}
    with pytest.raises(UnmodelledRule, match="moon.dance"):
        Threat(playing_by(rule_book("first_steps", characters=chars)))


def test_a_decision_the_rule_based_protagonists_have_no_rule_for_is_refused():
    st = engine.new_game(scripts()["midnight_zone/two_men_at_the_crossing"], 0, 4)
    view = build_view(st, "protagonist1")
    vote = Decision("protagonist1", "vote", T("prompt.vote"), ("yes", "no"))
    with pytest.raises(UnmodelledRule, match="vote"):
        RuleAgent(0).choose(view, vote)


# That the rule-based agents model every rule of every shipped script, so that none refuses, is
# played out in tests/cli/test_play_replay.py::test_agent_game_finishes_and_replays_to_the_saved_digest
# (every shipped script, the rule-based agent in every seat); it is not played twice.


def test_a_character_trait_the_score_does_not_know_is_refused():
    """Issue 15: the threat score models the further characters' traits it reads (the A.I.'s counters,
    the Black Cat's and the Sect Founder's incidents) and refuses a character trait it was not written for."""
    from scriptkeeper.tragedy_looper.rules import Trait

    rb = load_rulebook("first_steps")
    s = scripts()[PLACE_TO_PROTECT]
    ch = next(iter(s.cast))
    chars = {**rb.characters, ch: rb.characters[ch].model_copy(update={"traits": (Trait(name="howls_at_the_moon"),)})}
    with pytest.raises(UnmodelledRule, match="howls_at_the_moon"):
        Threat(playing_by(rule_book("first_steps", characters=chars)))


def test_the_ai_incident_is_scored_with_every_counter_on_it():
    script = scripts()["basic_tragedy/the_new_term"]
    th = Threat(script)
    st = engine.new_game(script, 0, 4)
    st.board.add("ai", "goodwill", 3)
    assert th.trigger(st, "increasing_unease", "ai") == (3, 4)
    assert th.incident_weight("murder", "black_cat", st) == 0.0
