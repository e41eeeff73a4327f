// Replays a recorded N-Queens search. The rules mirror nqueens.search.replay.Replay:
// every event can be applied and undone, so stepping back is as cheap as stepping on.
// On a variant's board, `data.rules` says how each square attacks each other (written by
// Python from the variant's rules, never restated here) and rejections carry their line.
// Each step is said in the words Python's trace, film and window use (the same catalog
// messages), a rejection with the test that refused it (`col[2] = 1`).
// The page holds the recording sealed (gzip, base64: no solution readable in its source
// or DOM); `unseal` opens it when the watch mode or an exercise first needs it, and only
// then are the steps, the solutions and the search's tree in the page.
(() => {
  "use strict";
  const PLACE = 0, REJECT = 1, REMOVE = 2, SOLUTION = 3;
  const SVG = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("search-data").textContent);
  const n = data.n, rules = data.rules || null;
  // Rows and columns as people number them (`--one-based`: from 1); the code's cells
  // (col[0], board[2]) keep the code's indices.
  const base = data.base || 0;
  const numbered = (index) => index + base;
  const said = (cols) => cols.map(numbered).join(" ");
  let events = [], total = 0, tests = [], solutions = [];
  const ORDER = ["line", "wrap", "knight"];  // a square attacked two ways shows the first
  // How a queen on (r, c) attacks (row, col) under the variant's rules: 0, or 1 + an index.
  const how = (r, c, row, col) => rules.attacks[(r * n + c) * n * n + row * n + col];
  const state = { cols: [], step: 0, nodes: 0, backtracks: 0, rejects: 0, solutions: 0 };
  const $ = (id) => document.getElementById(id);

  function apply(e) {
    const [kind, , col] = e;
    if (kind === PLACE) { state.cols.push(col); state.nodes++; }
    else if (kind === REMOVE) { state.cols.pop(); state.backtracks++; }
    else if (kind === REJECT) state.rejects++;
    else if (kind === SOLUTION) state.solutions++;
    state.step++;
  }

  function undo(e) {
    const [kind, , col] = e;
    if (kind === PLACE) { state.cols.pop(); state.nodes--; }
    else if (kind === REMOVE) { state.cols.push(col); state.backtracks--; }
    else if (kind === REJECT) state.rejects--;
    else if (kind === SOLUTION) state.solutions--;
    state.step--;
  }

  // The attacked squares below the queens, each with how: "line", "wrap" or "knight".
  function attacked(cols) {
    const squares = new Map();
    for (let row = cols.length; row < n; row++) {
      if (rules) {
        for (let col = 0; col < n; col++) {
          let best = -1;
          cols.forEach((c, r) => {
            const found = how(r, c, row, col);
            if (found) best = Math.min(best < 0 ? 9 : best, ORDER.indexOf(rules.kinds[found - 1]));
          });
          if (best >= 0) squares.set(row * n + col, ORDER[best]);
        }
        continue;
      }
      cols.forEach((c, r) => {
        for (const col of [c, c - (row - r), c + (row - r)]) {
          if (col >= 0 && col < n) squares.set(row * n + col, "line");
        }
      });
    }
    return squares;
  }

  const square = (row, col) => _("row {row}, col {col}", { row: numbered(row), col: numbered(col) });

  function describe(e, found) {
    if (!e) return _("empty board");
    const [kind, row, col, byRow, byCol, test] = e;
    if (kind === PLACE) return _("place {square}", { square: square(row, col) });
    if (kind === REJECT) {
      const why = rules ? rules.words[how(byRow, byCol, row, col) - 1]
        : byCol === col ? _("same column")
        : (row - byRow) * (col - byCol) > 0 ? _("same diagonal, falling to the right")
        : _("same diagonal, rising to the right");
      const read = test >= 0 ? tests[test].match(/^(.*) = (\S+)$/) : null;  // trace.cell_read
      const said = read ? _("{cell} = {value}", { cell: read[1], value: read[2] }) : tests[test];
      const fields = { square: square(row, col), by: square(byRow, byCol), why, test: said };
      return test >= 0 ? _("attacked {square} by the queen on {by} ({why}, {test})", fields)
        : _("attacked {square} by the queen on {by} ({why})", fields);
    }
    if (kind === REMOVE) {
      const usedUp = e[3] || 0;  // how the row below was used up: tested, tried, unused
      const below = { row: numbered(row + 1) };
      const why = row === n - 1 && col < n - 1 ? _("try the next square")
        : row === n - 1 ? _("the row's last square")
        : usedUp === 1 ? _("every square of row {row} tried: step back", below)
        : usedUp === 2 ? _("every unused column of row {row} tried: step back", below)
        : _("no more safe squares in row {row}: step back", below);
      return _("remove {square} ({why})", { square: square(row, col), why });
    }
    return _("found solution {number}: {cols}", { number: found, cols: said(state.cols) });
  }

  // The board: squares, labels, one queen per row, the marks of a rejection, and an
  // outline round the row the step works on.
  const board = $("board");
  board.setAttribute("viewBox", `-0.7 -0.7 ${n + 0.8} ${n + 0.8}`);
  const element = (name, attributes, parent = board) => {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    parent.appendChild(node);
    return node;
  };
  const squares = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      squares.push(element("rect", {
        x: col, y: row, width: 1.01, height: 1.01,
        class: (row + col) % 2 ? "dark" : "light", "data-row": row, "data-col": col,
      }));
    }
  }
  const rowLabels = [];
  for (let i = 0; i < n; i++) {
    element("text", { x: i + 0.5, y: -0.2, class: "label", "text-anchor": "middle" }).textContent = numbered(i);
    rowLabels.push(element("text", { x: -0.25, y: i + 0.65, class: "label", "text-anchor": "end", "data-row": i }));
    rowLabels[i].textContent = numbered(i);
  }
  element("rect", { x: 0, y: 0, width: n, height: n, class: "frame" });
  const rowMark = element("rect", { class: "current-row", x: 0, width: n, height: 1, visibility: "hidden" });
  const deadRow = element("rect", { class: "dead-row", x: 0, width: n, height: 1, visibility: "hidden" });
  // Two segments: a diagonal round the edge leaves by one side and comes back by the other.
  const lines = [0, 1].map(() => element("line", { class: "attack-line", visibility: "hidden" }));
  const queens = [];
  for (let row = 0; row < n; row++) {
    queens.push(element("use", { href: "#queen-glyph", class: "queen", visibility: "hidden", "data-row": row }));
  }
  const ring = element("circle", { class: "attacker-ring", r: 0.45, visibility: "hidden" });
  const cross = element("g", { class: "cross", visibility: "hidden" });
  element("line", { x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75 }, cross);
  element("line", { x1: 0.75, y1: 0.25, x2: 0.25, y2: 0.75 }, cross);

  // The row a step works on outlined (null: none), its label in the same colour.
  function markRow(row) {
    rowMark.setAttribute("visibility", row === null ? "hidden" : "visible");
    if (row !== null) rowMark.setAttribute("y", row);
    board.dataset.currentRow = row === null ? "" : row;
    rowLabels.forEach((label, i) => label.classList.toggle("current", i === row));
  }

  // The squares shaded as attacked (with a dot) and the queens shown, for any board.
  function shade(shaded) {
    squares.forEach((rect, index) => {
      const kind = shaded.get(index);
      rect.classList.toggle("attacked", kind !== undefined);
      rect.classList.toggle("wrap", kind === "wrap");
      rect.classList.toggle("knight", kind === "knight");
    });
  }

  // The list of solutions in the recording, each a jump to the step where it was found,
  // made when the recording is unsealed.
  const list = $("solutions");
  let entries = [];
  function listSolutions() {
    entries = solutions.map((solution) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.textContent = said(solution.cols);
      button.dataset.step = solution.step;
      button.title = _("step {step}", { step: solution.step });
      button.addEventListener("click", () => { setMode("watch"); pause(); goTo(solution.step); });
      item.appendChild(button);
      list.appendChild(item);
      return button;
    });
    $("no-solutions").hidden = entries.length > 0;
    $("solution-count").textContent = `(${entries.length})`;
  }
  // The recorded solutions out of the page while the learner works (`shown` false), so
  // that even a page opened in the watch mode holds none of them in its DOM then.
  function showSolutions(shown) {
    list.replaceChildren(...(shown ? entries.map((button) => button.parentElement) : []));
  }
  const scrubber = $("scrubber");

  // The search tree beside the board: the path to the board outlined, nodes not yet
  // reached pale, a click on a node jumps to the step that placed it. The learner mode
  // puts its own tree in the same place (`showTree`).
  const pane = $("tree-scroll");
  let recordedTree = null, treeNodes = [], treeSteps = [];
  function treeOf(svgText) {
    const holder = document.createElement("div");
    holder.innerHTML = svgText;
    recordedTree = holder.firstElementChild;
    treeNodes = Array.from(recordedTree.querySelectorAll(".node"));
    treeSteps = treeNodes.map((node) => Number(node.dataset.step));
    treeNodes.forEach((node) => node.addEventListener("click", () => {
      setMode("watch");
      pause();
      goTo(Number(node.dataset.step));
    }));
    headOf(recordedTree);
  }
  // The picture's title and legend, drawn in its own units (a few pixels high once a
  // tree of 2,000 nodes fits the panel), are read above it in the page's type instead.
  function headOf(svg) {
    // The lines joined again: by a space after a Latin one, by nothing after a Japanese one.
    $("tree-title").textContent = Array.from(svg.querySelectorAll("text.title"), (line) => line.textContent)
      .reduce((title, line) => title + (/[\x21-\x7e]$/.test(title) ? " " : "") + line, "");
    $("tree-legend").replaceChildren(...Array.from(svg.querySelectorAll(".legend rect"), (rect) => {
      const item = document.createElement("span"), swatch = document.createElement("span");
      item.className = "legend-item";
      item.dataset.kind = rect.dataset.kind;
      swatch.className = "swatch";
      swatch.style.background = rect.getAttribute("fill");
      item.append(swatch, rect.nextElementSibling.textContent);
      return item;
    }));
    svg.querySelectorAll("text.title, .legend").forEach((drawn) => drawn.remove());
  }
  function showTree(tree) {
    if (pane.firstElementChild !== tree) pane.replaceChildren(...(tree ? [tree] : []));
    $("tree-head").hidden = $("tree-zoom").hidden = !tree || tree !== recordedTree;
    applyView();
  }

  // The recorded tree magnified (+, -, 0 or the buttons): zoomed in, it fills the panel,
  // keeps the current node in sight as the search moves, and can be dragged.
  const ZOOMS = [1, 2, 4, 8, 16, 32];
  const view = { zoom: 0, center: null, whole: null, height: 0 };
  function wholeBox(svg) {  // the nodes' extent, in the picture's units
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const shape of svg.querySelectorAll(".node, .stub, .labels text")) {
      const box = shape.getBBox();
      [left, top] = [Math.min(left, box.x), Math.min(top, box.y)];
      [right, bottom] = [Math.max(right, box.x + box.width), Math.max(bottom, box.y + box.height)];
    }
    if (!(right > left && bottom > top)) return null;  // not laid out (a hidden frame): later
    const margin = 4;
    return { x: left - margin, y: top - margin, width: right - left + 2 * margin, height: bottom - top + 2 * margin };
  }
  // The panel's width inside its scroll bar, in pixels (a fraction kept), and the scale.
  const paneWidth = () => pane.getBoundingClientRect().width - (pane.offsetWidth - pane.clientWidth);
  const scale = () => (paneWidth() / view.whole.width) * ZOOMS[view.zoom];  // pixels per unit
  // Each label is drawn as large as its node allows, up to 14 px on the screen, and shown
  // from 9 px: zooming in brings the outer rings' labels in.
  const LABEL_PIXELS = { least: 9, most: 14 };
  let labelsAt = null;
  function sizeLabels(perUnit) {
    if (labelsAt === perUnit) return;
    labelsAt = perUnit;
    for (const label of recordedTree.querySelectorAll(".labels text[data-fit]")) {
      const size = Math.min(Number(label.dataset.fit), LABEL_PIXELS.most / perUnit);
      label.setAttribute("font-size", size.toFixed(2));
      label.setAttribute("visibility", size * perUnit >= LABEL_PIXELS.least ? "visible" : "hidden");
    }
  }
  function applyView() {
    const svg = recordedTree;
    if (!svg || pane.firstElementChild !== svg) return;
    const whole = (view.whole ||= wholeBox(svg));
    if (!whole) return;
    const zoom = ZOOMS[view.zoom];
    $("zoom-level").textContent = `\u00D7${zoom}`;
    $("zoom-out").disabled = view.zoom === 0;
    $("zoom-in").disabled = view.zoom === ZOOMS.length - 1;
    pane.classList.toggle("zoomed", zoom > 1);
    if (zoom === 1) {
      svg.setAttribute("viewBox", `${whole.x} ${whole.y} ${whole.width} ${whole.height}`);
      svg.setAttribute("width", whole.width);
      svg.setAttribute("height", whole.height);
      svg.style.height = "";
      if (pane.clientWidth) sizeLabels(scale());
      return;
    }
    const width = paneWidth() / scale(), height = view.height / scale();
    // Centred where asked, but never past the tree's edge (centred on it when it is narrower).
    const fit = (centre, size, start, extent) => (size >= extent ? start + extent / 2
      : Math.min(Math.max(centre, start + size / 2), start + extent - size / 2));
    const [cx, cy] = view.center || [whole.x + whole.width / 2, whole.y + whole.height / 2];
    view.center = [fit(cx, width, whole.x, whole.width), fit(cy, height, whole.y, whole.height)];
    svg.setAttribute("viewBox", `${view.center[0] - width / 2} ${view.center[1] - height / 2} ${width} ${height}`);
    svg.setAttribute("width", paneWidth());
    svg.setAttribute("height", view.height);
    svg.style.height = `${view.height}px`;
    pane.scrollTop = 0;
    sizeLabels(scale());
  }
  const middle = (node) => { const box = node.getBBox(); return [box.x + box.width / 2, box.y + box.height / 2]; };
  function zoomTo(index) {
    if (!recordedTree || pane.firstElementChild !== recordedTree) return;
    if (!(view.whole ||= wholeBox(recordedTree))) return;
    index = Math.max(0, Math.min(ZOOMS.length - 1, index));
    if (view.zoom === 0 && index > 0) view.height = Math.max(160, pane.clientHeight);
    view.zoom = index;
    const current = recordedTree.querySelector(".node.current");
    if (current) view.center = middle(current);
    applyView();
  }
  // Keep a current node that left the magnified view in sight.
  function follow(current) {
    if (view.zoom === 0 || pane.firstElementChild !== recordedTree) return false;
    const [x, y, width, height] = recordedTree.getAttribute("viewBox").split(" ").map(Number);
    const [cx, cy] = middle(current);
    if (cx < x + width * 0.1 || cx > x + width * 0.9 || cy < y + height * 0.1 || cy > y + height * 0.9) {
      view.center = [cx, cy];
      applyView();
    }
    return true;
  }
  let drag = null, dragged = false;
  pane.addEventListener("pointerdown", (event) => {
    if (view.zoom === 0 || pane.firstElementChild !== recordedTree || event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, centre: view.center.slice(), moved: false };
  });
  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const [dx, dy] = [event.clientX - drag.x, event.clientY - drag.y];
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;  // a click, not yet a drag
    drag.moved = true;
    view.center = [drag.centre[0] - dx / scale(), drag.centre[1] - dy / scale()];
    applyView();
  });
  window.addEventListener("pointerup", () => { dragged = Boolean(drag && drag.moved); drag = null; });
  // A drag ends with a click on the node it began on: that click is not a jump.
  pane.addEventListener("click", (event) => { if (dragged) event.stopPropagation(); dragged = false; }, true);
  window.addEventListener("resize", () => {
    if (view.zoom > 0 && pane.firstElementChild === recordedTree) { view.height = Math.max(160, pane.clientHeight); applyView(); }
  });
  $("zoom-in").addEventListener("click", () => zoomTo(view.zoom + 1));
  $("zoom-out").addEventListener("click", () => zoomTo(view.zoom - 1));
  $("zoom-whole").addEventListener("click", () => zoomTo(0));
  let outlined = [];
  function highlightPath(cols, step) {
    for (const node of outlined) node.classList.remove("on-path", "current");
    outlined = [];
    for (let depth = 0; depth <= cols.length; depth++) {
      const node = document.getElementById(`node-${cols.slice(0, depth).join("-")}`);
      if (!node) break;
      node.classList.add("on-path");
      outlined.push(node);
    }
    if (outlined.length) {
      const current = outlined[outlined.length - 1];
      current.classList.add("current");
      // Keep the current node in sight when the tree scrolls (a tall sideways icicle).
      const box = current.getBoundingClientRect(), shown = pane.getBoundingClientRect();
      if (!follow(current) && (box.top < shown.top || box.bottom > shown.bottom)) {
        pane.scrollTop += box.top - shown.top - pane.clientHeight / 2;
      }
    }
    if (pane.firstElementChild === recordedTree) {
      treeNodes.forEach((node, index) => node.classList.toggle("ahead", step !== null && treeSteps[index] > step));
    }
  }

  // The algorithm's own state after each step, and its code, as Python recorded them:
  // drawn here, never worked out again. Each state is [line, depth, [row, ...], legend],
  // each row [cells, read, filled, note, hit] with `cells` an index in data.cells
  // ([name, cells, indices], the cells as one string when each is one character) and
  // `note` and `legend` indices in data.notes.
  // An element of the page with its class and its text.
  function made(tag, className, text = "") {
    const node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  }
  let states = null, cellRows = [], notes = [];
  const codeLines = new Map();
  if (data.code) {
    $("state-panel").hidden = false;
    $("code-panel").hidden = false;
    const pre = $("code");
    for (const [lineNumber, text] of data.code) {
      const line = made("span", "line");
      line.dataset.line = lineNumber;
      line.append(made("span", "number", lineNumber), made("span", "text", text || " "));
      pre.appendChild(line);
      codeLines.set(lineNumber, line);
    }
  }
  // A row of an array's cells, each with its index under it: the state panel's and the
  // fill exercise's. `make(item, position)` returns [the cell, its index].
  function cellRow(tag, className, name, items, make) {
    const row = made(tag, className);
    row.dataset.name = name;
    const label = made("span", "name", name);
    const boxes = made("span", "cells");
    const cells = items.map((item, position) => {
      const [cell, index] = make(item, position);
      cell.classList.add("cell");
      cell.dataset.index = index;
      boxes.appendChild(cell);
      return cell;
    });
    row.append(label, boxes);
    return [row, boxes, cells];
  }

  let markedLine = null;
  function renderState() {
    if (!states) return;
    const panel = $("state");
    panel.replaceChildren();
    const current = state.step ? states[state.step - 1] : null;
    panel.dataset.step = state.step;
    if (markedLine) markedLine.classList.remove("current");
    markedLine = null;
    if (!current) { $("depth").textContent = ""; $("state-legend").textContent = ""; return; }
    const [line, depth, rows, legend] = current;
    $("state-legend").textContent = notes[legend];
    for (const [index, read, filled, noteIndex, hit] of rows) {
      const [name, cells, indices] = cellRows[index], note = notes[noteIndex];
      const [row, boxes] = cellRow("div", "structure", name, Array.from(cells), (text, position) => {
        const cellIndex = indices.length ? indices[position] : position;
        const cell = document.createElement("span");
        cell.textContent = text;
        cell.classList.toggle("read", read.includes(cellIndex));
        cell.classList.toggle("filled", filled.includes(cellIndex));
        cell.classList.toggle("hit", hit.includes(cellIndex));
        return [cell, cellIndex];
      });
      row.appendChild(made("span", "structure-note", note));
      panel.appendChild(row);
    }
    $("depth").textContent = _("recursion depth {depth}", { depth });
    $("depth").dataset.depth = depth;
    markedLine = codeLines.get(line) || null;
    if (markedLine) {
      markedLine.classList.add("current");
      const pre = $("code");
      const top = markedLine.offsetTop - pre.offsetTop;
      if (top < pre.scrollTop || top > pre.scrollTop + pre.clientHeight - markedLine.offsetHeight) {
        pre.scrollTop = Math.max(0, top - pre.clientHeight / 2);
      }
    }
  }

  function render() {
    if (!sealed.opened) return;
    showTree(recordedTree);
    const current = state.step ? events[state.step - 1] : null;
    shade(attacked(state.cols));
    queens.forEach((queen, row) => {
      const placed = row < state.cols.length;
      queen.setAttribute("visibility", placed ? "visible" : "hidden");
      if (placed) {
        queen.setAttribute("transform", `translate(${state.cols[row] + 0.1} ${row + 0.1}) scale(0.8)`);
        queen.dataset.col = state.cols[row];
      }
    });
    const rejected = current && current[0] === REJECT;
    for (const mark of [cross, ring, ...lines]) mark.setAttribute("visibility", rejected ? "visible" : "hidden");
    if (rejected) {
      const [, row, col, byRow, byCol, , ...path] = current;
      cross.setAttribute("transform", `translate(${col} ${row})`);
      ring.setAttribute("cx", byCol + 0.5); ring.setAttribute("cy", byRow + 0.5);
      const segments = path.length ? path : [byCol, byRow, col, row];
      const kind = rules ? rules.kinds[how(byRow, byCol, row, col) - 1] : "line";
      lines.forEach((line, i) => {
        const [x1, y1, x2, y2] = segments.slice(4 * i, 4 * i + 4);
        if (x1 === undefined) { line.setAttribute("visibility", "hidden"); return; }
        line.setAttribute("x1", x1 + 0.5); line.setAttribute("y1", y1 + 0.5);
        line.setAttribute("x2", x2 + 0.5); line.setAttribute("y2", y2 + 0.5);
        line.classList.toggle("dashed", kind !== "line");
      });
    }
    const solved = Boolean(current && current[0] === SOLUTION);
    markRow(current && !solved ? current[1] : null);
    deadRow.setAttribute("visibility", "hidden");
    board.classList.toggle("solved", solved);
    board.dataset.cols = state.cols.join(" ");
    const caption = $("caption");
    const said = describe(current, state.solutions);
    caption.textContent = state.step === total && total ? _("{step} — end of the recording", { step: said }) : said;
    caption.classList.toggle("solution", solved);
    $("step").textContent = state.step;
    $("nodes").textContent = state.nodes;
    $("backtracks").textContent = state.backtracks;
    $("found").textContent = state.solutions;
    scrubber.value = state.step;
    entries.forEach((button) => {
      const step = Number(button.dataset.step);
      button.classList.toggle("current", step === state.step);
      button.classList.toggle("ahead", step > state.step);
    });
    board.classList.remove("learning");
    highlightPath(state.cols, state.step);
    renderState();
  }

  function goTo(step) {
    if (!sealed.opened) return;
    step = Math.max(0, Math.min(total, step));
    while (state.step > step) undo(events[state.step - 1]);
    while (state.step < step) apply(events[state.step]);
    render();
  }

  function nextSolution() {
    const next = solutions.find((solution) => solution.step > state.step);
    goTo(next ? next.step : total);
  }

  // Playing: one step per tick at the chosen speed, stopping at the end.
  let timer = null;
  const playButton = $("play");
  function pause() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    playButton.textContent = "\u25B6 " + _("play");
  }
  function tick() {
    if (state.step >= total) { pause(); return; }
    goTo(state.step + 1);
    timer = setTimeout(tick, 1000 / Number($("speed").value));
  }
  function play() {
    if (state.step >= total) goTo(0);
    playButton.textContent = "\u275A\u275A " + _("pause");
    timer = setTimeout(tick, 0);
  }
  const toggle = () => (timer === null ? play() : pause());

  // The sealed recording, opened once: its steps, solutions, states and tree.
  const sealed = { opened: false, opening: null };
  function unseal() {
    sealed.opening ||= (async () => {
      const text = document.getElementById("sealed-data").textContent.trim();
      const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      const opened = JSON.parse(await new Response(stream).text());
      events = opened.events;
      total = events.length;
      tests = opened.tests || [];
      solutions = opened.solutions;
      if (opened.states) [states, cellRows, notes] = [opened.states, opened.cells, opened.notes];
      scrubber.max = total;
      listSolutions();
      treeOf(opened.tree);
      if (data.capped) {
        const note = $("capped");
        note.hidden = false;
        note.textContent = _("This recording holds the first {total} steps of the search: it was capped at {max} steps and the search goes on beyond them.",
          { total: total.toLocaleString(LANG), max: data.maxSteps.toLocaleString(LANG) });
      }
      sealed.opened = true;
    })();
    return sealed.opening;
  }

  // The page's modes: watch the recorded search, learn (learner.js), predict and fill
  // (exercises.js). Each script registers what it does when its mode starts and ends;
  // `enter` may return a promise (the recording being unsealed). The body's `data-ready`
  // says the mode is drawn.
  const modes = { watch: { enter: () => unseal().then(render), leave: () => {} } };
  function setMode(mode) {
    if (!modes[mode] || (data.learnOnly && mode !== "learn")) return Promise.resolve();  // the learner alone
    const before = document.body.dataset.mode;
    pause();
    if (modes[before] && before !== mode) modes[before].leave();
    document.body.dataset.mode = mode;
    delete document.body.dataset.ready;
    return Promise.resolve(modes[mode].enter()).then(() => {
      if (document.body.dataset.mode === mode) document.body.dataset.ready = mode;
    });
  }
  document.querySelectorAll(".modes button").forEach((button) => {
    button.addEventListener("click", () => setMode(button.dataset.mode));
  });

  playButton.addEventListener("click", toggle);
  $("forward").addEventListener("click", () => { pause(); goTo(state.step + 1); });
  $("back").addEventListener("click", () => { pause(); goTo(state.step - 1); });
  $("restart").addEventListener("click", () => { pause(); goTo(0); });
  $("next-solution").addEventListener("click", () => { pause(); nextSolution(); });
  scrubber.addEventListener("input", () => { pause(); goTo(Number(scrubber.value)); });
  $("speed").addEventListener("input", () => { $("speed-value").textContent = $("speed").value; });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.key !== " ") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    const switches = { l: "learn", p: "predict", f: "fill" };
    if (switches[key] && modes[switches[key]]) {
      event.preventDefault();
      setMode(document.body.dataset.mode === switches[key] ? "watch" : switches[key]);
      return;
    }
    const zooms = { "+": 1, "=": 1, "-": -1, "0": null };
    if (key in zooms && !$("tree-head").hidden) {
      event.preventDefault();
      zoomTo(zooms[key] === null ? 0 : view.zoom + zooms[key]);
      return;
    }
    if (document.body.dataset.mode !== "watch") return;  // the other modes have their own keys
    const actions = {
      " ": toggle,
      arrowright: () => { pause(); goTo(state.step + 1); },
      arrowleft: () => { pause(); goTo(state.step - 1); },
      n: () => { pause(); nextSolution(); },
      home: () => { pause(); goTo(0); },
      end: () => { pause(); goTo(total); },
    };
    if (actions[key]) { event.preventDefault(); actions[key](); }
  });
  // Space on a focused button would click it as well: the key alone decides.
  document.addEventListener("keyup", (event) => { if (event.key === " ") event.preventDefault(); });
  // What the learner mode (learner.js) and the exercises (exercises.js) share with the player.
  window.nqueensPlayer = {
    n, board, squares, queens, marks: [cross, ring, ...lines], element, render, pause, highlightPath,
    variant: rules ? rules.variant : null, data, describe, goTo, markRow, deadRow, shade,
    attacked, modes, setMode, unseal, showTree, showSolutions, cellRow, square, numbered, said,
    events: () => events,
    cols: () => state.cols.slice(),
    step: () => state.step,
  };
})();
