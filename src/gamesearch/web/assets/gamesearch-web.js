// The page of `gamesearch web`: the controls. Python (Pyodide, with the gamesearch wheel beside
// this file) runs in a worker (gamesearch-worker.js), so that the page stays responsive while a
// search runs: every call is a message answered with JSON (gamesearch/web/_runtime.py), a long
// search tells its progress, and "stop" ends it at once with what it had found. A reader's
// mistake comes back with the control it concerns, and is shown beside that control; the page
// stays playable. Text from Python or from a link is set as text, never as markup; the
// step-through page goes into a sandboxed iframe.
import { drawBoard } from "./gamesearch-boards.js";

const STOP_GRACE = 1000;  // ms a stopped call may take before the worker is replaced
const SLOW_CALL = 800;  // ms after which any call shows the stop button, searches at once
const LOADER_PATIENCE = 30000;  // ms the page waits for Pyodide's loader before saying so

function $(id) { return document.getElementById(id); }

const config = JSON.parse($("site-config").textContent);

const page = {
  settings: null, game: "tictactoe", params: "", moves: [], you: 0, view: null,
  epoch: 0, times: {}, paused: false, menu: "", python: null, fresh: false,
};
window.gamesearch = page;  // for the tests and the benchmark

function say(words, isError) {
  const status = $("status");
  status.textContent = words;
  status.className = isError ? "error" : "";
}

function why(field, words) {
  // The reason a control's value was refused, beside that control ("" clears it).
  const place = $("why-" + field) || $("why-moves");
  place.textContent = words ? words : "";
  place.classList.toggle("shown", Boolean(words));
  const control = $(field);
  if (control) {
    control.classList.toggle("refused", Boolean(words));
    if (words) { control.setAttribute("aria-invalid", "true"); } else { control.removeAttribute("aria-invalid"); }
  }
}

function clearWhys(fields) {
  for (const field of fields) { why(field, ""); }
}

