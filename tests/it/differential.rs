//! Differential test of kaleido's legal move generators for chess and cylinder chess.
//!
//! This file carries its own, deliberately naive move generator (an 8x8 mailbox of FEN letters,
//! pieces stepped square by square, legality by making the move on a copy and asking whether
//! the mover's king is attacked). It shares nothing with kaleido's move logic: kaleido is only
//! used to produce positions (random games) and its own move lists, which must agree exactly.
//!
//! Rules: docs/rules/chess.md and docs/rules/cylinder.md. With `wrap` on, files are taken modulo 8 for every
//! step (leapers, sliders, pawn captures, en passant), ranks never wrap, a slider's ray ends
//! before it returns to its own origin, moves are deduplicated by (from, to, promotion), and
//! attacks are looked for along every ray, around the edge included. Castling uses the ordinary
//! path only, with wrap-aware attack tests, and the king must not end in check.

use kaleido::game::Game;
use kaleido::variants::board8::shuffled::shuffled_start_fen;
use kaleido::variants::chess::Chess;
use kaleido::variants::cylinder::Cylinder;

mod reference {
    const EMPTY: u8 = b'.';

    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const KING: [(i32, i32); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Kind {
        Normal,
        DoubleStep,
        EnPassant,
        Castle,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Mv {
        pub from: usize,
        pub to: usize,
        /// Lowercase promotion letter, or 0.
        pub promo: u8,
        pub kind: Kind,
    }

    /// A position: squares indexed rank * 8 + file (a1 = 0, h8 = 63), FEN letters or '.'.
    #[derive(Clone)]
    pub struct Pos {
        pub board: [u8; 64],
        pub white: bool,
        /// The rook square of each right still held: White h-side, White a-side, Black h-side,
        /// Black a-side (FIDE's K, Q, k, q).
        pub castling: [Option<usize>; 4],
        /// Castling written as the king taking its rook (`e1h1`) rather than its step (`e1g1`).
        pub chess960: bool,
        pub ep: Option<usize>,
        pub wrap: bool,
    }

    fn file(s: usize) -> i32 {
        (s % 8) as i32
    }
    fn rank(s: usize) -> i32 {
        (s / 8) as i32
    }
    fn at(file: i32, rank: i32) -> usize {
        (rank * 8 + file) as usize
    }
    fn square_name(s: usize) -> String {
        format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
    }
    fn parse_square(text: &str) -> usize {
        let b = text.as_bytes();
        assert!(b.len() == 2, "bad square {text}");
        at((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }
    fn is_white(p: u8) -> bool {
        p.is_ascii_uppercase()
    }
    /// The letter of `role` (lowercase) in the colour `white`.
    fn letter(role: u8, white: bool) -> u8 {
        if white {
            role.to_ascii_uppercase()
        } else {
            role
        }
    }

    impl Pos {
        pub fn from_fen(fen: &str, wrap: bool) -> Pos {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            assert!(fields.len() >= 4, "bad FEN {fen}");
            let mut board = [EMPTY; 64];
            for (i, row) in fields[0].split('/').enumerate() {
                let r = 7 - i as i32;
                let mut f = 0;
                for c in row.bytes() {
                    if c.is_ascii_digit() {
                        f += (c - b'0') as i32;
                    } else {
                        board[at(f, r)] = c;
                        f += 1;
                    }
                }
                assert_eq!(f, 8, "bad FEN row {row}");
            }
            let white = fields[1] == "w";
            let castling = crate::common::reference_castling(&board, fields[2]);
            let chess960 = crate::common::reference_chess960(&board, &castling);
            let ep = if fields[3] == "-" {
                None
            } else {
                Some(parse_square(fields[3]))
            };
            Pos {
                board,
                white,
                castling,
                chess960,
                ep,
                wrap,
            }
        }

        /// The same position with castling written king-takes-rook (`on`) or as the king's step.
        pub fn with_chess960(mut self, on: bool) -> Pos {
            self.chess960 = on;
            self
        }

        /// One step from `s`; files wrap on the cylinder, ranks never do.
        fn step(&self, s: usize, df: i32, dr: i32) -> Option<usize> {
            let mut f = file(s) + df;
            let r = rank(s) + dr;
            if !(0..8).contains(&r) {
                return None;
            }
            if self.wrap {
                f = f.rem_euclid(8);
            } else if !(0..8).contains(&f) {
                return None;
            }
            Some(at(f, r))
        }

        fn king_square(&self, white: bool) -> Option<usize> {
            let k = letter(b'k', white);
            (0..64).find(|&s| self.board[s] == k)
        }

        /// Whether `s` is attacked by a man of colour `by_white`, found by walking outward
        /// from `s` (every direction, around the edge on the cylinder).
        pub fn attacked(&self, s: usize, by_white: bool) -> bool {
            let pawn = letter(b'p', by_white);
            // A white pawn attacks upward, so it stands one rank below the square it attacks.
            let pawn_dr = if by_white { -1 } else { 1 };
            for df in [-1, 1] {
                if let Some(t) = self.step(s, df, pawn_dr) {
                    if self.board[t] == pawn {
                        return true;
                    }
                }
            }
            for (offsets, role) in [(&KNIGHT, b'n'), (&KING, b'k')] {
                let p = letter(role, by_white);
                for &(df, dr) in offsets.iter() {
                    if let Some(t) = self.step(s, df, dr) {
                        if self.board[t] == p {
                            return true;
                        }
                    }
                }
            }
            let queen = letter(b'q', by_white);
            for (dirs, role) in [(&ORTHO, b'r'), (&DIAG, b'b')] {
                let p = letter(role, by_white);
                for &(df, dr) in dirs.iter() {
                    let mut cur = s;
                    while let Some(t) = self.step(cur, df, dr) {
                        if t == s {
                            break; // all the way round: nothing on this rank
                        }
                        let q = self.board[t];
                        if q == p || q == queen {
                            return true;
                        }
                        if q != EMPTY {
                            break;
                        }
                        cur = t;
                    }
                }
            }
            false
        }

        fn own(&self, s: usize) -> bool {
            self.board[s] != EMPTY && is_white(self.board[s]) == self.white
        }
        fn enemy(&self, s: usize) -> bool {
            self.board[s] != EMPTY && is_white(self.board[s]) != self.white
        }

        fn push(moves: &mut Vec<Mv>, from: usize, to: usize, kind: Kind) {
            moves.push(Mv {
                from,
                to,
                promo: 0,
                kind,
            });
        }

        fn push_pawn(moves: &mut Vec<Mv>, from: usize, to: usize, kind: Kind) {
            if rank(to) == 0 || rank(to) == 7 {
                for promo in [b'q', b'r', b'b', b'n'] {
                    moves.push(Mv {
                        from,
                        to,
                        promo,
                        kind,
                    });
                }
            } else {
                Self::push(moves, from, to, kind);
            }
        }

        /// Pseudo-legal moves, deduplicated by (from, to, promotion).
        pub fn pseudo(&self) -> Vec<Mv> {
            let mut moves = Vec::new();
            for s in 0..64 {
                if !self.own(s) {
                    continue;
                }
                match self.board[s].to_ascii_lowercase() {
                    b'p' => self.pawn_moves(s, &mut moves),
                    b'n' => self.leaper_moves(s, &KNIGHT, &mut moves),
                    b'k' => {
                        self.leaper_moves(s, &KING, &mut moves);
                        self.castling_moves(s, &mut moves);
                    }
                    b'b' => self.slider_moves(s, &DIAG, &mut moves),
                    b'r' => self.slider_moves(s, &ORTHO, &mut moves),
                    b'q' => {
                        self.slider_moves(s, &DIAG, &mut moves);
                        self.slider_moves(s, &ORTHO, &mut moves);
                    }
                    other => panic!("unknown piece {}", other as char),
                }
            }
            moves.sort_by_key(|m| (m.from, m.to, m.promo));
            moves.dedup_by_key(|m| (m.from, m.to, m.promo));
            moves
        }

        fn pawn_moves(&self, s: usize, moves: &mut Vec<Mv>) {
            let dr = if self.white { 1 } else { -1 };
            let start_rank = if self.white { 1 } else { 6 };
            // Pushes never cross the edge (df = 0).
            if let Some(one) = self.step(s, 0, dr) {
                if self.board[one] == EMPTY {
                    Self::push_pawn(moves, s, one, Kind::Normal);
                    if rank(s) == start_rank {
                        if let Some(two) = self.step(one, 0, dr) {
                            if self.board[two] == EMPTY {
                                Self::push(moves, s, two, Kind::DoubleStep);
                            }
                        }
                    }
                }
            }
            // Captures (and en passant) wrap on the cylinder.
            for df in [-1, 1] {
                let Some(t) = self.step(s, df, dr) else {
                    continue;
                };
                if self.enemy(t) {
                    Self::push_pawn(moves, s, t, Kind::Normal);
                } else if Some(t) == self.ep && self.board[t] == EMPTY {
                    let victim = at(file(t), rank(s));
                    if self.board[victim] == letter(b'p', !self.white) {
                        Self::push(moves, s, t, Kind::EnPassant);
                    }
                }
            }
        }

        fn leaper_moves(&self, s: usize, offsets: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &(df, dr) in offsets {
                if let Some(t) = self.step(s, df, dr) {
                    if !self.own(t) {
                        Self::push(moves, s, t, Kind::Normal);
                    }
                }
            }
        }

        fn slider_moves(&self, s: usize, dirs: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &(df, dr) in dirs {
                let mut cur = s;
                while let Some(t) = self.step(cur, df, dr) {
                    if t == s {
                        break; // the origin blocks its own ray
                    }
                    if self.own(t) {
                        break;
                    }
                    Self::push(moves, s, t, Kind::Normal);
                    if self.enemy(t) {
                        break;
                    }
                    cur = t;
                }
            }
        }

        /// Castling, written here as the king moving onto its own rook. King and rook end on
        /// g and f (h-side) or c and d (a-side); every square either crosses or lands on must be
        /// empty but for the two of them, and no square from the king's start to its landing
        /// may be attacked (the landing is tested again, after the move, by `legal`).
        fn castling_moves(&self, s: usize, moves: &mut Vec<Mv>) {
            let r = if self.white { 0 } else { 7 };
            if rank(s) != r {
                return;
            }
            let rights = if self.white { [0, 1] } else { [2, 3] };
            for i in rights {
                let Some(rook) = self.castling[i] else {
                    continue;
                };
                if self.board[rook] != letter(b'r', self.white) {
                    continue;
                }
                let (king_to, rook_to) = if i % 2 == 0 { (6, 5) } else { (2, 3) };
                let between = |a: i32, b: i32| a.min(b)..=a.max(b);
                let crossed = between(file(s), king_to).chain(between(file(rook), rook_to));
                let blocked = crossed
                    .map(|f| at(f, r))
                    .any(|sq| sq != s && sq != rook && self.board[sq] != EMPTY);
                let attacked =
                    between(file(s), king_to).any(|f| self.attacked(at(f, r), !self.white));
                if !blocked && !attacked {
                    Self::push(moves, s, rook, Kind::Castle);
                }
            }
        }

        /// The position after `m` (any pseudo-legal move), with rights and e.p. updated.
        pub fn make(&self, m: Mv) -> Pos {
            let mut n = self.clone();
            let piece = n.board[m.from];
            let mover_is_king = piece.eq_ignore_ascii_case(&b'k');
            n.board[m.from] = EMPTY;
            match m.kind {
                Kind::Castle => {
                    // `to` is the rook's square: lift both, then put both down.
                    let r = rank(m.from);
                    let (king_to, rook_to) = if file(m.to) > file(m.from) {
                        (at(6, r), at(5, r))
                    } else {
                        (at(2, r), at(3, r))
                    };
                    let rook = n.board[m.to];
                    n.board[m.to] = EMPTY;
                    n.board[king_to] = piece;
                    n.board[rook_to] = rook;
                }
                _ => {
                    n.board[m.to] = if m.promo != 0 {
                        letter(m.promo, self.white)
                    } else {
                        piece
                    };
                    if m.kind == Kind::EnPassant {
                        n.board[at(file(m.to), rank(m.from))] = EMPTY;
                    }
                }
            }
            for i in 0..4 {
                let mine = (i < 2) == self.white;
                if n.castling[i].is_some_and(|rook| rook == m.from || rook == m.to)
                    || (mine && mover_is_king)
                {
                    n.castling[i] = None;
                }
            }
            n.ep = if m.kind == Kind::DoubleStep {
                Some((m.from + m.to) / 2)
            } else {
                None
            };
            n.white = !self.white;
            n
        }

        pub fn side_in_check(&self) -> bool {
            self.king_square(self.white)
                .is_some_and(|k| self.attacked(k, !self.white))
        }

        pub fn legal(&self) -> Vec<Mv> {
            self.pseudo()
                .into_iter()
                .filter(|&m| {
                    let n = self.make(m);
                    match n.king_square(self.white) {
                        Some(k) => !n.attacked(k, !self.white),
                        None => true,
                    }
                })
                .collect()
        }

        pub fn uci(&self, m: Mv) -> String {
            if m.kind == Kind::Castle && !self.chess960 {
                let king_to = if file(m.to) > file(m.from) { 6 } else { 2 };
                return square_name(m.from) + &square_name(at(king_to, rank(m.from)));
            }
            let mut s = square_name(m.from) + &square_name(m.to);
            if m.promo != 0 {
                s.push(m.promo as char);
            }
            s
        }

        /// Sorted UCI strings of the legal moves.
        pub fn legal_uci(&self) -> Vec<String> {
            let mut v: Vec<String> = self.legal().into_iter().map(|m| self.uci(m)).collect();
            v.sort();
            v
        }

        pub fn perft(&self, depth: u32) -> u64 {
            let moves = self.legal();
            if depth <= 1 {
                return if depth == 0 { 1 } else { moves.len() as u64 };
            }
            moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
        }
    }
}

use crate::common::{minus, sorted_tokens, Rng};
use reference::Pos;

/// What the compared positions contained, to show the random games reach the special cases.
#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    in_check: u64,
    castling_moves: u64,
    en_passant_moves: u64,
    en_passant_across_edge: u64,
    promotions: u64,
    promotions_across_edge: u64,
}

impl Stats {
    fn record(&mut self, pos: &Pos, legal: &[reference::Mv]) {
        use reference::Kind;
        self.positions += 1;
        if pos.side_in_check() {
            self.in_check += 1;
        }
        for m in legal {
            let across = (m.from % 8).abs_diff(m.to % 8) == 7;
            match m.kind {
                Kind::Castle => self.castling_moves += 1,
                Kind::EnPassant => {
                    self.en_passant_moves += 1;
                    self.en_passant_across_edge += across as u64;
                }
                _ => {}
            }
            if m.promo != 0 {
                self.promotions += 1;
                self.promotions_across_edge += across as u64;
            }
        }
    }
}

/// Compares kaleido with the reference at one position; returns kaleido's legal moves and
/// appends a description of every disagreement to `failures`.
fn check_position<G: Game>(
    g: &G,
    wrap: bool,
    chess960: bool,
    stats: &mut Stats,
    failures: &mut Vec<String>,
) -> Vec<G::Move> {
    let fen = g.fen();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let ours = sorted_tokens(g, &moves);
    let pos = Pos::from_fen(&fen, wrap).with_chess960(chess960);
    let legal = pos.legal();
    stats.record(&pos, &legal);
    let mut theirs: Vec<String> = legal.iter().map(|&m| pos.uci(m)).collect();
    theirs.sort();
    if ours != theirs {
        failures.push(format!(
            "[{}] {fen}\n  kaleido only: {:?}\n  reference only: {:?}",
            G::NAME,
            minus(&ours, &theirs),
            minus(&theirs, &ours)
        ));
    }
    if g.count_legal_moves() != moves.len() as u64 {
        failures.push(format!(
            "[{}] {fen}: count_legal_moves {} != legal_moves().len() {}",
            G::NAME,
            g.count_legal_moves(),
            moves.len()
        ));
    }
    if g.hash() != g.hash_from_scratch() {
        failures.push(format!(
            "[{}] {fen}: incremental hash != hash from scratch",
            G::NAME
        ));
    }
    match G::from_fen(&fen) {
        Ok(back) => {
            if back.fen() != fen {
                failures.push(format!(
                    "[{}] FEN round trip: {fen} -> {}",
                    G::NAME,
                    back.fen()
                ));
            }
            if back.hash() != g.hash() {
                failures.push(format!(
                    "[{}] {fen}: reparsed position hashes differently",
                    G::NAME
                ));
            }
        }
        Err(e) => failures.push(format!("[{}] {fen}: own FEN rejected: {e:?}", G::NAME)),
    }
    moves
}

const COMMON_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Position 3 is illegal on the cylinder (the rook on b4 sees h4 via a4): chess only.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p2/6k1/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    // Cylinder-flavoured starts (all legal chess positions too).
    "4k3/8/8/8/8/b7/8/R3K2R w KQ - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "4k3/8/8/8/8/8/8/rN2K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3KB1r w Q - 0 1",
    "4k3/8/8/1K6/8/8/8/2R2b2 w - - 0 1",
    "4k3/8/8/8/6b1/7N/8/1K6 w - - 0 1",
    "4k3/7p/8/P7/8/8/8/4K3 b - - 0 1",
    "4k3/p6p/8/1P4P1/8/8/P6P/4K3 b - - 0 1",
    "4k2r/P7/8/8/8/8/7p/R3K3 w Q - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "1k6/1b6/8/8/8/8/8/R3K2R w KQ - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 1",
];

fn random_games<G: Game>(wrap: bool, games_per_fen: u32) -> (Stats, Vec<String>) {
    let starts: Vec<String> = COMMON_FENS
        .iter()
        .enumerate()
        // Position 3 is illegal on the cylinder.
        .filter(|&(i, _)| !(wrap && i == 2))
        .map(|(_, fen)| fen.to_string())
        .collect();
    random_games_from::<G>(&starts, wrap, false, games_per_fen, 0x5EED_0000)
}

/// Random games of up to 120 plies from each of `starts`, every position compared. Castling is
/// written king-takes-rook through a whole game when `chess960` or when the start's own
/// castling men stand off the classical squares, as kaleido writes it.
fn random_games_from<G: Game>(
    starts: &[String],
    wrap: bool,
    chess960: bool,
    games_per_fen: u32,
    seed: u64,
) -> (Stats, Vec<String>) {
    let mut failures = Vec::new();
    let mut stats = Stats::default();
    for (i, fen) in starts.iter().enumerate() {
        let mut rng = Rng::new(seed + i as u64 + if wrap { 1000 } else { 0 });
        let start = match G::from_fen(fen) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("[{}] start FEN rejected: {fen}: {e:?}", G::NAME));
                continue;
            }
        };
        let chess960 = chess960 || Pos::from_fen(fen, wrap).chess960;
        for _ in 0..games_per_fen {
            let mut g = start.clone();
            for _ply in 0..=120 {
                let moves = check_position(&g, wrap, chess960, &mut stats, &mut failures);
                if moves.is_empty() || failures.len() > 50 {
                    break;
                }
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                g.play(mv);
            }
            if failures.len() > 50 {
                break;
            }
        }
    }
    (stats, failures)
}

