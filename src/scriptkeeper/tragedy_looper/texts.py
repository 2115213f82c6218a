"""The wording of Tragedy Looper: message catalogs, names and rules texts, per language.

A catalog maps message ids to templates (core/text.py). It has three parts: the core's messages,
the game's own messages (texts/<lang>.yaml) and what the rules data says in words: every name
(`name.<kind>.<id>`) and every rules text (`rules.character.<id>.gw.<i>`, `rules.role.<id>`,
`rules.role.<id>.<i>`, `rules.plot.<id>.<i>`, `rules.incident.<id>`). The engine only ever builds
Texts and Refs with these ids; rendering happens at the edge (the terminal, the CLI, the server
before it sends a view). English is the source: every other language's catalog is the English one
translated through the gettext catalogs of core/i18n.py (rules texts and names included), so a
rules text is never a second hand-made copy that drifts.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from ..core.i18n import LANGUAGES as I18N_LANGUAGES, localize
from ..core.text import Ref, Renderer, T, Template, Text
from .rules import RuleBook, SETS_DIR, load_rulebook

TEXTS_DIR = Path(__file__).parent / "texts"
CORE_TEXTS_DIR = Path(__file__).parent.parent / "core" / "texts"
LANGUAGES = I18N_LANGUAGES

# The kinds of things a names table holds, and where their names come from.
NAME_KINDS = ("character", "role", "incident", "plot", "card", "location", "counter", "counter_short", "tag", "set",
              "seat", "phase", "token", "gauge", "extra_card")


@lru_cache(maxsize=None)
def _messages() -> dict[str, Template]:
    core = yaml.safe_load((CORE_TEXTS_DIR / "en.yaml").read_text(encoding="utf-8"))
    data = yaml.safe_load((TEXTS_DIR / "en.yaml").read_text(encoding="utf-8"))
    return {**core, **data}


@lru_cache(maxsize=None)
def _tags() -> dict[str, str]:
    return dict(yaml.safe_load((SETS_DIR / "base" / "tags.yaml").read_text(encoding="utf-8")))


@lru_cache(maxsize=None)
def catalog(set_id: str, lang: str = "en") -> dict[str, Template]:
    """Every message and name of one Tragedy Set in `lang`."""
    if lang != "en":
        return _derived_names(localize(lang, catalog(set_id, "en")))
    rb = load_rulebook(set_id)
    out: dict[str, Template] = dict(_messages())
    tables: tuple[tuple[str, Mapping[str, Any]], ...] = (
        ("character", rb.characters), ("role", rb.roles), ("incident", rb.incidents), ("plot", rb.set.plots), ("card", rb.cards),
        ("location", rb.board), ("counter", rb.counters), ("token", rb.tokens), ("gauge", rb.set.gauges))
    for kind, table in tables:
        for k, entry in table.items():
            out[f"name.{kind}.{k}"] = entry.name
    for k, c in rb.counters.items():
        out[f"name.counter_short.{k}"] = c.short
    for k, tag in _tags().items():
        out[f"name.tag.{k}"] = tag
    from .rules import available_sets

    for sid in available_sets():
        out[f"name.set.{sid}"] = load_rulebook(sid).set.name
    out.update(rules_texts(rb))
    out.update(shipped_script_words(set_id))
    return _derived_names(out)


@lru_cache(maxsize=None)
def shipped_script_words(set_id: str) -> dict[str, str]:
    """The titles and special rules our shipped scripts of `set_id` state, by message id
    (`script.<set>.<script>.title`, `.special_rules`): they are our words, so they are translated
    like the rules texts. A script's own author writes in one language; those are shown as written."""
    from .catalog import shipped_scripts

    out: dict[str, str] = {}
    for name, path in shipped_scripts().items():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if data.get("set") != set_id:
            continue
        if data.get("title"):
            out[f"script.{name.replace('/', '.')}.title"] = str(data["title"]).strip()
        if data.get("special_rules"):
            out[f"script.{name.replace('/', '.')}.special_rules"] = str(data["special_rules"]).strip()
    return out


def _shipped_words(script: Any, part: str, words: str) -> Text | str:
    """One of our shipped scripts' words (its `part`: title or special_rules) as a message, when
    `script` says exactly what a shipped script of its set says there; else the words as written."""
    for key, english in shipped_script_words(script.set_id).items():
        if key.endswith(f".{part}") and english == words.strip():
            return T(key)
    return words


def script_title_text(script: Any) -> Text | str:
    """The title a reader sees: one of our shipped scripts' (in the reader's language), else the
    author's as written ("" when the script has none: the edge words it as untitled)."""
    return _shipped_words(script, "title", script.title) if script.title else ""


def special_rules_text(script: Any) -> Text | str:
    """What the table reads of a script's special rule: one of our shipped scripts' (a message, in
    each reader's language), else the author's own words as written."""
    return _shipped_words(script, "special_rules", script.special_rules)


SEAT_IDS = ("mastermind", "protagonist1", "protagonist2", "protagonist3", "observer")


def _derived_names(out: dict[str, Template]) -> dict[str, Template]:
    """The names of seats and phases are their messages (`seat.<id>`, `phase.<id>`), in any language."""
    for k in SEAT_IDS:
        out[f"name.seat.{k}"] = out[f"seat.{k}"]
    for k, template in list(out.items()):
        if k.startswith("phase."):
            out[f"name.{k}"] = template
    return out


def _is_derived(key: str) -> bool:
    return key.startswith("name.seat.") or key.startswith("name.phase.")


