"""Kalah, a mancala: sow seeds around the board; the most seeds in your store wins."""


class Kalah:
    """Kalah with ``pits`` pits a side and ``seeds`` seeds in each pit at the start.

    A state is a tuple: player 0's pits and store, player 1's pits and store, then the player
    to move. The utility is the difference of the stores: a margin, not just a win.
    """

    num_players = 2

    def __init__(self, pits: int = 3, seeds: int = 2) -> None:
        self.pits = pits
        self.seeds = seeds

    def initial_state(self) -> tuple[int, ...]:
        side = (self.seeds,) * self.pits
        return (*side, 0, *side, 0, 0)

    def to_move(self, state: tuple[int, ...]) -> int:
        return state[-1]

    def actions(self, state: tuple[int, ...]) -> list[int]:
        first = state[-1] * (self.pits + 1)
        return [pit for pit in range(self.pits) if state[first + pit] > 0]

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        n, mover = self.pits, state[-1]
        board = list(state[:-1])
        position = mover * (n + 1) + action
        seeds, board[position] = board[position], 0
        store, skipped = mover * (n + 1) + n, (1 - mover) * (n + 1) + n
        while seeds:
            position = (position + 1) % (2 * n + 2)
            if position != skipped:
                board[position] += 1
                seeds -= 1
        own = range(mover * (n + 1), mover * (n + 1) + n)
        if position in own and board[position] == 1 and board[2 * n - position]:
            board[store] += board[2 * n - position] + 1  # a capture
            board[position] = board[2 * n - position] = 0
        if not any(board[:n]) or not any(board[n + 1 : 2 * n + 1]):
            board[n] += sum(board[:n])  # a side is empty: the rest go to their owners
            board[2 * n + 1] += sum(board[n + 1 : 2 * n + 1])
            board[:n] = [0] * n
            board[n + 1 : 2 * n + 1] = [0] * n
        return (*board, mover if position == store else 1 - mover)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        n = self.pits
        return not any(state[:n]) and not any(state[n + 1 : 2 * n + 1])

    def utility(self, state: tuple[int, ...], player: int) -> float:
        if not self.is_terminal(state):
            raise ValueError(f"the game is not over: {state}")
        n = self.pits
        margin = state[n] - state[2 * n + 1]
        return margin if player == 0 else -margin
