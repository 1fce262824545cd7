#!/usr/bin/env python3
"""The web board in a real browser: headless Chromium, driven by Selenium, plays every variant
against `kaleido gui` by clicking and dragging on the page, as a person would.

It plays moves in each variant (a promotion, a move across the cylinder's edge, a spin alone
and a move-then-spin, a doublemove turn of two sub-moves, a full trichess round of three
players, a Chess960 game chosen by its number and castled by putting the king onto its rook),
lets kaleido answer in several of them, uses FEN input, undo and PGN export, checks
the board after every move (the men the page draws against what the move must have done and
against the server's own state), and saves a screenshot after each step. It also checks the
layout (every coordinate label whole, the set-up bar one line at 1200 px, no sideways scrolling
at phone width), the seats named with who plays them, and kaleido's search shown while it runs.

Usage: play_all.py PATH_TO_KALEIDO [SCREENSHOT_DIR]   (default target/gui-screenshots)
Exits non-zero on the first failure. Needs /usr/bin/chromium, /usr/bin/chromedriver and the
`selenium` and `chess` PyPI packages (tests/run installs them).
"""
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

# python-chess, the reference for Chess960 FENs and PGN (`chess` here names the scenario).
from chess import Board as PythonChessBoard
from chess.pgn import read_game
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Board:
    """The page and the server behind it."""

    def __init__(self, driver, base, shots):
        self.driver = driver
        self.base = base
        self.shots = shots
        self.shot_count = 0

    # ------------------------------------------------------------------ the page's state

    def js(self, script):
        return self.driver.execute_script(script)

    def state(self):
        return self.js("return window.kaleido.state")

    def idle(self):
        return self.js("const k = window.kaleido; return !!k.state && !k.busy && !k.state.thinking")

    def wait(self, predicate, what, timeout=30):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: predicate())
        except TimeoutException:
            raise Failure(f"timed out waiting for {what}; status: {self.status()!r}, "
                          f"error: {self.error()!r}") from None

    def wait_plies(self, n, timeout=60):
        self.wait(lambda: self.idle() and len(self.state()["history"]) == n,
                  f"{n} plies in the game", timeout)

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def error(self):
        return self.driver.find_element(By.ID, "error").text

    def api_state(self):
        with urllib.request.urlopen(f"{self.base}/api/game/{self.state()['id']}") as r:
            return json.load(r)

    def men(self):
        """The men the page draws: cell -> (owner, name)."""
        drawn = self.js("""return [...document.querySelectorAll('#men .man')].map(
            (g) => [g.dataset.cell, Number(g.dataset.owner), g.dataset.name])""")
        return {cell: (owner, name) for cell, owner, name in drawn}

    def check_board(self, expected=None, empty=()):
        """The drawn men match the server's position; `expected` cells hold (owner, name) and
        `empty` cells nothing."""
        men = self.men()
        server = {m["cell"]: (m["owner"], m["name"]) for m in self.api_state()["men"]}
        check(men == server, f"the page draws {len(men)} men, the server has {len(server)}: "
                             f"{sorted(set(men.items()) ^ set(server.items()))[:6]}")
        check(self.state()["fen"] == self.api_state()["fen"], "the page's FEN is stale")
        for cell, man in (expected or {}).items():
            check(men.get(cell) == man, f"{cell} should hold {man}, holds {men.get(cell)}")
        for cell in empty:
            check(cell not in men, f"{cell} should be empty, holds {men.get(cell)}")
        check(self.error() == "", f"the page shows an error: {self.error()}")

    def shot(self, name, settle=0.55):
        """Saves a screenshot, after `settle` seconds (a spin's animation takes 0.45 s)."""
        self.shot_count += 1
        time.sleep(settle)
        path = os.path.join(self.shots, f"{self.shot_count:02d}-{name}.png")
        check(self.driver.save_screenshot(path), f"screenshot {path} failed")

    # ------------------------------------------------------------------ input

    def cell(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board .cell[data-cell="{name}"]')

    def click(self, name):
        ActionChains(self.driver).move_to_element(self.cell(name)).click().perform()

    def drag(self, src, dst):
        ActionChains(self.driver).move_to_element(self.cell(src)).click_and_hold() \
            .move_by_offset(3, 3).move_to_element(self.cell(dst)).release().perform()

    def step(self, src, dst, plies_after, by_drag=False):
        """Moves a man from src to dst and waits for the ply to be played."""
        if by_drag:
            self.drag(src, dst)
        else:
            self.click(src)
            targets = [c.get_attribute("data-target")
                       for c in self.driver.find_elements(By.CSS_SELECTOR, "#board .target")]
            check(dst in targets, f"{dst} is not highlighted as a target of {src}: {targets}")
            self.click(dst)
        self.wait_plies(plies_after)

    def choose(self, text):
        """Clicks the chooser's option whose label contains `text`."""
        self.wait(lambda: self.driver.find_element(By.ID, "chooser").is_displayed(), "the chooser")
        for b in self.driver.find_elements(By.CSS_SELECTOR, "#chooser-options button"):
            if text in b.text:
                b.click()
                return
        labels = [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, "#chooser-options button")]
        raise Failure(f"no option {text!r} among {labels}")

    def new_game(self, variant, seats, fen="", start=None):
        """seats: 'human' or a kaleido level per seat; start: a Chess960 start's number (in a
        variant with shuffled starts), else the usual start."""
        Select(self.driver.find_element(By.ID, "variant")).select_by_value(variant)
        for i, seat in enumerate(seats):
            value = "human" if seat == "human" else f"kaleido:{seat}"
            Select(self.driver.find_element(By.ID, f"seat-{i}")).select_by_value(value)
        box = self.driver.find_element(By.ID, "fen-input")
        box.clear()
        if fen:
            box.send_keys(fen)
        if self.driver.find_element(By.ID, "start").is_displayed():
            Select(self.driver.find_element(By.ID, "start")).select_by_value(
                "standard" if start is None else "chess960")
            if start is not None:
                number = self.driver.find_element(By.ID, "start-number")
                number.clear()
                number.send_keys(str(start))
        old = (self.state() or {}).get("id")
        self.driver.find_element(By.ID, "new-game").click()
        self.wait(lambda: self.idle() and self.state()["id"] != old
                  and self.state()["variant"] == variant, f"a new {variant} game")
        # Where kaleido moves first it is about to; the caller checks after its move.
        if seats[0] == "human":
            self.check_board()

    def last_turn_arrows(self):
        return len(self.driver.find_elements(By.CSS_SELECTOR, "#arrows line.arrow[marker-end]"))

    def engine_line(self):
        return self.driver.find_element(By.ID, "engine-line").text

    # ------------------------------------------------------------------ layout

    def labels_outside_board(self):
        """Coordinate labels not wholly inside the board's drawing (the SVG clips what is
        outside it): their text and how far they stick out, in CSS pixels."""
        return self.js("""const board = document.getElementById('board').getBoundingClientRect();
            return [...document.querySelectorAll('#board .label')].map((t) => {
                const r = t.getBoundingClientRect();
                const out = Math.max(board.left - r.left, r.right - board.right,
                                     board.top - r.top, r.bottom - board.bottom);
                return [t.textContent, out];
            }).filter(([, out]) => out > 0.5)""")

    def check_labels(self, variant):
        count = len(self.driver.find_elements(By.CSS_SELECTOR, "#board .label"))
        expected = len(self.state()["board"]["labels"])
        check(count == expected, f"{variant}: {count} labels drawn, {expected} given")
        outside = self.labels_outside_board()
        check(not outside, f"{variant}: labels cut off at the board's edge: {outside}")

    def header_lines(self):
        """How many lines the set-up bar's controls take, and the bar's height against its
        tallest control's."""
        return self.js("""const items = [document.querySelector('header h1'),
                ...document.querySelectorAll('#setup > label, #setup > button, #seats > label, ' +
                                             '#start-box > label, #start-box > input')];
            const tops = new Set();
            let tallest = 0;
            for (const item of items) {
                const r = item.getBoundingClientRect();
                if (!r.width && !r.height) continue;  // not shown in this variant
                tops.add(Math.round(r.top + r.height / 2));
                tallest = Math.max(tallest, r.height);
            }
            // Centres within a few pixels are one line.
            const lines = [...tops].sort((a, b) => a - b)
                .filter((t, i, all) => i === 0 || t - all[i - 1] > 4).length;
            return [lines, document.querySelector('header').getBoundingClientRect().height, tallest]""")

    def overflow(self):
        """Sideways overflow: the page's scroll width over the viewport's, and the elements
        that reach past its right edge."""
        return self.js("""const width = document.documentElement.clientWidth;
            const wide = [...document.querySelectorAll('body *')].filter((e) => {
                const r = e.getBoundingClientRect();
                return r.width > 0 && r.right > width + 0.5 && !e.closest('#chooser');
            }).map((e) => e.id || e.tagName.toLowerCase());
            return [document.documentElement.scrollWidth - width, wide.slice(0, 8)]""")

    def players(self):
        """The players panel: per seat, its text and whether it is marked to move."""
        return self.js("""return [...document.querySelectorAll('#players li')].map(
            (li) => [li.textContent, li.classList.contains('to-move')])""")

    def check_players(self, names):
        """Every seat named (with who plays it), and the side to move marked."""
        rows = self.players()
        check(len(rows) == len(names), f"{len(rows)} seats listed, not {len(names)}: {rows}")
        side = self.state()["side"]
        over = self.state()["outcome"] is not None
        for i, ((text, to_move), words) in enumerate(zip(rows, names)):
            for word in words:
                check(word in text, f"seat {i} reads {text!r}, without {word!r}")
            check(to_move == (i == side and not over), f"seat {i}'s turn mark is wrong: {rows}")
        check(self.state()["seats"][side]["name"] in self.status() or over,
              f"the status {self.status()!r} does not name the side to move")


