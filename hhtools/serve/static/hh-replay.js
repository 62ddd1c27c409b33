/* hhtools serve: the hand page, a replayer stepping through the hand.
 *
 * It draws the facts of hhtools.serve.replay_data (the same facts as the report's
 * replayer and hhtools show, worked out once in Python): the table with the seats,
 * the board and the pot at each step, the actions street by street, then the pots,
 * their winners with the two hole cards used, what the site paid beside what the rules
 * give, each player's net and the findings. The report's style (/static/replay.css,
 * REPLAY_CSS) is reused: the same cards, felt and seats. */
"use strict";
(function () {
  const HH = window.HH;
  const el = HH.el;
  const SUIT = { s: ["\u2660", "rp-s", "spades"], h: ["\u2665", "rp-h", "hearts"], d: ["\u2666", "rp-d", "diamonds"], c: ["\u2663", "rp-c", "clubs"] };

  function card(text, used) {
    const rank = text.slice(0, -1);
    const suit = SUIT[text.slice(-1).toLowerCase()] || ["?", "", text.slice(-1)];
    return el("span", { class: `rp-card ${suit[1]}${used ? " rp-used" : ""}`, "data-card": text, title: `${rank} of ${suit[2]}${used ? " (hole card used)" : ""}` }, rank, el("b", {}, suit[0]));
  }
  const cards = (list, used) => (list || []).map((c) => card(c, used && used.includes(c)));

  /* The steps: the start, then per street its deal (after preflop) and each action,
   * then the result. Each step: {street, label, action (index in street) or null}. */
  function steps(view) {
    const out = [{ kind: "start", street: 0, label: "Before the first action" }];
    view.streets.forEach((st, i) => {
      if (i > 0 || st.dealt.length) {
        const dealt = st.dealt.map((d) => d.join(" ")).join(" | ");
        out.push({ kind: "deal", street: i, label: `${cap(st.street)}${dealt ? ": " + dealt : ""}` });
      }
      st.actions.forEach((a, k) => out.push({ kind: "action", street: i, action: k, label: `${cap(st.street)}: ${a.player} ${a.text}` }));
    });
    out.push({ kind: "end", street: view.streets.length - 1, label: "Result" });
    return out;
  }
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  /* The table as it stands after step k. */
  function state(view, all, k) {
    const step = all[k];
    const seats = new Map(view.seats.map((s) => [s.player, { put: 0, bet: 0, folded: false, last: "" }]));
    let pot = 0;
    for (let i = 0; i <= k; i++) {
      const s = all[i];
      if (s.kind === "deal") {
        for (const v of seats.values()) { pot += v.bet; v.bet = 0; v.last = ""; }
      } else if (s.kind === "action") {
        const a = view.streets[s.street].actions[s.action];
        const v = seats.get(a.player);
        if (!v) continue;
        v.put += a.added; v.bet += a.added; v.last = a.text;
        if (a.kind === "fold") v.folded = true;
      } else if (s.kind === "end") {
        for (const v of seats.values()) { pot += v.bet; v.bet = 0; }
        const last = view.streets[view.streets.length - 1];
        for (const [player, amount] of (last ? last.returned : [])) {
          const v = seats.get(player);
          if (v) { v.put -= amount; pot -= amount; }
        }
      }
    }
    const board = step.kind === "start" ? [[]] : step.kind === "end" ? view.boards : view.streets[step.street].board;
    /* the pot shown counts the bets in front too: all put in so far */
    let total = pot;
    for (const v of seats.values()) total += v.bet;
    return { seats, pot: total, board, end: step.kind === "end" };
  }

  function place(index, n) {
    const angle = Math.PI / 2 + (index * 2 * Math.PI) / n;
    return [50 + 41 * Math.cos(angle), 50 + 42 * Math.sin(angle)];
  }

  function tableView(view, now) {
    const cur = view.hand.currency;
    const n = Math.max(view.hand.max_seats || 0, view.seats.length, ...view.seats.map((s) => s.seat));
    /* the hero at the bottom, as a tracker shows it; else seat 1 */
    const hero = view.seats.find((s) => s.is_hero);
    const bottom = hero ? hero.seat : 1;
    const nets = new Map(view.nets.map((x) => [x.player, x]));
    const winners = new Set(view.pots.flatMap((p) => p.halves.flatMap((h) => h.winners.map((w) => w.player))));
    const used = new Map();
    for (const p of view.pots) for (const h of p.halves) for (const w of h.winners) if (w.five) used.set(w.player, (used.get(w.player) || []).concat(w.five.hole));
    const box = el("div", { class: "rp-table" }, el("div", { class: "rp-felt" }));
    const center = el("div", { class: "rp-center" });
    now.board.forEach((b, i) => {
      if (!b.length) return;
      center.append(el("div", { class: "rp-run", "data-board": i }, now.board.length > 1 ? el("span", { class: "rp-run-name", text: `board ${i + 1}` }) : null, cards(b)));
    });
    center.append(el("div", { class: "rp-total", "data-pot": now.pot }, "pot " + HH.money(now.pot, cur)));
    box.append(center);
    for (const s of view.seats) {
      const v = now.seats.get(s.player);
      const [left, top] = place((s.seat - bottom + n) % n, n);
      const folded = v.folded;
      const net = nets.get(s.player);
      const seat = el("div", {
        class: "rp-seat" + (folded ? " rp-folded" : "") + (now.end && winners.has(s.player) ? " sv-winner" : ""),
        "data-player": s.player, style: `left:${left.toFixed(1)}%;top:${top.toFixed(1)}%`,
      },
      el("div", { class: "rp-name", title: s.player }, s.player, s.is_button ? el("span", { class: "rp-btn", title: "button", text: "D" }) : null),
      el("div", { class: "sv-stack" }, `${s.position ? s.position + " \u00b7 " : ""}`, el("span", { class: "rp-stack" }, HH.money(now.end && net ? s.stack + net.net : s.stack - v.put, cur))),
      s.hole_cards.length ? el("div", { class: "rp-hole" }, cards(s.hole_cards, now.end ? used.get(s.player) : null)) : null,
      v.last ? el("div", { class: "sv-act" + (folded ? " rp-note" : "") }, v.last) : null,
      v.bet ? el("div", { class: "sv-bet", title: "in front this street" }, HH.money(v.bet, cur)) : null,
      now.end && net ? el("div", {}, "net ", HH.moneyCell(net.net, cur, true)) : null);
      box.append(seat);
    }
    return box;
  }

  function actionLog(view, all, k, go) {
    const cur = view.hand.currency;
    const at = new Map(all.map((s, i) => [s.kind === "action" ? `${s.street}:${s.action}` : s.kind === "deal" ? `d${s.street}` : s.kind, i]));
    return el("div", { class: "rp-streets" }, view.streets.map((st, i) => {
      const dealIndex = at.get(`d${i}`);
      const titleStep = dealIndex === undefined ? at.get("start") : dealIndex;
      const h = el("h3", {}, el("button", { type: "button", class: "linkish", onclick: () => go(titleStep), title: "go to this street" }, cap(st.street)),
        st.dealt.map((d, j) => el("span", { class: "rp-dealt" }, st.dealt.length > 1 ? ` board ${j + 1} ` : " ", cards(d))));
      const items = st.actions.map((a, j) => {
        const idx = at.get(`${i}:${j}`);
        return el("li", { class: idx === k ? "sv-now" : idx > k ? "sv-later" : null, "data-step": idx },
          el("button", { type: "button", class: "linkish", onclick: () => go(idx) }, el("span", { class: "rp-who" }, a.player), " ", el("span", { class: "rp-act" }, a.text)));
      });
      for (const [player, amount] of st.returned) items.push(el("li", { class: k < all.length - 1 ? "sv-later" : null }, `uncalled bet ${HH.money(amount, cur)} returned to `, el("span", { class: "rp-who" }, player)));
      return el("div", { class: "rp-street", "data-street": st.street },
        h, items.length ? el("ol", {}, items) : el("p", { class: "rp-note", text: "no betting" }),
        el("p", { class: "rp-potline" }, `pot after the ${st.street}: `, el("span", { class: "rp-amount" }, HH.money(st.pot_after, cur))));
    }));
  }

  function results(view) {
    const cur = view.hand.currency;
    const many = view.boards.length > 1;
    const out = [el("p", { class: "rp-note", text: "Highlighted cards are the two hole cards each winning five uses; the other three are the board's." })];
    for (const p of view.pots) {
      const title = cap(p.name) + (many ? `, board ${p.board + 1}` : "");
      const rake = !many && p.gross !== null && p.gross > p.net ? el("span", { class: "rp-note" }, ` (rake ${HH.money(p.gross - p.net, cur)})`) : null;
      const parts = [el("h3", {}, `${title}: `, el("span", { class: "rp-amount" }, HH.money(p.net, cur)), rake),
        el("div", { class: "rp-eligible" }, "could be won by: ", el("ul", { class: "rp-inline" }, p.eligible.map((x) => el("li", { class: "rp-elig" }, x))))];
      if (p.uncontested) parts.push(el("p", { class: "rp-half" }, `uncontested: ${p.eligible[0]} takes it`));
      else {
        for (const h of p.halves) for (const w of h.winners) {
          parts.push(el("div", { class: "rp-half", "data-half": h.half, "data-player": w.player },
            el("span", { class: "rp-half-name" }, h.label), " ", el("span", { class: "rp-who" }, w.player), " ",
            w.five ? [el("span", { class: "rp-five" }, cards(w.five.cards, w.five.hole)), " ", el("span", {}, w.five.words)] : el("span", { class: "rp-note", text: "no showdown" })));
        }
        if (p.no_low) parts.push(el("div", { class: "rp-half", "data-half": "low" }, el("span", { class: "rp-half-name", text: "low" }), " no qualifying low: the high takes the whole pot"));
      }
      if (p.awards.length) {
        parts.push(el("div", { class: "tablewrap" }, el("table", { class: "rp-grid rp-awards" },
          el("thead", {}, el("tr", {}, el("th", { text: "player" }), el("th", { text: "half" }), el("th", { class: "rp-num", text: "paid by the site" }), el("th", { class: "rp-num", text: "due by the rules" }), el("th"))),
          el("tbody", {}, p.awards.map((a) => el("tr", { class: a.differs && !a.kept_for_cash_out ? "rp-diff" : null, "data-player": a.player, "data-half": a.half },
            el("td", {}, a.player), el("td", {}, a.half + (a.scoop ? " (scoop)" : a.quarter ? " (quarter)" : "")),
            el("td", { class: "rp-num rp-paid" }, HH.money(a.paid, cur)), el("td", { class: "rp-num rp-due" }, HH.money(a.due, cur)),
            el("td", {}, a.kept_for_cash_out ? "kept by the site (cashed out)" : a.differs ? "differs" : "")))))));
      }
      out.push(el("div", { class: "rp-pot", "data-board": p.board, "data-pot": p.pot }, parts));
    }
    if (view.nets.length) {
      const differs = view.nets.some((x) => x.net !== x.net_by_rules);
      out.push(el("h3", { text: "Net for the hand" }), el("div", { class: "tablewrap" }, el("table", { class: "rp-grid rp-nets" },
        el("thead", {}, el("tr", {}, el("th", { text: "seat" }), el("th", { text: "player" }), el("th", { class: "rp-num", text: "net (as paid)" }), differs ? el("th", { class: "rp-num", text: "by the rules" }) : null)),
        el("tbody", {}, view.nets.map((x) => el("tr", { "data-player": x.player }, el("td", {}, x.seat),
          el("td", {}, el("a", { href: HH.playerHref(x.player, "") }, x.player), x.cashed_out ? el("span", { class: "rp-note", text: " (cashed out)" }) : null),
          el("td", { class: "rp-num" }, HH.moneyCell(x.net, cur, true)), differs ? el("td", { class: "rp-num" }, HH.moneyCell(x.net_by_rules, cur, true)) : null))))));
    }
    if (view.hand.unread) out.push(el("p", { class: "rp-note" }, view.hand.unread));
    if (view.findings.length) {
      out.push(el("h3", { text: "Findings" }), el("ul", { class: "rp-findings" }, view.findings.map((f) =>
        el("li", {}, el("b", {}, f.kind.replace(/_/g, " ")), f.player ? " " + f.player : "", ": ", f.explanation, el("span", { class: "muted" }, ` (line ${f.line})`)))));
    } else {
      out.push(el("p", { class: "rp-note", text: view.hand.unread ? "No findings on what was read." : "No findings: the site paid this hand by the rules." }));
    }
    return el("div", { class: "rp-results" }, out);
  }

  HH.pages.hand = async function (main) {
    const parts = location.pathname.split("/");
    const site = decodeURIComponent(parts[2] || "");
    const id = decodeURIComponent(parts.slice(3).join("/"));
    document.title = `Hand ${id} \u00b7 hhtools`;
    const data = await HH.api(`/api/hands/${encodeURIComponent(site)}/${encodeURIComponent(id)}`, location.search);
    const view = data.replay && data.replay.view;
    if (!view) throw { status: 500, error: "the server sent no replay for this hand" };
    const h = view.hand;
    const listQuery = location.search;
    const nav = el("nav", { class: "handnav", "aria-label": "hands in this list" },
      data.prev ? el("a", { class: "button", rel: "prev", id: "prev-hand", href: HH.handHref(data.prev.site, data.prev.hand_id, listQuery), title: "previous hand in the list (p)" }, "\u2039 previous")
        : el("span", { class: "button off", text: "\u2039 previous" }),
      el("a", { class: "button", href: "/hands" + listQuery, text: "list" }),
      data.next ? el("a", { class: "button", rel: "next", id: "next-hand", href: HH.handHref(data.next.site, data.next.hand_id, listQuery), title: "next hand in the list (n)" }, "next \u203a")
        : el("span", { class: "button off", text: "next \u203a" }));
    const meta = `${h.game} ${(h.structure || "").replace(/_/g, " ")} ${h.stakes} ${h.currency} \u00b7 table ${h.table_name} \u00b7 ${HH.when(h.started_at)} ${h.time_zone || ""}`;
    const all = steps(view);
    let k = all.length - 1;
    const stage = el("div", { class: "sv-stage" });
    const log = el("div", { class: "sv-log" });
    const label = el("span", { class: "sv-label", role: "status", "aria-live": "polite" });
    const counter = el("span", { class: "muted sv-count" });
    const btn = (text, title, fn, id2) => el("button", { type: "button", title, "aria-label": title, id: id2, onclick: fn }, text);
    const streetButtons = el("span", { class: "sv-streets" }, view.streets.map((st, i) => btn(cap(st.street), `go to the ${st.street}`, () => {
      const at = all.findIndex((s) => s.street === i && (s.kind === "deal" || (i === 0 && s.kind === "start")));
      go(at < 0 ? 0 : at);
    })), btn("Result", "go to the result", () => go(all.length - 1)));
    const controls = el("div", { class: "sv-controls" },
      btn("|\u25c0", "start", () => go(0), "step-first"), btn("\u25c0", "step back (\u2190)", () => go(k - 1), "step-back"),
      btn("\u25b6", "step forward (\u2192)", () => go(k + 1), "step-forward"), btn("\u25b6|", "result", () => go(all.length - 1), "step-last"),
      streetButtons, counter, el("span", { class: "muted sv-keys", text: "keys: \u2190 \u2192 step, n / p next / previous hand" }), label);
    function go(to) {
      k = Math.max(0, Math.min(all.length - 1, to));
      const now = state(view, all, k);
      HH.clear(stage).append(tableView(view, now));
      HH.clear(log).append(actionLog(view, all, k, go));
      label.textContent = all[k].label;
      counter.textContent = `step ${k + 1} of ${all.length}`;
      stage.dataset.step = String(k);
    }
    go(k);
    document.onkeydown = (ev) => {
      if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
      if (ev.key === "ArrowRight") { go(k + 1); ev.preventDefault(); }
      else if (ev.key === "ArrowLeft") { go(k - 1); ev.preventDefault(); }
      else if (ev.key === "Home") go(0);
      else if (ev.key === "End") go(all.length - 1);
      else if (ev.key === "n" && data.next) location.href = HH.handHref(data.next.site, data.next.hand_id, listQuery);
      else if (ev.key === "p" && data.prev) location.href = HH.handHref(data.prev.site, data.prev.hand_id, listQuery);
    };
    HH.append(HH.clear(main), [
      el("div", { class: "pagehead handhead" },
        el("div", {}, el("h1", {}, `Hand ${h.hand_id} `, el("span", { class: "muted" }, `(${h.site})`)),
          el("p", { class: "rp-meta" }, meta),
          el("p", { class: "rp-meta" }, h.pot_words, " \u00b7 ", el("span", { class: "mono" }, `${h.file}:${h.line}`))),
        nav),
      el("section", { class: "replay sv-replay", id: "replay" },
        controls, stage, el("div", { class: "rp-cols" }, log, results(view))),
    ]);
  };
})();
