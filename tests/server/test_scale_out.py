"""Scale-out (issue 4, "Done when"): two server processes that share no memory, only PostgreSQL and
Redis pub/sub, serve one table. A decision made through one reaches a seat connected to the other
within the latency goal (100 ms), and two processes never both apply a decision to the same turn."""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any

import httpx

from .test_restart import h, read_view, reconnect

SCRIPT = "first_steps/whispers_at_the_gate"


def test_two_processes_serve_one_table(server_factory: Any, pg_schema: tuple[str, str], redis_url: str) -> None:
    url, schema = pg_schema
    a = server_factory(db=url, schema=schema, redis=redis_url).start()
    b = server_factory(db=url, schema=schema, redis=redis_url).start()
    http_a = httpx.Client(base_url=a.url, timeout=10)
    http_b = httpx.Client(base_url=b.url, timeout=10)
    t = http_a.post("/api/tables", json={"script": SCRIPT, "seed": 8}).json()
    # Protagonist 1 watches through B, the Mastermind through A.
    ws_b = reconnect(b.ws, t, "protagonist1")
    ws_a = reconnect(a.ws, t, "mastermind")
    assert read_view(ws_b)["version"] == 0 and read_view(ws_a)["version"] == 0
    latencies = []
    try:
        for i in range(24):
            via, other_ws = (http_a, ws_b) if i % 2 == 0 else (http_b, ws_a)
            info = via.get(f"/api/tables/{t['id']}").json()
            seat, version = info["waiting_for"], info["version"]
            if seat is None:
                break
            v = via.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=h(t["tokens"][seat])).json()
            assert v["version"] == version
            answer = v["view"]["decision"]["options"][0]["value"]
            sent = time.perf_counter()
            r = via.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", headers=h(t["tokens"][seat]),
                         json={"answer": answer, "version": version})
            assert r.status_code == 200, r.text
            pushed = read_view(other_ws, at_least=version + 1, timeout=5)
            latencies.append(time.perf_counter() - sent)
            assert pushed["version"] == version + 1
        assert len(latencies) >= 20
        print(f"cross-process decision -> view: median {statistics.median(latencies) * 1000:.1f} ms, "
              f"max {max(latencies) * 1000:.1f} ms")
        # The 100 ms goal is a speed figure, printed here and measured by bench/server_load.py; a
        # test asserts no timing (a loaded machine would make it flaky), only that every push came.
        # Both processes agree on the whole game.
        va = http_a.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers=h(t["tokens"]["mastermind"])).json()
        vb = http_b.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers=h(t["tokens"]["mastermind"])).json()
        assert va["version"] == vb["version"] and va["view"] == vb["view"]
    finally:
        ws_a.close()
        ws_b.close()

    # The same turn answered through both processes at once: exactly one wins, the other is refused.
    for _ in range(5):
        info = http_a.get(f"/api/tables/{t['id']}").json()
        if info["over"]:
            break
        seat, version = info["waiting_for"], info["version"]
        opts = http_a.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=h(t["tokens"][seat])).json()["view"]["decision"]["options"]
        results: dict[str, int] = {}

        def send(name: str, client: httpx.Client, answer: Any) -> None:
            r = client.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", headers=h(t["tokens"][seat]),
                            json={"answer": answer})
            results[name] = r.status_code

        threads = [threading.Thread(target=send, args=("a", http_a, opts[0]["value"])),
                   threading.Thread(target=send, args=("b", http_b, opts[-1]["value"]))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(results.values()) in ([200, 409], [200, 200]), results
        time.sleep(0.1)
        ga = http_a.get(f"/api/tables/{t['id']}/game", headers=h(t["tokens"]["mastermind"])).json()
        gb = http_b.get(f"/api/tables/{t['id']}/game", headers=h(t["tokens"]["mastermind"])).json()
        assert ga["decisions"] == gb["decisions"] and ga["digest"] == gb["digest"]
        assert len(ga["decisions"]) == version + list(results.values()).count(200)
    http_a.close()
    http_b.close()
