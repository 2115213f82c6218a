"""Scripts and setups: the character-count table, the built-in script of the 24 seed characters,
the official custom-script JSON, and the Storyteller's setup checked rule by rule.

A *script* is the list of characters that may be in play (and the Fabled the Storyteller adds).
A *setup* is what the Storyteller fixes before play and keeps secret: the script, the number of
players and, when written in advance, the character of every seat (p1, p2, ... in seat order);
when it is not written, the Storyteller chooses the characters at the start of the game, each
choice a decision with its legal options (engine.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.errors import ScriptError, ScriptProblem
from ..core.text import T
from .characters import PLAYER_TEAMS, by_official_id, characters, team

MIN_PLAYERS, MAX_PLAYERS = 5, 15
# players -> (townsfolk, outsiders, minions, demons): the standard setup table.
COUNTS: dict[int, tuple[int, int, int, int]] = {
    5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1),
    10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1),
}
BUILTIN = "builtin"
BUILTIN_NAME = "The Twenty-Four"
# Only one of each pair may be in play (the official jinxes among the 24).
JINXES: tuple[tuple[str, str], ...] = (("heretic", "lleech"),)
SETUP_KEYS = ("title", "script", "players", "outsider_change", "characters")


def counts(players: int, outsider_change: int = 0) -> dict[str, int]:
    """How many of each team a game of `players` has; the Sentinel's change moves one Townsfolk
    to the Outsiders (+1) or back (-1)."""
    tf, os_, mn, dm = COUNTS[players]
    return {"townsfolk": tf - outsider_change, "outsider": os_ + outsider_change, "minion": mn, "demon": dm}


@dataclass(frozen=True)
class Script:
    name: str
    characters: tuple[str, ...]  # our ids, in the order given
    author: str = ""

    def of_team(self, t: str) -> list[str]:
        return [c for c in self.characters if team(c) == t]

    @property
    def has_sentinel(self) -> bool:
        return "sentinel" in self.characters

    def to_json(self) -> list[Any]:
        """The official script-tool format: `_meta` first, then bare ids."""
        meta: dict[str, Any] = {"id": "_meta", "name": self.name}
        if self.author:
            meta["author"] = self.author
        return [meta, *(characters()[c].official_id for c in self.characters)]


def problem(rule: str, id: str, where: str = "", /, **params: Any) -> ScriptProblem:
    """A broken setup rule worded as a Text (`ct.problem.<id>`), rendered at the edge in the
    reader's language; `message` is its English. Character and team ids stay as the setup wrote them."""
    from .texts import catalog, names
    from ..core.text import Renderer

    text = T(f"ct.problem.{id}", **params)
    return ScriptProblem(rule, Renderer(catalog("en"), names("en"), "en")(text), where, text)


def builtin_script() -> Script:
    return Script(BUILTIN_NAME, tuple(characters()))