WHITE, BLACK = 0, 1


def chess(b):
    b.new_game("chess", ["human", "human"])
    b.check_players([["White", "a person"], ["Black", "a person"]])
    b.step("e2", "e4", 1)
    b.check_board({"e4": (WHITE, "pawn")}, empty=["e2"])
    b.shot("chess-e4")
    b.step("e7", "e5", 2, by_drag=True)
    b.check_board({"e5": (BLACK, "pawn")}, empty=["e7"])
    b.step("g1", "f3", 3)
    check(b.state()["fen"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
          f"unexpected FEN {b.state()['fen']}")
    b.shot("chess-nf3")
    # Undo takes the knight back; PGN export lists the game.
    b.driver.find_element(By.ID, "undo").click()
    b.wait_plies(2)
    b.check_board({"g1": (WHITE, "knight")}, empty=["f3"])
    b.driver.find_element(By.ID, "pgn").click()
    b.wait(lambda: "1. e4 e5" in b.driver.find_element(By.ID, "pgn-text").get_attribute("value"),
           "the PGN")
    pgn = b.driver.find_element(By.ID, "pgn-text").get_attribute("value")
    check('[Variant "chess"]' in pgn and '[Result "*"]' in pgn, f"bad PGN: {pgn}")

    # A promotion from a FEN, picked in the chooser, and kaleido's answer.
    b.new_game("chess", ["human", 1], fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    b.click("b7")
    b.click("b8")
    b.choose("Q")
    b.wait_plies(2)
    b.check_players([["White", "you"], ["Black", "kaleido 800"]])
    check("White (you) to move" in b.status(), f"status: {b.status()}")
    b.check_board({"b8": (WHITE, "queen")}, empty=["b7"])
    check("kaleido 800 for Black" in b.engine_line(), f"no engine report: {b.engine_line()}")
    check(b.driver.find_element(By.ID, "pv").text.startswith("PV: K"), "no principal variation")
    b.shot("chess-promotion-and-reply")

    # Fool's mate: the mated king is marked and the page says who won.
    b.new_game("chess", ["human", "human"])
    for i, (src, dst) in enumerate([("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]):
        b.step(src, dst, i + 1)
    check("Black wins: checkmate" in b.status(), f"status after mate: {b.status()}")
    check("check" in b.cell("e1").get_attribute("class"), "the mated king is not marked")
    check(b.state()["moves"] == [], "moves are offered after mate")
    b.shot("chess-fools-mate")


def cylinder(b):
    # The rook on a1 goes left across the edge to h1.
    b.new_game("cylinder", ["human", "human"], fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    b.step("a1", "h1", 1)
    b.check_board({"h1": (WHITE, "rook")}, empty=["a1"])
    b.shot("cylinder-across-the-edge")
    b.new_game("cylinder", ["human", 1])
    b.step("d2", "d4", 2)
    b.check_board({"d4": (WHITE, "pawn")})
    b.shot("cylinder-reply")


def spinchess(b):
    b.new_game("spinchess", ["human", "human"])
    b.step("e2", "e4", 1)
    b.step("e7", "e5", 2)
    # White spins block a1 alone, clockwise: a2->b2, b2->b1, b1->a1, a1->a2.
    b.driver.find_element(By.ID, "spin").click()
    b.click("a2")
    b.choose("clockwise")
    b.wait_plies(3)
    b.check_board({"a2": (WHITE, "rook"), "b2": (WHITE, "pawn"), "b1": (WHITE, "pawn"),
                   "a1": (WHITE, "knight")})
    check(b.state()["history"][-1]["san"] == "1R", f"spin notation {b.state()['history'][-1]}")
    check(b.js("return window.kaleido.spinsAnimated") == 1, "the spin was not animated")
    b.shot("spinchess-spin-a1-clockwise")
    # Black moves Ng8-f6, then spins that block anticlockwise: f6->e6, e5->f5.
    b.click("g8")
    b.click("f6")
    b.choose("anticlockwise")
    b.wait_plies(4)
    b.check_board({"e6": (BLACK, "knight"), "f5": (BLACK, "pawn")}, empty=["f6", "e5", "g8"])
    check(b.state()["history"][-1]["token"] == "g8f6,e5ccw", f"{b.state()['history'][-1]}")
    check(b.js("return window.kaleido.spinsAnimated") == 2, "the second spin was not animated")
    b.shot("spinchess-move-then-spin")
    # kaleido answers for White.
    b.driver.find_element(By.ID, "engine-move").click()
    b.wait_plies(5)
    b.check_board()
    check(" for White: " in b.engine_line(), f"no engine report: {b.engine_line()}")
    b.shot("spinchess-kaleido")


def pick_step(b, preferred):
    """The first of `preferred` (from, to) pairs that is a legal one-gesture move now."""
    legal = {(m["gestures"][0]["from"], m["gestures"][0]["to"])
             for m in b.state()["moves"] if len(m["gestures"]) == 1 and m["gestures"][0]["kind"] == "step"}
    for pair in preferred:
        if pair in legal:
            return pair
    raise Failure(f"none of {preferred} is legal here")


def doublemove(b):
    b.new_game("doublemove", ["human", 1])
    # White's first turn is one move; kaleido's turn is two.
    b.step("e2", "e4", 3)
    h = b.state()["history"]
    check([p["player"] for p in h] == [0, 1, 1], f"turn order {[p['player'] for p in h]}")
    check(b.last_turn_arrows() == 2, f"{b.last_turn_arrows()} arrows for kaleido's two moves")
    b.check_board()
    b.shot("doublemove-kaleido-two-moves")
    # White's turn of two sub-moves: the page says White moves again in between.
    src, dst = pick_step(b, [("d2", "d4"), ("b1", "c3"), ("a2", "a3")])
    b.step(src, dst, 4)
    check("again" in b.status(), f"status after sub-move 1: {b.status()}")
    check(b.state()["side"] == WHITE, "White should move again")
    b.check_board({dst: b.men().get(dst)}, empty=[src])
    b.shot("doublemove-first-sub-move")
    src, dst = pick_step(b, [("g1", "f3"), ("g1", "h3"), ("h2", "h3")])
    b.click(src)
    b.click(dst)
    # kaleido answers at once with its own two sub-moves.
    b.wait_plies(7)
    h = b.state()["history"]
    check([p["player"] for p in h] == [0, 1, 1, 0, 0, 1, 1], f"turns {[p['player'] for p in h]}")
    check(h[4]["token"] == src + dst, f"White's second sub-move was {h[4]['token']}")
    check(b.last_turn_arrows() == 2, "kaleido's second turn is not two arrows")
    b.check_board()
    b.shot("doublemove-second-turns")


def gigachess(b):
    b.new_game("gigachess", ["human", "human"])
    b.step("a3", "a5", 1)
    b.check_board({"a5": (WHITE, "Pawn")}, empty=["a3"])
    b.step("d13", "c11", 2)
    b.check_board({"c11": (BLACK, "Knight")}, empty=["d13"])
    b.shot("gigachess")
    # kaleido opens as White; the person plays Black on a board turned round.
    b.new_game("gigachess", [1, "human"])
    b.wait_plies(1)
    b.check_board()
    check(b.js("return window.kaleido.view") == BLACK, "the board should be seen from Black's side")
    src, dst = pick_step(b, [("h11", "h10"), ("g11", "g10"), ("i11", "i10")])
    b.step(src, dst, 3)
    b.check_board({dst: (BLACK, "Pawn")}, empty=[src])
    b.shot("gigachess-black-against-kaleido")


def trichess(b):
    b.new_game("trichess", ["human", "human", "human"])
    # Player a's pawn double step (rules §10's example), then b and c each move a man.
    b.step("BN", "DL", 1)
    b.check_board({"DL": (0, "pawn")}, empty=["BN"])
    b.shot("trichess-a")
    for player, plies in [(1, 2), (2, 3)]:
        check(b.state()["side"] == player, f"player {player} should be to move")
        move = next(m for m in b.state()["moves"]
                    if len(m["gestures"]) == 1 and b.men().get(m["gestures"][0]["from"], (0, ""))[1] == "pawn")
        g = move["gestures"][0]
        b.step(g["from"], g["to"], plies)
        b.check_board({g["to"]: (player, "pawn")}, empty=[g["from"]])
        b.shot(f"trichess-{'abc'[player]}")
    check(b.state()["side"] == 0, "the round should come back to player a")
    check(b.driver.find_elements(By.CSS_SELECTOR, "#board polygon.cell").__len__() == 169,
          "the hexagon should have 169 cells")
    # kaleido plays player a's next move, and the two others play themselves.
    b.new_game("trichess", ["human", 1, 1])
    b.check_players([["Player a (ivory)", "you"], ["Player b (orange)", "kaleido 800"],
                     ["Player c (black)", "kaleido 800"]])
    b.step("BN", "DL", 3, by_drag=True)
    h = b.state()["history"]
    check([p["player"] for p in h] == [0, 1, 2], f"trichess turn order {[p['player'] for p in h]}")
    b.check_board({"DL": (0, "pawn")})
    check("kaleido 800" in b.engine_line(), "no engine report for trichess")
    check("Player c" in b.driver.find_element(By.ID, "pv").text, "no per-player evaluation")
    check("Expected points: Player a" in b.driver.find_element(By.ID, "shares").text,
          "no expected points after kaleido's move")
    b.shot("trichess-kaleido-round")
    # A person playing b sees b's home edge at the bottom (b's king starts on ED).
    b.new_game("trichess", [1, "human", 1])
    b.wait_plies(1)
    b.check_board()
    check(b.js("return window.kaleido.view") == 1, "the board should be seen from b's seat")
    king_y, board = b.js("""const r = (q) => document.querySelector(q).getBoundingClientRect();
        return [r('#board .cell[data-cell="ED"]').y, r('#board').y + r('#board').height / 2]""")
    check(king_y > board, "b's king should stand in the lower half of the turned board")
    move = next(m for m in b.state()["moves"] if len(m["gestures"]) == 1)
    g = move["gestures"][0]
    # After b's move, kaleido plays c and then a: the person is to move again at ply 4.
    b.step(g["from"], g["to"], 4)
    h = b.state()["history"]
    check([p["player"] for p in h] == [0, 1, 2, 0], f"turn order {[p['player'] for p in h]}")
    check(h[1]["token"] == g["from"] + g["to"], f"b's move was {h[1]['token']}")
    b.check_board()
    b.shot("trichess-seen-from-b")


def chess960(b):
    """A Chess960 start chosen by its number in the set-up bar, castled by dragging the king
    onto its own rook; the classical king's two-square step castles too. Start 746 is RKNNBBQR:
    once the knights are out, O-O-O takes the king from b1 to c1, where its ordinary step also
    goes, so only the king onto the rook castles."""
    b.new_game("chess", ["human", "human"], start=746)
    lines, _, _ = b.header_lines()
    check(lines == 1, f"with a start number the set-up bar takes {lines} lines at 1200 px")
    start = PythonChessBoard.from_chess960_pos(746)
    check(b.state()["fen"] == start.fen(), f"Chess960 #746 is {b.state()['fen']}, not {start.fen()}")
    name = b.driver.find_element(By.ID, "start-name").text
    check("Chess960 #746" in name, f"the page names the start {name!r}")
    for i, (src, dst) in enumerate([("d1", "e3"), ("a7", "a6"), ("c1", "d3"), ("h7", "h6")]):
        b.step(src, dst, i + 1)
    b.click("b1")
    targets = {c.get_attribute("data-target")
               for c in b.driver.find_elements(By.CSS_SELECTOR, "#board .target")}
    check({"a1", "c1"} <= targets, f"the king on b1 should go to a1 (castling) and c1: {targets}")
    b.click("b1")  # put down again, then drag it onto the rook
    b.step("b1", "a1", 5, by_drag=True)
    b.check_board({"c1": (WHITE, "king"), "d1": (WHITE, "rook")}, empty=["a1", "b1"])
    last = b.state()["history"][-1]
    check((last["san"], last["token"]) == ("O-O-O", "b1a1"), f"castling was {last}")
    b.shot("chess960-castled")
    # The PGN is Chess960 from its start in X-FEN, as python-chess reads and replays it.
    b.driver.find_element(By.ID, "pgn").click()
    b.wait(lambda: "O-O-O" in b.driver.find_element(By.ID, "pgn-text").get_attribute("value"),
           "the PGN")
    pgn = b.driver.find_element(By.ID, "pgn-text").get_attribute("value")
    game = read_game(io.StringIO(pgn))
    check(game.headers.get("Variant") == "Chess960" and game.headers.get("FEN") == start.fen(),
          f"bad Chess960 tags: {dict(game.headers)}")
    check(not game.errors and game.end().board().fen() == b.state()["fen"],
          f"python-chess replays the PGN to {game.end().board().fen()}: {game.errors}")
    # The classical king's two-square step castles where no other move goes there.
    b.new_game("chess", ["human", "human"], fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    check(b.driver.find_element(By.ID, "start-name").get_attribute("hidden") is not None,
          "a start name is shown for a FEN")
    b.step("e1", "g1", 1)
    b.check_board({"g1": (WHITE, "king"), "f1": (WHITE, "rook")}, empty=["e1", "h1"])
    check(b.state()["history"][-1]["san"] == "O-O", f"{b.state()['history'][-1]}")


ALL_HUMAN = {"chess": 2, "cylinder": 2, "spinchess": 2, "doublemove": 2, "gigachess": 2,
             "trichess": 3}


def layout(b):
    """At 1200 px: every variant's labels whole and the set-up bar on one line."""
    for variant, players in ALL_HUMAN.items():
        b.new_game(variant, ["human"] * players)
        b.check_labels(variant)
        lines, height, tallest = b.header_lines()
        check(lines == 1, f"{variant}: the set-up bar takes {lines} lines at 1200 px")
        check(height < 2 * tallest, f"{variant}: the bar is {height} px high, one line is {tallest}")
        check(b.overflow()[0] <= 0, f"{variant}: the page scrolls sideways: {b.overflow()}")
    # Turned round for Black, the labels stay beside the board and whole.
    b.new_game("gigachess", [1, "human"])
    b.wait_plies(1)
    b.check_labels("gigachess seen from Black")
    b.check_players([["White", "kaleido 800"], ["Black", "you"]])
    b.shot("gigachess-labels-from-black")


def thinking(b):
    """kaleido's search shows depth, score, nodes and its line while it runs (and in trichess
    every player's expected points); Move now ends it."""
    b.new_game("chess", ["human", 7])
    b.step("e2", "e4", 1)
    seen = watch_search(b, "chess", "chess-kaleido-thinking")
    check(len(seen) >= 2, f"chess: the live line never changed while kaleido thought: {seen}")
    b.driver.find_element(By.ID, "stop").click()
    b.wait_plies(2)
    check("kaleido full strength for Black" in b.engine_line() and "played" in b.engine_line(),
          f"no report after the search: {b.engine_line()}")
    check(b.js("return document.getElementById('engine-line').dataset.live") is None,
          "the panel still reads as thinking")
    print(f"   chess at full strength seen at depths {seen}")
    # Trichess: each player's expected points as the search reports them.
    b.new_game("trichess", [7, "human", "human"])
    seen = watch_search(b, "trichess", "trichess-kaleido-thinking")
    b.driver.find_element(By.ID, "stop").click()
    b.wait_plies(1)
    check("Expected points" in b.driver.find_element(By.ID, "shares").text, "no final shares")
    b.check_players([["Player a (ivory)", "kaleido full strength"], ["Player b (orange)", "a person"],
                     ["Player c (black)", "a person"]])
    print(f"   trichess at full strength seen at depths {seen}")


def watch_search(b, variant, shot):
    """Watches the live panel until it has shown two depths, or the search has run 6 s or
    answered: the depths seen. Each must come with a score and a node count. The caller says
    whether the line must have changed: a trichess search may answer, or stay on one depth for
    the whole watch, after showing a single depth."""
    depths = []
    lines = set()
    started = time.time()
    while time.time() - started < 20:
        # One read of the whole panel: the search may answer between two.
        live, pv, shares = b.js("""const text = (id) => document.getElementById(id).textContent;
            const live = document.getElementById('engine-line').dataset.live === '1';
            return [live ? text('engine-line') : null, text('pv'), text('shares')]""")
        if live is None and depths:
            break  # the search has answered
        if live is not None and "depth" in live:
            match = re.search(r"depth (\d+), ([-+#0-9.]+), ([\d,]+) nodes", live)
            check(match, f"{variant}: the live line lacks depth, score or nodes: {live!r}")
            check(int(match.group(3).replace(",", "")) > 0, f"{variant}: no nodes: {live!r}")
            check(pv.startswith("PV: "), f"{variant}: no line while thinking: {pv!r}")
            seats = b.state()["seats"]
            if len(seats) > 2:
                named = all(f"{seat['name']} " in shares for seat in seats)
                check(shares.startswith("Expected points: ") and named,
                      f"{variant}: no expected points while thinking: {shares!r}")
            if not depths or int(match.group(1)) != depths[-1]:
                depths.append(int(match.group(1)))
            if not lines:
                b.shot(shot, settle=0)
            lines.add(live)
            if len(depths) >= 2 or (depths and time.time() - started > 6):
                break
        time.sleep(0.05)
    check(depths, f"{variant}: no depth was shown while kaleido thought: {b.engine_line()!r}")
    return depths


def phone(b):
    """At 390 px wide (a phone): no sideways scrolling, the board fits and scales, labels whole."""
    b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        for variant, seats in [("chess", ["human", 1]), ("gigachess", ["human", "human"]),
                               ("trichess", ["human", 1, 1])]:
            b.new_game(variant, seats)
            width, board = b.js("""return [document.documentElement.clientWidth,
                document.getElementById('board').getBoundingClientRect().width]""")
            check(width == 390, f"the phone viewport is {width} px wide")
            check(300 < board <= width, f"{variant}: the board is {board} px wide at {width} px")
            excess, wide = b.overflow()
            check(excess <= 0 and not wide, f"{variant}: {excess} px of sideways scroll: {wide}")
            b.check_labels(f"{variant} on a phone")
            b.shot(f"phone-{variant}")
    finally:
        b.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2] if len(sys.argv) == 3 else "target/gui-screenshots")
    for tool in (binary, CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            print(f"FAIL: {tool} is missing", file=sys.stderr)
            return 1
    os.makedirs(shots, exist_ok=True)
    # A failure of an earlier run is not this run's.
    if os.path.exists(os.path.join(shots, "failure.png")):
        os.remove(os.path.join(shots, "failure.png"))
    port = free_port()
    server = subprocess.Popen([binary, "gui", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    profile = tempfile.mkdtemp(prefix="kaleido-chromium-")
    driver = None
    started = time.time()
    try:
        line = server.stdout.readline()
        check(f"127.0.0.1:{port}" in line, f"the server did not start: {line!r}")
        base = f"http://127.0.0.1:{port}"
        options = Options()
        options.binary_location = CHROMIUM
        for arg in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                    f"--user-data-dir={profile}", "--window-size=1200,900"]:
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(30)
        driver.get(base + "/")
        board = Board(driver, base, shots)
        board.wait(lambda: board.idle(), "the page to load")
        for scenario in (layout, chess, cylinder, spinchess, doublemove, gigachess, trichess,
                         thinking, phone, chess960):
            t = time.time()
            scenario(board)
            print(f"ok {scenario.__name__} ({time.time() - t:.1f} s)")
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not logs, f"errors in the browser console: {logs}")
        print(f"browser test: all variants played, {board.shot_count} screenshots in {shots} "
              f"({time.time() - started:.1f} s)")
        return 0
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        if driver is not None:
            driver.save_screenshot(os.path.join(shots, "failure.png"))
        return 1
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