fn report(name: &str, stats: &Stats, failures: &[String]) {
    let positions = stats.positions;
    eprintln!("{name}: {stats:?}");
    if !failures.is_empty() {
        for f in failures.iter().take(20) {
            eprintln!("{f}");
        }
        panic!(
            "{name}: {} disagreement(s) in {positions} positions",
            failures.len()
        );
    }
}

const GAMES_PER_FEN: u32 = 160;

#[test]
fn random_games_chess() {
    let (stats, failures) = random_games::<Chess>(false, GAMES_PER_FEN);
    report("chess", &stats, &failures);
    assert!(stats.castling_moves > 0 && stats.en_passant_moves > 0 && stats.promotions > 0);
}

#[test]
fn random_games_cylinder() {
    let (stats, failures) = random_games::<Cylinder>(true, GAMES_PER_FEN);
    report("cylinder", &stats, &failures);
    assert!(stats.castling_moves > 0 && stats.en_passant_across_edge > 0);
    assert!(stats.promotions_across_edge > 0);
}

/// Compares every node of the game tree below `g` down to `depth` plies.
fn walk<G: Game>(g: &G, wrap: bool, depth: u32, stats: &mut Stats, failures: &mut Vec<String>) {
    walk_as(g, wrap, false, depth, stats, failures);
}

