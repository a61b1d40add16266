// pokercore serve: shared page code (cards, the WebSocket client with reconnect, hand and session ends). No build step.
"use strict";
const SUITS = { s: ["\u2660", "spades"], h: ["\u2665", "hearts"], d: ["\u2666", "diamonds"], c: ["\u2663", "clubs"] };
const RANK_NAMES = { "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
  "9": "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const RANK_ORDER = "23456789TJQKA";

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}

function cardLabel(c) { return `${RANK_NAMES[c[0]]} of ${SUITS[c[1]][1]}`; }

// A card as a button (tappable) or a span; `small` for the reveal and log.
function cardEl(c, opts = {}) {
  const tag = opts.onclick ? "button" : "span";
  const e = el(tag, { class: `card suit-${c[1]}` + (opts.small ? " sm" : "") + (opts.selected ? " sel" : ""),
    "aria-label": cardLabel(c) + (opts.selected ? ", selected" : ""), "data-card": c,
    "aria-pressed": opts.onclick ? String(!!opts.selected) : null, type: opts.onclick ? "button" : null,
    onclick: opts.onclick || null });
  e.append(el("span", { text: c[0] }), el("span", { class: "s", text: SUITS[c[1]][0], "aria-hidden": "true" }));
  return e;
}

function sortCards(cards) {
  return [...cards].sort((a, b) => RANK_ORDER.indexOf(b[0]) - RANK_ORDER.indexOf(a[0]) || "cdhs".indexOf(b[1]) - "cdhs".indexOf(a[1]));
}

// A poker hand in reading order: bigger rank groups first (pairs, trips), then higher ranks.
function groupSort(cards) {
  const count = {};
  for (const c of cards) count[c[0]] = (count[c[0]] || 0) + 1;
  return [...cards].sort((a, b) => count[b[0]] - count[a[0]] || RANK_ORDER.indexOf(b[0]) - RANK_ORDER.indexOf(a[0])
    || "cdhs".indexOf(b[1]) - "cdhs".indexOf(a[1]));
}

function signed(v) { return v > 0 ? `+${v}` : `${v}`; }
function chips(n) { return `${n} chip${n === 1 ? "" : "s"}`; }

// A seat as the page names it: "You", a person by name ("Player 2"), an AI by level and seat ("Easy AI 2").
function seatName(p, me) { return p.seat === me ? "You" : p.kind === "ai" ? `${p.name} ${p.seat}` : p.name; }

// Error codes a person should never read raw: what happened in their words.
const FRIENDLY = {
  stale_seq: "That move was already sent and taken once; the table is up to date.",
  not_your_turn: "Not your turn any more: the table moved on.",
  rate_limited: "Too many taps at once: wait a moment, then try again.",
  no_table: "Your table is no longer on the server (the server restarted, or it closed the table after a long "
    + "wait). Deal a new game.",
  bad_token: "Your seat is no longer on the server (the server restarted, or the table was closed). Deal a new game.",
};
function friendly(msg) { return FRIENDLY[msg.code] || msg.message; }

// Why a table closed under this tab, in a person's words.
function closedText(msg) {
  const why = msg.reason || "";
  if (/another|replaced/.test(why))
    return "This seat was opened in another tab or window: play on there, or deal a new game here.";
  return `The table was closed (${why || "by the server"}). Deal a new game.`;
}

// Local storage that never throws (private mode, quota): a value or null.
const store = {
  get(area, key) { try { return JSON.parse(area.getItem(key)); } catch (e) { return null; } },
  set(area, key, v) { try { if (v === null) area.removeItem(key); else area.setItem(key, JSON.stringify(v)); } catch (e) { /* kept in memory only */ } },
};

// Who this person is across sessions (the history): a random id kept in this browser, sent with create and
// join. Whoever knows it can read this browser's history, so it never leaves the page except to this server.
function playerId() {
  let id = store.get(localStorage, "pokercore-player");
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    store.set(localStorage, "pokercore-player", id);
  }
  return id;
}

