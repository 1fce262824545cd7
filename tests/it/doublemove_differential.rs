//! Differential test of doublemove against an independent, deliberately naive implementation
//! of docs/rules/doublemove.md written here from the rules text alone.
//!
//! The reference is an 8x8 mailbox of FEN letters with men stepped square by square. It keeps
//! the turn's history instead of kaleido's pruned target set: the targets the opponent made in
//! its previous turn, the targets made so far in this turn, and whether sub-move 1 was an e.p.
//! capture; validity (§5: pawn on its landing square, target empty) is judged when a target is
//! used or written. kaleido must agree on the move list, the count, the FEN (hence the whole
//! turn state), the game end, and must read its own FEN back to the same position and hash.

use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::variants::board8::shuffled::shuffled_start_fen;
use kaleido::variants::doublemove::{Doublemove, SubMove};

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

    fn at(file: i32, rank: i32) -> usize {
        (rank * 8 + file) as usize
    }
    fn file(s: usize) -> i32 {
        (s % 8) as i32
    }
    fn rank(s: usize) -> i32 {
        (s / 8) as i32
    }
    fn name(s: usize) -> String {
        format!("{}{}", (b'a' + file(s) as u8) as char, rank(s) + 1)
    }
    fn parse_square(t: &str) -> usize {
        let b = t.as_bytes();
        at((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }
    fn white_man(p: u8) -> bool {
        p.is_ascii_uppercase()
    }
    fn man(role: u8, white: bool) -> u8 {
        if white {
            role.to_ascii_uppercase()
        } else {
            role
        }
    }

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
        pub promo: u8,
        pub kind: Kind,
        /// Castling's rook square (0 otherwise).
        pub rook: usize,
        /// Castling written as the king taking its rook.
        pub chess960: bool,
    }

    impl Mv {
        pub fn uci(self) -> String {
            if self.kind == Kind::Castle && self.chess960 {
                return name(self.from) + &name(self.rook);
            }
            let mut s = name(self.from) + &name(self.to);
            if self.promo != 0 {
                s.push(self.promo as char);
            }
            s
        }
    }

    /// A target: the square passed over and the square the pawn landed on.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Target {
        square: usize,
        landing: usize,
        by_white: bool,
    }

    #[derive(Clone)]
    pub struct Pos {
        board: [u8; 64],
        white: bool,
        /// The rook square of each right held: White h-side, White a-side, Black h-side, Black
        /// a-side (K, Q, k, q).
        castling: [Option<usize>; 4],
        /// Castling written king-takes-rook: the start's castling men stood off the classical
        /// squares.
        chess960: bool,
        /// 0: a one-sub-move turn, 1 or 2: the sub-move of a two-sub-move turn.
        sub: u8,
        /// Targets the opponent made during its previous turn.
        previous: Vec<Target>,
        /// Targets the side to move made so far in this turn.
        current: Vec<Target>,
        sub1_was_ep: bool,
        /// Some(true) when White captured the king.
        winner_white: Option<bool>,
        pub halfmove: u32,
        fullmove: u32,
    }

    impl Pos {
        pub fn from_fen(fen: &str) -> Pos {
            let f: Vec<&str> = fen.split_whitespace().collect();
            let mut board = [EMPTY; 64];
            for (i, row) in f[0].split('/').enumerate() {
                let r = 7 - i as i32;
                let mut c = 0;
                for ch in row.bytes() {
                    if ch.is_ascii_digit() {
                        c += (ch - b'0') as i32;
                    } else {
                        board[at(c, r)] = ch;
                        c += 1;
                    }
                }
            }
            let white = f[1].starts_with('w');
            let sub = match f[1].len() {
                1 => 0,
                _ => f[1][1..].parse().unwrap(),
            };
            let castling = crate::common::reference_castling(&board, f[2]);
            let chess960 = crate::common::reference_chess960(&board, &castling);
            let mut previous = Vec::new();
            let mut current = Vec::new();
            let mut sub1_was_ep = false;
            if f[3] != "-" {
                for t in f[3].split(',') {
                    let square = parse_square(t);
                    let by_white = rank(square) == 2;
                    let landing = if by_white { square + 8 } else { square - 8 };
                    let target = Target {
                        square,
                        landing,
                        by_white,
                    };
                    if by_white == white {
                        current.push(target);
                    } else {
                        previous.push(target);
                        if sub == 2 {
                            sub1_was_ep = true;
                        }
                    }
                }
            }
            let has_king = |w: bool| board.contains(&man(b'k', w));
            let winner_white = match (has_king(true), has_king(false)) {
                (true, false) => Some(true),
                (false, true) => Some(false),
                _ => None,
            };
            Pos {
                board,
                white,
                castling,
                chess960,
                sub,
                previous,
                current,
                sub1_was_ep,
                winner_white,
                halfmove: f[4].parse().unwrap(),
                fullmove: f[5].parse().unwrap(),
            }
        }

        fn valid(&self, t: &Target) -> bool {
            self.board[t.landing] == man(b'p', t.by_white) && self.board[t.square] == EMPTY
        }

        /// The targets the side to move may capture e.p. now (§5 rules 1-3).
        fn usable(&self) -> Vec<Target> {
            let allowed = self.sub != 2 || self.sub1_was_ep;
            if !allowed {
                return Vec::new();
            }
            self.previous
                .iter()
                .filter(|t| self.valid(t))
                .copied()
                .collect()
        }

        fn step(s: usize, df: i32, dr: i32) -> Option<usize> {
            let (f, r) = (file(s) + df, rank(s) + dr);
            ((0..8).contains(&f) && (0..8).contains(&r)).then(|| at(f, r))
        }
        fn own(&self, s: usize) -> bool {
            self.board[s] != EMPTY && white_man(self.board[s]) == self.white
        }
        fn enemy(&self, s: usize) -> bool {
            self.board[s] != EMPTY && white_man(self.board[s]) != self.white
        }

        fn add(moves: &mut Vec<Mv>, from: usize, to: usize, kind: Kind) {
            moves.push(Mv {
                from,
                to,
                promo: 0,
                kind,
                rook: 0,
                chess960: false,
            });
        }
        fn add_pawn(moves: &mut Vec<Mv>, from: usize, to: usize) {
            if rank(to) == 0 || rank(to) == 7 {
                for promo in [b'q', b'r', b'b', b'n'] {
                    moves.push(Mv {
                        from,
                        to,
                        promo,
                        kind: Kind::Normal,
                        rook: 0,
                        chess960: false,
                    });
                }
            } else {
                Self::add(moves, from, to, Kind::Normal);
            }
        }

        /// Every pseudo-legal sub-move, sorted by UCI.
        pub fn moves(&self) -> Vec<Mv> {
            let mut moves = Vec::new();
            if self.winner_white.is_some() {
                return moves;
            }
            for s in 0..64 {
                if !self.own(s) {
                    continue;
                }
                match self.board[s].to_ascii_lowercase() {
                    b'p' => self.pawn(s, &mut moves),
                    b'n' => self.leap(s, &KNIGHT, &mut moves),
                    b'k' => {
                        self.leap(s, &KING, &mut moves);
                        self.castle(s, &mut moves);
                    }
                    b'b' => self.slide(s, &DIAG, &mut moves),
                    b'r' => self.slide(s, &ORTHO, &mut moves),
                    b'q' => {
                        self.slide(s, &DIAG, &mut moves);
                        self.slide(s, &ORTHO, &mut moves);
                    }
                    other => panic!("piece {}", other as char),
                }
            }
            // One token per move: sort_by_key would format each move at every comparison.
            moves.sort_by_cached_key(|m| m.uci());
            moves
        }

        fn pawn(&self, s: usize, moves: &mut Vec<Mv>) {
            let dr = if self.white { 1 } else { -1 };
            let home = if self.white { 1 } else { 6 };
            if let Some(one) = Self::step(s, 0, dr) {
                if self.board[one] == EMPTY {
                    Self::add_pawn(moves, s, one);
                    if rank(s) == home {
                        let two = Self::step(one, 0, dr).unwrap();
                        if self.board[two] == EMPTY {
                            Self::add(moves, s, two, Kind::DoubleStep);
                        }
                    }
                }
            }
            let usable = self.usable();
            for df in [-1, 1] {
                let Some(t) = Self::step(s, df, dr) else {
                    continue;
                };
                if self.enemy(t) {
                    Self::add_pawn(moves, s, t);
                } else if usable.iter().any(|u| u.square == t) {
                    Self::add(moves, s, t, Kind::EnPassant);
                }
            }
        }

        fn leap(&self, s: usize, offsets: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &(df, dr) in offsets {
                if let Some(t) = Self::step(s, df, dr) {
                    if !self.own(t) {
                        Self::add(moves, s, t, Kind::Normal);
                    }
                }
            }
        }

        fn slide(&self, s: usize, dirs: &[(i32, i32)], moves: &mut Vec<Mv>) {
            for &(df, dr) in dirs {
                let mut cur = s;
                while let Some(t) = Self::step(cur, df, dr) {
                    if self.own(t) {
                        break;
                    }
                    Self::add(moves, s, t, Kind::Normal);
                    if self.enemy(t) {
                        break;
                    }
                    cur = t;
                }
            }
        }

        /// §4: the right, and every square king or rook crosses or lands on empty but for the
        /// two of them (from the classical start: the squares between them). No attacks.
        fn castle(&self, s: usize, moves: &mut Vec<Mv>) {
            let r = if self.white { 0 } else { 7 };
            let rights = if self.white { [0, 1] } else { [2, 3] };
            for i in rights {
                let Some(rook) = self.castling[i] else {
                    continue;
                };
                let (king_to, rook_to) = if i % 2 == 0 { (6, 5) } else { (2, 3) };
                let span = |a: i32, b: i32| a.min(b)..=a.max(b);
                let clear = span(file(s), king_to)
                    .chain(span(file(rook), rook_to))
                    .map(|f| at(f, r))
                    .all(|sq| sq == s || sq == rook || self.board[sq] == EMPTY);
                if rank(s) == r && clear {
                    moves.push(Mv {
                        from: s,
                        to: at(king_to, r),
                        promo: 0,
                        kind: Kind::Castle,
                        rook,
                        chess960: self.chess960,
                    });
                }
            }
        }

        pub fn play(&mut self, m: Mv) {
            let piece = self.board[m.from];
            let mut captured = EMPTY;
            if m.kind == Kind::Castle {
                // The king may stay put or land where its rook stood: lift both, put both down.
                let r = rank(m.from);
                let rook_to = at(if file(m.to) == 6 { 5 } else { 3 }, r);
                let rook = self.board[m.rook];
                self.board[m.from] = EMPTY;
                self.board[m.rook] = EMPTY;
                self.board[m.to] = piece;
                self.board[rook_to] = rook;
            } else {
                captured = self.board[m.to];
                self.board[m.from] = EMPTY;
                self.board[m.to] = if m.promo != 0 {
                    man(m.promo, self.white)
                } else {
                    piece
                };
                if m.kind == Kind::EnPassant {
                    let victim = at(file(m.to), rank(m.from));
                    captured = self.board[victim];
                    self.board[victim] = EMPTY;
                }
            }
            // §4: a king move (castling too) loses both rights, a move from or onto a rook's
            // square that rook's, and a captured king takes its side's rights with it.
            for i in 0..4 {
                let mine = (i < 2) == self.white;
                let touched = self.castling[i].is_some_and(|rook| rook == m.from || rook == m.to);
                let king_moved = mine && piece.eq_ignore_ascii_case(&b'k');
                let king_lost = !mine && captured.eq_ignore_ascii_case(&b'k');
                if touched || king_moved || king_lost {
                    self.castling[i] = None;
                }
            }
            if captured != EMPTY || piece.eq_ignore_ascii_case(&b'p') {
                self.halfmove = 0;
            } else {
                self.halfmove += 1;
            }
            if m.kind == Kind::DoubleStep {
                self.current.push(Target {
                    square: (m.from + m.to) / 2,
                    landing: m.to,
                    by_white: self.white,
                });
            }
            if captured.eq_ignore_ascii_case(&b'k') {
                self.winner_white = Some(self.white);
                self.end_turn();
                return;
            }
            if self.sub == 1 {
                self.sub = 2;
                self.sub1_was_ep = m.kind == Kind::EnPassant;
                if self.moves().is_empty() {
                    self.end_turn();
                }
            } else {
                self.end_turn();
            }
        }

        fn end_turn(&mut self) {
            if !self.white {
                self.fullmove += 1;
            }
            self.previous = std::mem::take(&mut self.current);
            self.sub1_was_ep = false;
            self.sub = 1;
            self.white = !self.white;
        }

        /// §8, written from the history.
        pub fn fen(&self) -> String {
            let mut placement = String::new();
            for r in (0..8).rev() {
                let mut run = 0;
                for f in 0..8 {
                    let p = self.board[at(f, r)];
                    if p == EMPTY {
                        run += 1;
                    } else {
                        if run > 0 {
                            placement.push_str(&run.to_string());
                            run = 0;
                        }
                        placement.push(p as char);
                    }
                }
                if run > 0 {
                    placement.push_str(&run.to_string());
                }
                if r > 0 {
                    placement.push('/');
                }
            }
            let side = format!(
                "{}{}",
                if self.white { "w" } else { "b" },
                ["", "1", "2"][self.sub as usize]
            );
            let castling = crate::common::reference_castling_field(&self.board, &self.castling);
            let mut listed: Vec<usize> = self
                .current
                .iter()
                .chain(self.usable().iter())
                .filter(|t| self.valid(t))
                .map(|t| t.square)
                .collect();
            listed.sort_by_key(|&s| (file(s), rank(s)));
            let ep = if listed.is_empty() {
                "-".to_string()
            } else {
                listed
                    .iter()
                    .map(|&s| name(s))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "{placement} {side} {castling} {ep} {} {}",
                self.halfmove, self.fullmove
            )
        }

        /// §6 without repetition: "K" (king captured, White won) / "k", "none" (no move at the
        /// start of a turn), "limit", or "".
        pub fn outcome(&self) -> &'static str {
            match self.winner_white {
                Some(true) => "K",
                Some(false) => "k",
                None if self.sub != 2 && self.moves().is_empty() => "none",
                None if self.halfmove >= 200 => "limit",
                None => "",
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .iter()
                .map(|&m| {
                    let mut n = self.clone();
                    n.play(m);
                    n.perft(depth - 1)
                })
                .sum()
        }
    }
}