def import_script(data: Any) -> tuple[Script | None, list[ScriptProblem]]:
    """A script in the official custom-script JSON: an array of bare ids, `{"id"}` objects and a
    `_meta` object. Every id we do not implement is named in one problem."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            return None, [problem("script-format", "not_json", "script", error=str(exc))]
    if not isinstance(data, list):
        return None, [problem("script-format", "not_an_array", "script")]
    known = by_official_id()
    name, author = "Custom script", ""
    ids: list[str] = []
    unknown: list[str] = []
    problems: list[ScriptProblem] = []
    for i, item in enumerate(data):
        if isinstance(item, dict):
            cid = item.get("id")
            if cid == "_meta":
                name = str(item.get("name") or name)
                author = str(item.get("author") or "")
                continue
            if not isinstance(cid, str):
                problems.append(problem("script-format", "item_without_id", f"script.{i}", item=str(i)))
                continue
            if set(item) - {"id"}:
                unknown.append(f"{cid} (a homebrew character)")
                continue
        elif isinstance(item, str):
            cid = item
        else:
            problems.append(problem("script-format", "item_not_id_or_object", f"script.{i}", item=str(i)))
            continue
        key = cid.strip().lower().replace("-", "").replace("'", "")
        if key not in known:
            unknown.append(cid)
        elif known[key] in ids:
            problems.append(problem("script-duplicate", "listed_twice", f"script.{i}", character=cid))
        else:
            ids.append(known[key])
    if unknown:
        problems.append(problem("script-unknown", "not_implemented", "script", characters=", ".join(unknown)))
    if problems:
        return None, problems
    return Script(name, tuple(ids), author), []


@dataclass(frozen=True)
class Setup:
    title: str
    script: Script
    players: int | None = None
    outsider_change: int | None = None  # the Sentinel's change, when written in advance
    grimoire: tuple[str, ...] | None = None  # the character of p1, p2, ... when written in advance

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "script": self.script.to_json()}
        if self.players is not None:
            out["players"] = self.players
        if self.outsider_change is not None:
            out["outsider_change"] = self.outsider_change
        if self.grimoire is not None:
            out["characters"] = list(self.grimoire)
        return out


def check_counts(script: Script, chosen: Sequence[str], outsider_change: int | None) -> list[ScriptProblem]:
    """Named problems of a chosen set of characters (seat order) against the table."""
    problems: list[ScriptProblem] = []
    n = len(chosen)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return [problem("player-count", "player_count", "characters", low=MIN_PLAYERS, high=MAX_PLAYERS, got=str(n))]
    for i, c in enumerate(chosen):
        if c not in characters():
            problems.append(problem("unknown-character", "unknown_character", f"characters.{i}", character=repr(c)))
        elif c not in script.characters:
            problems.append(problem("not-on-script", "not_on_script", f"characters.{i}", character=c))
        elif team(c) not in PLAYER_TEAMS:
            problems.append(problem("not-a-player-character", "not_a_player_character", f"characters.{i}", character=c, team=team(c)))
        elif c in chosen[:i]:
            problems.append(problem("duplicate-character", "given_twice", f"characters.{i}", character=c))
    if problems:
        return problems
    for a, b in JINXES:
        if a in chosen and b in chosen:
            problems.append(problem("jinx", "jinx", "characters", first=a, second=b))
    have = {t: sum(1 for c in chosen if team(c) == t) for t in PLAYER_TEAMS}
    changes = [outsider_change] if outsider_change is not None else ([-1, 0, 1] if script.has_sentinel else [0])
    if not any(have == counts(n, ch) for ch in changes if counts(n, ch)["townsfolk"] >= 0 and counts(n, ch)["outsider"] >= 0):
        want = counts(n, changes[0] if len(changes) == 1 else 0)
        for t in PLAYER_TEAMS:
            if have[t] != want[t]:
                extra = " (the Sentinel allows one Outsider more or fewer)" if script.has_sentinel and t in ("townsfolk", "outsider") else ""
                problems.append(problem(f"count-{t}", "team_count_sentinel" if extra else "team_count", "characters", players=str(n), want=str(want[t]), team=t, got=str(have[t])))
    return problems


def jinxed_with(cid: str) -> set[str]:
    return {b for a, b in JINXES if a == cid} | {a for a, b in JINXES if b == cid}


def check_setup(data: Any) -> tuple[Setup | None, list[ScriptProblem]]:
    """A setup mapping, or an official custom script on its own (a JSON array: the Storyteller
    then chooses the characters in play)."""
    if isinstance(data, list):
        data = {"title": "", "script": data}
    if not isinstance(data, Mapping):
        return None, [problem("setup-format", "not_a_mapping")]
    problems = [problem("setup-format", "unknown_key", str(k), key=repr(k), keys=", ".join(SETUP_KEYS)) for k in data if k not in SETUP_KEYS]
    if problems:
        return None, problems
    title = data.get("title", "")
    if not isinstance(title, str):
        problems.append(problem("setup-format", "title_text", "title"))
    raw = data.get("script", BUILTIN)
    if raw == BUILTIN:
        script: Script | None = builtin_script()
    else:
        script, sp = import_script(raw)
        problems += sp
    players, change, chars = data.get("players"), data.get("outsider_change"), data.get("characters")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS):
        problems.append(problem("player-count", "player_count", "players", low=MIN_PLAYERS, high=MAX_PLAYERS, got=repr(players)))
    if change is not None and change not in (-1, 0, 1):
        problems.append(problem("outsider-change", "sentinel_change", "outsider_change"))
    if chars is not None and (not isinstance(chars, list) or not all(isinstance(c, str) for c in chars)):
        problems.append(problem("setup-format", "characters_list", "characters"))
    if problems or script is None:
        return None, problems
    if change not in (None, 0) and not script.has_sentinel:
        problems.append(problem("outsider-change", "only_sentinel", "outsider_change"))
    if chars is not None:
        if players is not None and players != len(chars):
            problems.append(problem("player-count", "players_vs_characters", "players", players=str(players), given=str(len(chars))))
        problems += check_counts(script, chars, change)
    if players is not None and change is not None:
        c = counts(players, change)
        if c["townsfolk"] < 0 or c["outsider"] < 0:
            problems.append(problem("outsider-change", "impossible_change", "outsider_change", players=str(players), change=f"{change:+d}"))
    if not problems:
        problems += feasible(script, players if players is not None else (len(chars) if chars else None), change)
    if problems:
        return None, problems
    return Setup(title, script, players if players is not None else (len(chars) if chars is not None else None), change,
                 tuple(chars) if chars is not None else None), []


def feasible(script: Script, players: int | None, change: int | None) -> list[ScriptProblem]:
    """Does the script hold enough characters of each team for this many players (and 3 bluffs)?"""
    if players is None:
        return []
    changes = [change] if change is not None else [0]
    want = counts(players, changes[0])
    return [problem(f"script-too-small-{t}", "script_too_small", "script", players=str(players), want=str(want[t]), team=t, has=str(len(script.of_team(t))))
            for t in PLAYER_TEAMS if len(script.of_team(t)) < want[t]]


def setup_from_data(data: Any) -> Setup:
    setup, problems = check_setup(data)
    if setup is None:
        raise ScriptError(problems)
    return setup
