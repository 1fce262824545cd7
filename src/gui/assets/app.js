// kaleido web board. Everything about a variant comes from the server: the board's cells, the
// men, and every legal move as a list of gestures (step, spin, choice), with the other forms a
// person may pick it by (castling: the king onto its own rook, or the king's step where that
// is no other move). The page narrows the legal moves gesture by gesture as the person clicks,
// so it never needs rules of its own.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const page = {
  variants: [],   // from /api/variants
  levels: [],
  state: null,    // the game's state from the server
  prefix: [],     // gestures chosen so far for the move being made
  from: null,     // the cell picked as a step's start
  spinMode: false,
  spinBlock: null, // cells of the block picked in spin mode
  view: 0,         // the seat seen at the bottom of the screen
  busy: false,     // a request is under way
  drag: null,
  shownPlies: 0,   // history length last drawn (a new ply is animated)
  generation: 0,   // counts new games: answers about an older one are dropped
  spinsAnimated: 0, // spins shown turning (for tests)
  search: null,    // kaleido's search under way, watched while it runs
  live: null,      // what that search has found so far (GET /api/game/ID/search)
};
// For tests and the curious: the page's own view of the game.
window.kaleido = page;

// ---------------------------------------------------------------- server

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function showError(message) {
  $("error").textContent = message || "";
}

/// Runs a request that changes the game, one at a time, then draws the new state. A new game
/// (`fresh`) may start while another request runs: the older request's answer is then dropped.
async function act(work, fresh) {
  if (page.busy && !fresh) return;
  const generation = fresh ? ++page.generation : page.generation;
  page.busy = true;
  showError("");
  updateButtons();
  try {
    const state = await work();
    if (state && generation === page.generation) setState(state);
  } catch (e) {
    if (generation === page.generation) showError(e.message);
  }
  if (generation !== page.generation) return;
  page.busy = false;
  updateButtons();
  maybeEngineTurn();
}

// ---------------------------------------------------------------- set-up form

function variantInfo(name) {
  return page.variants.find((v) => v.name === name);
}

function buildSeatControls() {
  const info = variantInfo($("variant").value);
  const box = $("seats");
  box.textContent = "";
  info.seats.forEach((seat, i) => {
    const label = document.createElement("label");
    label.className = "seat";
    // The colour as a dot, not a word: the bar stays one line on a wide screen.
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seat.colour;
    label.title = seatTitle(seat, info.seats.length);
    label.append(swatch, ` ${seat.name} `);
    const kind = document.createElement("select");
    kind.id = `seat-${i}`;
    kind.dataset.seat = i;
    const human = new Option("human", "human");
    kind.add(human);
    // kaleido's levels under one heading, short enough that three seats fit on one line.
    const engine = document.createElement("optgroup");
    engine.label = "kaleido";
    for (const level of page.levels) {
      engine.appendChild(new Option(level.elo ? `Elo ${level.elo}` : "full", `kaleido:${level.level}`));
    }
    kind.appendChild(engine);
    // A person plays the first seat, kaleido at level 3 (Elo 1200) the others.
    kind.value = i === 0 ? "human" : "kaleido:3";
    label.appendChild(kind);
    box.appendChild(label);
  });
}

function seatsFromForm() {
  const info = variantInfo($("variant").value);
  return info.seats.map((_, i) => {
    const value = $(`seat-${i}`).value;
    if (value === "human") return { kind: "human" };
    return { kind: "kaleido", level: Number(value.split(":")[1]) };
  });
}

/// The start choice is offered only where the variant has shuffled starts.
function buildStartControls() {
  const info = variantInfo($("variant").value);
  $("start-box").hidden = !info.shuffled_starts;
  $("start-number").hidden = $("start").value !== "chess960";
}

/// The `start` of a new game's request (undefined for the usual start); throws where the
/// person chose a numbered Chess960 start without typing its number.
function startFromForm() {
  if ($("start-box").hidden) return undefined;
  const choice = $("start").value;
  if (choice === "standard") return undefined;
  if (choice !== "chess960") return choice;
  const text = $("start-number").value.trim();
  // The server checks the range: its message names it.
  if (!/^-?\d+$/.test(text)) throw new Error("type the Chess960 start's number, 0 to 959");
  return { chess960: Number(text) };
}

