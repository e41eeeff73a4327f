"""Bitmaps (the series of seed 004): a row's taken columns and diagonals as the bits of
three integers, bit i for column i."""


def bitboard(n, found):
    full = (1 << n) - 1  # n ones: every column
    cols = [0] * n  # cols[row]: the column of the queen on that row

    def place_row(row, taken, left, right):
        avail = full & ~(taken | left | right)
        while avail:
            bit = avail & -avail  # the lowest free column
            avail ^= bit
            cols[row] = bit.bit_length() - 1
            if row + 1 < n:
                place_row(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
            else:
                found(cols)

    place_row(0, 0, 0, 0)


def bitboard_stack(n, found):
    full = (1 << n) - 1
    cols = [0] * n
    taken, left, right, avail = [0] * n, [0] * n, [0] * n, [0] * n  # one entry per row
    row = 0
    avail[0] = full
    while row >= 0:
        if avail[row] == 0:  # no square left to try in this row: step back
            row -= 1
            continue
        bit = avail[row] & -avail[row]
        avail[row] ^= bit
        cols[row] = bit.bit_length() - 1
        if row + 1 < n:
            taken[row + 1] = taken[row] | bit
            left[row + 1] = ((left[row] | bit) << 1) & full
            right[row + 1] = (right[row] | bit) >> 1
            avail[row + 1] = full & ~(taken[row + 1] | left[row + 1] | right[row + 1])
            row += 1
        else:
            found(cols)
