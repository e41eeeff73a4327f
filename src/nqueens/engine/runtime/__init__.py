"""What runs a count, whatever its method: the run and its pool of processes (run.py,
pool.py), Dask (cluster/, serve.py), the journal and its parts (journal.py, parts.py,
merge.py), the recounts (verify.py), the plan (estimate.py), a method's kernels loaded
before its workers start (warm.py) and numba's cache loaded quickly (cache_load.py).
Nothing here names a method: each reads the registry's entries (engine/registry.py) and
the `Counter` they name."""
