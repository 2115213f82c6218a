"""Another Horizon at a server table (issue 17): an agent that does not play the set is refused when
the table is made, in words, rather than stalling at its first decision; a table of people (or the
random agent) plays, and each seat's view says the Extra Gauge and the world."""

from __future__ import annotations

from typing import Any

from .conftest import auth

SCRIPT = "another_horizon/through_the_twin_mirrors"


def test_the_rule_agent_is_refused_at_an_another_horizon_table(client: Any) -> None:
    r = client.post("/api/tables", json={"script": SCRIPT, "agents": {"protagonist2": "rule"}})
    assert r.status_code == 422 and "does not play Another Horizon" in r.text and "secret Warps" in r.text
    assert r.json()["code"] == "table.refusal.agent_set"
    # In the creator's language, the set's name and what the agents do not model included.
    ru = client.post("/api/tables", json={"script": SCRIPT, "agents": {"protagonist2": "rule"}}, headers={"Accept-Language": "ru"})
    assert ru.status_code == 422 and "Иной горизонт" in ru.json()["error"] and "Сдвиги" in ru.json()["error"]


def test_a_table_of_people_and_random_agents_shows_the_gauge_and_the_world(client: Any) -> None:
    t = client.post("/api/tables", json={"script": SCRIPT, "agents": {"protagonist3": "random"}}).json()
    view = client.get(f"/api/tables/{t['id']}/seats/protagonist1/view", headers=auth(t["tokens"]["protagonist1"])).json()["view"]
    assert view["gauges"] == {"extra": 0} and view["world"] == "light" and view["set"] == "another_horizon"
    assert all(e["type"] != "warp" for e in view["events"])


def test_the_hint_says_the_ai_does_not_model_another_horizon(client: Any) -> None:
    t = client.post("/api/tables", json={"script": SCRIPT}).json()
    r = client.get(f"/api/tables/{t['id']}/seats/mastermind/hint", headers=auth(t["tokens"]["mastermind"]))
    assert r.status_code == 422 and "does not model the Tragedy Set 'another_horizon'" in r.text
    # In the seat's language (unmodelled.*, issue 19): who refuses and why in Korean, the set's id as written.
    ko = client.get(f"/api/tables/{t['id']}/seats/mastermind/hint", headers={**auth(t["tokens"]["mastermind"]), "Accept-Language": "ko"})
    assert ko.status_code == 422 and ko.json()["code"] == "unmodelled.refusal_detail"
    assert "'another_horizon'" in ko.json()["error"] and "에이전트" in ko.json()["error"] and "does not model" not in ko.json()["error"]
