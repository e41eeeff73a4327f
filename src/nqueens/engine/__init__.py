"""The fast engine: numba kernels, the counting methods' registry and runners, the journal.

Imported only when a count or a fast enumeration asks for it: `import nqueens` stays
free of numba. Its modules, one concern each:

- registry.py: the counting methods (N range, split, warm-up, task, fields, tally);
  everything below that counts reads it.
- run.py: runs a method's subproblems in-process, on local processes or on Dask;
  sums, progress, Ctrl-C.
- cluster.py: the Dask backend (addresses, TLS, a loopback LocalCluster).
- journal.py: the SQLite record of finished subproblems (resume, digest).
- verify.py: the published check, recounting a journal's subproblems, repairing one.
- serve.py: the command lines of a scheduler and workers bound to one address.
- kernels.py, split.py: the symmetric bitboard search and its subproblems (backtrack).
- join.py, halves.py, bitops.py: the half-board join counter, its subproblems (orbits
  of east-row sets) and its vector bit instructions (join).
- confined.py: an independent counter of the join's subproblems (for verify).
- pure.py: the pure-Python method's subproblems (python; no numba).
- symmetric.py: P and R, and unique counts by Burnside's lemma.
- enumerate.py: listing every solution into arrays, in order.
- local_search.py: min-conflicts kernels for huge boards.
"""