// The deck: two colours (red and black) or four (clubs green, diamonds blue), kept on this device.
function applyDeck(deck) {
  document.body.dataset.deck = deck;
  const b = document.getElementById("deck");
  if (b) {
    b.textContent = deck === "four" ? "4-colour deck" : "2-colour deck";
    b.setAttribute("aria-label", `Deck colours: ${deck === "four" ? "four (clubs green, diamonds blue)" : "two (red and black)"}; tap to switch`);
  }
}
function setupDeckToggle() {
  applyDeck(store.get(localStorage, "pokercore-deck") || "four");
  const b = document.getElementById("deck");
  if (b) b.onclick = () => {
    const deck = document.body.dataset.deck === "four" ? "two" : "four";
    store.set(localStorage, "pokercore-deck", deck); applyDeck(deck);
  };
}

// While the connection is down every control of the game is disabled (one fieldset) and a banner says why.
function showConnection(open) {
  const box = document.getElementById("controls"), banner = document.getElementById("offline");
  if (box) box.disabled = !open;
  if (banner) banner.classList.toggle("hidden", open);
  document.body.classList.toggle("offline", !open);
}

// An in-page question (no browser dialog): `ask(text, yes)` shows #leave-confirm and runs `yes` on "Leave".
function ask(text, yes) {
  const box = document.getElementById("leave-confirm");
  document.getElementById("leave-text").textContent = text;
  box.classList.remove("hidden");
  document.getElementById("leave-yes").onclick = () => { box.classList.add("hidden"); yes(); };
  document.getElementById("leave-no").onclick = () => box.classList.add("hidden");
  document.getElementById("leave-no").focus();
}

// The table in progress on this device, {game, table, seat, token}, or null.
const RESUME = "pokercore-resume";
function resumable() {
  const r = store.get(localStorage, RESUME);
  return r && typeof r.game === "string" && typeof r.table === "string" && Number.isInteger(r.seat)
    && typeof r.token === "string" ? r : null;
}

// The WebSocket client: keeps the seat (table, seat, token) in sessionStorage and rejoins after a drop.
// The seat is also kept on this device (RESUME), so the installed app opened again (or the front page's Resume)
// can come back to it: a page opened with ?resume takes that seat when its tab has none.
class GameClient {
  constructor(game, onMessage, onStatus) {
    this.game = game; this.onMessage = onMessage; this.onStatus = onStatus;
    this.key = `pokercore-${game}`; this.retry = 0; this.ws = null; this.open = false;
    const query = new URLSearchParams(location.search);
    if (query.has("resume")) {
      const r = resumable();
      if (!this.seat && r && r.game === game) this.seat = { table: r.table, seat: r.seat, token: r.token };
      query.delete("resume");
      window.history.replaceState(null, "", location.pathname + (query.toString() ? `?${query}` : "") + location.hash);
    }
  }
  get seat() { return store.get(sessionStorage, this.key); }
  set seat(v) {
    const old = this.seat, kept = resumable();
    store.set(sessionStorage, this.key, v || null);
    if (v) store.set(localStorage, RESUME, { game: this.game, table: v.table, seat: v.seat, token: v.token, at: Date.now() });
    else if (old && kept && kept.game === this.game && kept.table === old.table) store.set(localStorage, RESUME, null);
  }
  connect() {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;  // one connection at a time
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.open = true; this.retry = 0;
      const s = this.seat;
      if (s) { this.onStatus("rejoining"); this.send({ type: "join", table: s.table, seat: s.seat, token: s.token }); }
      else this.onStatus("ready");
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "joined") { this.seat = { table: msg.table, seat: msg.seat, token: msg.token }; }
      const lost = (msg.type === "error" && (msg.code === "no_table" || msg.code === "bad_token")) || msg.type === "closed";
      if (lost) this.seat = null;
      this.onMessage(msg);
      if (msg.type === "joined") this.onStatus("playing");
      else if (lost && msg.type === "error") this.onStatus("ready");
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.open = false;
      this.onStatus("offline");
      const wait = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }
  // Send if connected; false (nothing sent) while reconnecting.
  send(msg) {
    if (!this.open) return false;
    if (msg.type === "create" || msg.type === "join") msg = { ...msg, player: playerId() };
    this.ws.send(JSON.stringify(msg)); return true;
  }
  leave() { this.seat = null; }
}