async function newGame(event) {
  if (event) event.preventDefault();
  const body = { variant: $("variant").value, seats: seatsFromForm() };
  const fen = $("fen-input").value.trim();
  if (fen) body.fen = fen;
  try {
    const start = startFromForm();
    if (start !== undefined) body.start = start;
  } catch (e) {
    showError(e.message);
    return;
  }
  page.shownPlies = 0;
  // A search of the old game is not needed any more.
  if (page.state && page.thinking) {
    fetch(`/api/game/${page.state.id}/stop`, { method: "POST", headers: { "Content-Type": "application/json" } })
      .catch(() => {});
  }
  page.search = null;
  page.thinking = false;
  await act(() => api("POST", "/api/game", body), true);
}

// ---------------------------------------------------------------- geometry

function cellMap() {
  const map = new Map();
  for (const c of page.state.board.cells) map.set(c.name, c);
  return map;
}

/// The screen position of a board point: turned about the board's centre so that the viewing
/// seat sits at the bottom.
function place(x, y) {
  const b = page.state.board;
  const seat = page.state.seats[page.view];
  const angle = seat ? seat.view_angle : 0;
  if (!angle) return [x, y];
  const [cx, cy] = [b.width / 2, b.height / 2];
  const a = angle * Math.PI / 180;
  const [dx, dy] = [x - cx, y - cy];
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

function centre(name) {
  const c = page.cells.get(name);
  return c ? place(c.x, c.y) : [0, 0];
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const HEX_RADIUS = 0.5773503; // a pointy-top hexagon 1 wide

function cellShape(cell, parent) {
  const [x, y] = place(cell.x, cell.y);
  const attrs = { class: `cell shade-${cell.shade}`, "data-cell": cell.name };
  let node;
  if (page.state.board.shape === "hex") {
    const points = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k + 30);
      points.push(`${(x + HEX_RADIUS * Math.cos(a)).toFixed(4)},${(y + HEX_RADIUS * Math.sin(a)).toFixed(4)}`);
    }
    node = el("polygon", { ...attrs, points: points.join(" ") }, parent);
  } else {
    node = el("rect", { ...attrs, x: x - 0.5, y: y - 0.5, width: 1, height: 1 }, parent);
  }
  const title = el("title", {}, node);
  title.textContent = cell.name;
  return node;
}

// ---------------------------------------------------------------- moves and gestures

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/// Every way of picking each legal move: its gestures, and each other form the server offers
/// (it offers one only where no other move begins the same way).
function forms() {
  if (!page.state) return [];
  return page.state.moves.flatMap((m) =>
    [m.gestures, ...(m.other_gestures || [])].map((gestures) => ({ token: m.token, gestures })));
}

/// Legal moves, in each of their forms, whose gestures begin with the ones chosen so far.
function candidates() {
  return forms().filter((m) =>
    page.prefix.every((g, i) => m.gestures[i] && same(m.gestures[i], g)));
}

/// The distinct gestures that may come next.
function nextGestures() {
  const n = page.prefix.length;
  const seen = new Map();
  for (const m of candidates()) {
    const g = m.gestures[n];
    if (g) seen.set(JSON.stringify(g), g);
  }
  return [...seen.values()];
}

function humanToMove() {
  const s = page.state;
  if (!s || s.outcome || s.thinking) return false;
  const seat = s.seats[s.side];
  return seat && seat.kind === "human";
}

function resetPick() {
  page.prefix = [];
  page.from = null;
  page.spinBlock = null;
  closeChooser();
}

/// After a gesture: play the move if one is fully picked, or ask for what comes next.
function advance() {
  const n = page.prefix.length;
  const done = candidates().filter((m) => m.gestures.length === n)
    .filter((m, i, all) => all.findIndex((other) => other.token === m.token) === i);
  const next = nextGestures();
  if (next.length === 0) {
    if (done.length === 1) return playMove(done[0].token);
    resetPick();
    return draw();
  }
  if (next.every((g) => g.kind === "step") && done.length === 0) {
    page.from = null;
    return draw();
  }
  // A choice: a promotion piece, a spin (or none) after a move.
  const options = [];
  if (done.length === 1) options.push({ label: "No spin", move: done[0] });
  for (const g of next) {
    if (g.kind === "choice") options.push({ label: g.label, gesture: g });
    if (g.kind === "spin") {
      options.push({ label: g.clockwise ? "Spin \u21bb clockwise" : "Spin \u21ba anticlockwise", gesture: g });
    }
  }
  const spin = next.find((g) => g.kind === "spin");
  page.spinBlock = spin ? spin.cells : null;
  draw();
  const title = next.some((g) => g.kind === "choice") ? "Promote to" : "Then spin the block?";
  openChooser(title, options);
}

