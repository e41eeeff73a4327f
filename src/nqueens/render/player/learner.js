// The learner mode: the student places and removes queens in any order, sees the squares
// they attack and the queens in conflict, undoes and redoes, and asks the page's own
// search (search.js) whether the board can still be completed, for a solution from
// here, or to watch the search continue from here. A queen placed on an attacked square
// is told which queen attacks it, along which line, and which flag cell records that
// line; a row left with no safe square is told, square by square, and a deeper dead end
// row by row. The reason is the test the recorded algorithm makes first (board[r] for a
// check function, col/up/down for the flags, the masks for the bitboard), so the learner
// and the watch mode name the same queen and cell. The solutions stay locked: the page
// shows the student's own tree (the boards tried, row by row) and list (the solutions
// placed by hand, and those the page completed, as given), never the recorded search's,
// until the student gives up or watches the search. Works offline like the rest.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const player = window.nqueensPlayer;
  if (player.variant) {  // the learner's own search follows the classic rules
    for (const id of ["learn", "learn-key", "fill"]) $(id).hidden = true;
    return;
  }
  const { n, board, squares } = player;
  const order = player.data.testOrder;
  const layer = player.element("g", { class: "learner-layer" });
  const everyRow = new Array(n).fill(-1);

  // The boards so far, for undo and redo: each a list of [row, col, added], where
  // `added` marks a queen the solver placed rather than the student.
  let history = [[]];
  let at = 0;
  let running = null; // the "continue the search" run: { timer, steps, queens }
  let lastAdded = null; // the square the student last put a queen on
  const current = () => (running ? running.queens : history[at]);

  // The solutions the student placed by hand, those the page completed (given), and
  // whether the student gave up (then every solution is listed).
  const found = new Set(), given = new Set();
  let total = null;  // how many solutions N has (the page's own count, when first needed)
  let gaveUp = false;
  function solutionsOfN() {
    if (total === null) total = QueensSearch.count(n, everyRow);
    return total;
  }

  function commit(queens) {
    history = history.slice(0, at + 1);
    history.push(queens);
    at = history.length - 1;
    setHint("", "");
    render();
  }

  function stop() {
    if (!running) return;
    clearTimeout(running.timer);
    running = null;
    $("continue").textContent = _("continue the search from here");
  }

  function toggle(row, col) {
    stop();
    const queens = history[at];
    const index = queens.findIndex(([r, c]) => r === row && c === col);
    lastAdded = index >= 0 ? null : [row, col];
    commit(index >= 0 ? queens.filter((_queen, i) => i !== index) : [...queens, [row, col, wasGiven(row, col)]]);
  }

  // Whether the page placed a queen on (row, col) since the board was last empty: one
  // taken off and put back is still the page's, so a completed solution is not made the
  // student's by lifting its given queens and setting them down again.
  function wasGiven(row, col) {
    for (let i = at; i >= 0 && history[i].length; i--) {
      if (history[i].some(([r, c, added]) => added && r === row && c === col)) return true;
    }
    return false;
  }

  // The fixed rows of the board for the search, or null when queens attack each other.
  function fixedRows(queens) {
    if (QueensSearch.conflicts(queens).length) return null;
    const fixed = new Array(n).fill(-1);
    for (const [row, col] of queens) fixed[row] = col;
    return fixed;
  }

  const { square, numbered, said } = player;
  const LINES = {
    col: () => _("same column"),
    up: () => _("same diagonal, rising to the right"),
    down: () => _("same diagonal, falling to the right"),
    row: () => _("same row"),
  };

  // Why (row, col) is attacked: the queen, the line, the cell that records it, as the
  // recorded algorithm's first failing test finds them.
  const attacker = (queens, row, col) => QueensSearch.attacker(n, queens, row, col, order);
  function why(queens, row, col) {
    const found = attacker(queens, row, col);
    if (!found) return null;
    const fields = { square: square(row, col), by: square(...found.queen), line: LINES[found.kind](), cell: found.cell };
    return found.cell
      ? _("{square} is attacked by the queen on {by}: {line}, recorded in {cell}.", fields)
      : _("{square} is attacked by the queen on {by}: {line} (the search puts one queen in each row, so no array records rows).", fields);
  }

  // The first empty row, from the top, where the queens leave no safe square, and for
  // each of its squares the queen and the line that rule it out; null when there is none.
  function deadRow(queens) {
    const filled = new Set(queens.map(([r]) => r));
    for (let row = 0; row < n; row++) {
      if (filled.has(row)) continue;
      const reasons = [];
      for (let col = 0; col < n; col++) {
        const found = attacker(queens, row, col);
        if (!found) { reasons.length = 0; break; }
        reasons.push({ col, ...found });
      }
      if (reasons.length === n) return { row, reasons };
    }
    return null;
  }

  function setHint(text, kind, count = "", reasons = []) {
    const hint = $("hint-text");
    hint.textContent = text;
    hint.className = kind;
    hint.dataset.count = count;
    const list = $("hint-why");
    list.replaceChildren(...reasons.map((item) => {
      const entry = document.createElement("li");
      entry.textContent = item;
      return entry;
    }));
  }

  function hint() {
    const queens = current();
    const fixed = fixedRows(queens);
    if (!fixed) {
      // The lowest queen in conflict (the search's last), and the first test it fails.
      const [row, col] = QueensSearch.conflicts(queens).flat()
        .reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a));
      setHint(_("No: {why} Take one of them away.", { why: why(queens, row, col) }), "impossible", 0);
      return;
    }
    const ways = QueensSearch.count(n, fixed);
    if (ways === 0) {
      const dead = deadRow(queens);
      if (dead) {
        const reasons = dead.reasons.map(({ col, queen, kind, cell }) => _("col {col}: the queen on {by}, {line}, {cell}",
          { col: numbered(col), by: square(...queen), line: LINES[kind](), cell: cell || "-" }));
        setHint(_("No: row {row} has no safe square left; for each of its squares, the queen that rules it out:", { row: numbered(dead.row) }), "impossible", 0, reasons);
      } else {
        const { row, choices } = QueensSearch.deadEnds(n, fixed);
        // One row, or one of several: not a plural (Japanese has one form for both) but
        // two sentences, "one of" said where rows are listed.
        const reasons = choices.map(({ col, rows }) => {
          const fields = { col: numbered(col), rows: rows.map(numbered).join(", ") };
          return rows.length === 1
            ? _("col {col}: every way on leaves row {rows} without a safe square", fields)
            : _("col {col}: every way on leaves one of rows {rows} without a safe square", fields);
        });
        setHint(_("No: no solution keeps these queens, though every empty row still has a safe square. Row {row} is filled next; whichever of its safe squares takes a queen, the queens above then attack every square of a later row:", { row: numbered(row) }), "impossible", 0, reasons);
      }
    }
    else if (queens.length === n) setHint(_("Solved: this board is a solution."), "possible", ways);
    else setHint(_n("Yes: this board can still be completed, in {count} way.", "Yes: this board can still be completed, in {count} ways.", ways), "possible", ways);
  }

  function showSolution() {
    stop();
    const queens = history[at];
    const fixed = fixedRows(queens);
    const solution = fixed && QueensSearch.first(n, fixed);
    if (!solution) { hint(); return; }
    lastAdded = null;
    commit(solution.map((col, row) => [row, col, fixed[row] < 0]));
    setHint(_("A solution that keeps your queens (the solver's queens are blue)."), "possible", 1);
  }

  // Watch the search fill the empty rows, one place or remove per tick, keeping the
  // student's queens, until it reaches a solution or has tried every square.
  function continueSearch() {
    if (running) { stop(); render(); return; }
    const queens = history[at];
    const fixed = fixedRows(queens);
    if (!fixed) { hint(); return; }
    running = { timer: null, steps: QueensSearch.steps(n, fixed), queens: queens.filter(([row]) => fixed[row] >= 0) };
    $("continue").textContent = _("stop the search");
    setHint(_("The search fills the empty rows from the top, trying columns from the left..."), "");
    const tick = () => {
      const { value, done } = running.steps.next();
      if (done) {
        stop();
        render();
        setHint(_("The search tried every square: no solution keeps these queens."), "impossible", 0);
        return;
      }
      const [kind, row, col] = value;
      if (kind === "place") running.queens = [...running.queens, [row, col, true]];
      else if (kind === "remove") running.queens = running.queens.filter(([r, c, added]) => !(added && r === row && c === col));
      else {
        const queensFound = running.queens;
        stop();
        lastAdded = null;
        commit(queensFound);
        setHint(_("The search found this solution from your board (its queens are blue)."), "possible", 1);
        return;
      }
      render();
      running.timer = setTimeout(tick, 1000 / Number($("speed").value));
    };
    running.timer = setTimeout(tick, 0);
  }

  function attackedSquares(queens) {
    const shaded = new Map();
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (attacker(queens, row, col)) shaded.set(row * n + col, "line");
      }
    }
    return shaded;
  }

  // The student's own tree: every board tried whose queens fill the rows from the top
  // (rows 0 to k-1, one queen each), as a path of nodes, drawn as a sideways icicle (each
  // column of the tree a row of the board). A node is a dead end when no solution keeps
  // its queens, a solution when all N are placed; one the page completed is "given".
  // A click on a node puts its board back.
  const SVG = "http://www.w3.org/2000/svg";
  const explored = new Map();  // "0-2" -> { cols, queens, kind, given }
  const tree = document.createElementNS(SVG, "svg");
  tree.setAttribute("class", "search-tree explored");
  const nodeKind = (cols) => {
    const queens = cols.map((col, row) => [row, col]);
    if (QueensSearch.conflicts(queens).length) return "dead end";
    if (cols.length === n) return "solution";
    return cols.length && QueensSearch.count(n, fixedRows(queens)) === 0 ? "dead end" : "inner";
  };
  function explore(queens) {
    const sorted = [...queens].sort((a, b) => a[0] - b[0]);
    if (!sorted.every(([row], i) => row === i)) return;
    const byHand = sorted.every(([, , added]) => !added);
    for (let depth = 0; depth <= sorted.length; depth++) {
      const path = sorted.slice(0, depth);
      const cols = path.map(([, col]) => col);
      const key = cols.join("-");
      const known = explored.get(key);
      const mine = path.every(([, , added]) => !added);
      if (known) { if (mine) known.given = false; continue; }
      explored.set(key, { cols, queens: path, kind: nodeKind(cols), given: !mine });
    }
    return byHand;
  }
  const TREE = { column: 34, leaf: 18 };
  function drawTree() {
    const keys = [...explored.keys()].sort((a, b) => {
      const x = a ? a.split("-").map(Number) : [], y = b ? b.split("-").map(Number) : [];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
      return x.length - y.length;
    });
    const children = new Map(keys.map((key) => [key, []]));
    for (const key of keys.slice(1)) children.get(key.includes("-") ? key.slice(0, key.lastIndexOf("-")) : "").push(key);
    const leaves = new Map();
    const count = (key) => {
      const below = children.get(key).reduce((sum, child) => sum + count(child), 0);
      leaves.set(key, Math.max(1, below));
      return leaves.get(key);
    };
    count("");
    const depth = Math.max(...keys.map((key) => explored.get(key).cols.length));
    const width = (depth + 1) * TREE.column, height = leaves.get("") * TREE.leaf;
    tree.setAttribute("viewBox", `0 0 ${width} ${height}`);
    tree.setAttribute("width", width);
    tree.setAttribute("height", height);
    tree.replaceChildren();
    const place = (key, top) => {
      const node = explored.get(key), d = node.cols.length;
      const rect = document.createElementNS(SVG, "rect");
      const kind = d === 0 ? "root" : node.kind;
      rect.setAttribute("class", `node ${kind.replace(" ", "-")}${node.given ? " given" : ""}`);
      rect.id = `node-${key}`;
      for (const [name, value] of Object.entries({ x: d * TREE.column, y: top * TREE.leaf, width: TREE.column,
        height: leaves.get(key) * TREE.leaf })) rect.setAttribute(name, value);
      rect.addEventListener("click", () => { stop(); lastAdded = null; commit(node.queens.slice()); });
      const title = document.createElementNS(SVG, "title");
      title.textContent = said(node.cols);
      rect.appendChild(title);
      tree.appendChild(rect);
      if (d) {
        const label = document.createElementNS(SVG, "text");
        label.setAttribute("x", (d + 0.5) * TREE.column);
        label.setAttribute("y", (top + leaves.get(key) / 2) * TREE.leaf);
        label.setAttribute("class", "node-label");
        label.textContent = numbered(node.cols[d - 1]);
        tree.appendChild(label);
      }
      let below = top;
      for (const child of children.get(key)) { place(child, below); below += leaves.get(child); }
    };
    place("", 0);
  }

  // The student's solutions: found by hand, or given by the page (not counted), each a
  // button that puts it back on the board; once the student gives up, every solution.
  function listSolutions() {
    const shown = gaveUp ? allSolutions() : [...new Set([...found, ...given])];
    const byOrder = (a, b) => {
      const x = a.split(" ").map(Number), y = b.split(" ").map(Number);
      return x.reduce((d, v, i) => d || v - y[i], 0);
    };
    $("learned").replaceChildren(...shown.sort(byOrder).map((cols) => {
      const item = document.createElement("li");
      item.className = found.has(cols) ? "found" : given.has(cols) ? "given" : "shown";
      const button = document.createElement("button");
      button.textContent = said(cols.split(" ").map(Number));
      if (item.className === "given") button.dataset.said = _("given");
      button.addEventListener("click", () => {
        stop();
        lastAdded = null;
        commit(cols.split(" ").map((col, row) => [row, Number(col), !found.has(cols)]));
      });
      item.appendChild(button);
      return item;
    }));
    $("learned-count").textContent = `(${found.size})`;
    $("give-up").hidden = gaveUp;
    $("locked-note").textContent = gaveUp
      ? _("You have found {found} of the {total} solutions by hand; the others are listed in grey.", { found: found.size, total: solutionsOfN() })
      : _("You have found {found} of the {total} solutions by hand. Each appears here once you place it; one the page completes for you is listed as given and does not count.",
        { found: found.size, total: solutionsOfN() });
  }
  let everySolution = null;
  function allSolutions() {
    if (!everySolution) {
      everySolution = [];
      QueensSearch.walk(n, everyRow, (cols) => { everySolution.push(cols.join(" ")); return false; });
    }
    return everySolution.slice();
  }

  function render() {
    if (document.body.dataset.mode !== "learn") return;
    const queens = current();
    player.shade(attackedSquares(queens));
    for (const queen of player.queens) queen.setAttribute("visibility", "hidden");
    for (const mark of player.marks) mark.setAttribute("visibility", "hidden");
    player.markRow(null);
    layer.replaceChildren();
    const pairs = QueensSearch.conflicts(queens);
    const inConflict = new Set(pairs.flat().map(([r, c]) => r * n + c));
    for (const [[r1, c1], [r2, c2]] of pairs) {
      player.element("line", { class: "conflict-line", x1: c1 + 0.5, y1: r1 + 0.5, x2: c2 + 0.5, y2: r2 + 0.5 }, layer);
    }
    for (const [row, col, added] of queens) {
      const conflict = inConflict.has(row * n + col);
      player.element("use", {
        href: "#queen-glyph", transform: `translate(${col + 0.1} ${row + 0.1}) scale(0.8)`,
        class: `learner-queen${added ? " added" : ""}${conflict ? " conflict" : ""}`, "data-row": row, "data-col": col,
      }, layer);
      if (conflict) player.element("circle", { class: "conflict-ring", cx: col + 0.5, cy: row + 0.5, r: 0.45, "data-row": row, "data-col": col }, layer);
    }
    const solved = queens.length === n && pairs.length === 0;
    const byHand = explore(queens);
    if (solved) {
      const cols = queens.slice().sort((a, b) => a[0] - b[0]).map(([, c]) => c).join(" ");
      (byHand ? found : given).add(cols);
      if (byHand) given.delete(cols);
    }
    const dead = pairs.length ? null : deadRow(queens);
    player.deadRow.setAttribute("visibility", dead ? "visible" : "hidden");
    if (dead) player.deadRow.setAttribute("y", dead.row);
    board.dataset.deadRow = dead ? dead.row : "";
    board.classList.add("learning");
    board.classList.toggle("solved", solved);
    board.dataset.queens = queens.map(([r, c]) => `${r}:${c}`).sort().join(" ");
    const rows = queens.map(([r]) => r).sort((a, b) => a - b);
    const prefix = rows.every((r, i) => r === i) ? [...queens].sort((a, b) => a[0] - b[0]).map(([, c]) => c) : [];
    const status = $("learner-status");
    status.classList.toggle("conflict", pairs.length > 0 || Boolean(dead));
    const placed = { placed: queens.length, n };
    const added = lastAdded && queens.some(([r, c]) => r === lastAdded[0] && c === lastAdded[1]) ? lastAdded : null;
    const refused = added && why(queens, ...added);
    if (solved) status.textContent = n === 1 ? _("Solved: 1 queen, and none to attack it.")
      : _("Solved: {n} queens and none attacks another.", { n });
    else if (refused) status.textContent = refused;
    else if (pairs.length) status.textContent = _n("{placed} of {n} queens placed; {count} pair of queens attack each other.", "{placed} of {n} queens placed; {count} pairs of queens attack each other.", pairs.length, placed);
    else if (dead) status.textContent = _("Dead end: row {row} has no safe square left (the hint says why, square by square).", { row: numbered(dead.row) });
    else status.textContent = _("{placed} of {n} queens placed.", placed);
    $("undo").disabled = at === 0 || Boolean(running);
    $("redo").disabled = at === history.length - 1 || Boolean(running);
    drawTree();
    player.showTree(tree);
    player.highlightPath(prefix, null);
    listSolutions();
  }

  player.modes.learn = {
    enter: () => {
      player.showSolutions(false);
      const cols = player.cols();
      // The watched board's queens were placed by the search: given, not the student's.
      if (history[at].length === 0 && cols.length) commit(cols.map((col, row) => [row, col, true]));
      render();
    },
    leave: () => { stop(); player.showSolutions(true); },
  };

  const undo = () => { stop(); if (at > 0) { at--; lastAdded = null; setHint("", ""); render(); } };
  const redo = () => { stop(); if (at < history.length - 1) { at++; lastAdded = null; setHint("", ""); render(); } };

  squares.forEach((rect) => rect.addEventListener("click", () => {
    if (document.body.dataset.mode === "learn") toggle(Number(rect.dataset.row), Number(rect.dataset.col));
  }));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => { stop(); lastAdded = null; commit([]); });
  $("hint").addEventListener("click", hint);
  $("show-solution").addEventListener("click", showSolution);
  $("continue").addEventListener("click", continueSearch);
  $("give-up").addEventListener("click", () => { gaveUp = true; listSolutions(); });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || document.body.dataset.mode !== "learn") return;
    const key = event.key.toLowerCase();
    const action =
      (event.ctrlKey || event.metaKey) && key === "z" ? (event.shiftKey ? redo : undo)
      : (event.ctrlKey || event.metaKey) && key === "y" ? redo
      : key === "h" && !event.ctrlKey ? hint
      : null;
    if (action) { event.preventDefault(); action(); }
  });
})();
