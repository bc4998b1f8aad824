"""The style sheet and the script of the step-through page, inlined into every page.

The script reads the page's data (the ``<script id="search-data">`` JSON: the nodes, with the
size and place of each box and the nodes below it; the steps, each with the node it concerns,
its sentence and the changes it makes to the boxes; the principal variation; the headings
before and after the search) and replays the steps up to the one shown. At every step it lays
out the subtrees it draws whole (a tidy layout, as :func:`~gamesearch.trace.layout.tidy`
does for the whole tree), folds the others into their roots, and moves the camera (a CSS
transform of the picture) so that the step's node is in the window. Boxes folded away are
taken out of the page until they show again, so that the browser lays out only what it shows.
It needs no network and no library.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["SCRIPT", "STYLE", "script_json"]

STYLE = """
html, body { height: 100%; }
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #fff;
       display: flex; flex-direction: column; overflow: hidden; }
header { flex: 0 0 auto; padding: 8px 14px; border-bottom: 1px solid #ddd; background: #fafafa; }
h1 { font-size: 17px; margin: 0 0 6px 0; overflow-wrap: anywhere; }
#controls button { font-size: 14px; padding: 3px 10px; margin-right: 3px; }
#controls input[type=range] { width: 260px; vertical-align: middle; }
#controls input[type=number] { width: 4.5em; }
main { flex: 1 1 auto; display: flex; min-height: 0; }
#tree { flex: 1 1 auto; min-width: 0; position: relative; overflow: hidden; cursor: grab;
        touch-action: none; contain: strict; }
#tree.dragging { cursor: grabbing; }
#tree > svg { display: block; width: 100%; height: 100%; }
#camera { transform-origin: 0 0; }
.node { transform-origin: 0 0; }
#view { position: absolute; right: 10px; bottom: 10px; display: flex; gap: 3px;
        background: rgba(250, 250, 250, 0.9); padding: 4px; border: 1px solid #ddd;
        border-radius: 4px; cursor: default; }
#view button { font-size: 14px; min-width: 30px; padding: 2px 6px; }
#story { flex: 0 0 330px; padding: 10px 14px; border-left: 1px solid #ddd; font-size: 14px;
         display: flex; flex-direction: column; contain: strict; }
#sentence { flex: 0 0 auto; font-size: 16px; height: 7.5em; overflow: auto; margin-top: 0;
            white-space: pre-line; background: #fff8dc; padding: 8px; border-radius: 4px;
            overflow-wrap: anywhere; contain: strict; }
#log { flex: 1 1 auto; min-height: 0; overflow: auto; margin: 0; padding-left: 2.6em;
        color: #666; font-size: 12.5px; }
