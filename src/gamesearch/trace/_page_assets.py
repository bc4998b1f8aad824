"""The style sheet and the script of the step-through page, inlined into every page.

The script reads the page's data (the ``<script id="search-data">`` JSON: the steps, each with
the node it concerns, its sentence and the changes it makes to the boxes) and replays the
steps up to the one shown. It needs no network and no library.
"""

from __future__ import annotations

__all__ = ["SCRIPT", "STYLE"]

STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #fff; }
header { padding: 8px 14px; border-bottom: 1px solid #ddd; background: #fafafa; }
h1 { font-size: 17px; margin: 0 0 6px 0; }
#controls button { font-size: 14px; padding: 3px 10px; margin-right: 3px; }
#controls input[type=range] { width: 260px; vertical-align: middle; }
#controls input[type=number] { width: 4.5em; }
main { display: flex; align-items: flex-start; }
#tree { flex: 1 1 auto; overflow: auto; padding: 10px; max-height: calc(100vh - 90px); }
#story { flex: 0 0 330px; padding: 10px 14px; border-left: 1px solid #ddd;
         max-height: calc(100vh - 90px); overflow: auto; font-size: 14px; }
#sentence { font-size: 16px; min-height: 4.5em; white-space: pre-line; margin-top: 0;
            background: #fff8dc; padding: 8px; border-radius: 4px; }
#log { padding-left: 2.6em; color: #666; font-size: 12.5px; }
#log li { cursor: pointer; white-space: pre-wrap; }
#log li.now { color: #000; font-weight: bold; }
svg text { font-family: Helvetica, Arial, sans-serif; }
.card { fill: #fff; stroke: #333; stroke-width: 1.2; }
.glyph { fill: #fff; stroke: #333; stroke-width: 1.2; }
.kind-max .glyph, .kind-min .glyph { fill: #dbe8f7; }
.kind-chance .glyph { fill: #f4e2c4; }
.name { font-size: 10px; fill: #777; }
.value { font-size: 13px; font-weight: bold; text-anchor: middle; }
.window { font-size: 10px; text-anchor: middle; fill: #1d4f91; }
.board { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 10px;
         text-anchor: middle; fill: #222; white-space: pre; }
.fold-label { font-size: 10px; text-anchor: middle; fill: #777; }
.edge { stroke: #555; stroke-width: 1.2; }
.action { font-size: 10px; text-anchor: middle; fill: #333; paint-order: stroke;
          stroke: #fff; stroke-width: 3px; }
.future { opacity: 0.13; }
.future .value, .future .window { visibility: hidden; }
.pruned { opacity: 0.5; }
.pruned .card, .pruned .glyph, .edge.pruned { stroke-dasharray: 4 3; stroke: #999; }
.pruned text { fill: #888; }
.done .card { fill: #f6f6f6; }
.current .card { stroke: #e07000; stroke-width: 3; fill: #fff3e0; }
.edge.current { stroke: #e07000; stroke-width: 2.5; }
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("search-data").textContent);
  var steps = data.steps, nodes = data.nodes, total = steps.length;
  var groups = nodes.map(function (_, i) { return document.getElementById("n" + i); });
  var edges = nodes.map(function (_, i) { return document.getElementById("e" + i); });
  var labels = nodes.map(function (_, i) { return document.getElementById("a" + i); });
  var slider = document.getElementById("slider"), jump = document.getElementById("jump");
  var sentence = document.getElementById("sentence"), log = document.getElementById("log");
  var play = document.getElementById("play");
  var state = [], at = -1, timer = null;

  function reset() {
    state = nodes.map(function () { return {status: "future", value: "", window: ""}; });
    at = -1;
  }
  function apply(k) {
    var changes = steps[k].set;
    Object.keys(changes).forEach(function (i) {
      var change = changes[i], box = state[+i];
      Object.keys(change).forEach(function (key) { box[key] = change[key]; });
    });
  }
  function text(group, selector, value) {
    var element = group.querySelector(selector);
    if (element && element.textContent !== value) { element.textContent = value; }
  }
  function render(k) {
    var current = steps[k].node;
    for (var i = 0; i < nodes.length; i++) {
      var box = state[i], here = i === current ? " current" : "";
      groups[i].setAttribute("class", "node kind-" + nodes[i].kind + " " + box.status + here);
      text(groups[i], ".value", box.value);
      text(groups[i], ".window", box.window);
      if (edges[i]) { edges[i].setAttribute("class", "edge " + box.status + here); }
      if (labels[i]) { labels[i].setAttribute("class", "action " + box.status); }
    }
    sentence.textContent = steps[k].text;
    var items = log.children;
    for (var j = 0; j < items.length; j++) {
      items[j].className = j === k ? "now" : "";
    }
    if (items[k]) { items[k].scrollIntoView({block: "nearest"}); }
    groups[current].scrollIntoView({block: "nearest", inline: "nearest"});
    slider.value = k;
    jump.value = k + 1;
    document.body.setAttribute("data-step", k);
    document.body.setAttribute("data-node", nodes[current].name);
  }
  function show(k) {
    k = Math.max(0, Math.min(total - 1, k));
    if (k < at) { reset(); }
    for (var s = at + 1; s <= k; s++) { apply(s); }
    at = k;
    render(k);
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.textContent = "Play";
  }
  function toggle() {
    if (timer !== null) { stop(); return; }
    if (at >= total - 1) { show(0); }
    play.textContent = "Pause";
    timer = setInterval(function () {
      if (at >= total - 1) { stop(); } else { show(at + 1); }
    }, 900);
  }
  steps.forEach(function (step, k) {
    var item = document.createElement("li");
    item.textContent = step.text;
    item.addEventListener("click", function () { stop(); show(k); });
    log.appendChild(item);
  });
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("back").onclick = function () { stop(); show(at - 1); };
  document.getElementById("forward").onclick = function () { stop(); show(at + 1); };
  document.getElementById("last").onclick = function () { stop(); show(total - 1); };
  play.onclick = toggle;
  slider.oninput = function () { stop(); show(+slider.value); };
  jump.onchange = function () { stop(); show(+jump.value - 1); };
  document.addEventListener("keydown", function (event) {
    if (event.target === jump) { return; }
    if (event.key === "ArrowRight") { stop(); show(at + 1); }
    else if (event.key === "ArrowLeft") { stop(); show(at - 1); }
    else if (event.key === "Home") { stop(); show(0); }
    else if (event.key === "End") { stop(); show(total - 1); }
    else if (event.key === " ") { event.preventDefault(); toggle(); }
  });
  var picture = document.querySelector("#tree svg"), holder = document.getElementById("tree");
  var natural = [+picture.getAttribute("width"), +picture.getAttribute("height")];
  function fit() {  // as large as the room allows, up to 1.8 times: fit for a slide
    var scale = Math.max(1, Math.min(1.8, (holder.clientWidth - 24) / natural[0]));
    picture.setAttribute("width", Math.round(natural[0] * scale));
    picture.setAttribute("height", Math.round(natural[1] * scale));
  }
  window.addEventListener("resize", fit);
  fit();
  reset();
  show(0);
})();
"""
