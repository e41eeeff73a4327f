"""The fast engine: the counting methods, what runs them, and the kernels they share.

Imported only when a count or a fast enumeration asks for it: `import nqueens` stays
free of numba. Its parts:

- registry.py: the counting methods' table, one entry each (range of N, where `auto`
  picks it, the fields a subproblem's count holds and how they add up, and the object
  that counts), read by everything that counts;
- counter.py: the whole contract of a method (`Counter`: a split into `Parts`, a
  warm-up, and the optional `Probe` for `--estimate` and `Recount` for `--verify`; the
  `Field`s and `Tally` of its count; `digest` and Knuth's probe), and arrays.py its
  array types at run time;
- methods/: one package per method (backtrack, join, numpy, python, gpu), each with its
  own kernels and a `METHOD: Counter`;
- runtime/: what runs any method (the run and its pool, Dask, the journal and its
  parts, the recounts, the plan, the warm-up);
- bits.py, canonical.py and symmetric.py: the kernels every family shares (the lowest
  set bit, whether a placement is the least of its symmetry class, and P and R for
  Burnside's unique count).

The other families keep their kernels beside them: the listing (nqueens.listing), the
heat map (nqueens.heat), huge boards (nqueens.large), the variants
(nqueens.variants.kernel) and the row text of `solve --all` (nqueens.render.row_text).
"""
