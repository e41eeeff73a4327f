// The page's messages in its language. Python (nqueens.i18n) writes the table, keyed by
// the English text, from the catalog; `_` says a message, `_n` the form for a count
// ({count} in it), and both fill in {name} fields. Messages hold no double quote.
const MESSAGES = JSON.parse(document.getElementById("messages").textContent);
const LANG = document.documentElement.lang || "en";
const fill = (text, values = {}) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
function _(message, values) { return fill(MESSAGES[message] ?? message, values); }
function _n(one, many, count, values = {}) {
  const message = count === 1 ? one : many;
  return fill(MESSAGES[message] ?? message, { ...values, count: count.toLocaleString(LANG) });
}

// The page's own solver for the learner mode: a bitboard search, as in
// nqueens.search.bitboard, with some rows fixed by the learner. Bit i is column i, so
// completions come out in the same (lexicographic) order as the Python searches.
// `fixed[row]` is a column, or -1 for a row the search fills.
const QueensSearch = (() => {
  "use strict";

  // Pairs of queens that attack each other: [[r1, c1], [r2, c2]], each pair once.
  function conflicts(queens) {
    const pairs = [];
    for (let i = 0; i < queens.length; i++) {
      for (let j = i + 1; j < queens.length; j++) {
        const [r1, c1] = queens[i], [r2, c2] = queens[j];
        if (r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2)) {
          pairs.push([queens[i], queens[j]]);
        }
      }
    }
    return pairs;
  }

  // Every completion of `fixed` walked row by row; `visit(cols)` is called on each and
  // stops the walk by returning true. Returns the number of completions visited.
  function walk(n, fixed, visit) {
    const full = (1 << n) - 1;
    const cols = new Array(n).fill(-1);
    let found = 0, stopped = false;
    function place(row, taken, left, right) {
      if (row === n) {
        found++;
        if (visit && visit(cols)) stopped = true;
        return;
      }
      let avail = full & ~(taken | left | right);
      if (fixed[row] >= 0) avail &= 1 << fixed[row];
      while (avail && !stopped) {
        const bit = avail & -avail;
        avail ^= bit;
        cols[row] = 31 - Math.clz32(bit);
        place(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
      }
    }
    place(0, 0, 0, 0);
    return found;
  }

  const count = (n, fixed) => walk(n, fixed, null);

  function first(n, fixed) {
    let solution = null;
    walk(n, fixed, (cols) => { solution = cols.slice(); return true; });
    return solution;
  }

  // The search as steps, for watching it: ["place", row, col], ["remove", row, col] and
  // ["solution", cols]; fixed rows are the learner's and are never placed or removed.
  function* steps(n, fixed) {
    const cols = fixed.slice();
    function* place(row) {
      if (row === n) { yield ["solution", cols.slice()]; return; }
      if (fixed[row] >= 0) { yield* place(row + 1); return; }
      for (let col = 0; col < n; col++) {
        let safe = true;
        for (let r = 0; r < n && safe; r++) {
          const c = cols[r];
          if (r !== row && c >= 0 && (c === col || Math.abs(c - col) === Math.abs(r - row))) safe = false;
        }
        if (!safe) continue;
        cols[row] = col;
        yield ["place", row, col];
        yield* place(row + 1);
        cols[row] = -1;
        yield ["remove", row, col];
      }
    }
    yield* place(0);
  }

  // How the queen on (r1, c1) attacks (r2, c2): { kind, cell, test } with the line
  // ("col", "up" /, "down" \\, "row"), the cell of the algorithm's own structure that
  // records it, and the test on that cell as the algorithm's code reads it; null when the
  // queen leaves the square alone. `order` is how the recorded algorithm tests (see
  // `attacker`): its cells are board[r] ("rows"), col/up/down ("lines") or the bits of
  // taken/left/right ("masks"). No structure records a row (one queen per row): cell null.
  function line(n, [r1, c1], [r2, c2], order = "lines") {
    const kind = c1 === c2 ? "col" : r1 + c1 === r2 + c2 ? "up" : r1 - c1 === r2 - c2 ? "down"
      : r1 === r2 ? "row" : null;
    if (!kind || kind === "row") return kind && { kind, cell: null, test: null };
    if (order === "rows") return { kind, cell: `board[${r1}]`, test: `board[${r1}] = ${c1}` };
    if (order === "masks") {
      const mask = { col: "taken", down: "left", up: "right" }[kind];
      return { kind, cell: _("bit {bit} of {mask}", { bit: c2, mask }), test: null };
    }
    const cell = { col: `col[${c1}]`, up: `up[${r1 + c1}]`, down: `down[${r1 - c1 + n - 1}]` }[kind];
    return { kind, cell, test: `${cell} = 1` };
  }

  // The queen whose test fails first for (row, col), with its line: { queen, kind, cell,
  // test }, or null when the square is safe. The test the recorded algorithm makes first
  // decides, so the learner says what the watch mode says: a check function ("rows")
  // compares the queens from the top, board[0] first, and stops at the first that
  // attacks; the flag arrays ("lines") look up col, then up, then down, and the masks
  // taken, then left, then right; a row, which no structure records, comes last.
  function attacker(n, queens, row, col, order = "lines") {
    const others = queens.filter(([r, c]) => r !== row || c !== col)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let best = null;
    for (const queen of others) {
      const found = line(n, queen, [row, col], order);
      if (!found) continue;
      if (order === "rows" && found.kind !== "row") return { queen, ...found };
      const rank = RANKS[order] || RANKS.lines;
      if (!best || rank[found.kind] < rank[best.kind]) best = { queen, ...found };
    }
    return best;
  }
  const RANKS = {
    lines: { col: 0, up: 1, down: 2, row: 3 },  // col[b], up[a+b], down[a-b+N-1]
    masks: { col: 0, down: 1, up: 2, row: 3 },  // taken, left (the \\ line), right (the /)
    rows: { col: 0, up: 0, down: 0, row: 1 },   // the earlier queen first, whatever its line
  };

  // Why a board with a safe square in every empty row has no completion all the same:
  // { row, choices } with the first empty row, and for each of its safe squares, in the
  // search's order, { col, rows }: the rows the search then leaves with no square to put
  // a queen on (each of their squares attacked by the queens above, or a queen of the
  // board attacked). Only for a board of queens that leave each other alone.
  function deadEnds(n, fixed) {
    const first = fixed.indexOf(-1);
    const full = (1 << n) - 1;
    const choices = [];
    let rows = new Set();
    function place(row, taken, left, right) {
      if (row === n) return;
      let avail = full & ~(taken | left | right);
      if (fixed[row] >= 0) avail &= 1 << fixed[row];
      if (!avail) { rows.add(row); return; }
      while (avail) {
        const bit = avail & -avail;
        avail ^= bit;
        if (row === first) rows = new Set();
        place(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
        if (row === first) choices.push({ col: 31 - Math.clz32(bit), rows: [...rows].sort((a, b) => a - b) });
      }
    }
    place(0, 0, 0, 0);
    return { row: first, choices };
  }

  // The flag arrays of a board, as the flags search keeps them: 1 where a queen stands
  // on the line. { col: [...N], up: [...2N-1], down: [...2N-1] }.
  function flags(n, queens) {
    const col = new Array(n).fill(0), up = new Array(2 * n - 1).fill(0), down = new Array(2 * n - 1).fill(0);
    for (const [r, c] of queens) { col[c] = 1; up[r + c] = 1; down[r - c + n - 1] = 1; }
    return { col, up, down };
  }

  // The k-th completion of `fixed` (from 0), in the search's order.
  function nth(n, fixed, k) {
    let solution = null, seen = 0;
    walk(n, fixed, (cols) => { if (seen++ === k) { solution = cols.slice(); return true; } return false; });
    return solution;
  }

  return { attacker, conflicts, count, deadEnds, first, flags, line, nth, steps, walk };
})();
