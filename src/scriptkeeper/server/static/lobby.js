// The lobby: create a table, list tables, join a free seat, watch, come back to one's seat.
"use strict";

(function () {
  const $ = id => document.getElementById(id);

  async function loadScripts() {
    const scripts = await SK.api("GET", "/api/scripts");
    const sel = $("f-script");
    sel.replaceChildren(...scripts.map(s =>
      SK.el("option", {value: s.name}, `${s.name} (${s.set}, ${s.loops} loops x ${s.days} days)`)));
  }

  async function loadAgents() {
    const agents = await SK.api("GET", "/api/agents");
    const sel = $("f-agent");
    sel.replaceChildren(...agents.map(a =>
      SK.el("option", {value: a.name, selected: a.name === "rule", title: a.description}, `${a.name}: ${a.description}`)));
  }

  async function create(ev) {
    ev.preventDefault();
    $("create-error").textContent = "";
    const body = {
      name: $("f-name").value,
      players: Number($("f-players").value),
      table_talk: $("f-talk").checked,
      open_seats: $("f-open").checked,
      agents: {},
    };
    for (const cb of document.querySelectorAll("#f-agents input[type=checkbox]")) {
      if (cb.checked && (body.players === 4 || cb.dataset.seat === "protagonist1")) body.agents[cb.dataset.seat] = $("f-agent").value;
    }
    const source = document.querySelector("input[name=source]:checked").value;
    if (source === "file") {
      const f = $("f-file").files[0];
      if (!f) { $("create-error").textContent = "Choose a script file first."; return; }
      body.script_yaml = await f.text();
    } else {
      body.script = $("f-script").value;
    }
    try {
      const t = await SK.api("POST", "/api/tables", body);
      SK.remember(t.id, "mastermind", t.tokens.mastermind);
      location.href = `/t/${t.id}#seat=mastermind&token=${encodeURIComponent(t.tokens.mastermind)}`;
    } catch (e) {
      let msg = e.message;
      if (e.data && e.data.problems) msg += ": " + e.data.problems.map(p => `[${p.rule}] ${p.message}`).join("; ");
      $("create-error").textContent = msg;
    }
  }

  async function join(tableId, seat) {
    const name = prompt(`Your name at ${SK.seatName(seat)}?`, "") || "";
    try {
      const r = await SK.api("POST", `/api/tables/${tableId}/join`, {seat, name});
      SK.remember(tableId, seat, r.token);
      location.href = `/t/${tableId}#seat=${seat}&token=${encodeURIComponent(r.token)}`;
    } catch (e) {
      alert(e.message);
      refresh();
    }
  }

  function row(t) {
    const mine = SK.remembered(t.id);
    const seats = t.seats ? Object.entries(t.seats).map(([seat, s]) => {
      const who = s.controller !== "human" ? "AI" : (s.claimed ? (s.player_name || "taken") : "free");
      const canJoin = t.open_seats && !t.over && s.controller === "human" && !s.claimed && seat !== "mastermind";
      return SK.el("span", {class: "seat-chip" + (canJoin ? " free" : "")},
        `${SK.seatName(seat)}: ${who}`,
        canJoin ? SK.el("button", {class: "small", onclick: () => join(t.id, seat)}, "Join") : null);
    }) : [];
    const state = t.over ? "finished" : (t.waiting_for ? `waiting for ${SK.seatName(t.waiting_for)}` : "");
    const actions = [];
    if (mine) actions.push(SK.el("a", {class: "button", href: `/t/${t.id}#seat=${mine.seat}&token=${encodeURIComponent(mine.token)}`},
      `Back to my seat (${SK.seatName(mine.seat)})`));
    actions.push(SK.el("a", {class: "button secondary", href: `/t/${t.id}#seat=observer`}, "Watch"));
    return SK.el("tr", {"data-table": t.id},
      SK.el("td", {}, t.name || t.id),
      SK.el("td", {}, t.set || ""),
      SK.el("td", {}, t.loops ? `${t.loops} x ${t.days}` : ""),
      SK.el("td", {class: "seats"}, seats),
      SK.el("td", {}, state),
      SK.el("td", {}, actions));
  }

  async function refresh() {
    try {
      const tables = await SK.api("GET", "/api/tables");
      const body = $("tables-body");
      if (!tables.length) body.replaceChildren(SK.el("tr", {}, SK.el("td", {colspan: 6}, "No tables yet: create one.")));
      else body.replaceChildren(...tables.slice().reverse().map(row));
    } catch (e) { /* the server is restarting: try again soon */ }
  }

  $("create-form").addEventListener("submit", create);
  loadScripts();
  loadAgents();
  refresh();
  setInterval(refresh, 3000);
})();