def english_messages() -> dict[str, Template]:
    """Every English message and name of every Tragedy Set (what the gettext catalogs translate)."""
    from .rules import available_sets

    out: dict[str, Template] = {}
    for sid in available_sets():
        out.update({k: v for k, v in catalog(sid, "en").items() if not _is_derived(k)})
    return out


def rules_texts(rb: RuleBook) -> dict[str, str]:
    """The rules texts of a rule book, by id (what players read of abilities, plot rules, incidents)."""
    out: dict[str, str] = {}
    for ch, c in rb.characters.items():
        if c.text:
            out[f"rules.character.{ch}"] = c.text
        for i, gw in enumerate(c.goodwill):
            out[f"rules.character.{ch}.gw.{i}"] = gw.text
    for r, role in rb.roles.items():
        if role.text:
            out[f"rules.role.{r}"] = role.text
        for i, ab in enumerate(role.abilities):
            out[f"rules.role.{r}.{i}"] = ab.text
        for cr in role.creation:  # a role's own script-creation rules (the Wildcard must be a culprit)
            out.setdefault(f"rules.creation.{cr.rule}", cr.text)
    for p, plot in rb.set.plots.items():
        for i, rule in enumerate(plot.rules):
            out[f"rules.plot.{p}.{i}"] = rule.text
        for cr in plot.creation:
            out[f"rules.creation.{cr.rule}"] = cr.text
        if plot.traitor is not None and plot.traitor.text:
            out[f"rules.traitor.{p}"] = plot.traitor.text
        if plot.loop_value_note:  # `scriptkeeper check`'s note on the guide's loop value
            out[f"rules.loop_value_note.{p}"] = plot.loop_value_note
    for inc, incident in rb.incidents.items():
        out[f"rules.incident.{inc}"] = incident.text
    return out


def names(set_id: str, lang: str = "en", extra: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, dict[str, str]]:
    """The names table of a set: kind -> id -> name (plus per-game entries such as schedule slots).
    Without `extra` the same table is shared by every caller: never change it."""
    if extra is None:
        return _names(set_id, lang)
    out = {k: dict(v) for k, v in _names(set_id, lang).items()}
    for kind, table in extra.items():
        out.setdefault(kind, {}).update(table)
    return out


@lru_cache(maxsize=None)
def _names(set_id: str, lang: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {k: {} for k in NAME_KINDS}
    for key, template in catalog(set_id, lang).items():
        if key.startswith("name.") and isinstance(template, str):
            _, kind, ident = key.split(".", 2)
            out.setdefault(kind, {})[ident] = template
    return out


def renderer(set_id: str, lang: str = "en", extra: Mapping[str, Mapping[str, str]] | None = None) -> Renderer:
    if extra is None:
        return _renderer(set_id, lang)
    return Renderer(catalog(set_id, lang), names(set_id, lang, extra), lang)


@lru_cache(maxsize=None)
def _renderer(set_id: str, lang: str) -> Renderer:
    return Renderer(catalog(set_id, lang), names(set_id, lang), lang)


# ---------------------------------------------------------------- Text builders the engine shares
# Texts and Refs never change: the builders the engine calls for nearly every event hand out the
# same object for the same thing (thousands of times a game, in every simulated game too).
@lru_cache(maxsize=1024)
def character(ch: str) -> Ref:
    return Ref("character", ch)


@lru_cache(maxsize=256)
def location(loc: str) -> Ref:
    return Ref("location", loc)


@lru_cache(maxsize=256)
def the_location(loc: str) -> Text:
    return T("where.location", location=location(loc))


def target(rules: RuleBook, t: Any) -> Ref:
    """A character or a location, named bare ("Hospital", "Office Worker")."""
    return Ref("location", t) if rules.is_location(t) else Ref("character", t)


def where(rules: RuleBook, t: Any) -> Any:
    """A character or a location as the object of "on": "the Hospital", "Office Worker"."""
    return the_location(t) if rules.is_location(t) else Ref("character", t)


@lru_cache(maxsize=64)
def who(hand: str) -> Text:
    """Who placed a card: "The Mastermind" or "Protagonist N"."""
    if hand == "mastermind":
        return T("who.mastermind")
    return T("who.protagonist", n=int(hand[-1]))


@lru_cache(maxsize=64)
def side_short(hand: str) -> Text:
    """"Mastermind" or "Protagonist N" (the list of revealed cards)."""
    if hand == "mastermind":
        return T("side.mastermind")
    return T("who.protagonist", n=int(hand[-1]))


def rules_text_of_goodwill(ch: str, i: int) -> Text:
    return T(f"rules.character.{ch}.gw.{i}")


def rules_text_of_role_ability(role: str, i: int) -> Text:
    return T(f"rules.role.{role}.{i}")


def rules_text_of_plot_rule(plot: str, i: int) -> Text:
    return T(f"rules.plot.{plot}.{i}")


def rules_text_of_ability(ref: Any) -> Text | None:
    """The rules text of an ability named by an AbilityRef (refs.py), when it has one of its own."""
    if ref.kind == "goodwill":
        return rules_text_of_goodwill(ref.owner, ref.index)
    if ref.kind == "role" and ref.role is not None:
        return rules_text_of_role_ability(ref.role, ref.index)
    if ref.kind == "plot":
        return rules_text_of_plot_rule(ref.owner, ref.index)
    return None


def rules_text_of_goodwill_ability(gw: Any) -> Text | None:
    """The rules text of a Goodwill ability object of a loaded rule book (found by identity: asked
    only when an agent refuses it, to name it in the reader's language)."""
    from .rules import available_sets

    for sid in available_sets():
        for ch, c in load_rulebook(sid).characters.items():
            for i, g in enumerate(c.goodwill):
                if g is gw:
                    return rules_text_of_goodwill(ch, i)
    return None
