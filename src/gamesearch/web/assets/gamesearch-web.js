// The page of `gamesearch web`: Pyodide runs the gamesearch wheel beside this file, and this
// script only draws what Python answers. Every call to Python passes strings and numbers and
// gets JSON back (gamesearch/web/_runtime.py). Text from Python or from a link is set as
// textContent, never as markup; the step-through page goes into a sandboxed iframe.
"use strict";

const page = {
  python: null, runtime: null, own: null, settings: null,
  game: "tictactoe", moves: [], you: 0, busy: false, times: {},
};

function $(id) { return document.getElementById(id); }

function say(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.className = isError ? "error" : "";
}

function ask(name, ...args) {
  // A runtime function's JSON answer; a reader's mistake comes back as {error: ...}.
  return JSON.parse(page.runtime[name](...args));
}

async function start() {
  const config = JSON.parse($("site-config").textContent);
  const begun = performance.now();
  page.python = await loadPyodide();
  page.times.pyodide = performance.now() - begun;
  say("installing gamesearch " + config.version + "\u2026");
  const wheel = await (await fetch(config.wheel)).arrayBuffer();
  const folder = "/home/pyodide/gamesearch-wheel";
  page.python.unpackArchive(wheel, "zip", { extractDir: folder });
  page.python.runPython("import sys\nif " + JSON.stringify(folder) + " not in sys.path: sys.path.insert(0, " + JSON.stringify(folder) + ")");
  page.runtime = page.python.pyimport("gamesearch.web._runtime");
  page.own = page.python.pyimport("gamesearch.web._own_game");
  page.settings = JSON.parse(page.runtime.settings());
  page.times.playable = performance.now() - begun;
  window.gamesearch = page;  // for the tests and the benchmark
  fill();
  const asked = ask("link", window.location.search);
  if (asked.error) {
    say("the link: " + asked.error + "; a new game instead", true);
  } else {
    say("ready: gamesearch " + config.version + " in Pyodide (" + (page.times.playable / 1000).toFixed(1) + " s)");
  }
  if (!asked.error && asked.game) {
    $("game").value = asked.game;
    page.game = asked.game;
    page.moves = asked.moves ? asked.moves.split(",") : [];
    limits();
    const shown = draw();
    page.you = shown.mover_index === null ? 0 : shown.mover_index;
  } else {
    newGame();
  }
  if (!asked.error && asked.tree) {
    $("tree").value = asked.tree;
    showTree();
  }
  for (const id of ["new", "step-search", "show-tree", "run-own"]) { $(id).disabled = false; }
  document.body.setAttribute("data-ready", "yes");
}

function fill() {
  for (const name of page.settings.games) { $("game").add(new Option(name, name)); }
  for (const [key, title] of page.settings.trees) { $("tree").add(new Option(title, key)); }
  $("game").addEventListener("change", () => { limits(); newGame(); });
  $("searcher").addEventListener("change", limits);
  $("new").addEventListener("click", newGame);
  $("step-search").addEventListener("click", stepSearch);
  $("show-tree").addEventListener("click", showTree);
  $("run-own").addEventListener("click", runOwn);
  $("board").addEventListener("click", (event) => {
    const cell = event.target.closest("button[data-move]");
    if (cell && !cell.disabled) { play(cell.getAttribute("data-move")); }
  });
  limits();
}

function limits() {
  // The limit's name, range and default for the searcher and game chosen.
  const searcher = $("searcher").value;
  const [unit, least, most] = page.settings.limits[searcher];
  $("amount-name").textContent = unit;
  $("amount").min = least;
  $("amount").max = most;
  $("amount").value = page.settings.defaults[$("game").value][searcher];
}

function newGame() {
  page.game = $("game").value;
  page.moves = [];
  page.you = $("first").value === "you" ? 0 : 1;
  $("answer").textContent = "";
  const shown = draw();
  if (!shown.error && !shown.over && shown.mover_index !== page.you) { later(engine); }
}

function draw() {
  const shown = ask("position", page.game, page.moves.join(","));
  if (shown.error) { say(shown.error, true); return shown; }
  $("board-text").textContent = shown.board;
  const board = $("board");
  board.replaceChildren();
  const rows = shown.cells, width = rows.length ? rows[0].length : 0;
  board.style.gridTemplateColumns = "repeat(" + width + ", auto)";
  const mine = !shown.over && shown.mover_index === page.you && !page.busy;
  rows.forEach((row, r) => row.forEach((cell, c) => {
    const move = String(shown.layout === "columns" ? c : r * width + c);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = cell;
    button.setAttribute("data-move", move);
    button.title = "move " + move;
    button.disabled = !(mine && shown.legal.includes(move));
    board.append(button);
  }));
  $("turn").textContent = shown.over ? "game over: " + shown.outcome
    : (mine ? "your move (" + shown.mover + "): click a " + (shown.layout === "columns" ? "column" : "square")
      : shown.mover + " to move: the engine is thinking\u2026");
  $("turn").setAttribute("data-over", shown.over ? "yes" : "no");
  const link = new URL(window.location.href);
  // The moves are numbers (Python checked them): the commas stay readable in the link.
  link.search = "game=" + encodeURIComponent(page.game) + "&moves=" + page.moves.join(",");
  $("link").href = link.href;
  $("link").textContent = link.search;
  return shown;
}

function later(work) {
  // Let the browser draw "thinking" before Python holds the page for the search.
  page.busy = true;
  setTimeout(() => {
    try { work(); } finally { page.busy = false; draw(); }
  }, 30);
}

function play(move) {
  page.moves.push(move);
  const shown = draw();
  if (!shown.error && !shown.over) { later(engine); }
}

function engine() {
  const amount = Number($("amount").value);
  const answer = ask("reply", page.game, page.moves.join(","), $("searcher").value, amount);
  if (answer.error) { say(answer.error, true); return; }
  $("answer").textContent = "the engine (" + answer.player + ") plays " + answer.move + ": value "
    + answer.value.toFixed(3) + " for " + answer.player + ", principal variation "
    + answer.pv.join(" ") + ", " + answer.nodes.toLocaleString("en") + " nodes  [" + answer.summary + "]";
  $("answer").setAttribute("data-move", answer.move);
  page.moves.push(answer.move);
}

function frame(answer, title) {
  if (answer.error) { say(answer.error, true); return; }
  $("steps-title").textContent = title;
  $("steps-frame").srcdoc = answer.page;
}

function stepSearch() {
  const depth = Number($("step-depth").value);
  const answer = ask("search_page", page.game, page.moves.join(","), depth);
  frame(answer, "alpha-beta to depth " + depth + " from the position after moves "
    + (page.moves.join(" ") || "none") + ": " + (answer.nodes || 0).toLocaleString("en") + " nodes");
}

function showTree() {
  const answer = ask("textbook_page", $("tree").value);
  frame(answer, answer.title || "");
}

function runOwn() {
  const report = $("own-report");
  report.textContent = "checking\u2026";
  const answer = JSON.parse(page.own.own_game($("source").value, $("class-name").value.trim(),
    $("params").value, Number($("own-depth").value)));
  report.textContent = answer.report;
  report.className = answer.ok ? "" : "error";
  report.setAttribute("data-ok", answer.ok ? "yes" : "no");
  if (answer.ok) {
    frame(answer, "your game: alpha-beta, value " + answer.value + " for the first player, "
      + answer.nodes.toLocaleString("en") + " nodes");
  }
}

start().catch((error) => {
  say("the page could not start: " + error, true);
  console.error(error);
});
