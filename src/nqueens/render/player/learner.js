// The learner mode: the student places and removes queens in any order, sees the squares
// they attack and the queens in conflict, undoes and redoes, and asks the page's own
// search (search.js) whether the board can still be completed, for a solution from
// here, or to watch the search continue from here. A queen placed on an attacked square
// is told which queen attacks it, along which line, and which flag cell records that
// line; a row left with no safe square is told, square by square. The solutions stay
// locked (the list and the tree's leaves) until the student has found them or gives up.
// Works offline like the rest.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const player = window.nqueensPlayer;
  if (player.variant) {  // the learner's own search follows the classic rules
    for (const id of ["learn", "learn-key", "fill"]) $(id).hidden = true;
    return;
  }
  const { n, board, squares } = player;
  const layer = player.element("g", { class: "learner-layer" });
  const everyRow = new Array(n).fill(-1);

  // The boards so far, for undo and redo: each a list of [row, col, added], where
  // `added` marks a queen the solver placed rather than the student.
  let history = [[]];
  let at = 0;
  let running = null; // the "continue the search" run: { timer, steps, queens }
  let lastAdded = null; // the square the student last put a queen on
  const current = () => (running ? running.queens : history[at]);

  // The solutions the student found, and whether the answers are still locked.
  const found = new Set();
  let total = null;  // how many solutions N has (the page's own count, when first needed)
  let gaveUp = false;
  const locked = () => !gaveUp && found.size < solutionsOfN();
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
    commit(index >= 0 ? queens.filter((_queen, i) => i !== index) : [...queens, [row, col, false]]);
  }

  // The fixed rows of the board for the search, or null when queens attack each other.
  function fixedRows(queens) {
    if (QueensSearch.conflicts(queens).length) return null;
    const fixed = new Array(n).fill(-1);
    for (const [row, col] of queens) fixed[row] = col;
    return fixed;
  }

  const square = (row, col) => _("row {row}, col {col}", { row, col });
  const LINES = {
    col: () => _("same column"),
    up: () => _("same diagonal, rising to the right"),
    down: () => _("same diagonal, falling to the right"),
    row: () => _("same row"),
  };

  // Why (row, col) is attacked: the queen, the line, the flag cell that records it.
  function why(queens, row, col) {
    const found = QueensSearch.attacker(n, queens, row, col);
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
        const found = QueensSearch.attacker(n, queens, row, col);
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
          { col, by: square(...queen), line: LINES[kind](), cell: cell || "-" }));
        setHint(_("No: row {row} has no safe square left; for each of its squares, the queen that rules it out:", { row: dead.row }), "impossible", 0, reasons);
      } else {
        setHint(_("No: no solution keeps these queens. Each empty row still has a safe square, but the rows further down run out. Take one away, or undo."), "impossible", 0);
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
        if (QueensSearch.attacker(n, queens, row, col)) shaded.set(row * n + col, "line");
      }
    }
    return shaded;
  }

  // The answers, locked or not: the list shows the solutions found so far, the tree's
  // solution leaves look like any other node until found.
  const tree = document.querySelector("svg.search-tree");
  const leafTitles = new Map();
  function showLocks() {
    const learning = document.body.dataset.mode === "learn";
    const hide = learning && locked();
    if (tree) {
      tree.classList.toggle("locked", hide);
      for (const node of player.treeNodes) {
        if (!node.classList.contains("solution")) continue;
        const key = node.dataset.path;
        node.classList.toggle("found", found.has(key));
        const title = node.querySelector("title");
        if (title && !leafTitles.has(node)) leafTitles.set(node, title.textContent);
        if (title) title.textContent = hide && !found.has(key) ? _("a node of the tree") : leafTitles.get(node);
      }
    }
    player.entries.forEach((button) => {
      button.parentElement.classList.toggle("locked", hide && !found.has(button.textContent));
    });
    $("locked-note").hidden = !hide;
    $("list-note").hidden = hide;
    $("give-up").hidden = !hide;
    $("no-solutions").hidden = hide || player.entries.length > 0;
    if (hide) {
      $("locked-note").textContent = _("You have found {found} of the {total} solutions: each appears here, and in the tree, once you find it.",
        { found: found.size, total: solutionsOfN() });
    }
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
    if (solved) found.add(queens.slice().sort((a, b) => a[0] - b[0]).map(([, c]) => c).join(" "));
    const dead = pairs.length ? null : deadRow(queens);
    player.deadRow.setAttribute("visibility", dead ? "visible" : "hidden");
    if (dead) player.deadRow.setAttribute("y", dead.row);
    board.dataset.deadRow = dead ? dead.row : "";
    board.classList.add("learning");
    board.classList.toggle("solved", solved);
    board.dataset.queens = queens.map(([r, c]) => `${r}:${c}`).sort().join(" ");
    const rows = queens.map(([r]) => r).sort((a, b) => a - b);
    const prefix = rows.every((r, i) => r === i) ? [...queens].sort((a, b) => a[0] - b[0]).map(([, c]) => c) : [];
    player.highlightPath(prefix, null);
    const status = $("learner-status");
    status.classList.toggle("conflict", pairs.length > 0 || Boolean(dead));
    const placed = { placed: queens.length, n };
    const added = lastAdded && queens.some(([r, c]) => r === lastAdded[0] && c === lastAdded[1]) ? lastAdded : null;
    const refused = added && why(queens, ...added);
    if (solved) status.textContent = _("Solved: {n} queens and none attacks another.", { n });
    else if (refused) status.textContent = refused;
    else if (pairs.length) status.textContent = _n("{placed} of {n} queens placed; {count} pair of queens attack each other.", "{placed} of {n} queens placed; {count} pairs of queens attack each other.", pairs.length, placed);
    else if (dead) status.textContent = _("Dead end: row {row} has no safe square left (the hint says why, square by square).", { row: dead.row });
    else status.textContent = _("{placed} of {n} queens placed.", placed);
    $("undo").disabled = at === 0 || Boolean(running);
    $("redo").disabled = at === history.length - 1 || Boolean(running);
    showLocks();
  }

  player.modes.learn = {
    enter: () => {
      $("solution-list").open = true;
      const cols = player.cols();
      if (history[at].length === 0 && cols.length) commit(cols.map((col, row) => [row, col, false]));
      render();
    },
    leave: () => { stop(); showLocks(); },
  };

  const undo = () => { stop(); if (at > 0) { at--; lastAdded = null; setHint("", ""); render(); } };
  const redo = () => { stop(); if (at < history.length - 1) { at++; lastAdded = null; setHint("", ""); render(); } };

  squares.forEach((rect) => rect.addEventListener("click", () => {
    if (document.body.dataset.mode === "learn") toggle(Number(rect.dataset.row), Number(rect.dataset.col));
  }));
  // A click on the tree goes back to the recorded search (player.js): stop any run here.
  player.treeNodes.forEach((node) => node.addEventListener("click", stop));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => { stop(); lastAdded = null; commit([]); });
  $("hint").addEventListener("click", hint);
  $("show-solution").addEventListener("click", showSolution);
  $("continue").addEventListener("click", continueSearch);
  $("give-up").addEventListener("click", () => { gaveUp = true; showLocks(); });
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
