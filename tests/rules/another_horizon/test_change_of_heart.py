"""Another Horizon's Change of Heart (seed 000): in the Dark World incidents count Goodwill instead of
Paranoia, Goodwill abilities count Paranoia instead of Goodwill, and nothing else is switched."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.engine import goodwill_options
from tests.helpers import event_types, start

from .ah import finish_day, rule_script

CAST = {"nurse": "person", "office_worker": "person", "pop_idol": "fragment", "boy_student": "person"}
LEFT_BEHIND_DAY_2 = {"day": 2, "incident": "left_behind", "culprit": "nurse"}


def _occurs(world_gauge: int, **counters: int) -> bool:
    g = start(rule_script(CAST, [LEFT_BEHIND_DAY_2]), {"day": 2, "phase": "incident", "gauges": {"extra": world_gauge},
                                                       "characters": {"nurse": counters}})
    return "incident" in event_types(g)


def test_in_the_dark_world_an_incident_counts_the_culprits_goodwill_instead_of_its_paranoia():
    """Seed 000, Change of Heart: when determining if an Incident triggers, Goodwill is counted instead of Paranoia."""
    assert _occurs(1, goodwill=3)
    assert not _occurs(1, paranoia=3)


def test_in_the_light_world_an_incident_counts_paranoia_as_usual():
    assert _occurs(0, paranoia=3) and not _occurs(0, goodwill=3)
    assert _occurs(2, paranoia=3)  # the Light World again at 2


def test_in_the_dark_world_goodwill_abilities_count_paranoia_instead_of_goodwill():
    """Seed 000, Change of Heart: when determining if a Goodwill ability can be used, Paranoia is counted instead of Goodwill."""
    def offered(gauge: int, **counters: int) -> bool:
        g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": gauge},
                                      "characters": {"office_worker": counters}})
        return any(r.key == "office_worker:gw:0" for r, _ in goodwill_options(g))
    assert offered(1, paranoia=3) and not offered(1, goodwill=3)
    assert offered(0, goodwill=3) and not offered(0, paranoia=3)


def test_change_of_heart_switches_nothing_else_the_fragment_reads_real_goodwill():
    """Seed 000, Change of Heart: only those two purposes; the Fragment always counts the Goodwill on it
    (a Dark World loop end with 2 Goodwill and no Paranoia on it: the Protagonists get Hope +1)."""
    g = start(rule_script(CAST, main="mother_goose_mystery"), {"day": 6, "phase": "day_end", "gauges": {"extra": 1},
                                                               "characters": {"pop_idol": {"goodwill": 2}, "nurse": {"dead": True}}})
    finish_day(g)
    assert g.loop == 2 and all("hope_plus_1" in g.hands.held[h] for h in ("protagonist1", "protagonist2", "protagonist3"))


def test_in_the_dark_world_the_views_show_goodwill_against_the_limit():
    """The board shows the counter incidents compare with the culprit's limit: Goodwill in the Dark World."""
    from scriptkeeper.tragedy_looper.views import build_view

    for gauge, shown in ((0, "paranoia"), (1, "goodwill")):
        g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": gauge}})
        kinds = build_view(g, "protagonist1")["counter_kinds"]
        assert [k["id"] for k in kinds if k.get("limit")] == [shown]
