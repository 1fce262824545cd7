"""The search through the library: its answers are legal and well formed in every game, it
finds mates, gives several lines, releases the GIL, and stops from another thread."""

import threading
import time

import pytest

import kaleido


def replays(board, tokens):
    """Whether `tokens` play one after another from `board`."""
    board = board.copy()
    for token in tokens:
        if not board.is_legal(token):
            return False
        board.push(token)
    return True


@pytest.mark.parametrize("variant", kaleido.variants())
def test_a_search_answers_a_legal_turn_in_every_game(variant):
    board = kaleido.Board(variant)
    result = board.search(nodes=3000)
    assert result.best_move is not None and board.is_legal(result.best_move)
    assert result.nodes >= 1 and result.depth >= 1
    assert result.score is not None and result.mate is None
    assert replays(board, result.pv)
    assert ",".join(result.pv).startswith(result.best_move)
    line = result.lines[0]
    if board.players == 2:
        win, draw, loss = result.wdl
        assert win + draw + loss == 1000
        assert line.shares == []
    else:
        assert result.wdl is None
        assert len(line.shares) == board.players


def test_a_depth_limited_search_reaches_its_depth():
    result = kaleido.Board().search(depth=6)
    assert result.depth == 6
    assert result.seldepth >= 6


def test_mate_in_one_is_found():
    board = kaleido.Board("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    result = board.search(depth=4)
    assert result.best_move == "a1a8"
    assert result.mate == 1 and result.score is None
    board.push(result.best_move)
    assert board.is_checkmate()
    assert board.outcome().winner == kaleido.WHITE


def test_the_mated_side_sees_its_mate():
    # Black's one move, Kb8, walks into Rh8 mate.
    board = kaleido.Board("chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1")
    result = board.search(depth=4)
    assert result.best_move == "a8b8"
    assert result.mate == -1


def test_no_move_no_answer():
    board = kaleido.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert board.is_stalemate()
    result = board.search(depth=3)
    assert result.best_move is None and result.lines == [] and result.pv == []


def test_multipv_gives_distinct_lines_best_first():
    board = kaleido.Board()
    result = board.search(depth=5, multipv=4)
    assert len(result.lines) == 4
    firsts = [line.pv[0] for line in result.lines]
    assert len(set(firsts)) == 4
    assert firsts[0] == result.best_move
    scores = [line.score for line in result.lines]
    assert scores[1:] == sorted(scores[1:], reverse=True)
    assert all(board.is_legal(move) for move in firsts)


def test_a_search_leaves_the_board_as_it_was():
    board = kaleido.Board("doublemove")
    board.push("e2e4")
    fen, stack = board.fen(), board.move_stack
    board.search(nodes=2000)
    assert board.fen() == fen and board.move_stack == stack


def test_two_threads_search_at_once_with_their_single_thread_answers():
    boards = [kaleido.Board("chess"), kaleido.Board("cylinder")]
    alone = [board.search(nodes=20_000) for board in boards]
    together = [None, None]

    def search(i):
        together[i] = boards[i].search(nodes=20_000)

    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for a, b in zip(alone, together):
        assert (a.best_move, a.nodes, a.depth, a.pv) == (b.best_move, b.nodes, b.depth, b.pv)


def test_another_thread_stops_a_search_and_python_runs_meanwhile():
    board = kaleido.Board()
    results = []
    searching = threading.Thread(target=lambda: results.append(board.search(movetime=60)))
    searching.start()
    # The search has released the GIL: this thread runs, plays on another board and even
    # reads the searched one, while the search goes on.
    time.sleep(0.3)
    other = kaleido.Board()
    other.push("e2e4")
    assert board.fen() == kaleido.start_fen("chess")
    assert searching.is_alive()
    board.stop()
    searching.join(timeout=30)
    assert not searching.is_alive()
    (result,) = results
    assert result.best_move is not None and board.is_legal(result.best_move)
    assert result.time < 30


def test_perft_releases_the_gil():
    board = kaleido.Board()
    counts = []
    worker = threading.Thread(target=lambda: counts.append(board.perft(5)))
    worker.start()
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert counts == [4865609]
    # Held, the GIL would have kept this thread from ticking until the count was done.
    assert ticks > 5
