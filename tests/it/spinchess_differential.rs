//! Differential test of kaleido's spinchess turn generator and make-move.
//!
//! This file carries its own, deliberately simple spinchess reference (docs/rules/spinchess.md and
//! docs/rules/chess.md): an 8x8 mailbox of `Option<Man>`, pieces stepped square by square, every
//! candidate turn made on a copy of the board and judged on the position after the whole turn.
//! It shares nothing with kaleido's rules logic: kaleido only supplies positions (random games,
//! its own `play`) and its own turn lists, which must agree token for token.
//!
//! Reference rules, as implemented below:
//! - A-turns: FIDE moves (pawns push one square from any rank, their own first rank included;
//!   double steps only from rank 2 / rank 7; e.p.; promotions; castling with FIDE attack
//!   conditions from the classical start or a shuffled one), legal when the mover's king is
//!   not attacked afterwards.
//! - From fullmove 2: B-turns (a block with >= 1 own man, no enemy man, no king; cw and ccw) and
//!   C-turns (every pseudo-legal non-king move, each promotion choice, then a spin of the block
//!   holding the destination, which must hold no king after the move).
//! - Every candidate is made on a copy (move, spin, spin promotion) and is legal iff the mover's
//!   king is not attacked, no enemy pawn stands on its own last rank and the placement changed.
//! - A spin that leaves an own pawn on its last rank gives four turns (`q r b n` on the spin leg).
//! - Make-move: castling rights as FIDE plus any spin of the block holding a castling rook's
//!   start square (a1/g1/a7/g7 in the classical start); e.p. only after a
//!   type-A double step; halfmove reset by captures, pawn moves and any promotion (spin
//!   promotions included), not by pure spins; fullmove after Black's turn.
//! - FEN convention (kaleido's, also FIDE's "en-passant possibility"): the e.p. square is written
//!   only when an enemy pawn stands next to the double-stepped pawn, so could capture it.

use kaleido::game::Game;
use kaleido::variants::board8::shuffled::shuffled_start_fen;
use kaleido::variants::spinchess::Spinchess;

mod reference {
    pub const PROMOTIONS: [u8; 4] = [b'q', b'r', b'b', b'n'];

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

