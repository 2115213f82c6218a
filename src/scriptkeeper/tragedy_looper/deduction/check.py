"""Soundness check: does a known script satisfy every fact a seat derived? (tests, debugging)."""

from __future__ import annotations

from ..script import Script
from ..texts import renderer
from .context import Cx
from .model import ABSENT, combos
from .observe import Observation


def violations(obs: Observation, script: Script) -> list[str]:
    """Every fact of `obs` the true `script` breaks (an empty list when the deduction is sound here)."""
    u = obs.universe
    combo = next((c for c in combos(u.rules) if c.main == script.main_plot and set(c.subs) == set(script.subplots)), None)
    if combo is None:
        return [f"no plot combination {script.main_plot} + {script.subplots}"]
    cx = Cx(u, combo)
    roles = {c: script.cast.get(c, ABSENT) for c in u.script_chars}
    culprits = {i: inc.culprit for i, inc in enumerate(script.incidents)}
    out = []
    say = renderer(u.set_id)  # a developer's check: the facts in English
    for c in script.cast:
        if c not in roles and c not in u.stand_in and not (u.rules.characters[c].has_trait("never_in_a_script")):
            out.append(f"{c} is in the cast but not among the characters the seat knows of")
    for c in u.script_chars:
        if roles[c] not in cx.script_domain(c):
            out.append(f"script-creation rules exclude {c} = {roles[c]}")
    for f in obs.facts:
        r = cx.to_script(f.bind(cx))
        if r is True:
            continue
        if r is False:
            out.append(f"[{f.kind}] {say(f.text)}: rules out the true plots")
            continue
        for a in r:
            if a[0] == "R" and roles[a[1]] not in a[2]:
                out.append(f"[{f.kind}] {say(f.text)}: excludes {a[1]} = {roles[a[1]]}")
            elif a[0] == "C" and culprits[a[1]] not in a[2]:
                out.append(f"[{f.kind}] {say(f.text)}: excludes culprit {culprits[a[1]]} of incident #{a[1] + 1}")
            elif a[0] == "D" and not any(all(roles[c] in s for c, s in t) for t in a[1]):
                out.append(f"[{f.kind}] {say(f.text)}: its condition fails for the true roles")
            elif a[0] == "J" and not a[3](tuple(roles[c] for c in a[1]), tuple(culprits[i] for i in a[2])):
                out.append(f"[{f.kind}] {say(f.text)}: its joint condition fails")
    return out
