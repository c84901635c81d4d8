// SPDX-License-Identifier: MIT
// test_page.js PAGE DIR [--update-docs] - the browser test of web/index.html
// (run by tests/web/run.sh, make check-web). In headless Chromium:
//   - the page's engine (libdlx in WebAssembly) writes, for the paper's
//     example and the colour example, exactly the lines the dlx command
//     writes (DIR/NAME.json, from dlx --trace=json --detail=links);
//   - after every step forward, and again after every step back to the
//     start, for the paper's example, the colour example and the 4x4 sudoku,
//     the page's memory table (TOP, ULINK, DLINK, COLOR, LLINK, RLINK, the
//     nodes out of their lists) and what its matrix draws (read back from
//     the SVG) are the engine's own memory at that point, read in the
//     engine's event hook by tests/tools/trace_states.c (DIR/NAME.states);
//   - the jumps (next solution, next choice, start) land where they should,
//     a sudoku shows its grid, a bad problem its error with the line;
//   - screenshots in DIR/shots (and with --update-docs the pictures of
//     docs/algorithm-x.md, docs/web-*.png).
// Prints "N passed, N failed".
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");

const [pagePath, dir] = process.argv.slice(2, 4);
const updateDocs = process.argv.includes("--update-docs");
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) passed++;
  else { failed++; console.log("FAIL: " + what); }
}

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "dlx-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--user-data-dir=" + profile],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    // No request may leave the machine: the page is one file tree.
    await page.setRequestInterception(true);
    page.on("request", (r) => (r.url().startsWith("file:") ? r.continue() : (errors.push("request " + r.url()), r.abort())));
    await page.setViewport({ width: 1440, height: 1000 });
    await page.goto("file://" + pagePath);
    await page.evaluate(() => window.dlxViz.ready);
    const viz = (f, ...a) => page.evaluate(f, ...a);
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    const shot = async (name, docs) => {
      await pause(650); // the last step's animation
      await page.screenshot({ path: path.join(dir, "shots", name + ".png"), fullPage: true });
      if (docs && updateDocs) {
        const where = path.join(path.dirname(pagePath), "..", "docs", docs.replace(/^full:/, ""));
        if (docs.startsWith("full:")) await page.screenshot({ path: where });
        else await (await page.$(".matrix-panel")).screenshot({ path: where });
      }
    };

    // The engine's state (a trace_states line) as the matrix must draw it:
    // each header's LEN, the DLINK and ULINK of every header and node, the
    // LLINK and RLINK of the root and the primary headers, the nodes out of
    // their lists, the nodes settled by a purify (COLOR -1). Worked out here
    // from the engine's memory and the problem record, not by the page.
    const drawable = (line, problem, tweaked) => {
      const f = {};
      for (const part of line.split(" ").slice(2)) {
        const [k, v] = part.split("=");
        f[k] = v === "" ? [] : v.split(",").map(Number);
      }
      const N = problem.items.length, S = f.top.length;
      const parts = { len: [], D: [], U: [], R: [], L: [], out: f.out.map((x) => [x]), settled: [],
        tweaked: (tweaked || []).slice().sort((a, b) => a - b).map((x) => [x]) };
      for (let x = 1; x <= N; x++) parts.len.push([x, f.top[x]]);
      for (let x = 1; x < S; x++) {
        if (x > N && f.top[x] <= 0) continue; // a spacer
        parts.D.push([x, f.dlink[x]]);
        parts.U.push([x, f.ulink[x]]);
        if (x > N && f.color[x] === -1) parts.settled.push([x]);
      }
      for (let x = 0; x <= N; x++) {
        if (x > 0 && problem.items[x - 1].secondary) continue;
        parts.R.push([x, f.rlink[x]]);
        parts.L.push([x, f.llink[x]]);
      }
      return Object.entries(parts).map(([name, list]) => name + "=" + list.map((v) => v.join(":")).join(",")).join(" ");
    };
    // The nodes a tweak (Algorithm M) has set aside after each event, from the
    // command's stream, worked out here: the HIDE of the TWEAK's item that
    // follows it sets its node aside for the tweak's level; the UNTWEAK of
    // that item at that level gives back exactly those (its count says how
    // many). The matrix must mark those nodes, and only those.
    const asideAfter = (want) => {
      const sets = new Map(), after = [[]];
      let pending = null;
      for (const line of want.slice(1, -1)) {
        const ev = JSON.parse(line);
        if (ev.event === "tweak") pending = ev;
        else if (ev.event === "hide" && pending && ev.item === pending.item) {
          const key = ev.item + "@" + pending.level;
          if (!sets.has(key)) sets.set(key, []);
          sets.get(key).push(ev.node);
          pending = null;
        } else if (ev.event === "untweak") {
          const key = ev.item + "@" + ev.level, back = sets.get(key) || [];
          check(back.length === ev.count, "the untweak at seq " + ev.seq + " gives back " + ev.count + " nodes, " + back.length + " were set aside");
          sets.delete(key);
        }
        after.push([].concat(...sets.values()));
      }
      return after;
    };
    const coverage = [];
    // (bounds, a problem with bounds made for this test, is typed in; mcc is
    // typed too, and must then show as the menu's "Bounds (Algorithm M)")
    for (const name of ["paper", "xcc", "sudoku4", "mcc", "bounds"]) {
      const want = fs.readFileSync(path.join(dir, name + ".json"), "utf8").split("\n").filter((l) => l);
      const states = fs.readFileSync(path.join(dir, name + ".states"), "utf8").split("\n").filter((l) => l);
      const typed = name === "mcc" || name === "bounds";
      const ran = typed ? await viz((t) => window.dlxViz.loadText(t), fs.readFileSync(path.join(dir, name + ".dlx"), "utf8"))
        : await viz((n) => window.dlxViz.load(n), name);
      check(ran, name + ": the page does not run it: " + await viz(() => window.dlxViz.error()));
      if (name === "mcc") check(await viz(() => window.dlxViz.problemShown()) === "mcc", "mcc typed in is not shown as the menu's mcc");
      const lines = await viz(() => window.dlxViz.lines());
      check(JSON.stringify(lines) === JSON.stringify(want),
        name + ": the page's engine writes other lines than dlx --trace=json --detail=links (" + lines.length + " against " + want.length + ")");
      const count = await viz(() => window.dlxViz.count());
      check(count === want.length - 2 && states.length === count + 1, name + ": " + count + " events, " + states.length + " states");
      const problem = JSON.parse(want[0]);
      const aside = asideAfter(want);
      if (typed) check(aside.some((a) => a.length > 0), name + ": no step has a node set aside by a tweak");
      const drawn = states.map((l, i) => drawable(l, problem, aside[i]));
      // forwards: the state after each event, in the page's model and in its drawing
      const walk = (dir, n) => viz((d, k) => {
        const out = d > 0 ? [[window.dlxViz.stateLine(), window.dlxViz.drawnState()]] : [];
        for (let i = 0; i < k; i++) {
          if (d > 0) window.dlxViz.step(); else window.dlxViz.back();
          out.push([window.dlxViz.stateLine(), window.dlxViz.drawnState()]);
        }
        return out;
      }, dir, n);
      const forward = await walk(1, count);
      let bad = forward.findIndex((s, i) => s[0] !== states[i]);
      check(bad < 0, name + ": forwards, step " + bad + ": the page holds\n  " + (forward[bad] || [])[0] + "\nthe engine has\n  " + states[bad]);
      bad = forward.findIndex((s, i) => s[1] !== drawn[i]);
      check(bad < 0, name + ": forwards, step " + bad + ": the page draws\n  " + (forward[bad] || [])[1] + "\nthe engine has\n  " + drawn[bad]);
      check(await viz(() => window.dlxViz.pos()) === count, name + ": not at the end after " + count + " steps");
      // backwards: the same states in reverse, back to the layout
      const backward = await walk(-1, count);
      bad = backward.findIndex((s, i) => s[0] !== states[count - 1 - i] || s[1] !== drawn[count - 1 - i]);
      check(bad < 0, name + ": backwards, " + (bad + 1) + " steps back: the page has\n  " + (backward[bad] || []).join("\n  ") +
        "\nthe engine has\n  " + states[count - 1 - bad] + "\n  " + drawn[count - 1 - bad]);
      coverage.push(name + " " + count + " steps");
      // the jumps
      const sol = want.findIndex((l) => l.includes('"event":"solution"'));
      check(await viz(() => window.dlxViz.nextSolution()) === sol, name + ": next solution does not stop at the solution (line " + sol + ")");
      check((await viz(() => window.dlxViz.status())).includes("1 solution"), name + ": the status does not count the solution");
      check(await viz(() => window.dlxViz.first()) === 0, name + ": start does not go back to step 0");
      check(await viz(() => window.dlxViz.stateLine()) === states[0], name + ": start does not restore the layout");
      const choose2 = want.findIndex((l, i) => i > 1 && l.includes('"event":"choose"'));
      check(await viz(() => window.dlxViz.nextChoice()) === 1, name + ": next choice from the start is not the first choice");
      check(await viz(() => window.dlxViz.nextChoice()) === choose2, name + ": next choice does not stop at the second choice");
      await viz(() => window.dlxViz.first());
    }

    console.log("web: the drawn state is the engine's at every step, forwards and back: " + coverage.join(", "));

    // Algorithm M in words: every line of dlx --trace=links for its own moves
    // (the choice with its bounds, use, tweak, null move, reactivate, untweak,
    // its put-backs and its last assignments) is in the page's explanation.
    for (const name of ["mcc", "bounds"]) {
      await viz((t) => window.dlxViz.loadText(t), fs.readFileSync(path.join(dir, name + ".dlx"), "utf8"));
      await viz(() => window.dlxViz.last());
      const words = new Set((await viz(() => window.dlxViz.words())).split("\n").map((l) => l.trim()));
      const wanted = fs.readFileSync(path.join(dir, name + ".links"), "utf8").split("\n").map((l) => l.trim())
        .filter((l) => /^(choose |use |unuse |tweak |null move|reactivate |untweak |put back |ULINK\[)/.test(l));
      const missing = wanted.filter((l) => !words.has(l));
      check(wanted.length > 5 && missing.length === 0, name + ": the page does not say, as dlx --trace=links does:\n  " + missing.join("\n  "));
      const nums = await viz(() => Array.from(document.querySelectorAll("#matrix [data-key^=hb]")).map((e) => e.textContent));
      check(nums.length > 0 && nums.every((t) => / ×0$/.test(t)), name + ": at the end the headers do not show their bounds, covered 0 times: " + nums.join(" | "));
    }
    // Knuth's example after its tweak: C is covered twice, its bounds 2..3
    await viz((t) => window.dlxViz.loadText(t), fs.readFileSync(path.join(dir, "mcc.dlx"), "utf8"));
    await viz(() => { for (let i = 0; i < 37; i++) window.dlxViz.step(); });
    check((await viz(() => window.dlxViz.logText())).includes("tweak C Y:1: out of C's list for the rest of the level"), "mcc: step 36 is not the tweak");
    const cHeader = await viz(() => document.querySelector("#matrix [data-key=hb3]").textContent);
    check(cHeader === "2..3 ×2", "mcc: after the tweak C's header says " + cHeader + ", not 2..3 ×2");
    await shot("mcc-tweak", "web-mcc-tweak.png");

    // A seed: the page runs what `dlx --seed=18446744073709551615` runs (the
    // largest seed the command takes; --seed=random picks 64-bit ones too),
    // and refuses one the command would refuse.
    await viz(() => window.dlxViz.setSeed("18446744073709551615"));
    check(await viz(() => window.dlxViz.load("paper")), "paper, seed 2^64-1: the page does not run it: " + await viz(() => window.dlxViz.error()));
    const seeded = fs.readFileSync(path.join(dir, "paper-seed.json"), "utf8").split("\n").filter((l) => l);
    check(JSON.stringify(await viz(() => window.dlxViz.lines())) === JSON.stringify(seeded),
      "paper, seed 2^64-1: the page's engine writes other lines than dlx --seed=18446744073709551615");
    await viz(() => window.dlxViz.setSeed("18446744073709551616"));
    check(!(await viz(() => window.dlxViz.load("paper"))), "paper: the seed 2^64 was taken");
    await viz(() => window.dlxViz.setSeed(""));

    // The rule "recent" (3): the page runs what `dlx --choose=recent` runs,
    // on the 4x4 sudoku, where its tree is not mrv's.
    await viz(() => window.dlxViz.setRule(3));
    check(await viz(() => window.dlxViz.load("sudoku4")), "sudoku4, rule recent: the page does not run it: " + await viz(() => window.dlxViz.error()));
    const recent = fs.readFileSync(path.join(dir, "sudoku4-recent.json"), "utf8").split("\n").filter((l) => l);
    const recentLines = await viz(() => window.dlxViz.lines());
    check(recent.length > 2 && JSON.stringify(recentLines) === JSON.stringify(recent),
      "sudoku4, rule recent: the page's engine writes other lines than dlx --choose=recent (" + recentLines.length + " against " + recent.length + ")");
    // The rule "path" (4): what `dlx --choose=path` writes, its name included.
    await viz(() => window.dlxViz.setRule(4));
    check(await viz(() => window.dlxViz.load("sudoku4")), "sudoku4, rule path: the page does not run it: " + await viz(() => window.dlxViz.error()));
    const pathRef = fs.readFileSync(path.join(dir, "sudoku4-path.json"), "utf8").split("\n").filter((l) => l);
    const pathLines = await viz(() => window.dlxViz.lines());
    check(pathRef.length > 2 && pathRef[0].includes('"rule":"path"') && JSON.stringify(pathLines) === JSON.stringify(pathRef),
      "sudoku4, rule path: the page's engine writes other lines than dlx --choose=path (" + pathLines.length + " against " + pathRef.length + ")");
    await viz(() => window.dlxViz.setRule(0));

    // Pictures of the paper's example: the start, the first cover's last
    // hide (DLINK[4] 22 -> 27), the dead end at E, the solution.
    await viz(() => window.dlxViz.load("paper"));
    await shot("paper-0-start", "web-paper-start.png");
    await viz(() => { for (let i = 0; i < 5; i++) window.dlxViz.step(); });
    check((await viz(() => window.dlxViz.logText())).includes("hide 22 (D of A D): DLINK[4]: 22 -> 27, ULINK[27]: 22 -> 4, LEN[D]: 2 -> 1"),
      "paper: the log does not say the fifth step as --trace=links does");
    await shot("paper-1-cover-A", "web-paper-cover.png");
    await viz(() => { window.dlxViz.nextChoice(); window.dlxViz.nextChoice(); });
    check((await viz(() => window.dlxViz.logText())).includes("choose E: no options left"), "paper: the third choice is not the dead end at E");
    await shot("paper-2-dead-end", "web-paper-dead-end.png");
    await viz(() => window.dlxViz.nextSolution());
    await shot("paper-3-solution", "web-paper-solution.png");

    // The tour of docs/web.md, as it says it: the numbers and words it quotes.
    await viz(() => window.dlxViz.load("paper"));
    const log = () => viz(() => window.dlxViz.logText());
    const status = () => viz(() => window.dlxViz.status());
    check((await status()).startsWith("step 0 of 77 "), "tour: the start is not 'step 0 of 77': " + await status());
    await viz(() => window.dlxViz.step());
    check((await log()).includes("choose A: 2 options, the fewest"), "tour: step 1 is not 'choose A: 2 options, the fewest'");
    await viz(() => window.dlxViz.step());
    check((await log()).includes("cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0"), "tour: step 2 is not the cover of A through RLINK[0] and LLINK[2]");
    await viz(() => { for (let i = 0; i < 3; i++) window.dlxViz.step(); });
    const hides = await log();
    check(["hide 14", "hide 15", "hide 22"].every((h) => hides.includes(h)), "tour: steps 3 to 5 are not hide 14, 15, 22");
    await viz(() => window.dlxViz.nextChoice());
    check((await log()).includes("choose B: 1 option, forced"), "tour: the next choice is not B, forced");
    await viz(() => window.dlxViz.nextChoice());
    await viz(() => window.dlxViz.step());
    check((await log()).includes("E has no options left: dead end"), "tour: no dead end at E one step after the third choice");
    await viz(() => window.dlxViz.nextSolution());
    check((await log()).includes("solution 1: A D; C E F; B G"), "tour: the solution is not A D; C E F; B G");
    await page.keyboard.press("End"); // the key, as a reader presses it
    check((await status()).includes("done: 6 nodes, 30 updates"), "tour: End does not reach the end, 6 nodes, 30 updates: " + await status());
    check(await viz(() => window.dlxViz.stateLine()) === fs.readFileSync(path.join(dir, "paper.states"), "utf8").split("\n")[0].replace(/^state 0 /, "state 77 "),
      "tour: the end of the search does not leave every link as the layout gave it");

    // Colours: the purify of y:A and its keeps.
    await viz(() => window.dlxViz.load("xcc"));
    await viz(() => { for (let i = 0; i < 11; i++) window.dlxViz.step(); });
    await shot("xcc-purify");

    // A sudoku shows its grid; the search finds its one solution.
    await viz(() => window.dlxViz.load("sudoku4"));
    check(await viz(() => window.dlxViz.sudokuShown()), "sudoku4: no grid");
    await viz(() => { window.dlxViz.nextChoice(); window.dlxViz.nextChoice(); window.dlxViz.nextChoice(); });
    // The tree names a sudoku's options by cell and digit: the first two tried
    // are those of `sudoku --to-dlx web/sudoku4.txt | dlx --trace`
    // ("try r1c4 row1=3 ...", then "try r1c3 row1=4 ...").
    const tree = await viz(() => window.dlxViz.treeText());
    check(tree.includes("r1c4=3") && tree.includes("r1c3=4"), "sudoku4: the tree does not name r1c4=3 and r1c3=4: " + tree);
    await shot("sudoku4", "full:web-sudoku.png");
    await viz(() => window.dlxViz.last());
    check((await viz(() => window.dlxViz.status())).includes("1 solution"), "sudoku4: not one solution");
    check(!(await viz(() => window.dlxViz.load("paper"), 0)) || !(await viz(() => window.dlxViz.sudokuShown())), "paper: a sudoku grid shown");

    // A 9x9 sudoku (examples/puzzle.txt: 204 items, 153 options): its grid, its
    // one solution, the whole matrix zoomed to fit, and the end state drawn
    // as the engine leaves it (every link as the layout gave it).
    check(await viz(() => window.dlxViz.load("sudoku9")), "sudoku9: the page does not run it");
    check(await viz(() => window.dlxViz.sudokuShown()), "sudoku9: no grid");
    await viz(() => window.dlxViz.zoom("fit"));
    await viz(() => { window.dlxViz.nextChoice(); window.dlxViz.nextChoice(); window.dlxViz.nextChoice(); });
    const [w9, p9] = await viz(() => window.dlxViz.matrixSize());
    check(w9 <= p9, "sudoku9 zoomed to fit: " + w9 + " px in a " + p9 + " px panel");
    await shot("sudoku9-fit", "full:web-sudoku9.png");
    await viz(() => window.dlxViz.last());
    check((await viz(() => window.dlxViz.status())).includes("1 solution"), "sudoku9: not one solution");
    const start9 = await viz(() => { const end = window.dlxViz.drawnState(); window.dlxViz.first(); return [end, window.dlxViz.drawnState()]; });
    check(start9[0] === start9[1], "sudoku9: the end is not drawn as the start (a finished search restores every link)");
    await viz(() => window.dlxViz.zoom(1));

    await viz(() => window.dlxViz.load("pent3x5"));
    await viz(() => window.dlxViz.nextSolution());
    check((await viz(() => window.dlxViz.status())).includes("1 solution"), "pent3x5: no first solution");
    await shot("pent3x5");
    await viz(() => window.dlxViz.load("queens4"));
    await viz(() => window.dlxViz.nextSolution());
    await shot("queens4");

    // A problem typed in: an error names the line; a good one runs.
    check(!(await viz(() => window.dlxViz.loadText("A B\nA C\n"))), "a bad problem was run");
    const err = await viz(() => window.dlxViz.error());
    check(err === "line 2, column 3: unknown item 'C' (not on the item line)", "the error is not the one docs/web.md quotes: '" + err + "'");
    await shot("error");
    check(await viz(() => window.dlxViz.loadText("a b c\na b\nc\n")), "a typed problem does not run");
    check(await viz(() => window.dlxViz.count()) > 0, "a typed problem has no events");

    // Errors are seen with the editor closed, and leave no older run to step
    // (issue 23, item 2); the menu says what runs and keeps a typed problem.
    await viz(() => window.dlxViz.load("paper"));
    await viz(() => window.dlxViz.setSeed("abc"));
    check(!(await viz(() => window.dlxViz.load("xcc"))), "the seed abc was taken");
    check(await viz(() => window.dlxViz.errorShown()) && (await viz(() => window.dlxViz.error())).includes("seed"),
      "a bad seed with the editor closed shows no error");
    check(await viz(() => window.dlxViz.count()) === 0 && (await viz(() => window.dlxViz.status())).startsWith("nothing to step"),
      "after a bad seed the previous run can still be stepped");
    await viz(() => window.dlxViz.setSeed(""));
    await viz(() => window.dlxViz.load("paper"));
    check(!(await viz(() => window.dlxViz.loadText("A B\nA C\n"))) && await viz(() => window.dlxViz.count()) === 0,
      "after a parse error the previous run can still be stepped");
    const mine = "x y\nx\ny\nx y\n";
    check(await viz((t) => window.dlxViz.loadText(t), mine) && await viz(() => window.dlxViz.problemShown()) === "typed",
      "the Problem menu does not say that a typed problem runs");
    await viz(() => window.dlxViz.pick("queens4"));
    check(await viz(() => window.dlxViz.problemShown()) === "queens4", "choosing 4 queens does not show it");
    await viz(() => window.dlxViz.pick("typed"));
    check(await viz(() => window.dlxViz.sourceText()) === mine && await viz(() => window.dlxViz.count()) > 0,
      "choosing a built-in problem lost the typed one");
    // The arrow keys belong to a menu that has focus; the links can be read as text.
    await viz(() => window.dlxViz.load("paper"));
    // (a key event sent to the menu itself, so that the menu's own handling
    // does not change the rule and restart the run, which would hide a step)
    for (const [id, key] of [["rule", "ArrowRight"], ["problem", "PageDown"], ["layout", "ArrowLeft"]]) {
      await viz((i, k) => document.getElementById(i).dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })), id, key);
      check(await viz(() => window.dlxViz.pos()) === 0, key + " in the " + id + " menu stepped the search");
    }
    await page.focus("#step");
    await page.keyboard.press("ArrowRight");
    check(await viz(() => window.dlxViz.pos()) === 1, "the arrow key does not step from a button");
    await viz(() => { window.dlxViz.first(); for (let i = 0; i < 5; i++) window.dlxViz.step(); });
    const table = await viz(() => window.dlxViz.linksText());
    // after step 5 (hide 22: DLINK[4]: 22 -> 27, ULINK[27]: 22 -> 4), from the memory table worked out by hand
    check(table.includes("\n     4      1     27     27  header D: LEN 1\n") && table.includes("\n    22      4      4     27  D of option 3: A D (out of its list)\n"),
      "the links as text do not show DLINK[4] = 27 and node 22 out after step 5: " + table.split("\n").slice(9, 13).join(" | "));

    await viz(() => window.dlxViz.editor(false));
    // The 2000 paper's layout: each node's R and L links are its neighbours
    // in the option, round the option (worked out here from the layout's spacers).
    await viz(() => window.dlxViz.load("paper"));
    await viz(() => window.dlxViz.setLayout("paper"));
    const layout = JSON.parse(fs.readFileSync(path.join(dir, "paper.json"), "utf8").split("\n")[0]).layout;
    const wantLinks = [];
    for (let k = 0; k + 1 < layout.spacers.length; k++) {
      const slots = [];
      for (let x = layout.spacers[k] + 1; x < layout.spacers[k + 1]; x++) slots.push(x);
      slots.forEach((x, i) => {
        wantLinks.push("NR" + x + ":" + slots[(i + 1) % slots.length]);
        wantLinks.push("NL" + x + ":" + slots[(i - 1 + slots.length) % slots.length]);
      });
    }
    check(JSON.stringify(await viz(() => window.dlxViz.paperLinks())) === JSON.stringify(wantLinks.sort()),
      "the paper's layout does not draw each node's L and R links");
    await viz(() => { for (let i = 0; i < 5; i++) window.dlxViz.step(); });
    await shot("paper-layout-2000", "web-paper-2000.png");
    await viz(() => window.dlxViz.setLayout("dlx1"));
    check((await viz(() => window.dlxViz.paperLinks())).length === 0, "the DLX1 layout draws L and R links");
    // Zoom: fit brings the 4x4 sudoku's 48 columns into the panel; + and - zoom.
    await viz(() => window.dlxViz.load("sudoku4"));
    await viz(() => window.dlxViz.zoom("fit"));
    const [svgW, panelW] = await viz(() => window.dlxViz.matrixSize());
    check(svgW <= panelW, "zoom fit: the matrix is " + svgW + " px wide in a " + panelW + " px panel");
    await shot("sudoku4-fit", "web-sudoku-fit.png");
    const zFit = parseInt(await viz(() => window.dlxViz.zoom("fit")), 10);
    const zIn = parseInt(await viz(() => window.dlxViz.zoom(1.25)), 10);
    check(zIn > zFit && (await viz(() => window.dlxViz.matrixSize()))[0] > svgW, "zoom in from fit (" + zFit + "%) gives " + zIn + "%");
    await viz(() => window.dlxViz.zoom("fit"));
    // The drawn state is still the engine's when zoomed to fit.
    const zoomStates = fs.readFileSync(path.join(dir, "sudoku4.states"), "utf8").split("\n").filter((l) => l);
    const sdProblem = JSON.parse(fs.readFileSync(path.join(dir, "sudoku4.json"), "utf8").split("\n")[0]);
    await viz(() => { for (let i = 0; i < 40; i++) window.dlxViz.step(); });
    check(await viz(() => window.dlxViz.drawnState()) === drawable(zoomStates[40], sdProblem), "zoomed to fit, step 40 is not drawn as the engine has it");

    // A narrow window: the page is no wider than it (the matrix scrolls in its panel).
    await page.setViewport({ width: 800, height: 1000 });
    await viz(() => window.dlxViz.load("sudoku4"));
    await pause(100);
    const wide = await viz(() => document.documentElement.scrollWidth);
    check(wide <= 800, "at 800 px the 4x4 sudoku makes the page " + wide + " px wide");
    // The status line keeps its height when it wraps: the matrix does not jump.
    const top = () => viz(() => document.querySelector("main").getBoundingClientRect().top);
    const before = await top();
    await viz(() => window.dlxViz.last());
    check(await top() === before, "the matrix moved when the status line changed at 800 px");
    await page.setViewport({ width: 1440, height: 1000 });

    check(errors.length === 0, "the page reported errors: " + errors.join("; "));
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().then(() => {
  console.log("web: " + passed + " passed, " + failed + " failed");
  process.exit(failed ? 1 : 0);
}, (e) => {
  console.log("FAIL: " + (e && e.stack ? e.stack : e));
  console.log("web: " + passed + " passed, " + (failed + 1) + " failed");
  process.exit(1);
});
