// Binh page: arrange 13 cards by tapping, suggest, live branch names, foul warning, reveal and totals.
"use strict";
const ZONES = [["top", "Top", 3], ["middle", "Middle", 5], ["bottom", "Bottom", 5]];
let state = null, deal = null, place = { top: [], middle: [], bottom: [] }, selected = new Set();
let preview = { names: [null, null, null], foul: null }, waitingNext = false;
const $ = (id) => document.getElementById(id);
const client = new GameClient("binh", onMessage, onStatus);

function onStatus(s) {
  $("status").textContent = statusText(s);
  $("start").disabled = !client.open;
  if (s === "ready" && !client.seat) showSetup();
}

function showSetup() { state = null; $("setup").classList.remove("hidden"); $("game").classList.add("hidden"); }

function unplaced() {
  if (!state) return [];
  const used = new Set([...place.top, ...place.middle, ...place.bottom]);
  return state.cards.filter((c) => !used.has(c));
}

function onMessage(msg) {
  if (msg.type === "state") {
    state = msg;
    if (msg.deal !== deal) {  // a new deal: start from an empty arrangement
      deal = msg.deal; place = { top: [], middle: [], bottom: [] }; selected.clear(); waitingNext = false;
      preview = { names: [null, null, null], foul: null }; $("msg").textContent = "";
    }
    if (msg.arranged) place = { top: msg.arranged.top, middle: msg.arranged.middle, bottom: msg.arranged.bottom };
    render();
  } else if (msg.type === "suggestion" && state && msg.deal === state.deal) {
    place = { top: msg.top, middle: msg.middle, bottom: msg.bottom }; selected.clear();
    preview = { names: msg.names, foul: msg.foul };
    $("msg").textContent = "Suggested by the AI: change anything you like, then submit.";
    render();
  } else if (msg.type === "preview") {
    preview = msg; render();
  } else if (msg.type === "error") {
    $("msg").textContent = msg.message;
    if (msg.code === "no_table" || msg.code === "bad_token") showSetup();
  } else if (msg.type === "closed") {
    showSetup();
  }
}

function sendPreview() { client.send({ type: "preview", top: place.top, middle: place.middle, bottom: place.bottom }); }

function toggle(c) {
  if (!canArrange()) return;
  selected.has(c) ? selected.delete(c) : selected.add(c);
  render();
  const b = document.querySelector(`[data-card="${c}"]`);
  if (b) b.focus();
}

function moveTo(zone) {
  if (!canArrange()) return;
  if (!selected.size) { $("msg").textContent = "Select cards first: tap them."; return; }
  const cards = [...selected];
  if (zone !== "hand") {
    const cap = ZONES.find((z) => z[0] === zone)[2];
    const stay = place[zone].filter((c) => !selected.has(c));
    if (stay.length + cards.length > cap) {
      $("msg").textContent = `The ${zone} holds ${cap} cards: move one out first (tap it, then "Back").`;
      return;
    }
  }
  for (const z of Object.keys(place)) place[z] = place[z].filter((c) => !selected.has(c));
  if (zone !== "hand") place[zone] = groupSort([...place[zone], ...cards]);
  selected.clear(); $("msg").textContent = "";
  sendPreview(); render();
}

function canArrange() { return state && state.phase === "arrange" && state.legal.length > 0; }

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
    .map((p) => `${p.name} ${p.seat}: ${state.phase === "reveal" ? signed(p.total) : (p.submitted ? "arranged" : "arranging\u2026")}`).join(" \u00b7 ");
  const sp = state.special;
  $("special").classList.toggle("hidden", !sp);
  if (sp) {
    $("special").replaceChildren(el("strong", { text: `Special hand: ${sp.name}.` }),
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
  const foul = complete ? preview.foul : null;
  $("foul").classList.toggle("hidden", !foul);
  if (foul) $("foul").textContent = `Foul: ${foul}. A fouled hand loses ${state.rules.foul_points} points to each opponent.`;
  $("submit").disabled = !complete;
}

function submit(force) {
  if (!canArrange() || unplaced().length) return;
  if (preview.foul && !force) {
    $("confirm-text").textContent = `This arrangement is a foul (${preview.foul}): you would lose ${state.rules.foul_points} points to each opponent. Submit it anyway?`;
    $("confirm").classList.remove("hidden"); $("confirm-no").focus(); return;
  }
  $("confirm").classList.add("hidden");
  client.send({ type: "act", seq: state.seq, action: { kind: "arrange", top: place.top, middle: place.middle, bottom: place.bottom } });
}

function branchMark(v) {
  return v > 0 ? el("span", { class: "win", text: "won" }) : v < 0 ? el("span", { class: "loss", text: "lost" }) : el("span", { class: "tie", text: "tie" });
}

function handEl(h, players, me) {
  const who = h.seat === me ? "You" : `${players[h.seat].name} ${h.seat}`;
  const box = el("div", { class: "panel" + (h.seat === me ? " result" : "") }, el("strong", { text: who }));
  if (h.special) {
    box.append(el("div", { text: `Special: ${h.special}` }), el("div", { class: "cards" }, h.cards.map((c) => cardEl(c, { small: true }))));
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
    return el("tr", {}, el("td", { text: `${players[opp].name} ${opp}` }),
      ...(br ? br.map((b) => el("td", {}, branchMark(b))) : [el("td", { colspan: 3, text: p.how })]),
      el("td", { class: score > 0 ? "win" : score < 0 ? "loss" : "tie", text: signed(score) }));
  });
  const table = el("table", { class: "score" },
    el("thead", {}, el("tr", {}, ...["Against", "Top", "Middle", "Bottom", "Points"].map((t) => el("th", { text: t })))),
    el("tbody", {}, rows));
  const totals = el("table", { class: "score" },
    el("thead", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "This deal" }), el("th", { text: "Total" }))),
    el("tbody", {}, players.map((p) => el("tr", {}, el("td", { text: p.seat === me ? "You" : `${p.name} ${p.seat}` }),
      el("td", { text: signed(r.nets[p.seat]) }), el("td", { text: signed(state.totals[p.seat]) })))));
  const next = el("button", { class: "btn primary", id: "next", type: "button", disabled: waitingNext,
    text: waitingNext ? "Waiting for the other players\u2026" : "Next deal",
    onclick: () => { waitingNext = true; client.send({ type: "next", seq: state.seq }); render(); } });
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
  deal = null;
  client.send({ type: "create", game: "binh", seats: ["me", ...Array(n).fill(level)] });
};
$("leave").onclick = () => { client.leave(); showSetup(); };
$("suggest").onclick = () => client.send({ type: "suggest" });
$("clear").onclick = () => { place = { top: [], middle: [], bottom: [] }; selected.clear(); preview = { names: [null, null, null], foul: null }; render(); };
$("submit").onclick = () => submit(false);
$("confirm-yes").onclick = () => submit(true);
$("confirm-no").onclick = () => { $("confirm").classList.add("hidden"); };
document.addEventListener("keydown", (ev) => {
  if (!canArrange() || ev.target.tagName === "INPUT") return;
  const zone = { "1": "top", "2": "middle", "3": "bottom", "0": "hand" }[ev.key];
  if (zone) { moveTo(zone); ev.preventDefault(); }
  else if (ev.key === "s") { client.send({ type: "suggest" }); }
});
client.connect();