    /// A man: colour and lowercase role letter (`p n b r q k`).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Man {
        pub white: bool,
        pub role: u8,
    }

    /// `board[rank][file]`, rank 0 = rank 1, file 0 = file a.
    pub type Board = [[Option<Man>; 8]; 8];

    pub type Sq = (i32, i32); // (file, rank)

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Pos {
        pub board: Board,
        pub white: bool,
        /// The rook square of each right held: White h-side, White a-side, Black h-side, Black
        /// a-side (K, Q, k, q).
        pub castling: [Option<Sq>; 4],
        /// Castling written king-takes-rook: the start's castling men stood off the classical
        /// squares.
        pub chess960: bool,
        pub ep: Option<Sq>,
        pub halfmove: u32,
        pub fullmove: u32,
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
        pub from: Sq,
        pub to: Sq,
        pub promo: Option<u8>,
        pub kind: Kind,
        /// Castling's rook square, and whether the token names it (king takes rook) rather
        /// than the king's landing square.
        pub rook: Option<(Sq, bool)>,
    }

    /// A spin of the block whose lower-left square is (f0, r0).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Spin {
        pub f0: i32,
        pub r0: i32,
        pub cw: bool,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Turn {
        pub mv: Option<Mv>,
        pub spin: Option<Spin>,
        pub spin_promo: Option<u8>,
    }

    fn inside((f, r): Sq) -> bool {
        (0..8).contains(&f) && (0..8).contains(&r)
    }
    fn get(b: &Board, (f, r): Sq) -> Option<Man> {
        b[r as usize][f as usize]
    }
    fn set(b: &mut Board, (f, r): Sq, m: Option<Man>) {
        b[r as usize][f as usize] = m;
    }
    pub fn square_name((f, r): Sq) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }
    fn parse_square(text: &str) -> Sq {
        let b = text.as_bytes();
        assert!(b.len() == 2, "bad square {text}");
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }
    fn last_rank(white: bool) -> i32 {
        if white {
            7
        } else {
            0
        }
    }
    fn blocks() -> impl Iterator<Item = Sq> {
        (0..4).flat_map(|r| (0..4).map(move |f| (2 * f, 2 * r)))
    }
    fn block_squares((f0, r0): Sq) -> [Sq; 4] {
        [(f0, r0), (f0 + 1, r0), (f0, r0 + 1), (f0 + 1, r0 + 1)]
    }

    pub fn king_square(b: &Board, white: bool) -> Sq {
        for r in 0..8 {
            for f in 0..8 {
                if b[r as usize][f as usize] == Some(Man { white, role: b'k' }) {
                    return (f, r);
                }
            }
        }
        panic!("no king of colour white={white}");
    }

    /// Whether a man of colour `by_white` attacks `s` (FIDE captures only; spins never attack).
    pub fn attacked(b: &Board, s: Sq, by_white: bool) -> bool {
        let is = |t: Sq, role: u8| {
            inside(t)
                && get(b, t)
                    == Some(Man {
                        white: by_white,
                        role,
                    })
        };
        // A white pawn attacks upward, so it stands one rank below the square it attacks.
        let pawn_dr = if by_white { -1 } else { 1 };
        for df in [-1, 1] {
            if is((s.0 + df, s.1 + pawn_dr), b'p') {
                return true;
            }
        }
        for &(df, dr) in KNIGHT.iter() {
            if is((s.0 + df, s.1 + dr), b'n') {
                return true;
            }
        }
        for &(df, dr) in KING.iter() {
            if is((s.0 + df, s.1 + dr), b'k') {
                return true;
            }
        }
        for (dirs, role) in [(&ORTHO, b'r'), (&DIAG, b'b')] {
            for &(df, dr) in dirs.iter() {
                let mut t = (s.0 + df, s.1 + dr);
                while inside(t) {
                    if let Some(m) = get(b, t) {
                        if m.white == by_white && (m.role == role || m.role == b'q') {
                            return true;
                        }
                        break;
                    }
                    t = (t.0 + df, t.1 + dr);
                }
            }
        }
        false
    }

    /// The board as a mailbox of FEN letters (a1 = 0, '.' empty), for the shared castling
    /// readers.
    fn letters(b: &Board) -> [u8; 64] {
        let mut out = [b'.'; 64];
        for (i, cell) in out.iter_mut().enumerate() {
            if let Some(m) = b[i / 8][i % 8] {
                *cell = if m.white {
                    m.role.to_ascii_uppercase()
                } else {
                    m.role
                };
            }
        }
        out
    }

    impl Pos {
        pub fn from_fen(fen: &str) -> Pos {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            assert!(fields.len() == 6, "bad FEN {fen}");
            let mut board: Board = [[None; 8]; 8];
            for (i, row) in fields[0].split('/').enumerate() {
                let r = 7 - i as i32;
                let mut f = 0;
                for c in row.bytes() {
                    if c.is_ascii_digit() {
                        f += (c - b'0') as i32;
                    } else {
                        set(
                            &mut board,
                            (f, r),
                            Some(Man {
                                white: c.is_ascii_uppercase(),
                                role: c.to_ascii_lowercase(),
                            }),
                        );
                        f += 1;
                    }
                }
                assert_eq!(f, 8, "bad FEN row {row}");
            }
            let letters = letters(&board);
            let rooks = crate::common::reference_castling(&letters, fields[2]);
            let castling = rooks.map(|rook| rook.map(|sq| ((sq % 8) as i32, (sq / 8) as i32)));
            Pos {
                board,
                white: fields[1] == "w",
                castling,
                chess960: crate::common::reference_chess960(&letters, &rooks),
                ep: (fields[3] != "-").then(|| parse_square(fields[3])),
                halfmove: fields[4].parse().unwrap(),
                fullmove: fields[5].parse().unwrap(),
            }
        }

        pub fn placement(&self) -> String {
            let mut s = String::new();
            for r in (0..8).rev() {
                let mut empty = 0;
                for f in 0..8 {
                    match get(&self.board, (f, r)) {
                        None => empty += 1,
                        Some(m) => {
                            if empty > 0 {
                                s.push((b'0' + empty) as char);
                                empty = 0;
                            }
                            let c = if m.white {
                                m.role.to_ascii_uppercase()
                            } else {
                                m.role
                            };
                            s.push(c as char);
                        }
                    }
                }
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                }
                if r > 0 {
                    s.push('/');
                }
            }
            s
        }

        pub fn fen(&self) -> String {
            let rooks = self
                .castling
                .map(|rook| rook.map(|(f, r)| (r * 8 + f) as usize));
            let castling = crate::common::reference_castling_field(&letters(&self.board), &rooks);
            format!(
                "{} {} {} {} {} {}",
                self.placement(),
                if self.white { "w" } else { "b" },
                castling,
                self.ep.map_or("-".to_string(), square_name),
                self.halfmove,
                self.fullmove
            )
        }

        fn own(&self, s: Sq) -> bool {
            get(&self.board, s).is_some_and(|m| m.white == self.white)
        }
        fn enemy(&self, s: Sq) -> bool {
            get(&self.board, s).is_some_and(|m| m.white != self.white)
        }

        pub fn in_check(&self) -> bool {
            attacked(
                &self.board,
                king_square(&self.board, self.white),
                !self.white,
            )
        }

        /// Pseudo-legal moves of the side to move; king moves and castling only `with_king`.
        pub fn pseudo(&self, with_king: bool) -> Vec<Mv> {
            let mut moves = Vec::new();
            let mut add = |from: Sq, to: Sq, kind: Kind| {
                moves.push(Mv {
                    from,
                    to,
                    promo: None,
                    kind,
                    rook: None,
                })
            };
            let mut castles = Vec::new();
            let mut pawn_targets = Vec::new();
            for r in 0..8 {
                for f in 0..8 {
                    let s = (f, r);
                    if !self.own(s) {
                        continue;
                    }
                    let role = get(&self.board, s).unwrap().role;
                    let leap = |offsets: &[(i32, i32)], add: &mut dyn FnMut(Sq, Sq, Kind)| {
                        for &(df, dr) in offsets {
                            let t = (f + df, r + dr);
                            if inside(t) && !self.own(t) {
                                add(s, t, Kind::Normal);
                            }
                        }
                    };
                    let slide = |dirs: &[(i32, i32)], add: &mut dyn FnMut(Sq, Sq, Kind)| {
                        for &(df, dr) in dirs {
                            let mut t = (f + df, r + dr);
                            while inside(t) && !self.own(t) {
                                add(s, t, Kind::Normal);
                                if self.enemy(t) {
                                    break;
                                }
                                t = (t.0 + df, t.1 + dr);
                            }
                        }
                    };
                    match role {
                        b'p' => {
                            let dr = if self.white { 1 } else { -1 };
                            let second = if self.white { 1 } else { 6 };
                            let one = (f, r + dr);
                            if inside(one) && get(&self.board, one).is_none() {
                                pawn_targets.push((s, one, Kind::Normal));
                                let two = (f, r + 2 * dr);
                                if r == second && get(&self.board, two).is_none() {
                                    pawn_targets.push((s, two, Kind::DoubleStep));
                                }
                            }
                            for df in [-1, 1] {
                                let t = (f + df, r + dr);
                                if !inside(t) {
                                    continue;
                                }
                                if self.enemy(t) {
                                    pawn_targets.push((s, t, Kind::Normal));
                                } else if Some(t) == self.ep
                                    && get(&self.board, t).is_none()
                                    && get(&self.board, (t.0, r))
                                        == Some(Man {
                                            white: !self.white,
                                            role: b'p',
                                        })
                                {
                                    pawn_targets.push((s, t, Kind::EnPassant));
                                }
                            }
                        }
                        b'n' => leap(&KNIGHT, &mut add),
                        b'b' => slide(&DIAG, &mut add),
                        b'r' => slide(&ORTHO, &mut add),
                        b'q' => {
                            slide(&DIAG, &mut add);
                            slide(&ORTHO, &mut add);
                        }
                        b'k' => {
                            if with_king {
                                leap(&KING, &mut add);
                                self.castling_moves(s, &mut castles);
                            }
                        }
                        other => panic!("unknown role {}", other as char),
                    }
                }
            }
            for (from, to, kind) in pawn_targets {
                if to.1 == last_rank(self.white) {
                    for p in PROMOTIONS {
                        moves.push(Mv {
                            from,
                            to,
                            promo: Some(p),
                            kind,
                            rook: None,
                        });
                    }
                } else {
                    moves.push(Mv {
                        from,
                        to,
                        promo: None,
                        kind,
                        rook: None,
                    });
                }
            }
            moves.extend(castles);
            moves
        }

        /// FIDE castling from any start: king and rook land on g and f (h-side) or c and d
        /// (a-side), every square either crosses or lands on empty but for the two, and no
        /// square from the king's start to its landing attacked (the landing is judged again
        /// after the turn).
        fn castling_moves(&self, s: Sq, moves: &mut Vec<Mv>) {
            let r = if self.white { 0 } else { 7 };
            if s.1 != r {
                return;
            }
            let rights = if self.white { [0, 1] } else { [2, 3] };
            for i in rights {
                let Some(rook) = self.castling[i] else {
                    continue;
                };
                let (king_to, rook_to) = if i % 2 == 0 { (6, 5) } else { (2, 3) };
                let span = |a: i32, b: i32| a.min(b)..=a.max(b);
                let clear = span(s.0, king_to)
                    .chain(span(rook.0, rook_to))
                    .all(|f| (f, r) == s || (f, r) == rook || get(&self.board, (f, r)).is_none());
                let safe = span(s.0, king_to).all(|f| !attacked(&self.board, (f, r), !self.white));
                if clear && safe {
                    moves.push(Mv {
                        from: s,
                        to: (king_to, r),
                        promo: None,
                        kind: Kind::Castle,
                        rook: Some((rook, self.chess960)),
                    });
                }
            }
        }

        /// The men after a (pseudo-legal) move of the side to move.
        pub fn move_men(&self, m: Mv) -> Board {
            let mut b = self.board;
            let piece = get(&b, m.from).expect("a move starts on a man");
            if let (Kind::Castle, Some((rook_from, _))) = (m.kind, m.rook) {
                // The king may stay put or land where its rook stood: lift both, put both down.
                let rook = get(&b, rook_from);
                let rook_to = (if m.to.0 == 6 { 5 } else { 3 }, m.to.1);
                set(&mut b, m.from, None);
                set(&mut b, rook_from, None);
                set(&mut b, m.to, Some(piece));
                set(&mut b, rook_to, rook);
                return b;
            }
            set(&mut b, m.from, None);
            let arriving = match m.promo {
                Some(p) => Man {
                    white: piece.white,
                    role: p,
                },
                None => piece,
            };
            set(&mut b, m.to, Some(arriving));
            match m.kind {
                Kind::EnPassant => set(&mut b, (m.to.0, m.from.1), None),
                Kind::Normal | Kind::DoubleStep | Kind::Castle => {}
            }
            b
        }

        /// The whole position after `t`, every field updated.
        pub fn apply(&self, t: Turn) -> Pos {
            let us = self.white;
            let mut n = self.clone();
            let mut reset = false;
            n.ep = None;
            if let Some(m) = t.mv {
                let moving = get(&self.board, m.from).unwrap();
                let captures = (m.kind != Kind::Castle && get(&self.board, m.to).is_some())
                    || m.kind == Kind::EnPassant;
                if moving.role == b'p' || captures {
                    reset = true;
                }
                n.board = self.move_men(m);
                // FIDE: a king move loses both rights, a move from or onto a castling rook's
                // square that rook's.
                for i in 0..4 {
                    let mine = (i < 2) == us;
                    let touched =
                        self.castling[i].is_some_and(|rook| rook == m.from || rook == m.to);
                    if touched || (mine && moving.role == b'k') {
                        n.castling[i] = None;
                    }
                }
                if t.spin.is_none() && m.kind == Kind::DoubleStep {
                    let passed = (m.from.0, (m.from.1 + m.to.1) / 2);
                    let enemy_pawn = Some(Man {
                        white: !us,
                        role: b'p',
                    });
                    let next_to = [-1, 1].iter().any(|&df| {
                        let s = (m.to.0 + df, m.to.1);
                        inside(s) && get(&n.board, s) == enemy_pawn
                    });
                    if next_to {
                        n.ep = Some(passed);
                    }
                }
            }
            if let Some(s) = t.spin {
                n.board = rotate(&n.board, s);
                // A spin of the block holding a castling rook's start square loses that right.
                for right in n.castling.iter_mut() {
                    if right.is_some_and(|(f, r)| (f - s.f0) & !1 == 0 && (r - s.r0) & !1 == 0) {
                        *right = None;
                    }
                }
                let raised = own_pawns_on_last_rank(&n.board, us);
                match t.spin_promo {
                    Some(p) => {
                        assert_eq!(raised.len(), 1, "a spin promotes exactly one pawn");
                        set(&mut n.board, raised[0], Some(Man { white: us, role: p }));
                        reset = true;
                    }
                    None => assert!(raised.is_empty(), "unpromoted pawn after {t:?}"),
                }
            }
            n.halfmove = if reset { 0 } else { self.halfmove + 1 };
            if !us {
                n.fullmove += 1;
            }
            n.white = !us;
            n
        }

        /// Judged on the position after the whole turn (§6).
        fn legal_after(&self, n: &Pos) -> bool {
            let us = self.white;
            if attacked(&n.board, king_square(&n.board, us), !us) {
                return false;
            }
            let enemy_last = last_rank(!us);
            let enemy_pawn = Some(Man {
                white: !us,
                role: b'p',
            });
            if (0..8).any(|f| get(&n.board, (f, enemy_last)) == enemy_pawn) {
                return false;
            }
            n.board != self.board
        }

        /// One spin candidate: four turns when the spin leaves an own pawn on its last rank.
        fn spin_candidates(&self, mv: Option<Mv>, spin: Spin, out: &mut Vec<Turn>) {
            let men = match mv {
                Some(m) => self.move_men(m),
                None => self.board,
            };
            let after = rotate(&men, spin);
            if own_pawns_on_last_rank(&after, self.white).is_empty() {
                out.push(Turn {
                    mv,
                    spin: Some(spin),
                    spin_promo: None,
                });
            } else {
                for p in PROMOTIONS {
                    out.push(Turn {
                        mv,
                        spin: Some(spin),
                        spin_promo: Some(p),
                    });
                }
            }
        }

        pub fn legal_turns(&self) -> Vec<Turn> {
            let mut cands: Vec<Turn> = self
                .pseudo(true)
                .into_iter()
                .map(|m| Turn {
                    mv: Some(m),
                    spin: None,
                    spin_promo: None,
                })
                .collect();
            if self.fullmove >= 2 {
                for block in blocks() {
                    let men: Vec<Man> = block_squares(block)
                        .iter()
                        .filter_map(|&s| get(&self.board, s))
                        .collect();
                    let own = men.iter().filter(|m| m.white == self.white).count();
                    let enemy = men.iter().filter(|m| m.white != self.white).count();
                    let kings = men.iter().filter(|m| m.role == b'k').count();
                    if own >= 1 && enemy == 0 && kings == 0 {
                        for cw in [true, false] {
                            let spin = Spin {
                                f0: block.0,
                                r0: block.1,
                                cw,
                            };
                            self.spin_candidates(None, spin, &mut cands);
                        }
                    }
                }
                for m in self.pseudo(false) {
                    let block = (m.to.0 & !1, m.to.1 & !1);
                    let moved = self.move_men(m);
                    if block_squares(block)
                        .iter()
                        .any(|&s| get(&moved, s).is_some_and(|x| x.role == b'k'))
                    {
                        continue;
                    }
                    for cw in [true, false] {
                        let spin = Spin {
                            f0: block.0,
                            r0: block.1,
                            cw,
                        };
                        self.spin_candidates(Some(m), spin, &mut cands);
                    }
                }
            }
            cands
                .into_iter()
                .filter(|&t| self.legal_after(&self.apply(t)))
                .collect()
        }

        /// Sorted §10.2 tokens of the legal turns.
        pub fn legal_tokens(&self) -> Vec<String> {
            let mut v: Vec<String> = self.legal_turns().into_iter().map(token).collect();
            v.sort();
            v
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let turns = self.legal_turns();
            if depth == 1 {
                return turns.len() as u64;
            }
            turns.iter().map(|&t| self.apply(t).perft(depth - 1)).sum()
        }
    }

    fn own_pawns_on_last_rank(b: &Board, white: bool) -> Vec<Sq> {
        let r = last_rank(white);
        (0..8)
            .map(|f| (f, r))
            .filter(|&s| get(b, s) == Some(Man { white, role: b'p' }))
            .collect()
    }

    /// §3, literally. Clockwise: TL->TR, TR->BR, BR->BL, BL->TL. Anticlockwise: TL->BL, BL->BR,
    /// BR->TR, TR->TL.
    pub fn rotate(b: &Board, s: Spin) -> Board {
        let (f0, r0) = (s.f0, s.r0);
        let bl = (f0, r0);
        let br = (f0 + 1, r0);
        let tl = (f0, r0 + 1);
        let tr = (f0 + 1, r0 + 1);
        let path = if s.cw {
            [(tl, tr), (tr, br), (br, bl), (bl, tl)]
        } else {
            [(tl, bl), (bl, br), (br, tr), (tr, tl)]
        };
        let mut n = *b;
        for (from, to) in path {
            set(&mut n, to, get(b, from));
        }
        n
    }

    /// The §10.2 machine token.
    pub fn token(t: Turn) -> String {
        let mut s = String::new();
        if let Some(m) = t.mv {
            s += &square_name(m.from);
            s += &square_name(match m.rook {
                Some((rook, true)) => rook,
                _ => m.to,
            });
            if let Some(p) = m.promo {
                s.push(p as char);
            }
            if t.spin.is_some() {
                s.push(',');
            }
        }
        if let Some(sp) = t.spin {
            s += &square_name((sp.f0, sp.r0));
            s += if sp.cw { "cw" } else { "ccw" };
            if let Some(p) = t.spin_promo {
                s.push(p as char);
            }
        }
        s
    }
}

