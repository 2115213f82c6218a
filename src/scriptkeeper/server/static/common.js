// Shared helpers for the lobby and the table page. Plain JavaScript, no build step.
// Names of a game's things (seats included) always come from the server: nothing here makes a
// name from an id. The page's own words come from the server too (/api/texts, in the language of
// the page's menu, remembered in this browser; the browser's Accept-Language until one is chosen):
// `SK.t(id, params)` gives one, and elements marked `data-i18n` (text), `data-i18n-title`,
// `data-i18n-placeholder` and `data-i18n-aria` (attributes) are filled in when the page loads.
"use strict";

const SK = {
  lang: localStorage.getItem("sk.lang") || null,  // null: the server picks from Accept-Language
  msgs: {},
  plural: ["one", "other"],  // the language's plural categories, in the order of its forms (/api/texts)
  t(id, params) {
    let template = SK.msgs[id];
    if (template === undefined) return id;
    if (Array.isArray(template)) {  // plural forms: the one the count `n` asks for in this language
      const n = params && typeof params.n === "number" ? params.n : 0;
      let i = SK.plural.indexOf(new Intl.PluralRules(SK.lang || "en").select(n));
      if (i < 0) i = template.length - 1;
      template = template[Math.min(i, template.length - 1)];
    }
    return template.replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? String(params[k]) : m));
  },
  // Load the page's words, fill in the marked elements, add the language menu to the top bar.
  async ready() {
    let data;
    try {
      data = await SK.api("GET", "/api/texts" + (SK.lang ? `?lang=${encodeURIComponent(SK.lang)}` : ""));
    } catch (e) {
      return;  // the page stays in the English it is written in
    }
    SK.lang = data.lang;
    SK.msgs = data.messages;
    SK.plural = data.plural || SK.plural;
    document.documentElement.lang = data.lang;
    SK.translate(document);
    const bar = document.querySelector(".topbar");
    if (bar && !document.getElementById("lang-menu")) {
      const menu = SK.el("select", {id: "lang-menu", class: "lang-menu", "aria-label": SK.t("page.lang_menu"),
        onchange: ev => { localStorage.setItem("sk.lang", ev.target.value); location.reload(); }},
        data.languages.map(l => SK.el("option", {value: l.id, selected: l.id === data.lang}, l.name)));
      bar.append(menu);
    }
  },
  translate(root) {
    root.querySelectorAll("[data-i18n]").forEach(e => { e.textContent = SK.t(e.dataset.i18n); });
    for (const [attr, key] of [["title", "i18nTitle"], ["placeholder", "i18nPlaceholder"], ["aria-label", "i18nAria"]])
      root.querySelectorAll(`[data-${key.replace(/[A-Z]/g, c => "-" + c.toLowerCase())}]`).forEach(e => {
        e.setAttribute(attr, SK.t(e.dataset[key]));
      });
  },
  el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(e.dataset, v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  },
  async api(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = "Bearer " + token;
    if (SK.lang) headers["Accept-Language"] = SK.lang;  // the server renders what it sends in this language
    const r = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) {
      const msg = data && (data.error || (data.detail && JSON.stringify(data.detail))) || r.statusText;
      const err = new Error(msg);
      err.status = r.status; err.data = data;
      throw err;
    }
    return data;
  },
  // A seat's name as the server gave it (table info and /api/games carry `seat_names`).
  seatName(names, seat) {
    return (names && names[seat]) || String(seat);
  },
  // Public facts of a setup ({set: "First Steps", loops: 2}), as one line: texts as they are,
  // numbers with their key's words (page.fact.<key>); a game whose facts have no such words sends
  // them as Texts (the page makes no word of a key).
  facts(pub) {
    const sep = SK.msgs["page.list_separator"] !== undefined ? SK.t("page.list_separator") : ", ";
    return Object.entries(pub || {}).map(([k, v]) => typeof v !== "number" ? String(v)
      : SK.msgs[`page.fact.${k}`] !== undefined ? SK.t(`page.fact.${k}`, {n: v}) : String(v)).join(sep);
  },
  // Seats this browser holds: {tableId: {seat, token}}
  remember(tableId, seat, token) {
    const all = JSON.parse(localStorage.getItem("sk.seats") || "{}");
    all[tableId] = {seat, token};
    localStorage.setItem("sk.seats", JSON.stringify(all));
  },
  remembered(tableId) {
    const all = JSON.parse(localStorage.getItem("sk.seats") || "{}");
    return all[tableId] || null;
  },
  // The first commitment this browser saw for a table: it must never change (issue 21).
  pinCommitment(tableId, commitment) {
    const all = JSON.parse(localStorage.getItem("sk.commitments") || "{}");
    if (!all[tableId]) {
      all[tableId] = commitment;
      localStorage.setItem("sk.commitments", JSON.stringify(all));
    }
    return all[tableId];
  },
  // Tables this browser created: {tableId: ownerToken} (the token deletes the table)
  own(tableId, ownerToken) {
    const all = JSON.parse(localStorage.getItem("sk.owned") || "{}");
    if (ownerToken) all[tableId] = ownerToken; else delete all[tableId];
    localStorage.setItem("sk.owned", JSON.stringify(all));
  },
  owned(tableId) {
    return JSON.parse(localStorage.getItem("sk.owned") || "{}")[tableId] || null;
  },
  seatLink(tableId, seat, token) {
    return `${location.origin}/t/${tableId}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
  },
};