class Python {
  // The worker and its calls, one at a time, in order; a long call can be stopped.
  constructor() {
    this.queue = [];
    this.current = null;
    this.serial = 0;
    this.ready = null;
    this.shared = (self.crossOriginIsolated && typeof SharedArrayBuffer === "function")
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  start() {
    this.ready = new Promise((resolve, reject) => { this.started = { resolve, reject }; });
    try {
      this.worker = new Worker(new URL("gamesearch-worker.js", window.location.href), { type: "module" });
    } catch (error) {
      this.started.reject({ stage: "worker", url: "gamesearch-worker.js", message: String(error) });
      return this.ready;
    }
    this.worker.onmessage = (event) => this.heard(event.data);
    this.worker.onerror = (event) => {
      this.started.reject({ stage: "worker", url: "gamesearch-worker.js", message: event.message || "the worker failed" });
    };
    this.worker.postMessage({ type: "start", config, base: window.location.href, interrupt: this.shared });
    clearTimeout(this.patience);
    this.patience = setTimeout(() => late(LOADER_PATIENCE), LOADER_PATIENCE);
    return this.ready;
  }

  restart(why) {
    // A new worker in place of this one (stuck, crashed, or run a reader's code): the page
    // keeps no Python object, so nothing is lost. Calls waiting go to the new one.
    this.worker.terminate();
    const began = performance.now();
    say(`restarting Python ${why}\u2026`);
    this.start().then(() => {
      this.restarted = (performance.now() - began) / 1000;
      say(`ready again: Python was restarted ${why} (${this.restarted.toFixed(1)} s)`);
      this.next();
    }, offline);
  }

  heard(message) {
    if (message.type === "status") {
      say(message.text);
    } else if (message.type === "loader") {
      clearTimeout(this.patience);
    } else if (message.type === "ready") {
      clearTimeout(this.patience);
      this.started.resolve(message);
      this.next();
    } else if (message.type === "failed") {
      clearTimeout(this.patience);
      this.started.reject(message);
    } else if (message.type === "progress" && this.current && this.current.id === message.id) {
      if (this.current.onProgress) { this.current.onProgress(message.line); }
    } else if (message.type === "answer" && this.current && this.current.id === message.id) {
      let answer;
      try {
        answer = JSON.parse(message.answer);
      } catch (error) {
        answer = { error: "the page's Python gave no answer", field: null, crashed: true };
      }
      this.finish(answer);
    }
  }

  finish(answer) {
    const done = this.current;
    this.current = null;
    clearTimeout(done.grace);
    clearTimeout(done.slow);
    if (done.slowShown) { searchDone(); }
    if (done.stop) { URL.revokeObjectURL(done.stop); }
    if (answer.stopped && !done.stopping) {
      answer = raisedItself(done.name);  // no one pressed stop: the code raised it
    } else if (answer.stopped) {
      say("ready: the search was stopped (Python answered the stop itself)");
    }
    if (answer.crashed) {
      answer = crashed(done.name, answer.error);
      done.resolve(answer);
      this.restart("after it crashed");
      return;
    }
    done.resolve(answer);
    this.next();
  }

  call(name, args, options = {}) {
    // Python's answer to runtime.call(name, args), as a promise of its JSON, parsed.
    return new Promise((resolve) => {
      this.serial += 1;
      this.queue.push({ id: this.serial, name, args, resolve, ...options });
      this.next();
    });
  }

  async next() {
    if (this.current || !this.queue.length) { return; }
    await this.ready;
    if (this.current || !this.queue.length) { return; }
    const call = this.queue.shift();
    this.current = call;
    if (this.shared) { Atomics.store(this.shared, 0, 0); }
    call.stop = this.shared ? null : URL.createObjectURL(new Blob(["go"]));
    if (call.onStart) { call.onStart(); } else { call.slow = setTimeout(() => slowCall(call), SLOW_CALL); }
    this.worker.postMessage({ type: "call", id: call.id, name: call.name, args: call.args, stop: call.stop });
  }

  stop() {
    // End the call under way: Python raises KeyboardInterrupt within a fraction of a second.
    // Should it not answer within STOP_GRACE (Python stuck outside its bytecode), the worker is
    // replaced by a new one and the call answered as stopped.
    const call = this.current;
    if (!call || call.stopping) { return; }
    call.stopping = true;
    call.stoppedAt = performance.now();
    if (this.shared) { Atomics.store(this.shared, 0, 2); } else if (call.stop) { URL.revokeObjectURL(call.stop); }
    call.grace = setTimeout(() => {
      if (this.current !== call) { return; }
      this.worker.terminate();
      this.current = null;
      clearTimeout(call.slow);
      if (call.slowShown) { searchDone(); }
      call.resolve({ stopped: true, error: "stopped: Python did not answer, so it was restarted", field: null, restarted: true });
      this.restart("after a stop");
    }, STOP_GRACE);
  }

  dropWaiting() {
    // Forget the calls not begun (a new game makes them moot): each answers as cancelled.
    for (const call of this.queue.splice(0)) { call.resolve({ cancelled: true, error: "cancelled", field: null }); }
  }

  get busy() { return this.current !== null && Boolean(this.current.long); }
}

function crashed(name, error) {
  // Pyodide's fatal error, in words: what happened, what to do, and that the page goes on.
  const deep = /call stack|too much recursion/i.test(error || "");
  const what = name === "own_game" ? "your game" : "the search";
  const words = deep
    ? `the page's Python crashed: ${what} recursed deeper than the browser's stack holds. `
      + "Search fewer plies (a depth limit with an evaluation) or a smaller game, or run it in "
      + "Python on your computer, whose stack is deeper. Python has been restarted."
    : `the page's Python crashed (${error}); it has been restarted.`;
  return { ok: false, error: words, report: words, field: null };
}

function raisedItself(name) {
  // KeyboardInterrupt is how the page stops Python: raised by the code itself, it is a fault.
  const who = name === "own_game" ? "your game" : "the search";
  const words = `${who} raised KeyboardInterrupt itself (no one pressed stop): the page stops `
    + "Python with that exception, so a game must not raise it";
  return { ok: false, error: words, report: words, field: name === "own_game" ? "source" : null };
}

function late(waited) {
  // Pyodide's loader has not come: a URL that does not answer. Said, and the page waits on.
  let url = String(config.pyodide) + "pyodide.mjs";
  try { url = new URL(config.pyodide, window.location.href).href + "pyodide.mjs"; } catch (error) { /* said as written */ }
  offline({ stage: "pyodide", url, message: `no answer after ${waited / 1000} s` });
}

// ---- searches under way: the stop button and the progress line ----

const searchState = { began: 0, line: "", timer: null, where: null };

function searching(where, what) {
  // Options for a long call: its progress shown in `where`, with the stop button.
  return {
    long: true,
    onStart: () => {
      searchState.began = performance.now();
      searchState.line = what;
      where.append($("search-state"));
      $("search-state").hidden = false;
      $("stop").disabled = false;
      tick();
      searchState.timer = setInterval(tick, 200);
    },
    onProgress: (line) => { searchState.line = line; tick(); },
  };
}

function slowCall(call) {
  // A call that is not a search but takes long (a position of a big game): it may be stopped.
  if (page.python.current !== call) { return; }
  call.slowShown = true;
  searching($("play").querySelector(".beside"), "Python is working on " + call.name).onStart();
}

function tick() {
  const seconds = ((performance.now() - searchState.began) / 1000).toFixed(1);
  // One clock: the search's own "elapsed" is left out of its line.
  const line = searchState.line.replace(/\s+elapsed [0-9.]+ s\s*$/, "");
  $("progress").textContent = `searching, ${seconds} s: ${line}`;
}

function searchDone() {
  clearInterval(searchState.timer);
  $("search-state").hidden = true;
}

async function long(where, what, name, args) {
  const answer = await page.python.call(name, args, searching(where, what));
  searchDone();
  return answer;
}

// ---- the game on the board ----

function readLimit(id) {
  // A limit as typed: null for an empty field (to the end), a number, or the text itself (for
  // Python to refuse with its reason).
  const typed = $(id).value.trim();
  if (typed === "") { return null; }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(typed)) { return typed; }  // decimal only: not 0x10
  const number = Number(typed);
  return Number.isFinite(number) ? number : typed;
}