use crate::common::{minus, sorted_tokens, Rng};
use reference::Pos;

/// What the compared positions contained, to show that the random games reach the special cases.
#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    turns: u64,
    a_turns: u64,
    b_turns: u64,
    c_turns: u64,
    move_promotions: u64,
    spin_promotions: u64,
    double_promotions: u64,
    castling: u64,
    en_passant_a: u64,
    en_passant_c: u64,
    in_check: u64,
    no_legal_turn: u64,
    pawns_on_own_first_rank: u64,
    c_turns_rotating_enemy_men: u64,
    played_spin_promotions: u64,
    played_castling_right_losses_by_spin: u64,
}

impl Stats {
    fn record(&mut self, pos: &Pos, turns: &[reference::Turn]) {
        use reference::{Kind, Man};
        self.positions += 1;
        self.turns += turns.len() as u64;
        if pos.in_check() {
            self.in_check += 1;
        }
        if turns.is_empty() {
            self.no_legal_turn += 1;
        }
        for f in 0..8 {
            if pos.board[0][f]
                == Some(Man {
                    white: true,
                    role: b'p',
                })
                || pos.board[7][f]
                    == Some(Man {
                        white: false,
                        role: b'p',
                    })
            {
                self.pawns_on_own_first_rank += 1;
            }
        }
        for t in turns {
            match (t.mv, t.spin) {
                (Some(_), None) => self.a_turns += 1,
                (None, Some(_)) => self.b_turns += 1,
                _ => self.c_turns += 1,
            }
            if let Some(m) = t.mv {
                match m.kind {
                    Kind::Castle => self.castling += 1,
                    Kind::EnPassant if t.spin.is_none() => self.en_passant_a += 1,
                    Kind::EnPassant => self.en_passant_c += 1,
                    _ => {}
                }
                if m.promo.is_some() {
                    self.move_promotions += 1;
                }
                if let Some(s) = t.spin {
                    let enemy = (0..2).any(|df| {
                        (0..2).any(|dr| {
                            pos.board[(s.r0 + dr) as usize][(s.f0 + df) as usize]
                                .is_some_and(|x| x.white != pos.white)
                        })
                    });
                    if enemy {
                        self.c_turns_rotating_enemy_men += 1;
                    }
                }
            }
            if t.spin_promo.is_some() {
                self.spin_promotions += 1;
                if t.mv.is_some_and(|m| m.promo.is_some()) {
                    self.double_promotions += 1;
                }
            }
        }
    }
}

