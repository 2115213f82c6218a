"""The Mastermind's workshop for Tragedy Looper scripts (core/workshop.py's protocol).

Everything the editor page offers comes from the rules data of every installed Tragedy Set, so a
set added later is edited without a change here or on the page. The live check is
`check_script`, the one `scriptkeeper check` runs. Scripts of the public Tragedy Looper data
collection (JSON with comments, English names: tragedySet, mainPlot, subPlots, cast,
incidents, difficultySets) are read by matching their names against our names tables.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import yaml

from ..core import strict_yaml
from ..core.errors import GameFileError, Refusal
from ..core.fairness import no_duplicate_keys
from ..core.text import Ref, T, Text, from_json
from ..core.workshop import Progress
from .catalog import shipped_scripts
from .rules import RuleBook, available_sets, load_rulebook
from .script import SCRIPT_SETTINGS, Script, check_script, draft_renderer
from .texts import names, renderer

LOOPS = (1, 8)  # the range check_script allows for loops and for days
DAYS = (1, 8)
DEFAULT_ROLE = "person"  # the role check_script gives a character cast without one
MAX_BALANCE_GAMES = 60  # games per balance test in all (the page asks for far fewer)


# ---------------------------------------------------------------- the catalog
def catalog(lang: str = "en") -> dict[str, Any]:
    return {"game": "tragedy_looper", "loops": list(LOOPS), "days": list(DAYS),
            "sets": [_set_catalog(sid, lang) for sid in available_sets()]}


def _set_catalog(set_id: str, lang: str) -> dict[str, Any]:
    rb = load_rulebook(set_id)
    n = names(set_id, lang)
    render = renderer(set_id, lang)

    def rules(prefix: str, count: int) -> list[str]:
        return [render(T(f"{prefix}.{i}")) for i in range(count)]

    plots = [{"id": p, "name": n["plot"][p], "main": plot.main,
              "roles": [{"role": r, "name": n["role"][r], "count": k} for r, k in plot.roles.items()],
              "optional_roles": [{"role": r, "name": n["role"][r], "min": lo, "max": hi}
                                 for r, (lo, hi) in plot.optional_roles.items()],
              "rules": rules(f"rules.plot.{p}", len(plot.rules)),
              "creation": [render(T(f"rules.creation.{cr.rule}")) for cr in plot.creation]}
             for p, plot in rb.set.plots.items()]
    roles = [{"id": r, "name": n["role"][r], "max": role.max, "refusal": role.refusal,
              "text": render(T(f"rules.role.{r}")) if role.text else "",
              "abilities": rules(f"rules.role.{r}", len(role.abilities))}
             for r, role in ((r, rb.roles[r]) for r in rb.set.roles)]
    incidents = [{"id": i, "name": n["incident"][i], "text": render(T(f"rules.incident.{i}")),
                  "may_show_other_name": inc.may_show_other_name, "culprit_may_repeat": inc.culprit_may_repeat}
                 for i, inc in ((i, rb.incidents[i]) for i in rb.set.incidents)]
    # A character no script may name (the Part-Timer(?)) is not offered.
    characters = [_character(rb, ch, n, render) for ch in rb.characters if not rb.characters[ch].has_trait("never_in_a_script")]
    limit = next((n["counter"][k] for k, c in rb.counters.items() if c.against_limit), "")
    return {"id": set_id, "name": n["set"][set_id], "subplots": rb.set.subplots, "final_guess": rb.set.final_guess,
            "limit_name": limit,  # the counter a character's limit is for (Paranoia)
            "default_role": DEFAULT_ROLE,
            "plots": plots, "roles": roles, "incidents": incidents, "characters": characters,
            "locations": [{"id": loc, "name": n["location"][loc]} for loc in rb.board]}


def _character(rb: RuleBook, ch: str, n: Mapping[str, Mapping[str, str]], render: Any) -> dict[str, Any]:
    card = rb.characters[ch]
    return {"id": ch, "name": n["character"][ch], "paranoia_limit": card.paranoia_limit,
            "start": n["location"][card.start] if card.start is not None and card.start in n["location"] else None,
            "forbidden": [n["location"][loc] for loc in card.forbidden if loc in n["location"]],
            "tags": [n["tag"].get(t, t) for t in card.tags],
            "goodwill": [{"goodwill": gw.goodwill, "once_per_loop": gw.once_per_loop,
                          "text": render(T(f"rules.character.{ch}.gw.{i}"))} for i, gw in enumerate(card.goodwill)],
            "settings": [{"key": key, "kind": kind, "label": render(T(f"workshop.setting.{key}"))}
                         for trait, (key, kind) in SCRIPT_SETTINGS.items() if card.has_trait(trait)]
            # Several printed starts (the Servant): the script fixes one of them.
            + ([{"key": "start", "kind": "location", "label": render(T("workshop.setting.start")),
                 "choices": list(card.starts)}] if card.starts else [])}


# ---------------------------------------------------------------- the live check
def check(data: Any, lang: str = "en") -> dict[str, Any]:
    """The draft checked by `check_script`; when legal, its canonical text and its summary."""
    script, problems = check_script(data)
    words = draft_renderer(data, lang)  # each problem in the reader's language
    out: dict[str, Any] = {"legal": script is not None and not problems,
                           "problems": [{"rule": p.rule, "message": p.render(words), "where": p.where} for p in problems],
                           "text": None, "summary": "", "yaml": _draft_yaml(data)}
    if script is not None and not problems:
        from .game import GAME

        out["text"] = out["yaml"] = GAME.setup_text(script)
        out["summary"] = renderer(script.set_id, lang)(GAME.describe(script))
    return out


def _draft_yaml(data: Any) -> str:
    """The draft as YAML, as it stands (a legal one is shown in its canonical form instead)."""
    try:
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    except yaml.YAMLError:
        return ""


def shipped(name: str) -> dict[str, Any]:
    scripts = shipped_scripts()
    if name not in scripts:
        raise _refusal("no_shipped", name=repr(name)[:200])
    return {"setup": yaml.safe_load(scripts[name].read_text(encoding="utf-8")), "format": "scriptkeeper", "notes": []}


# ---------------------------------------------------------------- opening files
def _refusal(id: str, **params: Any) -> Refusal:
    """What the editor cannot open or test, as a Text (`workshop.refusal.*`), worded by the server
    in the page's language."""
    from .game import GAME

    return Refusal(T(f"workshop.refusal.{id}", **params), GAME.renderer(None))


