// Five-card draw page: your cards, pot, stacks, button, whose turn, log, legal moves, discards, showdown.
"use strict";
let state = null, discard = new Set(), handKey = null, waitingNext = false;
const $ = (id) => document.getElementById(id);
const client = new GameClient("draw", onMessage, onStatus);
const STREETS = { bet1: "first betting round", draw: "the draw", bet2: "second betting round", over: "hand over" };
const VERBS = { ante: "antes", check: "checks", call: "calls", bet: "bets", raise: "raises", fold: "folds" };

function onStatus(s) {
  $("status").textContent = statusText(s);
  $("start").disabled = !client.open;
  if (s === "ready" && !client.seat) showSetup();
}
function showSetup() { state = null; $("setup").classList.remove("hidden"); $("game").classList.add("hidden"); }

function onMessage(msg) {
  if (msg.type === "state") {
    const key = `${msg.table}/${msg.hand_number}`;
    if (key !== handKey) { handKey = key; discard.clear(); waitingNext = false; $("msg").textContent = ""; }
    if (msg.street !== "draw" || msg.actor !== msg.seat) discard.clear();
    state = msg; render();
  } else if (msg.type === "error") {
    $("msg").textContent = msg.message;
    if (msg.code === "no_table" || msg.code === "bad_token") showSetup();
  } else if (msg.type === "closed") showSetup();
}

function who(i) { return i === state.seat ? "You" : `${state.players[i].name} ${i}`; }

function eventText(e) {
  const w = who(e.seat), you = e.seat === state.seat;
  if (e.kind === "draw") return e.drawn ? `${w} ${you ? "draw" : "draws"} ${e.drawn}` : `${w} ${you ? "stand" : "stands"} pat`;
  const verb = you ? (e.kind === "ante" ? "ante" : e.kind) : VERBS[e.kind];
  return e.amount ? `${w} ${verb} ${e.amount}` : `${w} ${verb}`;
}

function toggle(c) {
  if (!myDraw()) return;
  if (discard.has(c)) discard.delete(c);
  else if (discard.size < 3) discard.add(c);
  else { $("msg").textContent = "At most 3 cards can be exchanged."; return; }
  $("msg").textContent = "";
  render();
  const b = document.querySelector(`#hand [data-card="${c}"]`);
  if (b) b.focus();
}
function myDraw() { return state && state.street === "draw" && state.actor === state.seat && state.legal.length > 0; }

function act(action) { client.send({ type: "act", seq: state.seq, action }); }

function actionButton(a) {
  if (a.kind === "draw") {
    const n = discard.size;
    return el("button", { class: "btn primary", type: "button", id: "act-draw",
      text: n ? `Exchange ${n} card${n > 1 ? "s" : ""}` : "Stand pat (keep all 5)",
      onclick: () => act({ kind: "draw", cards: [...discard] }) });
  }
  const label = { fold: "Fold", check: "Check", call: `Call ${a.amount}`, bet: `Bet ${a.amount}`, raise: `Raise (${a.amount} chips)` }[a.kind];
  return el("button", { class: "btn" + (a.kind === "fold" ? "" : " primary"), type: "button", id: `act-${a.kind}`,
    text: label, onclick: () => act({ kind: a.kind, amount: a.amount }) });
}

