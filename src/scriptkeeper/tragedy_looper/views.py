"""Seat views: what one seat may know, built by copying only what it is allowed to see.

A Protagonist's view holds the public board, the public schedule, the seat's own hand(s), the
cards on the board (face down unless revealed, the seat's own shown to it), the events it may
see and what has been revealed. The script's secrets (plots, roles, culprits) enter only the
Mastermind's view, and everyone's once the game is over. Nothing is ever copied whole and then
pruned.

A view is JSON-ready: ids and numbers, and Texts (core/text.py) where words belong, with a names
table (`names`: kind -> id -> name) and the board's layout and counter kinds, so that a front end
draws everything from the view and holds no rule and no name of its own. `core.text.localize`
renders every Text of it in a seat's language (the server does before it sends a view; the
result is plain JSON); `core.text.to_json` encodes the Texts instead (`{"$text": id, ...}`).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..core.decision import Decision
from ..core.text import T, localize
from . import board as B
from .cards import available_cards
from .refs import HANDS, MASTERMIND, OBSERVER, PROTAGONIST_SEATS
from .rules import RuleBook
from .state import GameState
from .texts import names, renderer, rules_text_of_goodwill, script_title_text, special_rules_text


def own_hands(state: GameState, seat: str) -> list[str]:
    if seat == MASTERMIND:
        return [MASTERMIND]
    if seat not in PROTAGONIST_SEATS:
        return []
    return [h for h in PROTAGONIST_SEATS if state.hand_seat(h) == seat]


# The parts of a view that only depend on the rule book, made once per rule book (views share them
# and never change them). Keyed by the rule book object (held, so its id is not reused): a test or
# a custom set may play a set's id with another rule book.
_STATIC: dict[tuple[int, str, str], tuple[RuleBook, Any]] = {}


def _static(rules: RuleBook, part: str, key: str, make: Callable[[], Any]) -> Any:
    held = _STATIC.get((id(rules), part, key))
    if held is None or held[0] is not rules:
        held = _STATIC[(id(rules), part, key)] = (rules, make())
    return held[1]


def _card(rules: RuleBook, ch: str) -> dict[str, Any]:
    """What a character card says, the same all game."""
    return _static(rules, "card", ch, lambda: _make_card(rules, ch))


def _make_card(rules: RuleBook, ch: str) -> dict[str, Any]:
    data = rules.characters[ch]
    return {
        "paranoia_limit": data.paranoia_limit,
        "start": data.start,
        "forbidden": list(data.forbidden),
        "tags": list(data.tags),
        "goodwill_abilities": [
            {"goodwill": g.goodwill, "once_per_loop": g.once_per_loop, "text": rules_text_of_goodwill(ch, i)}
            for i, g in enumerate(data.goodwill)
        ],
        **({"rules_text": T(f"rules.character.{ch}")} if data.text else {}),
    }


def _character(state: GameState, ch: str) -> dict[str, Any]:
    c = state.board.chars[ch]
    out: dict[str, Any] = {
        "id": ch,
        "location": c.location,
        "alive": c.alive,
        "counters": dict(c.counters),  # the counters lying on the card (rules count them with board.count)
        **_card(state.rules, ch),
    }
    if ch in state.board.turf:
        out["turf"] = state.board.turf[ch]  # marked on the board for all to see
    if ch in state.revealed_roles:
        out["revealed_role"] = state.revealed_roles[ch]
    if ch in state.board.extra_cards:
        out["extra_card"] = True  # the card is on the board for all to see; what put it there is secret
    if state.board.tokens.get(ch):
        out["tokens"] = sorted(state.board.tokens[ch])
    statuses = sorted(st for st, who in state.board.statuses if who == ch)
    if statuses:
        out["statuses"] = statuses
    return out


def _card_on_board(p: Any, hands: list[str], see_all: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"by": p.by, "target": p.target}
    out["card"] = p.card if (p.revealed or see_all or p.by in hands) else None  # None: face down
    return out


def decision_view(d: Decision) -> dict[str, Any]:
    """The pending decision as its seat's view shows it (Texts kept as Texts: rendered at the edge)."""
    infos = d.option_info
    options = [_option_entry(o, d.label(i), infos[i]) for i, o in enumerate(d.options)]
    out: dict[str, Any] = {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "options": options}
    if d.info:
        out["info"] = dict(d.info)
    return out


# An option's entry, the same object whenever its value, label and info are the same objects (a
# card placement's are: cards.py makes them once), so front ends render it once. Entries are never
# changed; the objects they were made from are held, so their ids are not reused.
_ENTRIES: dict[tuple[int, int, int], tuple[Any, Any, Any, dict[str, Any]]] = {}
_ENTRIES_LIMIT = 50_000