function openChooser(title, options) {
  $("chooser-title").textContent = title;
  const box = $("chooser-options");
  box.textContent = "";
  for (const option of options) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = option.label;
    button.dataset.choice = option.gesture ? JSON.stringify(option.gesture) : "done";
    button.addEventListener("click", () => {
      closeChooser();
      if (option.move) return playMove(option.move.token);
      page.prefix.push(option.gesture);
      advance();
    });
    box.appendChild(button);
  }
  $("chooser").hidden = false;
}

function closeChooser() {
  $("chooser").hidden = true;
}

function stepTargets(from) {
  return nextGestures().filter((g) => g.kind === "step" && g.from === from);
}

function stepStarts() {
  return new Set(nextGestures().filter((g) => g.kind === "step").map((g) => g.from));
}

function spinsAt(cell) {
  return nextGestures().filter((g) => g.kind === "spin" && g.cells.includes(cell));
}

function clickCell(name) {
  if (!humanToMove() || page.busy) return;
  showError("");
  if (page.spinMode && page.prefix.length === 0) {
    const spins = spinsAt(name);
    if (spins.length) {
      page.spinBlock = spins[0].cells;
      draw();
      openChooser("Spin the block", spins.map((g) => ({
        label: g.clockwise ? "\u21bb clockwise" : "\u21ba anticlockwise",
        gesture: g,
      })));
      return;
    }
    page.spinMode = false;
  }
  if (page.from) {
    const step = stepTargets(page.from).find((g) => g.to === name);
    if (step) {
      page.prefix.push(step);
      page.from = null;
      return advance();
    }
  }
  if (stepStarts().has(name) && page.from !== name) {
    page.from = name;
  } else {
    page.from = null;
  }
  draw();
}

async function playMove(token) {
  resetPick();
  page.spinMode = false;
  const id = page.state.id;
  await act(() => api("POST", `/api/game/${id}/move`, { move: token }));
}

// ---------------------------------------------------------------- kaleido

function engineSeatToMove() {
  const s = page.state;
  if (!s || s.outcome) return null;
  const seat = s.seats[s.side];
  return seat && seat.kind === "kaleido" ? seat : null;
}

function maybeEngineTurn() {
  if (page.busy || !engineSeatToMove()) return;
  // Let the page draw the person's move before kaleido's.
  setTimeout(() => {
    if (!page.busy && engineSeatToMove()) engineMove();
  }, 150);
}

async function engineMove(level) {
  if (!page.state) return;
  const id = page.state.id;
  const body = level ? { level } : {};
  // The request answers only with the move; meanwhile the page watches the search.
  const search = { id };
  page.search = search;
  page.live = null;
  page.thinking = true;
  updateButtons();
  const seat = page.state.seats[page.state.side];
  $("status").textContent = `${seatText(seat, page.state.seats)} is thinking\u2026`;
  showSearch({ thinking: true, level: level || seat.level, mover: page.state.side, elapsed_ms: 0, info: null });
  watchSearch(search);
  await act(() => api("POST", `/api/game/${id}/engine`, body));
  if (page.search === search) {
    page.search = null;
    page.thinking = false;
  }
  updateButtons();
}

const WATCH_MS = 250;

/// Shows what `search` has found so far, every WATCH_MS until it has answered. A poll rather
/// than a stream: the server answers each request on its own thread and keeps no connections.
async function watchSearch(search) {
  while (page.search === search) {
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    if (page.search !== search) return;
    try {
      const live = await api("GET", `/api/game/${search.id}/search`);
      // The move may have come in meanwhile: its report is newer.
      if (page.search === search && live.thinking) showSearch(live);
    } catch (_) {
      // The engine request itself reports what went wrong.
    }
  }
}

