// Hold'em page: blinds, stacks, board, pots and side pots, your cards, bet sizing within the legal range,
// the hand log as card rooms word it, showdown (mucked hands as mucked), session net, end screen.
"use strict";
let state = null, handKey = null, waitingNext = false, sentSeq = null, size = null, sizeNote = "";
const $ = (id) => document.getElementById(id);
const client = new GameClient("holdem", onMessage, onStatus);
const STREETS = { preflop: "Preflop", flop: "Flop", turn: "Turn", river: "River", over: "Hand over" };
const PAST = "pokercore-holdem-past", CREATE = "pokercore-holdem-create";

// Chips as card rooms print them: 1,250.
function fmt(n) { return Number(n).toLocaleString("en-US"); }
function fmtChips(n) { return `${fmt(n)} chip${n === 1 ? "" : "s"}`; }

function onStatus(s) {
  $("status").textContent = statusText(s);
  $("start").disabled = !client.open;
  showConnection(client.open);
  if (s === "ready" && !client.seat) showSetup();
}
function showSetup() {
  state = null; $("setup").classList.remove("hidden"); $("game").classList.add("hidden");
  $("leave-confirm").classList.add("hidden");
}
function setupNote(text) { $("setup-msg").textContent = text; $("setup-msg").classList.toggle("hidden", !text); }

function onMessage(msg) {
  if (msg.type === "state") {
    const key = `${msg.table}/${msg.hand_number}`;
    if (key !== handKey) { handKey = key; waitingNext = false; $("msg").textContent = ""; }
    if (msg.seq !== state?.seq) { sentSeq = null; size = null; sizeNote = ""; }
    state = msg; setupNote(""); render();
  } else if (msg.type === "error") {
    const lost = msg.code === "no_table" || msg.code === "bad_token";  // back to the setup: say why there
    if (!state || lost) setupNote(friendly(msg));
    else { $("msg").textContent = friendly(msg); if (msg.code !== "stale_seq") { sentSeq = null; waitingNext = false; render(); } }
    if (lost) showSetup();
  } else if (msg.type === "closed") { setupNote(closedText(msg)); showSetup(); }
}

function who(i) { return seatName(state.players[i], state.seat); }

// One public event in words: "Easy AI 2 raises to 300", "You call 40", "Hard AI 1 bets 1,250 (all-in)".
function eventText(e, st) {
  const you = e.seat === st.seat, w = seatName(st.players[e.seat], st.seat);
  const v = (plain, third) => (you ? plain : third);
  const allIn = e.all_in ? " (all-in)" : "";
  switch (e.kind) {
    case "small blind": case "big blind": case "straddle":
      return `${w} ${v("post", "posts")} the ${e.kind} ${fmt(e.chips)}${allIn}`;
    case "ante": return `${w} ${v("post", "posts")} an ante of ${fmt(e.chips)}${allIn}`;
    case "fold": return `${w} ${v("fold", "folds")}`;
    case "check": return `${w} ${v("check", "checks")}`;
    case "call": return `${w} ${v("call", "calls")} ${fmt(e.chips)}${allIn}`;
    case "bet": return `${w} ${v("bet", "bets")} ${fmt(e.to)}${allIn}`;
    case "raise": return `${w} ${v("raise", "raises")} to ${fmt(e.to)}${allIn}`;
    case "return": return `Uncalled ${fmt(e.chips)} returned to ${you ? "you" : w}`;
    default: return `${w} ${e.kind} ${e.chips || ""}`;
  }
}

// The board cards each street dealt (the flop three, turn and river one each).
function streetCards(st, street) {
  return { flop: st.board.slice(0, 3), turn: st.board.slice(3, 4), river: st.board.slice(4, 5) }[street] || [];
}

