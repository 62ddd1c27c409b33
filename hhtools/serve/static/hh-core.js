/* hhtools serve: what every page shares (window.HH).
 *
 * Every text from the store is put in the page with textContent or as an attribute
 * value (createTextNode / setAttribute), never parsed as HTML: a player named
 * "<script>" is shown as those characters: no script here assigns markup from a string. */
"use strict";
(function () {
  const HH = { pages: {} };
  window.HH = HH;

  /* el("a", {href: "/x", class: "c", title: t}, child, "text", [more]) */
  HH.el = function (tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    HH.append(node, children);
    return node;
  };
  HH.append = function (node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };
  HH.clear = function (node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  };

  /* work to do once the page drawn off-screen is in the document (charts) */
  HH.later = [];
  HH.vocab = JSON.parse(document.getElementById("vocab").textContent);

  /* Money: integer minor units of a currency, as hhtools.model.money.format_money. */
  const SYMBOL = { USD: "$", EUR: "\u20ac", GBP: "\u00a3", CAD: "C$", INR: "\u20b9", CNY: "\u00a5" };
  const CHIPS = new Set(["PLAY", "CHIPS", ""]);
  HH.isChips = (cur) => CHIPS.has(cur || "");
  const grouped = (n) => n.toLocaleString("en-US");
  HH.money = function (amount, cur) {
    if (amount === null || amount === undefined || amount === "") return "";
    const v = Math.trunc(Number(amount));
    if (HH.isChips(cur)) return grouped(v);
    const a = Math.abs(v);
    const cents = String(a % 100).padStart(2, "0");
    const symbol = Object.hasOwn(SYMBOL, cur) ? SYMBOL[cur] : cur + " ";
    return (v < 0 ? "-" : "") + symbol + grouped(Math.floor(a / 100)) + "." + cents;
  };
  HH.signed = (amount, cur) => (Number(amount) > 0 ? "+" : "") + HH.money(amount, cur);
  /* A money cell: green when won, red when lost. */
  HH.moneyCell = function (amount, cur, signed) {
    if (amount === null || amount === undefined) return HH.el("span", { class: "muted", text: "\u2013" });
    const v = Number(amount);
    return HH.el("span", { class: v > 0 ? "plus" : v < 0 ? "minus" : "", "data-value": v },
      signed ? HH.signed(v, cur) : HH.money(v, cur));
  };
  /* Major units for a chart's axis. */
  HH.major = (amount, cur) => (HH.isChips(cur) ? Number(amount) : Number(amount) / 100);
  HH.pct = (ratio) => (ratio === null || ratio === undefined ? "\u2013" : (100 * ratio).toFixed(1));
  HH.fixed = (x, d) => (x === null || x === undefined ? "\u2013" : Number(x).toFixed(d));
  HH.int = (x) => (x === null || x === undefined ? "\u2013" : grouped(Number(x)));
  HH.when = (iso) => (iso ? String(iso).replace("T", " ").slice(0, 19) : "");

  /* The page's query, and links that keep it. "limit", the old name of "structure"
   * (links written before), is read as "structure": the form shows it, links carry it. */
  HH.params = function () {
    const p = new URLSearchParams(location.search);
    if (p.has("limit")) {
      if (!p.has("structure")) p.set("structure", p.get("limit"));
      p.delete("limit");
    }
    return p;
  };
  HH.query = function (base, changes) {
    const q = new URLSearchParams(base);
    for (const [k, v] of Object.entries(changes || {})) {
      if (v === null || v === undefined || v === "") q.delete(k);
      else q.set(k, v);
    }
    const s = q.toString();
    return s ? "?" + s : "";
  };
  /* Only these filters travel between pages of different kinds. */
  HH.SHARED = ["site", "game", "structure", "stakes", "currency", "since", "until"];
  HH.shared = function (extra) {
    const q = new URLSearchParams();
    const p = HH.params();
    for (const k of HH.SHARED) if (p.get(k)) q.set(k, p.get(k));
    for (const [k, v] of Object.entries(extra || {})) if (v !== null && v !== undefined && v !== "") q.set(k, v);
    const s = q.toString();
    return s ? "?" + s : "";
  };
  HH.playerHref = (name, query) => "/players/" + encodeURIComponent(name) + (query === undefined ? HH.shared() : query);
  HH.handHref = (site, id, query) =>
    "/hands/" + encodeURIComponent(site) + "/" + encodeURIComponent(id) + (query || "");

  /* GET an /api route; a non-2xx answer throws {status, error, param}. */
  HH.api = async function (path, query) {
    let res;
    try {
      res = await fetch(path + (query || ""), { headers: { Accept: "application/json" } });
    } catch (e) {
      throw { status: 0, error: "the server cannot be reached: is hhtools serve still running?" };
    }
    let body = null;
    try { body = await res.json(); } catch (e) { body = null; }
    if (!res.ok) {
      throw { status: res.status, error: (body && (body.error || body.detail)) || res.statusText, param: body && body.param };
    }
    return body;
  };

  /* Soft navigation inside one page kind: the URL changes, the page redraws. */
  HH.go = function (url) {
    history.pushState(null, "", url);
    HH.render();
  };
  window.addEventListener("popstate", () => HH.render());
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a.soft");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    const url = new URL(a.href, location.href);
    if (url.pathname !== location.pathname) return;
    ev.preventDefault();
    HH.go(url.pathname + url.search);
  });

  /* An error from the API, shown above the page; the field it names is marked. */
  HH.showError = function (main, err) {
    const box = HH.el("p", { class: "error", role: "alert" }, err.error || String(err));
    if (err.status === 503) box.append(HH.el("br"), "Then reload this page.");
    main.prepend(box);
    if (err.param) {
      const name = err.param === "limit" ? "structure" : err.param;  /* its old name */
      const field = main.querySelector(`[name="${CSS.escape(name)}"]`);
      if (field) { field.classList.add("invalid"); field.setAttribute("aria-invalid", "true"); }
    }
  };

  HH.section = (title, ...children) => HH.el("section", { class: "card" }, HH.el("h2", { text: title }), children);

  /* The live note in the header: hands added since the page was drawn. */
  HH.live = { base: null, seen: null, source: null };
  HH.setLive = function (text, fresh) {
    const note = document.getElementById("live");
    HH.clear(note);
    note.classList.toggle("fresh", !!fresh);
    note.append(text);
  };
  HH.subscribe = function (onHands) {
    if (!window.EventSource) return;
    const source = new EventSource("/api/events");
    HH.live.source = source;
    source.addEventListener("hands", (ev) => {
      let data;
      try { data = JSON.parse(ev.data); } catch (e) { return; }
      const total = Number(data.hands);
      const version = JSON.stringify(data);
      if (HH.live.base === null) {
        HH.live.base = total;
        HH.live.seen = version;
        HH.setLive("live \u00b7 " + HH.int(total) + " hands");
        return;
      }
      if (version === HH.live.seen) return;
      HH.live.seen = version;
      const added = Math.max(0, total - HH.live.base);
      HH.setLive(HH.int(added) + " new hands \u00b7 " + HH.int(total) + " hands", added > 0);
      onHands(data);
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) HH.setLive("not live");
    });
    window.addEventListener("pagehide", () => source.close());
  };
})();
