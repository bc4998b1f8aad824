// The boards of the page, drawn as boards: tic-tac-toe's X and O, Connect Four's coloured discs
// dropping into their column, Hex's rhombus with its coloured edges, Rolit's discs, Nim's sticks,
// Pig's die, Kuhn poker's cards (the other player's face down until the end). The last move is
// marked and the line that won is drawn over it; a finished board stays as readable as one in
// play. Everything is drawn from the position Python sends (gamesearch/web/_views.py), with
// text set as text, never as markup. A move the reader may play is an element with a
// data-move attribute, a button to the keyboard and to screen readers.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

export const COLOURS = {
  X: "#c62828", O: "#1e5bd6", R: "#d32f2f", Y: "#f6c20c", G: "#2e9d48", B: "#1e5bd6",
};
const DISC = { X: "#d32f2f", O: "#f6c20c" };  // Connect Four: red and yellow
const LAST = "#ff8f00";

function node(tag, attributes = {}, children = []) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) { element.setAttribute(name, value); }
  for (const child of children) { element.append(child); }
  return element;
}

function text(x, y, words, attributes = {}) {
  const element = node("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attributes });
  element.textContent = words;
  return element;
}

function playable(element, move, label, options) {
  // Make element a move the reader plays by a click or by Enter.
  element.setAttribute("data-move", move);
  element.setAttribute("aria-label", label);
  if (options.legal.includes(move) && options.enabled) {
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.classList.add("legal");
    element.addEventListener("click", () => options.onMove(move));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); options.onMove(move); }
    });
  } else {
    element.setAttribute("aria-disabled", "true");
  }
  return element;
}