function statusText(s) {
  return { ready: "connected", playing: "connected", rejoining: "rejoining your table\u2026",
           offline: "connection lost: reconnecting\u2026" }[s] || s;
}

// ---------------------------------------------------------------- the end of a hand and of a session (draw, hold'em)
// The "Next hand" button: asks for the next hand with the state's `seq`; `sent()` runs once the message is sent.
function nextHandButton(client, st, waiting, sent) {
  return el("button", { class: "btn primary", id: "next", type: "button", disabled: waiting,
    text: waiting ? "Waiting for the other players\u2026" : "Next hand",
    onclick: () => { if (client.send({ type: "next", seq: st.seq })) sent(); } });
}

// This table's finished hands, newest first, kept for the tab under `key` (so a reload keeps them):
// `r` is the page's result of the hand (`heading`, `net`), `won` who won what in words.
function rememberHand(key, st, r, won) {
  const past = store.get(sessionStorage, key) || { table: null, hands: [] };
  if (past.table !== st.table) { past.table = st.table; past.hands = []; }
  if (!past.hands.some((h) => h.n === st.hand_number)) {
    const mine = st.showdown.shown.find((s) => s.seat === st.seat);
    past.hands.unshift({ n: st.hand_number, net: r.net, what: r.heading + (mine ? `, ${mine.name.toLowerCase()}` : ""), won });
    past.hands = past.hands.slice(0, 200);
    store.set(sessionStorage, key, past);
  }
  renderPast(key, st, past);
}

// The past-hands list (#past, #past-list) of the table of `st`, from `past` or the tab's store under `key`.
function renderPast(key, st, past) {
  past = past || store.get(sessionStorage, key);
  if (!past || past.table !== st.table) past = { hands: [] };
  document.getElementById("past").classList.toggle("hidden", !past.hands.length);
  document.getElementById("past-list").replaceChildren(...past.hands.map((h) => el("li", {},
    el("strong", { text: `Hand ${h.n}: ` }), el("span", { class: h.net > 0 ? "win" : h.net < 0 ? "loss" : "", text: signed(h.net) }),
    el("span", { class: "muted", text: ` \u00b7 ${h.what} \u00b7 ${h.won}` }))));
}

// The end screen's session line (#session-net) and standings (#standings), richest first: `sessionNet(p)` is a
// player's net (or null), `chipsText(n)` and `stackText(n)` word chips as the page does.
function renderStandings(st, sessionNet, chipsText, stackText) {
  const me = st.seat, mine = st.players[me], net = sessionNet(mine);
  const ranked = [...st.players].sort((a, b) => b.stack - a.stack);
  const line = document.getElementById("session-net");
  line.textContent = `You played ${st.hand_number} hand${st.hand_number === 1 ? "" : "s"}` +
    (net === null ? "." : `: session ${signed(net)} (${chipsText(mine.start)} \u2192 ${chipsText(mine.stack)}).`);
  line.className = net > 0 ? "win" : net < 0 ? "loss" : "";
  document.getElementById("standings").replaceChildren(
    el("thead", {}, el("tr", {}, ...["#", "Player", "Chips", "Net"].map((t) => el("th", { text: t })))),
    el("tbody", {}, ranked.map((p, k) => el("tr", { class: p.seat === me ? "me" : "" },
      el("td", { text: `${k + 1}` }), el("td", { text: seatName(p, me) }), el("td", { text: stackText(p.stack) }),
      el("td", { text: sessionNet(p) === null ? "" : signed(sessionNet(p)) })))));
}

// The installable app: the service worker keeps the pages so they open without the server (see /sw.js).
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => { navigator.serviceWorker.register("/sw.js").catch(() => { /* the pages work without it */ }); });
}
