//! Differential test of kaleido's Gigachess move generator against an independent, deliberately
//! naive implementation of docs/rules/gigachess.md written here from the rules text alone.
//!
//! The reference is a 14x14 mailbox of FEN letters. Men are stepped square by square (slides,
//! the Cannon's screen, the Eagle's bent path), and a move is legal when, after making it on a
//! copy, no enemy move could land on the mover's King (§7: a square is attacked by every
//! capturing move an enemy man could make to it). It shares nothing with kaleido's move logic:
//! kaleido only supplies positions (random games from the start, from the rules' test positions
//! and from random placements) and its own answers, which must agree exactly: the move list,
//! the count, the FEN after every move (clocks, e.p. square, promotions), the incremental hash,
//! and kaleido reading its own FEN back.

use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::variants::gigachess::Gigachess;

mod reference {
    pub const SIZE: i32 = 14;
    const EMPTY: u8 = b'.';

    const KING: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    const CAMEL: [(i32, i32); 8] = [
        (1, 3),
        (3, 1),
        (-1, 3),
        (-3, 1),
        (1, -3),
        (3, -1),
        (-1, -3),
        (-3, -1),
    ];
    const ZEBRA: [(i32, i32); 8] = [
        (2, 3),
        (3, 2),
        (-2, 3),
        (-3, 2),
        (2, -3),
        (3, -2),
        (-2, -3),
        (-3, -2),
    ];

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Mv {
        pub from: usize,
        pub to: usize,
        pub en_passant: bool,
    }

    #[derive(Clone)]
    pub struct Pos {
        /// Index rank * 14 + file; FEN letters or '.'.
        pub board: [u8; 196],
        pub white: bool,
        pub ep: Option<usize>,
        pub halfmove: u32,
        pub fullmove: u32,
    }

