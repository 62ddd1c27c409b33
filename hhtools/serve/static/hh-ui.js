/* hhtools serve: tables, paging, filter forms and charts (window.HH). */
"use strict";
(function () {
  const HH = window.HH;
  const el = HH.el;

  /* A table. columns: [{key, label, cell(row) -> Node|string, num, sort (a key, or
   * false), title(row), desc (first click sorts descending; numbers do)}]. With
   * opts.sortable the headers are links that set ?sort=&desc= (page back to 1). */
  HH.table = function (columns, rows, opts) {
    opts = opts || {};
    const p = HH.params();
    /* what the API does without sort= or desc= (opts.sort, opts.desc(key)) */
    const current = p.get("sort") || opts.sort || null;
    const desc = p.has("desc") ? p.get("desc") === "1" : !!(opts.desc && opts.desc(current));
    const head = el("tr", {}, columns.map((c) => {
      const key = c.sort === undefined ? c.key : c.sort;
      const th = el("th", { class: c.num ? "num" : null, scope: "col", title: c.help || null });
      if (opts.sortable && key) {
        const on = current === key;
        const nextDesc = on ? !desc : c.desc !== undefined ? c.desc : !!c.num;
        th.setAttribute("aria-sort", on ? (desc ? "descending" : "ascending") : "none");
        th.append(el("a", {
          class: "soft sort" + (on ? " on" : ""), "data-sort": key,
          href: HH.query(p, { sort: key, desc: nextDesc ? "1" : "0", page: null }),
        }, c.label, on ? (desc ? " \u25bc" : " \u25b2") : ""));
      } else {
        th.append(c.label);
      }
      return th;
    }));
    const body = el("tbody", {}, rows.map((row) => el("tr", {}, columns.map((c) => {
      const value = c.cell ? c.cell(row) : row[c.key];
      const cls = [c.num ? "num" : "", c.cls || ""].join(" ").trim();
      return el("td", { class: cls || null, title: c.title ? c.title(row) : null },
        value === null || value === undefined ? "" : value);
    }))));
    const table = el("table", { class: "grid" + (opts.cls ? " " + opts.cls : "") }, el("thead", {}, head), body);
    if (!rows.length) {
      body.append(el("tr", {}, el("td", { colspan: columns.length, class: "muted empty", text: opts.empty || "Nothing here." })));
    }
    return el("div", { class: "tablewrap" }, table);
  };

  /* "1-50 of 2,378" and links to the first, previous, next and last pages. */
  HH.pager = function (data) {
    const total = Number(data.total || 0);
    const per = Math.max(1, Number(data.per_page || 50));
    const page = Math.max(1, Number(data.page || 1));
    const last = Math.max(1, Math.ceil(total / per));
    const p = HH.params();
    const link = (n, text, label) => (n < 1 || n > last || n === page
      ? el("span", { class: "pg off", text })
      : el("a", { class: "soft pg", href: HH.query(p, { page: n === 1 ? null : String(n) }) || "?", "aria-label": label, text }));
    const first = total ? (page - 1) * per + 1 : 0;
    return el("nav", { class: "pager", "aria-label": "pages" },
      link(1, "\u00ab", "first page"), link(page - 1, "\u2039 prev", "previous page"),
      el("span", { class: "pg-where" }, `${HH.int(first)}\u2013${HH.int(Math.min(total, page * per))} of ${HH.int(total)}`,
        el("span", { class: "muted" }, ` \u00b7 page ${HH.int(page)} of ${HH.int(last)}`)),
      link(page + 1, "next \u203a", "next page"), link(last, "\u00bb", "last page"));
  };

  /* A filter form. fields: [{name, label, type: text|number|select|check|checks|date,
   * options: [[value, label]], placeholder, help, list: [values]}]. Submitting writes
   * the filters in the URL (empty ones left out, the page back to 1, the sort kept)
   * and redraws. */
  HH.filterForm = function (fields, opts) {
    opts = opts || {};
    const p = HH.params();
    const form = el("form", { class: "filters", role: "search", "aria-label": "filters" });
    for (const f of fields) {
      const id = "f-" + f.name;
      let input;
      if (f.type === "select") {
        input = el("select", { id, name: f.name },
          el("option", { value: "", text: f.any || "any" }),
          f.options.map(([v, t]) => el("option", { value: v, selected: p.get(f.name) === v, text: t || v })));
      } else if (f.type === "check") {
        input = el("input", { id, name: f.name, type: "checkbox", value: "1", checked: p.get(f.name) === "1" });
        form.append(el("label", { class: "check", for: id, title: f.help || null }, input, " ", f.label));
        continue;
      } else if (f.type === "checks") {
        const chosen = new Set((p.get(f.name) || "").split(",").filter(Boolean));
        const box = el("fieldset", { class: "checks", "data-name": f.name },
          el("legend", { text: f.label }),
          f.options.map(([v, t]) => el("label", { class: "check", title: t },
            el("input", { type: "checkbox", value: v, checked: chosen.has(v), "data-group": f.name }), " ", v.replace(/_/g, " "))));
        form.append(box);
        continue;
      } else {
        input = el("input", {
          id, name: f.name, type: f.type === "number" ? "number" : "text", value: p.get(f.name) || "",
          placeholder: f.placeholder || null, min: f.type === "number" ? "0" : null,
          list: f.list ? id + "-list" : null, autocomplete: "off", inputmode: f.type === "number" ? "numeric" : null,
        });
        if (f.list) form.append(el("datalist", { id: id + "-list" }, f.list.map((v) => el("option", { value: v }))));
      }
      form.append(el("label", { class: "field", for: id, title: f.help || null }, el("span", { text: f.label }), input));
    }
    const keep = opts.keep || [];
    form.append(el("div", { class: "buttons" },
      el("button", { type: "submit", class: "primary", text: "Apply" }),
      el("a", { class: "soft button", href: location.pathname + HH.query(keep.reduce((q, k) => { if (p.get(k)) q.set(k, p.get(k)); return q; }, new URLSearchParams())), text: "Clear" })));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const q = new URLSearchParams();
      for (const k of keep) if (p.get(k)) q.set(k, p.get(k));
      for (const f of fields) {
        if (f.type === "checks") {
          const v = [...form.querySelectorAll(`input[data-group="${f.name}"]:checked`)].map((i) => i.value).join(",");
          if (v) q.set(f.name, v);
        } else {
          const i = form.elements.namedItem(f.name);
          if (f.type === "check") { if (i.checked) q.set(f.name, "1"); } else if (i.value.trim()) q.set(f.name, i.value.trim());
        }
      }
      for (const k of ["sort", "desc", "per_page"]) if (p.get(k) && !q.has(k)) q.set(k, p.get(k));
      const s = q.toString();
      HH.go(location.pathname + (s ? "?" + s : ""));
    });
    /* folded away on a phone unless a filter is set (the table comes first there) */
    const set = fields.filter((f) => p.get(f.name) && f.name !== "per_page").length;
    const open = HH.filtersOpen !== undefined ? HH.filtersOpen
      : set > 0 || window.matchMedia("(min-width: 601px)").matches;
    const box = el("details", { class: "filterbox", open },
      el("summary", {}, "Filters", set ? el("span", { class: "badge" }, String(set)) : null), form);
    box.addEventListener("toggle", () => { HH.filtersOpen = box.open; });
    return box;
  };

  /* A results chart: the net won and the all-in EV line, one currency. */
  HH.chart = function (series, title) {
    const box = el("div", { class: "chart", role: "img", "aria-label": title });
    const frame = el("figure", { class: "chartframe" }, el("figcaption", { text: title }), box);
    const cur = series.currency;
    const points = series.points || [];
    if (!points.length) return el("p", { class: "muted", text: "No hands to chart." });
    if (!window.Plotly) {
      box.append(el("p", { class: "muted", text: "The chart library did not load (/static/plotly.min.js)." }));
      return frame;
    }
    const x = points.map((q) => q[0]);
    const unit = HH.isChips(cur) ? (cur || "chips") : cur;
    const traces = [
      { x, y: points.map((q) => HH.major(q[1], cur)), name: "net won", mode: "lines", line: { color: "#1f77b4", width: 2 } },
      { x, y: points.map((q) => (q[2] === null ? null : HH.major(q[2], cur))), name: "all-in EV", mode: "lines", line: { color: "#ff7f0e", width: 2, dash: "dash" } },
    ];
    const layout = {
      margin: { l: 56, r: 12, t: 28, b: 36 }, font: { size: 12 },
      xaxis: { title: { text: "hands", standoff: 4 }, zeroline: false }, yaxis: { title: { text: unit }, zeroline: true },
      legend: { orientation: "h", x: 0, y: 1, yanchor: "bottom" }, hovermode: "x unified", autosize: true,
      paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "#fff",
    };
    /* drawn once the page is in the document (plotly measures the box) */
    HH.later.push(() => window.Plotly.newPlot(box, traces, layout, { displaylogo: false, responsive: true }));
    return frame;
  };

  /* Stats columns: labels, and how each kind of column is shown. */
  const LABELS = {
    hands: "Hands", seats: "Seats", vpip: "VPIP", pfr: "PFR", three_bet: "3-Bet",
    fold_to_three_bet: "Fold to 3-Bet", cbet: "C-Bet", fold_to_cbet: "Fold to C-Bet",
    wtsd: "WTSD", wsd: "W$SD", wwsf: "WWSF", scoop: "Scoop", quartered: "Quartered",
    won_high: "Won high", won_low: "Won low", af: "AF", afq: "AFq",
    postflop_aggressive: "Postflop bets", postflop_calls: "Postflop calls", postflop_folds: "Postflop folds",
    player: "Player", position: "Position", site: "Site", game: "Game", limit: "Limit", stakes: "Stakes",
  };
  const MONEY = [["allin_adj_bb_per_100_", "All-in adj bb/100"], ["bb_per_100_", "bb/100"], ["net_won_", "Net won"], ["ev_net_", "All-in EV net"]];
  const SHORT = { pot_limit: "PL", no_limit: "NL", limit: "FL" };
  function moneyKind(col) {
    for (const [prefix, label] of MONEY) {
      if (col.startsWith(prefix)) {
        const rest = col.slice(prefix.length);
        const cut = rest.indexOf("_");
        const cur = cut < 0 ? rest : rest.slice(0, cut);
        const structure = cut < 0 ? "" : rest.slice(cut + 1);
        return { prefix, label, cur, structure, text: `${label} ${cur} ${SHORT[structure] || structure.replace(/_/g, " ")}`.trim() };
      }
    }
    return null;
  }
  HH.moneyKind = moneyKind;
  /* Columns of a stats table: ratios as percentages (count of opportunities in the
   * cell's title), money in its currency, bb/100 to 2 places; the _count and
   * _opportunities columns only in titles; money columns empty on every row left out. */
  HH.statsColumns = function (columns, rows, first) {
    const names = new Set(columns);
    const out = [];
    for (const c of columns) {
      if (c.endsWith("_count") || c.endsWith("_opportunities")) continue;
      if (first && first[c]) { out.push(first[c]); continue; }
      const m = moneyKind(c);
      if (m) {
        if (!rows.some((r) => r[c] !== null && r[c] !== undefined)) continue;
        /* the all-in EV columns only where hhtools ev changed something on these rows */
        const plain = { ev_net_: "net_won_", allin_adj_bb_per_100_: "bb_per_100_" }[m.prefix];
        if (plain) {
          const twin = plain + c.slice(m.prefix.length);
          if (names.has(twin) && rows.every((r) => r[c] === r[twin])) continue;
        }
        const bb = m.prefix.includes("bb_per_100");
        out.push({ key: c, label: m.text, num: true, cell: (r) => (bb ? HH.el("span", { class: r[c] > 0 ? "plus" : r[c] < 0 ? "minus" : "" }, HH.fixed(r[c], 2)) : HH.moneyCell(r[c], m.cur)) });
      } else if (names.has(c + "_count")) {
        out.push({ key: c, label: LABELS[c] || c, num: true, cell: (r) => HH.pct(r[c]), title: (r) => `${HH.int(r[c + "_count"])} of ${HH.int(r[c + "_opportunities"])}` });
      } else if (c === "af" || c === "afq") {
        out.push({ key: c, label: LABELS[c], num: true, cell: (r) => (c === "afq" ? HH.pct(r[c]) : HH.fixed(r[c], 2)) });
      } else {
        out.push({ key: c, label: LABELS[c] || c.replace(/_/g, " "), num: typeof (rows[0] || {})[c] === "number", cell: (r) => (typeof r[c] === "number" ? HH.int(r[c]) : r[c]) });
      }
    }
    return out;
  };

  /* The stats filters (hhtools stats): the players page and a player's page. */
  HH.statsFields = function (withPaging) {
    const v = HH.vocab;
    const fields = [
      { name: "game", label: "Game", type: "select", options: v.games.map((g) => [g, g]) },
      { name: "structure", label: "Limit", type: "select", options: v.limits },
      { name: "stakes", label: "Stakes", placeholder: "0.25/0.50" },
      { name: "site", label: "Site", placeholder: "pokerstars", list: HH.sites || [] },
      { name: "currency", label: "Currency", placeholder: "USD", list: ["USD", "EUR", "GBP", "CAD", "CHIPS", "PLAY"] },
      { name: "since", label: "Since", placeholder: "2024-03-01", help: "hands from this day or time (the site's clock)" },
      { name: "until", label: "Until", placeholder: "2024-03-31", help: "hands before this time; a day counts whole" },
      { name: "position", label: "Position", type: "select", options: v.positions.map((x) => [x, x]) },
    ];
    if (withPaging) {
      fields.push({ name: "min_hands", label: "Min hands", type: "number", placeholder: "100" },
        { name: "per_page", label: "Rows", type: "select", any: "50", options: [["25"], ["100"], ["200"]] });
    }
    fields.push({ name: "hand_class", label: "Hole cards (all of)", type: "checks", options: v.hand_classes });
    return fields;
  };
})();