/// `walk`, castling written king-takes-rook when `chess960`.
fn walk_as<G: Game>(
    g: &G,
    wrap: bool,
    chess960: bool,
    depth: u32,
    stats: &mut Stats,
    failures: &mut Vec<String>,
) {
    let moves = check_position(g, wrap, chess960, stats, failures);
    if depth == 0 || failures.len() > 50 {
        return;
    }
    for mv in moves {
        let mut next = g.clone();
        next.play(mv);
        walk_as(&next, wrap, chess960, depth - 1, stats, failures);
    }
}

/// Full trees (not just random lines) below the small, wrap-stressing starts, in both variants.
#[test]
fn exhaustive_trees() {
    let small: Vec<&str> = COMMON_FENS[10..].to_vec();
    let mut failures = Vec::new();
    let mut stats = Stats::default();
    for &fen in &small {
        walk(
            &Chess::from_fen(fen).unwrap(),
            false,
            3,
            &mut stats,
            &mut failures,
        );
        walk(
            &Cylinder::from_fen(fen).unwrap(),
            true,
            3,
            &mut stats,
            &mut failures,
        );
    }
    for &fen in &COMMON_FENS[..2] {
        walk(
            &Chess::from_fen(fen).unwrap(),
            false,
            2,
            &mut stats,
            &mut failures,
        );
        walk(
            &Cylinder::from_fen(fen).unwrap(),
            true,
            2,
            &mut stats,
            &mut failures,
        );
    }
    report("trees", &stats, &failures);
}