function logItems(st) {
  const items = [], seen = new Set(["preflop"]);
  const sep = (street) => {
    const cards = streetCards(st, street);
    items.push(el("li", { class: "sep", "data-street": street }, `${STREETS[street]} `,
      ...cards.map((c) => cardEl(c, { small: true }))));
  };
  items.push(el("li", { class: "sep", "data-street": "preflop", text: `Hand ${st.hand_number} \u00b7 preflop` }));
  for (const e of st.events) {
    if (!seen.has(e.street)) { seen.add(e.street); sep(e.street); }
    items.push(el("li", { text: eventText(e, st) }));
  }
  for (const street of ["flop", "turn", "river"])  // an all-in run-out deals streets nobody acted on
    if (!seen.has(street) && streetCards(st, street).length) { seen.add(street); sep(street); }
  return items;
}

// ---------------------------------------------------------------- moves
function legalOf(kind) { return state.legal.find((a) => a.kind === kind) || null; }

// One move per state: a second tap on the same state (a double tap) sends nothing.
function act(action) {
  if (sentSeq === state.seq) return;
  if (!client.send({ type: "act", seq: state.seq, action })) { $("msg").textContent = "Not connected: the move was not sent."; return; }
  sentSeq = state.seq; $("msg").textContent = "";
  render();
}

// Quick sizes as "to" amounts, kept inside the legal range: min, half the pot, the pot, all-in.
function quickSizes(a) {
  const potAfterCall = state.pot + state.to_call, base = state.current_bet;
  const clamp = (x) => Math.max(a.min, Math.min(a.max, Math.round(x)));
  const out = [["Min", a.min], ["\u00bd pot", clamp(base + potAfterCall / 2)], ["Pot", clamp(base + potAfterCall)]];
  if (a.max === a.all_in) out.push(["All-in", a.max]);
  else out.push(["Max", a.max]);
  return out;
}

function aggressLabel(a, amount) {
  if (amount === a.all_in) return `All-in ${fmt(amount)}`;
  return a.kind === "bet" ? `Bet ${fmt(amount)}` : `Raise to ${fmt(amount)}`;
}

function actionButtons() {
  const busy = sentSeq === state.seq, out = [];
  for (const a of state.legal) {
    if (a.kind === "fold" || a.kind === "check")
      out.push(el("button", { class: "btn", type: "button", id: `act-${a.kind}`, disabled: busy,
        text: a.kind === "fold" ? "Fold" : "Check", onclick: () => act({ kind: a.kind }) }));
    else if (a.kind === "call")
      out.push(el("button", { class: "btn primary", type: "button", id: "act-call", disabled: busy,
        text: a.all_in ? `Call all-in ${fmt(a.chips)}` : `Call ${fmt(a.chips)}`,
        onclick: () => act({ kind: "call", amount: a.amount }) }));
    else {
      if (size === null || size < a.min || size > a.max) size = a.min;
      const amount = size;
      out.push(el("button", { class: "btn primary", type: "button", id: `act-${a.kind}`, disabled: busy,
        "data-amount": amount, text: aggressLabel(a, amount), onclick: () => act({ kind: a.kind, amount }) }));
    }
  }
  return out;
}

function renderSizing() {
  const a = legalOf("bet") || legalOf("raise"), box = $("sizing");
  const show = !!a && a.min < a.max && sentSeq !== state.seq;
  box.classList.toggle("hidden", !show);
  if (!show) return;
  const range = $("amount-range"), num = $("amount");
  range.min = num.min = a.min; range.max = num.max = a.max; range.step = num.step = 1;
  range.value = size; if (document.activeElement !== num) num.value = size;
  $("quick").replaceChildren(...quickSizes(a).map(([label, v]) => el("button", {
    class: "btn" + (v === size ? " primary" : ""), type: "button", "data-size": label, "aria-label": `${label}: ${fmt(v)}`,
    text: label, onclick: () => { noteSize(""); setSize(v); } })));
  const kind = a.kind === "bet" ? "bet" : "raise to";
  $("amount-note").textContent = `You may ${kind} ${fmt(a.min)} to ${fmt(a.max)}` +
    (state.players[state.seat].bet ? ` (you have ${fmt(state.players[state.seat].bet)} in already)` : "");
  noteSize(sizeNote);
}