/// The panel while kaleido thinks: its last completed depth, and the time so far.
function showSearch(live) {
  page.live = live;
  const s = page.state;
  const seat = s.seats[live.mover];
  const mover = seat ? seat.name : "";
  const seconds = `${(live.elapsed_ms / 1000).toFixed(1)}\u00a0s`; // a no-break space keeps the unit with its number
  const line = $("engine-line");
  line.dataset.live = "1";
  const info = live.info;
  if (!info) {
    const who = live.level ? `kaleido ${levelName(live.level)}` : "kaleido";
    line.textContent = `${who} for ${mover}: thinking, ${seconds}`;
    $("pv").textContent = "";
    $("shares").textContent = "";
    return;
  }
  line.textContent = `kaleido ${levelName(live.level)} for ${mover}, thinking: depth ${info.depth}, ${info.score}, ` +
    `${info.nodes.toLocaleString("en")} nodes, ${seconds}`;
  $("pv").textContent = info.pv.length ? `PV: ${info.pv.join(" ")}` : "";
  $("shares").textContent = sharesText(info.shares) || wdlText(info.wdl, mover);
}

/// Every player's expected points at the end of the principal variation (the search reports
/// them in hundredths in games of more than two players).
function sharesText(shares) {
  if (!shares || !shares.length) return "";
  const seats = page.state.seats;
  return "Expected points: " +
    shares.map((v, i) => `${seats[i] ? seats[i].name : i} ${(v / 100).toFixed(2)}`).join(", ");
}

/// The mover's chances of a win, a draw and a loss (per mille from the search, in games of
/// two players), by the result model fitted to kaleido's games.
function wdlText(wdl, mover) {
  if (!wdl) return "";
  const pct = (v) => `${(v / 10).toFixed(1)}%`;
  return `${mover}: win ${pct(wdl[0])}, draw ${pct(wdl[1])}, loss ${pct(wdl[2])}`;
}

/// kaleido plays the best move it has found so far.
function moveNow() {
  if (!page.state || !page.thinking) return;
  fetch(`/api/game/${page.state.id}/stop`, { method: "POST", headers: { "Content-Type": "application/json" } })
    .catch(() => {});
}

// ---------------------------------------------------------------- drawing

function setState(state) {
  const variantChanged = !page.state || page.state.variant !== state.variant;
  if (!page.state || page.state.id !== state.id) {
    $("pgn-box").hidden = true;
    // The board is seen from the first seat a person plays (from the first seat if none).
    page.view = Math.max(0, state.seats.findIndex((seat) => seat.kind === "human"));
  }
  page.state = state;
  page.cells = cellMap();
  resetPick();
  if (variantChanged) page.spinMode = false;
  draw();
  drawPanel();
  const plies = state.history.length;
  if (plies > page.shownPlies) animateLastSpin();
  page.shownPlies = plies;
}

/// The plies of the last turn: the trailing run by one player (two for a doublemove turn).
function lastTurn() {
  const h = page.state.history;
  if (!h.length) return [];
  const player = h[h.length - 1].player;
  let i = h.length - 1;
  while (i > 0 && h[i - 1].player === player) i--;
  return h.slice(i);
}