/// Set-up positions (all with fullmove >= 2 except the start position).
const START_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
    // Pawns on 7th ranks (spin and move promotions), pawns on their own first rank (b1, d8).
    "3p4/1P3P1p/8/7k/8/8/P1p3p1/1P2K3 w - - 0 20",
    "3p4/1P3P1p/8/7k/8/8/P1p3p1/1P2K3 b - - 0 20",
    // Move promotion by capture, then a spin promoting a second pawn (f7g8q,g7cwq).
    "r5n1/1P3PP1/8/3k4/8/8/1p4p1/R3K2R w KQ - 0 15",
    "r3k2r/1P4P1/8/8/8/2K5/1p3pp1/6N1 b kq - 0 15",
    // Pinned pieces (Be2 by Re7, Nd2 by Bb4), castling available.
    "4k3/4r3/8/8/1b6/8/3NB3/R3K2R w KQ - 0 5",
    "r3k2r/pppq1ppp/2n2n2/1B1pp1B1/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    // E.p. available; a pinned e.p. capture that a C-turn spin can make legal.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/5N2/PPP1PPPP/RNBQKB1R b KQkq d3 0 2",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 10",
    // Castling with rooks in spinnable corner blocks; kings next to blocks.
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 5",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 2",
    // Check positions and the §12 regression game's final position.
    "rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 3",
    "rn1pkbp1/pp1qb3/2p2p2/1B2p2Q/4P3/2N5/PPPP1PPP/R1B1K1NR b KQq - 3 8",
    // Kiwipete with spins allowed.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2",
];

