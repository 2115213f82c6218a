"""The page makes no name from an id (issue 11, part 5): every id a Tragedy Looper view gives the
page to show has its name in that view's names table. Checked along random games of every
shipped script, for the Mastermind's view (which holds the script) and a Protagonist's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from scriptkeeper.agents.random_agent import RandomAgent
from scriptkeeper.core import registry
from scriptkeeper.core.text import Ref, Text
from scriptkeeper.server.render import ViewRenderer
from scriptkeeper.server.service import APPENDING, dumps

GAME = registry.get("tragedy_looper")
SCRIPTS = sorted(GAME.shipped_setups())


def shown_ids(view: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(kind, id) of everything table.js names with view.names."""
    locations = set(view["board"]["locations"])

    def target(t: Any) -> tuple[str, Any]:
        return ("location", t) if t in locations else ("character", t)

    for row in view["board"]["rows"]:
        yield from (("location", loc) for loc in row if loc is not None)
    for k in view["counter_kinds"]:
        yield "counter", k["id"]
        yield "counter_short", k["id"]
    yield "phase", view["phase"]
    yield "seat", view["leader"]
    for c in view["characters"]:
        yield "character", c["id"]
        yield from (("tag", t) for t in c["tags"])
        yield from (("location", loc) for loc in c["forbidden"])
        yield from (("token", t) for t in c.get("tokens", ()))
        if "turf" in c:
            yield "location", c["turf"]
        if "revealed_role" in c:
            yield "role", c["revealed_role"]
    for card in view["cards_on_board"]:
        yield "seat", card["by"]
        yield target(card["target"])
        if card["card"]:
            yield "card", card["card"]
    for hands in (view["hands"], view["set_aside"]):
        for who, cards in hands.items():
            yield "seat", who
            yield from (("card", c) for c in cards)
    for s in view["schedule"]:
        yield "incident", s["incident"]
        if "culprit" in s:
            yield "character", s["culprit"]
    if "script" in view:
        sc = view["script"]
        yield "set", sc["set"]
        yield from (("plot", p) for p in (sc["main_plot"], *sc["subplots"]))
        for ch, r in sc["cast"].items():
            yield "character", ch
            yield "role", r if isinstance(r, str) else r["role"]
        for i in sc["incidents"]:
            yield "incident", i["incident"]
            yield "character", i["culprit"]


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_id_a_view_shows_has_a_name_in_its_names_table(script: str) -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()[script]), Path("."))
    state = GAME.new_game(setup, 5, {})
    agent = RandomAgent(5)
    checked = 0
    while True:
        d = GAME.pending(state)
        if checked % 4 == 0 or d is None:
            for seat in ("mastermind", "protagonist1"):
                view = GAME.view(state, seat)
                missing = {(kind, i) for kind, i in shown_ids(view) if str(i) not in view["names"].get(kind, {})}
                assert not missing, f"{script}, decision {checked}, {seat}: no name for {sorted(missing)}"
        if d is None:
            break
        GAME.apply(state, agent.choose({}, d), seat=d.seat)
        checked += 1
    assert checked > 10


STATIC = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper" / "server" / "static"


def test_the_page_holds_no_name_or_id_of_the_rules() -> None:
    """No location, counter, card, role, character, plot, incident, tag or token of any Tragedy Set
    in the page's files, by id or by name; a view's field read as data (`g.goodwill`) is no name."""
    words: set[str] = set()
    for set_id in ("basic_tragedy", "first_steps", "midnight_zone"):
        names = GAME.renderer(None, set_id=set_id).names  # type: ignore[call-arg]
        for kind in ("location", "card", "role", "counter", "character", "plot", "incident", "tag", "token"):
            for ident, name in names.get(kind, {}).items():
                words.update(w for w in (ident, name) if len(w) > 3)
    found = []
    for f in sorted(STATIC.glob("*.*")):
        text = f.read_text(encoding="utf-8")
        for w in sorted(words):
            # a property access (`.goodwill`) or part of a longer field name is data, not a name
            if re.search(r"(?<![.\w])" + re.escape(w) + r"(?!\w)", text, re.IGNORECASE):
                found.append(f"{f.name}: {w}")
    assert len(words) > 100
    assert not found, found


def unrendered(value: Any, path: str = "view") -> Iterator[str]:
    """Where a rendered view still holds a Text or Ref (object or JSON form)."""
    if isinstance(value, (Text, Ref)):
        yield path
    elif isinstance(value, dict):
        if "$text" in value or "$ref" in value:
            yield path
        for k, v in value.items():
            yield from unrendered(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from unrendered(v, f"{path}[{i}]")


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_text_of_every_seats_view_reaches_the_page_as_words(script: str) -> None:
    """The server renders every Text of a view (loss reasons, a decision's step words, the log...)
    before it leaves: along a random game, each seat's rendered view holds only words, and the
    server's writer takes it (it refuses a Text left as an object). The deciding seat's view is
    checked at every decision (its question's words are its alone), every seat's at every fourth
    decision and at the end (the log keeps every event's words, so none is missed between)."""
    setup = GAME.load_setup(str(GAME.shipped_setups()[script]), Path("."))
    state = GAME.new_game(setup, 7, {})
    render = ViewRenderer(GAME.renderer(state))
    agent = RandomAgent(7)
    seats = (*GAME.seats(setup, {}), GAME.observer_seat)
    decided = 0
    while True:
        d = GAME.pending(state)
        for seat in seats if decided % 4 == 0 or d is None else (d.seat,):
            out = render.view(seat, GAME.view(state, seat), APPENDING)
            where = list(unrendered(out))
            assert not where, f"{script}, {seat}: unrendered at {where[:5]}"
            dumps(out)
        if d is None:
            break
        GAME.apply(state, agent.choose({}, d), seat=d.seat)
        decided += 1
