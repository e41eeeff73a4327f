"""Slow, obvious reference solvers: what every fast function is compared with."""

from __future__ import annotations

import functools
import itertools


def naive_solutions(n: int) -> list[tuple[int, ...]]:
    """Every permutation, kept when no two queens share a diagonal (lexicographic)."""
    return [
        p
        for p in itertools.permutations(range(n))
        if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]


def naive_images(cols: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 images of a permutation, by moving each queen's square directly."""
    n = len(cols)
    squares = [(r, c) for r, c in enumerate(cols)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    images = set()
    for f in maps:
        moved = sorted(f(r, c) for r, c in squares)
        images.add(tuple(c for _, c in moved))
    return images


def naive_unique(n: int) -> int:
    """The number of symmetry classes among the solutions."""
    return len({min(naive_images(s)) for s in naive_solutions(n)})


def naive_attacks(cols: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every attacking pair, by looking at every pair of squares."""
    pairs = []
    for r1, r2 in itertools.combinations(range(len(cols)), 2):
        c1, c2 = cols[r1], cols[r2]
        if c1 == c2 or r1 + c1 == r2 + c2 or r1 - c1 == r2 - c2:
            pairs.append(((r1, c1), (r2, c2)))
    return pairs


def naive_lines(cols: list[int], *, wrap: bool = False) -> list[dict[int, list[int]]]:
    """The rows whose queens stand on each column, each diagonal (r + c) and each
    anti-diagonal (r - c), the diagonals taken modulo N where they wrap (a torus): every
    queen put on its three lines, one by one."""
    n = len(cols)
    kinds: list[dict[int, list[int]]] = [{}, {}, {}]
    for r, c in enumerate(cols):
        for kind, line in enumerate((c, r + c, r - c)):
            kinds[kind].setdefault(line % n if wrap and kind else line, []).append(r)
    return kinds


def naive_knight_pairs(cols: list[int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every pair of queens a knight's move apart, the earlier row first, in row order:
    each queen's four knight squares in the rows below looked up among the queens."""
    queens = set(enumerate(cols))
    return sorted(
        ((r, c), (r + dr, c + dc))
        for r, c in enumerate(cols)
        for dr, dc in ((1, -2), (1, 2), (2, -1), (2, 1))
        if (r + dr, c + dc) in queens
    )


def naive_variant_solutions(rows: int, cols: int, attacks: object) -> list[tuple[int, ...]]:
    """Every way to put one queen in each of `rows` rows on distinct columns of a board
    `cols` wide, kept when no pair `attacks(a, b)` (squares as (row, col)); lexicographic."""
    test = attacks  # a callable on two squares: the rules under test, applied pair by pair
    return [
        p
        for p in itertools.permutations(range(cols), rows)
        if not any(
            test((i, p[i]), (j, p[j]))  # type: ignore[operator]
            for i in range(rows)
            for j in range(i + 1, rows)
        )
    ]


def naive_toroidal_attack(n: int):  # type: ignore[no-untyped-def]
    """Queens on a torus: same row, column, or diagonal counted round the edges."""

    def attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
        (r1, c1), (r2, c2) = a, b
        return (
            r1 == r2 or c1 == c2 or (r1 - c1) % n == (r2 - c2) % n or (r1 + c1) % n == (r2 + c2) % n
        )

    return attack


def naive_superqueen_attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """A queen's line or a knight's jump, on an ordinary board."""
    (r1, c1), (r2, c2) = a, b
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return dr == 0 or dc == 0 or dr == dc or {dr, dc} == {1, 2}


def naive_queen_attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, c1), (r2, c2) = a, b
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def naive_classes(solutions: list[tuple[int, ...]], rows: int, cols: int) -> int:
    """Orbits of the solutions under the board's symmetries, by moving every square."""
    maps = [lambda r, c: (r, c), lambda r, c: (r, cols - 1 - c)]
    maps += [lambda r, c: (rows - 1 - r, c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
    if rows == cols:
        n = rows
        maps += [
            lambda r, c: (c, n - 1 - r),
            lambda r, c: (n - 1 - c, r),
            lambda r, c: (c, r),
            lambda r, c: (n - 1 - c, n - 1 - r),
        ]
    seen: set[tuple[int, ...]] = set()
    classes = 0
    for s in solutions:
        if s in seen:
            continue
        classes += 1
        for f in maps:
            moved = sorted(f(r, c) for r, c in enumerate(s))
            seen.add(tuple(c for _, c in moved))
    return classes


def naive_tree_levels(n: int, *, pruned: bool = True) -> list[tuple[int, int, int]]:
    """(nodes, dead ends, solutions) at each depth of the search tree, by recursion.

    A node is a safe queen in the next row (`pruned`, the backtracking tree) or any
    queen in the next row (brute force, every board tested only when complete). A
    node with no child that is not a solution is a dead end.
    """
    levels = [[0, 0, 0] for _ in range(n + 1)]

    def safe(cols: tuple[int, ...]) -> bool:
        row, col = len(cols) - 1, cols[-1]
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(cols[:-1]))

    def visit(cols: tuple[int, ...]) -> None:
        depth = len(cols)
        levels[depth][0] += 1
        if depth == n:
            full_ok = all(safe(cols[: k + 1]) for k in range(1, n))
            levels[depth][2 if full_ok else 1] += 1
            return
        children = [(*cols, c) for c in range(n)]
        if pruned:
            children = [child for child in children if safe(child)]
        if not children and depth:
            levels[depth][1] += 1
        for child in children:
            visit(child)

    visit(())
    return [tuple(level) for level in levels if level[0]]  # type: ignore[misc]


def naive_heatmap(n: int) -> list[list[int]]:
    """For every square, the solutions with a queen on it, from the list of solutions."""
    counts = [[0] * n for _ in range(n)]
    for solution in naive_solutions(n):
        for row, col in enumerate(solution):
            counts[row][col] += 1
    return counts


_all_solutions = functools.cache(naive_solutions)


def naive_completions(
    n: int,
    fixed: dict[int, int],
    blocked: frozenset[tuple[int, int]] = frozenset(),
    sums: frozenset[int] = frozenset(),
    diffs: frozenset[int] = frozenset(),
) -> list[tuple[int, ...]]:
    """Every solution keeping the fixed queens and avoiding blocked squares and the
    excluded diagonals (row + col in sums, row - col in diffs): all solutions, filtered."""
    return [
        cols
        for cols in _all_solutions(n)
        if all(cols[r] == c for r, c in fixed.items())
        and all(
            (r, c) not in blocked and r + c not in sums and r - c not in diffs
            for r, c in enumerate(cols)
        )
    ]


def naive_satisfiable(clauses: list[list[int]], variables: int) -> bool:
    """Whether a CNF formula has a model, by trying every assignment (tiny formulas only)."""
    for bits in range(1 << variables):
        if all(any((bits >> (abs(x) - 1) & 1) == (x > 0) for x in clause) for clause in clauses):
            return True
    return False


def expected_counts(method: str, n: int) -> tuple[int, int]:
    """(total, unique) a counting method must give for N: the published classic counts,
    or for a variant's method its published totals and classes, the classes counted by
    the plain Python search where the OEIS has none (small N only)."""
    from nqueens.engine.registry import METHODS
    from nqueens.known import known_counts
    from nqueens.variants import KNOWN_VARIANT_COUNTS, Rules, count

    variant = METHODS[method].variant
    if variant == "classic":
        return known_counts()[n]
    total, unique = KNOWN_VARIANT_COUNTS[variant].get(n, (None, None))
    rules = Rules.of(variant, n)
    if total is None:
        total = count(rules, fast=False)
    if unique is None:
        unique = count(rules, unique=True, fast=False)
    return total, unique


def naive_attack(variant: str, n: int):  # type: ignore[no-untyped-def]
    """The naive attack test of a square variant (toroidal or superqueens) of size n."""
    return naive_toroidal_attack(n) if variant == "toroidal" else naive_superqueen_attack


def naive_shading(variant: str, n: int, cols: tuple[int, ...]) -> dict[tuple[int, int], str]:
    """Every square below the queens that the variant's queens attack, and "line" when a
    classic queen would attack it too, else the variant's own kind ("wrap", "knight")."""
    attack = naive_attack(variant, n)
    queens = list(enumerate(cols))
    shading = {}
    for row in range(len(cols), n):
        for col in range(n):
            if any(attack(q, (row, col)) for q in queens):
                classic = any(naive_queen_attack(q, (row, col)) for q in queens)
                shading[row, col] = (
                    "line" if classic else "wrap" if variant == "toroidal" else "knight"
                )
    return shading


def naive_state(
    algorithm: str, n: int, queens: list[int], kind: str, square: tuple[int, int], checks: int
) -> dict[str, list[str]]:
    """The structures a teaching algorithm holds after a step, worked out from the queens on
    the board after it (`queens`), the step's kind and square, and the complete boards
    checked so far: what the panels must show, computed without the package."""
    on = [(r, c) for r, c in enumerate(queens)]
    row, col = square

    def bits(cells: set[int]) -> list[str]:
        return ["1" if c in cells else "0" for c in range(n)]

    if algorithm.startswith("flags"):
        state = {
            "col": bits({c for _, c in on}),
            "up": ["1" if any(r + c == i for r, c in on) else "0" for i in range(2 * n - 1)],
            "down": [
                "1" if any(r - c + n - 1 == i for r, c in on) else "0" for i in range(2 * n - 1)
            ],
        }
        if algorithm == "flags-stack":
            state["stack"] = [f"({r},{c})" for r, c in on]
        return state
    if algorithm.startswith("bitboard"):

        def masks(at: int) -> tuple[set[int], set[int], set[int]]:
            above = on[:at]
            return (
                {c for _, c in above},
                {c + at - r for r, c in above if c + at - r < n},
                {c - at + r for r, c in above if c - at + r >= 0},
            )

        def binary(cells: set[int]) -> list[str]:  # bit i under column i, as on the board
            return bits(cells)

        taken, left, right = masks(row)
        state = {
            "taken": binary(taken),
            "left": binary(left),
            "right": binary(right),
            "free": binary(set(range(n)) - taken - left - right),
        }
        if algorithm == "bitboard-stack":
            tried = [*queens[:row], col]
            state["stack"] = [
                "".join(binary({c for c in range(n) if c > tried[r]} - set().union(*masks(r))))
                for r in range(row + 1)
            ]
        return state
    board = [str(c) for c in queens] + ["."] * (n - len(queens))
    if algorithm == "backtracking":
        return {"board": board}
    state = {"board": board, "checks": [str(checks)]}
    if algorithm == "permutations":
        state["used"] = bits(set(queens))
    return state


def naive_first_test(
    algorithm: str, n: int, queens: list[int], square: tuple[int, int]
) -> tuple[tuple[int, int], str]:
    """The first test that rejects `square`, in the order the algorithm's code makes its
    tests, given the queens above it (for the generate-and-test searches, the whole
    board with the rejected square's queen on it): (the attacking queen, the test with
    its cell and value, as `Reject.test` writes it)."""
    a, b = square
    above = [(r, c) for r, c in enumerate(queens) if r < a]
    if algorithm.startswith("flags"):
        for name, index, on_line in (
            ("col", b, lambda r, c: c == b),
            ("up", a + b, lambda r, c: r + c == a + b),
            ("down", a - b + n - 1, lambda r, c: r - c == a - b),
        ):
            found = [(r, c) for r, c in above if on_line(r, c)]
            if found:
                (queen,) = found  # one queen at most on a line
                return queen, f"{name}[{index}] = 1"
        raise AssertionError(f"{square} is not attacked")
    for r, c in above:  # the check functions: the earlier queens from the top
        if naive_queen_attack((r, c), square):
            return (r, c), f"board[{r}] = {c}"
    raise AssertionError(f"{square} is not attacked")
