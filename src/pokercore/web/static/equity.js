// Equity page: players' hands or ranges (typed, or tapped on the 13x13 grid), board cards, equities.
"use strict";
const GRID_RANKS = "AKQJT98765432";
const SAVED = "pokercore-equity";
const MAX_PLAYERS = 6;
const $ = (id) => document.getElementById(id);

// players: [{text, cells: {label: {combos, possible, weight, hands?}}, combos, error}]
let players = [], active = 0, board = [], busy = false;

function cellLabel(i, j) {
  const a = GRID_RANKS[i], b = GRID_RANKS[j];
  return i === j ? a + b : i < j ? a + b + "s" : b + a + "o";
}

function save() { store.set(sessionStorage, SAVED, { players: players.map((p) => p.text), board, active }); }

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: `the server answered ${r.status}` }; }
  if (!r.ok) throw new Error(data.error || `the server answered ${r.status}`);
  return data;
}

// Ask the server what a player's text holds (the grid cells); an empty text is an empty range.
async function readRange(k) {
  const p = players[k];
  if (!p.text.trim()) { p.cells = {}; p.combos = 0; p.error = ""; return; }
  try {
    const g = await post("/api/range", { range: p.text });
    p.cells = g.cells; p.combos = g.combos; p.share = g.share; p.error = "";
  } catch (e) { p.cells = {}; p.combos = 0; p.error = e.message; }
}

// The text of a player's grid after a tap: whole classes by name (with a weight other than 1), partial ones by hand.
function textOf(cells) {
  const parts = [];
  for (let i = 0; i < 13; i++) for (let j = 0; j < 13; j++) {
    const label = cellLabel(i, j), c = cells[label];
    if (!c) continue;
    if (c.hands) for (const [h, w] of c.hands) parts.push(w === 1 ? h : `${h}:${w}`);
    else parts.push(c.weight === 1 ? label : `${label}:${c.weight}`);
  }
  return parts.join(",");
}

async function tapCell(label) {
  const p = players[active];
  const c = p.cells[label];
  const cells = { ...p.cells };
  if (c && !c.hands && c.weight === 1) delete cells[label];            // held in full: take it out
  else cells[label] = { combos: 0, possible: 0, weight: 1 };           // absent or in part: the whole class
  p.text = textOf(cells);
  await readRange(active);
  clearResult(); save(); render();
}

// One row per player, built when the number of players changes and updated in place otherwise,
// so a field being typed in keeps its focus and its caret.
function playerRow(k) {
  const input = el("input", { type: "text", id: `range-${k}`, "aria-label": `Player ${k + 1}: hand or range`,
    placeholder: k === 0 ? "AsKs" : "QQ+, AKs", autocomplete: "off", autocapitalize: "off", spellcheck: "false" });
  input.addEventListener("change", async () => {
    const p = players[k];
    if (!p || p.text === input.value) return;
    p.text = input.value; await readRange(k); clearResult(); save(); render();
  });
  input.addEventListener("focus", () => { if (active !== k) { active = k; save(); render(); } });
  const pick = el("button", { class: "btn who", type: "button", id: `pick-${k}`, text: `P${k + 1}`,
    onclick: () => { active = k; save(); render(); } });
  const remove = el("button", { class: "btn", type: "button", id: `remove-${k}`, "aria-label": `Remove player ${k + 1}`,
    text: "\u00d7", onclick: () => { players.splice(k, 1); active = Math.min(active, players.length - 1); clearResult(); save(); render(); } });
  return el("li", {}, pick, input, remove, el("span", { class: "muted eq-info", id: `info-${k}` }),
    el("span", { class: "eq", id: `eq-${k}` }), el("div", { class: "warn small hidden", id: `error-${k}`, role: "alert" }));
}

function renderPlayers() {
  const list = $("players");
  if (list.children.length !== players.length) list.replaceChildren(...players.map((p, k) => playerRow(k)));
  players.forEach((p, k) => {
    const li = list.children[k], input = $(`range-${k}`), pick = $(`pick-${k}`);
    li.classList.toggle("active", k === active);
    if (document.activeElement !== input) input.value = p.text;
    if (p.error) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    pick.classList.toggle("primary", k === active);
    pick.setAttribute("aria-pressed", String(k === active));
    $(`remove-${k}`).classList.toggle("hidden", players.length <= 2);
    $(`info-${k}`).textContent = p.error ? "" : p.combos ? `${p.combos} combo${p.combos === 1 ? "" : "s"}` : "";
    $(`error-${k}`).textContent = p.error;
    $(`error-${k}`).classList.toggle("hidden", !p.error);
  });
  $("add").disabled = players.length >= MAX_PLAYERS;
}

function renderActive() {
  $("active-name").textContent = `Player ${active + 1}`;
  const p = players[active];
  $("grid-info").textContent = p.combos ? `${p.combos} combos, ${(100 * p.share).toFixed(1)}% of all starting hands` : "No hands yet.";
}

