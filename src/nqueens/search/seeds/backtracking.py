"""Backtracking with a check function (seeds 001 and 004)."""


def backtracking(size, found):
    board = [0] * size  # board[row]: the column of the queen on that row

    def check_back_tracking(row):
        for i in range(row):
            val = abs(board[i] - board[row])
            if board[i] == board[row] or val == row - i:
                return 0
        return 1

    def back_tracking(row):
        if row == size:
            found(board)
        else:
            for col in range(size):
                board[row] = col
                if check_back_tracking(row) == 1:
                    back_tracking(row + 1)

    back_tracking(0)