// An amount typed outside the legal range is never changed silently: the box says what the button was set to.
function noteSize(text) {
  sizeNote = text;
  const w = $("amount-warn");
  w.textContent = text; w.classList.toggle("hidden", !text);
  $("amount").setAttribute("aria-invalid", text ? "true" : "false");
}
function outOfRange(a, v) {
  if (v > a.max) return `The amount must be ${fmt(a.min)} to ${fmt(a.max)}: ${fmt(v)} is more, so the button is set to ${aggressLabel(a, a.max)}.`;
  if (v < a.min) return `The amount must be ${fmt(a.min)} to ${fmt(a.max)}: ${fmt(v)} is less, so the button is set to ${aggressLabel(a, a.min)}.`;
  return "";
}

// A new size redraws the table only when it changed (a redraw between a tap's press and release would lose it).
function setSize(v) {
  const a = legalOf("bet") || legalOf("raise");
  if (!a || !Number.isFinite(v)) return;
  const next = Math.max(a.min, Math.min(a.max, Math.round(v)));
  if (next === size) return;
  size = next;
  render();
}
$("amount-range").addEventListener("input", (ev) => { noteSize(""); setSize(+ev.target.value); });
// While typing, an amount over the most is said at once (more digits only make it more); one under the least
// is said when the typing is done (a first digit is often under it on the way to a bigger amount).
$("amount").addEventListener("input", (ev) => {
  const a = legalOf("bet") || legalOf("raise"), v = +ev.target.value;
  if (!a || ev.target.value === "" || !Number.isFinite(v)) return;
  noteSize(v > a.max ? outOfRange(a, v) : "");
  setSize(v);
});
$("amount").addEventListener("change", (ev) => {
  const a = legalOf("bet") || legalOf("raise"), v = +ev.target.value;
  if (!a) return;
  if (ev.target.value !== "" && Number.isFinite(v)) { noteSize(outOfRange(a, Math.round(v))); setSize(v); }
  ev.target.value = size;
});

// ---------------------------------------------------------------- drawing the table
function sessionNet(p) { return p.start === undefined ? null : p.stack - p.start; }

