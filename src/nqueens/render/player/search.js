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

  // How the queen on (r1, c1) attacks (r2, c2), tested in the order the flags search
  // tests: its column, then its / diagonal, then its \\ diagonal (a row last: the
  // search puts one queen per row). { kind, cell } with the flag cell that records the
  // line ("col[2]", "up[5]", "down[9]"; null for a row), or null when it does not.
  function line(n, [r1, c1], [r2, c2]) {
    if (c1 === c2) return { kind: "col", cell: `col[${c1}]` };
    if (r1 + c1 === r2 + c2) return { kind: "up", cell: `up[${r1 + c1}]` };
    if (r1 - c1 === r2 - c2) return { kind: "down", cell: `down[${r1 - c1 + n - 1}]` };
    if (r1 === r2) return { kind: "row", cell: null };
    return null;
  }

  // The first queen (in the order the flags test their lines) that attacks (row, col),
  // with its line: { queen, kind, cell }, or null when the square is safe.
  function attacker(n, queens, row, col) {
    let best = null;
    for (const queen of queens) {
      if (queen[0] === row && queen[1] === col) continue;
      const found = line(n, queen, [row, col]);
      if (found && (!best || RANK[found.kind] < RANK[best.kind])) best = { queen, ...found };
    }
    return best;
  }
  const RANK = { col: 0, up: 1, down: 2, row: 3 };

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

  return { attacker, conflicts, count, first, flags, line, nth, steps };
})();
