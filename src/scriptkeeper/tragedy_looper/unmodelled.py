"""What the deduction and the agents refuse to reason about, as Texts (`unmodelled.*`).

An UnmodelledRule names who refuses (`unmodelled.who.*`), what it met (`unmodelled.what.*`: a
rules word of some kind, a character, a step of an incident...) and why (`unmodelled.why.*`), each
a Text whose parameters are the rules' ids quoted as written (`'boy_student'`): a front end words
the refusal in its reader's language, the exception's `str()` is its English (tests and logs
match it). `refuse` makes one; `kind` words a kind of rules word the deduction's scope declares.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import UnmodelledRule
from ..core.text import T, Text

DEDUCTION = T("unmodelled.who.deduction")
AGENTS = T("unmodelled.who.agents")
BOARD_REPLAY = T("unmodelled.who.board_replay")


def english(text: Text) -> str:
    """A refusal's English (its str()): Tragedy Looper's English catalog holds the core's messages too."""
    from .texts import renderer

    return renderer("basic_tragedy", "en")(text)


def refuse(who: Text, what: Text, detail: Text | None = None) -> UnmodelledRule:
    return UnmodelledRule(who, what, detail, english=english)


def q(value: Any) -> str:
    """An id or a value of the rules data, quoted as written (never translated)."""
    return repr(value)


def kind(name: str) -> Text:
    """A kind of rules word ("character trait", "incident step field"): `unmodelled.kind.<slug>`."""
    return T("unmodelled.kind." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_"))


def ids(words: Any) -> str:
    """A list of ids, as written, joined (the words a scope declares)."""
    return ", ".join(str(w) for w in words)
