// Five-card draw page: your cards, pot, stacks, button, whose turn, log, legal moves, discards, showdown, end.
"use strict";
let state = null, discard = new Set(), handKey = null, waitingNext = false, sentSeq = null, drawnFrom = null;
const $ = (id) => document.getElementById(id);
const client = new GameClient("draw", onMessage, onStatus);
const STREETS = { bet1: "first betting round", draw: "the draw", bet2: "second betting round", over: "hand over" };
const PICK = "pokercore-draw-pick", PAST = "pokercore-draw-past";

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
    if (key !== handKey) {
      handKey = key; discard.clear(); waitingNext = false; $("msg").textContent = "";
      const pick = store.get(sessionStorage, PICK);  // a reload keeps the cards chosen to exchange
      drawnFrom = pick && pick.key === key ? pick.before || null : null;
      if (pick && pick.key === key && msg.street === "draw") pick.cards.filter((c) => msg.hand.includes(c)).forEach((c) => discard.add(c));
    }
    if (msg.street !== "draw" || msg.actor !== msg.seat) { if (discard.size) discard.clear(); }
    if (msg.seq !== state?.seq) sentSeq = null;
    state = msg; setupNote(""); render();
  } else if (msg.type === "error") {
    const lost = msg.code === "no_table" || msg.code === "bad_token";  // back to the setup: say why there
    if (!state || lost) setupNote(friendly(msg));
    else { $("msg").textContent = friendly(msg); if (msg.code !== "stale_seq") { sentSeq = null; waitingNext = false; render(); } }
    if (lost) showSetup();
  } else if (msg.type === "closed") { setupNote(closedText(msg)); showSetup(); }
}

function who(i) { return seatName(state.players[i], state.seat); }

// The log as card rooms word it: "bets 2", "raises to 8" (the bet after the raise), "calls 4".
function eventTexts(st) {
  const out = [], paid = {};
  let street = null;
  for (const e of st.events) {
    if (e.street !== street) { street = e.street; for (const k of Object.keys(paid)) delete paid[k]; }
    const you = e.seat === st.seat, w = seatName(st.players[e.seat], st.seat);
    const verb = (plain, third) => (you ? plain : third);
    paid[e.seat] = (paid[e.seat] || 0) + (e.kind === "ante" || e.kind === "draw" ? 0 : e.amount || 0);
    if (e.kind === "draw") out.push(e.drawn ? `${w} ${verb("draw", "draws")} ${e.drawn}` : `${w} ${verb("stand", "stands")} pat`);
    else if (e.kind === "ante") out.push(`${w} ${verb("ante", "antes")} ${e.amount}`);
    else if (e.kind === "raise") out.push(`${w} ${verb("raise", "raises")} to ${paid[e.seat]}`);
    else if (e.kind === "bet" || e.kind === "call") out.push(`${w} ${verb(e.kind, e.kind + "s")} ${e.amount}`);
    else out.push(`${w} ${verb(e.kind, e.kind + "s")}`);
  }
  return out;
}

// A betting button: "Call 4", "Bet 2", "Raise to 12" (`me.bet` is what you have in this round already).
function actionLabel(a, me) {
  return { fold: "Fold", check: "Check", call: `Call ${a.amount}`, bet: `Bet ${a.amount}`,
           raise: `Raise to ${(me.bet || 0) + a.amount}` }[a.kind];
}

// The result of a hand in words: heading, who won what (split pots by name), and your own result.
function resultText(st) {
  const sd = st.showdown, me = st.seat, mine = st.players[me], name = (i) => seatName(st.players[i], me);
  const wins = (i) => (i === me ? "win" : "wins");
  const folded = mine.dealt_in && !mine.live;
  const heading = folded ? "You folded" : sd.shown.length ? "Showdown" : "Everyone else folded";
  const paid = sd.winners.reduce((a, i) => a + sd.payouts[i], 0);
  const won = sd.winners.length > 1
    ? `Split pot of ${paid}: ` + sd.winners.map((i) => `${name(i)} ${wins(i)} ${sd.payouts[i]}`).join(", ")
    : sd.winners.map((i) => `${name(i)} ${wins(i)} the pot of ${sd.payouts[i]}`).join("");
  const net = sd.payouts[me] - mine.committed;
  const text = !mine.dealt_in ? "You sat this hand out."
    : (net ? `You ${net > 0 ? "won" : "lost"} ${chips(Math.abs(net))} this hand` : "You broke even this hand") +
      (folded ? " (folded)." : sd.shown.some((s) => s.seat === me) ? "." : " (your hand was not shown).");
  return { heading, won, mine: text, net };
}