const GAMES_PER_FEN: u32 = 28;
const MAX_PLIES: u32 = 80;

/// What `check_position` reads back through `parse_move`, besides the rest of its checks.
#[derive(Clone, Copy, PartialEq)]
enum ParseCheck {
    /// Nothing: each parse generates the legal turns, so reading back every turn of every
    /// position would make this test quadratic in the turns (a few hundred a position).
    None,
    /// Every turn's own token.
    Tokens,
    /// Every turn's own token, and each spin named by another square of its block.
    OtherSquares,
}

/// One position's turns: kaleido's, and the reference's each with its token.
type BothTurns = (
    Vec<<Spinchess as Game>::Move>,
    Vec<(String, reference::Turn)>,
);

/// Compares kaleido with the reference at one position, appending disagreements to `failures`.
/// Returns kaleido's turns and the reference's, each with its token.
fn check_position(
    g: &Spinchess,
    pos: &Pos,
    parse: ParseCheck,
    stats: &mut Stats,
    failures: &mut Vec<String>,
) -> BothTurns {
    let fen = g.fen();
    let mut turns = Vec::new();
    g.legal_moves(&mut turns);
    let ours = sorted_tokens(g, &turns);
    let reference_turns = pos.legal_turns();
    stats.record(pos, &reference_turns);
    let named: Vec<(String, reference::Turn)> = reference_turns
        .iter()
        .map(|&t| (reference::token(t), t))
        .collect();
    let mut theirs: Vec<String> = named.iter().map(|(token, _)| token.clone()).collect();
    theirs.sort();
    if ours != theirs {
        failures.push(format!(
            "{fen}\n  kaleido only: {:?}\n  reference only: {:?}",
            minus(&ours, &theirs),
            minus(&theirs, &ours)
        ));
    }
    let mut dedup = ours.clone();
    dedup.dedup();
    if dedup.len() != ours.len() {
        failures.push(format!("{fen}: kaleido lists a token twice"));
    }
    if g.count_legal_moves() != turns.len() as u64 {
        failures.push(format!(
            "{fen}: count_legal_moves {} != legal_moves().len() {}",
            g.count_legal_moves(),
            turns.len()
        ));
    }
    if g.hash() != g.hash_from_scratch() {
        failures.push(format!("{fen}: incremental hash != hash from scratch"));
    }
    match Spinchess::from_fen(&fen) {
        Ok(back) => {
            if back.fen() != fen {
                failures.push(format!("FEN round trip: {fen} -> {}", back.fen()));
            }
            if back.hash() != g.hash() {
                failures.push(format!("{fen}: reparsed position hashes differently"));
            }
        }
        Err(e) => failures.push(format!("{fen}: own FEN rejected: {e:?}")),
    }
    for &t in turns.iter().filter(|_| parse != ParseCheck::None) {
        let text = g.format_move(t);
        match g.parse_move(&text) {
            Ok(back) if back == t => {}
            other => failures.push(format!("{fen}: parse_move({text}) gave {other:?}")),
        }
        if parse == ParseCheck::OtherSquares {
            // Any square of the block may name it on input (§10.2): use the upper-right one.
            if let Some((head, spin)) = text.rsplit_once(',').or(Some(("", text.as_str()))) {
                if spin.contains("cw") {
                    let b = spin.as_bytes();
                    let other =
                        format!("{}{}{}", (b[0] + 1) as char, (b[1] + 1) as char, &spin[2..]);
                    let alt = if head.is_empty() {
                        other
                    } else {
                        format!("{head},{other}")
                    };
                    match g.parse_move(&alt) {
                        Ok(back) if back == t => {}
                        other => failures.push(format!("{fen}: parse_move({alt}) gave {other:?}")),
                    }
                }
            }
        }
    }
    (turns, named)
}

