"""A hint for a learner: what the AI would play in this seat now, and why.

`hint(view, decision)` asks the rule-based agent (fast, and its reasons are the ones it plays by)
for the seat's pending decision, from that seat's own view only, and says why with a Text: an id
and its parameters, rendered at the edge like every other text (texts/en.yaml `hint.*`). The
reasons are the agents' own measures: the threat a Protagonist card leaves on average over the
imagined worlds (and the next best's), the habit of the Mastermind it answers, the bits of
information a reveal is expected to bring, the share of the weighted beliefs a Final Guess holds,
the gain in the Mastermind's score a card brings, priced as the Mastermind plays it: against the
Protagonists' likely Forbid (rule.BLOCK_SURE; lower where a suspected Traitor leads, Last
Liar) and less what its reveal tells them.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.decision import Decision
from ...core.text import Ref, T, Text
from ..refs import GOODWILL, MASTERMIND
from ..texts import character, target as target_ref
from .beliefs import Beliefs, beliefs
from .common import gw_kind, option_ability, rules_of
from .guess import _before_the_guess, whole_guess
from .habits import mm_habits
from .opponent import weighted_assignments
from .rule import RuleAgent, refusal_harm


def hint(view: dict[str, Any], d: Decision, seed: int = 0) -> dict[str, Any]:
    """{"answer": the option the AI would choose, "text": T("hint.sentence", play=..., because=...)}."""
    agent = RuleAgent(seed)
    answer = agent.choose(view, d)
    i = d.index_of(answer)
    play = d.label(i) if i >= 0 else Text.of("option.raw", value=str(answer))
    because = reason(agent, view, d, answer)
    return {"answer": answer, "text": T("hint.sentence", play=play, because=because)}


def reason(agent: RuleAgent, view: dict[str, Any], d: Decision, answer: Any) -> Text:
    if view["seat"] == MASTERMIND:
        return _mastermind_reason(agent, view, d, answer)
    if d.kind == "place_card":
        return _card_reason(agent, view, d, answer)
    if d.kind == "goodwill_ability":
        return _goodwill_reason(agent, view, d, answer)
    if d.kind == "final_guess":
        return _guess_reason(view)
    return T("hint.because.rule")


def _card_reason(agent: RuleAgent, view: dict[str, Any], d: Decision, answer: Any) -> Text:
    rb = rules_of(view)
    card, target = answer["card"], answer["target"]
    habits = mm_habits(view).get((view["day"], target))
    mm_here = any(p["by"] == MASTERMIND and p["target"] == target for p in view["cards_on_board"])
    if habits and mm_here and rb.cards[card].kind == "forbid":
        usual = max(habits, key=lambda c: habits[c])
        return T("hint.because.habit", target=_target(view, target), card=Ref("card", usual), loops=sum(habits.values()))
    ranked = agent.pr.score_cards(view, d)
    mine = next((v for v, o in ranked if o == answer), ranked[0][0])
    other = next(((v, o) for v, o in ranked if o != answer), None)
    if other is None:
        return T("hint.because.least_threat_only", threat=round(mine, 1))
    return T("hint.because.least_threat", threat=round(mine, 1), next=Ref("card", other[1]["card"]),
             next_target=_target(view, other[1]["target"]), next_threat=round(other[0], 1))


def _goodwill_reason(agent: RuleAgent, view: dict[str, Any], d: Decision, answer: Any) -> Text:
    if answer == "done":
        return T("hint.because.nothing_worth")
    ref = option_ability(d, d.index_of(answer))
    if ref is None:
        return T("hint.because.rule")
    kind = gw_kind(rules_of(view).characters[ref.owner].goodwill[ref.index])
    if kind == "reveal_self":
        return T("hint.because.information", bits=round(agent.pr.role_bits(view, ref.owner), 1), character=character(ref.owner))
    if kind in ("reveal_role", "reveal_culprit", "informer"):
        return T("hint.because.information_here", character=character(ref.owner))
    return T("hint.because.protects", character=character(ref.owner))


def _guess_reason(view: dict[str, Any]) -> Text:
    v = _before_the_guess(view)
    guess = whole_guess(view)
    try:
        bel = beliefs(v)
    except ValueError:
        return T("hint.because.revealed_only")
    if not isinstance(bel, Beliefs):
        return T("hint.because.prior_guess")
    weights = weighted_assignments(bel.deduction, random.Random(0))
    share = weights.get(tuple(sorted(guess.items())), 0.0)
    return T("hint.because.likeliest_guess", share=round(100 * share), scripts=bel.deduction.count)


def _mastermind_reason(agent: RuleAgent, view: dict[str, Any], d: Decision, answer: Any) -> Text:
    pol = agent.mm
    if d.kind == "goodwill_refusal":
        info = d.info.get("ability") or {}
        if info.get("kind") != GOODWILL:
            return T("hint.because.rule")
        ch = info["character"]
        harm = refusal_harm(gw_kind(rules_of(view).characters[ch].goodwill[int(info["index"])]))
        cost = round(pol.refusal_cost(view, d), 1)
        return T("hint.because.refuse" if answer == "refuse" else "hint.because.allow", harm=harm, cost=cost)
    if d.kind == "place_card":
        values = pol.card_values(view, d.options)
        gain = values[d.index_of(answer)]
        others = [v for o, v in zip(d.options, values) if o != answer]
        # the odds it played by: BLOCK_SURE, or lower where a suspected Traitor leads (Last Liar)
        odds = pol.block_sure(view, pol.position(view))
        return T("hint.because.advances_past_forbid", gain=round(gain, 1), odds=round(100 * odds),
                 next=round(max(others), 1) if others else round(gain, 1))
    return T("hint.because.rule")


def _target(view: dict[str, Any], target: str) -> Any:
    return target_ref(rules_of(view), target)


__all__ = ["hint", "reason"]