def open_text(text: str, name: str = "") -> dict[str, Any]:
    """A script from a file: our YAML, or the community's JSON (one script or a list of them;
    with several, `name` picks one by its title, else the titles are returned to choose from)."""
    if len(text.encode("utf-8", "surrogatepass")) > strict_yaml.MAX_BYTES:
        raise _refusal("too_large", bytes=strict_yaml.MAX_BYTES)
    stripped = text.lstrip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(_strip_json_comments(text), object_pairs_hook=no_duplicate_keys)
        except json.JSONDecodeError as exc:
            raise _refusal("not_json", detail=strict_yaml.short(exc)) from None
        except RecursionError:
            raise _refusal("too_deep") from None
        except GameFileError as exc:  # a key given twice
            raise (_refusal("game_file", detail=exc.text) if exc.text is not None else ValueError(str(exc))) from None
        if isinstance(data, dict) and "tragedySet" not in data:
            return {"setup": data, "format": "scriptkeeper", "notes": []}  # our format written as JSON
        entries = data if isinstance(data, list) else [data]
        if not all(isinstance(e, dict) for e in entries) or not entries:
            raise _refusal("community_form")
        if len(entries) > 1:
            chosen = [e for e in entries if name and e.get("title") == name]
            if not chosen:
                return {"choose": [str(e.get("title", f"#{k + 1}")) for k, e in enumerate(entries)]}
            entries = chosen[:1]
        setup, notes = from_community(entries[0])
        return {"setup": setup, "format": "community", "notes": notes}
    try:
        data = strict_yaml.load(text)  # no anchors, aliases or duplicate keys; size and depth bounded
    except yaml.YAMLError as exc:
        raise _refusal("not_yaml", detail=strict_yaml.short(exc)) from None
    if not isinstance(data, dict):
        raise _refusal("not_a_mapping")
    return {"setup": data, "format": "scriptkeeper", "notes": []}


