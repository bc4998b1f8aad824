// The page's worker: Pyodide runs gamesearch here, off the page's main thread, so that the page
// answers clicks and keeps its timers while a search runs. The page sends
//   {type: "start", config, base, interrupt}         once: load Pyodide, install the wheel
//   {type: "call", id, name, args, stop}              one call of gamesearch/web/_runtime.py
// and gets back {type: "status" | "loader" | "ready" | "failed"} while starting ("loader": the
// loader came from Pyodide's URL), then for each call {type: "progress", id, line} now and
// then, and {type: "answer", id, answer} (JSON text). An answer with "crashed" says Python is
// dead (Pyodide's fatal error, such as the browser's stack overflowing): the page replaces
// this worker.
//
// Stopping a call: Python looks at its interrupt buffer every few dozen bytecodes and raises
// KeyboardInterrupt (as Ctrl-C does) when it holds 2, the number of SIGINT. Where the page is
// cross-origin isolated the buffer is shared memory the page writes to. Elsewhere (any static
// host) it is an object whose element 0, read now and then, asks whether the call's "go" blob
// URL, made by the page for this call, can still be read: the page revokes it to stop the
// call, and the read (a synchronous request, which a worker may make) then fails.
"use strict";

let python = null;
let runtime = null;

const poller = {
  // Pyodide's interrupt buffer where no memory is shared: reads the call's blob URL now and
  // then, and answers 2 once that URL is gone.
  url: null,
  fired: false,
  last: 0,
  get 0() {
    if (this.url === null || this.fired) { return 0; }
    const now = performance.now();
    if (now - this.last < 50) { return 0; }
    this.last = now;
    try {
      const request = new XMLHttpRequest();
      request.open("GET", this.url, false);
      request.send();
      return 0;
    } catch (error) {
      this.fired = true;
      return 2;
    }
  },
  set 0(value) { /* Python clears the signal it read: nothing to clear here */ },
};

let shared = null;

function post(message) { self.postMessage(message); }

function lastLine(error) {
  // A JavaScript or Python error in one line: its last line (Python's "ValueError: ..."),
  // never the traceback through the files of Pyodide or the wheel.
  const lines = String(error && error.message || error).trim().split("\n");
  return lines[lines.length - 1].slice(0, 500);
}

async function start({ config, base, interrupt }) {
  let folder;
  try {
    folder = new URL(config.pyodide, base).href;
  } catch (error) {  // a URL the builder would refuse, written into the page by hand
    post({ type: "failed", stage: "pyodide", url: String(config.pyodide), message: lastLine(error) });
    return;
  }
  await load(folder, { config, base, interrupt });
}

async function load(folder, { config, base, interrupt }) {
  const began = performance.now();
  const loader = folder + "pyodide.mjs";
  post({ type: "status", text: "loading Python (Pyodide " + config.pyodideVersion + ") from " + folder });
  const wheelUrl = new URL(config.wheel, base).href;
  const wheel = fetch(wheelUrl).then((response) => {  // fetched while Pyodide starts
    if (!response.ok) { throw new Error("HTTP " + response.status + " for " + config.wheel); }
    return response.arrayBuffer();
  });
  wheel.catch(() => {});  // its failure is reported where it is awaited
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(loader));
    post({ type: "loader" });  // the loader came: what is left takes long, but comes
    python = await loadPyodide({ indexURL: folder });
  } catch (error) {
    post({ type: "failed", stage: "pyodide", url: loader, message: lastLine(error) });
    return;
  }
  const times = { pyodide: performance.now() - began };
  post({ type: "status", text: "installing gamesearch " + config.version + "\u2026" });
  try {
    const target = "/home/pyodide/gamesearch-wheel";
    python.unpackArchive(await wheel, "zip", { extractDir: target });
    python.globals.set("gamesearch_wheel", target);
    python.runPython("import sys\nif gamesearch_wheel not in sys.path: sys.path.insert(0, gamesearch_wheel)");
    runtime = python.pyimport("gamesearch.web._runtime");
  } catch (error) {
    post({ type: "failed", stage: "wheel", url: wheelUrl, message: lastLine(error) });
    return;
  }
  shared = interrupt || null;
  python.setInterruptBuffer(shared || poller);
  times.playable = performance.now() - began;
  post({ type: "ready", times, isolated: shared !== null });
}

function call({ id, name, args, stop }) {
  if (shared) { Atomics.store(shared, 0, 0); }
  poller.url = stop || null;
  poller.fired = false;
  let last = 0;
  const tell = (line) => {
    const now = performance.now();
    if (now - last >= 100) { last = now; post({ type: "progress", id, line: String(line) }); }
  };
  let answer;
  try {
    answer = runtime.call(name, JSON.stringify(args), tell);
    if (typeof answer !== "string") { throw new Error("Python gave no answer"); }
  } catch (error) {
    const stopped = /KeyboardInterrupt/.test(String(error));
    answer = JSON.stringify(stopped ? { error: "stopped", field: null, stopped: true }
      : alive() ? { error: "the page's Python failed: " + lastLine(error), field: null }
        : { error: lastLine(error), field: null, crashed: true });
  } finally {
    poller.url = null;
  }
  post({ type: "answer", id, answer });
}

function alive() {
  // Whether Python still answers after an error: after a fatal error (the browser's stack
  // overflowed, say) Pyodide refuses every call, and the page must replace this worker.
  try {
    return python.runPython("1") === 1;
  } catch (error) {
    return false;
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    start(message);
  } else if (message.type === "call") {
    call(message);
  }
};
