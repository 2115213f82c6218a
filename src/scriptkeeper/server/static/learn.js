// The parts of the table page for playing alone and learning: a series of questions answered in one
// form (the Final Guess: every item at once, editable, confirmed, then sent in order), the AI
// team-mates' proposals beside a team decision, the guess-against-truth table at the end, the
// game's reference sheet (GET /api/tables/ID/reference) and the deduction assistant of this seat
// (GET /api/tables/ID/seats/SEAT/assistant, opt-in). Like table.js it holds no rule and no name:
// every word comes rendered from the server, every name from the view's names table.
"use strict";

const SKLearn = (function () {
  const el = SK.el;
  const $ = id => document.getElementById(id);
  const st = {
    draft: {},        // series key -> value chosen in the form (kept across views)
    touched: {},      // series keys the player changed
    queue: null,      // confirmed answers still to send: key -> value
    sentFor: -1,      // the version whose series answer was sent
    sheet: null, sheetShown: false,
    assistantOn: false, assistantFor: -1, assistant: null,
  };
  let ctx = null;
  const t = SK.t;

  // ---------------------------------------------------------------- the decision panel
  function proposalsBox(d) {
    const ps = d.proposals || [];
    if (!ps.length) return d.info && d.info.team && d.proposals ? el("p", {class: "hint", id: "proposals"}, t("page.team.thinking")) : null;
    if (d.info && d.info.series) return null;  // shown in the form's rows
    return el("div", {class: "proposals", id: "proposals"}, ps.map(p =>
      el("p", {class: "proposal"}, el("b", {}, t("page.team.proposes", {seat: ctx.seatName(p.seat)})), p.label)));
  }

  function forWhom(d) {
    return d.for_seat ? el("p", {class: "hint team-note"},
      t("page.team.for_seat", {seat: ctx.seatName(d.for_seat)})) : null;
  }

  // A game master's question with one possible answer exists only so that its absence would not
  // betray a secret: the page answers it by itself after a short random delay (so nobody learns
  // from the timing), unless the game master turns that off.
  const auto = {on: localStorage.getItem("sk.autoAnswer") !== "off", timer: null, version: -1};
  function autoAnswer(d, parts) {
    if (!ctx.isGm(ctx.seat()) || d.options.length !== 1) return;
    const box = el("input", {type: "checkbox", id: "auto-answer", checked: auto.on, onchange: ev => {
      auto.on = ev.target.checked;
      localStorage.setItem("sk.autoAnswer", auto.on ? "on" : "off");
      if (!auto.on) clearTimeout(auto.timer);
    }});
    parts.push(el("label", {class: "hint auto"}, box, " ", t("page.decision.auto_answer")));
    const v = ctx.version();
    if (!auto.on || auto.version === v) return;
    auto.version = v;
    clearTimeout(auto.timer);
    auto.timer = setTimeout(() => {
      if (auto.on && ctx.version() === v && ctx.view().decision) ctx.choose(d.options[0].value);
    }, 700 + Math.random() * 2300);
  }

  // Returns true when it drew the decision (a series form); otherwise adds the team parts and lets table.js draw the options.
  function renderDecision(box, d, parts) {
    const series = d.info && d.info.series;
    autoAnswer(d, parts);
    const note = forWhom(d), props = proposalsBox(d);
    if (!series) {
      if (note) parts.push(note);
      if (props) parts.push(props);
      return false;
    }
    // A confirmed form: send the next answer once this question is asked.
    if (st.queue && (series.current in st.queue || st.sentFor === ctx.version())) {
      if (st.sentFor !== ctx.version() && series.current in st.queue) {
        st.sentFor = ctx.version();
        const v = st.queue[series.current];
        delete st.queue[series.current];
        ctx.choose(v);
      }
      box.replaceChildren(el("p", {class: "waiting", id: "fg-sending"}, t("page.guess.sending")));
      return true;
    }
    st.queue = null;
    const answered = series.answered || {};
    const ps = d.proposals || [];
    const rows = series.items.map(item => {
      const done = item.key in answered;
      const proposed = ps.map(p => p.series && p.series[item.key]).filter(Boolean);
      // What the player chose, else what was answered, else the first AI proposal, else the first option.
      if (done) st.draft[item.key] = answered[item.key];
      else if (!(item.key in st.draft)) st.draft[item.key] = proposed.length ? proposed[0].answer : d.options[0].value;
      if (!ps.length && !done && !st.touched[item.key]) delete st.draft[item.key];  // proposals may still come
      const value = item.key in st.draft ? st.draft[item.key] : d.options[0].value;
      const sel = el("select", {"data-key": item.key, "aria-label": t("page.guess.answer_for", {item: item.label}), disabled: done,
                                onchange: ev => { st.draft[item.key] = JSON.parse(ev.target.value); st.touched[item.key] = true; }},
        d.options.map(o => el("option", {value: JSON.stringify(o.value), selected: JSON.stringify(o.value) === JSON.stringify(value)}, o.label)));
      return el("tr", {class: done ? "done" : ""},
        el("th", {}, item.label),
        el("td", {}, sel),
        el("td", {class: "hint"}, ps.map((p, i) => p.series && p.series[item.key]
          ? el("div", {}, `${ctx.seatName(p.seat)}: ${p.series[item.key].label}`) : null)));
    });
    const confirm = el("button", {type: "button", id: "fg-confirm", onclick: () => {
      if (!confirm.dataset.sure) {
        confirm.dataset.sure = "1";
        confirm.textContent = t("page.guess.sure");
        return;
      }
      st.queue = {};
      for (const item of series.items) {
        if (!(item.key in answered)) st.queue[item.key] = item.key in st.draft ? st.draft[item.key] : d.options[0].value;
      }
      renderDecision(box, d, []);
    }}, t("page.guess.confirm"));
    box.replaceChildren(...[
      el("p", {class: "prompt", id: "prompt"}, d.prompt), note,
      el("p", {class: "hint"}, t("page.guess.every_answer") +
        (ps.length ? t("page.guess.proposals_beside") : "")),
      ps.length || !d.proposals ? null : el("p", {class: "hint", id: "proposals"}, t("page.team.thinking")),
      el("table", {class: "series-form", id: "fg-form"},
        el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("page.guess.your_answer")), el("th", {}, ps.length ? t("page.guess.proposed") : ""))),
        el("tbody", {}, rows)),
      confirm,
    ].filter(Boolean));
    return true;
  }

  // ---------------------------------------------------------------- the end: the guess against the truth
  function renderGuessTable(v) {
    const panel = $("guess-panel");
    if (!panel) return;
    const rows = v.final_guess_table;
    panel.hidden = !rows;
    if (!rows) return;
    $("guess-table").replaceChildren(
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("page.guess.guessed")), el("th", {}, t("page.guess.truth")), el("th", {}, ""))),
      el("tbody", {}, rows.map(r => el("tr", {class: r.right ? "right" : "wrong"},
        el("th", {}, ctx.name("character", r.character)), el("td", {}, ctx.name("role", r.guessed)),
        el("td", {}, ctx.name("role", r.role)), el("td", {}, r.right ? "\u2713" : "\u2717")))));
  }

  // ---------------------------------------------------------------- the reference sheet
  function sheetEntries(sheet) {
    return [el("p", {class: "hint"}, sheet.rule), ...sheet.sections.map(sec => el("details", {open: true, class: "sheet-sec"},
      el("summary", {}, sec.title),
      el("dl", {}, sec.entries.flatMap(e => [el("dt", {}, e.name), ...e.lines.map(l => el("dd", {}, l))]))))];
  }

  async function toggleSheet() {
    const panel = $("sheet-panel");
    st.sheetShown = !st.sheetShown;
    panel.hidden = !st.sheetShown;
    $("sheet-btn").classList.toggle("on", st.sheetShown);
    if (!st.sheetShown || st.sheet) return;
    try {
      st.sheet = (await SK.api("GET", `/api/tables/${ctx.tableId}/reference`)).sheet;
      $("sheet-title").textContent = st.sheet.title;
      $("sheet").replaceChildren(...sheetEntries(st.sheet));
    } catch (e) { $("sheet").textContent = e.message; }
  }

  // ---------------------------------------------------------------- the deduction assistant (this seat's view only)
  async function refreshAssistant() {
    const v = ctx.version();
    if (!st.assistantOn || st.assistantFor === v) return;
    st.assistantFor = v;
    try {
      const r = await SK.api("GET", `/api/tables/${ctx.tableId}/seats/${encodeURIComponent(ctx.seat())}/assistant`, undefined, ctx.token());
      if (r.version !== ctx.version()) return;
      drawAssistant(r.assistant);
    } catch (e) { $("assistant").textContent = e.message; }
  }

  function drawAssistant(a) {
    if (a.unsupported) { $("assistant").replaceChildren(el("p", {class: "hint"}, a.unsupported)); return; }
    $("assistant").replaceChildren(
      el("p", {id: "assistant-summary"}, a.summary),
      el("h4", {}, a.characters_title),
      el("ul", {class: "assist"}, a.characters.map(c => el("li", {},
        el("b", {}, c.name), ": ", c.possible.join(t("page.list_separator")),
        c.why.length ? el("details", {class: "why"}, el("summary", {}, c.ruled_out.length ? t("page.assistant.why_not", {roles: c.ruled_out.join(t("page.list_separator"))}) : t("page.assistant.why")),
          el("ul", {}, c.why.map(w => el("li", {}, w)))) : null))),
      a.incidents.length ? el("h4", {}, a.incidents_title) : null,
      el("ul", {class: "assist"}, a.incidents.map(i => el("li", {}, el("b", {}, i.name), ": ", i.possible.join(t("page.list_separator"))))));
  }

  function setupAssistant() {
    const box = $("assistant-on");
    box.addEventListener("change", () => {
      st.assistantOn = box.checked;
      $("assistant").hidden = !box.checked;
      st.assistantFor = -1;
      if (box.checked) { $("assistant").textContent = t("page.assistant.deducing"); refreshAssistant(); }
    });
  }

  // ---------------------------------------------------------------- the log, by loop and day
  // Entries are grouped at the events that open a loop and a day (their type and data, as the view
  // gives them; the words are the log's). The current loop and day stay open; earlier ones fold.
  const opened = {};
  function groupedLog(v) {
    const log = v.log || [], events = v.events || [];
    if (!log.length || events.length !== log.length || !events.some(e => e.type === "loop_start")) return null;
    const loops = [];
    let loop = null, day = null, n = 0;
    const add = (node, li) => node.list.append(li);
    events.forEach((e, i) => {
      const li = el("li", {value: String(i + 1)}, log[i]);
      if (e.type === "loop_start") {
        loop = {key: `L${e.data.loop}`, head: log[i], list: el("ol", {class: "log-days"}), days: [], lost: null};
        loops.push(loop); day = null; return;
      }
      if (e.type === "day_start" && loop) {
        day = {key: `${loop.key}D${e.data.day}`, head: log[i], list: el("ol", {class: "log-entries"})};
        loop.days.push(day); return;
      }
      if (loop && (e.type === "loop_lost" || e.type === "loop_won")) loop.lost = log[i];
      if (day) add(day, li); else if (loop) loop.list.append(li); else { n++; loops.push({pre: li}); }
    });
    const lastLoop = loops.filter(l => !l.pre).pop();
    return loops.map(l => {
      if (l.pre) return l.pre;
      const lastDay = l.days[l.days.length - 1];
      const days = l.days.map(d => fold(d.key, d.head, d.list, l === lastLoop && d === lastDay));
      return el("li", {class: "log-loop"}, fold(l.key, l.lost ? `${l.head} — ${l.lost}` : l.head,
        el("div", {}, l.list, days), l === lastLoop));
    });
  }
  function fold(key, head, body, current) {
    const d = el("details", {class: "log-group", open: key in opened ? opened[key] : current}, el("summary", {}, head), body);
    d.addEventListener("toggle", () => { opened[key] = d.open; });
    return d;
  }

  // ---------------------------------------------------------------- the replay viewer (finished games)
  const rp = {steps: null, step: 0, on: false};
  async function replayTo(step) {
    const seatSel = $("rp-seat");
    try {
      const r = await SK.api("GET", `/api/tables/${ctx.tableId}/replay?step=${step}&seat=${encodeURIComponent(seatSel.value)}`);
      rp.step = r.step; rp.steps = r.steps; rp.on = true;
      $("rp-step").max = String(r.steps); $("rp-step").value = String(r.step);
      $("rp-where").textContent = t("page.replay.where", {step: r.step, steps: r.steps}) + (r.next && r.next.seat
        ? t("page.replay.next_answer", {prompt: r.next.prompt, answer: r.next.answer}) : "");
      $("rp-live").hidden = false;
      document.body.dataset.replay = String(r.step);
      ctx.show(r.view);
    } catch (e) { $("rp-where").textContent = e.message; }
  }
  function setupReplay() {
    $("rp-first").addEventListener("click", () => replayTo(0));
    $("rp-prev").addEventListener("click", () => replayTo(Math.max(0, rp.step - 1)));
    $("rp-next").addEventListener("click", () => replayTo(rp.step + 1));
    $("rp-last").addEventListener("click", () => replayTo(rp.steps === null ? 100000 : rp.steps));
    $("rp-step").addEventListener("change", ev => replayTo(Number(ev.target.value)));
    $("rp-seat").addEventListener("change", () => replayTo(rp.on ? rp.step : 0));
    $("rp-live").addEventListener("click", () => {
      rp.on = false; $("rp-live").hidden = true; delete document.body.dataset.replay; ctx.live();
    });
  }
  function renderReplayPanel(info) {
    $("replay-panel").hidden = !info.over;
    const sel = $("rp-seat");
    if (!info.over || sel.options.length) return;
    const seats = [...Object.keys(info.seats), info.observer_seat];
    sel.replaceChildren(...seats.map(s => el("option", {value: s, selected: s === ctx.seat()}, ctx.seatName(s))));
  }

  // ---------------------------------------------------------------- every view
  function render() {
    const v = ctx.view(), info = ctx.info();
    renderGuessTable(v);
    renderReplayPanel(info);
    const player = !ctx.isGm(ctx.seat()) && ctx.token();
    $("assistant-panel").hidden = !player || info.over;
    refreshAssistant();
  }

  function init(c) {
    ctx = c;
    $("sheet-btn").addEventListener("click", toggleSheet);
    setupAssistant();
    setupReplay();
  }

  return {init, render, renderDecision, groupedLog};
})();
