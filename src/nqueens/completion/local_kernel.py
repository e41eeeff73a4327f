# mypy: ignore-errors
"""Min-conflicts local search over a board's free part, as numba kernels.

The free rows (`rows`, original numbers) each get one free column: `place[k]` is the
column of row k's queen (an original number, as in `pool`, so the hot loops index no
other array; `colindex` gives its reduced number for the blocked squares). The queens
fill the free rows and columns once each, so only diagonals and forbidden squares clash.
A square is forbidden when a
fixed queen or an excluded diagonal uses one of its diagonals (`used_sum`, `used_diff`,
indexed in the original board) or it is blocked; it costs `FORBIDDEN_COST`, as an
attacking pair does. `up` and `down` count the free queens on each original diagonal.

A greedy start fills the rows in order, probing random unused columns for a square that
is allowed and whose diagonals hold no queen yet; then sweeps swap each row in conflict
with random rows while a swap lowers the cost. A sweep that makes no swap goes over the
same rows again with eight times the tries (the last few conflicts of a big board need
more partners than the first thousands); once a row would try more partners than there
are rows, it is a local minimum, and the caller starts again from a new greedy placement.

No sweep scans the board: the rows in conflict are kept in a list as they arise. Each
diagonal also holds the XOR of its queens' rows (`upx`, `downx`), so when a queen joins
a diagonal that held one, that one's row is known at once. A sweep costs its conflicts,
not the board: the last few conflicts of ten million rows cost microseconds, not a
pass over 10^7 rows with four cache misses each. Both kernels
stop after a given amount of work and keep their place in `state`, so the caller shares
the time with the exact search. The generator and the move are min-conflicts' own for
plain boards (large/kernel.py). Kernels run unchanged with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

from numba import njit

from nqueens.completion.kernel import _blocked
from nqueens.large.kernel import next_random

# state[] slots; RNG is 0, where large.kernel.next_random keeps its generator.
# The rows in conflict: lists[CUR][POS:FOUND] this sweep, lists[1 - CUR][:NEXT] the next.
RNG, ROW, FOUND, POS, MADE, SWAPS, SWEEPS, TRIES, NEXT, CUR = range(10)
STATE_SIZE = 10

# repair's answers
SOLVED, WORKING, STUCK = 0, 1, 2

FORBIDDEN_COST = 1
"""What a queen on a forbidden square costs, in attacking pairs."""


@njit(cache=True)
def _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, k, q):
    """1 when free row k may take no queen in column q (original number), else 0."""
    r = rows[k]
    if used_sum[r + q] or used_diff[r - q + n - 1]:
        return 1
    if blocked.size == 0:
        return 0
    return 1 if _blocked(blocked, m, k, colindex[q]) else 0


@njit(cache=True)
def _conflicted(n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, k):
    """True when row k's queen shares a diagonal or stands where it may not."""
    q = place[k]
    r = rows[k]
    if up[r + q] > 1 or down[r - q + n - 1] > 1:
        return True
    return _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, k, q) == 1


@njit(cache=True)
def _push(lists, listed, state, k):
    """Put row k on the next sweep's list, once."""
    if not listed[k]:
        listed[k] = 1
        lists[1 - state[CUR], state[NEXT]] = k
        state[NEXT] += 1


@njit(cache=True)
def _put(n, rows, up, down, upx, downx, lists, listed, state, k, q, sign):
    """Add (sign 1) or take away (sign -1) row k's queen in column q; the change in
    attacking pairs. A queen joining a diagonal that held one queen lists that one."""
    s = rows[k] + q
    d = rows[k] - q + n - 1
    if sign > 0:
        change = up[s] + down[d]
        if up[s] == 1:
            _push(lists, listed, state, upx[s])
        if down[d] == 1:
            _push(lists, listed, state, downx[d])
    else:
        change = 2 - up[s] - down[d]
    up[s] += sign
    down[d] += sign
    upx[s] ^= k
    downx[d] ^= k
    return change


