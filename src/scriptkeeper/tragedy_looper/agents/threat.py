"""How close the Mastermind is to winning the loop, seen by someone who knows the script.

`Threat(script).value(board)` scores a board from the Mastermind's side: loss conditions met or
nearly met, incidents about to happen, killers next to their victims. The rule-based Mastermind
plays greedily on it; the search agents use it to judge the end of a simulated day (the
Protagonists' search in each world it drew from the deduction, where it knows that world's script).
"""

from __future__ import annotations

import itertools
from typing import Any

from ..tragedy_looper.rules import RuleBook, load_rulebook
from ..tragedy_looper.script import Script
from .common import LightBoard

# Goodwill abilities the Protagonists want (information, protection): the Mastermind fights them.
USEFUL_GW = {"office_worker", "police_officer", "informer", "shrine_maiden", "godly_being", "boss", "mystery_boy",
             "nurse", "pop_idol", "doctor", "boy_student", "girl_student", "henchman", "class_rep", "rich_mans_daughter"}


def goal(x: int, need: int, w: float = 1.0, reached: float = 100.0) -> float:
    """Progress towards `need` counters: up to 50, plus `reached` once there."""
    if need <= 0:
        return w * (50 + reached)
    return w * (50 * min(x, need) / need + (reached if x >= need else 0))


READY = 700.0  # a loss condition met: the loop is lost unless the Protagonists undo it in time
NOW = 900.0  # a loss the Mastermind can trigger at this day's end


_UIDS = itertools.count()


