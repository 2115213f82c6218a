"""Who may be a Traitor, read from the public record (Last Liar, seed 000 "Extra Cards", "Traitors").

A loyal Protagonist knows its own Extra card and nothing else of the deal; the Mastermind knows
the script (so which letters make Traitors: the engine's `traitors.active_traitors` on its game)
but not who holds which card ("no one else may look at that card, including the Mastermind").
Both can only infer, from what every seat sees:

- the cards each Protagonist played (the day's `cards_revealed`, in placement order: the Leader
  places first), what the first placer forbade or did not while the Mastermind's Intrigue lay on
  the board, a Forbid Intrigue played after another (two void each other, cards.py);
- the Goodwill abilities each Leader declared (an Acquainted token placed for an ability worth
  little to the team).

Each such act is a signal whose likelihood ratio (Traitor against loyal, SIGNALS) depends on what
the Traitor wants, read from the Traitor's own data (rules.Traitor: `wins_if` counting the
engine's Perished or Acquainted tokens, `guesses_culprits`), never from its letter. The posterior
is exact over the hypotheses: every deal of the letters the seat does not hold itself, times every
set of active Traitor letters the seat deems possible (a Protagonist: one per world game it
imagines, by `active_traitors` there; the Mastermind: its own game's). Nothing here reads a state
the seat cannot see: the input is the view (and world games built from it).

A Traitor condition word the signals have no aim for is refused (UnmodelledRule).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Mapping, Sequence

from ...core.text import T
from ..actions import ACQUAINTED, PERISHED
from ..refs import MASTERMIND, PROTAGONIST_SEATS, AbilityRef
from ..rules import RuleBook, Traitor
from ..unmodelled import q, refuse
from .common import GW_WORTH, WHO, gw_kind, rules_of

# What a Traitor may want, beyond loops lost (every Traitor: a loop the team survives ends the game
# with its loss): deaths (Perished tokens), declarations (Acquainted tokens), incidents that occur
# (a Traitor who names the culprits learns them from what the incidents do).
LOOPS_LOST, DEATHS, DECLARATIONS, INCIDENTS = "loops_lost", "deaths", "declarations", "incidents"

# Likelihood ratios, a Traitor with that aim against a loyal Protagonist, per public act (the
# opponent model: a loyal Protagonist seldom does these; a Traitor does them for its goal).
SIGNALS: dict[str, dict[str, float]] = {
    # Paranoia +1 on a character: brings culprits to their limit (incidents, murders)
    "paranoia_up": {DEATHS: 3.0, INCIDENTS: 3.0, LOOPS_LOST: 1.8},
    # a Forbid Intrigue played after the first placer's card: two void each other
    "second_forbid": {LOOPS_LOST: 3.0},
    # the first placer forbade no Intrigue while the Mastermind's Intrigue card lay on the board
    "no_forbid": {LOOPS_LOST: 1.6},
    # the first placer forbade the Mastermind's Intrigue, or calmed a character: what the team does
    "guarded": {LOOPS_LOST: 0.7},
    # Goodwill on a character none of whose abilities is worth much to the team (a token's worth)
    "idle_goodwill": {DECLARATIONS: 2.0},
    # the Leader declared an ability worth little to the team, for a new Acquainted token
    "idle_declaration": {DECLARATIONS: 3.0},
}
# An ability worth at most this much to the team (GW_WORTH) is declared for its token, not its use.
IDLE_WORTH = 2


def aims(t: Traitor) -> frozenset[str]:
    """What this Traitor wants, from its data: its condition's tokens, its Final Guess."""
    out = {LOOPS_LOST}
    if t.guesses_culprits:
        out.add(INCIDENTS)
    for word, arg in (t.wins_if or {}).items():
        token = arg[0] if word == "tokens_at_least" else None
        if token == PERISHED:
            out.add(DEATHS)
        elif token == ACQUAINTED:
            out.add(DECLARATIONS)
        else:
            raise refuse(WHO, T("unmodelled.what.traitor_condition", condition=q(word)), T("unmodelled.why.no_public_signal"))
    return frozenset(out)


