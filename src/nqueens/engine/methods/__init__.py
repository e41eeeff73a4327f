"""The counting methods, one package each (backtrack, join, numpy, python, gpu), each with
a `METHOD: Counter` (engine/counter.py, checked by mypy) that the registry names. A
method imports the contract and its own package, never the registry, the runtime or
another method (import-linter's contracts in pyproject.toml)."""
