// The lobby: create a table of any game the server plays, list tables, join a free seat, watch,
// come back to one's seat. Games, their seats, scripts and agents come from the server
// (/api/games, /api/scripts?game=, with names already in words).
"use strict";

(function () {
  const $ = id => document.getElementById(id);
  const lobby = {games: [], game: null};
  const t = SK.t;

  async function loadGames() {
    lobby.games = await SK.api("GET", "/api/games");
    $("f-game").replaceChildren(...lobby.games.map(g => SK.el("option", {value: g.id}, g.title)));
    $("f-game").addEventListener("change", () => chooseGame($("f-game").value));
    await chooseGame(lobby.games[0].id);
  }

  async function chooseGame(id) {
    const g = lobby.game = lobby.games.find(x => x.id === id);
    $("f-players").replaceChildren(...g.seatings.map((s, i) => SK.el("option", {value: String(i)},
      `${s.seats.length} (${s.seats.map(x => SK.seatName(g.seat_names, x)).join(t("page.list_separator"))})`)));
    $("f-players").onchange = renderAgentSeats;
    const gm = SK.seatName(g.seat_names, g.gm_seat);
    $("m-gm").textContent = t("page.lobby.mode_gm", {gm});
    $("m-seat").textContent = t("page.lobby.mode_seat", {gm});
    $("f-agent").replaceChildren(...g.agents.map(a =>
      SK.el("option", {value: a.name, selected: a.name === g.default_agent, title: a.description}, `${a.label || a.name}: ${a.description}`)));
    renderAgentSeats();
    const scripts = await SK.api("GET", `/api/scripts?game=${encodeURIComponent(id)}`);
    $("f-script").replaceChildren(...scripts.map(s => SK.el("option", {value: s.name}, `${s.name} (${SK.facts(s.public)})`)));
  }

  function seating() {
    return lobby.game.seatings[Number($("f-players").value) || 0];
  }

  function mode() {
    return document.querySelector("input[name=mode]:checked").value;
  }

  function players() {
    return seating().seats.filter(s => s !== lobby.game.gm_seat);
  }

  function renderAgentSeats() {
    // The game master's creator: one box per other seat. Playing against the AI: how many seats are human.
    const g = lobby.game, m = mode(), others = players();
    $("f-agents").hidden = m !== "gm";
    $("f-humans-label").hidden = m !== "seat";
    $("f-secret-hint").hidden = m === "gm";
    const keep = $("f-humans").value;
    $("f-humans").replaceChildren(...others.map((s, i) => SK.el("option", {value: String(i + 1)},
      `${i + 1}: ` + others.map((x, k) => `${SK.seatName(g.seat_names, x)} ${t(k === 0 ? "page.lobby.you" : k <= i ? "page.lobby.another_player" : "page.lobby.ai")}`).join(t("page.list_separator")))));
    if (keep && Number(keep) <= others.length) $("f-humans").value = keep;
    $("f-agents").replaceChildren(...others.map(s =>
      SK.el("label", {}, SK.el("input", {type: "checkbox", "data-seat": s}), " " + t("page.lobby.played_by_ai", {seat: SK.seatName(g.seat_names, s)}))));
  }

  async function create(ev) {
    ev.preventDefault();
    $("create-error").textContent = "";
    const g = lobby.game;
    const body = {
      game: g.id,
      name: $("f-name").value,
      options: seating().options,
      table_talk: $("f-talk").checked,
      open_seats: $("f-open").checked,
      agents: {},
    };
    const m = mode(), others = players(), ai = $("f-agent").value;
    if (m === "gm") {
      for (const cb of document.querySelectorAll("#f-agents input[type=checkbox]")) {
        if (cb.checked) body.agents[cb.dataset.seat] = ai;
      }
    } else {
      // Against the AI game master, or watching: the creator never holds the game master's seat.
      const humans = m === "seat" ? Number($("f-humans").value) || 1 : 0;
      body.agents[g.gm_seat] = ai;
      others.forEach((s, i) => { if (i >= humans) body.agents[s] = ai; });
      body.creator = m === "seat" ? [others[0]] : [];
    }
    const source = document.querySelector("input[name=source]:checked").value;
    if (source === "file") {
      const f = $("f-file").files[0];
      if (!f) { $("create-error").textContent = t("page.lobby.choose_file"); return; }
      body.script_yaml = await f.text();
    } else {
      body.script = $("f-script").value;
    }
    try {
      const tb = await SK.api("POST", "/api/tables", body);
      SK.own(tb.id, tb.owner_token);
      const mine = (body.creator || [tb.gm_seat])[0];
      if (!mine) { location.href = `/t/${tb.id}#watch`; return; }
      SK.remember(tb.id, mine, tb.tokens[mine]);
      location.href = `/t/${tb.id}#seat=${encodeURIComponent(mine)}&token=${encodeURIComponent(tb.tokens[mine])}`;
    } catch (e) {
      let msg = e.message;
      if (e.data && e.data.problems) msg += ": " + e.data.problems.map(p => `[${p.rule}] ${p.message}`).join("; ");
      $("create-error").textContent = msg;
    }
  }

  async function join(tb, seat) {
    const name = prompt(t("page.lobby.your_name", {seat: SK.seatName(tb.seat_names, seat)}), "") || "";
    try {
      const r = await SK.api("POST", `/api/tables/${tb.id}/join`, {seat, name});
      SK.remember(tb.id, seat, r.token);
      location.href = `/t/${tb.id}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(r.token)}`;
    } catch (e) {
      alert(e.message);
      refresh();
    }
  }

  function row(tb) {
    const mine = SK.remembered(tb.id);
    const seatName = s => SK.seatName(tb.seat_names, s);
    const seats = tb.seats ? Object.entries(tb.seats).map(([seat, s]) => {
      const who = s.controller !== "human" ? t("page.lobby.ai_seat") : (s.claimed ? (s.player_name || t("page.seats.taken")) : t("page.seats.free"));
      const canJoin = tb.open_seats && !tb.over && s.controller === "human" && !s.claimed && seat !== tb.gm_seat;
      return SK.el("span", {class: "seat-chip" + (canJoin ? " free" : "")},
        `${seatName(seat)}: ${who}`,
        canJoin ? SK.el("button", {class: "small", onclick: () => join(tb, seat)}, t("page.lobby.join")) : null);
    }) : [];
    const state = tb.over ? (tb.outcome ? t("page.lobby.finished_with", {headline: tb.outcome.headline}) : t("page.lobby.finished"))
      : (tb.waiting_for ? t("page.lobby.playing", {seat: seatName(tb.waiting_for)}) : "");
    const actions = [];
    if (mine) actions.push(SK.el("a", {class: "button", href: `/t/${tb.id}#seat=${encodeURIComponent(mine.seat)}&token=${encodeURIComponent(mine.token)}`},
      t("page.lobby.back_to_seat", {seat: seatName(mine.seat)})));
    actions.push(SK.el("a", {class: "button secondary", href: `/t/${tb.id}#watch`}, t(tb.over ? "page.lobby.replay" : "page.lobby.watch")));
    const owner = SK.owned(tb.id);
    if (owner) actions.push(SK.el("button", {class: "small secondary delete", "data-delete": tb.id, onclick: async () => {
      if (!confirm(t("page.lobby.delete_confirm", {table: tb.name || tb.id}))) return;
      try { await SK.api("DELETE", `/api/tables/${tb.id}`, undefined, owner); SK.own(tb.id, null); } catch (e) { alert(e.message); }
      refresh();
    }}, t("page.lobby.delete")));
    return SK.el("tr", {"data-table": tb.id},
      SK.el("td", {}, tb.name || tb.id, tb.created ? SK.el("div", {class: "hint"}, tb.created) : null),
      SK.el("td", {}, tb.game_title || tb.game || ""),
      SK.el("td", {}, SK.facts(tb.public)),
      SK.el("td", {class: "seats"}, seats),
      SK.el("td", {}, state),
      SK.el("td", {}, actions));
  }

  async function refresh() {
    try {
      const tables = await SK.api("GET", "/api/tables");
      const body = $("tables-body");
      if (!tables.length) body.replaceChildren(SK.el("tr", {}, SK.el("td", {colspan: 6}, t("page.lobby.no_tables"))));
      else body.replaceChildren(...tables.slice().reverse().map(row));
    } catch (e) { /* the server is restarting: try again soon */ }
  }

  $("create-form").addEventListener("submit", create);
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", renderAgentSeats);
  SK.ready().then(() => {
    loadGames();
    refresh();
    setInterval(refresh, 3000);
  });
})();