function toggle(c) {
  if (!myDraw()) return;
  if (discard.has(c)) discard.delete(c);
  else if (discard.size < 3) discard.add(c);
  else { $("msg").textContent = "At most 3 cards can be exchanged."; return; }
  $("msg").textContent = "";
  store.set(sessionStorage, PICK, { key: handKey, cards: [...discard] });
  render();
  const b = document.querySelector(`#hand [data-card="${c}"]`);
  if (b) b.focus();
}
function myDraw() { return state && state.street === "draw" && state.actor === state.seat && state.legal.length > 0; }

// One move per state: a second tap on the same state (a double tap) sends nothing.
function act(action) {
  if (sentSeq === state.seq) return;
  if (!client.send({ type: "act", seq: state.seq, action })) { $("msg").textContent = "Not connected: the move was not sent."; return; }
  sentSeq = state.seq;
  if (action.kind === "draw") store.set(sessionStorage, PICK, { key: handKey, cards: action.cards, before: state.hand });
  render();
}

function actionButton(a) {
  const busy = sentSeq === state.seq;
  if (a.kind === "draw") {
    const n = discard.size;
    return el("button", { class: "btn primary", type: "button", id: "act-draw", disabled: busy,
      text: n ? `Exchange ${n} card${n > 1 ? "s" : ""}` : "Stand pat (keep all 5)",
      onclick: () => { drawnFrom = state.hand; act({ kind: "draw", cards: [...discard] }); } });
  }
  return el("button", { class: "btn" + (a.kind === "fold" ? "" : " primary"), type: "button", id: `act-${a.kind}`,
    disabled: busy, text: actionLabel(a, state.players[state.seat]), onclick: () => act({ kind: a.kind, amount: a.amount }) });
}

// A player's session net: the chips now, less what they sat down with and any rebuys.
function sessionNet(p) { return p.start === undefined ? null : p.stack - p.start - (p.bought || 0); }

function render() {
  if (!state) return;
  $("setup").classList.add("hidden"); $("game").classList.remove("hidden");
  const me = state.seat, mine = state.players[me], net = sessionNet(mine);
  $("handinfo").textContent = `Hand ${state.hand_number} \u00b7 your stack ${mine.stack}` + (net === null || !state.showdown ? "" : ` \u00b7 session ${signed(net)}`);
  $("players").replaceChildren(...state.players.map((p) => {
    const status = p.out ? "out of chips" : !p.dealt_in ? "sitting out" : !p.live ? "folded" : p.drawn === null ? "" : p.drawn ? `drew ${p.drawn}` : "stood pat";
    return el("li", { class: (state.actor === p.seat ? "turn" : "") + (!p.live ? " out" : ""), id: `player-${p.seat}` },
      el("span", {}, el("span", { class: "who", text: seatName(p, me) }),
        p.seat === state.button ? el("span", { class: "badge dealer", title: "dealer button", text: "D" }) : null,
        state.actor === p.seat ? el("span", { class: "badge", text: "to act" }) : null,
        !p.connected ? el("span", { class: "badge", text: "away" }) : null),
      el("span", { class: "muted", text: [p.bet ? `bet ${p.bet}` : "", status].filter(Boolean).join(" \u00b7 ") }),
      el("span", { text: `${p.stack}`, "aria-label": `stack ${chips(p.stack)}` }));
  }));
  const paid = state.showdown ? state.showdown.payouts.reduce((a, b) => a + b, 0) : 0;
  $("pot").textContent = state.showdown ? `Pot ${paid} paid out` : `Pot ${state.pot}`;
  $("street").textContent = state.showdown ? STREETS.over : `${STREETS[state.street]} \u00b7 bets ${state.bet_size}`;
  const mineTurn = state.actor === me;
  $("turn").className = "turnline" + (mineTurn ? " me" : "");
  $("turn").textContent = state.showdown ? "" : mineTurn ? (state.street === "draw" ? "Your turn: choose cards to exchange" :
    state.to_call ? `Your turn: ${state.to_call} to call` : "Your turn") : state.actor !== null ? `Waiting for ${who(state.actor)}\u2026` : "";
  const drawing = myDraw() && sentSeq !== state.seq;
  const fresh = drawnFrom ? new Set(state.hand.filter((c) => !drawnFrom.includes(c))) : new Set();
  $("hand").replaceChildren(...groupSort(state.hand).map((c) => {
    const e = cardEl(c, { selected: discard.has(c), onclick: drawing ? () => toggle(c) : null });
    if (fresh.has(c)) { e.classList.add("new"); e.setAttribute("aria-label", e.getAttribute("aria-label") + ", just drawn"); }
    return e;
  }));
  $("handname").textContent = state.hand_name || "";
  $("drawhint").classList.toggle("hidden", !drawing);
  $("actions").replaceChildren(...state.legal.map(actionButton));
  const log = $("log"), texts = eventTexts(state), items = [];
  let street = "ante";
  state.events.forEach((e, k) => {
    if (e.street !== street && e.street !== "ante") {
      street = e.street;
      items.push(el("li", { class: "sep", "aria-hidden": "true", text: STREETS[street] }));
    }
    items.push(el("li", { text: texts[k] }));
  });
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
  if (!state.showdown) renderPast(PAST, state);
  renderResult();
}

