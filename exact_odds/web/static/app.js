// exact-odds serve: the page draws the session's state as the server sends it and computes nothing.
"use strict";

const SUIT_SIGNS = {s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663"};
const $ = (id) => document.getElementById(id);
window.state = null;
let busy = Promise.resolve();

function sessionName() {
  return new URLSearchParams(location.search).get("session");
}

async function call(method, path, body) {
  const options = {method, headers: {}};
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    return {error: "the server does not answer: is 'exact-odds serve' still running?"};
  }
  let data;
  try {
    data = await response.json();
  } catch (err) {
    return {error: `the server answered ${response.status} without a state`};
  }
  return data;
}

function show(data) {
  if (data.error) {
    $("message").textContent = data.error;
    $("message").className = "error";
    if (data.state) draw(data.state);
    return false;
  }
  $("message").textContent = "";
  $("message").className = "";
  draw(data);
  return true;
}

// One change at a time, in the order asked (two quick taps deal two cards, never the same version twice).
function queue(step) {
  busy = busy.then(step, step);
  return busy;
}

function change(action, extra) {
  return queue(async () => {
    if (!state) return false;
    const body = Object.assign({version: state.version}, extra || {});
    return show(await call("POST", `/api/sessions/${encodeURIComponent(state.session)}/${action}`, body));
  });
}

function deal(card) { return change("deal", {card}); }

async function openSession(name, create) {
  const path = `/api/sessions/${encodeURIComponent(name)}`;
  const data = await call(create ? "PUT" : "GET", path, create ? {} : undefined);
  if (!data.error) history.replaceState(null, "", `/?session=${encodeURIComponent(data.session)}`);
  return show(data);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function draw(s) {
  window.state = s;
  $("title").textContent = s.title;
  $("file").textContent = s.file;
  const select = $("session");
  select.replaceChildren(...s.sessions.map((n) => {
    const o = el("option", "", n);
    o.value = n;
    o.selected = n === s.session;
    return o;
  }));
  $("next").textContent = s.state;
  $("left").textContent = `${s.cards_left} cards left (${s.decks_left_text} decks), ${s.cards_seen} seen` +
    (s.grid.suits_known ? "" : "; suits left not known (a card was given without its suit)") +
    (s.grid.tens_unknown ? `; ${s.grid.tens_unknown} ten-value cards of unknown rank` : "");
  drawBets(s);
  if (seenVersion !== null && seenVersion !== s.version) { seen = ""; seenVersion = null; drawSeen(null); }
  drawGrid(s.grid);
  drawCount(s.count);
  drawCoups(s);
  $("undo").disabled = !s.can_undo;
  $("redo").disabled = !s.can_redo;
  $("redo").title = s.can_redo ? `deal ${s.redo[0]} again` : "nothing to redo";
}

function drawBets(s) {
  const rows = s.bets.map((b) => {
    const tr = el("tr", b.positive_ev ? "plus" : "");
    tr.dataset.key = b.key;
    const name = el("td", "name", b.name);
    if (b.positive_ev) name.append(" ", el("span", "badge", "+EV"));
    tr.append(name);
    for (const f of ["expected_value", "house_edge", "win"]) {
      const td = el("td", f, b[f + "_text"] === undefined ? "pricing\u2026" : b[f + "_text"]);
      if (b[f] !== undefined) td.title = `exactly ${b[f]}`;
      tr.append(td);
    }
    return tr;
  });
  $("bets").tBodies[0].replaceChildren(...rows);
  $("notes").textContent = s.notes.map((n) => "note: " + n).join(" ");
}

// An edge sorter's next cards: 'H' or 'L' for each, in deal order; the server prices them, the page shows it.
let seen = "";
let seenVersion = null;

function drawSeen(data) {
  $("seen-text").textContent = data ? (data.error || data.text) : "";
  const rows = data && !data.error ? data.bets.map((b) => {
    const tr = el("tr", b.key === data.best_bet ? "plus" : "");
    tr.dataset.key = b.key;
    const ev = el("td", "expected_value", b.ev_text);
    ev.title = `exactly ${b.ev}`;
    tr.append(el("td", "name", b.name), ev);
    return tr;
  }) : [];
  $("seen-bets").tBodies[0].replaceChildren(...rows);
}

function markSeen(label) {
  return queue(async () => {
    if (!state) return;
    if (seenVersion !== state.version) seen = "";
    seen = label === null ? "" : (seen + label).slice(0, 6);
    seenVersion = state.version;
    if (!seen) return drawSeen(null);
    drawSeen(await call("GET", `/api/sessions/${encodeURIComponent(state.session)}/seen?next=${seen}`));
  });
}

function drawGrid(g) {
  const cells = [];
  g.ranks.forEach((rank, r) => {
    const head = el("button", "rank", "");
    head.type = "button";
    head.append(el("b", "", rank), el("small", "", String(g.rank_left[r])));
    head.dataset.card = rank;
    head.title = `deal a ${rank} of unknown suit (${g.rank_left[r]} left)`;
    head.disabled = g.rank_left[r] === 0;
    place(head, r, -1);
    cells.push(head);
    g.suits.forEach((suit, si) => {
      const left = g.left[r][si], most = g.at_most[r][si];
      const count = left !== null ? String(left) : most !== null ? "\u2264" + most : "?";
      const b = el("button", `card suit-${suit}`, "");
      b.type = "button";
      b.append(el("b", "", rank + SUIT_SIGNS[suit]), el("small", "", count));
      b.dataset.card = rank + suit;
      b.title = `deal ${rank}${suit}` +
        (left !== null ? ` (${left} left)` : most !== null ? ` (at most ${most} left)` : "");
      b.disabled = most === 0 || g.rank_left[r] === 0;
      place(b, r, si);
      cells.push(b);
    });
  });
  $("grid").replaceChildren(...cells);
}

// Wide screens: 13 columns of ranks, a row per suit; phones: a row per rank, a column per suit.
function place(cell, rank, suit) {
  cell.style.setProperty("--wide-row", String(suit + 2));
  cell.style.setProperty("--wide-col", String(rank + 1));
  cell.style.setProperty("--narrow-row", String(rank + 1));
  cell.style.setProperty("--narrow-col", String(suit + 2));
}

function drawCount(c) {
  $("count").textContent = c ? `${c.name}: running count ${c.running_text}, true count ${c.true_text}` :
    "no count chosen (serve --count TAGS or a bet key)";
  if (c) $("count").title = c.tags;
}

function drawCoups(s) {
  $("current").textContent = s.current.length ? `this coup: ${s.current.join(" ")}` : "";
  $("last").textContent = s.coups.length ? "last " + s.coups[s.coups.length - 1].text : "no coup yet";
  // The bead plate as a casino draws it: a board of BEAD_ROWS rows filled column by column, top to bottom,
  // one cell a coup in the order dealt, ties in their own cell (a green T); the empty cells are drawn too,
  // at least BEAD_COLUMNS columns and always the cell of the next coup.
  const n = s.coups.length;
  const columns = Math.max(BEAD_COLUMNS, Math.ceil((n + 1) / BEAD_ROWS));
  const cells = [];
  for (let i = 0; i < BEAD_ROWS * columns; i++) {
    const cell = el("span", "cell");
    const c = s.coups[i];
    if (c) {
      const b = el("span", `bead bead-${c.winner}`, c.bead);
      b.title = c.text;
      cell.append(b);
    }
    cells.push(cell);
  }
  $("beads").replaceChildren(...cells);
  $("beads").scrollLeft = $("beads").scrollWidth;
}

const BEAD_ROWS = 6;
const BEAD_COLUMNS = 12;

// The tokens typed, each dealt (or undone, redone) in turn; the ones from the first refused on are given back.
async function typed(text) {
  const tokens = text.trim().split(/[\s,]+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i].toLowerCase();
    const ok = t === "u" || t === "undo" ? await change("undo") :
      t === "r" || t === "redo" ? await change("redo") : await deal(tokens[i]);
    if (!ok) return tokens.slice(i).join(" ");
  }
  return "";
}