function render() {
  if (!state) return;
  $("setup").classList.add("hidden"); $("game").classList.remove("hidden");
  const me = state.seat, mine = state.players[me], net = sessionNet(mine), r = state.rules;
  $("handinfo").textContent = `Hand ${state.hand_number} \u00b7 your stack ${fmt(mine.stack)}` +
    (net === null || !state.showdown ? "" : ` \u00b7 session ${signed(net)}`);
  $("blinds").textContent = `${r.name} \u00b7 blinds ${fmt(r.small_blind)}/${fmt(r.big_blind)}` +
    (r.betting === "fixed-limit" ? ` \u00b7 bets ${fmt(r.bet_unit)}/${fmt(r.big_bet)}` : "");
  $("players").replaceChildren(...state.players.map((p) => {
    const status = p.out ? "out of chips" : !p.dealt_in ? "sitting out" : !p.live ? "folded" : p.all_in ? "all-in" : "";
    const backs = p.seat !== me && p.dealt_in && p.live && !state.showdown
      ? el("span", { class: "hole-backs", "aria-hidden": "true" },
        Array.from({ length: r.hole_cards }, () => el("span", { class: "card sm back" }))) : null;
    return el("li", { class: (state.actor === p.seat ? "turn" : "") + (!p.live ? " out" : ""), id: `player-${p.seat}` },
      el("span", {}, el("span", { class: "who", text: seatName(p, me) }),
        p.seat === state.button ? el("span", { class: "badge dealer", title: "dealer button", text: "D" }) : null,
        p.dealt_in && p.seat === state.small_blind_seat ? el("span", { class: "badge blind", title: "small blind", text: "SB" }) : null,
        p.dealt_in && p.seat === state.big_blind_seat ? el("span", { class: "badge blind", title: "big blind", text: "BB" }) : null,
        state.actor === p.seat ? el("span", { class: "badge", text: "to act" }) : null,
        p.all_in && p.live && !state.showdown ? el("span", { class: "badge allin", text: "all-in" }) : null,
        !p.connected ? el("span", { class: "badge", text: "away" }) : null, backs),
      el("span", { class: "muted", text: [p.bet && !state.showdown ? `bet ${fmt(p.bet)}` : "", status].filter(Boolean).join(" \u00b7 ") }),
      el("span", { class: "stack", text: fmt(p.stack), "aria-label": `stack ${fmtChips(p.stack)}` }));
  }));
  renderPots();
  const board = state.board.map((c) => cardEl(c));
  while (board.length < 5) board.push(el("span", { class: "card slot-empty", "aria-hidden": "true" }));
  $("board").replaceChildren(...board);
  $("street").textContent = STREETS[state.street];
  const mineTurn = state.actor === me;
  $("turn").className = "turnline" + (mineTurn ? " me" : "");
  $("turn").textContent = state.showdown ? "" : mineTurn ? (state.to_call ? `Your turn: ${fmt(Math.min(state.to_call, mine.stack))} to call` : "Your turn")
    : state.actor !== null ? `Waiting for ${who(state.actor)}\u2026` : "";
  $("hole").replaceChildren(...state.hole.map((c) => cardEl(c)));
  $("handname").textContent = state.hand_name || "";
  $("actions").replaceChildren(...actionButtons());
  renderSizing();
  const log = $("log");
  log.replaceChildren(...logItems(state));
  log.scrollTop = log.scrollHeight;
  if (!state.showdown) renderPast(PAST, state);
  renderResult();
}

function potName(k) { return k === 0 ? "Main pot" : `Side pot${k > 1 ? " " + k : ""}`; }

function renderPots() {
  const sd = state.showdown;
  if (sd) {
    const paid = sd.payouts.reduce((a, b) => a + b, 0);
    $("pot").textContent = `Pot ${fmt(paid)} paid out`;
    $("sidepots").replaceChildren(...(sd.pots.length > 1 ? sd.pots.map((p, k) => el("div", { class: "pot-line",
      text: `${potName(k)} ${fmt(p.amount)}` })) : []));
    return;
  }
  $("pot").textContent = `Pot ${fmt(state.pot)}`;
  const pots = state.pots;
  $("sidepots").replaceChildren(...(pots.length > 1 ? pots.map((p, k) => el("div", { class: "pot-line",
    text: `${potName(k)} ${fmt(p.amount)}` + (k ? ` (${p.eligible.map(who).join(", ")})` : "") })) : []));
}

// The result of a hand in words: heading, who won which pot, and your own result.
function resultText(st) {
  const sd = st.showdown, me = st.seat, mine = st.players[me], name = (i) => seatName(st.players[i], me);
  const wins = (i) => (i === me ? "win" : "wins");
  const folded = mine.dealt_in && !mine.live;
  const heading = sd.shown.length || sd.mucked.length ? "Showdown" : folded ? "You folded"
    : sd.winners.includes(me) ? "Everyone else folded" : `${name(sd.winners[0])} wins: everyone else folded`;
  const lines = sd.pots.map((p, k) => {
    const label = sd.pots.length > 1 ? `the ${potName(k).toLowerCase()} of ${fmt(p.amount)}` : `the pot of ${fmt(p.amount)}`;
    if (p.winners.length === 1) return `${name(p.winners[0])} ${wins(p.winners[0])} ${label}`;
    return `${label[0].toUpperCase() + label.slice(1)} is split: ` + p.winners.map(name).join(" and ");
  });
  const net = sd.payouts[me] - mine.committed;
  const text = !mine.dealt_in ? "You sat this hand out."
    : (net ? `You ${net > 0 ? "won" : "lost"} ${fmtChips(Math.abs(net))} this hand` : "You broke even this hand") +
      (folded ? " (folded)." : sd.mucked.includes(me) ? " (your hand was mucked)." : ".");
  return { heading, lines, mine: text, net };
}