use crate::common::Rng;
use reference::Pos;

fn outcome_code(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win { winner, .. }) if winner.index() == 0 => "K",
        Some(Outcome::Win { .. }) => "k",
        Some(Outcome::Draw {
            reason: EndReason::NoMoves,
        }) => "none",
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoveRule,
        }) => "limit",
        Some(other) => panic!("unexpected outcome {other:?}"),
        None => "",
    }
}

/// Compares kaleido and the reference at one position; returns kaleido's moves, each with
/// its UCI token, sorted by token.
fn check(
    k: &Doublemove,
    r: &Pos,
    failures: &mut Vec<String>,
) -> Vec<(String, <Doublemove as Game>::Move)> {
    let fen = k.fen();
    let mut list = Vec::new();
    k.legal_moves(&mut list);
    let mut listed: Vec<(String, _)> = list.iter().map(|&m| (k.format_move(m), m)).collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    let ours: Vec<String> = listed.iter().map(|(token, _)| token.clone()).collect();
    let theirs: Vec<String> = r.moves().iter().map(|m| m.uci()).collect();
    if ours != theirs {
        failures.push(format!(
            "{fen}: moves\n kaleido   {ours:?}\n reference {theirs:?}"
        ));
    }
    if k.count_legal_moves() != ours.len() as u64 {
        failures.push(format!("{fen}: count_legal_moves != list"));
    }
    if fen != r.fen() {
        failures.push(format!("FEN: kaleido {fen}, reference {}", r.fen()));
    }
    if outcome_code(k.rule_outcome()) != r.outcome() {
        failures.push(format!(
            "{fen}: outcome {:?}, reference '{}'",
            k.rule_outcome(),
            r.outcome()
        ));
    }
    if k.hash() != k.hash_from_scratch() {
        failures.push(format!("{fen}: incremental hash differs from scratch"));
    }
    match Doublemove::from_fen(&fen) {
        Ok(back) => {
            if back.fen() != fen || back.hash() != k.hash() {
                failures.push(format!("{fen}: reads back as {}", back.fen()));
            }
        }
        Err(e) => failures.push(format!("{fen}: own FEN refused: {e}")),
    }
    listed
}