def _option_entry(value: Any, label: Any, info: Any) -> dict[str, Any]:
    key = (id(value), id(label), id(info))
    held = _ENTRIES.get(key)
    if held is not None and held[0] is value and held[1] is label and held[2] is info:
        return held[3]
    entry: dict[str, Any] = {"value": value, "label": label}
    if info is not None:
        entry["info"] = info
    if len(_ENTRIES) >= _ENTRIES_LIMIT:
        _ENTRIES.clear()
    _ENTRIES[key] = (value, label, info, entry)
    return entry


def _seen(state: GameState, key: tuple[str, ...], keep: Any, make: Any) -> list[Any]:
    """What a seat sees of the events, kept on the state and grown as events are added (events are
    only ever appended during a game, so the list so far stays right)."""
    cache = state.view_cache
    held = cache.get(key)
    events = state.events
    if held is None or held[0] > len(events) or (held[0] and events[held[0] - 1] is not held[1]):
        held = (0, None, [])
    n, _, out = held
    out = out + [make(e) for e in events[n:] if keep(e)]
    cache[key] = (len(events), events[-1] if events else None, out)
    return list(out)


def seen_log(state: GameState, seat: str, over: bool) -> list[Any]:
    return _seen(state, ("log", seat, str(over)), lambda e: e.visible(seat, MASTERMIND, game_over=over), lambda e: e.text)


def seen_events(state: GameState, seat: str) -> list[Any]:
    return _seen(state, ("events", seat), lambda e: e.visible(seat, MASTERMIND), program_event)


# What a loop's summary lists: the events that tell something about the script (roles, culprits,
# subplots, refusals, the abilities used, what occurred, deaths, the loop's end and, for the seat
# that sees them, the reasons it was lost). Only those the seat may see enter it.
SUMMARY_EVENTS = frozenset({
    "reveal_role", "role_sharers", "role_lie", "reveal_culprit", "incident_culprit", "subplot_reveal",
    "goodwill_declared", "goodwill_borrowed", "goodwill_refused", "incident", "incident_effect", "resolves_as",
    "death", "protagonists_die", "protagonists_lose", "loss_reason", "loop_won", "loop_lost",
})


def loop_summaries(state: GameState, seat: str, over: bool) -> list[dict[str, Any]]:
    """Per loop, what `seat` learnt in it: the texts of the summary events it may see, whether the
    loop was lost (None while it runs), and where the loop and its days begin in the seat's log
    (`at`, `days`: [[day, at]...]), so that a page groups the log without reading it. Built from the
    events the seat may see, never from the state's secrets. The same object while nothing is added;
    when events are added, a new list in which only the loops they touch are new (a view's parts are
    never changed once made: renderers compare them)."""
    key = ("summary", seat, str(over))
    events = state.events
    held = state.view_cache.get(key)
    if held is not None and held[0] == len(events) and (not events or events[-1] is held[1]):
        return held[2]
    logged = _seen(state, ("logged", seat, str(over)), lambda e: e.visible(seat, MASTERMIND, game_over=over), lambda e: e)
    done, out = (held[3], held[2]) if held is not None and held[3] <= len(logged) else (0, [])
    if done < len(logged):
        out = list(out)
        if out:
            last = out[-1]
            out[-1] = {**last, "days": list(last["days"]), "lines": [t for t in last["lines"] if t is not _NOTHING]}
        for i in range(done, len(logged)):
            _summarize(out, i, logged[i])
        for s in out[-1:]:
            if not s["lines"]:
                s["lines"].append(_NOTHING)
    state.view_cache[key] = (len(events), events[-1] if events else None, out, len(logged))
    return out


_NOTHING = T("summary.nothing")


def _summarize(out: list[dict[str, Any]], i: int, e: Any) -> None:
    """Add the log's entry `i` (event `e`) to the loop summaries `out` (whose last entry is its own)."""
    if e.type == "loop_start":
        if out and not out[-1]["lines"]:
            out[-1]["lines"].append(_NOTHING)
        n = e.data["loop"]
        out.append({"loop": n, "title": T("summary.loop", loop=n), "lost": None, "at": i, "days": [], "lines": []})
    elif not out:
        return
    elif e.type == "day_start":
        out[-1]["days"].append([e.data["day"], i])
    elif e.type in SUMMARY_EVENTS:
        if e.type in ("loop_won", "loop_lost"):
            out[-1]["lost"] = e.type == "loop_lost"
        days = out[-1]["days"]
        out[-1]["lines"].append(T("summary.line", day=days[-1][0], what=e.text) if days else e.text)


def program_event(e: Any) -> dict[str, Any]:
    """An event as a view lists it for programs: its type, who sees it and its data (no words)."""
    return e.program_json()


