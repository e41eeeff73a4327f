"""Generate and test (seed 004): every board, checked only once it is complete."""


def brute_force(size, found):
    board = [0] * size  # board[row]: the column of the queen on that row

    def check_brute_force():
        for r in range(1, size):
            for i in range(r):
                val = abs(board[i] - board[r])
                if board[i] == board[r] or val == r - i:
                    return 0
        return 1

    def place(row):
        if row == size:
            if check_brute_force() == 1:
                found(board)
        else:
            for col in range(size):
                board[row] = col
                place(row + 1)

    place(0)


def permutations(size, found):
    board = [0] * size  # board[row]: the column of the queen on that row
    used = [False] * size  # used[col]: does a queen stand in that column?

    def check_permutation():
        for r in range(1, size):
            for i in range(r):
                val = abs(board[i] - board[r])
                if board[i] == board[r] or val == r - i:
                    return 0
        return 1

    def place(row):
        if row == size:
            if check_permutation() == 1:
                found(board)
        else:
            for col in range(size):
                if not used[col]:
                    board[row] = col
                    used[col] = True
                    place(row + 1)
                    used[col] = False

    place(0)