/// Compares the six FEN fields of the reference's position with kaleido's.
fn compare_fens(before: &str, token: &str, kaleido: &str, reference: &str) -> Option<String> {
    if kaleido == reference {
        return None;
    }
    let names = [
        "placement",
        "side",
        "castling",
        "ep",
        "halfmove",
        "fullmove",
    ];
    let k: Vec<&str> = kaleido.split(' ').collect();
    let r: Vec<&str> = reference.split(' ').collect();
    let diffs: Vec<String> = names
        .iter()
        .enumerate()
        .filter(|&(i, _)| k.get(i) != r.get(i))
        .map(|(i, n)| format!("{n}: kaleido {:?} reference {:?}", k.get(i), r.get(i)))
        .collect();
    Some(format!(
        "make-move after {token} from {before}\n  kaleido:   {kaleido}\n  reference: {reference}\n  {}",
        diffs.join("; ")
    ))
}

#[test]
fn random_games_agree_with_reference() {
    let mut failures = Vec::new();
    let mut stats = Stats::default();
    // The set starts, then shuffled ones: Chess960 starts and double-shuffled ones.
    let mut starts: Vec<String> = START_FENS.iter().map(|s| s.to_string()).collect();
    for (white, black) in [(0, 0), (959, 959), (357, 42), (518, 700)] {
        starts.push(shuffled_start_fen(white, black).unwrap());
    }
    for (i, fen) in starts.iter().enumerate() {
        let fen = fen.as_str();
        let mut rng = Rng::new(0x5914_0000 + i as u64);
        let start = Spinchess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let start_ref = Pos::from_fen(fen);
        if let Some(d) = compare_fens("set-up", "-", &start.fen(), &start_ref.fen()) {
            failures.push(d);
        }
        for _ in 0..GAMES_PER_FEN {
            let mut g = start;
            let mut pos = start_ref.clone();
            for ply in 0..MAX_PLIES {
                // Every turn is read back at half the positions, and by its block's other
                // squares at an eighth: hundreds of thousands of turns in all.
                let parse = match stats.positions % 8 {
                    0 => ParseCheck::OtherSquares,
                    n if n % 2 == 0 => ParseCheck::Tokens,
                    _ => ParseCheck::None,
                };
                let (turns, theirs) = check_position(&g, &pos, parse, &mut stats, &mut failures);
                if turns.is_empty() || failures.len() > 20 {
                    break;
                }
                let t = turns[(rng.next() % turns.len() as u64) as usize];
                let token = g.format_move(t);
                // The turn played always reads back, whichever check the position had.
                match g.parse_move(&token) {
                    Ok(back) if back == t => {}
                    other => {
                        failures.push(format!("{}: parse_move({token}) gave {other:?}", g.fen()))
                    }
                }
                let before = g.fen();
                g.play(t);
                let after = g.fen();
                let mine = theirs
                    .into_iter()
                    .find(|(theirs, _)| *theirs == token)
                    .map(|(_, r)| r);
                match mine {
                    Some(r) => {
                        if r.spin_promo.is_some() {
                            stats.played_spin_promotions += 1;
                        }
                        let next = pos.apply(r);
                        if pos.castling != next.castling && r.spin.is_some() {
                            stats.played_castling_right_losses_by_spin += 1;
                        }
                        if let Some(d) = compare_fens(&before, &token, &after, &next.fen()) {
                            failures.push(d);
                            pos = Pos::from_fen(&after); // resynchronise
                        } else {
                            pos = next;
                        }
                    }
                    None => {
                        failures.push(format!(
                            "ply {ply}: kaleido played {token} in {before}, not legal in the reference"
                        ));
                        pos = Pos::from_fen(&after);
                    }
                }
            }
        }
    }
    println!("{stats:#?}");
    assert!(
        failures.is_empty(),
        "{} disagreement(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The random games must have reached the special cases this test is about.
    assert!(stats.positions > 10_000, "{stats:?}");
    for (what, n) in [
        ("B-turns", stats.b_turns),
        ("C-turns", stats.c_turns),
        ("move promotions", stats.move_promotions),
        ("spin promotions", stats.spin_promotions),
        ("double promotions", stats.double_promotions),
        ("castling", stats.castling),
        ("A e.p.", stats.en_passant_a),
        ("C e.p.", stats.en_passant_c),
        ("positions in check", stats.in_check),
        ("pawns on own first rank", stats.pawns_on_own_first_rank),
        (
            "C-turns rotating enemy men",
            stats.c_turns_rotating_enemy_men,
        ),
        ("played spin promotions", stats.played_spin_promotions),
        (
            "castling rights lost by a spin",
            stats.played_castling_right_losses_by_spin,
        ),
    ] {
        assert!(n > 0, "no {what} reached: {stats:?}");
    }
}

#[test]
fn reference_perft_from_start() {
    let start = Pos::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.perft(1), 20);
    assert_eq!(start.perft(2), 400);
    assert_eq!(start.perft(3), 29266);
}

