"""Rule-based agents, one for each side, registered as "rule".

The Mastermind knows the script and plays greedily on `Threat`: each card, ability and choice is
the one that most advances the script's loss conditions on the board it sees (Key Person's
Intrigue, the main plot's counters, killers next to their victims, culprits' Paranoia before their
day). Choices whose effect it cannot predict from the board alone (targets of incidents, where a
missing person goes) are tried one step ahead on the game it rebuilds from its view.

The Protagonists know only their view. They protect what is threatened (Forbid Intrigue where the
Mastermind put a card, Paranoia -1 on characters about to reach their limit), build Goodwill on
characters whose abilities inform or protect, use information abilities (reveal roles, culprits,
subplots) as soon as they can, and name revealed roles in the Final Guess.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.decision import Decision
from ..tragedy_looper.rules import LOCATIONS, RuleBook
from .base import AGENTS
from .beliefs import beliefs, view_at_loop_start
from .cardsim import resolve
from .common import LightBoard, Mind, fast_apply, move_dest, rulebook, strip_for_sim
from .threat import USEFUL_GW, Threat, threat_for


# ================================================================ Mastermind
class RuleMastermindPolicy:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.mind = Mind()
        self._threat: Threat | None = None
        self._threat_key: Any = None

    def threat(self, view: dict[str, Any]) -> Threat:
        key = (view["script"].get("title"), tuple(sorted(view["script"]["cast"].items(), key=str)))
        if self._threat is None or self._threat_key != key:
            self._threat = threat_for(view["script"])
            self._threat_key = key
        return self._threat

    def board(self, view: dict[str, Any]) -> LightBoard:
        b = LightBoard.from_view(view)
        st = self.mind.state
        if st is not None:
            b.start = dict(st.start_locations)
        return b

    def choose(self, view: dict[str, Any], d: Decision) -> Any:
        self.mind.sync(view)
        opts = d.options
        k = d.kind
        if len(opts) == 1:
            return opts[0]
        if k == "place_card":
            return self.card(view, opts)
        if k == "mastermind_ability":
            return self.ability(view, opts)
        if k == "day_end_ability":
            using = [o for o in opts if o != "done"]
            return using[0] if using else "done"
        if k == "cultist_ignore":
            return "ignore" if "ignore" in opts else opts[0]
        if k == "goodwill_refusal":
            return self.refusal(view, opts)
        if k == "starting_location":
            return self.start_location(view, d)
        if k == "reveal_subplot":
            rb = rulebook(view)
            quiet = [o for o in opts if not rb.plot(o).roles]
            return quiet[0] if quiet else opts[0]
        return self.lookahead(view, d)

    # ------------------------------------------------------------ cards
    def card(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        rb = rulebook(view)
        th = self.threat(view)
        b = self.board(view)
        for p in view["cards_on_board"]:
            if p["by"] == "mastermind" and p["card"]:
                apply_card(rb, b, p["card"], p["target"])
        base = th.value(b)
        best, best_v = opts[0], -1e18
        for o in opts:
            v = card_value(rb, th, b, base, o["card"], o["target"], defensive=False) + self.rng.random() * 0.5
            if rb.cards[o["card"]].kind == "movement":
                v = min(v, 0.0)  # it plays counters; moving characters into place is left to search
            if v > best_v:
                best, best_v = o, v
        return best

    # ------------------------------------------------------------ abilities
    def ability(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        th = self.threat(view)
        b = self.board(view)
        base = th.value(b)
        turf = {c["id"]: c["turf"] for c in view["characters"] if c.get("turf")}
        best, best_v = "done", 0.3
        for o in opts:
            if o == "done":
                continue
            v = ability_gain(th, b, base, o, turf)
            if v > best_v:
                best, best_v = o, v
        return best

    def refusal(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        if "refuse" not in opts:
            return opts[0]
        key = next((e["data"]["key"] for e in reversed(view["events"]) if e["type"] == "goodwill_declared"), None)
        if key and key.split(":")[0] == "journalist":
            return "allow"  # more Paranoia or Intrigue only helps the Mastermind
        return "refuse"

    def start_location(self, view: dict[str, Any], d: Decision) -> Any:
        th = self.threat(view)
        ch = next((c for c in th.s.cast if "start_chosen_each_loop" in th.rb.characters[c].traits), None)
        b = self.board(view)
        best, best_v = d.options[0], -1e18
        for o in d.options:
            bb = b.copy()
            if ch:
                from .common import CharB

                bb.chars[ch] = CharB(o, True, 0, 0, 0)
            v = th.value(bb) + self.rng.random()
            if v > best_v:
                best, best_v = o, v
        return best

    def lookahead(self, view: dict[str, Any], d: Decision) -> Any:
        st = self.mind.state
        if st is None:
            return d.options[self.rng.randrange(len(d.options))]
        th = self.threat(view)
        best, best_v = d.options[0], -1e18
        for o in d.options:
            sim = strip_for_sim(st)
            fast_apply(sim, o)
            v = state_value(th, sim) + self.rng.random() * 0.1
            if v > best_v:
                best, best_v = o, v
        return best


def state_value(th: Threat, st: Any) -> float:
    v = th.value(LightBoard.from_state(st))
    if st.loop_lost or (st.loop_results and st.loop_results[-1]["loop"] == st.loop and st.loop_results[-1]["lost"]):
        v += 3000
    return v


def apply_card(rb: RuleBook, b: LightBoard, card: str, target: str) -> None:
    c = rb.cards[card]
    kind = "location" if target in LOCATIONS else "character"
    if kind not in c.acts_on:
        return
    if c.kind == "counter" and c.counter:
        b.add(target, c.counter, c.amount)
    elif c.kind == "movement" and c.vector and target in b.chars and b.chars[target].loc:
        here = b.chars[target].loc
        assert here is not None
        dest = move_dest(here, (c.vector[0], c.vector[1]))
        if dest not in rb.characters[target].forbidden:
            b.chars[target].loc = dest


def card_value(rb: RuleBook, th: Threat, b: LightBoard, base: float, card: str, target: str, defensive: bool = True) -> float:
    """How much a Mastermind card advances the script on this board. `defensive` adds the worth of
    forbidding the Protagonists' likely answers (Forbid Goodwill where they build Goodwill, Forbid
    Paranoia on a culprit they will calm): the rule-based Mastermind plays without it."""
    c = rb.cards[card]
    bb = b.copy()
    apply_card(rb, bb, card, target)
    v = th.value(bb) - base
    if defensive and c.kind == "forbid" and target in b.chars:
        cb = b.chars[target]
        if c.forbids == "goodwill" and target in USEFUL_GW and target not in th.tts:
            need = min((g.goodwill for g in rb.characters[target].goodwill if g.goodwill > cb.g), default=None)
            v += 6 if need is not None and need - cb.g <= 2 else 1
        if c.forbids == "paranoia":
            for inc in th.s.incidents:
                if inc.culprit == target and inc.day >= b.day and cb.p >= th.limit[target] - 1:
                    v += 8 * th.incident_weight(inc.incident, target, b)
    if rb.cards[card].amount < 0 and target in b.chars:
        v -= 2
    if card in rb.mastermind_once_per_loop:
        v -= 3  # keep once-per-loop cards for when they matter
    return v


_GUESSES: dict[tuple, list[str]] = {}


def guess_mm_cards(rb: RuleBook, th: Threat, b: LightBoard, targets: list[str], hand: list[str], k: int = 4) -> list[str]:
    """The Mastermind's face-down cards on `targets` as the most harmful set its hand allows, the cards
    judged together (two moves that bring a killer to its victim only work as a pair)."""
    key = (th.uid, b.loop, b.day, tuple(targets), tuple(sorted(hand)),
           tuple((c, v.loc, v.alive, v.p, v.g, v.i) for c, v in sorted(b.chars.items())), tuple(sorted(b.locs.items())))
    got = _GUESSES.get(key)
    if got is None:
        got = _guess_mm_cards(rb, th, b, targets, hand, k)
        if len(_GUESSES) > 512:
            _GUESSES.clear()
        _GUESSES[key] = got
    return list(got)


def _guess_mm_cards(rb: RuleBook, th: Threat, b: LightBoard, targets: list[str], hand: list[str], k: int) -> list[str]:
    from collections import Counter
    from itertools import product

    base = th.value(b)
    per: list[list[str]] = []
    extra: dict[tuple[str, str], float] = {}
    for t in targets:
        vals = {}
        for c in sorted(set(hand)):
            cv = card_value(rb, th, b, base, c, t)
            vals[c] = cv
            extra[(c, t)] = cv - (th.value(_applied(rb, b, c, t)) - base)
        per.append(sorted(vals, key=lambda c: -vals[c])[:k])
    have = Counter(hand)
    best, best_v = None, -1e18
    for combo in product(*per):
        if any(n > have[c] for c, n in Counter(combo).items()):
            continue
        bb = b.copy()
        for c, t in zip(combo, targets):
            apply_card(rb, bb, c, t)
        v = th.value(bb) + sum(extra[(c, t)] for c, t in zip(combo, targets))
        if v > best_v:
            best, best_v = list(combo), v
    return best if best is not None else [hand[0] for _ in targets]


def _applied(rb: RuleBook, b: LightBoard, card: str, target: str) -> LightBoard:
    bb = b.copy()
    apply_card(rb, bb, card, target)
    return bb


def ability_gain(th: Threat, b: LightBoard, base: float, key: str, turf: dict[str, str]) -> float:
    parts = key.split(":")
    if parts[0] == "plot":
        return max(_gain(th, b, base, l, "intrigue", 1) for l in LOCATIONS)
    src, role = parts[0], parts[1]
    loc = b.chars[src].loc if src in b.chars else None
    if loc is None:
        return 0.0
    here = [loc] + ([turf[src]] if src in turf and turf[src] != loc and role != "gw" else [])
    if role == "brain":
        targets = list(here) + [c for l in here for c in b.at(l)]
        return max((_gain(th, b, base, t, "intrigue", 1) for t in targets), default=0.0)
    if role == "conspiracy_theorist":
        return max((_gain(th, b, base, t, "paranoia", 1) for l in here for t in b.at(l)), default=0.0)
    if role == "gw":  # the Doctor's ability, used by the Mastermind: place or remove Paranoia here
        others = [c for c in b.at(b.chars[src].loc) if c != src]
        return max((max(_gain(th, b, base, t, "paranoia", 1), _gain(th, b, base, t, "paranoia", -1)) for t in others), default=0.0)
    return 0.0


def _gain(th: Threat, b: LightBoard, base: float, target: str, kind: str, n: int) -> float:
    bb = b.copy()
    bb.add(target, kind, n)
    return th.value(bb) - base


# ================================================================ Protagonists
INFO_VALUE = {"reveal_role": 9.0, "reveal_culprit": 8.0}


def gw_kind(gw: Any) -> str:
    """A short name for what a Goodwill ability does."""
    if gw.call:
        return {"informer.reveal_subplot": "informer", "class_rep.return_card": "return_card",
                "doctor.free_patient": "free_patient", "henchman.stand_down": "stand_down"}.get(gw.call, gw.call)
    e = gw.effect
    if isinstance(e, str):
        if e == "reveal_role":
            return "reveal_self" if gw.target and gw.target.get("choose") == "self" else "reveal_role"
        return e
    if isinstance(e, dict):
        (k, v), = e.items()
        if k == "one_of":
            return "doctor_paranoia"
        return f"{k}_{v['counter']}"
    return "other"


GW_WORTH = {"reveal_self": 9, "reveal_role": 9, "reveal_culprit": 8, "informer": 6, "remove_paranoia": 6,
            "remove_intrigue": 6, "place_guard": 4, "stand_down": 4, "place_goodwill": 2, "return_card": 3,
            "doctor_paranoia": 5, "revive": 4, "kill": 0, "place_paranoia": 0, "place_intrigue": 0, "free_patient": 1}


class RuleProtagonistPolicy:
    n_worlds = 6

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], d: Decision) -> Any:
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        k = d.kind
        if k == "place_card":
            return self.card(view, opts)
        if k == "goodwill_ability":
            return self.goodwill(view, opts)
        if k == "choose_target":
            return self.target(view, opts)
        if k == "choose_card":
            for pref in ("paranoia_minus_1", "forbid_movement", "goodwill_plus_2"):
                if pref in opts:
                    return pref
            return opts[0]
        if k == "choose_effect":
            labels = d.labels or ()
            for i, lab in enumerate(labels):
                if lab.lower().startswith("remove"):
                    return opts[i]
            return opts[0]
        if k == "next_loop_or_final_guess":
            return "next_loop" if "next_loop" in opts else opts[0]
        if k == "final_guess":
            return self.final_guess(view, d)
        return opts[self.rng.randrange(len(opts))]

    # ------------------------------------------------------------ helpers
    def usefulness(self, rb: RuleBook, view: dict[str, Any], ch: str, g_now: int, add: int) -> float:
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}
        v = 0.0
        for gw in rb.characters[ch].goodwill:
            if gw.goodwill <= g_now:
                continue
            kind = gw_kind(gw)
            worth = GW_WORTH.get(kind, 1)
            if kind == "reveal_self" and ch in revealed:
                worth = 0
            if g_now + add >= gw.goodwill:
                v += worth
            elif g_now + add + 2 >= gw.goodwill:
                v += worth * 0.4
        return v

    def soon_incident(self, view: dict[str, Any]) -> int:
        """Days until the next incident still to come this loop (99 if none)."""
        days = [s["day"] - view["day"] for s in view["schedule"] if s["day"] >= view["day"] and not s["occurred_this_loop"]]
        return min(days) if days else 99

    def card(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        """The card that leaves the least threatening board on average over worlds drawn from the
        deduction, each world guessing the Mastermind's face-down cards as its most harmful ones."""
        return self.score_cards(view, opts)[0][1]

    def score_cards(self, view: dict[str, Any], opts: tuple[Any, ...]) -> list[tuple[float, Any]]:
        """Sensible cards, best (lowest expected threat) first."""
        rb = rulebook(view)
        b = LightBoard.from_view(view)
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        mm_targets = [p["target"] for p in view["cards_on_board"] if p["by"] == "mastermind"]
        known = [("protagonist", p["card"], p["target"]) for p in view["cards_on_board"] if p["by"] != "mastermind" and p["card"]]
        first = not [p for p in view["cards_on_board"] if p["by"] != "mastermind"]
        soon = self.soon_incident(view)
        worlds = self.worlds(view)
        models = [self.mm_model(view, rb, b, w, mm_targets) for w in worlds]
        cands = self.candidates(rb, view, b, opts, mm_targets, limits, first)
        out = []
        for o in cands:
            card, t = o["card"], o["target"]
            v = 0.0
            for w, (mm_cards, cult, tts) in zip(worlds, models):
                after = resolve(rb, b, mm_cards + known + [("protagonist", card, t)], cultist_locs=cult, ignores_fg=tts)
                v += w.threat.value(after)
            v /= max(1, len(worlds))
            if card in ("goodwill_plus_1", "goodwill_plus_2") and t in b.chars:
                v -= 1.5 * self.usefulness(rb, view, t, b.chars[t].g, rb.cards[card].amount)
            if card in rb.protagonist_once_per_loop:
                v += 4 if not (card == "paranoia_minus_1" and soon <= 1) else 0  # keep once-per-loop cards for need
            if card == "forbid_intrigue" and not first:
                v += 50  # two Forbid Intrigue void each other: only the first placer plays one
            v += self.rng.random() * 0.5
            out.append((v, o))
        out.sort(key=lambda x: x[0])
        return out

    def worlds(self, view: dict[str, Any]) -> list[Any]:
        try:
            bel = beliefs(view_at_loop_start(view))
        except ValueError:
            return []
        return bel.worlds(view, self.n_worlds)

    def mm_model(self, view: dict[str, Any], rb: RuleBook, b: LightBoard, w: Any, targets: list[str]):
        """What the Mastermind of world w most likely put on its targets (judged together)."""
        th = w.threat
        hand = list(rb.mastermind_deck)
        for c in view["set_aside"].get("mastermind", []):
            if c in hand:
                hand.remove(c)
        cards = [("mastermind", c, t) for c, t in zip(guess_mm_cards(rb, th, b, targets, hand), targets)] if targets else []
        cult = {b.chars[c].loc for c in th.cultists if c in b.chars and b.chars[c].in_play}
        return cards, {l for l in cult if l}, set(th.tts)

    def candidates(self, rb: RuleBook, view: dict[str, Any], b: LightBoard, opts: tuple[Any, ...], mm_targets: list[str],
                   limits: dict[str, int], first: bool) -> list[Any]:
        out = []
        for o in opts:
            card, t = o["card"], o["target"]
            c = rb.cards[card]
            if card == "forbid_intrigue":
                ok = first and t in mm_targets
            elif c.kind == "counter" and c.counter == "paranoia" and c.amount < 0:
                ok = t in b.chars and b.chars[t].p >= limits[t] - 2
            elif c.kind == "counter" and c.counter == "goodwill":
                ok = t in b.chars and self.usefulness(rb, view, t, b.chars[t].g, c.amount) > 0
            elif c.kind == "forbid":
                ok = t in mm_targets
            elif c.kind == "movement":
                ok = t in b.chars
            else:
                ok = False
            if ok:
                out.append(o)
        return out or list(opts)

    def goodwill(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        rb = rulebook(view)
        b = LightBoard.from_view(view)
        refused_now = self.refused_this_loop(view)
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}
        culprits_known = {i for i, s in enumerate(view["schedule"]) if "culprit" in s}
        best, best_v = "done", 1.0
        for o in opts:
            if o == "done":
                continue
            ch, _, i = o.split(":")
            if ch in refused_now:
                continue
            gw = rb.characters[ch].goodwill[int(i)]
            kind = gw_kind(gw)
            v = float(GW_WORTH.get(kind, 0))
            here = b.at(b.chars[ch].loc) if ch in b.chars else []
            if kind == "reveal_self" and ch in revealed:
                v = 0
            elif kind == "reveal_role":
                v = 9 if any(c not in revealed and c != ch for c in here) or ch == "boss" else 0
            elif kind == "reveal_culprit":
                v = 8 if len(culprits_known) < len(view["schedule"]) else 0
            elif kind == "informer":
                v = 6 if len(view.get("revealed_subplots", [])) < 2 else 0
            elif kind in ("remove_paranoia", "doctor_paranoia"):
                worst = max((b.chars[c].p - limits[c] for c in here if c != ch), default=-9)
                v = 9 if worst >= 0 else 5 if worst == -1 else 0
            elif kind == "remove_intrigue":
                v = 6 if b.locs.get(b.chars[ch].loc or "", 0) > 0 or any(b.chars[c].i > 0 for c in here) else 0
            elif kind == "stand_down":
                v = 5 if self.soon_incident(view) <= 2 else 0
            elif kind == "revive":
                v = 7 if any(not c.alive and c.loc == b.chars[ch].loc for c in b.chars.values()) else 0
            if v > best_v:
                best, best_v = o, v
        return best

    def refused_this_loop(self, view: dict[str, Any]) -> set[str]:
        out: set[str] = set()
        for e in reversed(view["events"]):
            if e["type"] == "loop_start":
                break
            if e["type"] == "goodwill_refused":
                out.add(e["data"]["character"])
        return out

    def target(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        rb = rulebook(view)
        b = LightBoard.from_view(view)
        key = next((e["data"]["key"] for e in reversed(view["events"]) if e["type"] == "goodwill_declared"), None)
        kind = "other"
        if key:
            ch, _, i = key.split(":")
            kind = gw_kind(rb.characters[ch].goodwill[int(i)])
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}

        def score(o: Any) -> float:
            if isinstance(o, int):  # an incident
                s = view["schedule"][o]
                return (0 if "culprit" in s else 10) - abs(s["day"] - view["day"]) * 0.1
            if o in LOCATIONS:
                return b.locs[o] * (2 if kind == "remove_intrigue" else -1)
            cb = b.chars.get(o)
            if cb is None:
                return 0
            if kind in ("remove_paranoia", "doctor_paranoia"):
                return cb.p - limits[o]
            if kind == "reveal_role":
                return 5 if o not in revealed else -5
            if kind == "place_goodwill":
                return self.usefulness(rb, view, o, cb.g, 1)
            if kind == "place_guard":
                return cb.i - cb.guard * 3
            if kind == "remove_intrigue":
                return cb.i * 2
            if kind == "kill":
                return -cb.g  # never used on purpose; the least liked
            return 0

        return max(opts, key=lambda o: (score(o), self.rng.random()))

    def final_guess(self, view: dict[str, Any], d: Decision) -> Any:
        prompt = d.prompt
        rb = rulebook(view)
        ch = next((c for c in rb.characters if rb.characters[c].name in prompt and f"what is {rb.characters[c].name}'s" in prompt), None)
        revealed = {c["id"]: c["revealed_role"] for c in view["characters"] if "revealed_role" in c}
        if ch in revealed and revealed[ch] in d.options:
            return revealed[ch]
        return "person" if "person" in d.options else d.options[0]


# ================================================================ the agent
class RuleAgent:
    """Plays either side: the Mastermind's rules when seated there, the Protagonists' elsewhere."""

    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.mm = RuleMastermindPolicy(self.rng)
        self.pr = RuleProtagonistPolicy(self.rng)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        if view["seat"] == "mastermind":
            return self.mm.choose(view, decision)
        return self.pr.choose(view, decision)


AGENTS["rule"] = RuleAgent