function luminance(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function draw() {
  const s = page.state;
  if (!s) return;
  const b = s.board;
  const svg = $("board");
  svg.textContent = "";
  // A first guess; fitViewBox sets the box from what is drawn.
  const margin = b.labels.length ? 0.6 : 0.2;
  svg.setAttribute("viewBox", `${-margin} ${-margin} ${b.width + 2 * margin} ${b.height + 2 * margin}`);
  svg.setAttribute("class", b.shape === "hex" ? "hex" : "square");
  svg.dataset.variant = s.variant;
  const defs = el("defs", {}, svg);
  const marker = el("marker", {
    id: "arrowhead", viewBox: "0 0 10 10", refX: "5", refY: "5",
    markerWidth: "3", markerHeight: "3", orient: "auto-start-reverse",
  }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "rgba(47, 111, 179, 0.85)" }, marker);

  const turn = lastTurn();
  const lastCells = new Set();
  for (const ply of turn) {
    for (const g of ply.gestures) {
      if (g.kind === "step") { lastCells.add(g.from); lastCells.add(g.to); }
      if (g.kind === "spin") g.cells.forEach((c) => lastCells.add(c));
    }
  }
  const human = humanToMove() && !page.busy;
  const starts = human ? stepStarts() : new Set();
  const spinnable = new Set();
  if (human && page.spinMode && page.prefix.length === 0) {
    for (const g of nextGestures()) if (g.kind === "spin") g.cells.forEach((c) => spinnable.add(c));
  }
  const picked = new Set(page.spinBlock || []);

  const cells = el("g", { id: "cells" }, svg);
  for (const cell of b.cells) {
    const node = cellShape(cell, cells);
    if (lastCells.has(cell.name)) node.classList.add("last");
    if (starts.has(cell.name)) node.classList.add("movable");
    if (spinnable.has(cell.name)) node.classList.add("spinnable");
    if (picked.has(cell.name)) node.classList.add("spin-picked");
    if (page.from === cell.name) node.classList.add("selected");
    if (s.check.includes(cell.name)) node.classList.add("check");
  }
  drawBlockLines(svg);
  const labels = el("g", { id: "labels" }, svg);
  // A big board is drawn smaller: its labels grow with it to stay readable on a phone.
  labels.style.fontSize = `${Math.max(0.28, Math.max(b.width, b.height) / 34).toFixed(3)}px`;
  for (const label of b.labels) {
    // A coordinate beside the board stays on its side; only its place along the edge turns.
    const inX = label.x >= 0 && label.x <= b.width;
    const inY = label.y >= 0 && label.y <= b.height;
    const [fx, fy] = place(label.x, label.y);
    const [x, y] = [inX ? fx : label.x, inY ? fy : label.y];
    const text = el("text", { class: "label", x, y }, labels);
    text.textContent = label.text;
  }
  fitViewBox(svg, [cells, labels]);

  const occupied = new Set(s.men.map((m) => m.cell));
  if (page.from) {
    for (const g of stepTargets(page.from)) {
      const [x, y] = centre(g.to);
      const capture = occupied.has(g.to);
      el("circle", {
        class: capture ? "target capture" : "target", "data-target": g.to,
        cx: x, cy: y, r: capture ? 0.42 : 0.16,
      }, svg);
    }
  }

  const men = el("g", { id: "men" }, svg);
  const size = b.shape === "hex" ? 0.72 : 0.82;
  for (const man of s.men) {
    const [x, y] = centre(man.cell);
    const seat = s.seats[man.owner] || { colour: "#888" };
    const g = el("g", { class: "man", "data-cell": man.cell, "data-owner": man.owner, "data-name": man.name }, men);
    const light = luminance(seat.colour) > 0.5;
    const text = el("text", {
      x, y: y + 0.03, "font-size": man.glyph.length > 2 ? size * 0.7 : size,
      fill: seat.colour, stroke: light ? "#1d1d1d" : "#f2f2f2",
      "stroke-width": light ? 0.035 : 0.025,
      "font-weight": man.glyph.length === 1 ? "bold" : "normal",
    }, g);
    text.textContent = man.glyph;
    const title = el("title", {}, g);
    title.textContent = `${seat.name || ""} ${man.name} on ${man.cell}`;
  }
  drawArrows(svg, turn);
}

/// Sets the view box to what `groups` draw, with a little room: the labels as the font sets
/// them, descenders and all, so a `g` or a `j` under the board is never cut off, whatever the
/// board's size or shape. (The rest of the drawing stays on the cells.)
function fitViewBox(svg, groups) {
  const PAD = 0.06;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const group of groups) {
    if (!group.childNodes.length) continue;
    const box = group.getBBox();
    // A board not laid out yet (hidden) measures nothing: keep the guess.
    if (!box.width && !box.height) return;
    x0 = Math.min(x0, box.x);
    y0 = Math.min(y0, box.y);
    x1 = Math.max(x1, box.x + box.width);
    y1 = Math.max(y1, box.y + box.height);
  }
  if (!Number.isFinite(x0)) return;
  svg.setAttribute("viewBox",
    `${x0 - PAD} ${y0 - PAD} ${x1 - x0 + 2 * PAD} ${y1 - y0 + 2 * PAD}`);
}