@njit(cache=True)
def greedy(
    n, rows, colindex, used_sum, used_diff, blocked, place, pool, up, down, upx, downx,
    lists, listed, state, stop, probes,
):  # fmt: skip
    """Place rows state[ROW]..stop-1: each takes the first of `probes` random unused
    columns whose square is allowed and diagonals empty, else the last one probed, and
    goes on the list when it clashes. `pool[:m - k]` holds the unused columns; taken ones
    are swapped behind, so the pool stays a permutation for the next start."""
    m = rows.size
    for k in range(state[ROW], stop):
        left = m - k
        pick = 0
        bad = 1
        r = rows[k]
        for _ in range(probes):
            pick = next_random(state) % left
            q = pool[pick]
            if (
                up[r + q] == 0
                and down[r - q + n - 1] == 0
                and _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, k, q) == 0
            ):
                bad = 0
                break
        q = pool[pick]
        if bad:
            bad = _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, k, q)
        pool[pick] = pool[left - 1]
        pool[left - 1] = q
        place[k] = q
        if _put(n, rows, up, down, upx, downx, lists, listed, state, k, q, 1) > 0 or bad:
            _push(lists, listed, state, k)
    state[ROW] = stop


@njit(cache=True)
def _try_swap(
    n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, upx, downx,
    lists, listed, state, i, j,
):  # fmt: skip
    """Swap the columns of rows i and j when that lowers the cost; True if swapped.
    Rows the swap brings into conflict go on the next sweep's list."""
    qi = place[i]
    qj = place[j]
    cost = _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, i, qj)
    cost += _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, j, qi)
    cost -= _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, i, qi)
    cost -= _forbidden(n, m, rows, colindex, used_sum, used_diff, blocked, j, qj)
    cost *= FORBIDDEN_COST
    # the pairs lost are known before moving; the pairs gained need the move (a queen
    # joining a diagonal the other one left), so move, and move back if no better
    cost += _put(n, rows, up, down, upx, downx, lists, listed, state, i, qi, -1)
    cost += _put(n, rows, up, down, upx, downx, lists, listed, state, j, qj, -1)
    mark = state[NEXT]
    cost += _put(n, rows, up, down, upx, downx, lists, listed, state, i, qj, 1)
    cost += _put(n, rows, up, down, upx, downx, lists, listed, state, j, qi, 1)
    if cost < 0:
        place[i] = qj
        place[j] = qi
        return True
    for at in range(mark, state[NEXT]):  # listed by the trial move: take them off again
        listed[lists[1 - state[CUR], at]] = 0
    state[NEXT] = mark
    _put(n, rows, up, down, upx, downx, lists, listed, state, i, qj, -1)
    _put(n, rows, up, down, upx, downx, lists, listed, state, j, qi, -1)
    _put(n, rows, up, down, upx, downx, lists, listed, state, i, qi, 1)
    _put(n, rows, up, down, upx, downx, lists, listed, state, j, qj, 1)
    for at in range(mark, state[NEXT]):  # the old clashes were listed already, or are
        listed[lists[1 - state[CUR], at]] = 0  # on this sweep's list still
    state[NEXT] = mark
    return False


@njit(cache=True)
def repair(
    n, rows, colindex, used_sum, used_diff, blocked, place, up, down, upx, downx,
    lists, listed, state, budget, tries,
):  # fmt: skip
    """Work down the conflicted rows until about `budget` swaps have been tried.

    A sweep takes the rows listed so far (none: SOLVED), each trying `tries` random
    partners; after a sweep without a swap the same rows try eight times as many (more
    than there are rows: STUCK). Returns WORKING otherwise.
    """
    m = rows.size
    if state[POS] >= state[FOUND]:
        if state[SWEEPS] > 0 and state[MADE] == 0:
            if state[TRIES] > m:
                return STUCK
            state[TRIES] *= 8
        else:
            state[TRIES] = tries
        state[CUR] = 1 - state[CUR]
        state[FOUND] = state[NEXT]
        state[NEXT] = 0
        for at in range(state[FOUND]):
            listed[lists[state[CUR], at]] = 0
        if state[FOUND] == 0:
            return SOLVED
        state[POS] = 0
        state[MADE] = 0
        state[SWEEPS] += 1
    spent = 0
    p = state[POS]
    while p < state[FOUND] and spent < budget:
        i = lists[state[CUR], p]
        p += 1
        if not _conflicted(n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, i):
            continue  # mended by an earlier swap
        for _ in range(state[TRIES]):
            spent += 1
            j = next_random(state) % m
            if j != i and _try_swap(
                n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, upx,
                downx, lists, listed, state, i, j,
            ):  # fmt: skip
                state[MADE] += 1
                state[SWAPS] += 1
                if _conflicted(
                    n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, j
                ):
                    _push(lists, listed, state, j)
                break
        if _conflicted(n, m, rows, colindex, used_sum, used_diff, blocked, place, up, down, i):
            _push(lists, listed, state, i)  # still in conflict: again next sweep
    state[POS] = p
    return WORKING
