// pokercore serve: the history page. Lists this browser's sessions, a session's hands, one hand's history.
// Reads /api/history with the player id common.js keeps; the place is kept in the address (#table=..., #hand=...).
"use strict";
const UNIT = { binh: ["point", "points"], draw: ["chip", "chips"], holdem: ["chip", "chips"] };
const GAME = { binh: "Binh", draw: "Five-card draw", holdem: "Hold'em" };
const CARD_RE = /^[2-9TJQKA][cdhs]$/;
// What a session's status adds to its row (a finished session adds nothing).
const STATUS = { playing: "playing now", left: "left before the end" };

function amount(v, game) {
  const [one, many] = UNIT[game] || ["", ""];
  return `${signed(v)} ${Math.abs(v) === 1 ? one : many}`.trim();
}
function when(t) {
  return new Date(t * 1000).toLocaleString([], { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}
function show(id) {
  for (const s of ["sessions", "hands", "hand"]) document.getElementById(s).classList.toggle("hidden", s !== id);
}
function problem(text) {
  const m = document.getElementById("msg");
  m.textContent = text || ""; m.classList.toggle("hidden", !text);
}

async function api(path) {
  const r = await fetch(path, { headers: { "X-Pokercore-Player": playerId() }, cache: "no-store" });
  let body = null;
  try { body = await r.json(); } catch (e) { /* not JSON: said below */ }
  if (!r.ok) throw new Error((body && body.message) || `the server answered ${r.status}`);
  return body;
}

// A seat's name; two seats of one name (two "Call AI") get their seat numbers, as on the game pages.
function seatLabel(names, i) {
  return names.filter((n) => n === names[i]).length > 1 ? `${names[i]} ${i}` : names[i] || `Seat ${i}`;
}

function netEl(v, game) { return el("span", { class: v > 0 ? "net up" : v < 0 ? "net down" : "net", text: amount(v, game) }); }

async function listSessions() {
  const { sessions } = await api("/api/history");
  const list = document.getElementById("session-list");
  list.replaceChildren();
  const played = sessions.filter((s) => s.hands > 0);
  document.getElementById("none").classList.toggle("hidden", played.length > 0);
  const byGame = {};
  for (const s of played) byGame[s.game] = (byGame[s.game] || 0) + s.net;
  document.getElementById("total").textContent = Object.entries(byGame)
    .map(([g, v]) => `${GAME[g] || g}: ${amount(v, g)} in all`).join(" \u00b7 ");
  for (const s of played) {
    const others = s.names.map((_, i) => seatLabel(s.names, i)).filter((_, i) => i !== s.seat).join(", ");
    list.append(el("li", {}, el("button", { class: "hist-row", type: "button", "data-table": s.table,
      onclick: () => { location.hash = `table=${encodeURIComponent(s.table)}`; } },
      el("span", { class: "hist-main" }, el("strong", { text: GAME[s.game] || s.game }),
        el("span", { class: "muted", text: ` ${s.hands} ${s.game === "binh" ? "deal" : "hand"}${s.hands === 1 ? "" : "s"}` +
          ` \u00b7 ${when(s.updated)}${STATUS[s.status] ? ` \u00b7 ${STATUS[s.status]}` : ""}` }),
        el("span", { class: "muted hist-who", text: `vs ${others}` })),
      netEl(s.net, s.game))));
  }
  show("sessions");
}

async function listHands(table) {
  const [{ hands }, { sessions }] = await Promise.all([api(`/api/history/table/${encodeURIComponent(table)}`),
    api("/api/history")]);
  const s = sessions.find((x) => x.table === table) || { game: "", names: [], net: 0 };
  document.getElementById("hands-h").textContent = `${GAME[s.game] || "Session"} \u00b7 ${when(hands[0].finished)}`;
  document.getElementById("session-sum").textContent =
    `${hands.length} ${s.game === "binh" ? "deal" : "hand"}${hands.length === 1 ? "" : "s"}, net ${amount(s.net, s.game)}`;
  const list = document.getElementById("hand-list");
  list.replaceChildren();
  for (const h of hands) {
    list.append(el("li", {}, el("button", { class: "hist-row", type: "button", "data-hand": h.id,
      onclick: () => { location.hash = `table=${encodeURIComponent(table)}&hand=${h.id}`; } },
      el("span", { class: "hist-main" }, el("strong", { text: `${s.game === "binh" ? "Deal" : "Hand"} ${h.number}` }),
        el("span", { class: "muted", text: ` ${when(h.finished)}` })),
      netEl(h.net, s.game))));
  }
  show("hands");
}

// One line of a history with its cards drawn as small cards ("??" as a card back).
function lineEl(line) {
  const out = el("div", { class: "hist-line" });
  for (const word of line.split(/(\s+)/)) {
    if (CARD_RE.test(word)) out.append(cardEl(word, { small: true }));
    else if (word === "??") out.append(el("span", { class: "card sm back", "aria-label": "hidden card" }));
    else out.append(word);
  }
  return out;
}

async function showHand(id) {
  const h = await api(`/api/history/hand/${id}`);
  document.getElementById("hand-h").textContent = `${h.game === "binh" ? "Deal" : "Hand"} ${h.number} \u00b7 ${when(h.finished)}`;
  const nets = document.getElementById("hand-nets");
  nets.replaceChildren(...h.nets.map((v, i) => el("div", { class: "row hist-net" },
    el("span", { text: i === h.seat ? "You" : seatLabel(h.names, i) }), netEl(v, h.game))));
  const text = document.getElementById("hand-text");
  // the lines as a person reads them ("You", the seats' names); the stored text if the server gives none
  const lines = h.lines || h.text.split("\n").filter((l) => l.trim());
  text.replaceChildren(...lines.map(lineEl));
  show("hand");
}

async function route() {
  problem("");
  const p = new URLSearchParams(location.hash.slice(1));
  try {
    if (p.get("hand")) await showHand(Number(p.get("hand")));
    else if (p.get("table")) await listHands(p.get("table"));
    else await listSessions();
  } catch (e) {
    problem(`Could not load the history: ${e.message}`);
  }
}

setupDeckToggle();
document.getElementById("back-sessions").onclick = () => { location.hash = ""; };
document.getElementById("back-hands").onclick = () => {
  const t = new URLSearchParams(location.hash.slice(1)).get("table");
  location.hash = t ? `table=${encodeURIComponent(t)}` : "";
};
window.addEventListener("hashchange", route);
route();
