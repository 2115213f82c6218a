from scriptkeeper.core.events import GM
"""The incident phase (seed 002 phase 4; seed 004 phase 5 and "Incidents"; rules-notes section 4).

A scheduled incident occurs only when its culprit is alive and has at least its Paranoia limit
in Paranoia. When it occurs the Mastermind announces it even if its effect changes nothing (seed
004: a Murder whose culprit is alone); the culprit is not told.
"""

from tests.helpers import make_script, pending, render, start, texts


def _incident_day(culprit_spec: dict, incident: str = "murder", culprit: str = "office_worker", **sit):
    script = make_script(incidents=[{"day": 2, "incident": incident, "culprit": culprit}])
    return start(script, {"phase": "incident", "day": 2, "characters": {culprit: culprit_spec, **sit.get("characters", {})}})


def _types(g) -> list[str]:
    return [e.type for e in g.events]


def test_incident_does_not_occur_below_the_paranoia_limit():
    """Seed 002 phase 4: the culprit needs Paranoia at its limit (Office Worker: 2)."""
    g = _incident_day({"paranoia": 1})
    assert "incident" not in _types(g) and "incident_none" in _types(g)
    assert g.chars["police_officer"].alive
    assert pending(g).kind == "day_end_ability"


def test_incident_occurs_at_the_paranoia_limit():
    """Seed 004 'Incidents': it occurs when the culprit's Paranoia is not below its limit."""
    g = _incident_day({"paranoia": 2})
    assert "Incident! Murder occurs." in texts(g)
    assert not g.chars["police_officer"].alive  # the only other character in the City


def test_incident_occurs_above_the_paranoia_limit():
    """Seed 004: 'greater than or equal to' the limit."""
    g = _incident_day({"paranoia": 5})
    assert "incident" in _types(g)


def test_incident_of_a_dead_culprit_does_not_occur():
    """Seed 002 phase 4: the culprit must be alive."""
    g = _incident_day({"paranoia": 2, "dead": True})
    assert "incident" not in _types(g)
    assert g.chars["police_officer"].alive


def test_incident_is_announced_even_when_it_has_no_effect():
    """Seed 004: a Murder whose culprit is alone still occurs and is announced."""
    g = _incident_day({"paranoia": 2}, characters={"police_officer": {"at": "hospital"}})
    assert "Incident! Murder occurs." in texts(g)
    assert all(c.alive for c in g.chars.values())
    assert g.occurred == [0]


def test_incident_culprit_is_told_only_to_the_mastermind():
    """Seed 002 phase 4: the cause and the culprit of an incident are not told."""
    g = _incident_day({"paranoia": 2})
    culprit_events = [e for e in g.events if e.type == "incident_culprit"]
    assert culprit_events and all(e.visible_to == GM for e in culprit_events)
    public = [e for e in g.events if e.visible_to == "public"]
    assert not any("Office Worker" in render(g, e.text) for e in public)


def test_incident_only_on_its_scheduled_day():
    """Seed 004 'Incidents': the public schedule says on which day each incident may occur."""
    script = make_script(incidents=[{"day": 3, "incident": "murder", "culprit": "office_worker"}])
    g = start(script, {"phase": "incident", "day": 2, "characters": {"office_worker": {"paranoia": 2}}})
    assert "incident" not in _types(g) and "incident_none" not in _types(g)
    assert g.chars["police_officer"].alive


def test_incident_of_a_culprit_off_the_board_does_not_occur():
    """Seed 002 phase 4: the culprit must be alive in the game; the Godly Being before its loop is not."""
    script = make_script(cast={**make_script().cast, "godly_being": {"role": "person", "enters_loop": 2}},
                         incidents=[{"day": 2, "incident": "suicide", "culprit": "godly_being"}])
    g = start(script, {"phase": "incident", "day": 2, "characters": {"godly_being": {"paranoia": 3}}})
    assert g.chars["godly_being"].location is None
    assert "incident" not in _types(g) and "incident_none" in _types(g)
    g2 = start(script, {"phase": "incident", "day": 2, "loop": 2, "characters": {"godly_being": {"paranoia": 3}}})
    assert "Incident! Suicide occurs." in texts(g2) and not g2.chars["godly_being"].alive
