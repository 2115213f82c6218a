// The table page: renders the seat's view (pushed over a WebSocket) and sends the seat's decisions.
// It only ever shows what the server sent for this seat; it holds no rules and no secrets.
"use strict";

(function () {
  const $ = id => document.getElementById(id);
  const el = SK.el;
  const LOCS = ["hospital", "shrine", "city", "school"];  // 2x2: Hospital | Shrine over City | School
  const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz".split("");
  const tableId = decodeURIComponent(location.pathname.split("/").pop());

  // ------------------------------------------------------------------ who am I
  const frag = new URLSearchParams(location.hash.slice(1));
  let seat = frag.get("seat");
  let token = frag.get("token");
  if (!seat) {
    const mine = SK.remembered(tableId);
    if (mine) { seat = mine.seat; token = mine.token; }
  }
  seat = seat || "observer";
  if (token) SK.remember(tableId, seat, token);

  const st = {
    view: null, info: null, version: -1, chat: [], ws: null, retry: 500, msgId: 0,
    cardPick: null,   // place_card: the chosen card group (step 2 shows targets)
    buttons: [],      // the option buttons currently bound to keys
    cardNames: {},    // card id -> name, learnt from decision labels
    admin: null,
    agents: ["random", "rule", "search"],  // replaced by /api/agents for the Mastermind's seat menus
    decisionShown: null,  // the version whose decision the panel shows
  };

  // ------------------------------------------------------------------ names
  function cardName(id) {
    if (st.cardNames[id]) return st.cardNames[id];
    return SK.pretty(id).replace(/ Plus (\d)/, " +$1").replace(/ Minus (\d)/, " -$1");
  }
  function charName(id) {
    const c = st.view && st.view.characters.find(c => c.id === id);
    return c ? c.name : SK.pretty(id);
  }
  function targetName(t) {
    if (LOCS.includes(t)) return SK.pretty(t);
    if (typeof t === "number" && st.view && st.view.schedule[t]) return `${st.view.schedule[t].incident} (day ${st.view.schedule[t].day})`;
    return charName(t);
  }

  // ------------------------------------------------------------------ connection
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    st.ws = ws;
    setConn("connecting...", "");
    ws.onopen = () => {
      ws.send(JSON.stringify({type: "hello", seat, token}));
      st.retry = 500;
    };
    ws.onmessage = ev => onMessage(JSON.parse(ev.data));
    ws.onclose = ev => {
      if (st.ws !== ws) return;
      if (ev.code === 4403 || ev.code === 4404) {
        setConn("refused", "bad");
        return;
      }
      setConn("reconnecting...", "bad");
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
    if (!st.ws || st.ws.readyState !== WebSocket.OPEN) { toast("Not connected: reconnecting..."); return; }
    msg.id = ++st.msgId;
    st.ws.send(JSON.stringify(msg));
  }

  function onMessage(m) {
    if (m.type === "view") {
      setConn("live", "ok");
      const changed = m.version !== st.version;
      if (m.append) {
        // Only the new entries of the lists that grow: keep ours up to `start`.
        for (const [key, [start, items]] of Object.entries(m.append)) {
          const mine = st.view && st.view[key];
          if (!mine || mine.length < start) { st.ws.send(JSON.stringify({type: "resync"})); return; }
          m.view[key] = mine.slice(0, start).concat(items);
        }
      }
      st.view = m.view; st.info = m.info; st.version = m.version;
      if (changed) st.cardPick = null;
      render();
    } else if (m.type === "chat_history") {
      st.chat = m.messages; renderChat();
    } else if (m.type === "chat") {
      if (!st.chat.some(c => c.n === m.message.n)) st.chat.push(m.message);
      renderChat();
    } else if (m.type === "error") {
      toast(m.reason || "refused");
      if (m.status === 403 && m.id === null) {
        $("banner").hidden = false;
        $("banner").textContent = `This link does not open ${SK.seatName(seat)}: ${m.reason}`;
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
    document.body.dataset.over = v.outcome ? "1" : "0";
    document.title = `${info.name} - ${SK.seatName(seat)} - scriptkeeper`;
    $("t-name").textContent = info.name;
    $("t-seat").textContent = SK.seatName(seat);
    $("t-seat").className = "seat-badge " + (seat === "mastermind" ? "mm" : seat === "observer" ? "obs" : "pro");
    $("t-tracker").replaceChildren(
      el("span", {class: "trk", id: "trk-loop"}, `Loop ${v.loop}/${v.loops}`),
      el("span", {class: "trk", id: "trk-day"}, `Day ${v.day}/${v.days}`),
      el("span", {class: "trk"}, SK.pretty(v.phase)),
      el("span", {class: "trk leader"}, `Leader: ${SK.seatName(v.leader)}`));
    $("commitment").textContent = info.commitment;
    renderBanner();
    renderBoard();
    renderSchedule();
    const w = v.waiting_for && info.seats[v.waiting_for];
    const shown = `${st.version}|${w ? w.controller : ""}`;
    if (st.decisionShown !== shown) {  // the same decision stays put (and keeps keyboard focus)
      st.decisionShown = shown;
      renderDecision();
    } else {
      markTargets();
    }
    renderHands();
    renderScript();
    renderSeats();
    renderLog();
    renderChat();
  }

  function renderBanner() {
    const v = st.view, b = $("banner");
    if (v.outcome) {
      b.hidden = false;
      b.className = "banner over";
      b.textContent = `Game over: the ${v.outcome.winner === "protagonists" ? "Protagonists" : "Mastermind"} win (${v.outcome.reason}).`;
      $("download").hidden = false;
      const link = $("download-link");
      link.href = `/api/tables/${tableId}/game`;
      link.setAttribute("download", `game-${tableId}.json`);
    } else {
      b.hidden = true;
    }
  }

  function cardsOn(target) {
    return st.view.cards_on_board.filter(c => c.target === target).map(c =>
      el("span", {class: "placed " + (c.by === "mastermind" ? "by-mm" : "by-pro") + (c.card ? "" : " face-down"),
                  title: `${SK.seatName(c.by)}'s card` + (c.card ? "" : " (face down)")},
        c.card ? cardName(c.card) : "face-down card", el("small", {}, ` (${SK.seatName(c.by)})`)));
  }

  function counters(cs, limit) {
    const out = [];
    out.push(el("span", {class: "ctr paranoia", title: "Paranoia"}, `P ${cs.paranoia}` + (limit !== undefined ? `/${limit}` : "")));
    out.push(el("span", {class: "ctr goodwill", title: "Goodwill"}, `G ${cs.goodwill}`));
    out.push(el("span", {class: "ctr intrigue", title: "Intrigue"}, `I ${cs.intrigue}`));
    if (cs.guard) out.push(el("span", {class: "ctr guard", title: "Guard"}, `Guard ${cs.guard}`));
    return out;
  }

  function characterCard(c) {
    const gw = c.goodwill_abilities.map(g => el("li", {},
      el("b", {}, `GW ${g.goodwill}${g.once_per_loop ? " (1/loop)" : ""}: `), g.text));
    return el("div", {class: "character" + (c.alive ? "" : " corpse"), "data-target": c.id, id: "ch-" + c.id,
                      onclick: () => boardClick(c.id)},
      el("div", {class: "ch-head"},
        el("span", {class: "ch-name"}, c.name),
        c.alive ? null : el("span", {class: "corpse-tag"}, "corpse"),
        c.revealed_role ? el("span", {class: "role-tag"}, SK.pretty(c.revealed_role)) : null,
        c.extra_card ? el("span", {class: "tag", title: "An Extra card lies on this character"}, "Extra") : null),
      el("div", {class: "ch-counters"}, counters(c.counters, c.paranoia_limit)),
      el("div", {class: "ch-facts"},
        `Paranoia limit ${c.paranoia_limit}`,
        c.tags.length ? ` - ${c.tags.join(", ")}` : "",
        c.forbidden.length ? ` - never in ${c.forbidden.map(SK.pretty).join(", ")}` : "",
        c.turf ? ` - turf: ${SK.pretty(c.turf)}` : ""),
      gw.length ? el("ul", {class: "gw"}, gw) : null,
      el("div", {class: "ch-cards"}, cardsOn(c.id)));
  }

  function renderBoard() {
    const v = st.view;
    $("board").replaceChildren(...LOCS.map(loc => {
      const here = v.characters.filter(c => c.location === loc);
      return el("div", {class: "location loc-" + loc, "data-target": loc, id: "loc-" + loc, onclick: ev => {
          if (ev.target.closest(".character")) return;
          boardClick(loc);
        }},
        el("div", {class: "loc-head"}, el("h3", {}, SK.pretty(loc)),
          el("span", {class: "loc-counters"}, counters(v.locations[loc]))),
        el("div", {class: "loc-cards"}, cardsOn(loc)),
        el("div", {class: "chars"}, here.map(characterCard)));
    }));
    const off = v.characters.filter(c => !c.location);
    $("offboard-panel").hidden = !off.length;
    $("offboard").replaceChildren(...off.map(characterCard));
  }

  function renderSchedule() {
    const v = st.view;
    $("schedule").replaceChildren(...v.schedule.map((s, i) => el("li", {class: s.occurred_this_loop ? "occurred" : ""},
      `Day ${s.day}: ${s.incident}`, s.culprit ? ` (culprit: ${charName(s.culprit)})` : "",
      s.occurred_this_loop ? " - occurred" : "",
      v.script ? el("span", {class: "secret"}, ` - culprit ${charName(v.script.incidents[i].culprit)}`) : null)));
    if (!v.schedule.length) $("schedule").replaceChildren(el("li", {}, "No incidents."));
    $("special-rules").hidden = !v.special_rules;
    $("special-rules").textContent = v.special_rules ? "Special rule: " + v.special_rules : "";
    if (v.loop_results.length) {
      $("schedule").append(el("li", {class: "results"}, "Loops: " +
        v.loop_results.map(r => `loop ${r.loop} ${r.lost ? "lost" : "won"}`).join(", ")));
    }
  }

  // ------------------------------------------------------------------ decisions
  function optionGroups(d) {
    // place_card: step 1 picks a card, step 2 a target. Everything else: one list.
    if (d.kind !== "place_card") return null;
    const groups = new Map();
    d.options.forEach(o => {
      if (!o.value || typeof o.value !== "object" || !("target" in o.value)) return;
      const {target, ...rest} = o.value;
      const key = JSON.stringify(rest);
      if (o.value.card) {
        const cut = o.label.lastIndexOf(" on ");
        if (cut > 0) st.cardNames[o.value.card] = o.label.slice(0, cut);
      }
      if (!groups.has(key)) groups.set(key, {key, card: o.value.card, rest, options: []});
      groups.get(key).options.push(o);
    });
    return [...groups.values()];
  }

  function optionButton(label, i, onclick, extra) {
    const key = KEYS[i];
    const b = el("button", {class: "option", type: "button", "data-key": key || "", onclick, ...(extra || {})},
      key ? el("kbd", {}, key) : null, " ", label);
    return b;
  }

  function renderDecision() {
    const v = st.view, box = $("decision");
    st.buttons = [];
    document.querySelectorAll(".target-hint").forEach(e => e.classList.remove("target-hint"));
    if (v.outcome) {
      box.replaceChildren(el("p", {}, "The game is over."));
      $("decision-panel").className = "panel decision-panel";
      return;
    }
    const d = v.decision;
    if (!d) {
      const w = v.waiting_for;
      const ctl = w && st.info.seats[w] ? st.info.seats[w].controller : "human";
      box.replaceChildren(el("p", {class: "waiting", id: "waiting"},
        `Waiting for ${SK.seatName(w)}` + (ctl !== "human" ? " (AI)" : "") + "..."));
      $("decision-panel").className = "panel decision-panel";
      return;
    }
    $("decision-panel").className = "panel decision-panel mine";
    const parts = [el("p", {class: "prompt", id: "prompt"}, d.prompt)];
    const groups = optionGroups(d);
    let list;
    if (groups && !st.cardPick) {
      parts.push(el("p", {class: "step"}, "Step 1: choose a card."));
      list = groups.map((g, i) => optionButton(cardName(g.card) + (g.rest.hand !== undefined ? ` (hand ${g.rest.hand + 1})` : ""), i,
        () => { st.cardPick = g.key; renderDecision(); }));
    } else if (groups) {
      const g = groups.find(x => x.key === st.cardPick);
      parts.push(el("p", {class: "step"}, `Step 2: where does ${cardName(g.card)} go? (or click it on the board; Esc goes back)`));
      list = g.options.map((o, i) => optionButton(targetName(o.value.target), i, () => choose(o.value), {"data-target": o.value.target}));
      markTargets();
      list.push(el("button", {class: "option back", type: "button", onclick: () => { st.cardPick = null; renderDecision(); }},
        el("kbd", {}, "Esc"), " back to the cards"));
    } else {
      list = d.options.map((o, i) => optionButton(o.label, i, () => choose(o.value)));
    }
    st.buttons = list.filter(b => b.dataset.key);
    parts.push(el("div", {class: "options", id: "options"}, list));
    box.replaceChildren(...parts);
  }

  function markTargets() {
    // With a card chosen, the board shows where it may go (the board is redrawn with every view).
    document.querySelectorAll(".target-hint").forEach(e => e.classList.remove("target-hint"));
    const d = st.view && st.view.decision;
    if (!d || d.kind !== "place_card" || !st.cardPick) return;
    const g = (optionGroups(d) || []).find(x => x.key === st.cardPick);
    for (const o of (g ? g.options : [])) {
      const t = document.querySelector(`.board [data-target="${CSS.escape(String(o.value.target))}"]`);
      if (t) t.classList.add("target-hint");
    }
  }

  function choose(value) {
    send({type: "decide", answer: value, version: st.version});
  }

  function boardClick(target) {
    const d = st.view && st.view.decision;
    if (!d) return;
    if (d.kind === "place_card" && st.cardPick) {
      const g = optionGroups(d).find(x => x.key === st.cardPick);
      const o = g && g.options.find(o => o.value.target === target);
      if (o) choose(o.value);
      return;
    }
    // A decision whose options are characters or locations: a click on the board answers it.
    const o = d.options.find(o => o.value === target);
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
    if (ev.key === "Escape" && st.cardPick) { st.cardPick = null; renderDecision(); return; }
    const b = st.buttons.find(b => b.dataset.key === ev.key.toLowerCase());
    if (b) { ev.preventDefault(); b.click(); }
  });

  // ------------------------------------------------------------------ side panels
  function renderHands() {
    const v = st.view;
    const entries = Object.entries(v.hands);
    $("hand-panel").hidden = seat === "observer";
    $("hands").replaceChildren(...(entries.length ? entries.map(([who, cards]) => el("div", {class: "hand"},
      entries.length > 1 || who !== seat ? el("h4", {}, SK.seatName(who)) : null,
      el("div", {class: "cards"}, cards.map(c => el("span", {class: "handcard"}, cardName(c)))),
      (v.set_aside[who] || []).length ? el("p", {class: "hint"}, "Used this loop: " + v.set_aside[who].map(cardName).join(", ")) : null))
      : [el("p", {class: "hint"}, "No cards.")]));
  }

  function renderScript() {
    const v = st.view;
    const sc = v.script;
    $("script-panel").hidden = !sc;
    if (!sc) return;
    $("script-title").textContent = v.outcome ? "The script (revealed at the end)" : "The script (Mastermind only)";
    const cast = Object.entries(sc.cast).map(([ch, r]) => {
      const role = typeof r === "string" ? r : r.role;
      const extra = typeof r === "string" ? "" : [r.enters_loop ? `enters in loop ${r.enters_loop}` : "", r.turf ? `turf ${SK.pretty(r.turf)}` : ""].filter(Boolean).join(", ");
      return el("li", {}, el("b", {}, charName(ch)), `: ${SK.pretty(role)}`, extra ? ` (${extra})` : "");
    });
    $("script").replaceChildren(...[
      el("p", {}, el("b", {}, sc.title || "Untitled"), ` - ${SK.pretty(sc.set)}, ${sc.loops} loops x ${sc.days} days`),
      el("p", {}, "Main plot: ", el("b", {}, SK.pretty(sc.main_plot)), ". Subplots: ",
        sc.subplots.map(SK.pretty).join(", ") || "none", "."),
      el("ul", {class: "cast"}, cast),
      el("ul", {class: "cast"}, sc.incidents.map(i => el("li", {}, `Day ${i.day}: ${SK.pretty(i.incident)}, culprit ${charName(i.culprit)}`))),
      v.loss_reasons && v.loss_reasons.length ? el("p", {class: "secret"}, "This loop is lost: " + v.loss_reasons.join("; ")) : null,
      v.decision && ["mastermind_ability", "day_end_ability"].includes(v.decision.kind)
        ? el("div", {}, el("h4", {}, "Legal ability uses now"), el("ul", {}, v.decision.options.map(o => el("li", {}, o.label))))
        : null].filter(Boolean));
  }

  async function loadAdmin() {
    if (seat !== "mastermind" || !token) return;
    try {
      st.admin = await SK.api("GET", `/api/tables/${tableId}/admin`, undefined, token);
      try { st.agents = (await SK.api("GET", "/api/agents")).map(a => a.name); } catch (e) { /* keep the defaults */ }
      if (st.view) renderSeats();
    } catch (e) { /* refused: the banner says why */ }
  }

  function renderSeats() {
    const info = st.info;
    const rows = Object.entries(info.seats).map(([s, r]) => {
      const bits = [el("b", {}, SK.seatName(s)), " ",
        r.controller !== "human" ? el("span", {class: "tag ai"}, `AI (${r.controller})`)
          : el("span", {class: "tag"}, r.claimed ? (r.player_name || "taken") : "free"),
        r.connected ? el("span", {class: "tag online"}, "online") : null];
      if (seat === "mastermind" && st.admin && !info.over) {
        const sel = el("select", {"aria-label": `Who plays ${SK.seatName(s)}`, "data-seat": s, onchange: async ev => {
          try {
            await SK.api("PUT", `/api/tables/${tableId}/seats/${s}/controller`, {controller: ev.target.value}, token);
          } catch (e) { toast(e.message); }
        }}, el("option", {value: "human", selected: r.controller === "human"}, "human"),
           ...st.agents.map(a => el("option", {value: a, selected: r.controller === a}, `AI (${a})`)));
        bits.push(" ", sel);
        if (s !== "mastermind" && st.admin.tokens[s]) {
          const link = SK.seatLink(tableId, s, st.admin.tokens[s]);
          bits.push(" ", el("button", {class: "small", type: "button", onclick: () => {
            navigator.clipboard && navigator.clipboard.writeText(link);
            toast(`Seat link for ${SK.seatName(s)} copied`);
          }}, "copy seat link"), el("input", {class: "seat-link", readonly: true, value: link, "data-seat-link": s}));
        }
      }
      return el("li", {}, bits);
    });
    $("seats").replaceChildren(el("ul", {class: "seats"}, rows),
      el("p", {class: "hint"}, `Table Talk ${info.table_talk ? "on" : "off (Protagonists talk only between loops)"}.`));
  }

  function renderLog() {
    const log = $("log");
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    log.replaceChildren(...st.view.log.map(t => el("li", {}, t)));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function renderChat() {
    const ul = $("chat");
    ul.replaceChildren(...st.chat.map(m => el("li", {class: "msg " + (m.seat === "mastermind" ? "mm" : "pro")},
      el("b", {}, SK.seatName(m.seat) + ": "), m.text)));
    ul.scrollTop = ul.scrollHeight;
    const open = st.info ? st.info.chat_open : false;
    $("chat-input").disabled = !open;
    $("chat-form").querySelector("button").disabled = !open;
    $("chat-closed").hidden = open;
    $("chat-closed").textContent = seat === "observer" ? "Observers read the chat." :
      "Table Talk is off: the Protagonists talk between loops.";
  }

  $("chat-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    send({type: "chat", text});
    input.value = "";
  });

  connect();
  loadAdmin();
})();
