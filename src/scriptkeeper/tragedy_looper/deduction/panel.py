"""The deduction assistant's panel: what one Protagonist's view still allows, as data for a page.

`assistant(view)` deduces from `view` alone (a Protagonist's or the observer's: `observe` refuses
the Mastermind's) and returns JSON with Texts: a summary, for each character the roles still
possible (with their share of the consistent scripts) and the facts that ruled roles out, for each
scheduled incident the possible culprits. A set or rule the deduction does not model gives
`{"unsupported": Text}`. The facts are Texts (`deduction.fact.*`), worded in the seat's language
by the page's renderer like every other Text of the panel.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import UnmodelledRule
from ...core.text import Ref, T, Text, to_json
from . import deduce
from .model import ABSENT

WHY_LIMIT = 6  # facts shown per character


def _pct(n: int, total: int) -> Text:
    """A share of the scripts, written by the seat's renderer in its language ("<1%" for a few of many)."""
    share = n / total if total else 0.0
    if 0 < share < 0.01:
        return T("analysis.share.below", pct=T("assistant.percent", share=0.01))
    return T("assistant.percent", share=round(share, 2))


def _share(kind: str, ident: str, n: int, total: int) -> Text:
    name: Any = T("assistant.absent") if ident == ABSENT else Ref(kind, ident)
    return T("assistant.share", name=name, pct=T("assistant.certain") if n == total else _pct(n, total))


def assistant(view: dict[str, Any]) -> dict[str, Any]:
    try:
        d = deduce(view)
    except UnmodelledRule as exc:
        # The refusal as a Text (unmodelled.*), worded in the seat's language with the rest of the panel.
        return to_json({"unsupported": T("assistant.unsupported", what=exc.text if exc.text is not None else str(exc))})
    total = d.count
    obs = d.observation
    every = set(d.universe.rules.set.roles) | {ABSENT}
    why: dict[str, list[Text]] = {}
    for sv in d.results:  # the facts that narrow a character's roles, in any plot combination still possible
        for f in obs.facts:
            b = f.bind(sv.cx)
            if b is True or b is False:
                continue
            for a in b:
                named: set[str] = set()
                if a[0] == "R" and a[2] != sv.cx.domain(a[1]):
                    named.add(a[1])
                elif a[0] == "D":  # a condition over several characters: each it names
                    named.update(c for term in a[1] for c, _ in term)
                for c in named:
                    got = why.setdefault(c, [])
                    if f.text not in got:
                        got.append(f.text)
    chars = []
    for c in d.universe.chars:
        roles = sorted(((r, n) for r, n in d.roles.get(c, {}).items() if n), key=lambda kv: -kv[1])
        if not roles or (len(roles) == 1 and roles[0][0] == ABSENT):
            continue
        out = [r for r in every if not d.roles.get(c, {}).get(r)]
        chars.append({"name": Ref("character", c), "possible": [_share("role", r, n, total) for r, n in roles],
                      "ruled_out": [Ref("role", r) for r in sorted(out) if r != ABSENT],
                      "why": why.get(c, [])[:WHY_LIMIT]})
    incidents = []
    for i, s in enumerate(obs.schedule):
        cs = sorted(((c, n) for c, n in d.culprits.get(i, {}).items() if n), key=lambda kv: -kv[1])
        incidents.append({"name": T("sheet.schedule_line", day=s["day"], incident=Ref("incident", s["incident"])),
                          "possible": [_share("character", c, n, total) for c, n in cs]})
    return to_json({"summary": T("assistant.summary", count=T("assistant.count", value=total), facts=len(obs.facts)),
                    "characters_title": T("assistant.characters"), "incidents_title": T("assistant.incidents"),
                    "characters": chars, "incidents": incidents})
