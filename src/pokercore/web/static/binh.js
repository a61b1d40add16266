// Binh page: arrange 13 cards by tapping, suggest, live branch names, foul warning, reveal and totals.
"use strict";
const ZONES = [["top", "Top", 3], ["middle", "Middle", 5], ["bottom", "Bottom", 5]];
const PLACE = "pokercore-binh-place", HISTORY = "pokercore-binh-history", SORT = "pokercore-binh-sort";
let state = null, deal = null, table = null, place = { top: [], middle: [], bottom: [] }, selected = new Set();
let preview = { names: [null, null, null], foul: null }, waitingNext = false, sentSeq = null;
let sortBy = store.get(localStorage, SORT) || "rank";
const $ = (id) => document.getElementById(id);
const client = new GameClient("binh", onMessage, onStatus);

// ------------------------------------------------------------------ foul, decided from the cards
// A branch as a comparable list: [type, ranks in tie-break order]. Types on one scale for 3 and 5 cards:
// 0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 quads,
// 8 straight flush. Straights: 10-J-Q-K-A, then A-2-3-4-5, then K-high down (the Binh order).
function branchRank(cards) {
  const ranks = cards.map((c) => RANK_ORDER.indexOf(c[0])).sort((a, b) => b - a);
  const count = {};
  for (const r of ranks) count[r] = (count[r] || 0) + 1;
  const groups = Object.keys(count).map(Number).sort((a, b) => count[b] - count[a] || b - a);
  const shape = groups.map((r) => count[r]).join("");
  if (cards.length === 5) {
    const flush = cards.every((c) => c[1] === cards[0][1]);
    const distinct = groups.length === 5;
    const wheel = distinct && ranks.join() === "12,3,2,1,0";
    const straight = distinct && (ranks[0] - ranks[4] === 4 || wheel);
    const high = wheel ? 11.5 : ranks[0];  // A-2-3-4-5 just below 10-J-Q-K-A
    if (straight) return [flush ? 8 : 4, high];
    if (shape === "41") return [7, ...groups];
    if (shape === "32") return [6, ...groups];
    if (flush) return [5, ...ranks];
  }
  const type = { 3: 3, 31: 3, 311: 3, 22: 2, 221: 2, 2: 1, 21: 1, 211: 1, 2111: 1 }[shape] || 0;
  return [type, ...groups];
}

// a > b, where a missing tie-break card (a 3-card top) counts lower than any card.
function stronger(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = i < a.length ? a[i] : -1, y = i < b.length ? b[i] : -1;
    if (x !== y) return x > y;
  }
  return false;
}

// Why an arrangement fouls (the server's wording), or null; incomplete branches are not judged.
function binhFoul(top, middle, bottom) {
  const t = top.length === 3 ? branchRank(top) : null, m = middle.length === 5 ? branchRank(middle) : null;
  const b = bottom.length === 5 ? branchRank(bottom) : null;
  if (t && m && stronger(t, m)) return "the top is stronger than the middle";
  if (m && b && stronger(m, b)) return "the middle is stronger than the bottom";
  return null;
}

// ------------------------------------------------------------------ messages
function onStatus(s) {
  $("status").textContent = statusText(s);
  $("start").disabled = !client.open;
  showConnection(client.open);
  if (s === "ready" && !client.seat) showSetup();
}

function showSetup() {
  state = null; $("setup").classList.remove("hidden"); $("game").classList.add("hidden");
  $("leave-confirm").classList.add("hidden");
  renderHistory();
}
function setupNote(text) { $("setup-msg").textContent = text; $("setup-msg").classList.toggle("hidden", !text); }

// Results kept on this device, per table: deals played and your total (they outlive the server's tables).
function remember(st) {
  const h = store.get(localStorage, HISTORY) || { tables: {} };
  h.tables[st.table] = { deals: st.deal, total: st.totals[st.seat], at: Date.now() };
  const ids = Object.keys(h.tables).sort((a, b) => h.tables[b].at - h.tables[a].at);
  for (const id of ids.slice(50)) delete h.tables[id];
  h.last = st.table;
  store.set(localStorage, HISTORY, h);
}

function renderHistory() {
  const h = store.get(localStorage, HISTORY), box = $("history");
  const rows = h ? Object.values(h.tables) : [];
  box.classList.toggle("hidden", !rows.length);
  if (!rows.length) return;
  const last = h.tables[h.last] || rows[0];
  const deals = rows.reduce((a, r) => a + r.deals, 0), total = rows.reduce((a, r) => a + r.total, 0);
  const n = (k) => `${k} deal${k === 1 ? "" : "s"}`;
  box.replaceChildren(el("h2", { text: "Your results on this device" }),
    el("p", { text: `Last table: ${n(last.deals)}, total ${signed(last.total)}.` }),
    el("p", { text: `All ${rows.length} table${rows.length === 1 ? "" : "s"}: ${n(deals)}, total ${signed(total)}.` }),
    el("button", { class: "btn", type: "button", id: "forget", text: "Forget these results",
      onclick: () => { store.set(localStorage, HISTORY, null); renderHistory(); } }));
}