def layout(state: GameState) -> dict[str, Any]:
    """The board's grid."""
    rules = state.rules
    return _static(rules, "layout", "", lambda: {"rows": [list(row) for row in rules.layout],
                                                   "locations": list(rules.locations)})


def counter_kinds(state: GameState) -> list[dict[str, Any]]:
    """How each counter kind is shown. In Another Horizon's Dark World incidents count Goodwill
    instead of Paranoia (Change of Heart): Goodwill is the counter shown against the limit."""
    rules = state.rules
    from .query import trigger_count_kind

    against = {k: trigger_count_kind(state, k) for k, c in rules.counters.items() if c.against_limit}
    return _static(rules, "counter_kinds", ",".join(against.values()), lambda: [
        {"id": k, "on": list(c.lies_on), "shown_when_zero": c.shown_when_zero, **({"limit": True} if k in against.values() else {})}
        for k, c in rules.counters.items()])


_ALIKE = "alike"  # state.view_cache's key of the parts every seat is shown alike, while views_alike holds


@contextmanager
def views_alike(state: GameState) -> Iterator[None]:
    """While it holds (the server pushing every seat one state), the parts of a view that every
    seat is shown alike (the characters, the schedule, the locations...) are built once and the
    same objects handed to each seat's view; the state must not change meanwhile. Outside it,
    every view is built whole (a test may change a state by hand between two views)."""
    state.view_cache[_ALIKE] = {}
    try:
        yield
    finally:
        state.view_cache.pop(_ALIKE, None)


def _alike(state: GameState, part: str, make: Callable[[], Any]) -> Any:
    memo = state.view_cache.get(_ALIKE)
    if memo is None:
        return make()
    held = memo.get(part)
    if held is None:
        held = memo[part] = make()
    return held


def build_view(state: GameState, seat: str, lang: str = "en") -> dict[str, Any]:
    """The structured view of `seat` (mastermind, protagonist1-3 or observer), as JSON."""
    if seat not in (MASTERMIND, OBSERVER, *PROTAGONIST_SEATS):
        raise ValueError(f"unknown seat {seat!r}")
    over = state.result is not None
    gm = seat == MASTERMIND or over
    hands = own_hands(state, seat)
    s = state.script
    board = state.board
    on_board = [ch for ch in s.cast if board.chars[ch].location is not None]
    view: dict[str, Any] = {
        "game": "tragedy_looper",
        "seat": seat,
        "set": s.set_id,
        "players": state.players,
        "loops": s.loops,
        "days": s.days,
        "loop": state.loop,
        "day": state.day,
        "phase": state.phase,
        "leader": f"protagonist{state.leader + 1}" if state.players == 4 else "protagonist1",
        "board": layout(state),
        "counter_kinds": _alike(state, "counter_kinds", lambda: counter_kinds(state)),
        "schedule": _alike(state, "schedule", lambda: [
            {"day": inc.day, "incident": inc.public_name or inc.incident, "occurred_this_loop": i in state.this_loop.occurred,
             **({"culprit": state.revealed_culprits[i]} if i in state.revealed_culprits else {})}
            for i, inc in enumerate(s.incidents)]),
        "special_rules": special_rules_text(s) if s.special_rules else "",
        "locations": _alike(state, "locations", lambda: {l: dict(v) for l, v in board.locations.items()}),
        **({"gauges": dict(board.gauges)} if board.gauges else {}),
        # Another Horizon: the world the public Extra Gauge puts the table in (the Warps of today
        # raise it only at the day's end, so an unannounced one never shows here).
        **({"world": w} if (w := B.world(state.rules, board)) else {}),
        "characters": _alike(state, "characters", lambda: [_character(state, ch) for ch in on_board]),
        "cards_on_board": [_card_on_board(p, hands, gm) for p in state.hands.placed],
        "hands": {h: sorted(available_cards(state, h)) for h in hands if h in HANDS},
        "set_aside": {k: sorted(v) for k, v in state.hands.set_aside.items()},
        "revealed_subplots": list(state.revealed_subplots),
        "loop_results": _alike(state, "loop_results", lambda: [{"loop": r.loop, "lost": r.lost} for r in state.loop_results]),
        "loop_summaries": loop_summaries(state, seat, over),  # what each loop revealed, as the seat saw it
        # The log: the events the seat may see (all of them once the game is over). The same events,
        # structured, for programs (deduction, agents): only those the seat may see during play,
        # never a Mastermind-only event, even once the game is over; their words are in the log,
        # programs read the type and the data.
        "log": seen_log(state, seat, over),
        "events": seen_events(state, seat),
        "outcome": outcome_json(state),
        "names": names(s.set_id, lang),
    }
    d = state.pending
    if d is not None:
        if d.seat == seat:
            view["decision"] = decision_view(d)
        else:
            # Only whose turn it is: the kind of a Mastermind question could give a role away.
            view["waiting_for"] = d.seat
    # Last Liar's Extra cards: a Protagonist sees its own during play (never the Mastermind's view,
    # never another seat's); everyone sees them all once the game is over.
    dealt = state.dealt_extra_cards
    shown = dict(dealt) if over else {h: dealt[h] for h in hands if h in dealt}
    if shown:
        view["extra_cards"] = shown
    if gm:
        view["script"] = s.to_dict()
        view["script_title"] = script_title_text(s)  # the script's data keeps the title as written
        view["loss_reasons"] = list(state.this_loop.loss_reasons)
        view["roles"] = {ch: s.cast[ch] for ch in s.cast}
        view["final_guess"] = dict(state.final_guess)
    if over and state.final_guess:
        from .query import script_role

        # The Final Guess against the truth, for everyone once the game is over.
        view["final_guess_table"] = [{"character": ch, "guessed": state.final_guess.get(ch), "role": script_role(state, ch),
                                      "right": state.final_guess.get(ch) == script_role(state, ch)} for ch in s.cast]
    if seat == MASTERMIND:
        # The answered decisions, so that a Mastermind agent can rebuild the game it knows whole.
        view["history"] = [dict(h) for h in state.history]
    return view