function randomDraw() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] / 4294967296;
}

function at() {
  // The position as Python takes it: the game, its parameters and the moves from the start.
  return { game: page.game, params: page.params, moves: page.moves.join(",") };
}

function asked(searcher, amount, evaluation) {
  // A search as Python takes it: the searcher, its limit as typed, the evaluation chosen.
  return { searcher: $(searcher).value, amount: readLimit(amount), evaluation: $(evaluation).value };
}

async function show() {
  // Ask Python for the position, draw it, and let the side to move move.
  const epoch = page.epoch;
  const view = await page.python.call("position", [at(), page.you]);
  if (epoch !== page.epoch || view.cancelled) { return; }
  if (view.error) {
    why(view.field || "moves", view.error);
    if (view.field === "params" || view.field === "game") { $("turn").textContent = "no game: see the reason beside its control"; }
    return;
  }
  page.view = view;
  updateMenus(view);
  draw();
  await advance(epoch);
}

function engineSeat(view) {
  return view.mover_index !== null && view.mover_index !== page.you;
}

function draw() {
  const view = page.view;
  const enabled = !view.over && !view.chance && !engineSeat(view) && !page.python.busy;
  const lastRoll = lastChance(view);
  const board = drawBoard(view, { enabled, legal: view.legal, onMove: play, you: page.you, fresh: page.fresh, lastRoll });
  page.fresh = false;
  $("board").replaceChildren(board);
  if (document.body.getAttribute("data-ready") !== "yes") {
    page.times.playable = performance.now() - page.times.begun;
    document.body.setAttribute("data-ready", "yes");
  }
  $("board").setAttribute("data-game", view.game);
  $("board-text").textContent = view.text;
  $("scale").textContent = view.scale ? "The values: " + view.scale + "." : "";
  let turn;
  if (view.over) {
    turn = "game over: " + view.outcome;
  } else if (view.chance) {
    turn = "chance moves: rolling the dice or dealing the cards\u2026";
  } else if (!engineSeat(view)) {
    const how = { columns: "click a column", squares: "click a square", hex: "click a cell", piles: "click a stick to take it and those to its right" }[view.kind] || "choose a move";
    turn = `your move (${view.mover}): ${how}`;
  } else if (page.paused) {
    turn = `${view.mover} to move: press "engine, move" to let the engine search`;
  } else {
    turn = `${view.mover} to move: the engine is thinking\u2026`;
  }
  $("turn").textContent = turn;
  $("turn").setAttribute("data-over", view.over ? "yes" : "no");
  $("turn").setAttribute("data-mine", !view.over && !view.chance && !engineSeat(view) ? "yes" : "no");
  $("engine-move").disabled = view.over || view.chance || page.python.busy;
  drawLink(view);
}

