// pokercore serve: shared page code (cards, the WebSocket client with reconnect). No build step.
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

// The WebSocket client: keeps the seat (table, seat, token) in sessionStorage and rejoins after a drop.
class GameClient {
  constructor(game, onMessage, onStatus) {
    this.game = game; this.onMessage = onMessage; this.onStatus = onStatus;
    this.key = `pokercore-${game}`; this.retry = 0; this.ws = null; this.open = false;
  }
  get seat() { try { return JSON.parse(sessionStorage.getItem(this.key)); } catch (e) { return null; } }
  set seat(v) { if (v) sessionStorage.setItem(this.key, JSON.stringify(v)); else sessionStorage.removeItem(this.key); }
  connect() {
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
      if (msg.type === "joined") { this.seat = { table: msg.table, seat: msg.seat, token: msg.token }; this.onStatus("playing"); }
      if (msg.type === "error" && (msg.code === "no_table" || msg.code === "bad_token")) { this.seat = null; this.onStatus("ready"); }
      if (msg.type === "closed") { this.seat = null; }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      this.open = false;
      this.onStatus("offline");
      const wait = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }
  send(msg) { if (this.open) this.ws.send(JSON.stringify(msg)); }
  leave() { this.seat = null; }
}

function statusText(s) {
  return { ready: "connected", playing: "connected", rejoining: "rejoining your table\u2026",
           offline: "connection lost: reconnecting\u2026" }[s] || s;
}
