"""The fast engine: numba kernels, the split into subproblems, runners and the journal.

Imported only when a count or a fast enumeration asks for it: `import nqueens` stays
free of numba.
"""