    pub fn name(s: usize) -> String {
        format!("{}{}", (b'a' + (s % 14) as u8) as char, s / 14 + 1)
    }
    fn parse_square(t: &str) -> usize {
        let file = (t.as_bytes()[0] - b'a') as usize;
        let rank: usize = t[1..].parse().expect("rank");
        (rank - 1) * 14 + file
    }
    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..SIZE).contains(&file) && (0..SIZE).contains(&rank))
            .then(|| (rank * SIZE + file) as usize)
    }
    fn step(s: usize, df: i32, dr: i32) -> Option<usize> {
        at((s % 14) as i32 + df, (s / 14) as i32 + dr)
    }
    fn white_man(p: u8) -> bool {
        p.is_ascii_uppercase()
    }
    /// What a man becomes on its last rank (§5).
    fn promoted(role: u8) -> Option<u8> {
        match role {
            b'p' | b'o' => Some(b'q'),
            b'i' => Some(b'a'),
            b'n' | b'j' => Some(b'f'),
            b'e' | b'd' => Some(b'l'),
            b'x' => Some(b'h'),
            _ => None,
        }
    }

    impl Pos {
        pub fn from_fen(fen: &str) -> Pos {
            let f: Vec<&str> = fen.split_whitespace().collect();
            let mut board = [EMPTY; 196];
            for (i, row) in f[0].split('/').enumerate() {
                let rank = 13 - i;
                let mut file = 0;
                let mut run = 0;
                for c in row.bytes() {
                    if c.is_ascii_digit() {
                        run = run * 10 + (c - b'0') as usize;
                    } else {
                        file += run;
                        run = 0;
                        board[rank * 14 + file] = c;
                        file += 1;
                    }
                }
                assert_eq!(file + run, 14, "row {row}");
            }
            Pos {
                board,
                white: f[1] == "w",
                ep: (f[3] != "-").then(|| parse_square(f[3])),
                halfmove: f.get(4).map_or(0, |t| t.parse().unwrap()),
                fullmove: f.get(5).map_or(1, |t| t.parse().unwrap()),
            }
        }

        pub fn fen(&self) -> String {
            let mut rows = Vec::new();
            for rank in (0..14).rev() {
                let mut row = String::new();
                let mut run = 0;
                for file in 0..14 {
                    let p = self.board[rank * 14 + file];
                    if p == EMPTY {
                        run += 1;
                    } else {
                        if run > 0 {
                            row += &run.to_string();
                            run = 0;
                        }
                        row.push(p as char);
                    }
                }
                if run > 0 {
                    row += &run.to_string();
                }
                rows.push(row);
            }
            format!(
                "{} {} - {} {} {}",
                rows.join("/"),
                if self.white { 'w' } else { 'b' },
                self.ep.map_or("-".to_string(), name),
                self.halfmove,
                self.fullmove
            )
        }

        fn own(&self, s: usize, white: bool) -> bool {
            self.board[s] != EMPTY && white_man(self.board[s]) == white
        }
        fn enemy(&self, s: usize, white: bool) -> bool {
            self.board[s] != EMPTY && white_man(self.board[s]) != white
        }

        fn add(&self, moves: &mut Vec<Mv>, from: usize, to: usize) {
            moves.push(Mv {
                from,
                to,
                en_passant: false,
            });
        }

        fn leaps(&self, s: usize, white: bool, offsets: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &(df, dr) in offsets {
                if let Some(t) = step(s, df, dr) {
                    if !self.own(t, white) {
                        self.add(moves, s, t);
                    }
                }
            }
        }

        /// Slides from `origin` (not necessarily the mover's square) in one direction.
        fn slide(
            &self,
            from: usize,
            origin: usize,
            white: bool,
            d: (i32, i32),
            moves: &mut Vec<Mv>,
        ) {
            let mut cur = origin;
            while let Some(t) = step(cur, d.0, d.1) {
                if self.board[t] == EMPTY {
                    self.add(moves, from, t);
                    cur = t;
                    continue;
                }
                if self.enemy(t, white) {
                    self.add(moves, from, t);
                }
                break;
            }
        }

        /// §3.1: moves before the screen; beyond it, the next man if an enemy.
        fn cannon(&self, s: usize, white: bool, dirs: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &d in dirs {
                let mut cur = s;
                let mut screen = false;
                while let Some(t) = step(cur, d.0, d.1) {
                    cur = t;
                    if self.board[t] == EMPTY {
                        if !screen {
                            self.add(moves, s, t);
                        }
                        continue;
                    }
                    if !screen {
                        screen = true;
                        continue;
                    }
                    if self.enemy(t, white) {
                        self.add(moves, s, t);
                    }
                    break;
                }
            }
        }

        /// §3.2-3.3: a diagonal step; from an empty diagonal square, slides onward away from
        /// the start (horizontally only for the Eagle).
        fn bent(&self, s: usize, white: bool, horizontal: bool, moves: &mut Vec<Mv>) {
            for &(sx, sy) in &DIAG {
                let Some(p1) = step(s, sx, sy) else { continue };
                if self.own(p1, white) {
                    continue;
                }
                self.add(moves, s, p1);
                if self.board[p1] != EMPTY {
                    continue;
                }
                if horizontal {
                    self.slide(s, p1, white, (sx, 0), moves);
                }
                self.slide(s, p1, white, (0, sy), moves);
            }
        }

        /// Pawn, Corporal and Prince straight steps: one, or two over an empty square.
        fn pushes(&self, s: usize, dr: i32, moves: &mut Vec<Mv>, one_too: bool) {
            if let Some(t1) = step(s, 0, dr) {
                if self.board[t1] == EMPTY {
                    if one_too {
                        self.add(moves, s, t1);
                    }
                    if let Some(t2) = step(t1, 0, dr) {
                        if self.board[t2] == EMPTY {
                            self.add(moves, s, t2);
                        }
                    }
                }
            }
        }

        /// Every move of the men of `white`, ignoring the safety of its King.
        pub fn pseudo(&self, white: bool) -> Vec<Mv> {
            let mut moves = Vec::new();
            let dr = if white { 1 } else { -1 };
            for s in 0..196 {
                let p = self.board[s];
                if p == EMPTY || white_man(p) != white {
                    continue;
                }
                match p.to_ascii_lowercase() {
                    b'k' => self.leaps(s, white, &KING, &mut moves),
                    b'q' => {
                        for d in ORTHO.iter().chain(&DIAG) {
                            self.slide(s, s, white, *d, &mut moves);
                        }
                    }
                    b'r' => {
                        for d in ORTHO {
                            self.slide(s, s, white, d, &mut moves);
                        }
                    }
                    b'b' => {
                        for d in DIAG {
                            self.slide(s, s, white, d, &mut moves);
                        }
                    }
                    b'n' => self.leaps(s, white, &KNIGHT, &mut moves),
                    b'e' => {
                        self.leaps(s, white, &DIAG, &mut moves);
                        let two: Vec<(i32, i32)> =
                            DIAG.iter().map(|&(a, b)| (2 * a, 2 * b)).collect();
                        self.leaps(s, white, &two, &mut moves);
                    }
                    b'd' => {
                        self.leaps(s, white, &ORTHO, &mut moves);
                        let two: Vec<(i32, i32)> =
                            ORTHO.iter().map(|&(a, b)| (2 * a, 2 * b)).collect();
                        self.leaps(s, white, &two, &mut moves);
                    }
                    b'j' => self.leaps(s, white, &CAMEL, &mut moves),
                    b'f' => {
                        self.leaps(s, white, &KNIGHT, &mut moves);
                        self.leaps(s, white, &CAMEL, &mut moves);
                        self.leaps(s, white, &ZEBRA, &mut moves);
                    }
                    b'l' => {
                        let mut all = Vec::new();
                        for df in -2..=2 {
                            for dr2 in -2..=2 {
                                if (df, dr2) != (0, 0) {
                                    all.push((df, dr2));
                                }
                            }
                        }
                        self.leaps(s, white, &all, &mut moves);
                    }
                    b'm' | b'c' | b'a' => {
                        let role = p.to_ascii_lowercase();
                        if role != b'c' {
                            for d in ORTHO {
                                self.slide(s, s, white, d, &mut moves);
                            }
                        }
                        if role != b'm' {
                            for d in DIAG {
                                self.slide(s, s, white, d, &mut moves);
                            }
                        }
                        self.leaps(s, white, &KNIGHT, &mut moves);
                    }
                    b'z' => self.cannon(s, white, &ORTHO, &mut moves),
                    b'w' => self.cannon(s, white, &DIAG, &mut moves),
                    b'h' => self.bent(s, white, true, &mut moves),
                    b'x' => self.bent(s, white, false, &mut moves),
                    b'i' => {
                        self.leaps(s, white, &KING, &mut moves);
                        self.pushes(s, dr, &mut moves, false);
                    }
                    b'o' | b'p' => {
                        self.pushes(s, dr, &mut moves, true);
                        for df in [-1, 1] {
                            let Some(t) = step(s, df, dr) else { continue };
                            if Some(t) == self.ep && self.board[t] == EMPTY {
                                // §4 and Decision 6: onto the e.p. square only e.p.
                                moves.push(Mv {
                                    from: s,
                                    to: t,
                                    en_passant: true,
                                });
                            } else if self.enemy(t, white)
                                || (p.eq_ignore_ascii_case(&b'o') && self.board[t] == EMPTY)
                            {
                                self.add(&mut moves, s, t);
                            }
                        }
                    }
                    other => panic!("unknown man {}", other as char),
                }
            }
            moves
        }

        pub fn make(&self, m: Mv) -> Pos {
            let mut next = self.clone();
            let p = self.board[m.from];
            let role = p.to_ascii_lowercase();
            let capture = self.board[m.to] != EMPTY || m.en_passant;
            if m.en_passant {
                // The double-stepped man stands on the capturer's rank, on the target's file.
                next.board[(m.from / 14) * 14 + m.to % 14] = EMPTY;
            }
            next.board[m.from] = EMPTY;
            let last = if self.white { 13 } else { 0 };
            next.board[m.to] = match promoted(role) {
                Some(q) if m.to / 14 == last => {
                    if self.white {
                        q.to_ascii_uppercase()
                    } else {
                        q
                    }
                }
                _ => p,
            };
            let double = matches!(role, b'p' | b'o' | b'i') && m.from.abs_diff(m.to) == 28;
            next.ep = double.then_some((m.from + m.to) / 2);
            next.halfmove = if capture || matches!(role, b'p' | b'o') {
                0
            } else {
                self.halfmove + 1
            };
            if !self.white {
                next.fullmove += 1;
            }
            next.white = !self.white;
            next
        }

        fn king(&self, white: bool) -> usize {
            let k = if white { b'K' } else { b'k' };
            (0..196).find(|&s| self.board[s] == k).expect("a king")
        }

        pub fn attacked(&self, s: usize, by_white: bool) -> bool {
            self.pseudo(by_white).iter().any(|m| m.to == s)
        }

        pub fn in_check(&self) -> bool {
            self.attacked(self.king(self.white), !self.white)
        }

        pub fn legal(&self) -> Vec<Mv> {
            self.pseudo(self.white)
                .into_iter()
                .filter(|&m| {
                    let next = self.make(m);
                    !next.attacked(next.king(self.white), !self.white)
                })
                .collect()
        }

        pub fn uci(&self, m: Mv) -> String {
            let mut out = name(m.from) + &name(m.to);
            let last = if self.white { 13 } else { 0 };
            if m.to / 14 == last {
                if let Some(q) = promoted(self.board[m.from].to_ascii_lowercase()) {
                    out.push(q as char);
                }
            }
            out
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.legal()
                .iter()
                .map(|&m| self.make(m).perft(depth - 1))
                .sum()
        }
    }
}