function wire() {
  $("grid").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (button && !button.disabled) deal(button.dataset.card);
  });
  $("entry").addEventListener("submit", async (e) => {
    e.preventDefault();
    const input = $("card");
    const text = input.value;
    input.value = "";
    input.value = await typed(text);
  });
  $("undo").addEventListener("click", () => change("undo"));
  $("seen-high").addEventListener("click", () => markSeen("H"));
  $("seen-low").addEventListener("click", () => markSeen("L"));
  $("seen-clear").addEventListener("click", () => markSeen(null));
  $("redo").addEventListener("click", () => change("redo"));
  $("reset").addEventListener("click", () => {
    if (confirm(`Start session ${state.session} again? Every card dealt in it is forgotten.`)) change("reset");
  });
  $("session").addEventListener("change", (e) => openSession(e.target.value, false));
  $("new").addEventListener("click", () => {
    const name = prompt("Name of the new session (letters, digits, _ and -):");
    if (name) openSession(name.trim(), true);
  });
  // Typing anywhere on the page goes to the card field.
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
    if (document.activeElement !== $("card") && document.activeElement.tagName !== "SELECT") $("card").focus();
  });
  // Another tab may change the session: look again when this one is shown, and every few seconds.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  setInterval(() => { if (!document.hidden) refresh(); }, 5000);
}

// The session as it is now, drawn only if it changed (a redraw under a finger would lose its tap).
function refresh() {
  if (!state) return;
  queue(async () => {
    const data = await call("GET", `/api/sessions/${encodeURIComponent(state.session)}`);
    if (data.error || data.version !== state.version) show(data);
  });
}

async function start() {
  wire();
  const listing = await call("GET", "/api/sessions");
  if (listing.error) return show(listing);
  const asked = sessionName();
  if (!asked) return openSession(listing.first, true);
  if (await openSession(asked, false) || state) return;
  // No such session (a stale address): the first one, with the message saying why.
  const why = $("message").textContent;
  if (await openSession(listing.first, true)) show({error: why});
}

start();