def outcome_json(state: GameState) -> dict[str, Any] | None:
    r = state.result
    if r is None:
        return None
    from .game import seat_results

    out: dict[str, Any] = {"winner": r.winner, "reason": r.reason, "loops_played": r.loops_played}
    if state.dealt_extra_cards:
        # Last Liar: who won and lost, seat by seat (a Traitor wins or loses alone), and the Traitors.
        seats = [MASTERMIND, *PROTAGONIST_SEATS]
        out["results"] = seat_results(state, seats)
        out["wins"] = T(f"wins.{r.winner}")
        out["traitors"] = list(r.traitors)
    return out


def localized(view: dict[str, Any], state: GameState, lang: str = "en") -> dict[str, Any]:
    """The view with every Text rendered in `lang` (what the page and the terminal show)."""
    return localize(view, renderer(state.script.set_id, lang))


def render_text(view: dict[str, Any]) -> str:
    """A plain-text rendering of a view (CLI, golden files, view-equality tests), drawn from the view's data."""
    n = view["names"]
    kinds = view["counter_kinds"]
    lines = [f"{n['set'][view['set']]} - loop {view['loop']}/{view['loops']}, day {view['day']}/{view['days']} - "
             f"phase {n['phase'].get(view['phase'], view['phase'])} - Leader {n['seat'].get(view['leader'], view['leader'])}"]

    def counters(c: dict[str, Any], on: str) -> str:
        return " ".join(f"{n['counter_short'][k['id']]}{c['counters'].get(k['id'], 0)}"
                        for k in kinds if on in k["on"] and (k["shown_when_zero"] or c["counters"].get(k["id"], 0)))

    for row in view["board"]["rows"]:
        for loc in row:
            if loc is None:
                continue
            here = [c for c in view["characters"] if c["location"] == loc]
            who = ", ".join(
                f"{n['character'][c['id']]}{'' if c['alive'] else ' (corpse)'} [{counters(c, 'character')}]"
                + (" Extra" if c.get("extra_card") else "")
                + (f" role: {n['role'][c['revealed_role']]}" if "revealed_role" in c else "")
                for c in here)
            lines.append(f"  {n['location'][loc]:9} {counters({'counters': view['locations'][loc]}, 'location')}: {who}")
    sched = ", ".join(f"day {s['day']}: {n['incident'][s['incident']]}" + (" (occurred)" if s["occurred_this_loop"] else "")
                      for s in view["schedule"])
    lines.append(f"  Incidents: {sched or 'none'}")
    if view.get("gauges"):
        lines.append("  " + ", ".join(f"{n['gauge'][g]}: {v}" for g, v in view["gauges"].items())
                     + (f" ({view['world']} world)" if view.get("world") else ""))
    for who, cards in view["hands"].items():
        lines.append(f"  Hand of {n['seat'][who]}: {', '.join(n['card'][c] for c in cards)}")
    if "script" in view:
        sc = view["script"]
        lines.append(f"  Script: {n['plot'][sc['main_plot']]} + {', '.join(n['plot'][p] for p in sc['subplots'])}; roles: "
                     + ", ".join(f"{n['character'][k]}={n['role'][v if isinstance(v, str) else v['role']]}" for k, v in sc["cast"].items()))
    return "\n".join(lines)