#log li { cursor: pointer; white-space: pre-wrap; overflow-wrap: anywhere; }
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
.stack, .more { display: none; }
.folded .stack { display: inline; fill: none; stroke: #333; stroke-width: 1.2; }
.folded .more { display: inline; font-size: 10px; text-anchor: middle; fill: #555; }
.edge { stroke: #555; stroke-width: 1.2; }
.action { font-size: 10px; text-anchor: middle; fill: #333; paint-order: stroke;
          stroke: #fff; stroke-width: 3px; }
.future { opacity: 0.13; }
.future .value, .future .window, .future .fold-label { visibility: hidden; }
.pruned { opacity: 0.5; }
.pruned .card, .pruned .glyph, .edge.pruned { stroke-dasharray: 4 3; stroke: #999; }
.pruned text { fill: #888; }
.done .card { fill: #f6f6f6; }
.line .card { stroke: #1d4f91; stroke-width: 3.2; }
.edge.line { stroke: #1d4f91; stroke-width: 4; }
.proven .card { fill: #e3f3e3; stroke: #2e7d32; }
.disproven .card { fill: #f9e3e3; stroke: #c62828; }
.mpn .card { stroke: #7b1fa2; stroke-width: 3.2; }
.inner { display: none; fill: none; stroke: #333; stroke-width: 1; }
.knowledge .inner { display: inline; }
.proven .inner { stroke: #2e7d32; }
.disproven .inner { stroke: #c62828; }
.frontier .card { stroke-dasharray: 2 2; }
.frontier .glyph { fill: #fff; stroke-dasharray: 1.5 1.5; }
#legend { flex: 0 0 auto; font-size: 12px; margin: 0 0 8px 0; padding: 4px 8px;
          border: 1px solid #ddd; border-radius: 4px; }
#legend p { margin: 2px 0; }
#legend-question { font-weight: bold; }
.swatch { display: inline-block; width: 14px; height: 9px; border: 1.5px solid #333;
          vertical-align: middle; background: #fff; }
.swatch.proven { background: #e3f3e3; border-color: #2e7d32; }
.swatch.disproven { background: #f9e3e3; border-color: #c62828; }
.swatch.frontier { border-style: dotted; }
.swatch.knowledge { border-style: double; border-width: 3px; height: 7px; }
.swatch.mpn { border-color: #7b1fa2; border-width: 2.5px; }
.swatch.line { border-color: #1d4f91; border-width: 3px; }
.edge.mpn { stroke: #7b1fa2; stroke-width: 3.5; }
.current .card { stroke: #e07000; stroke-width: 3; fill: #fff3e0; }
.edge.current { stroke: #e07000; stroke-width: 2.5; }
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("search-data").textContent);
  var steps = data.steps, nodes = data.nodes, total = steps.length, last = total - 1;
  var collapse = data.collapse, headings = data.headings;
  var GAP_X = 12, GAP_Y = 40, PAD = 16, BUTTONS = 40, MOST = 1.6, LEAST_FIT = 0.75;
  function element(prefix, i) { return document.getElementById(prefix + i); }
  var groups = [], edges = [], labels = [], kids = [], shown = [];
  for (var n = 0; n < nodes.length; n++) {
    groups.push(element("n", n));
    edges.push(element("e", n));
    labels.push(element("a", n));
    kids.push([]);
    shown.push(n);  // the page opens with every box drawn where the whole tree puts it
  }
  nodes.forEach(function (node, i) { if (node.parent !== null) { kids[node.parent].push(i); } });
  var line = {};
  data.line.forEach(function (i) { line[i] = true; });
  var slider = document.getElementById("slider"), jump = document.getElementById("jump");
  var sentence = document.getElementById("sentence"), log = document.getElementById("log");
  var play = document.getElementById("play"), heading = document.getElementById("heading");
  var holder = document.getElementById("tree"), picture = holder.querySelector("svg");
  var camera = document.getElementById("camera");
  var edgeLayer = document.getElementById("edges"), boxLayer = document.getElementById("boxes");
  var legend = data.questions ? {question: document.getElementById("legend-question"),
    yes: document.getElementById("legend-yes"), no: document.getElementById("legend-no")} : null;
  var state = [], at = -1, logAt = -1, timer = null, scrolling = false;
  var view = {x: 0, y: 0, s: 1}, fitting = true, bounds = null, focus = null, anchor = null;
  var answer = false, LEAST_ANSWER = 0.5;

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
  function attr(target, name, value) {
    if (target && target.getAttribute(name) !== value) { target.setAttribute(name, value); }
  }
  function text(group, selector, value) {
    var target = group.querySelector(selector);
    if (target && target.textContent !== value) { target.textContent = value; }
  }
  function round(value) { return String(Math.round(value * 10) / 10); }

  // Which boxes step k shows, and where: the tidy layout of gamesearch.trace.layout.tidy,
  // over the subtrees drawn whole; a subtree of more than `collapse` nodes is folded into its
  // root unless the search is inside it (or it is on the principal variation, at the end).
  function layout(k) {
    var current = steps[k].node, path = {};
    for (var up = nodes[current].parent; up !== null; up = nodes[up].parent) { path[up] = true; }
    function open(i) {
      if (collapse === null || nodes[i].parent === null || nodes[i].hides <= collapse) {
        return true;
      }
      if (path[i] || (i === current && state[i].status.indexOf("open") === 0)) { return true; }
      return k === last && line[i] === true;
    }
    var order = [], depth = {}, spans = {}, opened = {}, heights = [], centres = {};
    function measure(i, d) {
      order.push(i);
      depth[i] = d;
      opened[i] = kids[i].length > 0 && open(i);
      heights[d] = Math.max(heights[d] || 0, nodes[i].h);
      var band = 0;
      if (opened[i]) { kids[i].forEach(function (kid) { band += measure(kid, d + 1); }); }
      spans[i] = Math.max(nodes[i].w + GAP_X, band);
      return spans[i];
    }
    function put(i, left) {
      var below = opened[i] ? kids[i] : [], band = 0, xs = [];
      below.forEach(function (kid) { band += spans[kid]; });
      var start = left + (spans[i] - band) / 2;
      below.forEach(function (kid) { xs.push(put(kid, start)); start += spans[kid]; });
      centres[i] = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : left + spans[i] / 2;
      return centres[i];
    }
    measure(0, 0);
    put(0, 0);
    var tops = [0];
    for (var d = 1; d < heights.length; d++) { tops.push(tops[d - 1] + heights[d - 1] + GAP_Y); }
    return {order: order, depth: depth, opened: opened, centres: centres, tops: tops};
  }

  function render(k) {
    var current = steps[k].node, end = k === last, drawn = layout(k), now = {};
    var box = {x0: Infinity, y0: -18, x1: -Infinity, y1: 0};
    drawn.order.forEach(function (i) { now[i] = true; });
    shown.forEach(function (i) {  // out of the page, so that the browser lays out only the rest
      if (!now[i]) {
        [groups[i], edges[i], labels[i]].forEach(function (part) { if (part) { part.remove(); } });
      }
    });
    drawn.order.forEach(function (i) {
      var node = nodes[i], seen = state[i], x = drawn.centres[i], y = drawn.tops[drawn.depth[i]];
      var here = i === current ? " current" : "", bold = end && line[i] ? " line" : "";
      if (!groups[i].parentNode) {
        boxLayer.appendChild(groups[i]);
        if (edges[i]) { edgeLayer.appendChild(edges[i]); }
        if (labels[i]) { edgeLayer.appendChild(labels[i]); }
      }
      var folded = kids[i].length > 0 && !drawn.opened[i] ? " folded" : "";
      attr(groups[i], "class", "node kind-" + node.kind + " " + seen.status + here + folded + bold);
      var moved = "translate(" + round(x - node.x) + "px," + round(y - node.y) + "px)";
      if (groups[i].style.transform !== moved) { groups[i].style.transform = moved; }
      text(groups[i], ".value", seen.value);
      text(groups[i], ".window", seen.window);
      box.x0 = Math.min(box.x0, x - node.w / 2);
      box.x1 = Math.max(box.x1, x + node.w / 2 + 4);
      box.y1 = Math.max(box.y1, y + node.h + (folded ? 18 : 4));
      if (node.parent !== null) {
        var parent = node.parent, px = drawn.centres[parent];
        var py = drawn.tops[drawn.depth[parent]] + nodes[parent].h;
        attr(edges[i], "class", "edge " + seen.status + here + bold);
        attr(edges[i], "x1", round(px));
        attr(edges[i], "y1", round(py));
        attr(edges[i], "x2", round(x));
        attr(edges[i], "y2", round(y));
        attr(labels[i], "class", "action " + seen.status);
        attr(labels[i], "x", round(x));
        attr(labels[i], "y", round(y - 4));
      }
    });
    shown = drawn.order;
    bounds = box;
    function around(i) {  // a drawn box, with room for its action above it
      var x = drawn.centres[i], y = drawn.tops[drawn.depth[i]];
      return {x0: x - nodes[i].w / 2, x1: x + nodes[i].w / 2, y0: y - 16, y1: y + nodes[i].h + 4};
    }
    focus = anchor = around(current);
    answer = false;
    if (end) {  // the answer: the root's value and the principal variation, as much as fits
      data.line.forEach(function (i) {
        if (!now[i]) { return; }
        var b = around(i);
        focus = {x0: Math.min(focus.x0, b.x0), x1: Math.max(focus.x1, b.x1),
                 y0: Math.min(focus.y0, b.y0), y1: Math.max(focus.y1, b.y1)};
        answer = true;
      });
    }
    frame();
    var title = headings[end ? 1 : 0];
    if (heading.textContent !== title) { heading.textContent = title; document.title = title; }
    sentence.textContent = steps[k].text;
    if (legend) {  // the question this step answers, and what proven and disproven mean for it
      var asked = data.questions[steps[k].q];
      legend.question.textContent = asked.text || "proof-number search";
      legend.yes.textContent = asked.yes;
      legend.no.textContent = asked.no;
    }
    if (told[logAt]) { told[logAt].className = ""; }
    while (log.children.length > k + 1) { log.removeChild(log.lastChild); }
    while (log.children.length < k + 1) { log.appendChild(told[log.children.length]); }
    told[k].className = "now";  // the story so far, and nothing of what is to come
    logAt = k;
    if (!scrolling) { scrolling = true; requestAnimationFrame(scrollLog); }
    slider.value = k;
    jump.value = k + 1;
    document.body.setAttribute("data-step", k);
    document.body.setAttribute("data-node", nodes[current].name);
  }

  function scrollLog() {  // once a frame, not once a step: the story scrolls to the step
    scrolling = false;
    var item = told[logAt];
    if (!item || !item.parentNode) { return; }
    var shown = log.getBoundingClientRect(), here = item.getBoundingClientRect();
    if (here.top < shown.top) { log.scrollTop += here.top - shown.top; }
    else if (here.bottom > shown.bottom) { log.scrollTop += here.bottom - shown.bottom; }
  }

  // The camera: the part of the picture the window shows, as a viewBox the size of the window.
  var size = null;
  function measureRoom() {
    size = {w: Math.max(1, holder.clientWidth), h: Math.max(1, holder.clientHeight)};
  }
  function room() {
    if (size === null) { measureRoom(); }
    return size;
  }
  function look() {  // a CSS transform, which the browser redraws without laying out again
    var s = view.s;
    camera.style.transform = "matrix(" + [s, 0, 0, s, -view.x * s, -view.y * s].join(",") + ")";
    document.body.setAttribute("data-zoom", String(Math.round(view.s * 1000) / 1000));
  }
  function fit() {  // the whole drawn tree, as large as the window allows (up to MOST)
    var r = room(), wide = bounds.x1 - bounds.x0, tall = bounds.y1 - bounds.y0;
    var s = Math.min(MOST, (r.w - 2 * PAD) / wide, (r.h - 2 * PAD - BUTTONS) / tall);
    view.s = Math.max(LEAST_FIT, s);
    view.x = (bounds.x0 + bounds.x1) / 2 - r.w / 2 / view.s;
    view.y = bounds.y0 - PAD / view.s;
  }
  // The current node (at the last step, the answer: the root and the principal variation)
  // in the window, above the zoom buttons: move as little as needed. Where it does not fit,
  // the anchor does (the current node: the root at the last step).
  function keep() {
    var r = room(), w = r.w / view.s, h = (r.h - BUTTONS) / view.s, m = PAD / view.s;
    function axis(start, low, high, size, least, most) {
      if (high - low + 2 * m > size) { low = least; high = most; }
      if (high - low + 2 * m > size) { return (low + high) / 2 - size / 2; }
      if (low - m < start) { return low - m; }
      if (high + m > start + size) { return high + m - size; }
      return start;
    }
    view.x = axis(view.x, focus.x0, focus.x1, w, anchor.x0, anchor.x1);
    view.y = axis(view.y, focus.y0, focus.y1, h, anchor.y0, anchor.y1);
  }
  function unzoom() {  // at the last step: zoom out (never in) until the answer fits, or half
    var r = room();
    var s = Math.min((r.w - 2 * PAD) / (focus.x1 - focus.x0),
                     (r.h - 2 * PAD - BUTTONS) / (focus.y1 - focus.y0));
    if (s < view.s) { view.s = Math.max(Math.min(LEAST_ANSWER, view.s), s); }
  }
  function frame() {
    if (fitting) { fit(); }
    if (answer) { unzoom(); }
    keep();
    look();
  }
  function zoom(factor, cx, cy) {
    var r = room();
    if (cx === undefined) { cx = r.w / 2; cy = r.h / 2; }
    var s = Math.max(0.05, Math.min(8, view.s * factor));
    var px = view.x + cx / view.s, py = view.y + cy / view.s;
    view = {x: px - cx / s, y: py - cy / s, s: s};
    fitting = false;
    look();
  }
  function pan(dx, dy) {  // in pixels of the window
    view.x += dx / view.s;
    view.y += dy / view.s;
    fitting = false;
    look();
  }
  function refit() { fitting = true; frame(); }

  function show(k) {
    k = Math.max(0, Math.min(last, k));
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
    if (at >= last) { show(0); }
    play.textContent = "Pause";
    timer = setInterval(function () {
      if (at >= last) { stop(); } else { show(at + 1); }
    }, 900);
  }
  var told = steps.map(function (step, k) {
    var item = document.createElement("li");
    item.textContent = step.text;
    item.addEventListener("click", function () { stop(); show(k); });
    return item;
  });
  function on(id, act) { document.getElementById(id).onclick = act; }
  on("first", function () { stop(); show(0); });
  on("back", function () { stop(); show(at - 1); });
  on("forward", function () { stop(); show(at + 1); });
  on("last", function () { stop(); show(last); });
  on("zoom-in", function () { zoom(1.25); });
  on("zoom-out", function () { zoom(0.8); });
  on("fit", refit);
  var STEP = 120, PANS = {ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0],
                          ArrowUp: [0, -STEP], ArrowDown: [0, STEP]};
  on("pan-left", function () { pan(-STEP, 0); });
  on("pan-right", function () { pan(STEP, 0); });
  on("pan-up", function () { pan(0, -STEP); });
  on("pan-down", function () { pan(0, STEP); });
  play.onclick = toggle;
  slider.oninput = function () { stop(); show(+slider.value); };
  jump.onchange = function () { stop(); show(+jump.value - 1); };
  document.addEventListener("keydown", function (event) {
    if (event.target === jump || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var key = event.key;
    if (PANS[key] && (event.shiftKey || key === "ArrowUp" || key === "ArrowDown")) {
      event.preventDefault();
      pan(PANS[key][0], PANS[key][1]);
    }
    else if (key === "ArrowRight") { stop(); show(at + 1); }
    else if (key === "ArrowLeft") { stop(); show(at - 1); }
    else if (key === "Home") { stop(); show(0); }
    else if (key === "End") { stop(); show(last); }
    else if (key === " ") { event.preventDefault(); toggle(); }
    else if (key === "+" || key === "=") { zoom(1.25); }
    else if (key === "-" || key === "_") { zoom(0.8); }
    else if (key === "0") { refit(); }
  });
  holder.addEventListener("wheel", function (event) {
    event.preventDefault();
    var rect = holder.getBoundingClientRect(), lines = event.deltaMode === 1 ? 16 : 1;
    zoom(Math.exp(-event.deltaY * lines * 0.002), event.clientX - rect.left,
         event.clientY - rect.top);
  }, {passive: false});
  var drag = null;
  holder.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("#view")) { return; }
    drag = {x: event.clientX, y: event.clientY};
    holder.classList.add("dragging");
    if (holder.setPointerCapture) { holder.setPointerCapture(event.pointerId); }
  });
  holder.addEventListener("pointermove", function (event) {
    if (drag === null) { return; }
    pan(drag.x - event.clientX, drag.y - event.clientY);
    drag = {x: event.clientX, y: event.clientY};
  });
  function release() { drag = null; holder.classList.remove("dragging"); }
  holder.addEventListener("pointerup", release);
  holder.addEventListener("pointercancel", release);
  function resized() {
    var before = size;
    measureRoom();
    if (at >= 0 && (before === null || before.w !== size.w || before.h !== size.h)) { frame(); }
  }
  window.addEventListener("resize", resized);
  if (window.ResizeObserver) { new ResizeObserver(resized).observe(holder); }
  ["width", "height", "viewBox"].forEach(function (name) { picture.removeAttribute(name); });
  reset();
  show(0);
})();
"""


_UNSAFE_IN_SCRIPT = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)
"""What JSON inside ``<script>`` may not hold, as the JSON escapes that say the same."""


def script_json(data: Any) -> str:
    r"""``data`` as JSON text that is safe inside an HTML ``<script>`` element.

    HTML ends a script at ``</script`` and, after ``<!--<script``, no longer ends it there at
    all (the "script data double escaped" state), so the text holds no ``<``; nor ``>``,
    ``&``, U+2028 or U+2029 (a line break to older JavaScript). JSON has them only inside
    strings, where ``\u003c`` and the like mean the same character: ``json.loads`` of the
    text gives ``data`` back.

    >>> script_json({"label": "<!--<script>"})
    '{"label":"\\u003c!--\\u003cscript\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_UNSAFE_IN_SCRIPT)
