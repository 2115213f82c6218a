// The script editor: forms drawn from the game's workshop catalog (GET /api/games/{game}/workshop),
// every change checked by the server (the check `scriptkeeper check` runs) and each problem shown
// next to the part of the script it names (its `where`). No rule and no name lives here: the sets,
// plots, roles, characters, incidents, their limits and texts all come from the catalog.
"use strict";

(() => {
  const $ = id => document.getElementById(id);
  const el = SK.el;
  const game = new URLSearchParams(location.search).get("game") || "tragedy_looper";
  const base = `/api/games/${encodeURIComponent(game)}/workshop`;
  const t = SK.t;  // the page's words in the reader's language
  const STORE = `sk.editor.${game}`;
  let cat = null;          // the catalog
  let draft = null;        // {title, set, main_plot, subplots[], loops, days, cast[{ch, role, settings}], incidents[], special_rules}
  let last = null;         // the last check's answer
  let timer = null, asked = 0;

  const setOf = id => cat.sets.find(s => s.id === id) || cat.sets[0];
  const byId = (list, id) => list.find(x => x.id === id);
  const options = (list, chosen, blank) => [blank !== undefined ? el("option", {value: ""}, blank) : null,
    ...list.map(x => el("option", {value: x.id, selected: x.id === chosen}, x.name))];

  // ------------------------------------------------------------ draft <-> script data
  function emptyDraft(setId) {
    const s = setOf(setId);
    return {title: "", set: s.id, main_plot: "", subplots: Array(s.subplots).fill(""), loops: 3, days: 4, cast: [], incidents: [],
            special_rules: ""};
  }
  function fromScript(data) {
    const s = setOf(data.set);
    const subs = Array.isArray(data.subplots) ? data.subplots.slice() : data.subplots ? [data.subplots] : [];
    while (subs.length < s.subplots) subs.push("");
    const cast = Object.entries(data.cast || {}).map(([ch, v]) => {
      if (v && typeof v === "object") { const {role, ...settings} = v; return {ch, role: role || s.default_role, settings}; }
      return {ch, role: v || s.default_role, settings: {}};
    });
    // Keys the editor has no form for (a tool's x- annotations) are kept as they are.
    const known = new Set(["title", "set", "main_plot", "subplots", "loops", "days", "cast", "incidents", "special_rules"]);
    const extra = Object.fromEntries(Object.entries(data).filter(([k]) => !known.has(k)));
    return {title: data.title || "", set: data.set || s.id, main_plot: data.main_plot || "", subplots: subs,
            loops: data.loops, days: data.days, cast, incidents: (data.incidents || []).map(i => ({...i})),
            special_rules: data.special_rules || "", extra};
  }
  function toScript() {
    const cast = {};
    for (const c of draft.cast) {
      const settings = Object.fromEntries(Object.entries(c.settings).filter(([, v]) => v !== "" && v !== null && v !== undefined));
      cast[c.ch] = Object.keys(settings).length ? {role: c.role, ...settings} : c.role;
    }
    const out = {title: draft.title, set: draft.set, main_plot: draft.main_plot, subplots: draft.subplots, loops: draft.loops,
                 days: draft.days, cast, incidents: draft.incidents.map(i => {
                   const row = {day: i.day, incident: i.incident, culprit: i.culprit};
                   if (i.public_name) row.public_name = i.public_name;
                   return row;
                 })};
    if (draft.special_rules) out.special_rules = draft.special_rules;
    return {...out, ...(draft.extra || {})};
  }
  const num = v => (v === "" || v === null || v === undefined || isNaN(Number(v))) ? v : Number(v);

  // ------------------------------------------------------------ drawing the forms
  function draw() {
    const s = setOf(draft.set);
    $("e-title").value = draft.title;
    $("e-set").replaceChildren(...options(cat.sets, draft.set));
    for (const [id, key, range] of [["e-loops", "loops", cat.loops], ["e-days", "days", cat.days]]) {
      $(id).value = draft[key] ?? ""; $(id).min = range[0]; $(id).max = range[1];
    }
    $("e-main").replaceChildren(...options(s.plots.filter(p => p.main), draft.main_plot, t("page.editor.choose")));
    $("e-subplots").replaceChildren(...draft.subplots.map((sub, k) => el("label", {}, t("page.editor.subplot", {n: k + 1}) + " ",
      el("select", {"data-where": "subplots", "aria-label": t("page.editor.subplot", {n: k + 1}), onchange: e => { draft.subplots[k] = e.target.value; changed(); }},
        ...options(s.plots.filter(p => !p.main), sub, t("page.editor.choose"))))));
    drawPlotInfo(s);
    drawCast(s);
    drawIncidents(s);
    $("e-special").value = draft.special_rules;
  }

  function drawPlotInfo(s) {
    const chosen = [draft.main_plot, ...draft.subplots].map(id => byId(s.plots, id)).filter(Boolean);
    $("e-plot-info").replaceChildren(...chosen.map(p => el("div", {class: "plot"},
      el("strong", {}, p.name), " ",
      el("span", {class: "hint"}, [...p.roles.map(r => `${r.name}${r.count > 1 ? " ×" + r.count : ""}`),
                                  ...p.optional_roles.map(r => `${r.name} ${r.min}-${r.max}`)].join(t("page.list_separator"))),
      el("ul", {}, ...p.rules.map(t => el("li", {}, t)), ...p.creation.map(t => el("li", {class: "creation"}, t))))));
  }

  function roleNote(s, roleId) {
    const r = byId(s.roles, roleId);
    if (!r) return "";
    return [r.max !== null ? t("page.editor.at_most", {n: r.max}) : "", r.text, ...r.abilities].filter(Boolean).join(" - ");
  }

  function drawCast(s) {
    const used = new Set(draft.cast.map(c => c.ch));
    $("e-cast").replaceChildren(...draft.cast.map((c, k) => {
      const card = byId(s.characters, c.ch);
      const settingInputs = (card ? card.settings : []).map(st => {
        const value = c.settings[st.key] ?? "";
        const set = v => { c.settings[st.key] = st.kind === "location" ? v : num(v); changed(); };
        if (st.kind === "location")
          return el("label", {}, `${st.label} `, el("select", {"aria-label": `${card.name}: ${st.label}`, onchange: e => set(e.target.value)},
            ...options(s.locations, value, t("page.editor.choose"))));
        const most = st.kind === "day" ? (draft.days || cat.days[1]) : (draft.loops || cat.loops[1]);  // a loop or a day
        return el("label", {}, `${st.label} `, el("input", {type: "number", min: 1, max: most, value,
          "aria-label": `${card.name}: ${st.label}`, oninput: e => set(e.target.value)}));
      });
      return el("tr", {"data-where": `cast.${c.ch}`},
        el("td", {title: card ? characterNote(card) : ""}, card ? card.name : c.ch,
           card ? el("div", {class: "hint"}, characterNote(card)) : null),
        el("td", {}, el("select", {"aria-label": t("page.editor.role_of", {character: card ? card.name : c.ch}), onchange: e => { c.role = e.target.value; changed(); }},
          ...options(s.roles, c.role)), el("div", {class: "hint"}, roleNote(s, c.role))),
        el("td", {}, ...settingInputs),
        el("td", {}, el("button", {type: "button", class: "small", "aria-label": t("page.editor.remove_named", {name: card ? card.name : c.ch}),
          onclick: () => { draft.cast.splice(k, 1); changed(true); }}, t("page.editor.remove")),
          el("div", {class: "problems", "data-problems": `cast.${c.ch}`})));
    }));
    $("e-add-character").replaceChildren(...options(s.characters.filter(c => !used.has(c.id)), "", t("page.editor.choose")));
  }

  function characterNote(card) {
    const parts = [t("page.board.limit", {counter: setOf(draft.set).limit_name, n: card.paranoia_limit}), card.tags.join(t("page.list_separator"))];
    if (card.start) parts.push(t("page.editor.starts_in", {location: card.start}));
    if (card.forbidden.length) parts.push(t("page.board.forbidden", {locations: card.forbidden.join(t("page.list_separator"))}));
    return parts.filter(Boolean).join(" - ");
  }

  function drawIncidents(s) {
    const cast = draft.cast.map(c => byId(s.characters, c.ch)).filter(Boolean);
    const days = Array.from({length: Math.max(1, Number(draft.days) || 1)}, (_, k) => ({id: k + 1, name: String(k + 1)}));
    $("e-incidents").replaceChildren(...draft.incidents.map((inc, k) => {
      const def = byId(s.incidents, inc.incident);
      return el("tr", {"data-where": `incidents.${k}`},
        el("td", {}, el("select", {"aria-label": t("page.editor.incident_day", {n: k + 1}), onchange: e => { inc.day = num(e.target.value); changed(); }},
          ...days.map(d => el("option", {value: d.id, selected: d.id === inc.day}, d.name)))),
        el("td", {}, el("select", {"aria-label": t("page.editor.incident_incident", {n: k + 1}), onchange: e => { inc.incident = e.target.value; delete inc.public_name; changed(true); }},
          ...options(s.incidents, inc.incident, t("page.editor.choose"))), def ? el("div", {class: "hint"}, def.text) : null),
        el("td", {}, el("select", {"aria-label": t("page.editor.incident_culprit", {n: k + 1}), onchange: e => { inc.culprit = e.target.value; changed(); }},
          ...options(cast, inc.culprit, t("page.editor.choose")))),
        el("td", {}, def && def.may_show_other_name ? el("select", {"aria-label": t("page.editor.incident_shown_as", {n: k + 1}),
          onchange: e => { inc.public_name = e.target.value || undefined; changed(); }},
          ...options(s.incidents.filter(i => i.id !== inc.incident), inc.public_name || "", t("page.editor.own_name"))) : ""),
        el("td", {}, el("button", {type: "button", class: "small", "aria-label": t("page.editor.remove_incident", {n: k + 1}),
          onclick: () => { draft.incidents.splice(k, 1); changed(true); }}, t("page.editor.remove")),
          el("div", {class: "problems", "data-problems": `incidents.${k}`})));
    }));
  }

  // ------------------------------------------------------------ checking
  function changed(redraw) {
    if (redraw) draw(); else drawPlotInfo(setOf(draft.set));
    localStorage.setItem(STORE + ".autosave", JSON.stringify(toScript()));
    clearTimeout(timer);
    timer = setTimeout(check, 200);
  }

  async function check() {
    const n = ++asked;
    const r = await SK.api("POST", `${base}/check`, {setup: toScript()});
    if (n !== asked) return;  // a later edit is being checked
    last = r;
    showProblems(r);
  }

  function showProblems(r) {
    document.querySelectorAll("[data-problems]").forEach(box => box.replaceChildren());
    document.querySelectorAll(".has-problem").forEach(e => e.classList.remove("has-problem"));
    for (const p of r.problems) {
      const line = () => el("div", {class: "problem", "data-rule": p.rule}, p.message);
      const exact = document.querySelector(`[data-problems~="${CSS.escape(p.where)}"]`);
      const section = document.querySelector(`[data-problems~="${CSS.escape(p.where.split(".")[0])}"]`);
      (exact || section || $("e-problems")).append(line());
      const owner = document.querySelector(`[data-where="${CSS.escape(p.where)}"]`);
      if (owner) owner.classList.add("has-problem");
    }
    $("e-problems").replaceChildren(...r.problems.map(p => el("li", {"data-rule": p.rule}, p.message)));
    $("verdict").textContent = r.legal ? t("page.editor.legal") : t("page.editor.problems", {n: r.problems.length});
    $("verdict").className = "verdict " + (r.legal ? "ok" : "bad");
    $("e-summary").textContent = r.legal ? r.summary : t("page.editor.not_yet_legal");
    $("e-yaml").textContent = r.yaml || "";
    for (const id of ["e-download", "e-create", "b-run"]) $(id).disabled = !r.legal && id !== "e-download";
  }

  // ------------------------------------------------------------ opening
  function openSetup(answer) {
    $("e-open-error").textContent = "";
    $("e-choose-wrap").hidden = !answer.choose;
    if (answer.choose) {
      $("e-choose").replaceChildren(...answer.choose.map(t => el("option", {value: t}, t)));
      return;
    }
    draft = fromScript(answer.setup || {});
    $("e-notes").textContent = (answer.notes || []).join("; ");
    changed(true);
  }
  let fileText = "";
  async function openFile(name) {
    try { openSetup(await SK.api("POST", `${base}/open`, {text: fileText, name: name || ""})); }
    catch (e) { $("e-open-error").textContent = e.message; }
  }

  // ------------------------------------------------------------ the balance test
  async function runBalance() {
    $("b-error").textContent = ""; $("b-results").hidden = true;
    const games = Math.max(1, Math.min(20, Number($("b-games").value) || 1));
    try {
      const {job} = await SK.api("POST", `${base}/balance`, {setup: toScript(), games, mastermind: $("b-mm").value, protagonists: $("b-pr").value});
      $("b-run").disabled = true; $("b-progress").hidden = false;
      for (;;) {
        const j = await SK.api("GET", `${base}/balance/${job}`);
        $("b-progress").max = Math.max(1, j.total); $("b-progress").value = j.done;
        $("b-state").textContent = j.state === "queued" ? t("page.editor.queued") : t("page.editor.progress", {done: j.done, total: j.total});
        if (j.state === "finished") { showBalance(j.result); break; }
        if (j.state === "failed") { $("b-error").textContent = j.error; break; }
        await new Promise(res => setTimeout(res, 500));
      }
    } catch (e) { $("b-error").textContent = e.message; }
    $("b-run").disabled = !(last && last.legal);
  }
  const pct = x => `${Math.round(x * 100)}%`;
  function showBalance(res) {
    $("b-state").textContent = t("page.editor.done");
    $("b-results").hidden = false;
    $("b-results").querySelector("tbody").replaceChildren(...res.rows.map(r => el("tr", {class: r.the_scripts ? "own" : ""},
      el("td", {}, String(r.loops), r.the_scripts ? t("page.editor.the_scripts") : ""), el("td", {}, String(r.games)),
      el("td", {}, `${pct(r.protagonists_win_rate)} (${pct(r.ci95[0])}-${pct(r.ci95[1])})`),
      el("td", {}, `${r.by_loop} / ${r.by_final_guess}`),
      el("td", {}, r.deciding.map(d => `${d.name} ${pct(d.share)}`).join(t("page.list_separator")) || "-"))));
  }

  // ------------------------------------------------------------ actions
  async function createTable() {
    $("e-action-error").textContent = "";
    try {
      const t = await SK.api("POST", "/api/tables", {game, script_yaml: last.text, name: draft.title || ""});
      const gm = Object.keys(t.tokens)[0];
      SK.remember(t.id, gm, t.tokens[gm]);
      location.href = `/t/${t.id}#seat=${encodeURIComponent(gm)}&token=${encodeURIComponent(t.tokens[gm])}`;
    } catch (e) { $("e-action-error").textContent = e.message; }
  }
  function download() {
    const blob = new Blob([last ? last.yaml : ""], {type: "text/yaml"});
    const a = el("a", {href: URL.createObjectURL(blob), download: `${(draft.title || "script").replace(/[^\w-]+/g, "_")}.yaml`});
    document.body.append(a); a.click(); a.remove();
  }

  async function start() {
    cat = await SK.api("GET", base);
    const [shipped, agents] = await Promise.all([SK.api("GET", `/api/scripts?game=${encodeURIComponent(game)}`),
                                                 SK.api("GET", `/api/agents?game=${encodeURIComponent(game)}`)]);
    $("e-shipped").replaceChildren(...shipped.map(s => el("option", {value: s.name}, s.name)));
    for (const id of ["b-mm", "b-pr"]) {
      $(id).replaceChildren(...agents.map((a, k) => el("option", {value: a.name, selected: k === agents.length - 1}, `${a.label || a.name} - ${a.description}`)));
    }
    $("e-open-shipped").onclick = async () => openSetup(await SK.api("GET", `${base}/shipped/${$("e-shipped").value}`));
    $("e-new").onclick = () => { draft = emptyDraft(draft ? draft.set : null); $("e-notes").textContent = ""; changed(true); };
    $("e-file").onchange = async e => { const f = e.target.files[0]; if (f) { fileText = await f.text(); openFile(""); } };
    $("e-choose-btn").onclick = () => openFile($("e-choose").value);
    $("e-title").oninput = e => { draft.title = e.target.value; changed(); };
    $("e-set").onchange = e => { const keepTitle = draft.title; draft = emptyDraft(e.target.value); draft.title = keepTitle; changed(true); };
    $("e-loops").oninput = e => { draft.loops = num(e.target.value); changed(); };
    $("e-days").oninput = e => { draft.days = num(e.target.value); drawIncidents(setOf(draft.set)); changed(); };
    $("e-main").onchange = e => { draft.main_plot = e.target.value; changed(); };
    $("e-special").oninput = e => { draft.special_rules = e.target.value; changed(); };
    $("e-add-character-btn").onclick = () => {
      const ch = $("e-add-character").value;
      if (ch) { draft.cast.push({ch, role: setOf(draft.set).default_role, settings: {}}); changed(true); }
    };
    $("e-add-incident").onclick = () => { draft.incidents.push({day: 1, incident: "", culprit: ""}); changed(true); };
    $("e-save").onclick = () => { localStorage.setItem(STORE + ".saved", JSON.stringify(toScript())); $("e-action-error").textContent = t("page.editor.saved"); };
    $("e-download").onclick = download;
    $("e-create").onclick = createTable;
    $("b-run").onclick = runBalance;
    const saved = localStorage.getItem(STORE + ".saved");
    $("e-restore").hidden = !saved;
    $("e-restore").onclick = () => openSetup({setup: JSON.parse(localStorage.getItem(STORE + ".saved"))});
    const auto = localStorage.getItem(STORE + ".autosave");
    draft = auto ? fromScript(JSON.parse(auto)) : emptyDraft(null);
    changed(true);
  }
  SK.ready().then(start).catch(e => { $("e-open-error").textContent = e.message; });
})();