function unplaced() {
  if (!state) return [];
  const used = new Set([...place.top, ...place.middle, ...place.bottom]);
  const rest = state.cards.filter((c) => !used.has(c));
  return sortBy === "suit" ? [...rest].sort((a, b) => "shcd".indexOf(a[1]) - "shcd".indexOf(b[1])
    || RANK_ORDER.indexOf(b[0]) - RANK_ORDER.indexOf(a[0])) : rest;
}

function savePlace() { store.set(sessionStorage, PLACE, { table: state.table, deal: state.deal, place }); }

function restorePlace(msg) {
  const saved = store.get(sessionStorage, PLACE);
  if (!saved || saved.table !== msg.table || saved.deal !== msg.deal) return false;
  const mine = new Set(msg.cards), seen = new Set();
  for (const [k, , cap] of ZONES) {
    const cards = saved.place[k] || [];
    if (cards.length > cap || !cards.every((c) => mine.has(c) && !seen.has(c))) return false;
    cards.forEach((c) => seen.add(c));
  }
  place = { top: saved.place.top, middle: saved.place.middle, bottom: saved.place.bottom };
  return true;
}

function onMessage(msg) {
  if (msg.type === "state") {
    state = msg; setupNote("");
    if (msg.deal !== deal || msg.table !== table) {  // a new deal: start from an empty (or the saved) arrangement
      deal = msg.deal; table = msg.table; selected.clear(); waitingNext = false;
      place = { top: [], middle: [], bottom: [] }; preview = { names: [null, null, null], foul: null };
      $("msg").textContent = "";
      if (!msg.arranged && restorePlace(msg)) sendPreview();
    }
    if (msg.seq !== sentSeq) sentSeq = null;
    if (msg.arranged) place = { top: msg.arranged.top, middle: msg.arranged.middle, bottom: msg.arranged.bottom };
    if (msg.phase === "reveal") remember(msg);
    render();
  } else if (msg.type === "suggestion" && state && msg.deal === state.deal) {
    place = { top: msg.top, middle: msg.middle, bottom: msg.bottom }; selected.clear();
    preview = { names: msg.names, foul: msg.foul }; savePlace();
    $("msg").textContent = "Suggested by the AI: change anything you like, then submit.";
    render();
  } else if (msg.type === "preview") {
    preview = msg; render();
  } else if (msg.type === "error") {
    const lost = msg.code === "no_table" || msg.code === "bad_token";  // back to the setup: say why there
    if (!state || lost) setupNote(friendly(msg));
    else { $("msg").textContent = friendly(msg); if (msg.code !== "stale_seq") { sentSeq = null; waitingNext = false; render(); } }
    if (lost) showSetup();
  } else if (msg.type === "closed") {
    setupNote(closedText(msg)); showSetup();
  }
}

function sendPreview() { client.send({ type: "preview", top: place.top, middle: place.middle, bottom: place.bottom }); }

function where(c) { return Object.keys(place).find((z) => place[z].includes(c)) || "hand"; }

function toggle(c) {
  if (!canArrange()) return;
  selected.has(c) ? selected.delete(c) : selected.add(c);
  render();
  const b = document.querySelector(`[data-card="${c}"]`);
  if (b) b.focus();
}

function changed() { selected.clear(); $("msg").textContent = ""; savePlace(); sendPreview(); render(); }

function moveTo(zone) {
  if (!canArrange() || !client.open) return;
  if (!selected.size) { $("msg").textContent = "Select cards first: tap them."; return; }
  const cards = [...selected];
  if (zone !== "hand") {
    const cap = ZONES.find((z) => z[0] === zone)[2];
    const stay = place[zone].filter((c) => !selected.has(c));
    if (stay.length + cards.length > cap) {
      $("msg").textContent = `The ${zone} holds ${cap} cards: move one out first (tap it, then "Back"), or tap two cards and "Swap".`;
      return;
    }
  }
  for (const z of Object.keys(place)) place[z] = place[z].filter((c) => !selected.has(c));
  if (zone !== "hand") place[zone] = groupSort([...place[zone], ...cards]);
  changed();
}

// Two selected cards in different places trade places.
function canSwap() { const [a, b] = [...selected]; return selected.size === 2 && where(a) !== where(b); }
function swap() {
  if (!canArrange() || !canSwap()) return;
  const [a, b] = [...selected], za = where(a), zb = where(b);
  const put = (z, out, inn) => { if (z !== "hand") place[z] = groupSort(place[z].map((c) => (c === out ? inn : c))); };
  put(za, a, b); put(zb, b, a);
  changed();
}