/// The reference generator itself reproduces the published perft vectors.
#[test]
fn reference_perft_vectors() {
    let cases: &[(&str, bool, u32, u64)] = &[
        (COMMON_FENS[0], false, 3, 8902),
        (COMMON_FENS[1], false, 2, 2039),
        (COMMON_FENS[2], false, 3, 2812),
        (COMMON_FENS[3], false, 3, 9467),
        (COMMON_FENS[4], false, 2, 1486),
        (COMMON_FENS[0], true, 2, 392),
        (COMMON_FENS[0], true, 3, 9162),
        ("4k3/8/8/8/8/b7/8/R3K2R w KQ - 0 1", true, 3, 7048),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", true, 3, 1593),
    ];
    for &(fen, wrap, depth, expected) in cases {
        assert_eq!(
            Pos::from_fen(fen, wrap).perft(depth),
            expected,
            "reference perft {depth} of {fen} (wrap {wrap})"
        );
    }
}

/// Both kaleido and the reference give exactly `expected` in `fen`.
fn expect_cylinder(fen: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    let reference = Pos::from_fen(fen, true).legal_uci();
    assert_eq!(
        reference, want,
        "reference disagrees with the hand list in {fen}"
    );
    let g = Cylinder::from_fen(fen).expect("valid FEN");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let ours = sorted_tokens(&g, &moves);
    assert_eq!(
        ours,
        want,
        "kaleido disagrees in {fen}: kaleido only {:?}, expected only {:?}",
        minus(&ours, &want),
        minus(&want, &ours)
    );
    assert_eq!(g.count_legal_moves(), want.len() as u64, "count in {fen}");
}