use crate::common::{sorted_legal, Xorshift64 as Rng};
use reference::Pos;

/// What a run compared and what it met on the way, so a test can show it reached the rules it
/// is meant to exercise.
#[derive(Default)]
struct Run {
    failures: Vec<String>,
    positions: usize,
    checks: usize,
    mates: usize,
    en_passant: usize,
    promotions: usize,
}

impl Run {
    fn report(&self, name: &str) {
        eprintln!(
            "{name}: {} positions, {} in check, {} mates, {} with e.p. captures, {} promotions played",
            self.positions, self.checks, self.mates, self.en_passant, self.promotions
        );
        assert!(
            self.failures.is_empty(),
            "{} failures:\n{}",
            self.failures.len(),
            self.failures
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Compares everything kaleido says about one position with the reference; returns kaleido's
/// legal moves (as tokens, sorted).
fn check_position(g: &Gigachess, r: &Pos, run: &mut Run) -> Vec<String> {
    run.positions += 1;
    run.checks += r.in_check() as usize;
    run.en_passant += r.legal().iter().any(|m| m.en_passant) as usize;
    let failures = &mut run.failures;
    let fen = g.fen();
    if fen != r.fen() {
        failures.push(format!("FEN: kaleido {fen}\n  reference {}", r.fen()));
    }
    let ours = sorted_legal(g);
    let mut theirs: Vec<String> = r.legal().iter().map(|&m| r.uci(m)).collect();
    theirs.sort();
    if ours != theirs {
        let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
        let missing: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
        failures.push(format!(
            "{fen}: kaleido has extra {extra:?}, misses {missing:?}"
        ));
    }
    let dups = {
        let mut d = ours.clone();
        d.dedup();
        ours.len() - d.len()
    };
    if dups > 0 {
        failures.push(format!("{fen}: {dups} duplicate moves"));
    }
    if g.count_legal_moves() != ours.len() as u64 {
        failures.push(format!(
            "{fen}: count {} but {} moves listed",
            g.count_legal_moves(),
            ours.len()
        ));
    }
    if g.hash() != g.hash_from_scratch() {
        failures.push(format!("{fen}: incremental hash differs from scratch"));
    }
    match Gigachess::from_fen(&fen) {
        Ok(back) => {
            if back.fen() != fen || back.hash() != g.hash() {
                failures.push(format!("{fen}: does not read back to itself"));
            }
        }
        Err(e) => failures.push(format!("{fen}: kaleido cannot read its own FEN: {e}")),
    }
    let outcome = g.rule_outcome();
    let expected = if ours.is_empty() {
        Some(if r.in_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        })
    } else if r.halfmove >= 100 {
        Some(EndReason::FiftyMoveRule)
    } else {
        None
    };
    run.mates += (expected == Some(EndReason::Checkmate)) as usize;
    if outcome.map(Outcome::reason) != expected {
        failures.push(format!("{fen}: outcome {outcome:?}, expected {expected:?}"));
    }
    if g.in_check() != r.in_check() {
        failures.push(format!("{fen}: in_check disagrees"));
    }
    ours
}

/// Random games from `fen`, every position compared.
fn random_games(fen: &str, games: usize, plies: usize, rng: &mut Rng, run: &mut Run) {
    for _ in 0..games {
        let mut g = Gigachess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut r = Pos::from_fen(fen);
        for _ in 0..plies {
            let before = run.failures.len();
            let moves = check_position(&g, &r, run);
            if run.failures.len() > before || moves.is_empty() || g.rule_outcome().is_some() {
                break;
            }
            // Prefer captures and promotions half of the time, so games reach open positions
            // and the last ranks sooner than uniform choice would.
            let legal = r.legal();
            let sharp: Vec<&reference::Mv> = legal
                .iter()
                .filter(|m| {
                    m.en_passant
                        || r.board[m.to] != b'.'
                        || r.uci(**m).ends_with(char::is_alphabetic)
                })
                .collect();
            let m = if !sharp.is_empty() && rng.below(2) == 0 {
                *sharp[rng.below(sharp.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            let token = r.uci(m);
            run.promotions += token.ends_with(char::is_alphabetic) as usize;
            let mv = g.parse_move(&token).expect("a legal move parses");
            g.play(mv);
            r = r.make(m);
        }
    }
}

const T1: &str = "13k/14/4p1o1i5/14/3P1O1I6/14/14/14/14/14/14/14/14/K13 b - - 0 1";
const T3: &str = "13k/14/6z7/14/14/14/14/w13/6N7/14/3P10/6P7/14/1R4K7 w - - 0 1";
const START: &str = "wzjxflhamcxjzw/dernbiqkibnred/ppppoooooopppp/4pppppp4/14/14/14/14/14/14/4PPPPPP4/PPPPOOOOOOPPPP/DERNBIQKIBNRED/WZJXFLHAMCXJZW w - - 0 1";

/// The reference alone reproduces the rules file's perft vectors (shallow depths), so it is a
/// fair judge.
#[test]
fn reference_reproduces_the_rules_vectors() {
    assert_eq!(Pos::from_fen(START).perft(2), 1764);
    assert_eq!(Pos::from_fen(T1).perft(3), 5695);
    assert_eq!(Pos::from_fen(T3).perft(2), 236);
}

#[test]
fn random_games_from_the_start_and_the_test_positions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut run = Run::default();
    random_games(START, 8, 300, &mut rng, &mut run);
    random_games(T1, 10, 60, &mut rng, &mut run);
    random_games(T3, 10, 60, &mut rng, &mut run);
    // Double steps next to enemy Pawns and Corporals on a King's rank, with a Rook or a
    // Cannon behind: e.p. captures that expose the King, or leave it one screen.
    for fen in [
        "13k/14/4p3o5/14/K2P1O1I3N1r/14/14/14/14/14/14/14/14/14 b - - 0 1",
        "13k/14/4p1p7/14/K2P1O6Rz/14/14/14/14/14/14/14/14/14 b - - 0 1",
        "13k/14/2opo1i7/14/1P1P1O2K5/14/14/14/4w9/14/14/14/14/14 b - - 0 1",
    ] {
        random_games(fen, 10, 40, &mut rng, &mut run);
    }
    run.report("games");
    assert!(run.checks > 20 && run.en_passant > 10 && run.promotions > 5);
}

/// Sparse random placements: Cannons, Bows, Eagles and Ships close to the kings in all kinds
/// of configurations, which games from the start position reach only rarely.
#[test]
fn random_games_from_random_placements() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut run = Run::default();
    let letters = b"QRBNEDLHXJZWFMCAIOPZWHX";
    let mut placements = 0;
    while placements < 150 {
        let mut board = [b'.'; 196];
        let men = 4 + rng.below(14);
        board[rng.below(196)] = b'K';
        let bk = rng.below(196);
        if board[bk] != b'.' {
            continue;
        }
        board[bk] = b'k';
        for _ in 0..men {
            let s = rng.below(196);
            if board[s] == b'.' {
                let c = letters[rng.below(letters.len())];
                board[s] = if rng.below(2) == 0 {
                    c
                } else {
                    c.to_ascii_lowercase()
                };
            }
        }
        let mut rows = Vec::new();
        for rank in (0..14).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..14 {
                let p = board[rank * 14 + file];
                if p == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(p as char);
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let fen = format!("{} {side} - - 0 1", rows.join("/"));
        // Placements kaleido refuses (the side not to move in check, a man on its promotion
        // rank) are skipped; FEN errors have their own tests.
        if Gigachess::from_fen(&fen).is_err() {
            continue;
        }
        placements += 1;
        random_games(&fen, 1, 40, &mut rng, &mut run);
    }
    run.report("placements");
    assert!(run.checks > 100 && run.mates > 0 && run.promotions > 10);
}

/// Every position two plies deep from the rules' test positions.
#[test]
fn exhaustive_two_plies_from_the_test_positions() {
    let mut run = Run::default();
    for fen in [T1, T3] {
        let g = Gigachess::from_fen(fen).unwrap();
        let r = Pos::from_fen(fen);
        for token in check_position(&g, &r, &mut run) {
            let mut g1 = g;
            g1.play(g.parse_move(&token).unwrap());
            let m = *r.legal().iter().find(|&&m| r.uci(m) == token).unwrap();
            let r1 = r.make(m);
            for token2 in check_position(&g1, &r1, &mut run) {
                let mut g2 = g1;
                g2.play(g1.parse_move(&token2).unwrap());
                let m2 = *r1.legal().iter().find(|&&m| r1.uci(m) == token2).unwrap();
                check_position(&g2, &r1.make(m2), &mut run);
            }
        }
    }
    run.report("two plies");
}