function renderGrid() {
  const p = players[active], kids = [];
  for (let i = 0; i < 13; i++) for (let j = 0; j < 13; j++) {
    const label = cellLabel(i, j), c = p.cells[label];
    const state = !c ? "" : c.hands || c.weight !== 1 ? " part" : " on";
    kids.push(el("button", { type: "button", class: "cell" + (i === j ? " pair" : "") + state, "data-hand": label,
      "aria-pressed": String(!!c), "aria-label": label + (c ? (c.hands ? `, ${c.combos} of ${c.possible} combos` : c.weight !== 1 ? `, weight ${c.weight}` : ", in the range") : ""),
      text: label, onclick: () => tapCell(label) }));
  }
  $("grid").replaceChildren(...kids);
  renderActive();
}

function renderBoard() {
  $("board").replaceChildren(...(board.length ? board.map((c) => cardEl(c, { small: true })) : [el("span", { class: "muted", text: "No board: before the flop." })]));
  $("board-count").textContent = board.length ? `(${board.length} card${board.length === 1 ? "" : "s"})` : "";
  const kids = [];
  for (const s of "shdc") for (const r of "AKQJT98765432") {
    const c = r + s, on = board.includes(c);
    kids.push(cardEl(c, { small: true, selected: on, onclick: () => {
      if (on) board = board.filter((x) => x !== c); else if (board.length < 5) board.push(c); else return;
      clearResult(); save(); renderBoard();
    } }));
  }
  $("picker").replaceChildren(...kids);
}

function render() { renderPlayers(); renderGrid(); renderBoard(); }

function clearResult() {
  $("result").classList.add("hidden");
  $("err").classList.add("hidden");
  document.querySelectorAll(".eq").forEach((e) => { e.textContent = ""; });
}

function pct(x) { return `${(100 * x).toFixed(2)}%`; }

async function calculate() {
  if (busy) return;
  clearResult();
  const problem = board.length === 1 || board.length === 2 ? `A board has 0, 3, 4 or 5 cards; this one has ${board.length}.`
    : players.some((p) => !p.text.trim()) ? "Give every player a hand or a range (or remove the empty ones)."
    : players.some((p) => p.error) ? "A player's hand or range is not valid: see the message under it." : "";
  if (problem) { $("err").textContent = problem; $("err").classList.remove("hidden"); return; }
  busy = true; $("calc").disabled = true; $("calc").textContent = "Calculating\u2026";
  try {
    const r = await post("/api/equity", { players: players.map((p) => p.text), board: board.join(" ") });
    const sampled = !r.exact;
    $("result-table").replaceChildren(
      el("thead", {}, el("tr", {}, ...["Player", "Equity", "Win", "Tie", "Combos"].map((t) => el("th", { text: t })))),
      el("tbody", {}, r.players.map((p, k) => el("tr", { id: `row-${k}` },
        el("td", { text: `P${k + 1} ${p.label}` }), el("td", { class: "strong", text: pct(p.equity) + (sampled ? ` \u00b1${(100 * p.stderr).toFixed(2)}` : "") }),
        el("td", { text: pct(p.win) }), el("td", { text: pct(p.tie_equity) }), el("td", { text: `${p.combos}` })))));
    r.players.forEach((p, k) => { const e = $(`eq-${k}`); if (e) e.textContent = pct(p.equity); });
    $("method").textContent = r.method.charAt(0).toUpperCase() + r.method.slice(1) + ".";
    $("result").classList.remove("hidden");
    $("result").scrollIntoView({ block: "end" });
  } catch (e) {
    $("err").textContent = e.message; $("err").classList.remove("hidden");
  } finally {
    busy = false; $("calc").disabled = false; $("calc").textContent = "Calculate";
  }
}

$("calc").onclick = calculate;
$("add").onclick = () => { if (players.length < MAX_PLAYERS) { players.push({ text: "", cells: {}, combos: 0, error: "" }); active = players.length - 1; clearResult(); save(); render(); } };
$("clear").onclick = () => { players = [0, 1].map(() => ({ text: "", cells: {}, combos: 0, error: "" })); active = 0; board = []; clearResult(); save(); render(); };
$("clear-board").onclick = () => { board = []; clearResult(); save(); renderBoard(); };

(async function start() {
  setupDeckToggle();
  const saved = store.get(sessionStorage, SAVED);
  const texts = saved && Array.isArray(saved.players) && saved.players.length >= 2 ? saved.players.slice(0, MAX_PLAYERS) : ["AsKs", "QQ"];
  players = texts.map((t) => ({ text: String(t), cells: {}, combos: 0, error: "" }));
  board = saved && Array.isArray(saved.board) ? saved.board.slice(0, 5) : [];
  active = saved && Number.isInteger(saved.active) ? Math.min(saved.active, players.length - 1) : 0;
  render();
  await Promise.all(players.map((p, k) => readRange(k)));
  render();
  document.body.dataset.ready = "1";
})();