function renderResult() {
  const sd = state.showdown, box = $("result");
  box.classList.toggle("hidden", !sd);
  const ended = !!sd && (state.game_over || !!state.players[state.seat].out);
  $("end").classList.toggle("hidden", !ended);
  if (!sd) return;
  const me = state.seat, r = resultText(state);
  const shown = new Set(sd.shown.map((s) => s.seat));
  const lines = sd.shown.map((s) => el("div", { class: "hand-line" },
    el("span", { class: "label", text: who(s.seat) }), el("div", { class: "cards" }, groupSort(s.cards).map((c) => cardEl(c, { small: true }))),
    el("span", { class: "branch-name", text: s.name + (sd.winners.includes(s.seat) ? " \u2014 wins" : "") })));
  // hands that reached the end but were not shown: mucked (folded ones are folded)
  for (const p of state.players) {
    if (shown.has(p.seat) || !p.dealt_in || p.seat === me) continue;
    lines.push(el("div", { class: "hand-line mucked" }, el("span", { class: "label", text: seatName(p, me) }),
      el("div", { class: "cards" }, Array.from({ length: 5 }, () => el("span", { class: "card sm back", "aria-hidden": "true" }))),
      el("span", { class: "branch-name", text: p.live ? "mucked" : "folded" })));
  }
  rememberHand(PAST, state, r, r.won);
  const kids = [el("h2", { id: "result-h", text: r.heading }), ...lines,
    el("p", { text: r.won }), el("p", { id: "my-result", class: r.net > 0 ? "win" : r.net < 0 ? "loss" : "", text: r.mine })];
  if (!ended) kids.push(nextHandButton(client, state, waitingNext, () => { waitingNext = true; render(); }));
  box.replaceChildren(...kids);
  if (ended) renderEnd();
}

// The end of the session for this person: out of chips, or the table's last hand.
function renderEnd() {
  const mine = state.players[state.seat];
  const all = state.hand_number >= state.hands;
  $("end-h").textContent = !mine.out ? (all ? `Game over after ${state.hands} hand${state.hands === 1 ? "" : "s"}`
    : "Game over: nobody is left who can pay to play you") : mine.stack ? `You are out: ${chips(mine.stack)} cannot pay the ante and a bet`
    : "You are out of chips";
  renderStandings(state, sessionNet, chips, (n) => `${n}`);
  const canRebuy = state.rebuy !== null && state.rebuy !== undefined;
  $("rebuy-note").textContent = canRebuy ? `Buy back in to carry on at this table: your stack goes back to ${chips(mine.start)}` +
    (mine.bought ? ` (you have bought ${chips(mine.bought)} so far).` : ".")
    : state.rules && state.rules.rebuy ? "" :
    `This table has no rebuys: "Play again" deals a new table with ${chips(mine.start ?? 200)} each.`;
  $("rebuy").classList.toggle("hidden", !canRebuy);
  $("again").classList.toggle("primary", !canRebuy);
  $("rebuy").disabled = waitingNext;
  if (canRebuy) $("rebuy").textContent = `Rebuy ${chips(state.rebuy)}`;
}

$("rebuy").onclick = () => {
  if (client.send({ type: "rebuy", seq: state.seq })) { waitingNext = true; render(); }
  else $("msg").textContent = "Not connected: the rebuy was not sent.";
};

function deal(request) {
  setupNote("");
  store.set(sessionStorage, "pokercore-draw-create", request);
  if (!client.send(request)) setupNote("Not connected yet: wait for \u201cconnected\u201d above, then deal again.");
}

function handInPlay() {
  if (!state || state.showdown) return false;
  const mine = state.players[state.seat];
  return mine.dealt_in && mine.live;
}

$("start").onclick = () => {
  const n = +document.querySelector("input[name=opp]:checked").value;
  const level = document.querySelector("input[name=level]:checked").value;
  const hands = +document.querySelector("input[name=hands]:checked").value;
  deal({ type: "create", game: "draw", seats: ["me", ...Array(n).fill(level)], hands });
};
$("again").onclick = () => {
  const request = store.get(sessionStorage, "pokercore-draw-create");
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