/// Regions the variant outlines (spinchess's spin blocks).
function drawBlockLines(svg) {
  for (const cells of page.state.board.regions) {
    const xs = cells.map((c) => centre(c)[0]);
    const ys = cells.map((c) => centre(c)[1]);
    const [x0, x1] = [Math.min(...xs) - 0.5, Math.max(...xs) + 0.5];
    const [y0, y1] = [Math.min(...ys) - 0.5, Math.max(...ys) + 0.5];
    el("rect", { class: "block-line", x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: "none" }, svg);
  }
}

function drawArrows(svg, turn) {
  const group = el("g", { id: "arrows" }, svg);
  const numbered = turn.length > 1;
  turn.forEach((ply, i) => {
    for (const g of ply.gestures) {
      if (g.kind === "step") {
        const [x1, y1] = centre(g.from);
        const [x2, y2] = centre(g.to);
        const wrap = page.state.board.wrap_width;
        const shorten = 0.28;
        if (wrap && Math.abs(x2 - x1) > wrap / 2) {
          // The short way round a board joined at its sides: off one edge, in at the other.
          const dx = x2 - x1 - Math.sign(x2 - x1) * wrap;
          el("line", { class: "arrow wrap-out", x1, y1, x2: x1 + dx, y2 }, group);
          const len = Math.hypot(dx, y2 - y1) || 1;
          el("line", {
            class: "arrow", "data-ply": i, x1: x2 - dx, y1,
            x2: x2 - dx / len * shorten, y2: y2 - (y2 - y1) / len * shorten,
            "marker-end": "url(#arrowhead)",
          }, group);
        } else {
          const len = Math.hypot(x2 - x1, y2 - y1) || 1;
          el("line", {
            class: "arrow", "data-ply": i,
            x1, y1, x2: x2 - (x2 - x1) / len * shorten, y2: y2 - (y2 - y1) / len * shorten,
            "marker-end": "url(#arrowhead)",
          }, group);
        }
        if (numbered) {
          el("circle", { class: "arrow-badge", cx: x1, cy: y1, r: 0.2 }, group);
          const t = el("text", { class: "arrow-number", x: x1, y: y1 }, group);
          t.textContent = String(i + 1);
        }
      }
      if (g.kind === "spin") {
        const pts = g.cells.map(centre);
        const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
        const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
        const r = 0.78;
        const clockwise = g.clockwise;
        const a0 = -150 * Math.PI / 180, a1 = 60 * Math.PI / 180;
        const [sa, ea] = clockwise ? [a0, a1] : [a1, a0];
        const p0 = [cx + r * Math.cos(sa), cy + r * Math.sin(sa)];
        const p1 = [cx + r * Math.cos(ea), cy + r * Math.sin(ea)];
        el("path", {
          class: "spin-mark arrow", "data-ply": i,
          d: `M ${p0[0]} ${p0[1]} A ${r} ${r} 0 1 ${clockwise ? 1 : 0} ${p1[0]} ${p1[1]}`,
          "marker-end": "url(#arrowhead)",
        }, group);
      }
    }
  });
}