function canArrange() { return state && state.phase === "arrange" && state.legal.length > 0 && sentSeq !== state.seq; }

function zoneEl(key, label, cap, idx) {
  const cards = place[key];
  const name = cards.length === cap ? (preview.names[idx] || "") : `${cards.length} of ${cap} cards`;
  const slots = el("div", { class: "slots" },
    cards.map((c) => cardEl(c, { selected: selected.has(c), onclick: () => toggle(c) })),
    Array.from({ length: cap - cards.length }, () => el("span", { class: "slot", "aria-hidden": "true" })));
  const z = el("div", { class: "zone" + (cards.length === cap ? " full" : ""), id: `zone-${key}`, role: "group",
    "aria-label": `${label}: ${name}` },
    el("div", { class: "head" },
      el("button", { class: "btn", type: "button", id: `to-${key}`, onclick: () => moveTo(key),
        text: `${label} \u2193`, "aria-label": `Place selected cards in the ${label.toLowerCase()}` }),
      el("span", { class: "name", id: `name-${key}`, text: name })),
    slots);
  z.addEventListener("click", (ev) => { if (ev.target === z || ev.target === slots || ev.target.classList.contains("slot")) moveTo(key); });
  return z;
}

function render() {
  if (!state) return;
  $("setup").classList.add("hidden"); $("game").classList.remove("hidden");
  const me = state.seat, total = state.totals[me];
  $("dealinfo").textContent = `Deal ${state.deal} \u00b7 your total ${signed(total)}`;
  $("opponents").textContent = state.players.filter((p) => p.seat !== me)
    .map((p) => `${seatName(p, me)}: ${state.phase === "reveal" ? signed(p.total) : (p.submitted ? "arranged" : "arranging\u2026")}`).join(" \u00b7 ");
  const sp = state.special;
  $("special").classList.toggle("hidden", !sp);
  if (sp) {
    $("special").replaceChildren(el("strong", { class: "announce", text: `Special hand: ${sp.name}!` }),
      el("p", { class: "muted", text: `It is declared for you and wins ${sp.points} points from each hand that is not special.` }),
      el("div", { class: "cards" }, state.cards.map((c) => cardEl(c, { small: true }))));
  }
  const arranging = canArrange();
  $("arrange").classList.toggle("hidden", !arranging);
  if (arranging) renderArrange();
  const waiting = state.phase === "arrange" && !arranging;
  $("waiting").classList.toggle("hidden", !waiting);
  if (waiting) $("waiting").textContent = "Submitted. Waiting for the other players\u2026";
  $("reveal").classList.toggle("hidden", state.phase !== "reveal");
  if (state.phase === "reveal") renderReveal();
}

function renderArrange() {
  const zones = ZONES.map(([k, l, c], i) => zoneEl(k, l, c, i));
  const rest = unplaced();
  const handZone = el("div", { class: "zone", id: "zone-hand", role: "group", "aria-label": "Your unplaced cards" },
    el("div", { class: "head" },
      el("button", { class: "btn", type: "button", id: "to-hand", onclick: () => moveTo("hand"),
        text: "Back \u2191", "aria-label": "Put the selected cards back among your cards" }),
      el("span", { class: "name", text: rest.length ? `Your cards (${rest.length})` : "All cards placed" })),
    rest.length ? el("div", { class: "cards" }, rest.map((c) => cardEl(c, { selected: selected.has(c), onclick: () => toggle(c) }))) : null);
  $("zones").replaceChildren(...zones, handZone);
  const complete = rest.length === 0;
  // the page judges the foul from the cards itself: no need to wait for the server's preview
  const foul = complete ? binhFoul(place.top, place.middle, place.bottom) : null;
  $("foul").classList.toggle("hidden", !foul);
  if (foul) $("foul").textContent = `Foul: ${foul}. A fouled hand loses ${state.rules.foul_points} points to each opponent.`;
  $("submit").disabled = !complete;
  $("swap").disabled = !canSwap();
  $("sort").textContent = sortBy === "rank" ? "Sort by suit" : "Sort by rank";
}

function submit(force) {
  if (!canArrange() || unplaced().length) return;
  const foul = binhFoul(place.top, place.middle, place.bottom);
  if (foul && !force) {
    $("confirm-text").textContent = `This arrangement is a foul (${foul}): you would lose ${state.rules.foul_points} points to each opponent. Submit it anyway?`;
    $("confirm").classList.remove("hidden"); $("confirm-no").focus(); return;
  }
  $("confirm").classList.add("hidden");
  if (!client.send({ type: "act", seq: state.seq, action: { kind: "arrange", top: place.top, middle: place.middle, bottom: place.bottom } })) {
    $("msg").textContent = "Not connected: the arrangement was not sent."; return;
  }
  sentSeq = state.seq; render();
}

