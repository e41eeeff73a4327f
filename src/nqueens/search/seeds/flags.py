"""Placement flags (seeds 000 and 002), recursive and with an explicit stack (seed 003)."""

FREE = 0
NOT_FREE = 1


def flags(n, found):
    col = [FREE] * n  # col[b]: is column b free?
    up = [FREE] * (2 * n - 1)  # up[a + b]: is the diagonal rising to the right free?
    down = [FREE] * (2 * n - 1)  # down[a - b + n - 1]: is the diagonal falling to the right free?
    pos = [0] * n  # pos[a]: the column of the queen on row a

    def put_queen(a):
        for b in range(n):
            if col[b] == FREE and up[a + b] == FREE and down[a - b + n - 1] == FREE:
                pos[a] = b
                col[b] = up[a + b] = down[a - b + n - 1] = NOT_FREE
                if a + 1 >= n:
                    found(pos)
                else:
                    put_queen(a + 1)
                col[b] = up[a + b] = down[a - b + n - 1] = FREE

    put_queen(0)


def flags_stack(n, found):
    col = [FREE] * n
    up = [FREE] * (2 * n - 1)
    down = [FREE] * (2 * n - 1)
    stack = []  # the saved positions: stack[a] is the column of the queen on row a
    a, b = 0, 0  # the square to try next: row a, column b
    while True:
        if b < n:
            if col[b] == FREE and up[a + b] == FREE and down[a - b + n - 1] == FREE:
                stack.append(b)
                col[b] = up[a + b] = down[a - b + n - 1] = NOT_FREE
                if a + 1 < n:
                    a, b = a + 1, 0  # on to the next row
                    continue
                found(stack)
            else:
                b += 1
                continue
        elif a == 0:
            return
        else:
            a -= 1  # no square left in this row: back to the row above
        b = stack.pop()
        col[b] = up[a + b] = down[a - b + n - 1] = FREE
        b += 1
