// The parts of the table page for playing alone and learning: a series of questions answered in one
// form (the Final Guess: every item at once, editable, confirmed, then sent in order), the AI
// team-mates' proposals beside a team decision, the guess-against-truth table at the end, the
// game's reference sheet (GET /api/tables/ID/reference) and the deduction assistant of this seat
// (GET /api/tables/ID/seats/SEAT/assistant, opt-in), and a hint (GET .../hint: what the AI would
// play in this seat now, and why). Like table.js it holds no rule and no name:
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
  // The page's own words of this file's newer parts (the game's words come rendered).
  const WORDS = {
    draftOf: seat => t("page.team.draft_of", {seat}),
    notChosen: "-",
    usedCards: () => t("page.hand.used_this_loop"),
    lost: () => t("page.loop.lost"), won: () => t("page.loop.won"),  // after a finished loop's first log line
  };

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

  // ---------------------------------------------------------------- a team-mate's form, live (view.team_drafts)
  function draftsBox(v) {
    const ds = v.team_drafts || [];
    if (!ds.length) return null;
    return el("div", {class: "drafts", id: "team-drafts"}, ds.map(dr => el("div", {class: "draft", "data-seat": dr.seat},
      el("p", {class: "hint"}, WORDS.draftOf(ctx.seatName(dr.seat))),
      el("table", {class: "series-form"}, el("tbody", {}, dr.rows.map(r => el("tr", {class: r.answered ? "done" : "", "data-key": r.key},
        el("th", {}, r.label), el("td", {}, r.answer === null ? WORDS.notChosen : r.answer))))))));
  }

  // What this page's form shows now goes to the server, which shows it to the team-mates (only when it changed).
  let lastDraft = null;
  function shareDraft(series, d) {
    const answered = series.answered || {}, answers = {};
    for (const item of series.items) {
      if (!(item.key in answered)) answers[item.key] = item.key in st.draft ? st.draft[item.key] : d.options[0].value;
    }
    const sent = JSON.stringify(answers);
    if (sent === lastDraft) return;
    lastDraft = sent;
    ctx.send({type: "draft", answers});
  }

  // The AI team-mates' proposals for one row, those that agree on one line: [[label, [seat names]]].
  function agreeing(ps, key) {
    const by = new Map();
    for (const p of ps) {
      const x = p.series && p.series[key];
      if (x) by.set(x.label, [...(by.get(x.label) || []), ctx.seatName(p.seat)]);
    }
    return [...by.entries()];
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
                                onchange: ev => { st.draft[item.key] = JSON.parse(ev.target.value); st.touched[item.key] = true;
                                                  shareDraft(series, d); }},
        d.options.map(o => el("option", {value: JSON.stringify(o.value), selected: JSON.stringify(o.value) === JSON.stringify(value)}, o.label)));
      return el("tr", {class: done ? "done" : ""},
        el("th", {}, item.label),
        el("td", {}, sel),
        el("td", {class: "hint"}, agreeing(ps, item.key).map(([label, seats]) => el("div", {}, `${seats.join(", ")}: ${label}`)),
          // Another human taking the same decision: its form as it is now.
          (ctx.view().team_drafts || []).map(dr => dr.rows.filter(r => r.key === item.key && r.answer !== null).map(r =>
            el("div", {class: "draft-cell"}, `${ctx.seatName(dr.seat)}: ${r.answer}`)))));
    });
    shareDraft(series, d);
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
      el("p", {class: "prompt", id: "prompt"}, series.title || d.prompt), note,  // the whole form's question
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

  // ---------------------------------------------------------------- a hint for a learner (this seat's view only)
  // What the AI would play in this seat's pending decision and why: one sentence, rendered by the server.
  let hintFor = -1;
  async function askHint() {
    const v = ctx.version();
    hintFor = v;
    $("hint").hidden = false;
    $("hint").textContent = t("page.hint.thinking");
    try {
      const r = await SK.api("GET", `/api/tables/${ctx.tableId}/seats/${encodeURIComponent(ctx.seat())}/hint`, undefined, ctx.token());
      if (r.version !== ctx.version()) return;
      $("hint").textContent = r.hint;
    } catch (e) { $("hint").textContent = e.message; }
  }

  function renderHintPanel(info) {
    const d = ctx.view().decision;
    $("hint-panel").hidden = !(ctx.token() && d && !info.over);
    if (hintFor !== ctx.version()) { $("hint").hidden = true; $("hint").textContent = ""; }
  }

  // ---------------------------------------------------------------- the log, by loop and day
  // Entries are grouped at the events that open a loop and a day (their type and data, as the view
  // gives them; the words are the log's). The current loop and day stay open; earlier ones fold.
  const opened = {};
  function summaryBox(sum) {
    return el("div", {class: "loop-summary", "data-loop": String(sum.loop)}, el("b", {}, sum.title),
      el("ul", {}, sum.lines.map(t => el("li", {}, t))));
  }
  // The log grouped at the marks the view gives (loop_summaries: where each loop and day begins in
  // this seat's log), each loop closed by its summary: what it revealed, as this seat saw it (the
  // running loop's so far, at the foot of the log where the player reads).
  function groupedBySummaries(v) {
    const log = v.log || [], sums = v.loop_summaries || [];
    if (!log.length || !sums.length) return null;
    const out = log.slice(0, sums[0].at).map((t, i) => el("li", {value: String(i + 1)}, t));
    sums.forEach((sum, n) => {
      const end = n + 1 < sums.length ? sums[n + 1].at : log.length;
      const starts = sum.days.map(x => x[1]);
      const entries = (a, b) => el("ol", {class: "log-entries"}, log.slice(a, b).map((t, k) => el("li", {value: String(a + k + 1)}, t)));
      const current = n === sums.length - 1;
      const days = starts.map((at, k) => fold(`L${sum.loop}D${sum.days[k][0]}`, log[at],
        entries(at + 1, k + 1 < starts.length ? starts[k + 1] : end), current && k === starts.length - 1));
      const head = log[sum.at] + (sum.lost === null ? "" : sum.lost ? WORDS.lost() : WORDS.won());
      out.push(el("li", {class: "log-loop"}, fold(`L${sum.loop}`, head,
        el("div", {}, entries(sum.at + 1, starts.length ? starts[0] : end), el("ol", {class: "log-days"}, days), summaryBox(sum)), current)));
    });
    return out;
  }
  function groupedLog(v) {
    if (v.loop_summaries) return groupedBySummaries(v);
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
    $("assistant-panel").hidden = !player || info.over || !info.assistant;
    refreshAssistant();
    renderHintPanel(info);
  }

  function init(c) {
    ctx = c;
    $("sheet-btn").addEventListener("click", toggleSheet);
    setupAssistant();
    $("hint-btn").addEventListener("click", askHint);
    setupReplay();
  }

  // ---------------------------------------------------------------- every hand's used once-per-loop cards (public once played)
  function usedCardsBox(v) {
    const used = Object.entries(v.set_aside || {}).filter(([, cards]) => cards.length);
    if (!used.length) return null;
    return el("div", {class: "used-cards", id: "used-cards"}, el("h4", {}, WORDS.usedCards()),
      el("ul", {}, used.map(([who, cards]) => el("li", {"data-hand": who}, el("b", {}, `${ctx.name("seat", who)}: `),
        cards.map(c => ctx.name("card", c)).join(", ")))));
  }

  return {init, render, renderDecision, groupedLog, draftsBox, usedCardsBox};
})();