function branchMark(v) {
  return v > 0 ? el("span", { class: "win", text: "won" }) : v < 0 ? el("span", { class: "loss", text: "lost" }) : el("span", { class: "tie", text: "tie" });
}

function handEl(h, players, me) {
  const box = el("div", { class: "panel" + (h.seat === me ? " result" : "") }, el("strong", { text: seatName(players[h.seat], me) }));
  if (h.special) {
    box.append(el("div", { class: "announce", text: `Special: ${h.special}` }), el("div", { class: "cards" }, h.cards.map((c) => cardEl(c, { small: true }))));
    return box;
  }
  if (h.foul) box.append(el("span", { class: "badge", style: "background:#a40000", text: "FOUL" }));
  ZONES.forEach(([k, l], i) => box.append(el("div", { class: "hand-line" },
    el("span", { class: "label", text: l }), el("div", { class: "cards" }, h[k].map((c) => cardEl(c, { small: true }))),
    el("span", { class: "branch-name", text: h.names[i] }))));
  return box;
}

function renderReveal() {
  const r = state.reveal, me = state.seat, players = state.players;
  const net = r.nets[me];
  const rows = r.pairs.filter((p) => p.seats.includes(me)).map((p) => {
    const flip = p.seats[0] !== me, opp = flip ? p.seats[0] : p.seats[1];
    const score = flip ? -p.score : p.score;
    const br = p.branches ? p.branches.map((b) => (flip ? -b : b)) : null;
    return el("tr", {}, el("td", { text: seatName(players[opp], me) }),
      ...(br ? br.map((b) => el("td", {}, branchMark(b))) : [el("td", { colspan: 3, text: p.how })]),
      el("td", { class: score > 0 ? "win" : score < 0 ? "loss" : "tie", text: signed(score) }));
  });
  const table = el("table", { class: "score" },
    el("thead", {}, el("tr", {}, ...["Against", "Top", "Middle", "Bottom", "Points"].map((t) => el("th", { text: t })))),
    el("tbody", {}, rows));
  const totals = el("table", { class: "score" },
    el("thead", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "This deal" }), el("th", { text: "Total" }))),
    el("tbody", {}, players.map((p) => el("tr", {}, el("td", { text: seatName(p, me) }),
      el("td", { text: signed(r.nets[p.seat]) }), el("td", { text: signed(state.totals[p.seat]) })))));
  const next = el("button", { class: "btn primary", id: "next", type: "button", disabled: waitingNext,
    text: waitingNext ? "Waiting for the other players\u2026" : "Next deal",
    onclick: () => { if (!waitingNext && client.send({ type: "next", seq: state.seq })) { waitingNext = true; render(); } } });
  const order = [r.hands[me], ...r.hands.filter((h) => h.seat !== me)];
  $("reveal").replaceChildren(
    el("div", { class: "panel result" }, el("h2", { id: "deal-score", text: `This deal: ${signed(net)} \u00b7 total ${signed(state.totals[me])}` }),
      table, el("div", { class: "toolbar" }, next)),
    ...order.map((h) => handEl(h, players, me)),
    el("div", { class: "panel" }, el("h2", { text: "Running totals" }), totals));
}

$("start").onclick = () => {
  const n = +document.querySelector("input[name=opp]:checked").value;
  const level = document.querySelector("input[name=level]:checked").value;
  deal = null; setupNote("");
  if (!client.send({ type: "create", game: "binh", seats: ["me", ...Array(n).fill(level)] }))
    setupNote("Not connected yet: wait for \u201cconnected\u201d above, then deal again.");
};
$("leave").onclick = () => {
  const go = () => { client.leave(); showSetup(); };
  if (state && state.phase === "arrange" && !state.special) ask("Leave this table in the middle of a deal? Your hand is lost with the table.", go);
  else go();
};
$("suggest").onclick = () => client.send({ type: "suggest" });
$("clear").onclick = () => { place = { top: [], middle: [], bottom: [] }; preview = { names: [null, null, null], foul: null }; changed(); };
$("swap").onclick = swap;
$("sort").onclick = () => { sortBy = sortBy === "rank" ? "suit" : "rank"; store.set(localStorage, SORT, sortBy); render(); };
$("submit").onclick = () => submit(false);
$("confirm-yes").onclick = () => submit(true);
$("confirm-no").onclick = () => { $("confirm").classList.add("hidden"); };
document.addEventListener("keydown", (ev) => {
  if (!canArrange() || !client.open || ev.target.tagName === "INPUT") return;
  const zone = { "1": "top", "2": "middle", "3": "bottom", "0": "hand" }[ev.key];
  if (zone) { moveTo(zone); ev.preventDefault(); }
  else if (ev.key === "s") { client.send({ type: "suggest" }); }
});
setupDeckToggle();
renderHistory();
client.connect();
