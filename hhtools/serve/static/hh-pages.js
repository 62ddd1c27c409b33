/* hhtools serve: the pages (window.HH.pages) and the router.
 * Each page reads its filters from location.search, calls its /api route with the
 * same query string and draws itself into <main>; the live stream redraws it. */
"use strict";
(function () {
  const HH = window.HH;
  const el = HH.el;
  const pages = HH.pages;

  const siteCell = (r) => r.site;
  const handLink = (r, query) => el("a", { href: HH.handHref(r.site, r.hand_id, query), class: "mono" }, r.hand_id);
  const playerLink = (name, query) => (name ? el("a", { href: HH.playerHref(name, query) }, name) : "");
  const count = (n) => (Number(n) ? el("span", { class: "badge" }, HH.int(n)) : el("span", { class: "muted", text: "0" }));
  const where = (file, line) => {  // line 0: the whole file (an archive that cannot be opened)
    const at = line ? `${file}:${line}` : file;
    return el("span", { class: "mono where", title: at }, at);
  };
  const head = (title, sub) => el("div", { class: "pagehead" }, el("h1", { text: title }), sub ? el("p", { class: "muted" }, sub) : null);

  /* Sites for the forms' lists: the overview's, fetched once in the background. */
  async function fillSites(root) {
    const list = root.querySelector("#f-site-list");
    if (!list || list.childElementCount) return;
    if (!HH.sites) {
      try { HH.sites = (await HH.api("/api/overview")).sites || []; } catch (e) { HH.sites = []; }
    }
    HH.append(list, HH.sites.map((s) => el("option", { value: s })));
  }

  /* ---- overview ---- */
  pages.overview = async function (main) {
    const p = HH.params();
    const data = await HH.api("/api/overview", location.search);
    const tiles = el("div", { class: "tiles" },
      tile("Hands", HH.int(data.hands), "/hands"),
      tile("Players", HH.int(data.players), "/players"),
      tile("Sites", HH.int((data.sites || []).length), null, (data.sites || []).join(", ")),
      tile("Findings", HH.int((data.findings_by_kind || []).reduce((a, f) => a + f.count, 0)), "/findings"),
      tile("Problems", HH.int(data.problems), "/problems"),
      tile("Imports", HH.int(data.imports), "/imports"));
    const span = data.first ? `${HH.when(data.first)} \u2013 ${HH.when(data.last)}` : "no hands yet";
    const who = data.player;
    const pick = el("form", { class: "inline", role: "search" },
      el("label", { for: "f-player" }, "Results of "),
      el("input", { id: "f-player", name: "player", value: p.get("player") || who || "", placeholder: "player", autocomplete: "off" }),
      el("button", { type: "submit", text: "Show" }));
    pick.addEventListener("submit", (ev) => {
      ev.preventDefault();
      HH.go(location.pathname + HH.query(p, { player: pick.elements.namedItem("player").value.trim() }));
    });
    const charts = (data.results || []).map((r) => HH.chart(r, `${r.currency || "chips"} \u00b7 ${HH.int(r.hands)} hands`));
    const money = HH.table([
      { key: "currency", label: "Currency" },
      { key: "hands", label: "Hands", num: true, cell: (r) => el("a", { href: "/hands?currency=" + encodeURIComponent(r.currency) }, HH.int(r.hands)) },
      { key: "pots", label: "Total pots", num: true, cell: (r) => HH.money(r.pots, r.currency) },
      { key: "rake", label: "Rake", num: true, cell: (r) => HH.money(r.rake, r.currency) },
    ], data.currencies || []);
    const kinds = HH.table([
      { key: "kind", label: "Kind", cell: (r) => el("a", { href: "/findings?kind=" + encodeURIComponent(r.kind) }, r.kind.replace(/_/g, " ")) },
      { key: "count", label: "Findings", num: true, cell: (r) => HH.int(r.count) },
      { key: "hands", label: "", cell: (r) => el("a", { href: "/hands?finding=" + encodeURIComponent(r.kind), class: "muted" }, "hands \u203a") },
    ], data.findings_by_kind || [], { empty: "No findings: every pot was paid by the rules." });
    HH.append(HH.clear(main), [
      head("Overview", span),
      tiles,
      el("section", { class: "card" }, el("div", { class: "cardhead" }, el("h2", { text: "Results" }), pick),
        who ? el("p", { class: "muted" }, playerLink(who), ": net won (solid) and the all-in EV line (dashed), the all-in expectation in place of the result where hhtools ev worked one out.") : null,
        charts.length ? el("div", { class: "charts" }, charts) : el("p", { class: "muted", text: "No results to draw." })),
      el("div", { class: "two" }, HH.section("Money per currency", money), HH.section("Findings by kind", kinds)),
    ]);
  };
  function tile(label, value, href, title) {
    const inner = [el("span", { class: "tile-value", text: value }), el("span", { class: "tile-label", text: label })];
    return href ? el("a", { class: "tile", href, title }, inner) : el("div", { class: "tile", title }, inner);
  }

  /* ---- players ---- */
  pages.players = async function (main) {
    const p = HH.params();
    const form = HH.filterForm(HH.statsFields(true));
    HH.append(HH.clear(main), [head("Players", "Statistics as hhtools stats counts them; percentages with the counts behind them in each cell's tooltip. Click a column to sort."), form]);
    fillSites(main);
    const data = await HH.api("/api/players", location.search);
    const query = HH.shared();
    const columns = HH.statsColumns(data.columns, data.rows, {
      player: { key: "player", label: "Player", cell: (r) => playerLink(r.player, query), desc: false, title: (r) => r.player },
    });
    main.append(HH.pager(data), HH.table(columns, data.rows, { sortable: true, sort: "hands", desc: () => !p.has("desc") || p.get("desc") === "1", cls: "stats", empty: "No player matches these filters." }), HH.pager(data));
  };

  /* ---- one player ---- */
  pages.player = async function (main) {
    const name = decodeURIComponent(location.pathname.slice("/players/".length));
    document.title = name + " \u00b7 hhtools";
    const form = HH.filterForm(HH.statsFields(false));
    HH.append(HH.clear(main), [head(name, "Filters apply to the statistics and positions; the graph and sessions cover all hands."), form]);
    fillSites(main);
    const data = await HH.api("/api/players/" + encodeURIComponent(name), location.search);
    const shown = data.name || name;
    main.querySelector("h1").textContent = shown;
    const stats = data.stats;
    const blocks = [];
    if (stats) {
      const keys = ["hands", "vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet", "wtsd", "wsd", "wwsf", "scoop", "quartered", "af", "afq"];
      const cols = HH.statsColumns(Object.keys(stats), [stats]).filter((c) => keys.includes(c.key));
      const grid = el("dl", { class: "statgrid" }, cols.map((c) =>
        el("div", { class: "stat", title: c.title ? c.title(stats) : null }, el("dt", { text: c.label }), el("dd", {}, c.cell(stats), c.title || c.key === "afq" ? "%" : ""))));
      blocks.push(HH.section("Statistics", grid, moneyTable(stats)));
    } else {
      blocks.push(HH.section("Statistics", el("p", { class: "muted", text: "No hands match these filters." })));
    }
    const g = data.graph;
    const curs = data.currencies || [];
    const pickCur = curs.length > 1 ? el("nav", { class: "tabs", "aria-label": "currency" }, curs.map((c) =>
      el("a", { class: "soft" + (g && g.currency === c.currency ? " on" : ""), href: HH.query(HH.params(), { currency: c.currency }) }, `${c.currency || "chips"} (${HH.int(c.hands)})`))) : null;
    blocks.push(el("section", { class: "card" }, el("div", { class: "cardhead" }, el("h2", { text: "Results" }), pickCur),
      g ? HH.chart(g, `${shown} \u00b7 ${g.currency || "chips"} \u00b7 ${HH.int(g.hands)} hands`) : el("p", { class: "muted", text: "No hands." })));
    const posCols = HH.statsColumns(Object.keys((data.positions || [])[0] || { position: "" }), data.positions || [])
      .filter((c) => ["position", "hands", "vpip", "pfr", "three_bet", "cbet", "wtsd", "wsd", "af"].includes(c.key) || HH.moneyKind(c.key) && c.key.startsWith("net_won_"));
    blocks.push(HH.section("By position", HH.table(posCols, data.positions || [])));
    const sess = data.sessions || [];
    blocks.push(HH.section(`Sessions (${HH.int(data.sessions_total || sess.length)}, latest first)`, HH.table([
      /* sessions are cut on the UTC moments of the hands (the site's clock where a
       * history gives no other), so their times are not the hands list's filters */
      { key: "start", label: "Start (UTC)", cell: (r) => HH.when(r.start) },
      { key: "minutes", label: "Minutes", num: true, cell: (r) => HH.int(Math.round(r.minutes)) },
      { key: "site", label: "Site" },
      { key: "game", label: "Game", cell: (r) => `${r.game} ${r.structure ? r.structure.replace(/_/g, " ") : ""}` },
      { key: "stakes", label: "Stakes" },
      { key: "hands", label: "Hands", num: true, cell: (r) => HH.int(r.hands) },
      { key: "net_won", label: "Net won", num: true, cell: (r) => HH.moneyCell(r.net_won, r.currency, true) },
      { key: "bb_per_100", label: "bb/100", num: true, cell: (r) => HH.fixed(r.bb_per_100, 2) },
    ], sess.slice(0, 20), { empty: "No sessions." })));
    const hands = await HH.api("/api/hands", HH.shared({ player: shown, per_page: "20" }));
    const listQuery = HH.shared({ player: shown });
    blocks.push(HH.section(`Hands (${HH.int(hands.total)})`, handsTable(hands.rows, listQuery, false),
      el("p", {}, el("a", { href: "/hands" + listQuery }, "All their hands \u203a"))));
    HH.append(main, blocks);
  };
  function moneyTable(stats) {
    const rows = new Map();
    for (const [k, v] of Object.entries(stats)) {
      const m = HH.moneyKind(k);
      if (!m || v === null || v === undefined) continue;
      const key = m.cur + " " + m.structure;
      if (!rows.has(key)) rows.set(key, { cur: m.cur, structure: m.structure });
      rows.get(key)[m.prefix] = v;
    }
    if (!rows.size) return null;
    return HH.table([
      { key: "cur", label: "Currency" },
      { key: "structure", label: "Limit", cell: (r) => r.structure.replace(/_/g, " ") },
      { key: "net", label: "Net won", num: true, cell: (r) => HH.moneyCell(r.net_won_, r.cur, true) },
      { key: "bb", label: "bb/100", num: true, cell: (r) => HH.fixed(r.bb_per_100_, 2) },
      { key: "ev", label: "All-in EV net", num: true, cell: (r) => HH.moneyCell(r.ev_net_, r.cur, true) },
      { key: "adj", label: "All-in adj bb/100", num: true, cell: (r) => HH.fixed(r.allin_adj_bb_per_100_, 2) },
    ], [...rows.values()], { cls: "money" });
  }

  /* ---- hands ---- */
  function handsTable(rows, query, sortable) {
    return HH.table([
      /* the hand first: on a phone it is the column in view */
      { key: "hand_id", label: "Hand", cell: (r) => handLink(r, query) },
      { key: "played_at", label: "Played", cell: (r) => HH.when(r.played_at), desc: true },
      { key: "site", label: "Site", cell: siteCell },
      { key: "game", label: "Game", sort: false, cell: (r) => `${r.game} ${(r.structure || "").replace(/_/g, " ")}` },
      { key: "stakes", label: "Stakes", num: true },
      { key: "table", label: "Table", sort: false, cls: "clip", title: (r) => r.table },
      { key: "players", label: "Players", num: true },
      { key: "pot", label: "Pot", num: true, cell: (r) => HH.money(r.pot, r.currency) },
      { key: "winner", label: "Winner", sort: false, cls: "clip", cell: (r) => playerLink(r.winner), title: (r) => r.winner },
      { key: "findings", label: "Findings", num: true, cell: (r) => count(r.findings) },
    ], rows, { sortable, sort: "played_at", desc: (k) => k === "played_at" && !HH.params().has("sort"), cls: "hands", empty: "No hand matches these filters." });
  }
  pages.hands = async function (main) {
    const v = HH.vocab;
    const form = HH.filterForm([
      { name: "player", label: "Player", placeholder: "name" },
      { name: "site", label: "Site", placeholder: "pokerstars", list: HH.sites || [] },
      { name: "game", label: "Game", type: "select", options: v.games.map((g) => [g, g]) },
      { name: "structure", label: "Limit", type: "select", options: v.limits },
      { name: "stakes", label: "Stakes", placeholder: "0.25/0.50" },
      { name: "currency", label: "Currency", placeholder: "USD", list: ["USD", "EUR", "GBP", "CAD", "CHIPS", "PLAY"] },
      { name: "finding", label: "Finding", type: "select", options: v.finding_kinds.map(([k, g]) => [k, `${k.replace(/_/g, " ")} (${g})`]) },
      { name: "min_pot", label: "Min pot (cents/chips)", type: "number", placeholder: "500" },
      { name: "max_pot", label: "Max pot (cents/chips)", type: "number" },
      { name: "since", label: "Since", placeholder: "2024-03-01" },
      { name: "until", label: "Until", placeholder: "2024-03-31" },
      { name: "scoop", label: "scooped", type: "check", help: "a pot was scooped (by the player, when one is given)" },
      { name: "quarter", label: "quartered", type: "check", help: "a half was shared" },
      { name: "allin", label: "all-in", type: "check", help: "someone was all in" },
      { name: "per_page", label: "Rows", type: "select", any: "50", options: [["25"], ["100"], ["200"]] },
    ]);
    HH.append(HH.clear(main), [head("Hands", "Newest first; click a hand to replay it, then walk this list with previous and next."), form]);
    fillSites(main);
    const data = await HH.api("/api/hands", location.search);
    main.append(HH.pager(data), handsTable(data.rows, location.search, true), HH.pager(data));
  };

  /* ---- findings ---- */
  pages.findings = async function (main) {
    const v = HH.vocab;
    const form = HH.filterForm([
      { name: "kind", label: "Kind", type: "select", options: v.finding_kinds.map(([k, g]) => [k, `${k.replace(/_/g, " ")} (${g})`]) },
      { name: "player", label: "Player", placeholder: "name" },
      { name: "site", label: "Site", placeholder: "pokerstars", list: HH.sites || [] },
    ]);
    HH.append(HH.clear(main), [head("Findings", "What the audit found, each with its explanation and the hand to show it on."), form]);
    fillSites(main);
    const data = await HH.api("/api/findings", location.search);
    const counts = el("p", { class: "chips" }, (data.counts || []).map((c) =>
      el("a", { class: "chip soft" + (HH.params().get("kind") === c.kind ? " on" : ""), href: HH.query("", { kind: c.kind }) || "?" }, `${c.kind.replace(/_/g, " ")} ${HH.int(c.count)}`)));
    main.append(counts, HH.pager(data), HH.table([
      { key: "kind", label: "Kind", cell: (r) => el("span", { class: "kind" }, r.kind.replace(/_/g, " ")) },
      { key: "explanation", label: "Explanation", cell: (r) => el("span", { class: "explain" }, r.explanation) },
      { key: "player", label: "Player", cell: (r) => playerLink(r.player) },
      { key: "hand_id", label: "Hand", cell: (r) => el("span", {}, handLink(r, HH.query("", { finding: r.kind })), el("span", { class: "muted" }, " " + r.site)) },
      { key: "line", label: "Where", cell: (r) => where(r.file, r.line) },
    ], data.rows, { cls: "findings", empty: "No findings." }), HH.pager(data));
  };

  /* ---- problems ---- */
  pages.problems = async function (main) {
    const form = HH.filterForm([
      { name: "code", label: "Code", placeholder: "unrecognised_line" },
      { name: "notes", label: "with hands skipped by design", type: "check" },
    ]);
    HH.append(HH.clear(main), [head("Problems", "What could not be read as written, at file:line, and why. A hand read in part is stored; its lines not understood are here."), form]);
    const data = await HH.api("/api/problems", location.search);
    const counts = el("p", { class: "chips" }, (data.counts || []).map((c) =>
      el("a", { class: "chip soft" + (HH.params().get("code") === c.code ? " on" : ""), href: HH.query("", { code: c.code }) || "?" }, `${c.code.replace(/_/g, " ")} ${HH.int(c.count)}`)));
    main.append(counts, HH.pager(data), HH.table([
      { key: "file", label: "Where", cell: (r) => where(r.file, r.line) },
      { key: "hand_id", label: "Hand", cell: (r) => (r.hand_id ? el("span", { class: "mono" }, r.hand_id) : "") },
      { key: "code", label: "Code", cell: (r) => el("span", { class: "kind" }, (r.code || "").replace(/_/g, " ")) },
      { key: "reason", label: "Reason", cell: (r) => el("span", {}, r.reason, r.excerpt ? el("code", { class: "excerpt" }, r.excerpt) : null) },
    ], data.rows, { cls: "problems", empty: "No problems: every line was read." }), HH.pager(data));
  };

  /* ---- imports ---- */
  pages.imports = async function (main) {
    HH.append(HH.clear(main), [head("Imports", "The files read into the store, latest first.")]);
    const data = await HH.api("/api/imports", location.search);
    main.append(HH.pager(data), HH.table([
      { key: "import_id", label: "Import", num: true },
      { key: "file", label: "File", cell: (r) => el("span", { class: "mono where", title: r.file }, r.file) },
      { key: "site_format", label: "Format" },
      { key: "hands", label: "Hands", num: true, cell: (r) => HH.int(r.hands) },
      { key: "duplicates", label: "Duplicates", num: true, cell: (r) => HH.int(r.duplicates) },
      { key: "skipped", label: "Skipped", num: true, cell: (r) => HH.int(r.skipped) },
      { key: "failed", label: "Failed", num: true, cell: (r) => HH.int(r.failed) },
      { key: "problems", label: "Problems", num: true, cell: (r) => HH.int(r.problems) },
      { key: "findings", label: "Findings", num: true, cell: (r) => HH.int(r.findings) },
      { key: "imported_at", label: "When", cell: (r) => HH.when(r.imported_at) },
    ], data.rows, { cls: "imports", empty: "Nothing imported yet." }), HH.pager(data));
  };

  /* ---- the router ---- */
  let drawing = 0;
  HH.render = async function (quiet) {
    const kind = document.body.dataset.page;
    const page = pages[kind];
    const main = document.getElementById("main");
    if (!page) return;
    const mine = ++drawing;
    const scroll = window.scrollY;
    const work = document.createElement("div");
    HH.later = [];
    try {
      /* draw off-screen, then swap: a live redraw never flashes an empty page */
      await page(work);
      if (mine !== drawing) return;
      HH.clear(main);
      while (work.firstChild) main.appendChild(work.firstChild);
      for (const fn of HH.later.splice(0)) fn();
      if (quiet) window.scrollTo(0, scroll);
    } catch (err) {
      if (mine !== drawing) return;
      HH.clear(main);
      while (work.firstChild) main.appendChild(work.firstChild);
      if (!main.firstChild) main.append(el("div", { class: "pagehead" }, el("h1", { text: document.title.split(" \u00b7 ")[0] })));
      HH.showError(main, err && err.error ? err : { error: String(err && err.message || err) });
      if (err && !err.status) console.error(err);
    }
    main.dataset.ready = String(mine);
    document.body.classList.add("ready");
  };
  function start() {
    /* links in the navigation keep the filters every page shares */
    for (const a of document.querySelectorAll("nav.nav a")) {
      a.href = a.getAttribute("href") + HH.shared();
    }
    /* on a phone the navigation scrolls: show the current page's link */
    const here = document.querySelector("nav.nav a[aria-current]");
    if (here) here.parentNode.scrollLeft = here.offsetLeft - 40;
    HH.render();
    /* a live redraw waits while a filter is being typed, and comes when it is left */
    let pending = false;
    const typing = () => !!(document.activeElement && document.activeElement.closest("main form"));
    HH.subscribe(() => {
      if (document.body.dataset.page === "hand") return; /* the replay keeps its step */
      if (typing()) { pending = true; return; }
      HH.render(true);
    });
    document.addEventListener("focusout", () => setTimeout(() => {
      if (pending && !typing()) { pending = false; HH.render(true); }
    }, 0));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