function lastChance(view) {
  // The last chance move (a roll), for the dice games to show.
  if (view.kind !== "dice" || !view.moves.length) { return null; }
  const last = view.moves[view.moves.length - 1];
  const before = view.moves[view.moves.length - 2];
  if (view.game === "pig") { return before === "roll" ? last : null; }
  return /^\d+$/.test(before || "") && view.moves.length % 2 === 0 ? last : null;
}

function drawLink(view) {
  const link = new URL(window.location.href);
  const query = new URLSearchParams({ game: page.game });
  const game = page.settings.games.find((g) => g.name === page.game);
  if (page.params !== (game ? game.params : "")) { query.set("params", page.params); }
  const hidden = view.kind === "cards" && !view.over;
  if (page.moves.length && !hidden) { query.set("moves", page.moves.join(",")); }
  if (page.you === 1) { query.set("first", "engine"); }
  link.search = query.toString().replaceAll("%2C", ",");
  link.hash = "";
  $("link").href = link.href;
  $("link").textContent = link.search;
  $("link").hidden = hidden;
  $("link-hidden").hidden = !hidden;
}

async function advance(epoch) {
  // After a move: chance moves, the engine replies, or the reader plays.
  const view = page.view;
  if (view.over) { return; }
  if (view.chance) {
    const drawn = await page.python.call("chance", [at(), randomDraw()]);
    if (epoch !== page.epoch || drawn.cancelled) { return; }
    if (drawn.error) { why("moves", drawn.error); return; }
    page.moves.push(drawn.move);
    page.fresh = true;
    await show();
    return;
  }
  if (engineSeat(view) && !page.paused) { await engineMove(epoch); }
}

async function engineMove(epoch) {
  const args = [at(), asked("searcher", "amount", "evaluation"), randomDraw()];
  clearWhys(["searcher", "amount", "evaluation"]);
  page.paused = false;
  $("answer").textContent = "";  // the last move's answer is not this one's
  const answer = await long($("play").querySelector(".beside"), "the engine searches", "reply", args);
  if (epoch !== page.epoch || answer.cancelled) { return; }
  if (answer.error) {
    page.paused = true;
    why(answer.field || "amount", answer.error);
    $("answer").textContent = "";
    draw();
    return;
  }
  const who = `the engine (${answer.player || page.view.mover})`;
  $("answer").textContent = (answer.stopped ? `${who} was ${answer.said}` : `${who} plays ${answer.said}`)
    + (answer.warning ? ` (${answer.warning})` : "");
  $("answer").setAttribute("data-move", answer.move || "");
  $("answer").setAttribute("data-stopped", answer.stopped ? "yes" : "no");
  if (answer.move === null) {
    page.paused = true;
    draw();
    return;
  }
  page.moves.push(answer.move);
  page.fresh = true;
  await show();
}

function play(move) {
  if (!page.view || page.python.busy || !page.view.legal.includes(move)) { return; }
  page.moves.push(move);
  page.fresh = true;
  page.paused = false;
  show();
}

function newGame() {
  page.python.stop();
  page.python.dropWaiting();
  page.epoch += 1;
  page.game = $("game").value;
  page.params = $("params").value.trim();
  page.you = $("first").value === "you" ? 0 : 1;
  page.moves = [];
  page.paused = false;
  $("answer").textContent = "";
  clearWhys(["game", "params", "first", "moves", "searcher", "amount", "evaluation", "link"]);
  show();
}

function chooseGame() {
  const game = page.settings.games.find((g) => g.name === $("game").value);
  $("params").value = game ? game.params : "";
  page.menu = "";
  clearFrame();
  newGame();
}

// ---- the searchers and their limits ----

function updateMenus(view) {
  // The searchers offered for the game made (they depend on its players and chance).
  const keys = view.searchers.map((row) => row.key).join(",");
  if (keys === page.menu) { updateEvaluation(); return; }
  page.menu = keys;
  const chosen = $("searcher").value;
  $("searcher").replaceChildren(...view.searchers.map((row) => new Option(row.title, row.key)));
  if (view.searchers.some((row) => row.key === chosen)) { $("searcher").value = chosen; }
  const steps = view.steps;  // those that fit, and proof-number search for two players without chance
  $("step-searcher").replaceChildren(...steps.map(([key, title]) => new Option(title, key)));
  $("step-search").disabled = !steps.length;
  $("step-controls").hidden = !steps.length;
  $("no-steps").hidden = Boolean(steps.length);
  $("step-evaluation").replaceChildren();  // another game: its own default
  chooseSearcher();
  chooseStepSearcher();
}