def _strip_json_comments(text: str) -> str:
    """JSON with // and /* */ comments (JSONC) to JSON; comment marks inside strings are kept."""
    pattern = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.S)
    return pattern.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)


# Keys of a community script we read, and those we carry as notes only.
_COMMUNITY_NOTES = ("creator", "set", "story", "mastermindHints")
_COMMUNITY_KEYS = {"title", "tragedySet", "daysPerLoop", "difficultySets", "mainPlot", "subPlots", "cast", "incidents",
                   "specifics", *_COMMUNITY_NOTES}
# Misspellings found in the community's data files, read as the name they mean.
_COMMUNITY_ALIASES = {"frind": "friend"}
_COMMUNITY_OPTIONS = {"enters on loop": "enters_loop", "enters on day": "enters_day", "turf": "turf"}


def _norm(name: Any) -> str:
    s = str(name).replace("\u2019", "'").replace("\u2018", "'").strip().lower()
    s = re.sub(r"\s+", " ", s)
    return _COMMUNITY_ALIASES.get(s, s)


def from_community(entry: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """One community script as our script data; ValueError names everything we do not know."""
    unknown: list[Text] = [T("workshop.unknown.key", key=repr(k)) for k in entry if k not in _COMMUNITY_KEYS]
    set_names = {_norm(load_rulebook(s).set.name): s for s in available_sets()}
    set_id = set_names.get(_norm(entry.get("tragedySet", "")))
    if set_id is None:
        raise _refusal("unknown_set", given=repr(entry.get("tragedySet"))[:80], known=tuple(Ref("set", s) for s in available_sets()))
    n = names(set_id, "en")  # the community's files are in English
    lookup = {kind: {_norm(v): k for k, v in n[kind].items()} for kind in ("plot", "character", "role", "incident", "location")}

    def find(kind: str, name: Any) -> str:
        got = lookup[kind].get(_norm(name))
        if got is None:
            unknown.append(T(f"workshop.unknown.{kind}", name=repr(name)))
            return str(name)
        return got

    def listed(value: Any) -> list[Any]:
        return list(value) if isinstance(value, list) else [value]

    main = [find("plot", p) for p in listed(entry.get("mainPlot", []))]
    subplots = [find("plot", p) for p in listed(entry.get("subPlots", []))]
    cast: dict[str, Any] = {}
    for ch_name, value in dict(entry.get("cast") or {}).items():
        ch = find("character", ch_name)
        role_name, options = (value[0], value[1] if len(value) > 1 else {}) if isinstance(value, list) else (value, {})
        role = find("role", role_name)
        settings: dict[str, Any] = {}
        for key, v in dict(options or {}).items():
            ours = _COMMUNITY_OPTIONS.get(_norm(key))
            if ours is None:
                unknown.append(T("workshop.unknown.option", option=repr(key), character=str(ch_name)))
            else:
                settings[ours] = find("location", v) if ours == "turf" else v
        cast[ch] = {"role": role, **settings} if settings else role
    incidents = []
    for k, inc in enumerate(listed(entry.get("incidents") or [])):
        if not isinstance(inc, Mapping):
            unknown.append(T("workshop.unknown.incident_entry", n=k + 1))
            continue
        shown = inc.get("incident")
        row: dict[str, Any] = {"day": inc.get("day")}
        if isinstance(shown, list) and len(shown) == 2:  # [the real incident, the name the schedule shows]
            row["incident"], row["public_name"] = find("incident", shown[0]), find("incident", shown[1])
        else:
            row["incident"] = find("incident", shown)
        row["culprit"] = find("character", inc.get("culprit"))
        incidents.append(row)
    if unknown:
        raise _refusal("unknown_names", unknown=tuple(unknown))
    sets = entry.get("difficultySets") or []
    loops = next((d.get("numberOfLoops") for d in sets if isinstance(d, Mapping)), None)
    # Notes as Texts (JSON): the server words them in the page's language; the file's own words stay as written.
    notes: list[Any] = [T("workshop.note.difficulty", difficulty=str(d.get("difficulty")), loops=str(d.get("numberOfLoops"))).to_json()
                        for d in sets if isinstance(d, Mapping)]
    notes += [T("workshop.note.field", field=T(f"workshop.note.{k}"), value=entry[k]).to_json()
              for k in _COMMUNITY_NOTES if k in entry and isinstance(entry[k], str)]
    setup: dict[str, Any] = {"title": entry.get("title") or T("workshop.imported_title").to_json(), "set": set_id,
                             "main_plot": main[0] if len(main) == 1 else main, "subplots": subplots,
                             "loops": loops, "days": entry.get("daysPerLoop"), "cast": cast, "incidents": incidents}
    if isinstance(entry.get("specifics"), str) and entry["specifics"].strip():
        setup["special_rules"] = entry["specifics"].strip()
    return setup, notes


# ---------------------------------------------------------------- the balance test
def balance(data: Any, games: int, mastermind: str, protagonists: str, progress: Progress, lang: str = "en") -> dict[str, Any]:
    """`games` games for each loop count from one less than the script's to one more, with the
    named agents (the analyze command's machinery): the Protagonists' win rate with its 95%
    interval and the loss conditions that decided the lost loops."""
    from .agents.arena import Summary, play_pairing

    script, problems = check_script(data)
    if script is None or problems:
        raise _refusal("not_legal", problems=tuple(p.text if p.text is not None else p.message for p in problems))
    counts = [c for c in (script.loops - 1, script.loops, script.loops + 1) if LOOPS[0] <= c <= LOOPS[1]]
    games = max(1, min(games, MAX_BALANCE_GAMES // len(counts)))
    render = renderer(script.set_id, lang)
    total, done, rows = games * len(counts), 0, []
    progress(0, total)
    for count in counts:
        variant = _with_loops(script, count)
        summary = Summary(variant.title, mastermind, protagonists, render=lambda t: render(from_json(t)))
        for k in range(games):
            summary.add(play_pairing(variant, k, mastermind, protagonists))
            done += 1
            progress(done, total)
        pw, lo, hi = summary.rate("protagonists")  # the team's wins (a Traitor alone is not the team: Last Liar)
        lost = summary.lost_loops or 1
        rows.append({"loops": count, "the_scripts": count == script.loops, "games": summary.games,
                     "protagonists_win_rate": pw, "ci95": [lo, hi],
                     "by_loop": summary.p_loop_wins, "by_final_guess": summary.p_guess_wins, "by_traitors": summary.traitor_wins,
                     "mean_loops": summary.loops / summary.games if summary.games else 0.0,
                     "deciding": [{"name": name, "share": k / lost} for name, k in summary.deciding.most_common()]})
    return {"mastermind": mastermind, "protagonists": protagonists, "rows": rows}


def _with_loops(script: Script, loops: int) -> Script:
    from .script import script_from_dict

    d = script.to_dict()
    d["loops"] = loops
    return script_from_dict(d)


class TragedyLooperWorkshop:
    """The protocol's methods, for `GAME.workshop`."""

    def catalog(self, lang: str = "en") -> dict[str, Any]:
        return catalog(lang)

    def check(self, data: Any, lang: str = "en") -> dict[str, Any]:
        return check(data, lang)

    def open(self, text: str, name: str = "") -> dict[str, Any]:
        return open_text(text, name)

    def shipped(self, name: str) -> dict[str, Any]:
        return shipped(name)

    def balance(self, data: Any, games: int, mastermind: str, protagonists: str, progress: Progress,
                lang: str = "en") -> dict[str, Any]:
        return balance(data, games, mastermind, protagonists, progress, lang)


WORKSHOP = TragedyLooperWorkshop()
