// SPDX-License-Identifier: MIT
// dlxviz.js - the dancing-links page (web/index.html, docs/web.md).
//
// The search is run by libdlx compiled to WebAssembly (web/dlx-wasm.js, built
// by `make web` from dlx/*.c, the dlx command's JSON trace and web/dlxweb.c).
// One call gives the page the whole stream that `dlx --trace=json
// --detail=links` prints: the problem record with Knuth's memory table, then
// every event with the links it changes. The page keeps a copy of the table
// and applies the events to it one by one; a step back applies the same
// event in reverse (each record names the old and new value of every link it
// touches), so nothing is simulated: what is drawn is what the engine did.
//
// Parts: the engine (wasm loading and the run), the model (the table, the
// search tree, applying and undoing an event), the pictures (matrix, tree,
// grid, log: each drawn from the model), the controls, and window.dlxViz
// for the browser test (tests/web/).
"use strict";

(function () {
  const NODE_LIMIT = 2000; // search-tree nodes a run may show

  // --- the engine ------------------------------------------------------------

  let engine = null; // { exports, memory }

  class NotBuilt extends Error {}

  function base64Bytes(text) {
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  // The module is built for WASI but never does I/O (its trace writes to
  // memory): every system call it imports answers "not supported".
  async function loadEngine() {
    // web/dlx-wasm.js and web/problems.js are built, not committed (docs/web.md):
    // a clone opened before `make web` says so instead of showing nothing.
    if (typeof window.DLX_WASM !== "string" || !Array.isArray(window.DLX_PROBLEMS)) {
      throw new NotBuilt();
    }
    const module = await WebAssembly.compile(base64Bytes(window.DLX_WASM));
    const imports = {};
    for (const imp of WebAssembly.Module.imports(module)) {
      if (imp.kind !== "function") continue;
      (imports[imp.module] = imports[imp.module] || {})[imp.name] = () => 52; // ENOSYS
    }
    const instance = await WebAssembly.instantiate(module, imports);
    const e = instance.exports;
    if (e._initialize) e._initialize();
    engine = e;
  }

  function readString(ptr, len) {
    return new TextDecoder().decode(new Uint8Array(engine.memory.buffer, ptr, len));
  }

  function cString(ptr) {
    const mem = new Uint8Array(engine.memory.buffer);
    let end = ptr;
    while (mem[end]) end++;
    return readString(ptr, end - ptr);
  }

  // Runs the search on the text; returns { lines } or { error }.
  function runEngine(text, rule, seed) {
    const src = new TextEncoder().encode(text);
    const p = engine.web_alloc(src.length);
    new Uint8Array(engine.memory.buffer, p, src.length).set(src);
    const haveSeed = seed !== null;
    // The seed is a 64-bit parameter: JavaScript passes it as a BigInt.
    const r = engine.web_trace(p, src.length, NODE_LIMIT, rule, haveSeed ? 1 : 0, haveSeed ? seed : 0n);
    engine.web_free(p);
    if (!r) return { error: "out of memory" };
    let result;
    if (engine.web_status(r) !== 0) {
      result = { error: cString(engine.web_error(r)) };
    } else {
      const out = readString(engine.web_output(r), engine.web_output_length(r));
      result = { lines: out.split("\n").filter((l) => l.length > 0) };
    }
    engine.web_release(r);
    return result;
  }

  // --- the model ---------------------------------------------------------------

  let M = null; // the current run, see newModel()

  function newModel(text, lines) {
    const problem = JSON.parse(lines[0]);
    const last = JSON.parse(lines[lines.length - 1]);
    const events = lines.slice(1, lines.length - 1).map((l) => JSON.parse(l));
    const L = problem.layout;
    const N = L.headers, S = L.slots;
    // Which option and item each slot is; which slots each option has.
    const optionOf = new Int32Array(S).fill(-1);
    const optionSlots = [];
    for (let k = 0; k + 1 < L.spacers.length; k++) {
      const slots = [];
      for (let x = L.spacers[k] + 1; x < L.spacers[k + 1]; x++) {
        optionOf[x] = k;
        slots.push(x);
      }
      optionSlots.push(slots);
    }
    const m = {
      text, problem, events, lines, end: last, N, S, optionOf, optionSlots,
      names: problem.items.map((it) => it.name),
      secondary: problem.items.map((it) => it.secondary),
      top: L.top.slice(), ulink: L.ulink.slice(), dlink: L.dlink.slice(),
      color: L.color.slice(), llink: L.llink.slice(), rlink: L.rlink.slice(),
      hidden: new Uint8Array(S),
      tweaked: new Int32Array(S), // level + 1 of the tweak that set the node aside, 0 none
      pos: 0,
      tree: [{ id: 0, parent: -1, depth: 0, option: -1, skip: -1, choose: null, dead: false, solution: 0 }],
      cur: 0,
      solutions: 0,
      sudoku: sudokuOf(text, problem),
    };
    // The engine's uncover puts the item's options back first (the UNHIDE
    // and UNMARK records after the UNCOVER record) and relinks the header
    // last (dlx_internal.h, uncover_w). The header's relink is drawn with
    // the last of those records, or with the UNCOVER itself when none
    // follows: the state after each step is then the engine's own.
    for (let i = 0; i < events.length; i++) {
      if (events[i].event !== "uncover") continue;
      let j = i;
      while (j + 1 < events.length && (events[j + 1].event === "unhide" || events[j + 1].event === "unmark")) j++;
      events[j]._relink = events[i];
      events[i]._last = j;
    }
    // Algorithm M (docs/trace-json.md, "Link detail with bounds"). An
    // UNTWEAK sets DLINK[item] at its record; the UNHIDEs that follow it
    // are its put-backs (the item's own nodes: only their ULINK is set) and,
    // while the item is active, its options' other nodes (ordinary unhides);
    // ULINK[head] and LEN are set last, drawn with the last of them. A null
    // move with hi > 0 takes the item off the active list until its level's
    // BACKTRACK, just before which it is put back.
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      if (ev.event === "untweak") {
        let j = i;
        while (j + 1 < events.length && events[j + 1].event === "unhide") {
          j++;
          if (events[j].item === ev.item) events[j]._putBack = ev;
        }
        events[j]._untweakEnd = ev;
        ev._last = j;
      } else if (ev.event === "tweak") {
        // the HIDE that follows a TWEAK takes the tried option's node out of
        // the item's list for the rest of the level: set aside, not covered
        for (let j = i + 1; j < events.length && j <= i + 2; j++)
          if (events[j].event === "hide" && events[j].item === ev.item) { events[j]._tweak = ev; break; }
      } else if (ev.event === "skip" && ev.hi > 0) {
        let k = i + 1;
        while (k < events.length && !(events[k].event === "backtrack" && events[k].level === ev.level)) k++;
        // The engine puts the item back before it announces the backtrack
        // (the state the hook sees at the BACKTRACK has it back): drawn with
        // the record before it.
        if (k < events.length) events[k - 1]._reactivate = ev;
      }
    }
    m.bounded = problem.items.some((it) => it.lo !== undefined);
    return m;
  }

  function ancestorAt(m, id, depth) {
    while (m.tree[id].depth > depth) id = m.tree[id].parent;
    return id;
  }

  // Applies event ev to the model (dir +1), or undoes it (dir -1). Every
  // assignment of the dance is named by the record; what only the page
  // keeps (the tree's cursor, a purified header's old colour) is saved in
  // the record the first time through.
  function apply(m, ev, dir) {
    const fwd = dir > 0;
    if (!fwd && ev._untweakEnd) untweakEnd(m, ev._untweakEnd, false);
    if (!fwd && ev._reactivate) reactivate(m, ev._reactivate, false);
    switch (ev.event) {
    case "cover": {
      const h = ev.item + 1;
      if (fwd) { m.rlink[ev.left] = ev.right; m.llink[ev.right] = ev.left; }
      else { m.rlink[ev.left] = h; m.llink[ev.right] = h; }
      break;
    }
    case "uncover": // the header comes back with the uncover's last record (newModel)
      break;
    case "unhide":
      if (ev._putBack) { // Knuth's untweak: only the node's ULINK
        if (fwd) { ev._oldU = m.ulink[ev.node]; m.ulink[ev.node] = ev.up; }
        else m.ulink[ev.node] = ev._oldU;
        break;
      }
      // fall through
    case "hide": {
      const out = (ev.event === "hide") === fwd; // the node leaves its list
      const h = ev.item + 1;
      if (out) {
        m.dlink[ev.up] = ev.down; m.ulink[ev.down] = ev.up;
        m.top[h] = ev.event === "hide" ? ev.len : ev.len - 1;
      } else {
        m.dlink[ev.up] = ev.node; m.ulink[ev.down] = ev.node;
        m.top[h] = ev.event === "hide" ? ev.len + 1 : ev.len;
      }
      m.hidden[ev.node] = out ? 1 : 0;
      if (ev.event === "hide" && ev._tweak) m.tweaked[ev.node] = fwd ? ev._tweak.level + 1 : 0;
      break;
    }
    case "mark":
      m.color[ev.node] = fwd ? -1 : ev.color;
      break;
    case "unmark":
      m.color[ev.node] = fwd ? ev.color : -1;
      break;
    case "purify": {
      const h = ev.item + 1; // the engine keeps the colour in the header
      if (fwd) { if (ev._old === undefined) ev._old = m.color[h]; m.color[h] = ev.color; }
      else m.color[h] = ev._old;
      break;
    }
    case "choose": {
      const node = m.tree[m.cur];
      if (fwd) { ev._old = node.choose; node.choose = { item: ev.item, remaining: ev.remaining, scanned: ev.scanned, active: ev.active }; }
      else node.choose = ev._old;
      break;
    }
    case "dead_end":
      m.tree[m.cur].dead = fwd;
      break;
    case "untweak": {
      const h = ev.item + 1;
      if (fwd) {
        // The item's list is whole again through DLINK at once: the nodes
        // put back are reachable from the header from now on.
        ev._oldD = m.dlink[h];
        m.dlink[h] = ev.first;
        ev._chain = [];
        for (let x = ev.first, c = 0; c < ev.count && x > m.N; c++, x = m.dlink[x]) ev._chain.push(x);
        ev._tweaked = ev._chain.map((x) => m.tweaked[x]);
        for (const x of ev._chain) { m.hidden[x] = 0; m.tweaked[x] = 0; }
      } else {
        m.dlink[h] = ev._oldD;
        ev._chain.forEach((x, c) => { m.hidden[x] = 1; m.tweaked[x] = ev._tweaked[c]; });
      }
      break;
    }
    case "skip": {
      const h = ev.item + 1;
      if (ev.hi > 0) {
        if (fwd) { m.rlink[ev.left] = ev.right; m.llink[ev.right] = ev.left; }
        else { m.rlink[ev.left] = h; m.llink[ev.right] = h; }
      }
      treeBranch(m, ev, fwd, -1);
      break;
    }
    case "try":
      treeBranch(m, ev, fwd, ev.option);
      break;
    case "solution":
      if (fwd) { m.tree[m.cur].solution = ev.number; m.solutions = ev.number; }
      else { m.tree[m.cur].solution = 0; m.solutions = ev.number - 1; }
      break;
    case "backtrack":
      if (fwd) { ev._cur = m.cur; m.cur = ancestorAt(m, m.cur, ev.level); }
      else m.cur = ev._cur;
      break;
    default: // unpurify changes nothing the page draws
      break;
    }
    const u = ev._relink;
    if (u) {
      const h = u.item + 1;
      if (fwd) { m.rlink[u.left] = h; m.llink[u.right] = h; }
      else { m.rlink[u.left] = u.right; m.llink[u.right] = u.left; }
    }
    if (fwd && ev._reactivate) reactivate(m, ev._reactivate, true);
    if (fwd && ev._untweakEnd) untweakEnd(m, ev._untweakEnd, true);
  }

  // A search-tree branch: an option tried, or the null move (option -1).
  function treeBranch(m, ev, fwd, option) {
    if (fwd) {
      ev._cur = m.cur;
      const parent = ancestorAt(m, m.cur, ev.level);
      const id = m.tree.length;
      m.tree.push({ id, parent, depth: ev.level + 1, option, skip: option < 0 ? ev.item : -1, choose: null, dead: false, solution: 0, index: ev.index, of: ev.of });
      m.cur = id;
    } else {
      m.tree.pop();
      m.cur = ev._cur;
    }
  }

  // The untweak's last assignments: ULINK[head] = last, LEN = len.
  function untweakEnd(m, u, fwd) {
    const h = u.item + 1;
    if (fwd) {
      u._oldUH = m.ulink[u.head]; u._oldLen = m.top[h];
      m.ulink[u.head] = u.last; m.top[h] = u.len;
    } else {
      m.ulink[u.head] = u._oldUH; m.top[h] = u._oldLen;
    }
  }

  // The null move's item back in the active list, at its level's backtrack.
  function reactivate(m, s, fwd) {
    const h = s.item + 1;
    if (fwd) { m.rlink[s.left] = h; m.llink[s.right] = h; }
    else { m.rlink[s.left] = s.right; m.llink[s.right] = s.left; }
  }

  function stepForward(m) {
    if (m.pos >= m.events.length) return false;
    apply(m, m.events[m.pos], +1);
    m.pos++;
    return true;
  }

  function stepBack(m) {
    if (m.pos <= 0) return false;
    m.pos--;
    apply(m, m.events[m.pos], -1);
    return true;
  }

  function pathOf(m) {
    const path = [];
    for (let id = m.cur; id > 0; id = m.tree[id].parent) path.unshift(m.tree[id]);
    return path;
  }

  // With bounds: how many times each item is covered now, by the options
  // on the current path (the tree's, so a null move adds none).
  function takenOf(m) {
    const taken = new Array(m.N).fill(0);
    for (const t of pathOf(m)) if (t.option >= 0) for (const i of m.problem.options[t.option].items) taken[i]++;
    return taken;
  }

  // "2..3 ×1": an item's bounds and how many options on the path cover it.
  function boundsText(m, i, taken) {
    const [lo, hi] = boundsOf(m, i);
    return lo + ".." + hi + " ×" + taken[i];
  }

  function isActive(m, h) {
    return !m.secondary[h - 1] && m.rlink[m.llink[h]] === h;
  }

  // A sudoku written by `sudoku --to-dlx`: cells rRcC, houses rowR=S, and the
  // puzzle in a comment. null for any other problem.
  function sudokuOf(text, problem) {
    const match = /^\| puzzle: (\S+)/m.exec(text);
    if (!match) return null;
    const givens = match[1];
    const n = Math.round(Math.sqrt(givens.length));
    if (n * n !== givens.length || n < 2) return null;
    const cellOf = (name) => { const c = /^r(\d+)c(\d+)$/.exec(name); return c ? (+c[1] - 1) * n + (+c[2] - 1) : -1; };
    const options = problem.options.map((o) => {
      let cell = -1, sym = null;
      for (const it of o.items) {
        const name = problem.items[it].name;
        if (cell < 0 && cellOf(name) >= 0) cell = cellOf(name);
        const r = /^row\d+=(.+)$/.exec(name);
        if (r) sym = r[1];
      }
      return { cell, sym };
    });
    let br = 1;
    for (let d = 1; d * d <= n; d++) if (n % d === 0) br = d;
    return { n, givens, options, boxRows: br, boxCols: n / br };
  }

  // The state as tests/cli/trace_links.awk prints it with -v dump=1, so the
  // browser test compares the page with the command's stream line by line.
  function stateLine(m) {
    const seq = m.pos > 0 ? m.events[m.pos - 1].seq : 0;
    const j = (a) => Array.from(a).join(",");
    const out = [];
    for (let x = m.N + 1; x < m.S; x++) if (m.hidden[x]) out.push(x);
    return "state " + seq + " top=" + j(m.top) + " ulink=" + j(m.ulink) + " dlink=" + j(m.dlink) +
      " color=" + j(m.color) + " llink=" + j(m.llink) + " rlink=" + j(m.rlink) + " out=" + out.join(",");
  }

  // What the matrix shows now, read back from the drawing itself (the
  // data-to of each link's line, data-len of each header, data-out and
  // data-color and data-tweaked of each node), in the shape tests/web/test_page.js
  // makes of the engine's memory and stream: "len=h:v,... D=x:v,... U=... R=...
  // L=... out=... settled=... tweaked=...".
  function drawnState() {
    const parts = { len: [], D: [], U: [], R: [], L: [], out: [], settled: [], tweaked: [] };
    for (const el of document.getElementById("matrix").querySelectorAll("[data-key]")) {
      const key = el.getAttribute("data-key");
      const k = /^([DURL]|h|n)(\d+)$/.exec(key);
      if (!k) continue;
      const x = +k[2];
      if (k[1] === "h") { if (x > 0) parts.len.push([x, +el.getAttribute("data-len")]); }
      else if (k[1] === "n") {
        if (el.getAttribute("data-out") === "1") parts.out.push([x]);
        if (el.getAttribute("data-color") === "-1") parts.settled.push([x]);
        if (el.getAttribute("data-tweaked") === "1") parts.tweaked.push([x]);
      } else parts[k[1]].push([x, +el.getAttribute("data-to")]);
    }
    return Object.entries(parts).map(([name, list]) =>
      name + "=" + list.sort((a, b) => a[0] - b[0]).map((v) => v.join(":")).join(",")).join(" ");
  }

  // --- words for an event (the wording of dlx --trace=links) -----------------

  function optText(m, k) { return m.problem.options[k].text; }
  function itemName(m, i) { return m.names[i]; }

  function describe(m, ev) {
    const ind = "  ".repeat(ev.level);
    const name = ev.item >= 0 ? itemName(m, ev.item) : "";
    const h = ev.item + 1;
    const tail = (ev._reactivate ? "\n" + ind + "  " + reactivateText(m, ev._reactivate) : "") +
      (ev._untweakEnd ? "\n" + ind + "  " + untweakEndText(m, ev._untweakEnd) : "");
    return describeOne(m, ev, ind, name, h) + tail;
  }

  // An item's bounds as the problem gives them (1..1 for one without).
  function boundsOf(m, i) {
    const it = m.problem.items[i];
    return it.lo !== undefined ? [it.lo, it.hi] : [1, 1];
  }

  function describeOne(m, ev, ind, name, h) {
    switch (ev.event) {
    case "choose": {
      if (m.bounded) { // as dlx --trace=links words Algorithm M's choice
        const [lo, hi] = boundsOf(m, ev.item);
        return ind + "choose " + name + " (bounds " + lo + ".." + hi + ", taken " + (hi - ev.hi) + " so far): " +
          ev.remaining + " option" + (ev.remaining === 1 ? "" : "s") + ", needs " + ev.lo + ".." + ev.hi + " more, " +
          (ev.degree > 0 ? ev.degree + " branch" + (ev.degree === 1 ? "" : "es") : "cannot reach its lower bound: dead end");
      }
      let why = ev.remaining === 1 ? "forced" : "the fewest";
      if (m.problem.rule === "first") why = "the first item left";
      else if (ev.scanned < ev.active.length) why = "forced: the rule looks no further";
      if (ev.remaining === 0) return ind + "choose " + name + ": no options left";
      return ind + "choose " + name + ": " + ev.remaining + " option" + (ev.remaining === 1 ? "" : "s") +
        (ev.remaining > 0 ? ", " + why : "");
    }
    case "dead_end": return ind + name + (m.bounded ? " cannot reach its lower bound" : " has no options left") + ": dead end";
    case "try": return ind + "try " + optText(m, ev.option) + "  [" + (ev.index + 1) + " of " + ev.of + "]";
    case "cover":
      if (ev.left === h && ev.right === h) return ind + "cover " + name + " (secondary, in no list: only its options leave)";
      return ind + "cover " + name + ": RLINK[" + ev.left + "]: " + h + " -> " + ev.right + ", LLINK[" + ev.right + "]: " + h + " -> " + ev.left;
    case "uncover":
      if (ev.left === h && ev.right === h) return ind + "uncover " + name;
      if (ev._last > m.events.indexOf(ev)) return ind + "uncover " + name + ": its options come back first";
      return ind + "uncover " + name + "\n" + ind + relinkText(m, ev);
    case "hide":
      return ind + "  hide " + ev.node + " (" + name + " of " + optText(m, ev.option) + "): DLINK[" + ev.up + "]: " + ev.node + " -> " + ev.down +
        ", ULINK[" + ev.down + "]: " + ev.node + " -> " + ev.up + ", LEN[" + name + "]: " + (ev.len + 1) + " -> " + ev.len;
    case "unhide":
      if (ev._putBack)
        return ind + "  put back " + ev.node + " (" + name + " of " + optText(m, ev.option) + "): ULINK[" + ev.node + "]: " +
          ev._oldU + " -> " + ev.up;
      return ind + "  unhide " + ev.node + " (" + name + " of " + optText(m, ev.option) + "): DLINK[" + ev.up + "]: " + ev.down + " -> " + ev.node +
        ", ULINK[" + ev.down + "]: " + ev.up + " -> " + ev.node + ", LEN[" + name + "]: " + (ev.len - 1) + " -> " + ev.len +
        (ev._relink ? "\n" + ind + relinkText(m, ev._relink) : "");
    case "purify": return ind + "purify " + name + ":" + colourName(m, ev.color) + ": the other colours leave, the same one stays";
    case "unpurify": return ind + "unpurify " + name + ":" + colourName(m, ev.color);
    case "mark": return ind + "  keep " + ev.node + " (" + name + " of " + optText(m, ev.option) + "): COLOR[" + ev.node + "]: " + ev.color + " -> -1";
    case "unmark": return ind + "  unkeep " + ev.node + " (" + name + " of " + optText(m, ev.option) + "): COLOR[" + ev.node + "]: -1 -> " + ev.color +
        (ev._relink ? "\n" + ind + relinkText(m, ev._relink) : "");
    case "solution":
      return ind + "  solution " + ev.number + ": " + ev.options.map((k) => optText(m, k)).join("; ");
    case "backtrack": return ind + name + ": no more " + (m.bounded ? "branches" : "options") + ": back up";
    case "tweak": return ind + "tweak " + optText(m, ev.option) + ": out of " + name + "'s list for the rest of the level";
    case "use": return ind + "use " + name + ": bound left " + (ev.hi + 1) + " -> " + ev.hi + ", still active (not covered)";
    case "unuse": return ind + "unuse " + name + ": bound left " + ev.hi + " -> " + (ev.hi + 1);
    case "skip":
      if (ev.hi === 0) return ind + "null move: " + name + " takes no more options [" + (ev.index + 1) + " of " + ev.of + "]";
      return ind + "null move: " + name + " takes no more options (its lower bound is met) [" + (ev.index + 1) + " of " + ev.of +
        "]: RLINK[" + ev.left + "]: " + h + " -> " + ev.right + ", LLINK[" + ev.right + "]: " + h + " -> " + ev.left;
    case "untweak":
      return ind + "untweak " + name + ": " + ev.count + " option" + (ev.count === 1 ? "" : "s") + " back: DLINK[" + h + "]: " +
        ev._oldD + " -> " + ev.first;
    default: return ind + ev.event;
    }
  }

  // The null move's item back in the item list, just before its level backtracks.
  function reactivateText(m, s) {
    const h = s.item + 1;
    return "reactivate " + itemName(m, s.item) + ": RLINK[" + s.left + "]: " + s.right + " -> " + h + ", LLINK[" + s.right + "]: " +
      s.left + " -> " + h + " (back in the item list)";
  }

  // The untweak's last assignments, once its options are back.
  function untweakEndText(m, u) {
    const name = itemName(m, u.item);
    return "ULINK[" + u.head + "]: " + u._oldUH + " -> " + u.last + ", LEN[" + name + "]: " + u._oldLen + " -> " + u.len +
      " (" + name + "'s list whole again)";
  }

  // The header's relink, which ends an uncover: as `dlx --trace=links` writes it.
  function relinkText(m, u) {
    const h = u.item + 1;
    return "RLINK[" + u.left + "]: " + u.right + " -> " + h + ", LLINK[" + u.right + "]: " + u.left + " -> " + h +
      " (" + itemName(m, u.item) + " is back in the item list)";
  }

  // One hue per colour, so that two colours of one item never look alike
  // (eight hues, then round again).
  function colourFill(c) {
    return ["#e67700", "#c2255c", "#0b7285", "#6741d9", "#2f9e44", "#a61e4d", "#1864ab", "#862e9c"][(c - 1) % 8];
  }

  function colourName(m, c) {
    const names = m.problem.color_names || [];
    return names[c - 1] !== undefined ? names[c - 1] : String(c);
  }

  // --- drawing: a keyed set of SVG elements, tweened ---------------------------

  const SVGNS = "http://www.w3.org/2000/svg";
  const NUMERIC = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height", "opacity"];

  // One scene per SVG: key -> element with its current numeric attributes.
  function Scene(svg) {
    this.svg = svg;
    this.items = new Map();
    this.anim = null;
  }

  Scene.prototype.clear = function () {
    this.items.clear();
    while (this.svg.firstChild) this.svg.removeChild(this.svg.firstChild);
  };

  // specs: [{ key, tag, attrs, text }] in drawing order. Numeric attributes
  // glide from where they are to where they go over `ms`.
  Scene.prototype.draw = function (specs, ms) {
    const seen = new Set();
    const tweens = [];
    let order = 0;
    for (const s of specs) {
      seen.add(s.key);
      let it = this.items.get(s.key);
      if (!it) {
        const el = document.createElementNS(SVGNS, s.tag);
        el.setAttribute("data-key", s.key);
        it = { el, now: {} };
        this.items.set(s.key, it);
        for (const a of NUMERIC) if (s.attrs[a] !== undefined) it.now[a] = s.attrs[a];
      }
      const el = it.el;
      // keep the drawing order of the specs
      if (this.svg.childNodes[order] !== el) this.svg.insertBefore(el, this.svg.childNodes[order] || null);
      order++;
      for (const [a, v] of Object.entries(s.attrs)) {
        if (NUMERIC.includes(a)) {
          const from = it.now[a] === undefined ? v : it.now[a];
          if (ms > 0 && from !== v) tweens.push({ it, a, from, to: v });
          else { it.now[a] = v; el.setAttribute(a, fmt(v)); }
        } else if (el.getAttribute(a) !== String(v)) {
          el.setAttribute(a, v);
        }
      }
      for (const a of ["stroke-dasharray", "marker-end", "class", "font-weight"])
        if (s.attrs[a] === undefined && el.hasAttribute(a)) el.removeAttribute(a);
      if (s.text !== undefined && el.textContent !== s.text) el.textContent = s.text;
      if (s.title !== undefined) {
        let t = el.querySelector("title");
        if (!t) { t = document.createElementNS(SVGNS, "title"); el.appendChild(t); }
        t.textContent = s.title;
      }
    }
    for (const [key, it] of this.items) {
      if (!seen.has(key)) { it.el.remove(); this.items.delete(key); }
    }
    if (this.anim) cancelAnimationFrame(this.anim);
    this.anim = null;
    if (tweens.length === 0) return;
    let start = null; // the first frame's time: a frame's clock may be older than ours
    const frame = (now) => {
      if (start === null) start = now;
      const t = Math.max(0, Math.min(1, (now - start) / ms));
      const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2; // ease in-out
      for (const w of tweens) {
        const v = w.from + (w.to - w.from) * e;
        w.it.now[w.a] = t >= 1 ? w.to : v;
        w.it.el.setAttribute(w.a, fmt(w.it.now[w.a]));
      }
      this.anim = t < 1 ? requestAnimationFrame(frame) : null;
    };
    this.anim = requestAnimationFrame(frame);
  };

  function fmt(v) { return typeof v === "number" ? String(Math.round(v * 10) / 10) : v; }

  function line(key, x1, y1, x2, y2, attrs) { return { key, tag: "line", attrs: Object.assign({ x1, y1, x2, y2 }, attrs) }; }
  function text(key, x, y, s, attrs) { return { key, tag: "text", attrs: Object.assign({ x, y }, attrs), text: s }; }

  // --- the matrix -----------------------------------------------------------------

  let matrixScene, treeScene, sudokuScene;

  // Geometry: a column per item (the root left of them), a row per option.
  function matrixGeometry(m) {
    const nOpt = m.optionSlots.length;
    const longest = Math.max(8, ...m.problem.options.map((o) => o.text.length));
    const labelW = Math.min(250, 48 + longest * 8);
    const avail = Math.max(600, (document.querySelector(".matrix-panel").clientWidth || 900) - 24);
    const cw = Math.max(22, Math.min(92, (avail - labelW - 30) / (m.N + 1.4)));
    const rh = Math.max(20, Math.min(58, 560 / Math.max(1, nOpt)));
    // names inside the header boxes when they fit, else written slanting above
    const rotate = m.names.some((n) => n.length * 8 > Math.min(44, cw * 0.72) - 4);
    const nameH = rotate ? Math.min(110, 12 + 6.2 * Math.max(...m.names.map((n) => n.length))) : 0;
    const hh = rotate ? 14 : 19;     // half a header box's height
    const hy = 3 * hh + 16 + nameH;  // the header boxes' centre line: room above
                                     // for a covered header, raised out of the list
    const ry = hy + 62;              // the first row
    return {
      labelW, cw, rh, rotate, nameH, hy, ry, hh,
      x: (h) => labelW + h * cw,
      y: (k) => ry + k * rh,
      width: labelW + (m.N + 1.2) * cw,
      height: ry + nOpt * rh + 22,
    };
  }

  // The links the last step rewired, to be drawn in the accent colour.
  function changedKeys(m) {
    const keys = new Set();
    if (m.pos === 0) return keys;
    const ev = m.events[m.pos - 1];
    if (ev.event === "hide" || ev.event === "unhide") {
      keys.add("D" + ev.up); keys.add("U" + ev.down); keys.add("n" + ev.node);
    } else if (ev.event === "cover") {
      keys.add("R" + ev.left); keys.add("L" + ev.right); keys.add("h" + (ev.item + 1));
    } else if (ev.event === "mark" || ev.event === "unmark") {
      keys.add("n" + ev.node);
    }
    if (ev._relink) {
      const u = ev._relink;
      keys.add("R" + u.left); keys.add("L" + u.right); keys.add("h" + (u.item + 1));
    }
    if (ev.event === "skip" && ev.hi > 0) { keys.add("R" + ev.left); keys.add("L" + ev.right); keys.add("h" + (ev.item + 1)); }
    if (ev.event === "untweak") keys.add("D" + (ev.item + 1));
    if (ev._putBack) { keys.delete("D" + ev.up); keys.delete("U" + ev.down); keys.add("U" + ev.node); }
    if (ev._reactivate) { const r = ev._reactivate; keys.add("R" + r.left); keys.add("L" + r.right); keys.add("h" + (r.item + 1)); }
    if (ev._untweakEnd) { const u = ev._untweakEnd; keys.add("U" + u.head); keys.add("h" + (u.item + 1)); }
    return keys;
  }

  // The matrix view: its layout (DLX1's, or the 2000 paper's with each
  // node's L and R links drawn) and its zoom (1 = natural size; "fit" = the
  // panel's width).
  const view = { layout: "dlx1", zoom: 1, fit: false };

  function zoomOf(g) {
    if (!view.fit) return view.zoom;
    const w = document.getElementById("matrix-scroll").clientWidth || g.width;
    return Math.min(1, (w - 4) / g.width);
  }

  function drawMatrix(m, ms) {
    const g = matrixGeometry(m);
    const svg = matrixScene.svg;
    const z = zoomOf(g);
    document.getElementById("zoom-level").textContent = Math.round(z * 100) + "%";
    svg.setAttribute("width", Math.ceil(g.width * z));
    svg.setAttribute("height", Math.ceil(g.height * z));
    svg.setAttribute("viewBox", "0 0 " + Math.ceil(g.width) + " " + Math.ceil(g.height));
    const changed = changedKeys(m);
    const onPath = new Set(pathOf(m).map((t) => t.option));
    const specs = [];
    specs.push({ key: "defs", tag: "defs", attrs: {}, text: undefined });
    const hw = Math.min(22, g.cw * 0.36); // half a header box
    const hh = g.hh;
    const nodeR = Math.max(5, Math.min(11, Math.min(g.cw, g.rh) * 0.22));
    // where a slot is drawn now
    const pos = (x) => {
      if (x <= m.N) {
        const raised = x > 0 && !m.secondary[x - 1] && !isActive(m, x);
        return { x: g.x(x), y: g.hy - (raised ? 2 * hh + 6 : 0), header: true };
      }
      const k = m.optionOf[x];
      const h = m.problem.options[k] ? m.top[x] : 0;
      const away = m.hidden[x] ? g.cw * 0.34 : 0;
      return { x: g.x(h) + away, y: g.y(k), header: false };
    };
    // option rows: a band, the text, the line through its nodes
    for (let k = 0; k < m.optionSlots.length; k++) {
      const slots = m.optionSlots[k];
      const gone = slots.every((s) => m.hidden[s]);
      const chosen = onPath.has(k);
      specs.push({ key: "band" + k, tag: "rect", attrs: { x: 4, y: g.y(k) - g.rh / 2 + 1, width: g.width - 8, height: g.rh - 2, rx: 5,
        fill: chosen ? "#ebfbee" : k % 2 ? "#faf9f6" : "#ffffff", stroke: chosen ? "#8ce99a" : "none" } });
      specs.push(text("ok" + k, 26, g.y(k) + 4, String(k), { class: "slot", "text-anchor": "end" }));
      specs.push(text("o" + k, 32, g.y(k) + 4, shorten(m.problem.options[k].text, Math.floor((g.labelW - 44) / 8)),
        { class: "otext" + (chosen ? " chosen" : gone ? " gone" : "") }));
      const xs = slots.map((s) => pos(s).x);
      specs.push(line("row" + k, Math.min(...xs), g.y(k), Math.max(...xs), g.y(k),
        { stroke: chosen ? "#2b8a3e" : gone ? "#e3e5e8" : "#c5cad3", "stroke-width": chosen ? 2.5 : 1.5 }));
    }
    // the vertical lists: DLINK on the left of a column, ULINK on the right
    const off = Math.max(2.5, Math.min(4, g.cw * 0.08));
    const dense = g.rh < 26 || g.cw < 30;
    const bottom = g.height - 12;
    for (let x = 1; x < m.S; x++) {
      if (x > m.N && m.top[x] <= 0) continue; // a spacer
      const a = pos(x);
      const stale = x > m.N && m.hidden[x];
      for (const [kind, target] of [["D", m.dlink[x]], ["U", m.ulink[x]]]) {
        const key = kind + x;
        const hot = changed.has(key);
        const b = pos(target);
        const dx = kind === "D" ? -off : off;
        let x2 = b.x + dx, y2 = b.y;
        const wraps = kind === "D" ? b.y <= a.y : b.y >= a.y;
        if (wraps) { // round the circular list: a stub off the edge of the column
          x2 = a.x + dx;
          y2 = kind === "D" ? Math.min(bottom, a.y + g.rh * 0.55) : a.y - (a.header ? hh + 8 : g.rh * 0.55);
        } else {
          y2 = kind === "D" ? b.y - (b.header ? hh : nodeR) : b.y + (b.header ? hh : nodeR);
        }
        const y1 = a.y + (kind === "D" ? (a.header ? hh : nodeR) : -(a.header ? hh : nodeR));
        const attrs = {
          stroke: hot ? "#e8590c" : stale ? "#a4abb8" : kind === "D" ? "#4c6ef5" : "#7c8cf8",
          "stroke-width": hot ? 3 : dense ? 1.1 : 1.6,
        };
        if (!dense || hot) // arrowheads where there is room for them
          attrs["marker-end"] = "url(#" + (hot ? "arrow-hot" : stale ? "arrow-stale" : wraps ? "arrow-wrap" : "arrow") + ")";
        if (stale || wraps) attrs["stroke-dasharray"] = stale ? "4 3" : "2 3";
        attrs["data-to"] = target;
        specs.push(line(key, a.x + dx, y1, x2, y2, attrs));
      }
    }
    // the headers' list: RLINK above the centre line, LLINK below
    for (let x = 0; x <= m.N; x++) {
      if (x > 0 && m.secondary[x - 1]) continue;
      const a = pos(x);
      const stale = x > 0 && !isActive(m, x);
      for (const [kind, target] of [["R", m.rlink[x]], ["L", m.llink[x]]]) {
        const key = kind + x;
        const hot = changed.has(key);
        const b = pos(target);
        const dy = kind === "R" ? -5 : 5;
        let x1 = a.x + (kind === "R" ? hw : -hw), x2 = b.x + (kind === "R" ? -hw : hw), y2 = b.y + dy;
        const wraps = kind === "R" ? b.x <= a.x : b.x >= a.x;
        if (wraps) { x2 = x1 + (kind === "R" ? 12 : -12); y2 = a.y + dy; }
        const attrs = { stroke: hot ? "#e8590c" : stale ? "#a4abb8" : "#495057", "stroke-width": hot ? 3 : 1.4,
          "marker-end": "url(#" + (hot ? "arrow-hot" : stale ? "arrow-stale" : wraps ? "arrow-wrap" : "arrow-dark") + ")" };
        if (stale || wraps) attrs["stroke-dasharray"] = stale ? "4 3" : "2 3";
        attrs["data-to"] = target;
        specs.push(line(key, x1, a.y + dy, x2, y2, attrs));
      }
    }
    // header boxes, names and LEN; with bounds, each item's lo..hi and how
    // many options on the path cover it, under its box
    const taken = m.bounded ? takenOf(m) : null;
    for (let x = 0; x <= m.N; x++) {
      const a = pos(x);
      const sec = x > 0 && m.secondary[x - 1];
      const covered = x > 0 && !sec && !isActive(m, x);
      const hot = changed.has("h" + x);
      specs.push({ key: "h" + x, tag: "rect", attrs: { x: a.x - hw, y: a.y - hh, width: 2 * hw, height: 2 * hh, rx: 6,
        fill: x === 0 ? "#f1f3f5" : covered ? "#f1f3f5" : sec ? "#fff9db" : "#e7f0ff",
        stroke: hot ? "#e8590c" : covered ? "#adb5bd" : sec ? "#e0b000" : "#4c6ef5", "stroke-width": hot ? 2.5 : 1.2,
        opacity: covered ? 0.85 : 1, "data-len": m.top[x] }, title: x === 0 ? "the root of the item list" :
        itemName(m, x - 1) + ": header " + x + ", LEN " + m.top[x] + (sec ? " (secondary)" : covered ? " (covered)" : "") +
        (taken && !sec ? "; bounds " + boundsOf(m, x - 1).join("..") + ", covered " + taken[x - 1] + " time" + (taken[x - 1] === 1 ? "" : "s") +
          " by the options on the path" : "") });
      if (taken && x > 0 && !sec && g.cw >= 34) { // bold once the lower bound is met; a halo over the lines
        const attrs = { "text-anchor": "middle", "font-size": 11, fill: "#343a40", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke" };
        if (taken[x - 1] >= boundsOf(m, x - 1)[0]) attrs["font-weight"] = "700";
        specs.push(text("hb" + x, a.x, a.y + hh + 11, boundsText(m, x - 1, taken), attrs));
      }
      const name = x === 0 ? "root" : itemName(m, x - 1);
      if (g.rotate) {
        const nameY = g.hy - 3 * hh - 10;
        if (x > 0)
          specs.push(text("hn" + x, g.x(x) + 4, nameY, name, { class: "hname", transform: "rotate(-60 " + fmt(g.x(x) + 4) + " " + fmt(nameY) + ")" }));
        specs.push(text("len" + x, a.x, a.y + 4, x === 0 ? "root" : String(m.top[x]), { class: x === 0 ? "slot" : "len", "text-anchor": "middle" }));
      } else {
        specs.push(text("hn" + x, a.x, a.y - 3, name, { class: x === 0 ? "slot" : "hname", "text-anchor": "middle" }));
        if (x > 0) specs.push(text("len" + x, a.x, a.y + 12, String(m.top[x]), { class: "len", "text-anchor": "middle" }));
      }
      // the slot number at the box's top left, clear of its DLINK and ULINK lines
      specs.push(text("hs" + x, a.x - hw - 2, a.y - hh + 7, String(x), { class: "slot", "text-anchor": "end" }));
    }
    // the nodes
    for (let k = 0; k < m.optionSlots.length; k++) {
      const chosen = onPath.has(k);
      for (const s of m.optionSlots[k]) {
        const a = pos(s);
        const hot = changed.has("n" + s);
        const out = m.hidden[s];
        const aside = m.tweaked[s]; // set aside by a tweak (level aside - 1)
        const settled = m.color[s] < 0;
        const col = m.problem.options[k].colors[s - m.optionSlots[k][0]];
        specs.push({ key: "n" + s, tag: "circle", attrs: { cx: a.x, cy: a.y, r: nodeR,
          fill: out ? "#eef0f3" : chosen ? "#2b8a3e" : col > 0 ? colourFill(col) : "#4c6ef5",
          // (a node set aside keeps its purple ring when the step moved it: its links show the change)
          stroke: aside ? "#ae3ec9" : hot ? "#e8590c" : out ? "#8d94a3" : settled ? "#1f2430" : "#ffffff",
          "stroke-width": hot ? 3 : aside ? 2.5 : settled ? 2.5 : 1.5,
          opacity: out ? 0.9 : 1, "stroke-dasharray": aside ? "5 2" : out ? "3 2" : undefined, "data-out": out ? 1 : 0,
          "data-color": m.color[s], "data-tweaked": aside ? 1 : 0 },
          title: "slot " + s + ": " + itemName(m, m.top[s] - 1) + (col > 0 ? ":" + colourName(m, col) : "") + " of option " + k +
            " (" + m.problem.options[k].text + "); ULINK " + m.ulink[s] + ", DLINK " + m.dlink[s] +
            (aside ? "; set aside by the tweak at level " + (aside - 1) + ", back at its untweak" : out ? "; out of its list" : "") });
        if (g.rh >= 24 && g.cw >= 34)
          specs.push(text("ns" + s, a.x + nodeR + 2, a.y - nodeR + 1, String(s), { class: "slot" }));
        if (col > 0) // the colour the option gives its item, whole, under the node
          specs.push(text("nc" + s, a.x, a.y + nodeR + 10, colourName(m, col) + (settled ? " ✓" : ""),
            { "text-anchor": "middle", "font-size": 10, "font-weight": "700", fill: out ? "#8d94a3" : colourFill(col) }));
      }
    }
    // The 2000 paper's layout: each node's L and R links along its option
    // (they never change: the paper's nodes keep them, as DLX1's consecutive
    // slots do), R above the row, L below, a stub where they go round.
    if (view.layout === "paper") {
      for (let k = 0; k < m.optionSlots.length; k++) {
        const slots = m.optionSlots[k];
        const n = slots.length;
        slots.forEach((s, i) => {
          const a = pos(s);
          for (const [kind, t] of [["R", slots[(i + 1) % n]], ["L", slots[(i - 1 + n) % n]]]) {
            const b = pos(t);
            const dy = kind === "R" ? -nodeR * 0.55 : nodeR * 0.55;
            const sign = kind === "R" ? 1 : -1;
            const wraps = n === 1 || (kind === "R" ? b.x <= a.x : b.x >= a.x);
            const x1 = a.x + sign * nodeR, x2 = wraps ? x1 + sign * 12 : b.x - sign * nodeR;
            specs.push(line("N" + kind + s, x1, a.y + dy, x2, a.y + dy, { stroke: m.hidden[s] ? "#a4abb8" : "#5c940d",
              "stroke-width": 1.3, "marker-end": "url(#" + (wraps ? "arrow-wrap" : "arrow-green") + ")",
              "stroke-dasharray": wraps ? "2 3" : undefined, "data-to": t }));
          }
        });
      }
    }
    for (const s of specs) if (s.attrs["stroke-dasharray"] === undefined) delete s.attrs["stroke-dasharray"];
    matrixScene.draw(specs, ms);
    ensureMarkers(svg);
  }

  function shorten(s, n) { return s.length <= n ? s : s.slice(0, Math.max(1, n - 1)) + "…"; }

  function ensureMarkers(svg) {
    const defs = svg.querySelector("defs");
    if (!defs || defs.childNodes.length) return;
    for (const [id, colour] of [["arrow", "#4c6ef5"], ["arrow-dark", "#495057"], ["arrow-hot", "#e8590c"],
      ["arrow-stale", "#a4abb8"], ["arrow-wrap", "#adb5bd"], ["arrow-green", "#5c940d"]]) {
      const mk = document.createElementNS(SVGNS, "marker");
      mk.setAttribute("id", id);
      mk.setAttribute("viewBox", "0 0 10 10");
      mk.setAttribute("refX", "9"); mk.setAttribute("refY", "5");
      mk.setAttribute("markerWidth", "6"); mk.setAttribute("markerHeight", "6");
      mk.setAttribute("orient", "auto-start-reverse");
      const p = document.createElementNS(SVGNS, "path");
      p.setAttribute("d", "M0,1 L9,5 L0,9 z");
      p.setAttribute("fill", colour);
      mk.appendChild(p);
      defs.appendChild(mk);
    }
  }

  // --- the search tree -------------------------------------------------------------

  // An option as the tree names it: its text, or for a sudoku the cell and
  // the digit ("r1c4=3"), which is what a reader looks for and fits a node.
  function treeLabel(m, k) {
    const sd = m.sudoku, o = sd ? sd.options[k] : null;
    if (!o || o.cell < 0 || o.sym === null) return optText(m, k);
    return "r" + (Math.floor(o.cell / sd.n) + 1) + "c" + (o.cell % sd.n + 1) + "=" + o.sym;
  }

  function drawTree(m, ms) {
    const nodes = m.tree;
    const kids = nodes.map(() => []);
    for (const n of nodes) if (n.parent >= 0) kids[n.parent].push(n.id);
    // leaves side by side, a parent over its children
    const xs = new Array(nodes.length);
    let leaf = 0, maxDepth = 0;
    const place = (id) => {
      maxDepth = Math.max(maxDepth, nodes[id].depth);
      if (kids[id].length === 0) { xs[id] = leaf++; return; }
      for (const c of kids[id]) place(c);
      xs[id] = (xs[kids[id][0]] + xs[kids[id][kids[id].length - 1]]) / 2;
    };
    place(0);
    const few = nodes.length <= 40;
    const dx = few ? 96 : 18, dy = few ? 58 : 34, mx = few ? 50 : 14;
    const width = Math.max(360, mx * 2 + Math.max(0, leaf - 1) * dx);
    const height = 30 + (maxDepth + 1) * dy;
    const svg = treeScene.svg;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    const onPath = new Set([0, ...pathOf(m).map((t) => t.id)]);
    const X = (id) => mx + xs[id] * dx, Y = (id) => 18 + nodes[id].depth * dy;
    const specs = [];
    for (const n of nodes) if (n.parent >= 0) {
      const path = onPath.has(n.id);
      specs.push(line("e" + n.id, X(n.parent), Y(n.parent), X(n.id), Y(n.id),
        { stroke: path ? "#2f6fdf" : "#ced4da", "stroke-width": path ? 3 : 1.4 }));
    }
    for (const n of nodes) {
      const path = onPath.has(n.id);
      const fill = n.solution ? "#40c057" : n.dead ? "#fa5252" : path ? "#2f6fdf" : "#adb5bd";
      const label = n.id === 0 ? "start" : n.option >= 0 ? treeLabel(m, n.option) : "skip";
      const what = n.solution ? "solution " + n.solution : n.dead ? "dead end" :
        n.choose ? "choose " + itemName(m, n.choose.item) + " (" + n.choose.remaining + ")" : "";
      specs.push({ key: "t" + n.id, tag: "circle", attrs: { cx: X(n.id), cy: Y(n.id), r: path ? 7 : 5.5, fill,
        stroke: n.id === m.cur ? "#1f2430" : "#fff", "stroke-width": n.id === m.cur ? 2.5 : 1.2 },
        title: "#" + n.id + " " + (n.option >= 0 ? optText(m, n.option) : label) + (what ? " - " + what : "") });
      if (few) {
        // Each label on a card of the panel's colour, so that the edge running
        // through it does not cross it out (the width is estimated: the text
        // is not measured before it is drawn).
        const card = (key, s, y) => specs.push({ key, tag: "rect", attrs: { x: X(n.id) - s.length * 3.3 - 3, y: y - 10,
          width: s.length * 6.6 + 6, height: 13, rx: 3, fill: "#fff" } });
        const l = shorten(label, 11), w = what ? shorten(what, 16) : "";
        card("tlb" + n.id, l, Y(n.id) - 11);
        specs.push(text("tl" + n.id, X(n.id), Y(n.id) - 11, l, { "text-anchor": "middle", "font-weight": path ? "700" : "400" }));
        if (w) {
          card("twb" + n.id, w, Y(n.id) + 19);
          specs.push(text("tw" + n.id, X(n.id), Y(n.id) + 19, w, { "text-anchor": "middle", fill: n.dead ? "#c92a2a" : n.solution ? "#2b8a3e" : "#868e96" }));
        }
      }
    }
    treeScene.draw(specs, ms);
  }

  // --- the sudoku grid ------------------------------------------------------------------

  function drawSudoku(m) {
    const panel = document.getElementById("sudoku-panel");
    const sd = m.sudoku;
    panel.hidden = !sd;
    if (!sd) return;
    const n = sd.n, cell = Math.min(76, Math.floor(340 / n));
    const size = n * cell + 4;
    const svg = sudokuScene.svg;
    svg.setAttribute("width", size);
    svg.setAttribute("height", size);
    const placed = new Array(n * n).fill(null), fromPath = new Array(n * n).fill(false);
    for (let i = 0; i < n * n; i++) if (sd.givens[i] !== ".") placed[i] = sd.givens[i];
    for (const t of pathOf(m)) if (t.option >= 0) {
      const o = sd.options[t.option];
      if (o.cell >= 0) { placed[o.cell] = o.sym; fromPath[o.cell] = true; }
    }
    const cand = Array.from({ length: n * n }, () => []);
    for (let k = 0; k < sd.options.length; k++) {
      const o = sd.options[k];
      if (o.cell < 0 || placed[o.cell] !== null) continue;
      if (m.optionSlots[k].every((s) => !m.hidden[s])) cand[o.cell].push(o.sym);
    }
    const specs = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, x = 2 + c * cell, y = 2 + r * cell;
      specs.push({ key: "c" + i, tag: "rect", attrs: { x, y, width: cell, height: cell,
        fill: fromPath[i] ? "#ebfbee" : placed[i] === null && cand[i].length === 0 ? "#fff5f5" : "#fff", stroke: "#ced4da", "stroke-width": 1 } });
      if (placed[i] !== null) {
        specs.push(text("v" + i, x + cell / 2, y + cell * 0.66, placed[i], { "text-anchor": "middle", "font-size": Math.round(cell * 0.5),
          fill: fromPath[i] ? "#2b8a3e" : "#1f2430", "font-weight": fromPath[i] ? "600" : "700" }));
      } else {
        const sub = Math.ceil(Math.sqrt(n));
        cand[i].forEach((v) => {
          const rank = symbolRank(sd, v); // a candidate keeps its place in the cell
          specs.push(text("k" + i + "_" + v, x + (rank % sub + 0.5) * cell / sub, y + (Math.floor(rank / sub) + 0.75) * cell / sub, v,
            { "text-anchor": "middle", "font-size": Math.max(9, Math.round(cell / sub * 0.55)), fill: "#5c7cfa" }));
        });
      }
    }
    for (let b = 0; b <= n; b++) {
      if (b % sd.boxCols === 0) specs.push(line("bv" + b, 2 + b * cell, 2, 2 + b * cell, 2 + n * cell, { stroke: "#343a40", "stroke-width": 2.2 }));
      if (b % sd.boxRows === 0) specs.push(line("bh" + b, 2, 2 + b * cell, 2 + n * cell, 2 + b * cell, { stroke: "#343a40", "stroke-width": 2.2 }));
    }
    sudokuScene.draw(specs, 0);
  }

  function symbolRank(sd, v) {
    if (!sd.ranks) {
      const syms = [...new Set(sd.options.map((o) => o.sym).filter((s) => s !== null))].sort((a, b) =>
        isNaN(a) || isNaN(b) ? (a < b ? -1 : 1) : a - b);
      sd.ranks = new Map(syms.map((s, i) => [s, i]));
    }
    return sd.ranks.get(v) || 0;
  }

  // --- the log and the status line ----------------------------------------------------

  function drawLog(m) {
    const ol = document.getElementById("log");
    const from = Math.max(0, m.pos - 14);
    ol.textContent = "";
    for (let i = from; i < m.pos; i++) {
      const li = document.createElement("li");
      const ev = m.events[i];
      li.textContent = describe(m, ev);
      if (i === m.pos - 1) li.className = "now";
      else if (ev.event === "choose" || ev.event === "try" || ev.event === "solution") li.className = "big";
      ol.appendChild(li);
    }
    if (m.pos === 0) {
      const li = document.createElement("li");
      li.className = "now";
      li.textContent = "the structure as the search starts: " + m.N + " items, " + m.optionSlots.length +
        " options, " + m.S + " slots (0 to " + (m.S - 1) + ", slot 0 unused, as dlx --trace=links counts them). Press step ▶.";
      ol.appendChild(li);
    }
  }

  function drawStatus(m) {
    const ev = m.pos > 0 ? m.events[m.pos - 1] : null;
    const updates = ev ? ev.updates + (ev.event === "cover" || ev.event === "hide" ? 1 : 0) : 0;
    const nodes = m.events.slice(0, m.pos).filter((e) => e.event === "choose" || e.event === "solution").length;
    let s = "step " + m.pos + " of " + m.events.length + " · level " + (ev ? ev.level : 0) +
      " · " + nodes + " node" + (nodes === 1 ? "" : "s") + " · " + m.solutions + " solution" + (m.solutions === 1 ? "" : "s") +
      " · " + updates + " update" + (updates === 1 ? "" : "s");
    if (m.pos === m.events.length)
      s += m.end.status === "limit" ? " · stopped after " + NODE_LIMIT + " nodes" : " · done: " + m.end.nodes + " nodes, " + m.end.updates + " updates";
    document.getElementById("status").textContent = s;
    document.getElementById("back").disabled = document.getElementById("first").disabled =
      document.getElementById("prev-choice").disabled = m.pos === 0;
    document.getElementById("step").disabled = document.getElementById("next-choice").disabled =
      document.getElementById("next-solution").disabled = m.pos === m.events.length;
  }

  // The memory table as it is now, in the layout of `dlx --trace=links`'s
  // table, for a reader without a mouse; written only while it is open.
  function drawLinksText(m) {
    const box = document.getElementById("links-text");
    if (!box.open) return;
    const pad = (v, w) => String(v).padStart(w);
    const rows = ["the items: the active list through LLINK and RLINK, header 0 its root",
      "     x  LLINK  RLINK  NAME"];
    for (let x = 0; x <= m.N; x++) {
      const sec = x > 0 && m.secondary[x - 1];
      const state = x === 0 ? "(root)" : itemName(m, x - 1) + (sec ? " (secondary: never in the list)" : isActive(m, x) ? "" : " (covered: out of the list)");
      rows.push(pad(x, 6) + pad(m.llink[x], 7) + pad(m.rlink[x], 7) + "  " + state);
    }
    const taken = m.bounded ? takenOf(m) : null;
    rows.push("the nodes: a header's TOP is its LEN, a node's TOP its item, a spacer's -k",
      "     x    TOP  ULINK  DLINK");
    for (let x = 1; x < m.S; x++) {
      let what;
      if (x <= m.N) what = "header " + itemName(m, x - 1) + ": LEN " + m.top[x] + (m.bounded && !m.secondary[x - 1] ?
        ", bounds " + boundsOf(m, x - 1).join("..") + ", covered " + taken[x - 1] + " so far" : "");
      else if (m.optionOf[x] < 0) what = "spacer";
      else {
        const k = m.optionOf[x];
        what = itemName(m, m.top[x] - 1) + " of option " + k + ": " + optText(m, k) +
          (m.tweaked[x] ? " (set aside by the tweak at level " + (m.tweaked[x] - 1) + ")" : m.hidden[x] ? " (out of its list)" : "") +
          (m.color[x] < 0 ? " (colour settled)" : "");
      }
      rows.push(pad(x, 6) + pad(m.top[x], 7) + pad(m.ulink[x], 7) + pad(m.dlink[x], 7) + "  " + what);
    }
    document.getElementById("links-table").textContent = rows.join("\n");
  }

  function redraw(ms) {
    if (!M) return;
    const ev = M.pos > 0 ? M.events[M.pos - 1] : null;
    document.getElementById("matrix").setAttribute("aria-label", "the dancing-links structure at step " + M.pos +
      (ev ? ", after: " + describe(M, ev).trim() : ", as the search starts") + " (every link as text below)");
    drawLinksText(M);
    drawMatrix(M, ms);
    drawTree(M, ms);
    drawSudoku(M);
    drawLog(M);
    drawStatus(M);
  }

  // --- controls ----------------------------------------------------------------------------

  let playing = null;

  function speed() { return +document.getElementById("speed").value; }
  function stepMs() { return playing ? Math.min(420, 800 / speed()) : 420; }

  function go(fn) { // one user action, then one redraw
    if (!M) return;
    fn();
    redraw(stepMs());
  }

  const actions = {
    step: () => stepForward(M),
    back: () => stepBack(M),
    first: () => { while (stepBack(M)); },
    last: () => { while (stepForward(M)); },
    nextChoice: () => { while (stepForward(M) && M.events[M.pos - 1].event !== "choose"); },
    prevChoice: () => { stepBack(M); while (M.pos > 0 && M.events[M.pos - 1].event !== "choose") stepBack(M); },
    nextSolution: () => { while (stepForward(M) && M.events[M.pos - 1].event !== "solution"); },
  };

  function setPlaying(on) {
    const b = document.getElementById("play");
    if (playing) clearTimeout(playing);
    playing = null;
    b.textContent = on ? "❚❚ pause" : "▶ play";
    b.classList.toggle("on", on);
    if (!on) return;
    const tick = () => {
      if (!M || !stepForward(M)) { setPlaying(false); redraw(0); return; }
      redraw(stepMs());
      playing = setTimeout(tick, 1000 / speed());
    };
    playing = setTimeout(tick, 0);
  }

  // The text last run that is none of the built-in problems: the Problem
  // menu's "Your problem", kept while the reader looks at the others.
  let typedText = null;

  function currentProblem() {
    const id = document.getElementById("problem").value;
    if (id === "typed") return { id, title: "Your problem", text: typedText || "" };
    return window.DLX_PROBLEMS.find((p) => p.id === id);
  }

  // The menu says what runs: a built-in problem, or "Your problem".
  function showProblem(text) {
    const select = document.getElementById("problem");
    const builtin = window.DLX_PROBLEMS.find((p) => p.text === text);
    let typed = select.querySelector('option[value="typed"]');
    if (!builtin) {
      typedText = text;
      if (!typed) {
        typed = document.createElement("option");
        typed.value = "typed";
        typed.textContent = "Your problem (typed)";
        select.appendChild(typed);
      }
    }
    select.value = builtin ? builtin.id : "typed";
  }

  // Nothing to step: a problem that did not run leaves no older run behind.
  function showNoRun(message) {
    M = null;
    matrixScene.clear();
    treeScene.clear();
    sudokuScene.clear();
    document.getElementById("sudoku-panel").hidden = true;
    document.getElementById("log").textContent = "";
    const status = document.getElementById("status");
    status.textContent = "nothing to step: " + message;
    for (const id of ["first", "back", "step", "prev-choice", "next-choice", "next-solution", "play"])
      document.getElementById(id).disabled = true;
  }

  // The seed of `dlx --seed=N` (0 to 2^64-1), so that a run of the command,
  // --seed=random's too, can be replayed here: a BigInt, null for none, NaN
  // when it is not one.
  function parseSeed() {
    const s = document.getElementById("seed").value.trim();
    if (s === "") return null;
    if (!/^[0-9]{1,20}$/.test(s)) return NaN;
    const v = BigInt(s);
    return v <= 18446744073709551615n ? v : NaN;
  }

  // Runs the engine on text and shows the result from its first step.
  function start(text) {
    setPlaying(false);
    const err = document.getElementById("error");
    err.textContent = "";
    const fail = (message, inText) => {
      err.textContent = message;
      showNoRun(message);
      if (inText) openEditor(true);
      return false;
    };
    const seed = parseSeed();
    if (Number.isNaN(seed)) {
      document.getElementById("seed").setAttribute("aria-invalid", "true");
      return fail("the seed is a whole number from 0 to 18446744073709551615, as for dlx --seed", false);
    }
    document.getElementById("seed").removeAttribute("aria-invalid");
    showProblem(text);
    const rule = +document.getElementById("rule").value;
    const r = runEngine(text, rule, seed);
    if (r.error) return fail(r.error, true);
    document.getElementById("play").disabled = false;
    M = newModel(text, r.lines);
    matrixScene.clear();
    treeScene.clear();
    sudokuScene.clear();
    redraw(0);
    return true;
  }

  let openEditor = () => {};
  let zoomTo = () => {};

  function init() {
    matrixScene = new Scene(document.getElementById("matrix"));
    treeScene = new Scene(document.getElementById("tree"));
    sudokuScene = new Scene(document.getElementById("sudoku"));
    const select = document.getElementById("problem");
    for (const p of window.DLX_PROBLEMS) {
      const o = document.createElement("option");
      o.value = p.id;
      o.textContent = p.title;
      select.appendChild(o);
    }
    const source = document.getElementById("source");
    const pick = () => { source.value = currentProblem().text; start(source.value); };
    openEditor = (open) => {
      const ed = document.getElementById("editor");
      ed.hidden = !open;
      document.getElementById("edit-toggle").setAttribute("aria-expanded", String(open));
    };
    select.addEventListener("change", pick);
    document.getElementById("rule").addEventListener("change", () => start(source.value));
    document.getElementById("run").addEventListener("click", () => start(source.value));
    document.getElementById("run-text").addEventListener("click", () => start(source.value));
    document.getElementById("edit-toggle").addEventListener("click", () => openEditor(document.getElementById("editor").hidden));
    const bind = (id, fn) => document.getElementById(id).addEventListener("click", () => { setPlaying(false); go(fn); });
    bind("step", actions.step);
    bind("back", actions.back);
    bind("first", actions.first);
    bind("next-choice", actions.nextChoice);
    bind("prev-choice", actions.prevChoice);
    bind("next-solution", actions.nextSolution);
    document.getElementById("play").addEventListener("click", () => setPlaying(!playing));
    document.addEventListener("keydown", (e) => {
      // A menu, a text field or the slider keeps its own keys.
      if (["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName) || e.altKey || e.ctrlKey || e.metaKey) return;
      const key = { ArrowRight: actions.step, ArrowLeft: actions.back, Home: actions.first, End: actions.last,
        PageDown: actions.nextChoice, PageUp: actions.prevChoice }[e.key];
      const zoomKey = { "+": 1.25, "=": 1.25, "-": 0.8, "0": "fit" }[e.key];
      if (zoomKey) { e.preventDefault(); zoomTo(zoomKey); return; }
      if (key) { e.preventDefault(); setPlaying(false); go(key); }
      else if (e.key === " ") { e.preventDefault(); setPlaying(!playing); }
    });
    window.addEventListener("resize", () => redraw(0));
    document.getElementById("layout").addEventListener("change", (e) => { view.layout = e.target.value; redraw(0); });
    const zoomBy = (f) => { view.fit = false; view.zoom = Math.max(0.1, Math.min(4, view.zoom * f)); redraw(0); };
    zoomTo = (how) => {
      if (how === "fit") { view.fit = true; }
      else { if (view.fit && M) view.zoom = zoomOf(matrixGeometry(M)); zoomBy(how); return; }
      redraw(0);
    };
    document.getElementById("zoom-in").addEventListener("click", () => zoomTo(1.25));
    document.getElementById("zoom-out").addEventListener("click", () => zoomTo(0.8));
    document.getElementById("zoom-fit").addEventListener("click", () => zoomTo("fit"));
    // Pan: drag the matrix inside its panel.
    const scroller = document.getElementById("matrix-scroll");
    let drag = null;
    scroller.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
      scroller.classList.add("dragging");
    });
    window.addEventListener("pointermove", (e) => {
      if (!drag) return;
      scroller.scrollLeft = drag.left - (e.clientX - drag.x);
      scroller.scrollTop = drag.top - (e.clientY - drag.y);
    });
    window.addEventListener("pointerup", () => { drag = null; scroller.classList.remove("dragging"); });
    document.getElementById("links-text").addEventListener("toggle", () => { if (M) drawLinksText(M); });
    source.value = currentProblem().text;
    start(source.value);
  }

  // --- for the browser test (tests/web/) ---------------------------------------------------

  const ready = loadEngine().then(init);
  // A page not built yet, or a browser without WebAssembly (or with it
  // switched off), gets a sentence, not a blank page; the browser test still
  // sees the rejection.
  ready.catch((e) => {
    const status = document.getElementById("status");
    status.textContent = e instanceof NotBuilt
      ? "the engine is not built yet: run make web in the clone (it needs clang's wasm32 target: " +
        "sudo apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32), then reload this page"
      : "the engine could not start in this browser (" + e + "): dlx --trace=links shows the same steps";
    status.classList.add("error");
  });
  window.dlxViz = {
    ready,
    load(id) {
      document.getElementById("problem").value = id;
      document.getElementById("source").value = currentProblem().text;
      return start(document.getElementById("source").value);
    },
    setSeed(s) { document.getElementById("seed").value = s; },
    setRule(r) { document.getElementById("rule").value = String(r); },
    loadText(t) { document.getElementById("source").value = t; return start(t); },
    error: () => document.getElementById("error").textContent,
    step: () => { setPlaying(false); go(actions.step); return M.pos; },
    back: () => { setPlaying(false); go(actions.back); return M.pos; },
    first: () => { go(actions.first); return M.pos; },
    last: () => { go(actions.last); return M.pos; },
    nextChoice: () => { go(actions.nextChoice); return M.pos; },
    nextSolution: () => { go(actions.nextSolution); return M.pos; },
    pos: () => (M ? M.pos : 0),
    count: () => (M ? M.events.length : 0),
    lines: () => (M ? M.lines.slice() : []),
    stateLine: () => (M ? stateLine(M) : ""),
    problemShown: () => document.getElementById("problem").value,
    sourceText: () => document.getElementById("source").value,
    pick(id) { const s = document.getElementById("problem"); s.value = id; s.dispatchEvent(new Event("change")); },
    linksText: () => { const d = document.getElementById("links-text"); d.open = true; drawLinksText(M); return document.getElementById("links-table").textContent; },
    errorShown: () => { const e = document.getElementById("error"); return e.textContent !== "" && e.getClientRects().length > 0; },
    drawnState: () => drawnState(),
    editor: (open) => openEditor(open),
    setLayout(l) { const s = document.getElementById("layout"); s.value = l; s.dispatchEvent(new Event("change")); },
    zoom: (how) => { zoomTo(how); return document.getElementById("zoom-level").textContent; },
    matrixSize: () => { const svg = document.getElementById("matrix"); return [+svg.getAttribute("width"), document.getElementById("matrix-scroll").clientWidth]; },
    paperLinks: () => Array.from(document.querySelectorAll("#matrix [data-key^=NR], #matrix [data-key^=NL]"))
      .map((el) => el.getAttribute("data-key") + ":" + el.getAttribute("data-to")).sort(),
    logText: () => document.getElementById("log").textContent,
    words: () => (M ? M.events.slice(0, M.pos).map((e) => describe(M, e)).join("\n") : ""),
    treeText: () => document.getElementById("tree").textContent,
    status: () => document.getElementById("status").textContent,
    sudokuShown: () => !document.getElementById("sudoku-panel").hidden,
  };
})();