/// A spin just played: its block's men turn the quarter turn into place.
function animateLastSpin() {
  const h = page.state.history;
  if (!h.length) return;
  const spin = h[h.length - 1].gestures.find((g) => g.kind === "spin");
  if (!spin) return;
  const pts = spin.cells.map(centre);
  const cx = pts.reduce((a, p) => a + p[0], 0) / 4;
  const cy = pts.reduce((a, p) => a + p[1], 0) / 4;
  const men = [...document.querySelectorAll("#men .man")].filter((g) => spin.cells.includes(g.dataset.cell));
  page.spinsAnimated++;
  const start = performance.now();
  const from = spin.clockwise ? -90 : 90;
  const duration = 450;
  function frame(now) {
    const t = Math.min(1, (now - start) / duration);
    const eased = 1 - Math.pow(1 - t, 3);
    const angle = from * (1 - eased);
    for (const g of men) g.setAttribute("transform", t < 1 ? `rotate(${angle} ${cx} ${cy})` : "");
    if (t < 1) requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}

/// A seat's name; in games of more than two players, whose seats are not named by colour,
/// with the colour its men are drawn in ("Player b (orange)").
function seatTitle(seat, count) {
  return count > 2 && seat.colour_name ? `${seat.name} (${seat.colour_name})` : seat.name;
}

/// How the page names a level: its Elo, or "full strength".
function levelName(level) {
  const known = page.levels.find((l) => l.level === level);
  return known ? known.name : `level ${level}`;
}

/// Who plays a seat: kaleido at its level, "you" where one person plays, else "a person".
function playerText(seat, seats) {
  if (seat.kind === "kaleido") return `kaleido ${levelName(seat.level)}`;
  return seats.filter((other) => other.kind === "human").length === 1 ? "you" : "a person";
}

/// A seat and who plays it: "White (you)", "Player b (orange, kaleido 1200)".
function seatText(seat, seats) {
  const colour = seats.length > 2 && seat.colour_name ? `${seat.colour_name}, ` : "";
  return `${seat.name} (${colour}${playerText(seat, seats)})`;
}

/// The seats: each one's colour, name and player, the one to move marked.
function drawPlayers() {
  const s = page.state;
  const list = $("players");
  list.textContent = "";
  s.seats.forEach((seat, i) => {
    const item = document.createElement("li");
    item.dataset.seat = i;
    const toMove = !s.outcome && s.side === i;
    item.classList.toggle("to-move", toMove);
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seat.colour;
    item.appendChild(swatch);
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = seatTitle(seat, s.seats.length);
    item.appendChild(name);
    const player = document.createElement("span");
    player.className = "seat-player";
    player.textContent = playerText(seat, s.seats);
    item.appendChild(player);
    if (toMove) {
      const turn = document.createElement("span");
      turn.className = "turn";
      turn.textContent = "to move";
      item.appendChild(turn);
    }
    list.appendChild(item);
  });
}

function drawPanel() {
  const s = page.state;
  $("note").textContent = s.board.note || "";
  $("fen").value = s.fen;
  const status = $("status");
  if (s.outcome) {
    status.textContent = `${s.outcome.text} (${s.outcome.result})`;
  } else {
    const again = s.turn_boundary ? "" : " again";
    status.textContent = `${seatText(s.seats[s.side], s.seats)} to move${again}`;
  }
  status.dataset.side = s.side;
  const startName = $("start-name");
  startName.hidden = !s.start;
  startName.textContent = s.start ? `Start: ${s.start.name}` : "";
  status.dataset.over = s.outcome ? "1" : "0";
  drawPlayers();

  const e = s.engine;
  const line = $("engine-line");
  delete line.dataset.live;
  if (e) {
    const mover = s.seats[e.mover] ? s.seats[e.mover].name : "";
    line.textContent =
      `kaleido ${levelName(e.level)} for ${mover}: ${e.score}, depth ${e.depth}, ` +
      `${e.nodes.toLocaleString("en")} nodes, ${(e.time_ms / 1000).toFixed(1)}\u00a0s; played ${e.played.join(",")}`;
    let pv = e.pv.length ? `PV: ${e.pv.join(" ")}` : "";
    if (e.player_scores && e.player_scores.length) {
      // Every player's evaluation after kaleido's move.
      pv += `  (after it: ${e.player_scores.map((v, i) => `${s.seats[i].name} ${v}`).join(", ")})`;
    }
    $("pv").textContent = pv;
    $("shares").textContent = sharesText(e.shares) || wdlText(e.wdl, mover);
  } else {
    line.textContent = "No search yet.";
    $("pv").textContent = "";
    $("shares").textContent = "";
  }

  // The move list: one row per round from the first seat, turns joined by commas.
  const head = $("moves").tHead;
  head.textContent = "";
  const hr = head.insertRow();
  hr.insertCell().textContent = "";
  for (const seat of s.seats) {
    const th = document.createElement("th");
    th.textContent = seat.name;
    if (seat.colour_name) th.title = seat.colour_name;
    hr.appendChild(th);
  }
  const body = $("moves").tBodies[0];
  body.textContent = "";
  const turns = [];
  for (const ply of s.history) {
    const last = turns[turns.length - 1];
    if (last && last.player === ply.player) last.sans.push(ply.san);
    else turns.push({ player: ply.player, sans: [ply.san] });
  }
  let row = null;
  let number = 0;
  turns.forEach((turn, i) => {
    if (!row || turn.player === 0 || turn.player <= turns[i - 1].player) {
      row = body.insertRow();
      number++;
      const n = row.insertCell();
      n.className = "number";
      n.textContent = `${number}.`;
      for (let k = 0; k < s.seats.length; k++) row.insertCell();
    }
    const cell = row.cells[turn.player + 1];
    cell.textContent = turn.sans.join(",");
    cell.dataset.turn = i;
    if (i === turns.length - 1) cell.classList.add("latest");
  });
  updateButtons();
}

function updateButtons() {
  const s = page.state;
  const live = s && !s.outcome && !page.busy;
  const spins = live && humanToMove() && page.prefix.length === 0 &&
    nextGestures().some((g) => g.kind === "spin");
  const spinButton = $("spin");
  spinButton.hidden = !(s && s.board.regions.length);
  spinButton.disabled = !spins;
  spinButton.classList.toggle("active", page.spinMode);
  $("engine-move").disabled = !live;
  $("undo").disabled = !s || page.busy || s.history.length === 0;
  $("pgn").disabled = !s;
  $("stop").disabled = !page.thinking;
}

// ---------------------------------------------------------------- input

function cellAt(clientX, clientY) {
  const node = document.elementFromPoint(clientX, clientY);
  return node && node.dataset ? node.dataset.cell || null : null;
}

function onPointerDown(event) {
  const name = cellAt(event.clientX, event.clientY);
  if (!name) return;
  page.drag = { from: name, x: event.clientX, y: event.clientY, moved: false };
}

function onPointerMove(event) {
  const d = page.drag;
  if (!d) return;
  if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) > 6) {
    // A drag starts: pick the man up.
    if (!humanToMove() || !stepStarts().has(d.from) || page.spinMode) { page.drag = null; return; }
    d.moved = true;
    page.from = d.from;
    draw();
    d.man = document.querySelector(`#men .man[data-cell="${d.from}"]`);
    if (d.man) d.man.classList.add("dragging");
  }
  if (d.moved && d.man) {
    const svg = $("board");
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    const [x, y] = centre(d.from);
    d.man.setAttribute("transform", `translate(${local.x - x} ${local.y - y})`);
  }
}