/// Start positions: the game's, and ones crowded with pawns that double-step past each other
/// (e.p. on both sub-moves, two targets a turn), castling, promotions and kings in reach.
const STARTS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w1 KQkq - 0 1",
    "r3k2r/pppppppp/8/P1P1P1P1/1p1p1p1p/8/PPPPPPPP/R3K2R b1 KQkq - 0 1",
    "4k3/pppppppp/8/PPPPPPPP/pppppppp/8/PPPPPPPP/4K3 w1 - - 0 1",
    "r3k2r/1P4P1/8/2pP1pP1/8/8/1p4p1/R3K2R w1 KQkq c6,f6 0 1",
    "4k3/3p1p2/8/4P1P1/8/8/8/4K3 b1 - - 190 1",
    // Walled-in men with three pawn steps left: a turn ends after one sub-move, then no move.
    "RBQKBRRR/PPPPPPPP/8/2P5/P7/8/8/7k w1 - - 0 1",
    "K7/8/8/p7/2p5/8/pppppppp/rbqkbrrr b1 - - 0 1",
];

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut failures = Vec::new();
    let mut positions = 0;
    let mut ep_moves = 0;
    let mut ep_on_sub_move_2 = 0;
    let mut king_captures = 0;
    let mut passes = 0;
    let mut castlings = 0;
    // The set starts, then shuffled ones (Chess960 and double-shuffled), fewer games each.
    let mut starts: Vec<(String, usize)> = STARTS.iter().map(|s| (s.to_string(), 150)).collect();
    for n in [0u16, 959, 357, 518, 100] {
        starts.push((shuffled_start_fen(n, n).unwrap(), 30));
        starts.push((shuffled_start_fen(n, (n * 7 + 13) % 960).unwrap(), 30));
    }
    for (start, games) in &starts {
        for _ in 0..*games {
            let mut k = Doublemove::from_fen(start).unwrap();
            let mut r = Pos::from_fen(start);
            for _ in 0..120 {
                positions += 1;
                let moves = check(&k, &r, &mut failures);
                if !failures.is_empty() || moves.is_empty() {
                    break;
                }
                // Prefer e.p. captures when there are any, to walk the §5 cases often.
                let eps: Vec<&(String, _)> = moves
                    .iter()
                    .filter(|(_, mv)| mv.kind() == kaleido::variants::board8::MoveKind::EnPassant)
                    .collect();
                let (token, listed) = if !eps.is_empty() && rng.next().is_multiple_of(2) {
                    ep_moves += 1;
                    eps[rng.next() as usize % eps.len()].clone()
                } else {
                    moves[rng.next() as usize % moves.len()].clone()
                };
                // The token played reads back as the move it was written from.
                let mv = k.parse_move(&token).unwrap();
                assert_eq!(mv, listed, "{token} in {}", k.fen());
                castlings += usize::from(mv.kind() == kaleido::variants::board8::MoveKind::Castle);
                let before = k;
                k.play(mv);
                if mv.kind() == kaleido::variants::board8::MoveKind::EnPassant
                    && before.sub_move() == SubMove::Second
                {
                    ep_on_sub_move_2 += 1;
                }
                if k.winner().is_some() {
                    king_captures += 1;
                } else if before.sub_move() == SubMove::First
                    && k.side_to_move() != before.side_to_move()
                {
                    passes += 1;
                }
                let rm = r.moves().into_iter().find(|m| m.uci() == token).unwrap();
                r.play(rm);
            }
            if !failures.is_empty() {
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements, first:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    eprintln!(
        "{positions} positions, {ep_moves} e.p. captures ({ep_on_sub_move_2} on sub-move 2), \
         {king_captures} king captures, {passes} turns ended early"
    );
    assert!(positions > 10_000, "{positions} positions");
    assert!(ep_moves > 500, "only {ep_moves} e.p. captures played");
    assert!(
        ep_on_sub_move_2 > 50,
        "only {ep_on_sub_move_2} e.p. on sub-move 2"
    );
    assert!(king_captures > 200, "only {king_captures} king captures");
    assert!(passes > 50, "only {passes} turns ended early");
    assert!(castlings > 100, "only {castlings} castlings");
}

#[test]
fn perft_agrees_with_the_reference() {
    for (fen, depth) in [
        (STARTS[0], 4),
        (STARTS[1], 3),
        (STARTS[2], 3),
        (STARTS[3], 4),
        (STARTS[4], 3),
        (STARTS[5], 5),
    ] {
        let k = Doublemove::from_fen(fen).unwrap();
        let r = Pos::from_fen(fen);
        assert_eq!(
            kaleido::perft::perft(&k, depth),
            r.perft(depth),
            "{fen} depth {depth}"
        );
    }
}

/// The bench/perft count at depth 6 from the start, from the reference (minutes, not run by
/// default): `cargo test --release --test doublemove_differential -- --ignored`.
#[test]
#[ignore]
fn reference_perft_6_from_the_start() {
    let r = Pos::from_fen(STARTS[0]);
    assert_eq!(r.perft(6), 120_915_682);
}