function render() {
  if (!state) return;
  $("setup").classList.add("hidden"); $("game").classList.remove("hidden");
  const me = state.seat;
  $("handinfo").textContent = `Hand ${state.hand_number} \u00b7 your stack ${state.players[me].stack}`;
  $("players").replaceChildren(...state.players.map((p) => {
    const status = !p.dealt_in ? "sitting out" : !p.live ? "folded" : p.drawn === null ? "" : p.drawn ? `drew ${p.drawn}` : "stood pat";
    const li = el("li", { class: (state.actor === p.seat ? "turn" : "") + (!p.live ? " out" : ""), id: `player-${p.seat}` },
      el("span", {}, el("span", { class: "who", text: p.seat === me ? "You" : `${p.name} ${p.seat}` }),
        p.seat === state.button ? el("span", { class: "badge dealer", title: "dealer button", text: "D" }) : null,
        state.actor === p.seat ? el("span", { class: "badge", text: "to act" }) : null,
        !p.connected ? el("span", { class: "badge", text: "away" }) : null),
      el("span", { class: "muted", text: [p.bet ? `bet ${p.bet}` : "", status].filter(Boolean).join(" \u00b7 ") }),
      el("span", { text: `${p.stack}`, "aria-label": `stack ${p.stack}` }));
    return li;
  }));
  const paid = state.showdown ? state.showdown.payouts.reduce((a, b) => a + b, 0) : 0;
  $("pot").textContent = state.showdown ? `Pot ${paid} paid out` : `Pot ${state.pot}`;
  $("street").textContent = state.showdown ? STREETS.over : `${STREETS[state.street]} \u00b7 bets ${state.bet_size}`;
  const mine = state.actor === me;
  $("turn").className = "turnline" + (mine ? " me" : "");
  $("turn").textContent = state.showdown ? "" : mine ? (state.street === "draw" ? "Your turn: choose cards to exchange" :
    state.to_call ? `Your turn: ${state.to_call} to call` : "Your turn") : state.actor !== null ? `Waiting for ${who(state.actor)}\u2026` : "";
  const drawing = myDraw();
  $("hand").replaceChildren(...groupSort(state.hand).map((c) => cardEl(c, { selected: discard.has(c), onclick: drawing ? () => toggle(c) : null })));
  $("handname").textContent = state.hand_name || "";
  $("drawhint").classList.toggle("hidden", !drawing);
  $("actions").replaceChildren(...state.legal.map(actionButton));
  const log = $("log");
  const items = [];
  let street = "ante";
  for (const e of state.events) {
    if (e.street !== street && e.street !== "ante") {
      street = e.street;
      items.push(el("li", { class: "sep", "aria-hidden": "true", text: STREETS[street] }));
    }
    items.push(el("li", { text: eventText(e) }));
  }
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
  renderResult();
}

function renderResult() {
  const sd = state.showdown, box = $("result");
  box.classList.toggle("hidden", !sd);
  if (!sd) return;
  const me = state.seat;
  const lines = sd.shown.map((s) => el("div", { class: "hand-line" },
    el("span", { class: "label", text: who(s.seat) }), el("div", { class: "cards" }, groupSort(s.cards).map((c) => cardEl(c, { small: true }))),
    el("span", { class: "branch-name", text: s.name + (sd.winners.includes(s.seat) ? " \u2014 wins" : "") })));
  const won = sd.winners.map((i) => `${who(i)} ${i === me ? "win" : "wins"} the pot of ${sd.payouts[i]}`).join(", ");
  const net = sd.payouts[me] - state.players[me].committed;
  const mine = !state.players[me].dealt_in ? "You sat this hand out."
    : (net ? `You ${net > 0 ? "won" : "lost"} ${Math.abs(net)} chips this hand` : "You broke even this hand") +
      (!state.players[me].live ? " (folded)." : sd.shown.some((s) => s.seat === me) ? "." : " (your hand was not shown).");
  const kids = [el("h2", { id: "result-h", text: sd.shown.length ? "Showdown" : "Everyone else folded" }), ...lines,
    el("p", { text: won }), el("p", { id: "my-result", class: net > 0 ? "win" : net < 0 ? "loss" : "", text: mine })];
  if (state.game_over) kids.push(el("p", { text: "Game over." }),
    el("button", { class: "btn primary", type: "button", onclick: () => { client.leave(); showSetup(); }, text: "New game" }));
  else kids.push(el("button", { class: "btn primary", id: "next", type: "button", disabled: waitingNext,
    text: waitingNext ? "Waiting for the other players\u2026" : "Next hand",
    onclick: () => { waitingNext = true; client.send({ type: "next", seq: state.seq }); render(); } }));
  box.replaceChildren(...kids);
}

$("start").onclick = () => {
  const n = +document.querySelector("input[name=opp]:checked").value;
  const level = document.querySelector("input[name=level]:checked").value;
  client.send({ type: "create", game: "draw", seats: ["me", ...Array(n).fill(level)] });
};
$("leave").onclick = () => { client.leave(); showSetup(); };
client.connect();