function searcherRow() {
  return page.view.searchers.find((row) => row.key === $("searcher").value) || page.view.searchers[0];
}

function chooseSearcher() {
  const row = searcherRow();
  $("amount-name").textContent = row.unit + (row.to_the_end ? " (empty: to the end)" : "");
  $("amount").value = row.default === null ? "" : String(row.default);
  clearWhys(["amount"]);
  updateEvaluation();
}

function checkLimit() {
  // A limit out of its row's range is flagged as it is typed, not when the engine must move.
  const row = searcherRow();
  const limit = readLimit("amount");
  const ok = limit === null ? row.to_the_end
    : typeof limit === "number" && limit >= row.least && limit <= row.most && (!row.whole || Number.isInteger(limit));
  if (ok) { why("amount", ""); return; }
  const kind = row.whole ? "a whole number" : "a number";
  const empty = row.to_the_end ? " (or nothing: to the end of the game)" : "";
  const given = limit === null ? "nothing" : $("amount").value.trim().slice(0, 40);
  why("amount", `${row.title.split(",")[0]}'s ${row.unit} must be ${kind} from ${row.least} to ${row.most}${empty}, not ${given}`);
}

function evaluationOptions() {
  // What scores the positions at a depth limit: the game's evaluate if it has one, or 0.
  return [
    page.view.has_evaluate ? new Option("the game's evaluate", "own")
      : new Option("none: this game has no evaluate (a depth limit is refused)", "none"),
    new Option("0 for every unfinished position (a blind estimate)", "zero"),
  ];
}

function fillEvaluation(id, fallback) {
  // The menu `id` refilled for the game, keeping the reader's choice if it is still offered.
  const options = evaluationOptions();
  const chosen = $(id).value;
  $(id).replaceChildren(...options);
  $(id).value = options.some((option) => option.value === chosen) ? chosen : fallback;
}

function updateEvaluation() {
  const row = searcherRow();
  const own = page.view.has_evaluate ? "own" : "none";
  fillEvaluation("evaluation", own);
  $("evaluation-label").hidden = !row.evaluates;
  // The step-through's limit works as filled in: a game without an evaluate of its own is
  // scored 0 at the limit (labelled a blind estimate), unless the reader chose otherwise.
  fillEvaluation("step-evaluation", page.view.has_evaluate ? "own" : "zero");
  updateStepEvaluation();
}

function updateStepEvaluation() {
  const row = page.view && page.view.searchers.find((r) => r.key === $("step-searcher").value);
  $("step-evaluation-label").hidden = !(row && row.evaluates);
}

function chooseStepSearcher() {
  const defaults = { alphabeta: "2", expectiminimax: "2", maxn: "2", engine: "0.2", mcts: "50", pns: "" };
  $("step-amount").value = defaults[$("step-searcher").value] ?? "";
  updateStepEvaluation();
}

// ---- stepping through searches ----

function clearFrame() {
  $("steps-title").textContent = "";
  $("steps-frame").removeAttribute("srcdoc");
  $("steps-frame").src = "about:blank";
}

function frame(answer, title) {
  $("steps-title").textContent = title;
  $("steps-frame").srcdoc = answer.page;
}

async function stepSearch() {
  clearWhys(["step-searcher", "step-amount", "tree"]);
  const args = [at(), asked("step-searcher", "step-amount", "step-evaluation")];
  const answer = await long($("steps"), "recording the search", "search_page", args);
  if (answer.error) { if (!answer.cancelled) { why(answer.field === "moves" ? "step-searcher" : answer.field || "step-amount", answer.error); } return; }
  const title = $("step-searcher").selectedOptions[0].textContent;
  const from = page.moves.length ? `the position after moves ${page.moves.join(" ")}` : "the starting position";
  const value = answer.value.words.startsWith("no value") ? answer.value.words : "value " + answer.value.words;
  frame(answer, `${title} from ${from}: ${answer.nodes.toLocaleString("en")} nodes; ${value}`);
}

async function showTree() {
  clearWhys(["step-searcher", "step-amount", "tree"]);
  const answer = await long($("steps"), "recording the search", "textbook_page", [$("tree").value]);
  if (answer.error) { if (!answer.cancelled) { why(answer.field || "tree", answer.error); } return; }
  frame(answer, answer.title || "");
}

// ---- a game of one's own ----