#[test]
fn cylinder_hand_positions() {
    // O-O would put the king on g1 in check: once the rook leaves h1 the black rook on a1 sees
    // g1 round the edge (a1-h1-g1). Nothing attacks e1, f1 or g1 before castling. The knight on
    // b1 is pinned (a1-b1-...-e1) and the rook on h1 too (a1-h1-g1-f1-e1): it may only stay on
    // the rank or capture.
    expect_cylinder(
        "4k3/8/8/8/8/8/8/rN2K2R w K - 0 1",
        &[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "h1a1", "h1f1", "h1g1",
        ],
    );
    // Queenside analogue: after O-O-O the a1 corner is empty and the black rook on h1 checks c1
    // via h1-a1-b1-c1. The bishop on f1 is pinned along the rank, the rook on a1 round the edge.
    expect_cylinder(
        "3k4/8/8/8/8/8/8/R3KB1r w Q - 0 1",
        &[
            "a1b1", "a1c1", "a1d1", "a1h1", "e1d1", "e1d2", "e1e2", "e1f2",
        ],
    );
    // A bishop on f1 checks b5 along two diagonals (e2-d3-c4 and g2-h3-a4): interposing on c4
    // is not enough; the king may not step onto either diagonal (a6 and c6 are seen through b5).
    expect_cylinder(
        "4k3/8/8/1K6/8/8/8/2R2b2 w - - 0 1",
        &["b5a5", "b5b4", "b5b6", "b5c5", "c1f1"],
    );
    // The knight on h3 is pinned across the edge by the bishop on g4 (g4-h3-a2-b1).
    expect_cylinder(
        "4k3/8/8/8/6b1/7N/8/1K6 w - - 0 1",
        &["b1a1", "b1a2", "b1b2", "b1c1", "b1c2"],
    );
    // The h-pawn captures towards the a-file.
    expect_cylinder(
        "4k3/8/8/8/8/p7/7P/4K3 w - - 0 1",
        &[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "h2a3", "h2h3", "h2h4",
        ],
    );
    // Promotion by a capture across the edge (a7xh8), besides the push.
    expect_cylinder(
        "4k2r/P7/8/8/8/8/8/4K3 w - - 0 1",
        &[
            "a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7h8b", "a7h8n", "a7h8q", "a7h8r", "e1d1", "e1d2",
            "e1e2", "e1f1", "e1f2",
        ],
    );
    // En passant across the edge: a5xh6 removing the pawn on h5.
    expect_cylinder(
        "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2",
        &["a5a6", "a5h6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
    // En passant across the edge that would expose the king: taking removes both a5 and h5 and
    // the rook on g5 then sees c5 via h5-a5-b5. The knight on e5 is pinned the other way.
    expect_cylinder(
        "4k3/8/8/P1K1N1rp/8/8/8/8 w - h6 0 2",
        &[
            "a5a6", "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6",
        ],
    );
    // Kings may not stand on adjacent files across the edge.
    expect_cylinder(
        "8/8/7k/8/K7/8/8/8 w - - 0 1",
        &["a4a3", "a4b3", "a4b4", "a4b5", "a4h3", "a4h4"],
    );
    // Two paths to g5 (d2-e3-f4 and b2-a3-h4) give one move.
    expect_cylinder(
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        &[
            "c1a3", "c1a7", "c1b2", "c1b8", "c1d2", "c1d8", "c1e3", "c1e7", "c1f4", "c1f6", "c1g5",
            "c1h4", "c1h6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    );
    // docs/rules/cylinder.md: castling blocked across the edge (19 moves, neither castling).
    expect_cylinder(
        "4k3/8/8/8/8/b7/8/R3K2R w KQ - 0 1",
        &[
            "a1a2", "a1a3", "a1b1", "a1c1", "a1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "h1f1",
            "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
        ],
    );
    // docs/rules/cylinder.md: rook on an open rank (19 moves, O-O-O legal).
    expect_cylinder(
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        &[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1f1",
            "a1g1", "a1h1", "e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    );
}

/// E.p. across the edge reached by actually playing the double step in kaleido.
#[test]
fn cylinder_en_passant_after_double_step() {
    let mut g = Cylinder::from_fen("4k3/7p/8/P7/8/8/8/4K3 b - - 0 1").expect("valid FEN");
    let mv = g.parse_move("h7h5").expect("h7h5 is legal");
    g.play(mv);
    let mut failures = Vec::new();
    let moves = check_position(&g, true, false, &mut Stats::default(), &mut failures);
    assert!(failures.is_empty(), "{failures:#?}");
    let list = sorted_tokens(&g, &moves);
    assert!(list.contains(&"a5h6".to_string()), "{} {list:?}", g.fen());
    assert_eq!(list.len(), 7, "{} {list:?}", g.fen());
    let ep = g.parse_move("a5h6").expect("a5h6 is legal");
    g.play(ep);
    assert_eq!(g.fen(), "4k3/8/7P/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(g.hash(), g.hash_from_scratch());
}

/// Shuffled starts: Chess960 starts (each side the same first rank) and double-shuffled ones
/// (each side its own), plus positions of the published Chess960 perft suite, whose castling
/// rights stand in every arrangement of king and rooks.
fn shuffled_starts(wrap: bool) -> Vec<String> {
    let mut rng = Rng::new(0x960);
    let mut starts = Vec::new();
    for _ in 0..12 {
        let n = (rng.next() % 960) as u16;
        starts.push(shuffled_start_fen(n, n).unwrap());
        let (w, b) = ((rng.next() % 960) as u16, (rng.next() % 960) as u16);
        starts.push(shuffled_start_fen(w, b).unwrap());
    }
    let suite = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/chess960.epd"
    ))
    .unwrap();
    let positions = suite.lines().filter_map(|line| line.strip_prefix("epd "));
    // Some of them are no cylinder positions (a king attacked round the seam).
    let usable = |fen: &&str| !wrap || Cylinder::from_fen(fen).is_ok();
    starts.extend(positions.filter(usable).step_by(20).map(String::from));
    starts
}

#[test]
fn random_games_chess960() {
    let (stats, failures) =
        random_games_from::<Chess>(&shuffled_starts(false), false, false, 6, 960);
    report("chess960", &stats, &failures);
    assert!(stats.castling_moves > 100, "{stats:?}");
}

#[test]
fn random_games_cylinder960() {
    let (stats, failures) =
        random_games_from::<Cylinder>(&shuffled_starts(true), true, false, 6, 960);
    report("cylinder960", &stats, &failures);
    assert!(stats.castling_moves > 100, "{stats:?}");
}

/// Whole trees from shuffled starts where castling comes early, both sides.
#[test]
fn exhaustive_trees_chess960() {
    let mut failures = Vec::new();
    let mut stats = Stats::default();
    // King g1 with rook h1 (it stays put), king b1 with rook a1 (walks away), king and rook
    // side by side (they swap), and a rook that shields the landing square from a queen.
    let fens = [
        "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1",
        "rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1",
        "4rkr1/8/8/8/8/8/8/4RKR1 w GEge - 0 1",
        "k7/8/8/8/8/8/8/qRK4R w KQ - 0 1",
        "2rkr3/8/8/8/8/8/8/R2K3R w HAec - 0 1",
    ];
    for fen in fens {
        let chess960 = Pos::from_fen(fen, false).chess960;
        walk_as(
            &Chess::from_fen(fen).unwrap(),
            false,
            chess960,
            3,
            &mut stats,
            &mut failures,
        );
        if let Ok(g) = Cylinder::from_fen(fen) {
            walk_as(&g, true, chess960, 3, &mut stats, &mut failures);
        }
    }
    report("trees960", &stats, &failures);
    assert!(stats.castling_moves > 100, "{stats:?}");
}
