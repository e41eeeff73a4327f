"""The teaching algorithms as the seeds write them: the code a student reads beside the
board, and the code that runs.

Plain functions, one module per family: no `yield`, no type hints, nothing that reports
a step. Each takes the board size and `found`, which it calls with the board of each
solution (where the seeds print it); the search runs to its end unless `found` raises.
The names and tests are the seeds': `put_queen`, `col`, `up`, `down`, `FREE` and
`NOT_FREE` (seed 000), `check_back_tracking` and `board` (seed 004), an explicit stack of
saved positions (seed 003). `nqueens.search.observe` watches them run from outside, line
by line, to turn what they do into the steps the pictures show; a call with no watcher
is the fast path, the same code at full speed.

Their comments are said in the reader's language (`nqueens.search.source`): write each
as one whole sentence after `# `.
"""