async function runOwn() {
  const report = $("own-report");
  clearWhys(["source", "class-name", "own-params", "own-depth", "own-evaluation"]);
  clearFrame();
  report.textContent = "checking\u2026";
  report.className = "";
  report.removeAttribute("data-ok");
  const args = [$("source").value, $("class-name").value.trim(), $("own-params").value, readLimit("own-depth"), $("own-evaluation").value];
  const answer = await long($("own"), "checking the game", "own_game", args);
  if (answer.cancelled) { report.textContent = ""; return; }
  report.textContent = answer.report || answer.error;
  report.className = answer.ok ? "" : "error";
  report.setAttribute("data-ok", answer.ok ? "yes" : "no");
  if (answer.field && answer.field !== "source") { why(answer.field, (answer.report || answer.error).split("\n").pop()); }
  if (answer.ok && answer.page) {
    frame(answer, `your game: alpha-beta, value ${answer.value.words}; ${answer.nodes.toLocaleString("en")} nodes`);
  } else if (answer.ok) {
    $("steps-title").textContent = `your game: alpha-beta, value ${answer.value.words}; ${answer.nodes.toLocaleString("en")} nodes (too many steps to show)`;
  }
}

// ---- starting ----

function offline(failure) {
  // Pyodide could not be loaded: say from where, and how to build the page with a local copy.
  const local = `npm install pyodide@${config.pyodideVersion}, then gamesearch web --out DIR --pyodide node_modules/pyodide`;
  const what = failure.stage === "wheel" ? "the gamesearch wheel" : failure.stage === "worker" ? "the page's worker" : "Pyodide";
  say(`${what} could not be loaded from ${failure.url} (${failure.message}). `
    + (failure.stage === "pyodide" ? `Without the network (or to serve it yourself), build the page with a local copy of Pyodide: ${local}.`
      : "Serve the folder with a web server (python -m http.server), not as a file."), true);
  document.body.setAttribute("data-ready", "failed");
}

function wire() {
  for (const game of page.settings.games) { $("game").add(new Option(game.title, game.name)); }
  for (const [key, title] of page.settings.trees) { $("tree").add(new Option(title, key)); }
  $("game").addEventListener("change", chooseGame);
  $("params").addEventListener("change", newGame);
  $("first").addEventListener("change", newGame);
  $("new").addEventListener("click", newGame);
  $("searcher").addEventListener("change", chooseSearcher);
  $("amount").addEventListener("input", checkLimit);
  $("step-searcher").addEventListener("change", chooseStepSearcher);
  $("step-evaluation").addEventListener("change", () => clearWhys(["step-amount", "step-evaluation"]));
  $("engine-move").addEventListener("click", () => { page.paused = false; advance(page.epoch); });
  $("stop").addEventListener("click", () => { $("stop").disabled = true; page.python.stop(); });
  $("step-search").addEventListener("click", stepSearch);
  $("show-tree").addEventListener("click", showTree);
  $("run-own").addEventListener("click", runOwn);
}

async function start() {
  const begun = performance.now();
  page.times.begun = begun;
  page.python = new Python();
  try {
    const ready = await page.python.start();
    page.times.pyodide = ready.times.pyodide;
    page.times.worker = ready.times.playable;
  } catch (failure) {
    offline(failure);
    return;
  }
  page.settings = await page.python.call("settings", []);
  wire();
  const asked = await page.python.call("link", [window.location.search]);
  say(`ready: gamesearch ${config.version} in Pyodide, in a worker (${((performance.now() - begun) / 1000).toFixed(1)} s)`);
  if (asked.error) {
    why(asked.field === "tree" ? "tree" : asked.field === "link" ? "link" : asked.field || "link", "the link: " + asked.error + "; a new game instead");
  }
  const linked = !asked.error && asked.game;
  $("game").value = linked ? asked.game : page.settings.games[0].name;
  $("params").value = linked ? asked.params : page.settings.games.find((g) => g.name === $("game").value).params;
  $("first").value = linked && asked.first === "engine" ? "engine" : "you";
  for (const id of ["new", "show-tree", "run-own", "engine-move"]) { $(id).disabled = false; }
  page.game = $("game").value;
  page.params = $("params").value.trim();
  page.you = $("first").value === "you" ? 0 : 1;
  page.moves = linked && asked.moves ? asked.moves.split(",") : [];
  if (!asked.error && asked.tree) { $("tree").value = asked.tree; showTree(); }
  await show();
}

start().catch((error) => {
  say("the page could not start: " + error, true);
  console.error(error);
});