def ratio(signal: str, wants: frozenset[str]) -> float:
    """The likelihood ratio of one act for a Traitor wanting `wants` (the aim it serves most)."""
    table = SIGNALS[signal]
    hits = [table[a] for a in wants if a in table]
    if not hits:
        return 1.0
    return max(hits) if max(hits) >= 1.0 else min(hits)


# ================================================================ the public record
def acts(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(hand, signal) for every public act of a Protagonist that tells something of its side."""
    rb: RuleBook = rules_of(view)
    out: list[tuple[str, str]] = []
    leader = PROTAGONIST_SEATS[0]
    events = view["events"]
    for k, e in enumerate(events):
        t, data = e["type"], e.get("data") or {}
        if t == "day_start":
            leader = PROTAGONIST_SEATS[int(data.get("leader", 0)) % 3]
        elif t == "cards_revealed":
            out += card_acts(rb, data.get("cards") or [])
        elif t == "goodwill_declared":
            ref = AbilityRef.parse(data["key"])
            worth = GW_WORTH[gw_kind(rb.characters[ref.owner].goodwill[ref.index])]
            new_token = any(x["type"] == "token" and (x.get("data") or {}).get("token") == ACQUAINTED
                            and x["data"].get("character") == ref.owner for x in events[k + 1:k + 3])
            if new_token and worth <= IDLE_WORTH:
                out.append((leader, "idle_declaration"))
    return out


def card_acts(rb: RuleBook, cards: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """The signals of one day's revealed cards (placement order)."""
    out: list[tuple[str, str]] = []
    mm_intrigue = [c["target"] for c in cards if c["by"] == MASTERMIND and c.get("card") and _is(rb, c["card"], "counter", "intrigue", +1)]
    mine = [c for c in cards if c["by"] != MASTERMIND and c.get("card")]
    for i, c in enumerate(mine):
        card, target, by = c["card"], c["target"], c["by"]
        if _is(rb, card, "counter", "paranoia", +1) and target in rb.characters:
            out.append((by, "paranoia_up"))
        if _is(rb, card, "forbid", "intrigue") and i > 0:
            out.append((by, "second_forbid"))
        if i == 0 and (_is(rb, card, "counter", "paranoia", -1) or (_is(rb, card, "forbid", "intrigue") and target in mm_intrigue)):
            out.append((by, "guarded"))
        if i == 0 and mm_intrigue and not _is(rb, card, "forbid", "intrigue"):
            out.append((by, "no_forbid"))
        if _is(rb, card, "counter", "goodwill", +1) and target in rb.characters:
            abilities = rb.characters[target].goodwill
            if abilities and max(GW_WORTH[gw_kind(g)] for g in abilities) <= IDLE_WORTH:
                out.append((by, "idle_goodwill"))
    return out


def _is(rb: RuleBook, card: str, kind: str, what: str, sign: int = 0) -> bool:
    c = rb.cards.get(card)
    if c is None or c.kind != kind:
        return False
    if kind == "forbid":
        return c.forbids == what
    return c.counter == what and (c.amount > 0) == (sign > 0)


# ================================================================ the posterior
@dataclass(frozen=True)
class Suspicion:
    """What a seat believes of the others' sides. `traitor[h]`: the chance that hand h is a Traitor
    now; `holds[h][L]`: that h holds the active letter L; `active[L]`: that L's Traitor is active
    (held by another hand than the seat's own); `weights[i]`: the posterior of the i-th active set
    the seat was given (a Protagonist's world games), for weighting them."""

    traitor: dict[str, float]
    holds: dict[str, dict[str, float]]
    active: dict[str, float]
    weights: tuple[float, ...]

    def most_suspect(self) -> tuple[str, float] | None:
        if not self.traitor:
            return None
        h = max(sorted(self.traitor), key=lambda x: self.traitor[x])
        return h, self.traitor[h]


def traitor_letters(rb: RuleBook) -> dict[str, Traitor]:
    """The set's Traitors by letter (its Extra cards' data)."""
    return {p.traitor.extra_card: p.traitor for p in rb.set.plots.values() if p.traitor is not None}


def suspicion(view: Mapping[str, Any], active_sets: Sequence[frozenset[str]]) -> Suspicion | None:
    """The posterior from `view`'s public record. `active_sets`: the sets of active Traitor letters
    the seat deems possible, equally likely before the record (a Protagonist: `active_traitors` of
    each world game it imagines; the Mastermind: its own game's). None outside a set with Extra
    cards and Traitors, or before the deal."""
    rb: RuleBook = rules_of(view)
    letters = tuple(rb.set.extra_cards or ())
    plots = traitor_letters(rb)
    if not letters or not plots or not active_sets:
        return None
    seat = view["seat"]
    own = (view.get("extra_cards") or {}).get(seat)
    if seat != MASTERMIND and own is None:
        return None
    wants = {l: aims(t) for l, t in plots.items()}
    llr: dict[str, dict[str, float]] = {h: {l: 0.0 for l in letters} for h in PROTAGONIST_SEATS}
    for h, sig in acts(view):
        if h == seat:
            continue
        for l in letters:
            if l in wants:
                llr[h][l] += math.log(ratio(sig, wants[l]))
    deals = [dict(zip(PROTAGONIST_SEATS, p)) for p in permutations(letters)]
    if own is not None:
        deals = [d for d in deals if d[seat] == own]
    others = [h for h in PROTAGONIST_SEATS if h != seat]
    total = 0.0
    traitor = {h: 0.0 for h in others}
    holds = {h: {l: 0.0 for l in letters} for h in others}
    active = {l: 0.0 for l in letters if l != own}
    weights = [0.0] * len(active_sets)
    for i, act in enumerate(active_sets):
        for d in deals:
            w = math.exp(sum(llr[h][d[h]] for h in others if d[h] in act))
            total += w
            weights[i] += w
            for h in others:
                if d[h] in act:
                    traitor[h] += w
                    holds[h][d[h]] += w
            for l in active:
                if l in act:
                    active[l] += w
    return Suspicion({h: v / total for h, v in traitor.items()},
                     {h: {l: v / total for l, v in hs.items()} for h, hs in holds.items()},
                     {l: v / total for l, v in active.items()},
                     tuple(w / total for w in weights))


# ================================================================ a face-down card of today
# The chance that a face-down card a Protagonist put where the Mastermind's card lies is a Forbid
# Intrigue: a loyal one (the first placer's answer to the Mastermind, nearly always), a Traitor.
LOYAL_FORBID, TRAITOR_FORBID = 0.9, 0.25


def forbid_already_played(view: Mapping[str, Any], susp: Suspicion) -> float:
    """The chance that one of today's face-down Protagonist cards placed before the seat's is a
    Forbid Intrigue (a second one would void both): a loyal hand's on a Mastermind target is one
    with odds LOYAL_FORBID, a Traitor's anywhere with TRAITOR_FORBID."""
    mm_targets = {p["target"] for p in view["cards_on_board"] if p["by"] == MASTERMIND}
    none = 1.0
    for p in view["cards_on_board"]:
        h = p["by"]
        if h == MASTERMIND or h == view["seat"] or p.get("card"):
            continue
        s = susp.traitor.get(h, 0.0)
        q = (1 - s) * (LOYAL_FORBID if p["target"] in mm_targets else 0.0) + s * TRAITOR_FORBID
        none *= 1 - q
    return 1 - none


__all__ = ["SIGNALS", "Suspicion", "acts", "aims", "forbid_already_played", "suspicion", "traitor_letters"]
