// The learner mode: the student places and removes queens in any order, sees the squares
// they attack and the queens in conflict, undoes and redoes, and asks the page's own
// search (search.js) whether the board can still be completed, for a solution from
// here, or to watch the search continue from here. Works offline like the rest.
(() => {
  "use strict";
  const $hide = (id) => { document.getElementById(id).hidden = true; };
  const player = window.nqueensPlayer;
  if (player.variant) {  // the learner's own search follows the classic rules
    $hide("learn");
    $hide("learn-key");
    return;
  }
  const { n, board, squares } = player;
  const $ = (id) => document.getElementById(id);
  const layer = player.element("g", { class: "learner-layer" });

  // The boards so far, for undo and redo: each a list of [row, col, added], where
  // `added` marks a queen the solver placed rather than the student.
  let history = [[]];
  let at = 0;
  let running = null; // the "continue the search" run: { timer, steps, queens }
  const current = () => (running ? running.queens : history[at]);

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

  function setHint(text, kind, count = "") {
    const hint = $("hint-text");
    hint.textContent = text;
    hint.className = kind;
    hint.dataset.count = count;
  }

  function hint() {
    const queens = current();
    const fixed = fixedRows(queens);
    if (!fixed) {
      const [[r1, c1], [r2, c2]] = QueensSearch.conflicts(queens)[0];
      setHint(_("No: the queens on {a} and {b} attack each other. Take one away.", { a: square(r1, c1), b: square(r2, c2) }), "impossible", 0);
      return;
    }
    const ways = QueensSearch.count(n, fixed);
    if (ways === 0) setHint(_("No: no solution keeps these queens. Take one away, or undo."), "impossible", 0);
    else if (queens.length === n) setHint(_("Solved: this board is a solution."), "possible", ways);
    else setHint(_n("Yes: this board can still be completed, in {count} way.", "Yes: this board can still be completed, in {count} ways.", ways), "possible", ways);
  }

  function showSolution() {
    stop();
    const queens = history[at];
    const fixed = fixedRows(queens);
    const solution = fixed && QueensSearch.first(n, fixed);
    if (!solution) { hint(); return; }
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
        const found = running.queens;
        stop();
        commit(found);
        setHint(_("The search found this solution from your board (its queens are blue)."), "possible", 1);
        return;
      }
      render();
      running.timer = setTimeout(tick, 1000 / Number($("speed").value));
    };
    running.timer = setTimeout(tick, 0);
  }

  function attackedSquares(queens) {
    const shaded = new Set();
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (queens.some(([r, c]) => (r !== row || c !== col) &&
            (r === row || c === col || Math.abs(r - row) === Math.abs(c - col)))) {
          shaded.add(row * n + col);
        }
      }
    }
    return shaded;
  }

  function render() {
    if (document.body.dataset.mode !== "learn") return;
    const queens = current();
    const shaded = attackedSquares(queens);
    squares.forEach((rect, index) => rect.classList.toggle("attacked", shaded.has(index)));
    for (const queen of player.queens) queen.setAttribute("visibility", "hidden");
    for (const mark of player.marks) mark.setAttribute("visibility", "hidden");
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
    board.classList.add("learning");
    board.classList.toggle("solved", solved);
    board.dataset.queens = queens.map(([r, c]) => `${r}:${c}`).sort().join(" ");
    const rows = queens.map(([r]) => r).sort((a, b) => a - b);
    const prefix = rows.every((r, i) => r === i) ? [...queens].sort((a, b) => a[0] - b[0]).map(([, c]) => c) : [];
    player.highlightPath(prefix, null);
    const status = $("learner-status");
    status.classList.toggle("conflict", pairs.length > 0);
    status.textContent = solved
      ? _("Solved: {n} queens and none attacks another.", { n })
      : _("{placed} of {n} queens placed", { placed: queens.length, n }) +
        (pairs.length ? _n("; {count} pair of queens attack each other", "; {count} pairs of queens attack each other", pairs.length) : "");
    $("undo").disabled = at === 0 || Boolean(running);
    $("redo").disabled = at === history.length - 1 || Boolean(running);
  }

  function setMode(mode) {
    stop();
    document.body.dataset.mode = mode;
    $("solution-list").open = mode !== "learn";  // no answers for the learner until asked
    if (mode === "learn") {
      player.pause();
      const cols = player.cols();
      if (history[at].length === 0 && cols.length) commit(cols.map((col, row) => [row, col, false]));
      render();
    } else {
      player.render();
    }
  }

  const undo = () => { stop(); if (at > 0) { at--; setHint("", ""); render(); } };
  const redo = () => { stop(); if (at < history.length - 1) { at++; setHint("", ""); render(); } };

  squares.forEach((rect) => rect.addEventListener("click", () => {
    if (document.body.dataset.mode === "learn") toggle(Number(rect.dataset.row), Number(rect.dataset.col));
  }));
  // A click on the tree goes back to the recorded search (player.js): stop any run here.
  document.querySelectorAll("svg.search-tree .node").forEach((node) => node.addEventListener("click", stop));
  $("learn").addEventListener("click", () => setMode("learn"));
  $("watch").addEventListener("click", () => setMode("watch"));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => { stop(); commit([]); });
  $("hint").addEventListener("click", hint);
  $("show-solution").addEventListener("click", showSolution);
  $("continue").addEventListener("click", continueSearch);
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const learning = document.body.dataset.mode === "learn";
    const key = event.key.toLowerCase();
    const action =
      key === "l" && !event.ctrlKey ? () => setMode(learning ? "watch" : "learn")
      : !learning ? null
      : (event.ctrlKey || event.metaKey) && key === "z" ? (event.shiftKey ? redo : undo)
      : (event.ctrlKey || event.metaKey) && key === "y" ? redo
      : key === "h" ? hint
      : null;
    if (action) { event.preventDefault(); action(); }
  });
  setMode(document.body.dataset.mode === "learn" ? "learn" : "watch");
})();