function onPointerUp(event) {
  const d = page.drag;
  page.drag = null;
  if (!d) return;
  if (d.man) d.man.style.display = "none";
  const name = cellAt(event.clientX, event.clientY);
  if (!d.moved) {
    if (name) clickCell(name);
    return;
  }
  if (name && name !== d.from) {
    clickCell(name);
  } else {
    draw();
  }
}

async function undo() {
  if (!page.state) return;
  const toHuman = page.state.seats.some((seat) => seat.kind === "kaleido");
  await act(() => api("POST", `/api/game/${page.state.id}/undo`, { to_human: toHuman }));
}

async function showPgn() {
  if (!page.state) return;
  try {
    const response = await fetch(`/api/game/${page.state.id}/pgn`);
    const text = await response.text();
    if (!response.ok) throw new Error(text);
    $("pgn-text").value = text;
    $("pgn-box").hidden = false;
    const link = $("pgn-download");
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  } catch (e) {
    showError(e.message);
  }
}

async function start() {
  const data = await api("GET", "/api/variants");
  page.variants = data.variants;
  page.levels = data.levels;
  const select = $("variant");
  for (const v of page.variants) select.add(new Option(v.name, v.name));
  select.addEventListener("change", () => {
    buildSeatControls();
    buildStartControls();
    $("fen-input").value = "";
  });
  $("start").addEventListener("change", buildStartControls);
  buildSeatControls();
  buildStartControls();
  $("setup").addEventListener("submit", newGame);
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  $("spin").addEventListener("click", () => {
    page.spinMode = !page.spinMode;
    resetPick();
    draw();
    updateButtons();
  });
  $("engine-move").addEventListener("click", () => engineMove());
  $("stop").addEventListener("click", moveNow);
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", () => {
    if (!page.state) return;
    page.view = (page.view + 1) % page.state.seats.length;
    draw();
  });
  $("pgn").addEventListener("click", showPgn);
  $("chooser-cancel").addEventListener("click", () => { resetPick(); draw(); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { resetPick(); page.spinMode = false; draw(); updateButtons(); }
  });
  await newGame();
}

start().catch((e) => showError(`cannot reach the kaleido server: ${e.message}`));