function renderResult() {
  const sd = state.showdown, box = $("result");
  box.classList.toggle("hidden", !sd);
  const ended = !!sd && (state.game_over || !!state.players[state.seat].out);
  $("end").classList.toggle("hidden", !ended);
  if (!sd) return;
  const me = state.seat, r = resultText(state);
  const hands = sd.shown.map((s) => el("div", { class: "hand-line", id: `shown-${s.seat}` },
    el("span", { class: "label", text: who(s.seat) }), el("div", { class: "cards" }, s.cards.map((c) => cardEl(c, { small: true }))),
    el("span", { class: "branch-name", text: s.name + (sd.payouts[s.seat] ? ` \u2014 wins ${fmt(sd.payouts[s.seat])}` : "") })));
  for (const seat of sd.mucked) {
    const own = seat === me;
    hands.push(el("div", { class: "hand-line mucked", id: `mucked-${seat}` }, el("span", { class: "label", text: who(seat) }),
      el("div", { class: "cards" }, own ? state.hole.map((c) => cardEl(c, { small: true }))
        : Array.from({ length: state.rules.hole_cards }, () => el("span", { class: "card sm back", "aria-hidden": "true" }))),
      el("span", { class: "branch-name", text: own ? "mucked (only you see your cards)" : "mucked" })));
  }
  rememberHand(PAST, state, r, r.lines.join("; "));
  const kids = [el("h2", { id: "result-h", text: r.heading }), ...hands,
    ...r.lines.map((t) => el("p", { class: "pot-result", text: t })),
    el("p", { id: "my-result", class: r.net > 0 ? "win" : r.net < 0 ? "loss" : "", text: r.mine })];
  if (!ended) kids.push(nextHandButton(client, state, waitingNext, () => { waitingNext = true; render(); }));
  box.replaceChildren(...kids);
  if (ended) renderEnd();
}

// The end of the session for this person: out of chips, or the table's last hand.
function renderEnd() {
  const mine = state.players[state.seat];
  const all = state.hand_number >= state.hands;
  $("end-h").textContent = mine.out ? "You are out of chips"
    : all ? `Game over after ${state.hands} hand${state.hands === 1 ? "" : "s"}` : "Game over: you won every chip at the table";
  renderStandings(state, sessionNet, fmtChips, fmt);
  $("rebuy-note").textContent = `This table has no rebuys: "Play again" deals a new table with ${fmtChips(mine.start)} each.`;
}

// ---------------------------------------------------------------- setup
function deal(request) {
  setupNote("");
  store.set(sessionStorage, CREATE, request);
  if (!client.send(request)) setupNote("Not connected yet: wait for \u201cconnected\u201d above, then deal again.");
}

function handInPlay() {
  if (!state || state.showdown) return false;
  const mine = state.players[state.seat];
  return mine.dealt_in && mine.live;
}

$("start").onclick = () => {
  const pick = (name) => document.querySelector(`input[name=${name}]:checked`).value;
  const n = +pick("opp");
  deal({ type: "create", game: "holdem", variant: pick("variant"), seats: ["me", ...Array(n).fill(pick("level"))],
    blinds: [1, 2], stacks: +pick("stack"), hands: +pick("hands") });
};
$("again").onclick = () => {
  const request = store.get(sessionStorage, CREATE);
  if (request) { state = null; handKey = null; deal(request); } else { client.leave(); showSetup(); }
};
$("to-setup").onclick = () => { client.leave(); showSetup(); };
$("leave").onclick = () => {
  const go = () => { client.leave(); showSetup(); };
  if (handInPlay()) ask("Leave this table in the middle of a hand? Your cards are folded when the table closes and the chips you bet are lost.", go);
  else go();
};
setupDeckToggle();
client.connect();