function picture(width, height, label) {
  return node("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "group", "aria-label": label, class: "board-picture" });
}

function winningStroke(points, colour) {
  // The line that won: a thick stroke from its first cell's centre to its last.
  const [first, last] = [points[0], points[points.length - 1]];
  return node("line", {
    x1: first[0], y1: first[1], x2: last[0], y2: last[1], stroke: colour, "stroke-width": 10,
    "stroke-linecap": "round", opacity: 0.55, class: "winning-line", "pointer-events": "none",
  });
}

function mark(code, x, y, size) {
  // X as two strokes, O as a ring: tic-tac-toe's marks.
  const r = size * 0.3;
  if (code === "X") {
    return node("g", { class: "mark mark-x", stroke: COLOURS.X, "stroke-width": size * 0.09, "stroke-linecap": "round" }, [
      node("line", { x1: x - r, y1: y - r, x2: x + r, y2: y + r }),
      node("line", { x1: x - r, y1: y + r, x2: x + r, y2: y - r }),
    ]);
  }
  return node("circle", { class: "mark mark-o", cx: x, cy: y, r, fill: "none", stroke: COLOURS.O, "stroke-width": size * 0.09 });
}

function squares(view, options) {
  // A board of squares: tic-tac-toe's X and O, or Rolit's discs; a square's number in its
  // corner, as a link's moves number it.
  const rows = view.cells, height = rows.length, width = rows[0].length;
  const discs = view.game === "rolit";
  const size = Math.max(30, Math.min(88, Math.floor(360 / Math.max(width, height))));
  const pad = 4;
  const svg = picture(width * size + 2 * pad, height * size + 2 * pad, view.title + " board");
  const centre = (r, c) => [pad + c * size + size / 2, pad + r * size + size / 2];
  rows.forEach((row, r) => row.forEach((code, c) => {
    const move = String(r * width + c);
    const [x, y] = centre(r, c);
    const cell = node("g", { class: "cell" });
    cell.append(node("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, class: discs ? "felt" : "square" }));
    if (code === ".") {
      cell.append(text(x - size / 2 + 9, y - size / 2 + 9, move, { class: "square-number", "font-size": Math.max(9, size / 7) }));
    } else if (discs) {
      cell.append(node("circle", { cx: x, cy: y, r: size * 0.38, fill: COLOURS[code] || "#888", stroke: "#222", "stroke-width": 1.5, class: "disc" }));
    } else {
      cell.append(mark(code, x, y, size));
    }
    const label = code === "." ? `square ${move}, empty` : `square ${move}, ${code}`;
    svg.append(playable(cell, move, label, options));
  }));
  if (view.last) {
    const [x, y] = centre(view.last[0], view.last[1]);
    svg.append(node("rect", { x: x - size / 2 + 3, y: y - size / 2 + 3, width: size - 6, height: size - 6, class: "last-move", fill: "none", stroke: LAST, "stroke-width": 3, rx: 6, "pointer-events": "none" }));
  }
  if (view.line && view.line.length) {
    const winner = rows[view.line[0][0]][view.line[0][1]];
    svg.append(winningStroke(view.line.map(([r, c]) => centre(r, c)), COLOURS[winner] || "#333"));
  }
  return svg;
}

function columns(view, options) {
  // Connect Four: a blue board of holes, red and yellow discs, a column clicked to drop a disc
  // into; the disc just played drops into its place.
  const rows = view.cells, height = rows.length, width = rows[0].length;
  const size = 50, top = size, pad = 6;
  const svg = picture(width * size + 2 * pad, top + height * size + 2 * pad + 18, view.title + " board");
  const centre = (r, c) => [pad + c * size + size / 2, top + pad + r * size + size / 2];
  svg.append(node("rect", { x: pad - 4, y: top + pad - 4, width: width * size + 8, height: height * size + 8, rx: 10, class: "frame" }));
  rows.forEach((row, r) => row.forEach((code, c) => {
    const [x, y] = centre(r, c);
    if (code === ".") {
      svg.append(node("circle", { cx: x, cy: y, r: size * 0.4, class: "hole" }));
    } else {
      const disc = node("circle", { cx: x, cy: y, r: size * 0.4, fill: DISC[code] || "#888", stroke: "#5b3a00", "stroke-width": 1.5, class: "disc disc-" + code });
      if (view.last && view.last[0] === r && view.last[1] === c && options.fresh) {
        disc.classList.add("dropping");
        disc.style.setProperty("--drop", `${-(y - size / 2)}px`);
      }
      svg.append(disc);
    }
  }));
  if (view.last) {
    const [x, y] = centre(view.last[0], view.last[1]);
    svg.append(node("circle", { cx: x, cy: y, r: size * 0.16, fill: "none", stroke: "#fff", "stroke-width": 3, class: "last-move", "pointer-events": "none" }));
  }
  if (view.line && view.line.length) {
    svg.append(winningStroke(view.line.map(([r, c]) => centre(r, c)), "#1b5e20"));
  }
  for (let c = 0; c < width; c += 1) {
    const move = String(c);
    const [x] = centre(0, c);
    const column = node("g", { class: "column" }, [
      node("rect", { x: x - size / 2, y: 0, width: size, height: top + height * size + 2 * pad, class: "column-hit" }),
      node("circle", { cx: x, cy: top / 2, r: size * 0.38, class: "ghost", fill: DISC[view.mover === "O" ? "O" : "X"] }),
    ]);
    svg.append(playable(column, move, `column ${move}`, options));
    svg.append(text(x, top + height * size + 2 * pad + 9, move, { class: "column-number", "font-size": 13 }));
  }
  return svg;
}

function hexCorners(x, y, r) {
  // A hexagon's six corners, pointed at the top: 0 top, 1 upper right, 2 lower right, 3 bottom,
  // 4 lower left, 5 upper left.
  return [-90, -30, 30, 90, 150, 210].map((a) => [x + r * Math.cos(a * Math.PI / 180), y + r * Math.sin(a * Math.PI / 180)]);
}

function hex(view, options) {
  // Hex: the rhombus, each row half a cell to the right of the one above; X (red) joins the
  // red top and bottom edges, O (blue) the blue left and right edges.
  const rows = view.cells, size = rows.length;
  const r = Math.max(12, Math.min(30, Math.floor(300 / size)));
  const w = Math.sqrt(3) * r;
  const left = 34, top = 34;
  const centre = (row, c) => [left + w / 2 + c * w + row * w / 2, top + r + row * 1.5 * r];
  const svg = picture(left + w * size + w * size / 2 + 30, top + 1.5 * r * size + r + 30, view.title + " board");
  const edge = (points, colour) => node("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: colour, "stroke-width": 7, "stroke-linejoin": "round", "stroke-linecap": "round", class: "hex-edge" });
  const topEdge = [], bottomEdge = [], leftEdge = [], rightEdge = [];
  for (let c = 0; c < size; c += 1) {
    const up = hexCorners(...centre(0, c), r + 4), down = hexCorners(...centre(size - 1, c), r + 4);
    topEdge.push(up[5], up[0]);
    bottomEdge.push(down[3], down[2]);
    if (c === size - 1) { topEdge.push(up[1]); }
    if (c === 0) { bottomEdge.unshift(down[4]); }
  }
  for (let row = 0; row < size; row += 1) {
    const first = hexCorners(...centre(row, 0), r + 4), last = hexCorners(...centre(row, size - 1), r + 4);
    leftEdge.push(first[5], first[4]);
    rightEdge.push(last[1], last[2]);
  }
  svg.append(edge(topEdge, COLOURS.X), edge(bottomEdge, COLOURS.X), edge(leftEdge, COLOURS.O), edge(rightEdge, COLOURS.O));
  rows.forEach((row, i) => row.forEach((code, c) => {
    const move = String.fromCharCode(97 + c) + (i + 1);
    const [x, y] = centre(i, c);
    const cell = node("g", { class: "cell" }, [
      node("polygon", { points: hexCorners(x, y, r).map((p) => p.join(",")).join(" "), class: "hex-cell" }),
    ]);
    if (code !== ".") {
      cell.append(node("circle", { cx: x, cy: y, r: r * 0.62, fill: COLOURS[code] || "#888", stroke: "#222", "stroke-width": 1, class: "stone stone-" + code }));
    }
    svg.append(playable(cell, move, `cell ${move}, ${code === "." ? "empty" : code}`, options));
  }));
  for (let c = 0; c < size; c += 1) {
    const [x, y] = centre(0, c);
    svg.append(text(x, y - r - 14, String.fromCharCode(97 + c), { class: "coordinate", "font-size": 13 }));
  }
  for (let i = 0; i < size; i += 1) {
    const [x, y] = centre(i, 0);
    svg.append(text(x - w / 2 - 16, y, String(i + 1), { class: "coordinate", "font-size": 13 }));
  }
  if (view.last) {
    const [x, y] = centre(view.last[0], view.last[1]);
    svg.append(node("circle", { cx: x, cy: y, r: r * 0.28, fill: "none", stroke: "#fff", "stroke-width": 2.5, class: "last-move", "pointer-events": "none" }));
  }
  if (view.line && view.line.length) {
    const winner = rows[view.line[0][0]][view.line[0][1]];
    const points = view.line.map(([i, c]) => centre(i, c));
    svg.append(node("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: winner === "X" ? "#ffcdd2" : "#bbdefb", "stroke-width": 6, "stroke-linecap": "round", "stroke-linejoin": "round", class: "winning-line", "pointer-events": "none" }));
  }
  return svg;
}

function buttons(view, options, labels = {}) {
  // The legal moves as buttons: for the games drawn with few moves, and for any other game.
  const box = document.createElement("div");
  box.className = "move-buttons";
  for (const move of view.legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = labels[move] || move;
    button.setAttribute("data-move", move);
    button.disabled = !options.enabled;
    button.addEventListener("click", () => options.onMove(move));
    box.append(button);
  }
  return box;
}

function die(value, sides, size = 64) {
  // A die's face: its pips for 1 to 6, its number beyond.
  const svg = node("svg", { viewBox: "0 0 64 64", width: size, height: size, class: "die", role: "img", "aria-label": "the die shows " + value });
  svg.append(node("rect", { x: 3, y: 3, width: 58, height: 58, rx: 10, fill: "#fff", stroke: "#333", "stroke-width": 2.5 }));
  const spots = { 1: [[32, 32]], 2: [[18, 18], [46, 46]], 3: [[18, 18], [32, 32], [46, 46]],
    4: [[18, 18], [46, 18], [18, 46], [46, 46]], 5: [[18, 18], [46, 18], [32, 32], [18, 46], [46, 46]],
    6: [[18, 16], [46, 16], [18, 32], [46, 32], [18, 48], [46, 48]] };
  if (spots[value] && sides <= 6) {
    for (const [x, y] of spots[value]) { svg.append(node("circle", { cx: x, cy: y, r: 5.5, fill: value === 1 ? "#c62828" : "#222" })); }
  } else {
    svg.append(text(32, 33, String(value), { "font-size": 26, "font-weight": "bold" }));
  }
  return svg;
}

function dice(view, options) {
  // Pig and Hog: each player's score against the goal, the turn total, the die just rolled.
  const box = document.createElement("div");
  box.className = "dice-board";
  view.players.forEach((name, seat) => {
    const row = document.createElement("div");
    row.className = "score" + (view.mover_index === seat ? " to-move" : "");
    const label = document.createElement("span");
    label.textContent = `${name}${seat === options.you ? " (you)" : ""}: ${view.scores[seat]} of ${view.goal}`;
    const bar = document.createElement("progress");
    bar.max = view.goal;
    bar.value = Math.min(view.scores[seat], view.goal);
    row.append(label, bar);
    box.append(row);
  });
  const rolled = options.lastRoll;
  const line = document.createElement("div");
  line.className = "roll";
  if (rolled !== null && view.game === "pig") {
    line.append(die(Number(rolled), view.sides));
    const words = document.createElement("span");
    words.textContent = Number(rolled) === 1 ? " a 1: the turn's points are lost" : ` rolled ${rolled}`;
    line.append(words);
  } else if (rolled !== null) {
    const words = document.createElement("span");
    words.textContent = `the dice scored ${rolled}`;
    line.append(words);
  }
  if (view.turn_total !== undefined) {
    const total = document.createElement("p");
    total.textContent = `turn total: ${view.turn_total}`;
    box.append(total);
  }
  box.append(line);
  const names = view.game === "hog" ? Object.fromEntries(view.legal.map((m) => [m, `roll ${m} ${m === "1" ? "die" : "dice"}`])) : {};
  box.append(buttons(view, options, names));
  return box;
}

function card(face, label) {
  // A playing card: its face (J, Q, K), or its back when hidden.
  const svg = node("svg", { viewBox: "0 0 70 100", width: 70, height: 100, class: face ? "card" : "card card-back", role: "img", "aria-label": label });
  svg.append(node("rect", { x: 2, y: 2, width: 66, height: 96, rx: 8, fill: face ? "#fff" : "#7b1fa2", stroke: "#333", "stroke-width": 2 }));
  if (face) {
    svg.append(text(35, 52, face, { "font-size": 40, "font-weight": "bold", fill: "#b71c1c" }));
    svg.append(text(13, 16, face, { "font-size": 14, fill: "#b71c1c" }));
  } else {
    svg.append(node("rect", { x: 9, y: 9, width: 52, height: 82, rx: 5, fill: "none", stroke: "#e1bee7", "stroke-width": 2, "stroke-dasharray": "4 3" }));
    svg.append(text(35, 50, "?", { "font-size": 30, fill: "#e1bee7" }));
  }
  return svg;
}

function cards(view, options) {
  // Kuhn poker: your card face up, the other's face down until the hand is over.
  const box = document.createElement("div");
  box.className = "cards-board";
  const table = document.createElement("div");
  table.className = "hands";
  view.players.forEach((name, seat) => {
    const hand = document.createElement("figure");
    const face = view.cards[seat] === undefined ? null : view.cards[seat];
    const who = seat === options.you ? "you" : "the computer";
    hand.append(card(face, face ? `${who}: ${face}` : `${who}: a hidden card`));
    const caption = document.createElement("figcaption");
    caption.textContent = `${name} (${who})`;
    hand.append(caption);
    table.append(hand);
  });
  box.append(table);
  const bets = document.createElement("p");
  bets.textContent = "the betting: " + (view.bets.length ? view.bets.join(", ") : "none yet") + " (each player put 1 chip in the pot; a bet adds 1)";
  box.append(bets);
  box.append(buttons(view, options, { 0: "pass (or fold)", 1: "bet (or call)" }));
  return box;
}

function piles(view, options) {
  // Nim: each pile's sticks; click a stick to take it and every stick to its right.
  const most = Math.max(1, ...view.piles);
  const svg = picture(60 + most * 22, 20 + view.piles.length * 44, "the piles");
  view.piles.forEach((count, pile) => {
    svg.append(text(22, 30 + pile * 44, "pile " + pile, { "font-size": 11, class: "coordinate" }));
    for (let stick = 0; stick < count; stick += 1) {
      const move = `${pile}-${count - stick}`;
      const x = 52 + stick * 22;
      const group = node("g", { class: "stick" }, [node("rect", { x: x - 5, y: 12 + pile * 44, width: 10, height: 36, rx: 3, fill: "#8d6e63" })]);
      svg.append(playable(group, move, `take ${count - stick} from pile ${pile}`, options));
    }
  });
  return svg;
}

export function drawBoard(view, options) {
  // The board of the position ``view`` (what Python's position() answers), as an element.
  if (view.cells && view.cells.length && view.kind === "hex") { return hex(view, options); }
  if (view.cells && view.cells.length && view.kind === "columns") { return columns(view, options); }
  if (view.cells && view.cells.length && view.kind === "squares") { return squares(view, options); }
  if (view.kind === "dice" && view.scores) { return dice(view, options); }
  if (view.kind === "cards" && view.cards) { return cards(view, options); }
  if (view.kind === "piles" && view.piles) { return piles(view, options); }
  const box = document.createElement("div");
  const shown = document.createElement("pre");
  shown.textContent = view.text;
  box.append(shown, buttons(view, options));
  return box;
}
