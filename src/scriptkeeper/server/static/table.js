// The table page: renders the seat's view (pushed over a WebSocket) and sends the seat's decisions.
// It only ever shows what the server sent for this seat; it holds no rules and no secrets, and no
// name of a game's things: the board's grid comes from view.board, the counters from
// view.counter_kinds, every name from view.names, every sentence (prompts, labels, the log)
// arrives rendered. Two-step choices come from the options' info (group, member, board_target).
"use strict";

(function () {
  const $ = id => document.getElementById(id);
  const el = SK.el;
  const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz".split("");
  // The table page also serves as the Storyteller's grimoire page (/g/<table>), with the grimoire shown.
  const GRIMOIRE_PAGE = location.pathname.startsWith("/g/");
  const t = SK.t;  // the page's words in the reader's language (server/texts/en.yaml and its translations)
  const tableId = decodeURIComponent(location.pathname.split("/").pop());

  // ------------------------------------------------------------------ who am I
  const frag = new URLSearchParams(location.hash.slice(1));
  let seat = frag.get("seat");
  let token = frag.get("token");
  if (!seat && !frag.has("watch")) {  // #watch: watch even at a table where this browser holds a seat
    const mine = SK.remembered(tableId);
    if (mine) { seat = mine.seat; token = mine.token; }
  }
  if (seat && token) SK.remember(tableId, seat, token);
  // No seat: the server seats this page as the game's observer (the first view says which seat).

  const st = {
    view: null, info: null, version: -1, chat: [], ws: null, retry: 500, msgId: 0,
    held: null,       // the live view and info as the server last sent them (pushes patch it)
    group: null,      // a two-step decision: the chosen group (step 2 shows its members)
    buttons: [],      // the option buttons currently bound to keys
    admin: null,
    agents: null,     // the agent names for the game master's seat menus (/api/agents)
    decisionShown: null,  // the version whose decision the panel shows
  };

  // ------------------------------------------------------------------ names (all from the view)
  function name(kind, id) {
    const table = st.view && st.view.names && st.view.names[kind];
    return table && table[id] !== undefined ? table[id] : String(id);
  }
  function seatName(s) {
    return SK.seatName(st.info && st.info.seat_names, s);
  }
  function targetName(t) {
    const n = st.view.names || {};
    if (n.location && n.location[t] !== undefined) return n.location[t];
    return name("character", t);
  }
  const agentLabel = a => (st.agentLabels && st.agentLabels[a]) || a;  // the agent's name in words (/api/agents)
  const isGm = s => st.info && s === st.info.gm_seat;
  const isObserver = s => st.info && s === st.info.observer_seat;

  // ------------------------------------------------------------------ connection
  // An invitation link: claim the seat first, so that the link (which the game master holds too)
  // stops opening it; the page goes on with the seat's own new token.
  async function claim() {
    if (!seat || !token || frag.has("watch")) return;
    try {
      const r = await SK.api("POST", `/api/tables/${tableId}/seats/${encodeURIComponent(seat)}/claim`, {}, token);
      if (r && r.token && r.token !== token) {
        token = r.token;
        SK.remember(tableId, seat, token);
        history.replaceState(null, "", `#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`);
      }
    } catch (e) { /* the game master's seat, an agent's seat, or refused: the socket says why */ }
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    st.ws = ws;
    setConn(t("page.conn.connecting"), "");
    ws.onopen = () => {
      ws.send(JSON.stringify({type: "hello", seat, token, lang: SK.lang}));
      st.retry = 500;
    };
    ws.onmessage = ev => onMessage(JSON.parse(ev.data));
    ws.onclose = ev => {
      if (st.ws !== ws) return;
      if (ev.code === 4403 || ev.code === 4404) {
        setConn(t("page.conn.refused"), "bad");
        return;
      }
      setConn(t("page.conn.reconnecting"), "bad");
      document.body.classList.add("reconnecting");  // what is shown may be stale: no decision until the next view
      setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 5000);
    };
  }
  function setConn(text, cls) {
    const c = $("t-conn");
    c.textContent = text;
    c.className = "conn " + cls;
  }
  function send(msg) {
    if (!st.ws || st.ws.readyState !== WebSocket.OPEN) { toast(t("page.conn.not_connected")); return; }
    msg.id = ++st.msgId;
    st.ws.send(JSON.stringify(msg));
  }

  // A patch of server/delta.py applied to a value we hold (a new value; ours is left as it was):
  // {v} is the new value, {d, x} a mapping's changed and removed keys, {k, l, a} a list's kept
  // length, changed items and appended items. A patch that does not fit throws (we resync).
  function applyPatch(old, p) {
    if ("v" in p) return p.v;
    if ("d" in p) {
      if (!old || typeof old !== "object" || Array.isArray(old)) throw new Error("bad patch");
      const out = Object.assign({}, old);
      for (const k of (p.x || [])) delete out[k];
      for (const [k, sub] of Object.entries(p.d)) {
        if (k in out) out[k] = applyPatch(out[k], sub);
        else if ("v" in sub) out[k] = sub.v;
        else throw new Error("bad patch");
      }
      return out;
    }
    if ("k" in p) {
      if (!Array.isArray(old) || old.length < p.k) throw new Error("bad patch");
      const items = old.slice(0, p.k);
      for (const [i, sub] of p.l) items[i] = applyPatch(items[i], sub);
      return items.concat(p.a);
    }
    throw new Error("bad patch");
  }

  function onMessage(m) {
    if (m.type === "view") {
      setConn(t("page.conn.live"), "ok");
      document.body.classList.remove("reconnecting");
      const changed = m.version !== st.version;
      if (m.delta) {
        // A push: only what changed since the live view and info we hold (server/delta.py); the
        // replay viewer may be showing another moment's view, so the live one is held apart.
        let held;
        try {
          if (!st.held) throw new Error("nothing held");
          held = applyPatch(st.held, m.delta);
        } catch (e) {
          st.ws.send(JSON.stringify({type: "resync"})); return;
        }
        m.view = held.view; m.info = held.info;
      }
      const first = !st.view;
      st.held = {view: m.view, info: m.info};
      st.view = m.view; st.info = m.info; st.version = m.version;
      seat = m.view.seat;
      if (changed) st.group = null;
      render();
      if (first) loadAdmin();
    } else if (m.type === "chat_history") {
      st.chat = m.messages; renderChat();
    } else if (m.type === "chat") {
      if (!st.chat.some(c => c.n === m.message.n)) st.chat.push(m.message);
      renderChat();
    } else if (m.type === "error") {
      toast(m.reason || t("page.conn.refused"));
      if (m.status === 403 && m.id === null) {
        $("banner").hidden = false;
        $("banner").textContent = t("page.table.link_refused", {seat, reason: m.reason});
      }
    }
  }

  let toastTimer = null;
  function toast(text) {
    const t = $("toast");
    t.textContent = text; t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
  }

  // ------------------------------------------------------------------ rendering
  function render() {
    const v = st.view, info = st.info;
    document.body.dataset.version = String(st.version);  // for tests and tools: which view is shown
    document.body.dataset.over = info.over ? "1" : "0";
    document.title = `${info.name} - ${seatName(seat)} - scriptkeeper`;
    $("t-name").textContent = info.name;
    $("t-seat").textContent = seatName(seat);
    $("t-seat").className = "seat-badge " + (isGm(seat) ? "mm" : isObserver(seat) ? "obs" : "pro");
    renderTracker();
    $("commitment").textContent = info.commitment;
    const pinned = SK.pinCommitment(tableId, info.commitment);
    const warn = $("commitment-changed");
    warn.hidden = pinned === info.commitment;
    if (!warn.hidden) warn.textContent = t("page.table.commitment_changed", {pinned});
    renderBanner();
    renderBoard();
    renderSchedule();
    const w = v.waiting_for && info.seats[v.waiting_for];
    const shown = `${st.version}|${w ? w.controller : ""}|${v.decision && v.decision.proposals ? v.decision.proposals.length : ""}` +
      (v.team_drafts ? "|" + JSON.stringify(v.team_drafts) : "");  // a team-mate's form changed
    if (st.decisionShown !== shown) {  // the same decision stays put (and keeps keyboard focus)
      st.decisionShown = shown;
      renderDecision();
    } else {
      markTargets();
    }
    renderHands();
    renderScript();
    renderSquare();
    renderSeats();
    renderLog();
    renderChat();
    SKLearn.render();
  }

  function renderTracker() {
    // What a view says of time and turn, where the game has it (loops, days, phase, leader).
    const v = st.view, bits = [];
    if (v.set !== undefined) bits.push(el("span", {class: "trk", id: "trk-set"}, name("set", v.set)));  // the set, as at a real table
    if (v.loop !== undefined) bits.push(el("span", {class: "trk", id: "trk-loop"}, t("page.table.tracker_loop", {loop: v.loop, loops: v.loops})));
    if (v.day !== undefined) bits.push(el("span", {class: "trk", id: "trk-day"}, t("page.table.tracker_day", {day: v.day, days: v.days})));
    if (v.phase !== undefined) bits.push(el("span", {class: "trk"}, name("phase", v.phase)));
    if (v.leader !== undefined) bits.push(el("span", {class: "trk leader"}, t("page.table.tracker_leader", {leader: name("seat", v.leader)})));
    // A set's public gauges (Another Horizon's Extra Gauge) and the world it puts the table in.
    for (const [gauge, value] of Object.entries(v.gauges || {})) {
      bits.push(el("span", {class: "trk gauge", id: `trk-gauge-${gauge}`, "data-value": String(value)},
        t("page.table.tracker_gauge", {gauge: name("gauge", gauge), value: value})));
    }
    const world = {light: "page.table.world_light", dark: "page.table.world_dark"}[v.world];
    if (world) bits.push(el("span", {class: `trk world world-${v.world}`, id: "trk-world", "data-world": v.world}, t(world)));
    // Cards dealt to a seat that only it sees (Last Liar's Extra cards): its own, or everyone's once the game is over.
    for (const [hand, card] of Object.entries(v.extra_cards || {})) {
      bits.push(el("span", {class: "trk extra-card", "data-hand": hand},
        hand === seat ? t("page.table.your_extra_card", {card: name("extra_card", card)})
                      : t("page.table.seat_extra_card", {seat: name("seat", hand), card: name("extra_card", card)})));
    }
    if (!bits.length) bits.push(el("span", {class: "trk"}, st.info.game_title));
    $("t-tracker").replaceChildren(...bits);
  }

  function renderBanner() {
    const info = st.info, b = $("banner");
    if (info.outcome) {
      b.hidden = false;
      b.className = "banner over";
      const mine = (info.outcome.results || {})[seat];
      b.textContent = t("page.table.game_over_banner", {headline: info.outcome.headline, reason: info.outcome.reason}) +
        (mine === "win" ? t("page.table.you_win") : mine === "lose" ? t("page.table.you_lose") : "");
      $("download").hidden = false;
      const link = $("download-link");
      link.href = `/api/tables/${tableId}/game`;
      link.setAttribute("download", `game-${tableId}.json`);
    } else {
      b.hidden = true;
    }
  }

  // ------------------------------------------------------------------ the board (from view.board)
  function cardsOn(target) {
    return (st.view.cards_on_board || []).filter(c => c.target === target).map(c =>
      el("span", {class: "placed " + (isGm(c.by) ? "by-mm" : "by-pro") + (c.card ? "" : " face-down"),
                  title: c.card ? name("seat", c.by) : t("page.board.face_down_by", {seat: name("seat", c.by)})},
        c.card ? name("card", c.card) : t("page.board.face_down_card"), el("small", {}, ` (${name("seat", c.by)})`)));
  }

  function counterBadges(counts, on, limit) {
    // One badge per counter kind that lies on this kind of thing; a kind with `limit` shows n/limit.
    const out = [];
    (st.view.counter_kinds || []).forEach((k, i) => {
      if (!k.on.includes(on)) return;
      const n = (counts || {})[k.id] || 0;
      if (!n && !k.shown_when_zero) return;
      const shown = `${name("counter_short", k.id)} ${n}` + (k.limit && limit !== undefined ? `/${limit}` : "");
      out.push(el("span", {class: `ctr ctr-${i}`, title: name("counter", k.id), "data-counter": k.id}, shown));
    });
    return out;
  }

  function limitName() {
    const k = (st.view.counter_kinds || []).find(k => k.limit);
    return k ? name("counter", k.id) : "";
  }

  function characterCard(c) {
    const abilities = (c.goodwill_abilities || []).map(g => el("li", {},
      el("b", {title: t("page.board.goodwill_needed")}, `${g.goodwill}${g.once_per_loop ? t("page.board.once_per_loop") : ""}: `),
      g.text));
    const facts = [];
    if (c.paranoia_limit !== undefined) facts.push(t("page.board.limit", {counter: limitName(), n: c.paranoia_limit}));
    if ((c.tags || []).length) facts.push(c.tags.map(x => name("tag", x)).join(t("page.list_separator")));
    if ((c.forbidden || []).length) facts.push(t("page.board.forbidden", {locations: c.forbidden.map(l => name("location", l)).join(t("page.list_separator"))}));
    if (c.turf) facts.push(t("page.board.turf", {location: name("location", c.turf)}));
    if ((c.tokens || []).length) facts.push(c.tokens.map(x => name("token", x)).join(t("page.list_separator")));
    if (c.rules_text) facts.push(c.rules_text);  // the card's special rules (rendered by the server)
    return el("div", {class: "character" + (c.alive ? "" : " corpse"), "data-target": c.id, id: "ch-" + c.id,
                      onclick: () => boardClick(c.id)},
      el("div", {class: "ch-head"},
        el("span", {class: "ch-name"}, name("character", c.id)),
        c.alive ? null : el("span", {class: "corpse-tag"}, t("page.board.corpse")),
        c.revealed_role ? el("span", {class: "role-tag"}, name("role", c.revealed_role)) : null,
        c.extra_card ? el("span", {class: "tag", title: t("page.board.extra_card_title")}, t("page.board.extra_card")) : null),
      el("div", {class: "ch-counters"}, counterBadges(c.counters, "character", c.paranoia_limit)),
      el("div", {class: "ch-facts"}, facts.join(" - ")),
      abilities.length ? el("ul", {class: "gw"}, abilities) : null,
      el("div", {class: "ch-cards"}, cardsOn(c.id)));
  }

  function renderBoard() {
    const v = st.view;
    const panel = $("board-panel");
    panel.hidden = !v.board;
    document.body.classList.toggle("no-board", !v.board && !v.schedule && !v.town_square);  // a game without a board: two columns
    if (!v.board) return;
    const rows = v.board.rows, chars = v.characters || [];
    const board = $("board");
    board.style.gridTemplateColumns = `repeat(${Math.max(...rows.map(r => r.length))}, 1fr)`;
    const order = v.board.locations;
    const cells = [];
    for (const row of rows) {
      for (const loc of row) {
        if (loc === null) { cells.push(el("div", {class: "location empty"})); continue; }
        const here = chars.filter(c => c.location === loc);
        cells.push(el("div", {class: `location loc-${order.indexOf(loc)}`, "data-target": loc, id: "loc-" + loc, onclick: ev => {
            if (ev.target.closest(".character")) return;
            boardClick(loc);
          }},
          el("div", {class: "loc-head"}, el("h3", {}, name("location", loc)),
            el("span", {class: "loc-counters"}, counterBadges((v.locations || {})[loc], "location"))),
          el("div", {class: "loc-cards"}, cardsOn(loc)),
          el("div", {class: "chars"}, here.map(characterCard))));
      }
    }
    board.replaceChildren(...cells);
    const off = chars.filter(c => !c.location);
    $("offboard-panel").hidden = !off.length;
    $("offboard").replaceChildren(...off.map(characterCard));
  }

  function renderSchedule() {
    const v = st.view;
    $("schedule-panel").hidden = !v.schedule;
    if (!v.schedule) return;
    const culprits = v.script ? v.script.incidents : null;
    $("schedule").replaceChildren(...v.schedule.map((s, i) => el("li", {class: s.occurred_this_loop ? "occurred" : ""},
      t("page.schedule.day", {day: s.day, incident: name("incident", s.incident)}),
      s.culprit ? t("page.schedule.culprit_public", {culprit: name("character", s.culprit)}) : "",
      s.occurred_this_loop ? t("page.schedule.occurred") : "",
      culprits && culprits[i] ? el("span", {class: "secret"}, t("page.schedule.culprit_secret", {culprit: name("character", culprits[i].culprit)})) : null)));
    if (!v.schedule.length) $("schedule").replaceChildren(el("li", {}, t("page.schedule.none")));
    $("special-rules").hidden = !v.special_rules;
    $("special-rules").textContent = v.special_rules ? t("page.schedule.special_rule", {text: v.special_rules}) : "";
    // The loops' results are not an incident: they go below the numbered schedule, not into it.
    const results = v.loop_results || [];
    $("loop-results").hidden = !results.length;
    $("loop-results").textContent = results.length ? t("page.schedule.loops", {results:
      results.map(r => t(r.lost ? "page.schedule.loop_lost" : "page.schedule.loop_won", {loop: r.loop})).join(t("page.list_separator"))}) : "";
  }

  // ------------------------------------------------------------------ decisions
  function optionGroups(d) {
    // Options that all carry info.group are chosen in two steps: the group, then a member.
    if (!d.options.length || !d.options.every(o => o.info && o.info.group !== undefined)) return null;
    const groups = new Map();
    for (const o of d.options) {
      const key = String(o.info.group);
      if (!groups.has(key)) groups.set(key, {key, options: []});
      groups.get(key).options.push(o);
    }
    return [...groups.values()];
  }

  function optionButton(label, i, onclick, extra) {
    const key = KEYS[i];
    return el("button", {class: "option", type: "button", "data-key": key || "", onclick, ...(extra || {})},
      key ? el("kbd", {}, key) : null, " ", label);
  }

  function renderDecision() {
    const v = st.view, box = $("decision");
    st.buttons = [];
    document.querySelectorAll(".target-hint").forEach(e => e.classList.remove("target-hint"));
    if (st.info.over) {
      box.replaceChildren(el("p", {}, t("page.decision.over")));
      $("decision-panel").className = "panel decision-panel";
      return;
    }
    const d = v.decision;
    if (!d) {
      const w = v.waiting_for;
      const ctl = w && st.info.seats[w] ? st.info.seats[w].controller : "human";
      // A game may say in its own words what the table waits for (a Clocktower pause: the Storyteller deciding).
      const said = v.waiting && v.waiting.text;
      box.replaceChildren(el("p", {class: "waiting", id: "waiting", "data-waiting": w || ""},
        said ? said + (ctl !== "human" ? t("page.decision.ai_mark") : "")
             : t(ctl !== "human" ? "page.decision.waiting_ai" : "page.decision.waiting", {seat: seatName(w)})),
        SKLearn.draftsBox(v) || "");
      $("decision-panel").className = "panel decision-panel";
      return;
    }
    $("decision-panel").className = "panel decision-panel mine";
    const parts = [el("p", {class: "prompt", id: "prompt"}, d.prompt)];
    if (SKLearn.renderDecision(box, d, parts)) { st.buttons = []; return; }  // a series form (learn.js)
    const groups = optionGroups(d);
    let list;
    if (groups && st.group === null) {
      const steps = d.info && d.info.steps;  // the game's words for the two steps, when it gives them
      parts.push(el("p", {class: "step"}, steps ? t("page.decision.step1", {step: steps[0]}) : t("page.decision.step1_plain")));
      list = groups.map((g, i) => optionButton(g.key, i, () => { st.group = g.key; renderDecision(); }));
    } else if (groups) {
      const g = groups.find(x => x.key === st.group);
      const steps = d.info && d.info.steps;
      parts.push(el("p", {class: "step"}, t(steps ? "page.decision.step2" : "page.decision.step2_plain", {group: g.key, step: steps ? steps[1] : ""})));
      list = g.options.map((o, i) => optionButton(o.info.member, i, () => choose(o.value),
        o.info.board_target !== undefined ? {"data-target": o.info.board_target} : null));
      list.push(el("button", {class: "option back", type: "button", onclick: () => { st.group = null; renderDecision(); }},
        el("kbd", {}, "Esc"), " ", t("page.decision.back")));
    } else {
      list = d.options.map((o, i) => optionButton(o.label, i, () => choose(o.value)));
    }
    st.buttons = list.filter(b => b.dataset.key);
    parts.push(el("div", {class: "options", id: "options"}, list));
    box.replaceChildren(...parts);
    markTargets();
  }

  function clickable(d) {
    // The options a click on the board may answer now: the chosen group's members, or a one-step decision's.
    const groups = optionGroups(d);
    if (groups) {
      const g = st.group !== null && groups.find(x => x.key === st.group);
      return g ? g.options : [];
    }
    return d.options;
  }

  function markTargets() {
    // The board shows where a click answers the decision (the board is redrawn with every view).
    document.querySelectorAll(".target-hint").forEach(e => e.classList.remove("target-hint"));
    const d = st.view && st.view.decision;
    if (!d) return;
    for (const o of clickable(d)) {
      if (!o.info || o.info.board_target === undefined) continue;
      const key = CSS.escape(String(o.info.board_target));
      const t = document.querySelector(`.board [data-target="${key}"], .square [data-target="${key}"]`);
      if (t) t.classList.add("target-hint");
    }
  }

  function choose(value) {
    send({type: "decide", answer: value, version: st.version});
  }

  function boardClick(target) {
    const d = st.view && st.view.decision;
    if (!d) return;
    const o = clickable(d).find(o => o.info && o.info.board_target === target);
    if (o) choose(o.value);
  }

  document.addEventListener("keydown", ev => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
      if (ev.key === "Escape") ev.target.blur();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "/") { ev.preventDefault(); $("chat-input").focus(); return; }
    if (ev.key === "Escape" && st.group !== null) { st.group = null; renderDecision(); return; }
    const b = st.buttons.find(b => b.dataset.key === ev.key.toLowerCase());
    if (b) { ev.preventDefault(); b.click(); }
  });

  // ------------------------------------------------------------------ a circle of seats (view.town_square)
  // A game whose view has `town_square` (seats in order, alive, ghost_vote) gets its seats drawn in a
  // circle; a `grimoire` in the view (the game master's, or everyone's at the end) adds each seat's
  // character, alignment and reminders; `you` adds the seat's own character; `today.voting` shows the
  // vote going round the circle as it happens. Names from view.names, the circle's words from view.words
  // (the game's texts, rendered by the server); the English fallbacks are for games that send none.
  function word(k) {  // the view's own page words (a game's: `words`), in the seat's language; the page holds none
    const w = st.view.words;
    return w && w[k] !== undefined ? w[k] : "";
  }

  function renderSquare() {
    const v = st.view;
    $("square-panel").hidden = !v.town_square;
    if (!v.town_square) return;
    const seats = v.town_square, n = seats.length;
    const grim = {};
    for (const g of v.grimoire || []) grim[g.seat] = g;
    const today = v.today || {};
    const voting = today.voting || null;
    const hands = {};
    for (const x of (voting ? voting.voted : [])) hands[x.seat] = x.vote;
    $("square").replaceChildren(...seats.map((s, i) => {
      const a = 2 * Math.PI * i / n - Math.PI / 2;
      const g = grim[s.seat];
      const bits = [el("b", {}, name("seat", s.seat)),
        el("span", {class: "st"}, s.alive ? word("alive") : (s.ghost_vote ? word("ghost_vote") : word("dead")))];
      if (s.traveller && !g) bits.push(el("span", {class: "ch"}, name("character", "traveller")));  // who travels is public
      if (g) {
        bits.push(el("span", {class: "ch"}, `${name("character", g.character)} (${name("team", g.alignment)})`));
        const marks = (g.reminders || []).map(r => name("reminder", r.token));
        if (g.drunk) marks.push(`(${word("mark_drunk")})`);
        if (g.poisoned) marks.push(`(${word("mark_poisoned")})`);
        if (marks.length) bits.push(el("span", {class: "tokens"}, marks.join(t("page.list_separator"))));
      }
      if (today.block === s.seat) bits.push(el("span", {class: "block"}, word("about_to_die")));
      if (voting && hands[s.seat]) bits.push(el("span", {class: "hand " + hands[s.seat], "data-vote": hands[s.seat]},
        hands[s.seat] === "yes" ? word("voted_yes") : word("voted_no")));
      if (voting && voting.next === s.seat) bits.push(el("span", {class: "hand next"}, word("votes_next")));
      const cls = "sq-seat" + (s.alive ? "" : " dead") + (s.seat === seat ? " me" : "") +
        (voting && voting.nominee === s.seat ? " nominee" : "") + (voting && voting.next === s.seat ? " voting" : "");
      const node = el("div", {class: cls, "data-seat": s.seat, "data-target": s.seat, onclick: () => boardClick(s.seat)}, ...bits);
      // Placed through the CSSOM: the page's CSP refuses inline style attributes.
      node.style.left = `${50 + 42 * Math.cos(a)}%`;
      node.style.top = `${50 + 42 * Math.sin(a)}%`;
      return node;
    }));
    const notes = [];
    if (voting) notes.push(el("p", {class: "voting", id: "voting"}, voting.text));
    if (v.you) {
      notes.push(el("p", {}, word("you_are") + " ", el("b", {}, name("character", v.you.character)), `: ${v.you.ability}`));
      if (v.you.bluffs) notes.push(el("p", {class: "secret"},
        `${word("not_in_play")}: ` + v.you.bluffs.map(c => name("character", c)).join(t("page.list_separator"))));
    }
    if (v.night_script && v.phase === "night")
      notes.push(el("p", {class: "secret"}, `${word("tonight")}: ` + v.night_script.map(e => e.seats.length ?
        `${name("character", e.entry)} (${e.seats.map(x => name("seat", x)).join(t("page.list_separator"))})` : name("night", e.entry)).join(" - ")));
    if (isGm(seat) && v.grimoire && !GRIMOIRE_PAGE && token && !st.info.over)
      notes.push(el("p", {}, el("a", {id: "grimoire-link", href: `/g/${encodeURIComponent(tableId)}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`,
        target: "_blank", rel: "noopener"}, word("open_grimoire"))));
    $("square-notes").replaceChildren(...notes);
    renderGrimoire();
  }

  // The grimoire page (/g/<table>, the Storyteller's): every seat's tokens, the centre, the bluffs,
  // tonight's order and the judgement asked now, from the Storyteller's own view. Any other seat's view
  // holds no grimoire, so the page shows nothing more to it.
  function renderGrimoire() {
    const panel = $("grimoire-panel");
    if (!GRIMOIRE_PAGE) return;
    const v = st.view;
    panel.hidden = !v.grimoire;
    $("grimoire-not-yours").hidden = !!v.grimoire;
    if (!v.grimoire) { $("grimoire").replaceChildren(); return; }
    const rows = v.grimoire.map(g => el("tr", {"data-seat": g.seat, class: g.alive ? "" : "dead"},
      el("td", {}, name("seat", g.seat)), el("td", {}, name("character", g.character)), el("td", {}, name("team", g.alignment)),
      el("td", {}, g.alive ? word("alive") : (g.ghost_vote ? word("ghost_vote") : word("dead"))),
      el("td", {}, [...(g.reminders || []).map(r => `${name("reminder", r.token)} (${name("character", r.source)})`),
        g.drunk ? word("mark_drunk") : "", g.poisoned ? word("mark_poisoned") : ""].filter(Boolean).join(t("page.list_separator")))));
    const parts = [el("table", {class: "grimoire-table", id: "grimoire-table"}, el("tbody", {}, rows))];
    const centre = v.centre_reminders || [];
    if (centre.length) parts.push(el("p", {}, `${word("centre")}: ` + centre.map(r => name("reminder", r.token)).join(t("page.list_separator"))));
    if ((v.bluffs || []).length) parts.push(el("p", {}, `${word("bluffs")}: ` + v.bluffs.map(c => name("character", c)).join(t("page.list_separator"))));
    const mb = Object.entries(v.minion_bluffs || {});
    if (mb.length) parts.push(el("p", {}, `${word("minion_bluffs")}: ` + mb.map(([s, cs]) =>
      `${name("seat", s)}: ${cs.map(c => name("character", c)).join(t("page.list_separator"))}`).join("; ")));
    if ((v.night_script || []).length) parts.push(el("ol", {class: "night-script"}, v.night_script.map(e =>
      el("li", {}, e.seats.length ? `${name("character", e.entry)} (${e.seats.map(x => name("seat", x)).join(t("page.list_separator"))})` : name("night", e.entry)))));
    if (v.decision) parts.push(el("p", {class: "judgement", id: "judgement"}, `${word("judgement")}: ${v.decision.prompt}`));
    const theirs = v.their_decision;
    if (theirs) parts.push(el("p", {class: "their-decision", id: "their-decision"},
      `${name("seat", theirs.seat)}: ${theirs.prompt} (${theirs.options.map(o => o.label).join(" / ")})`));
    $("grimoire").replaceChildren(...parts);
  }

  // ------------------------------------------------------------------ side panels
  function renderHands() {
    const v = st.view;
    $("hand-panel").hidden = !v.hands || isObserver(seat);
    if (!v.hands) return;
    const entries = Object.entries(v.hands);
    const used = SKLearn.usedCardsBox(v);  // every hand's used once-per-loop cards: public once turned face up
    if (isObserver(seat)) $("hand-panel").hidden = !used;
    $("hands").replaceChildren(...(entries.length ? entries.map(([who, cards]) => el("div", {class: "hand"},
      entries.length > 1 || who !== seat ? el("h4", {}, name("seat", who)) : null,
      el("div", {class: "cards"}, cards.map(c => el("span", {class: "handcard"}, name("card", c))))))
      : isObserver(seat) ? [] : [el("p", {class: "hint"}, t("page.hand.none"))]), ...(used ? [used] : []));
  }

  function renderScript() {
    const v = st.view;
    const sc = v.script;
    $("script-panel").hidden = !sc;
    if (!sc) return;
    $("script-title").textContent = st.info.over ? t("page.script.revealed") : t("page.script.only", {seat: seatName(st.info.gm_seat)});
    const cast = Object.entries(sc.cast).map(([ch, r]) => {
      const role = typeof r === "string" ? r : r.role;
      const extra = typeof r === "string" ? "" : [r.enters_loop ? t("page.script.enters", {loop: r.enters_loop}) : "",
        r.turf ? t("page.board.turf", {location: name("location", r.turf)}) : ""].filter(Boolean).join(t("page.list_separator"));
      return el("li", {}, el("b", {}, name("character", ch)), `: ${name("role", role)}`, extra ? ` (${extra})` : "");
    });
    $("script").replaceChildren(...[
      el("p", {}, el("b", {}, v.script_title || sc.title || t("page.script.untitled")), t("page.script.shape", {set: name("set", sc.set), loops: sc.loops, days: sc.days})),
      el("p", {}, t("page.script.main_plot"), el("b", {}, name("plot", sc.main_plot)), t("page.script.subplots", {plots:
        sc.subplots.map(p => name("plot", p)).join(t("page.list_separator")) || t("page.word.none")})),
      el("ul", {class: "cast"}, cast),
      el("ul", {class: "cast"}, sc.incidents.map(i => el("li", {},
        t("page.script.incident", {day: i.day, incident: name("incident", i.incident), culprit: name("character", i.culprit)})))),
      v.loss_reasons && v.loss_reasons.length ? el("p", {class: "secret"}, t("page.script.loop_lost", {reasons: v.loss_reasons.join("; ")})) : null,
    ].filter(Boolean));
  }

  async function loadAdmin() {
    let menu = [];
    try {  // the agents' names in words, for every seat's Seats panel; their ids for the game master's menus
      menu = await SK.api("GET", `/api/agents?game=${encodeURIComponent(st.info.game)}`);
      st.agentLabels = Object.fromEntries(menu.map(a => [a.name, a.label || a.name]));
      if (st.view) renderSeats();
    } catch (e) { /* the ids stand in */ }
    if (!isGm(seat) || !token) return;
    try {
      st.admin = await SK.api("GET", `/api/tables/${tableId}/admin`, undefined, token);
      st.agents = menu.map(a => a.name);
      if (st.view) renderSeats();
    } catch (e) { /* refused: the banner says why */ }
  }

  function renderSeats() {
    const info = st.info;
    const rows = Object.entries(info.seats).map(([s, r]) => {
      const bits = [el("b", {}, seatName(s)), " ",
        r.controller !== "human" ? el("span", {class: "tag ai"}, t("page.seats.ai", {agent: agentLabel(r.controller)}))
          : el("span", {class: "tag"}, r.claimed ? (r.player_name || t("page.seats.taken")) : t("page.seats.free")),
        r.connected ? el("span", {class: "tag online"}, t("page.seats.online")) : null,
        // Announced to everyone: from then on the game master may give this away seat to an agent.
        r.handover_at ? el("span", {class: "tag", "data-handover": s},
          t("page.seats.away", {time: new Date(r.handover_at * 1000).toLocaleTimeString(SK.lang)})) : null];
      if (isGm(seat) && st.admin && st.agents && !info.over) {
        const sel = el("select", {"aria-label": t("page.seats.who_plays", {seat: seatName(s)}), "data-seat": s, onchange: async ev => {
          try {
            await SK.api("PUT", `/api/tables/${tableId}/seats/${s}/controller`, {controller: ev.target.value}, token);
          } catch (e) { toast(e.message); }
        }}, el("option", {value: "human", selected: r.controller === "human"}, t("page.seats.human")),
           ...st.agents.map(a => el("option", {value: a, selected: r.controller === a}, t("page.seats.ai", {agent: agentLabel(a)}))));
        bits.push(" ", sel);
        if (!isGm(s) && st.admin.tokens[s]) {
          const link = SK.seatLink(tableId, s, st.admin.tokens[s]);
          bits.push(" ", el("button", {class: "small", type: "button", onclick: () => {
            navigator.clipboard && navigator.clipboard.writeText(link);
            toast(t("page.seats.link_copied", {seat: seatName(s)}));
          }}, t("page.seats.copy_link")), el("input", {class: "seat-link", readonly: true, value: link, "data-seat-link": s}));
        }
      }
      return el("li", {}, bits);
    });
    const facts = SK.facts(info.public);
    $("seats").replaceChildren(
      el("p", {class: "hint", id: "table-facts"}, info.game_title + (facts ? `: ${facts}` : "")),
      el("ul", {class: "seats"}, rows),
      el("p", {class: "hint"}, info.table_talk ? t("page.seats.talk_on") :
        t("page.seats.talk_off", {seat: seatName(info.gm_seat)})));
  }

  function renderLog() {
    const log = $("log");
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    const grouped = SKLearn.groupedLog(st.view);  // by loop and day, when the view's events line up with its log
    log.replaceChildren(...(grouped || st.view.log.map(t => el("li", {}, t))));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  // Private chats (a game whose info has private_chats): a message to one seat, which the server
  // sends to that seat and its sender only. The page's words for it, in one place:

  function renderChatTo() {
    const sel = $("chat-to");
    const info = st.info;
    sel.hidden = !(info && info.private_chats) || isObserver(seat);
    if (sel.hidden) return;
    const others = Object.keys(info.seats).filter(s => s !== seat && !isObserver(s));
    const want = ["", ...others].join(",");
    if (sel.dataset.seats === want) return;  // keep the choice while the seats stay the same
    const chosen = sel.value;
    sel.dataset.seats = want;
    sel.replaceChildren(el("option", {value: ""}, t("page.chat.everyone")),
      ...others.map(s => el("option", {value: s, selected: s === chosen}, t("page.chat.to_seat", {seat: seatName(s)}))));
  }

  function renderChat() {
    const ul = $("chat");
    renderChatTo();
    ul.replaceChildren(...st.chat.map(m => el("li", {class: "msg " + (isGm(m.seat) ? "mm" : "pro") + (m.to ? " private" : ""),
                                                     "data-to": m.to || ""},
      el("b", {}, seatName(m.seat) + (m.to ? t("page.chat.private_to", {seat: seatName(m.to)}) : "") + ": "), m.text)));
    ul.scrollTop = ul.scrollHeight;
    const open = st.info ? st.info.chat_open : false;
    $("chat-input").disabled = !open;
    $("chat-form").querySelector("button").disabled = !open;
    $("chat-closed").hidden = open;
    $("chat-closed").textContent = isObserver(seat) ? t("page.chat.observers") :
      t("page.chat.closed");
  }

  $("chat-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    const to = $("chat-to").hidden ? "" : $("chat-to").value;
    send(to ? {type: "chat", text, to} : {type: "chat", text});
    input.value = "";
  });

  SKLearn.init({tableId, seat: () => seat, token: () => token, version: () => st.version, view: () => st.view,
                info: () => st.info, name, seatName, isGm, choose, send,
                // The replay viewer shows another moment's view; a resync brings the live one back.
                show: view => { st.view = view; render(); },
                live: () => { if (st.ws && st.ws.readyState === WebSocket.OPEN) st.ws.send(JSON.stringify({type: "resync"})); }});
  SK.ready().then(claim).then(connect);
})();