class Threat:
    def __init__(self, script: Script) -> None:
        self.uid = next(_UIDS)  # a stable identity for caches (id() may be reused)
        self.s = script
        self.rb: RuleBook = load_rulebook(script.set_id)
        cast = script.cast
        self.roles = dict(cast)

        def holders(*roles: str) -> list[str]:
            return [c for c, r in cast.items() if r in roles]

        self.kp = holders("key_person")
        self.friends = holders("friend")
        self.killers = holders("killer")
        self.brains = holders("brain")
        self.sks = holders("serial_killer")
        self.lovers = holders("lover")
        self.loved = holders("loved_one")
        self.tts = holders("time_traveler")
        self.witch = holders("witch")
        self.factor = holders("factor")
        self.cultists = holders("cultist")
        self.cts = holders("conspiracy_theorist")
        self.victims = self.kp + self.friends  # whose death loses the loop
        self.pv = "paranoia_virus" in script.plots
        self.limit = {c: self.rb.characters[c].paranoia_limit for c in cast}
        self.main = script.main_plot
        self.tof = "threads_of_fate" in script.plots
        # Midnight Zone: scored by mz_value and mz_trigger only, so other sets score as before
        self.mz = script.set_id == "midnight_zone"
        self.ninjas = holders("ninja")
        self.prophets = holders("prophet")
        self.obstinate = set(holders("obstinate"))
        self.immortal = set(holders("immortal"))
        self.fated = "fated_connections" in script.plots  # an Extra card makes a Key Person
        self.showtime = "showtime_of_death" in script.plots
        self.prophet_limit = "worshippers_of_the_apocalypse" in script.plots

    # ------------------------------------------------------------ evaluation
    def sk_now(self, b: LightBoard) -> list[str]:
        out = [c for c in self.sks if c in b.chars and b.chars[c].in_play]
        if self.pv:
            out += [c for c, r in self.roles.items() if r == "person" and c in b.chars and b.chars[c].in_play and b.chars[c].p >= 3]
        return out

    def start_of(self, b: LightBoard, ch: str) -> str | None:
        if ch in b.start:
            return b.start[ch]
        return self.rb.characters[ch].start or (b.chars[ch].loc if ch in b.chars else None)

    def value(self, b: LightBoard) -> float:
        v = 0.0
        ch = b.chars
        alive = lambda c: c in ch and ch[c].in_play
        for k in self.kp:
            if k in ch and not ch[k].alive:
                v += 2000
        for f in self.friends:
            if f in ch and not ch[f].alive:
                v += 600
        # main plot's loss at loop end
        m = self.main
        if m == "the_sealed_item":
            v += goal(b.locs["shrine"], 2, 2, READY / 2)
        elif m == "a_place_to_protect":
            v += goal(b.locs["school"], 2, 2, READY / 2)
        elif m == "light_of_the_avenger":
            for c in self.brains:
                loc = self.start_of(b, c)
                if loc:
                    v += goal(b.locs[loc], 2, 2, READY / 2)
        elif m == "giant_time_bomb_x":
            for c in self.witch:
                loc = self.start_of(b, c)
                if loc:
                    v += goal(b.locs[loc], 2, 2, READY / 2)
        elif m == "sign_with_me":
            for k in self.kp:
                if k in ch:
                    v += goal(ch[k].i, 2, 2, READY / 2)
        elif m == "murder_plan":
            for k in self.kp:
                if not alive(k):
                    continue
                v += goal(ch[k].i, 2, 0.8)
                for kl in self.killers:
                    if alive(kl) and ch[kl].loc == ch[k].loc:
                        v += 40 + (NOW if ch[k].i >= 2 else 0)
        elif m == "change_of_future":
            for idx, inc in enumerate(self.s.incidents):
                if inc.incident == "butterfly_effect":
                    if idx in b.occurred:
                        v += 400
                    elif inc.day >= b.day and alive(inc.culprit):
                        v += goal(ch[inc.culprit].p, self.limit[inc.culprit], 1.5)
        # killers
        for kl in self.killers:
            if alive(kl):
                v += goal(ch[kl].i, 4, 0.6, NOW / 0.6)
        for s in self.sk_now(b):
            others = [c for c in b.at(ch[s].loc) if c != s]
            if len(others) == 1:
                o = others[0]
                v += NOW if o in self.kp else NOW * 0.6 if o in self.friends else 10
        for lo in self.loved:
            if alive(lo):
                if ch[lo].p >= 3 and ch[lo].i >= 1:
                    v += NOW
                else:
                    v += 15 * min(ch[lo].i, 1) + 10 * min(ch[lo].p, 3) / 3
        for t in self.tts:
            if alive(t) and ch[t].g <= 2:
                v += 60 if b.day >= b.days else 25
        # incidents still to come this loop
        for idx, inc in enumerate(self.s.incidents):
            if inc.day < b.day or idx in b.occurred:
                continue
            c = inc.culprit
            if not alive(c):
                continue
            w = self.incident_weight(inc.incident, c, b)
            if w:
                soon = 1.0 if inc.day - b.day <= 2 else 0.6
                x, need = ch[c].p, self.limit[c]
                if self.mz:
                    x, need = self.mz_trigger(inc.incident, c, b, x, need)
                v += soon * goal(x, need, w)
        # Threads of Fate: Goodwill left on a culprit becomes Paranoia at the next loop's start
        if self.tof:
            for inc in self.s.incidents:
                c = inc.culprit
                if c in ch and ch[c].g > 0:
                    v += 40 * self.incident_weight(inc.incident, c, b)
        # the Protagonists' useful Goodwill
        for c, cb in ch.items():
            if c in USEFUL_GW and cb.in_play:
                v -= 3 * min(cb.g, 5)
        if self.mz:
            v += self.mz_value(b)
        return v

    # ------------------------------------------------------------ Midnight Zone
    def mz_victims(self, b: LightBoard) -> list[str]:
        """Whose death loses the loop: Key Persons (with Fated Connections, everyone with an Extra
        card) and Friends; an Immortal cannot die."""
        extra = [c for c in b.extra if self.fated and c not in self.kp]
        return [c for c in self.kp + extra + self.friends if c not in self.immortal]

    def mz_value(self, b: LightBoard) -> float:
        """Midnight Zone's loss conditions, from its plot and role data (seed 001)."""
        ch = b.chars
        v = 0.0
        alive = lambda c: c in ch and ch[c].in_play
        victims = self.mz_victims(b)
        if self.fated:
            for c in b.extra:
                if c in ch and not ch[c].alive and c not in self.kp:
                    v += 2000
            for s in self.sk_now(b):
                others = [c for c in b.at(ch[s].loc) if c != s]
                if len(others) == 1 and others[0] in b.extra and others[0] not in self.kp + self.friends:
                    v += NOW
        if self.main == "male_confrontation":
            for n in self.ninjas:
                if n in ch:  # alive or dead
                    v += goal(ch[n].i, 2, 2, READY / 2)
        # a Ninja kills another character here with 2+ Intrigue at day end
        for n in self.ninjas:
            if not alive(n):
                continue
            for o in b.at(ch[n].loc):
                if o != n and o in victims:
                    v += NOW if ch[o].i >= 2 else 20 * ch[o].i
            for k in victims:
                if alive(k):
                    v += goal(ch[k].i, 2, 0.4)
        if self.showtime:  # 6 or fewer living characters at loop end
            living = sum(1 for c in ch.values() if c.in_play)
            v += READY if living <= 6 else 120 / (living - 6)
        return v

    def mz_trigger(self, kind: str, culprit: str, b: LightBoard, x: int, need: int) -> tuple[int, int]:
        """How near a Midnight Zone incident is to occurring: (progress, needed)."""
        ch = b.chars
        if kind == "conspiracies":
            x = ch[culprit].i  # it counts Intrigue, not Paranoia
        if self.prophet_limit and self.roles.get(culprit) == "person" and any(ch[p].in_play for p in self.prophets if p in ch):
            need = max(0, need - 1)
        if culprit in self.obstinate:
            x = need  # its incidents always occur
        for p in self.prophets:
            if p != culprit and p in ch and ch[p].in_play and ch[p].loc == ch[culprit].loc:
                return 0, max(need, 1)  # the Prophet calls it off
        return x, need

    def incident_weight(self, kind: str, culprit: str, b: LightBoard) -> float:
        ch = b.chars
        if kind == "murder":
            near = [c for c in b.at(ch[culprit].loc) if c != culprit]
            return 0.5 + (0.8 if any(c in self.victims for c in near) else 0)
        if kind == "suicide":
            return 1.2 if culprit in self.victims else 0.1
        if kind == "hospital_incident":
            inside = b.at("hospital")
            return 0.3 + (0.6 if b.locs["hospital"] >= 1 and any(c in self.victims for c in inside) else 0) \
                + (0.8 if b.locs["hospital"] >= 2 else 0)
        if kind == "faraway_murder":
            return 0.3 + (0.6 if any(c in ch and ch[c].in_play and ch[c].i >= 2 for c in self.victims) else 0)
        if kind == "foul_evil":
            return 1.0 if self.main == "the_sealed_item" else 0.2
        if kind == "butterfly_effect":
            return 0.2  # the Change of Future case is scored with the main plot
        if kind == "missing_person":
            return 0.35
        if kind == "increasing_unease":
            return 0.35
        if kind == "spreading":
            return 0.2
        if kind in ("serial_murder", "conspiracies"):
            near = [c for c in b.at(ch[culprit].loc) if c != culprit]
            return 0.5 + (0.8 if any(c in self.mz_victims(b) for c in near) else 0)
        if kind == "uproar":
            v = 0.2
            for place in ("school", "city"):
                if any(c in self.mz_victims(b) for c in b.at(place)):
                    v += 0.9 if b.locs[place] >= 1 else 0.3
            return v
        if kind == "fake_incident":
            start = self.start_of(b, culprit)
            i = b.locs.get(start, 0) if start else 0
            return 0.3 + (1.5 if i >= 2 else 0.4 * i)
        if kind == "confession":
            # it reveals the culprit's role: a Secret Record loss when that role must stay hidden
            return 1.5 if self.main == "secret_record" and self.roles.get(culprit) in ("brain", "factor", "magician") else 0.0
        if kind == "breakthrough":
            return 0.0  # the Leader removes Intrigue: nothing the Mastermind wants
        if kind == "faked_suicide":
            return 0.6 if self.fated else 0.3
        return 0.2


def threat_for(script: Script | dict[str, Any]) -> Threat:
    if isinstance(script, dict):
        from ..tragedy_looper.script import script_from_dict

        script = script_from_dict(script)
    return Threat(script)