#[test]
fn reference_rotation_follows_the_rules_example() {
    use reference::{rotate, Man, Spin};
    // Block a1: distinct men on a1, b1, a2, b2.
    let mut b = [[None; 8]; 8];
    let man = |role| Some(Man { white: true, role });
    b[0][0] = man(b'p'); // a1
    b[0][1] = man(b'n'); // b1
    b[1][0] = man(b'b'); // a2
    b[1][1] = man(b'r'); // b2
    let cw = rotate(
        &b,
        Spin {
            f0: 0,
            r0: 0,
            cw: true,
        },
    );
    // cw: a2->b2, b2->b1, b1->a1, a1->a2.
    assert_eq!(cw[1][1], man(b'b'));
    assert_eq!(cw[0][1], man(b'r'));
    assert_eq!(cw[0][0], man(b'n'));
    assert_eq!(cw[1][0], man(b'p'));
    let ccw = rotate(
        &b,
        Spin {
            f0: 0,
            r0: 0,
            cw: false,
        },
    );
    // ccw: a2->a1, a1->b1, b1->b2, b2->a2.
    assert_eq!(ccw[0][0], man(b'b'));
    assert_eq!(ccw[0][1], man(b'p'));
    assert_eq!(ccw[1][1], man(b'n'));
    assert_eq!(ccw[1][0], man(b'r'));
}

