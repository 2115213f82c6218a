"""Random Clocktower games for the soak and secrecy tests (and bench/clocktower_soak.py):
random players (the game's own agent) and the test-only random Storyteller, on the built-in
script with the Storyteller choosing every character, 5 to 15 players.

`secrecy_problems(state, seat)` lists what in a player's view would tell them something the
rules do not: another player's character or alignment, the bluffs, who is drunk or poisoned,
another seat's private information (a whisper included: it reaches its recipient alone), who is
waking at night, what the Storyteller is deciding when that is secret, or the grimoire page's words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Iterator

from scriptkeeper.clocktower.agents import RandomPlayer
from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.script import Setup
from scriptkeeper.clocktower.state import STORYTELLER, ClockState
from scriptkeeper.clocktower.views import GRIMOIRE_WORDS, PUBLIC_STORYTELLER_KINDS

from .storyteller import RandomStoryteller

BUILTIN = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
GM_ONLY_KEYS = {"grimoire", "bluffs", "minion_bluffs", "night_script", "bag", "outsider_change", "centre_reminders", "their_decision"}
# Private events: who may receive each, by the rules.
PRIVATE_TO = {
    "you_are": lambda s, seat, e: e.data["seat"] == seat,
    "minion_info": lambda s, seat, e: seat in s.minions(),
    "demon_info": lambda s, seat, e: seat in s.demons(),
    "bluffs": lambda s, seat, e: seat in s.demons() or seat in s.minions(),
    "damsel_in_play": lambda s, seat, e: seat in s.minions(),
    "alchemist_ability": lambda s, seat, e: s.character[seat] == "alchemist",
    "visit": lambda s, seat, e: e.data["seat"] == seat,
    "told": lambda s, seat, e: e.data["seat"] == seat,
    "choose_again": lambda s, seat, e: s.character[seat] == "alchemist",
    "whisper": lambda s, seat, e: e.data["to"] == seat,  # the Storyteller's words, to their recipient alone
}
SKIP_KEYS = {"script", "script_characters", "names", "decision", "you", "visit", "as", "title", "script_name", "type"}  # event types name what happened


def strings(value: Any, skip: set[str] = SKIP_KEYS) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from strings(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, skip)


class SecrecyChecker:
    """Checks players' views as a game goes on; each event is looked at once per seat."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}
        self.allowed: dict[str, set[str]] = {}

    def problems(self, state: ClockState, seat: str) -> list[str]:
        if state.winner is not None:
            return []
        view = GAME.view(state, seat)
        out = [f"{seat} sees the key {k!r}" for k in GM_ONLY_KEYS & set(view)]
        allowed = self.allowed.setdefault(seat, {state.character.get(seat) or "", "sentinel", "traveller"})  # Travellers are known
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(state.events)
        new = state.events[start:]
        for e in new:
            if e.visible_to == "public" or not e.visible(seat, STORYTELLER):
                continue
            rule = PRIVATE_TO.get(e.type)
            if rule is None or not rule(state, seat, e):
                out.append(f"{seat} sees the private event {e.type} {dict(e.data)}")
            v = e.data.get("characters")
            allowed |= set(v) if isinstance(v, list) else set()
            v = e.data.get("character")
            allowed |= {v} if isinstance(v, str) else set()
        shown = [e.to_json() for e in new if e.visible(seat, STORYTELLER)]
        for ev in shown:
            if ev["visible_to"] != "public" and ev["visible_to"] != [seat]:
                out.append(f"{seat} sees {ev['type']} meant for {ev['visible_to']}")
        if len(view["events"]) != sum(1 for e in state.events if e.visible(seat, STORYTELLER)):
            out.append(f"{seat}'s view holds other events than it may see")
        rest = {k: v for k, v in view.items() if k not in ("events", "log")}
        words = set(strings(rest)) | set(strings(shown))
        others = {c for s, c in state.character.items() if s != seat} - allowed
        leaked = others & words
        if leaked:
            out.append(f"{seat} sees the characters {sorted(leaked)}")
        if {"drunk", "poisoned"} & words:
            out.append(f"{seat} sees drunkenness or poison")
        if any(k in ("drunk", "poisoned", "alignment") for k in _keys({k: v for k, v in rest.items() if k not in ("you", "names")})):
            out.append(f"{seat} sees drunk, poisoned or alignment data")
        public_alive = {s: True for s in state.seats}
        for e in state.events:
            if e.type == "death":
                public_alive[e.data["seat"]] = False
            elif e.type == "alh_status":
                public_alive[e.data["seat"]] = e.data["alive"]
        square = {x["seat"]: x["alive"] for x in view["town_square"]}
        if square != public_alive:
            out.append(f"{seat} sees life and death the town has not been told: {square} vs {public_alive}")
        d = state.pending
        if d is not None and d.seat != seat and state.phase != "day" and view.get("waiting_for") not in (None, STORYTELLER):
            out.append(f"{seat} sees who is waking ({d.seat}, {d.kind})")
        waiting = view.get("waiting")
        if d is not None and d.seat != seat and waiting is not None:
            said = waiting["text"].to_json()
            if state.phase != "day" and (waiting["seat"] != STORYTELLER or said["$text"] not in ("ct.waiting.night", "ct.waiting.storyteller")):
                out.append(f"{seat} is told more than that the night goes on ({d.seat}, {d.kind}): {said}")
            if d.seat == STORYTELLER and said["$text"].startswith("ct.waiting.storyteller.") and d.kind not in PUBLIC_STORYTELLER_KINDS:
                out.append(f"{seat} is told what the Storyteller decides ({d.kind})")
        if set(view.get("words", {})) & set(GRIMOIRE_WORDS):
            out.append(f"{seat} has the grimoire page's words")
        return out


def secrecy_problems(state: ClockState, seat: str) -> list[str]:
    """What in `seat`'s view now would tell them a secret (the whole log checked)."""
    return SecrecyChecker().problems(state, seat)


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def play_random(seed: int, players: int | None = None, setup: Setup = BUILTIN, check_every: int = 0,
                rng: random.Random | None = None, travellers: int = 0) -> tuple[ClockState, list[str]]:
    """One whole random game; with `check_every`, every player's view is checked for secrets
    at that many decisions' interval (and at every phase change)."""
    rng = rng or random.Random(seed)
    n = players or 5 + seed % 11
    options: dict[str, Any] = {"players": n} if setup.players is None else {}
    if travellers:
        options["travellers"] = travellers
    state = GAME.new_game(setup, seed, options)
    story = RandomStoryteller(seed)
    agents: dict[str, Any] = {s: RandomPlayer(seed * 31 + i) for i, s in enumerate(state.seats)}
    problems: list[str] = []
    checker = SecrecyChecker()
    k = 0
    phase = state.phase
    while (d := GAME.pending(state)) is not None:
        agent = story if d.seat == STORYTELLER else agents[d.seat]
        GAME.apply(state, agent.choose({}, d), seat=d.seat)
        k += 1
        if k > 20_000:
            raise AssertionError(f"seed {seed}: the game did not end")
        if check_every and (k % check_every == 0 or state.phase != phase):
            for s in state.seats:
                problems += [f"seed {seed} decision {k}: {p}" for p in checker.problems(state, s)]
        phase = state.phase
    return state, problems
