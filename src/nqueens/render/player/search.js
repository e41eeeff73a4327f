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

  return { conflicts, count, first, steps };
})();