/// §12: the regression game, played through both the reference and kaleido.
#[test]
fn regression_game_in_reference_and_kaleido() {
    let tokens = "e2e4 e7e5 d1g4 f7f6 g4g7,g7ccw c7cw h7g8 h8h7,g7ccw g7h7,g7ccw d8e7 f1b5 c7c6 \
                  b1c3 d7d8,c7cw h8h5";
    let final_fen = "rn1pkbp1/pp1qb3/2p2p2/1B2p2Q/4P3/2N5/PPPP1PPP/R1B1K1NR b KQq - 3 8";
    let mut pos = Pos::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut g = Spinchess::startpos();
    for token in tokens.split_whitespace() {
        let t = pos
            .legal_turns()
            .into_iter()
            .find(|&t| reference::token(t) == token)
            .unwrap_or_else(|| panic!("reference rejects {token} in {}", pos.fen()));
        pos = pos.apply(t);
        let k = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("kaleido rejects {token}: {e:?}"));
        g.play(k);
        assert_eq!(g.fen(), pos.fen(), "after {token}");
    }
    assert_eq!(pos.fen(), final_fen);
    assert!(pos.in_check());
    let legal = pos.legal_tokens();
    for wanted in ["f8h6,g5cw", "f8h6,g5ccw"] {
        assert!(legal.iter().any(|t| t == wanted), "{wanted} missing");
    }
    assert!(!legal.iter().any(|t| t == "g8g6"));
}

/// A few turns checked by hand against the rules, in both generators.
#[test]
fn hand_checked_turns() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        // The e.p. capture alone exposes the king on a5 to the rook on h5; spinning the pawn
        // from c6 to c5 (ccw: TL->BL) closes the rank again, cw (to d6) does not (§4, §6).
        (
            "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 10",
            &["b5c6,c5ccw"],
            &["b5c6", "b5c6,c5cw"],
        ),
        // f7xg8=Q, then block g7 cw: the queen goes to h8, the g7 pawn to g8 and promotes (§7).
        // Block e7 holds only the f7 pawn: ccw takes it BR->TR (f8) and promotes, cw to e7.
        (
            "r5n1/1P3PP1/8/3k4/8/8/1p4p1/R3K2R w KQ - 0 15",
            &[
                "f7g8q,g7cwq",
                "f7g8n,g7cwb",
                "e7ccwq",
                "e7ccwn",
                "e7cw",
                "e1d1",
            ],
            // The black pawns on b2 and g2 attack c1 and f1: no castling (FIDE).
            &[
                "f7g8q,g7cw",
                "e7ccw",
                "e7cwq",
                "g7cw",
                "a7ccw",
                "e1g1",
                "e1c1",
                "e1f1",
            ],
        ),
        // Pawns on their own first rank push one square, never two (§7, Decision 6).
        (
            "3p4/1P3P1p/8/7k/8/8/P1p3p1/1P2K3 w - - 0 20",
            &["b1b2", "a2a4", "a1cw"],
            &["b1b3"],
        ),
        (
            "3p4/1P3P1p/8/7k/8/8/P1p3p1/1P2K3 b - - 0 20",
            &["d8d7", "h7h6", "c2c1q", "c1ccwq", "c1cw", "g1ccwq", "g1cw"],
            &["d8d6", "h7h5", "c1cwq", "c1ccw", "g1ccw"],
        ),
        // Fullmove 1: no spins at all.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            &["e7e5"],
            &["a7cw", "e7e5,e5cw"],
        ),
    ];
    for &(fen, present, absent) in cases {
        let g = Spinchess::from_fen(fen).unwrap();
        let mut turns = Vec::new();
        g.legal_moves(&mut turns);
        let kaleido: Vec<String> = turns.iter().map(|&t| g.format_move(t)).collect();
        let reference = Pos::from_fen(fen).legal_tokens();
        for (who, list) in [("kaleido", &kaleido), ("reference", &reference)] {
            for t in present {
                assert!(list.iter().any(|x| x == t), "{who}: {t} missing in {fen}");
            }
            for t in absent {
                assert!(!list.iter().any(|x| x == t), "{who}: {t} listed in {fen}");
            }
        }
    }
}
