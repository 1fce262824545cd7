//! Differential and symmetry tests of kaleido's trichess (docs/rules/trichess.md).
//!
//! This file carries its own, deliberately naive implementation of the rules: a 15x15 array of
//! men, every direction and table typed in from the rules text (not derived by rotation),
//! pieces stepped cell by cell, legality by making the move on a copy and asking whether any
//! man of either opponent attacks the mover's king, and its own TriFEN reader and writer. It
//! shares nothing with kaleido's move logic: kaleido only supplies positions (random games and
//! random sparse positions) and its own answers, which must agree exactly: move lists, the
//! end of the game with its points, TriFEN, and the incremental hash.
//!
//! The rotation test turns positions by 120 degrees (cell (q, r) to (s, q), player p to p + 1)
//! with this file's TriFEN code and checks that kaleido's perft does not change.

use kaleido::game::Game;
use kaleido::perft::perft;
use kaleido::variants::trichess::{Trichess, START_FEN};

mod reference {
    /// Axial (q, r).
    pub type Hex = (i32, i32);

    pub fn on_board((q, r): Hex) -> bool {
        q.abs() <= 7 && r.abs() <= 7 && (q + r).abs() <= 7
    }

    fn slot((q, r): Hex) -> usize {
        ((q + 7) * 15 + (r + 7)) as usize
    }

    pub fn name((q, r): Hex) -> String {
        [(72 + q) as u8 as char, (72 + r) as u8 as char]
            .iter()
            .collect()
    }

    fn add(a: Hex, b: Hex) -> Hex {
        (a.0 + b.0, a.1 + b.1)
    }

    /// A man: player 0..3 and role letter P N B R Q K.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Man {
        pub player: usize,
        pub role: u8,
    }

    #[derive(Clone)]
    pub struct Pos {
        pub board: Vec<Option<Man>>,
        pub side: usize,
        /// rights[p][0]: short (K), rights[p][1]: long (Q).
        pub rights: [[bool; 2]; 3],
        pub halfmove: u32,
        /// After a king capture: the victim and each player's attackers of its king before it.
        pub captured: Option<(usize, [u32; 3])>,
    }

    const STRAIGHT: [Hex; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
    const DIAGONAL: [Hex; 6] = [(1, 1), (-1, -1), (2, -1), (-2, 1), (1, -2), (-1, 2)];
    const KNIGHT: [Hex; 12] = [
        (-3, 1),
        (-3, 2),
        (-2, -1),
        (-2, 3),
        (-1, -2),
        (-1, 3),
        (1, -3),
        (1, 2),
        (2, -3),
        (2, 1),
        (3, -2),
        (3, -1),
    ];
    /// §6: single steps FL, FR and captures DL, DF, DR of players 0, 1, 2.
    const PAWN_STEP: [[Hex; 2]; 3] = [[(0, -1), (1, -1)], [(1, 0), (0, 1)], [(-1, 1), (-1, 0)]];
    const PAWN_CAPTURE: [[Hex; 3]; 3] = [
        [(-1, -1), (1, -2), (2, -1)],
        [(2, -1), (1, 1), (-1, 2)],
        [(-1, 2), (-2, 1), (-1, -1)],
    ];
    /// One row of §7's table: king from, king to, rook from, rook to, cells that must be empty.
    type Castle = (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static [&'static str],
    );
    /// §7's table: each player's short castle, then its long one.
    const CASTLES: [[Castle; 2]; 3] = [
        [
            ("DO", "BO", "AO", "CO", &["CO", "BO"]),
            ("DO", "FO", "HO", "EO", &["EO", "FO", "GO"]),
        ],
        [
            ("ED", "GB", "HA", "FC", &["FC", "GB"]),
            ("ED", "CF", "AH", "DE", &["DE", "CF", "BG"]),
        ],
        [
            ("OE", "OG", "OH", "OF", &["OF", "OG"]),
            ("OE", "OC", "OA", "OD", &["OD", "OC", "OB"]),
        ],
    ];

    pub fn hex(name: &str) -> Hex {
        let b = name.as_bytes();
        (i32::from(b[0]) - 72, i32::from(b[1]) - 72)
    }

    /// §4: the initial pawn cells.
    fn pawn_home(p: usize, (q, r): Hex) -> bool {
        let along = |i: i32| (-7..=-4).contains(&i) || (-2..=1).contains(&i);
        match p {
            0 => r == 6 && along(q),
            1 => r == -6 - q && along(q),
            _ => q == 6 && along(r),
        }
    }

    /// §6: the promotion zones.
    fn in_zone(p: usize, (q, r): Hex) -> bool {
        let s = -q - r;
        match p {
            0 => r == -7 || q == 7 || s == 7,
            1 => s == -7 || q == 7 || r == 7,
            _ => q == -7 || r == 7 || s == 7,
        }
    }

    pub fn all_hexes() -> impl Iterator<Item = Hex> {
        (-7..=7).flat_map(|r| (-7..=7).map(move |q| (q, r)).filter(|&h| on_board(h)))
    }

    impl Pos {
        pub fn at(&self, h: Hex) -> Option<Man> {
            if on_board(h) {
                self.board[slot(h)]
            } else {
                None
            }
        }

        fn set(&mut self, h: Hex, man: Option<Man>) {
            self.board[slot(h)] = man;
        }

        fn king(&self, p: usize) -> Option<Hex> {
            all_hexes().find(|&h| {
                self.at(h)
                    == Some(Man {
                        player: p,
                        role: b'K',
                    })
            })
        }

        /// The cells the man on `from` attacks (pawns: their captures).
        fn attacks(&self, from: Hex) -> Vec<Hex> {
            let Some(man) = self.at(from) else {
                return Vec::new();
            };
            let mut out = Vec::new();
            let slide = |dirs: &[Hex], out: &mut Vec<Hex>| {
                for &d in dirs {
                    let mut h = add(from, d);
                    while on_board(h) {
                        out.push(h);
                        if self.at(h).is_some() {
                            break;
                        }
                        h = add(h, d);
                    }
                }
            };
            match man.role {
                b'P' => out.extend(PAWN_CAPTURE[man.player].iter().map(|&d| add(from, d))),
                b'N' => out.extend(KNIGHT.iter().map(|&d| add(from, d))),
                b'K' => out.extend(STRAIGHT.iter().chain(&DIAGONAL).map(|&d| add(from, d))),
                b'B' => slide(&DIAGONAL, &mut out),
                b'R' => slide(&STRAIGHT, &mut out),
                _ => {
                    slide(&STRAIGHT, &mut out);
                    slide(&DIAGONAL, &mut out);
                }
            }
            out.retain(|&h| on_board(h));
            out
        }

        /// For each player, its men that attack `cell`.
        fn attackers(&self, cell: Hex) -> [u32; 3] {
            let mut n = [0; 3];
            for h in all_hexes() {
                if let Some(man) = self.at(h) {
                    if self.attacks(h).contains(&cell) {
                        n[man.player] += 1;
                    }
                }
            }
            n
        }

        /// Looks outwards from `cell` for a man of an opponent of `p` that reaches it: a
        /// knight a leap away, a king a step away, a pawn whose capture lands here, a slider as
        /// the first man along a line of its kind.
        fn attacked_by_opponents_of(&self, p: usize, cell: Hex) -> bool {
            let theirs = |h: Hex, roles: &[u8]| {
                self.at(h)
                    .is_some_and(|m| m.player != p && roles.contains(&m.role))
            };
            let first_on_line = |d: Hex| {
                let mut h = add(cell, d);
                while on_board(h) && self.at(h).is_none() {
                    h = add(h, d);
                }
                h
            };
            KNIGHT.iter().any(|&d| theirs(add(cell, d), b"N"))
                || STRAIGHT
                    .iter()
                    .chain(&DIAGONAL)
                    .any(|&d| theirs(add(cell, d), b"K"))
                || (0..3).any(|o| {
                    o != p
                        && PAWN_CAPTURE[o].iter().any(|&d| {
                            let from = (cell.0 - d.0, cell.1 - d.1);
                            self.at(from)
                                == Some(Man {
                                    player: o,
                                    role: b'P',
                                })
                        })
                })
                || STRAIGHT.iter().any(|&d| theirs(first_on_line(d), b"RQ"))
                || DIAGONAL.iter().any(|&d| theirs(first_on_line(d), b"BQ"))
        }

        fn in_check(&self, p: usize) -> bool {
            self.king(p)
                .is_some_and(|k| self.attacked_by_opponents_of(p, k))
        }

        /// Moves the men (with the castling rook) and updates rights, clock and side.
        fn make(&self, from: Hex, to: Hex, promo: Option<u8>) -> Pos {
            let mut next = self.clone();
            let man = self.at(from).expect("a man to move");
            let target = self.at(to);
            if let Some(victim) = target {
                if victim.role == b'K' {
                    let mut n = self.attackers(to);
                    n[victim.player] = 0;
                    next.captured = Some((victim.player, n));
                }
            }
            next.set(from, None);
            next.set(
                to,
                Some(Man {
                    player: man.player,
                    role: promo.unwrap_or(man.role),
                }),
            );
            if man.role == b'K' {
                for c in CASTLES[man.player] {
                    if from == hex(c.0) && to == hex(c.1) {
                        next.set(hex(c.2), None);
                        next.set(
                            hex(c.3),
                            Some(Man {
                                player: man.player,
                                role: b'R',
                            }),
                        );
                    }
                }
            }
            for (p, castles) in CASTLES.iter().enumerate() {
                for (side, c) in castles.iter().enumerate() {
                    for touched in [from, to] {
                        if touched == hex(c.0) || touched == hex(c.2) {
                            next.rights[p][side] = false;
                        }
                    }
                }
            }
            next.halfmove = if man.role == b'P' || target.is_some() {
                0
            } else {
                self.halfmove + 1
            };
            next.side = (self.side + 1) % 3;
            next
        }

        /// Every legal move as a token, by making each pseudo-legal move on a copy.
        pub fn legal(&self) -> Vec<String> {
            let mut out = Vec::new();
            if self.captured.is_some() {
                return out;
            }
            let p = self.side;
            let push = |from: Hex, to: Hex, promo: Option<u8>, out: &mut Vec<String>| {
                let after = self.make(from, to, promo);
                if !after.in_check(p) {
                    let letter = promo.map(|r| (r as char).to_ascii_lowercase().to_string());
                    out.push(format!(
                        "{}{}{}",
                        name(from),
                        name(to),
                        letter.unwrap_or_default()
                    ));
                }
            };
            for from in all_hexes() {
                let Some(man) = self.at(from) else { continue };
                if man.player != p {
                    continue;
                }
                let free = |h: Hex| on_board(h) && self.at(h).is_none();
                let enemy = |h: Hex| self.at(h).is_some_and(|m| m.player != p);
                if man.role == b'P' {
                    let mut targets = Vec::new();
                    for d in PAWN_STEP[p] {
                        let one = add(from, d);
                        if free(one) {
                            targets.push(one);
                            let two = add(one, d);
                            if pawn_home(p, from) && free(two) {
                                targets.push(two);
                            }
                        }
                    }
                    for d in PAWN_CAPTURE[p] {
                        if enemy(add(from, d)) {
                            targets.push(add(from, d));
                        }
                    }
                    for to in targets {
                        if in_zone(p, to) {
                            for r in [b'Q', b'R', b'B', b'N'] {
                                push(from, to, Some(r), &mut out);
                            }
                        } else {
                            push(from, to, None, &mut out);
                        }
                    }
                    continue;
                }
                for to in self.attacks(from) {
                    if free(to) || enemy(to) {
                        push(from, to, None, &mut out);
                    }
                }
                if man.role == b'K' && !self.in_check(p) {
                    for (side, c) in CASTLES[p].iter().enumerate() {
                        let ok = self.rights[p][side]
                            && from == hex(c.0)
                            && c.4.iter().all(|&n| self.at(hex(n)).is_none())
                            && !self.attacked_by_opponents_of(p, hex(c.3));
                        if ok {
                            push(from, hex(c.1), None, &mut out);
                        }
                    }
                }
            }
            out.sort();
            out
        }

        pub fn play(&self, token: &str) -> Pos {
            let promo = token.as_bytes().get(4).map(|b| b.to_ascii_uppercase());
            self.make(hex(&token[0..2]), hex(&token[2..4]), promo)
        }

        /// The end of the game (§9) as "<reason> <points>", or None.
        pub fn outcome(&self) -> Option<String> {
            if let Some((_, attackers)) = self.captured {
                return Some(format!("KingCapture {}", split(attackers)));
            }
            if self.legal().is_empty() {
                let p = self.side;
                return Some(if self.in_check(p) {
                    let mut n = self.attackers(self.king(p)?);
                    n[p] = 0;
                    format!("Checkmate {}", split(n))
                } else {
                    "Stalemate 2/3-2/3-2/3".to_string()
                });
            }
            (self.halfmove >= 150).then(|| "FiftyMoveRule 2/3-2/3-2/3".to_string())
        }

        /// Whether the player who moved last stands in check (TriFEN must refuse that).
        pub fn last_mover_in_check(&self) -> bool {
            self.in_check((self.side + 2) % 3)
        }

        pub fn placement(&self) -> String {
            let mut rows = Vec::new();
            for r in -7..=7 {
                let (mut row, mut empty) = (String::new(), 0);
                for q in -7..=7 {
                    if !on_board((q, r)) {
                        continue;
                    }
                    match self.at((q, r)) {
                        Some(m) => {
                            if empty > 0 {
                                row += &empty.to_string();
                            }
                            empty = 0;
                            row.push((b'a' + m.player as u8) as char);
                            row.push(m.role as char);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    row += &empty.to_string();
                }
                rows.push(row);
            }
            rows.join("/")
        }

        pub fn trifen(&self) -> String {
            let mut rights = String::new();
            for p in 0..3 {
                if self.rights[p][0] || self.rights[p][1] {
                    rights.push((b'a' + p as u8) as char);
                    if self.rights[p][0] {
                        rights.push('K');
                    }
                    if self.rights[p][1] {
                        rights.push('Q');
                    }
                }
            }
            if rights.is_empty() {
                rights.push('-');
            }
            format!(
                "{} {} {rights} {} 1",
                self.placement(),
                (b'a' + self.side as u8) as char,
                self.halfmove
            )
        }

        /// The position turned by 120 degrees: (q, r) to (s, q), player p to p + 1.
        pub fn rotated(&self) -> Pos {
            let mut out = self.clone();
            for h in all_hexes() {
                let (q, r) = h;
                out.set(
                    (-q - r, q),
                    self.at(h).map(|m| Man {
                        player: (m.player + 1) % 3,
                        role: m.role,
                    }),
                );
            }
            out.side = (self.side + 1) % 3;
            for p in 0..3 {
                out.rights[(p + 1) % 3] = self.rights[p];
            }
            out
        }
    }

    /// Two points in proportion to `weights`, each written in lowest terms, seats in order.
    fn split(weights: [u32; 3]) -> String {
        let total: u32 = weights.iter().sum();
        let gcd = |mut a: u32, mut b: u32| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        weights
            .iter()
            .map(|&w| {
                let (n, d) = (2 * w, total);
                let g = gcd(n, d);
                if d / g == 1 {
                    format!("{}", n / g)
                } else {
                    format!("{}/{}", n / g, d / g)
                }
            })
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads the first four TriFEN fields (the fullmove number is not needed here).
    pub fn parse(fen: &str) -> Pos {
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut pos = Pos {
            board: vec![None; 15 * 15],
            side: usize::from(fields[1].as_bytes()[0] - b'a'),
            rights: [[false; 2]; 3],
            halfmove: fields[3].parse().expect("halfmove clock"),
            captured: None,
        };
        for (row, text) in fields[0].split('/').enumerate() {
            let r = row as i32 - 7;
            let mut q = (-7).max(-7 - r);
            let b = text.as_bytes();
            let mut i = 0;
            while i < b.len() {
                if b[i].is_ascii_digit() {
                    let mut n = 0;
                    while i < b.len() && b[i].is_ascii_digit() {
                        n = n * 10 + i32::from(b[i] - b'0');
                        i += 1;
                    }
                    q += n;
                } else {
                    pos.set(
                        (q, r),
                        Some(Man {
                            player: usize::from(b[i] - b'a'),
                            role: b[i + 1],
                        }),
                    );
                    q += 1;
                    i += 2;
                }
            }
        }
        let mut player = 0;
        for c in fields[2].bytes() {
            match c {
                b'a'..=b'c' => player = usize::from(c - b'a'),
                b'K' => pos.rights[player][0] = true,
                b'Q' => pos.rights[player][1] = true,
                _ => {}
            }
        }
        pos
    }
}

use crate::common::{sorted_legal, Rng};

/// A random position with few men: three kings, some men anywhere, often the kings and rooks
/// at home with their castling rights, a random side to move. None if kaleido refuses it
/// (the player who moved last in check), which the reference must then confirm.
fn sparse_position(rng: &mut Rng) -> Option<String> {
    use reference::{all_hexes, hex, Man, Pos};
    let cells: Vec<reference::Hex> = all_hexes().collect();
    let mut pos = reference::parse("8/9/10/11/12/13/14/15/14/13/12/11/10/9/8 a - 0 1");
    fn put(pos: &mut Pos, h: reference::Hex, man: Man) -> bool {
        if pos.at(h).is_some() {
            return false;
        }
        pos.board[((h.0 + 7) * 15 + h.1 + 7) as usize] = Some(man);
        true
    }
    let homes = [("DO", "AO", "HO"), ("ED", "HA", "AH"), ("OE", "OH", "OA")];
    for (p, (king, short, long)) in homes.iter().enumerate() {
        let at_home = rng.below(2) == 0;
        let king_cell = if at_home {
            hex(king)
        } else {
            cells[rng.below(cells.len())]
        };
        if !put(
            &mut pos,
            king_cell,
            Man {
                player: p,
                role: b'K',
            },
        ) {
            return None;
        }
        if at_home {
            for (side, rook) in [short, long].iter().enumerate() {
                if rng.below(2) == 0
                    && put(
                        &mut pos,
                        hex(rook),
                        Man {
                            player: p,
                            role: b'R',
                        },
                    )
                {
                    pos.rights[p][side] = rng.below(4) != 0;
                }
            }
        }
    }
    for _ in 0..2 + rng.below(12) {
        let man = Man {
            player: rng.below(3),
            role: b"PPPPNBRQ"[rng.below(8)],
        };
        let h = cells[rng.below(cells.len())];
        let s = -h.0 - h.1;
        let zone = match man.player {
            0 => h.1 == -7 || h.0 == 7 || s == 7,
            1 => s == -7 || h.0 == 7 || h.1 == 7,
            _ => h.0 == -7 || h.1 == 7 || s == 7,
        };
        if !(man.role == b'P' && zone) {
            put(&mut pos, h, man);
        }
    }
    pos.side = rng.below(3);
    pos.halfmove = if rng.below(8) == 0 { 149 } else { 0 };
    let fen = pos.trifen();
    match Trichess::from_fen(&fen) {
        Ok(_) => {
            assert!(!pos.last_mover_in_check(), "kaleido accepted {fen}");
            Some(fen)
        }
        Err(e) => {
            assert!(pos.last_mover_in_check(), "kaleido refused {fen}: {e}");
            None
        }
    }
}

fn outcome_string(p: &Trichess) -> Option<String> {
    p.rule_outcome()
        .map(|o| format!("{:?} {}", o.reason(), o.result_string()))
}

/// What the random games met, so that a test can insist on coverage.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    king_captures: usize,
    mates: usize,
    stalemates: usize,
    promotions: usize,
    castles: usize,
}

/// Plays a random game from `fen` in kaleido and in the reference side by side, comparing
/// everything at every ply. Captures are preferred half of the time so that boards thin out.
fn compare_game(fen: &str, plies: usize, rng: &mut Rng, seen: &mut Seen) {
    let mut k = Trichess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut r = reference::parse(fen);
    for _ in 0..=plies {
        seen.positions += 1;
        let at = k.fen();
        let mine = sorted_legal(&k);
        assert_eq!(mine, r.legal(), "move lists differ at {at}");
        assert_eq!(k.count_legal_moves(), mine.len() as u64, "count at {at}");
        assert_eq!(k.hash(), k.hash_from_scratch(), "hash at {at}");
        assert_eq!(
            r.placement(),
            at.split(' ').next().unwrap(),
            "TriFEN placement"
        );
        let outcome = outcome_string(&k);
        assert_eq!(outcome, r.outcome(), "outcome at {at}");
        if k.king_capture().is_none() {
            let back = Trichess::from_fen(&at).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(back.fen(), at);
            assert_eq!(back.hash(), k.hash());
        }
        match outcome
            .as_deref()
            .map(|o| o.split(' ').next().unwrap_or(""))
        {
            Some("KingCapture") => seen.king_captures += 1,
            Some("Checkmate") => seen.mates += 1,
            Some("Stalemate") => seen.stalemates += 1,
            _ => {}
        }
        if mine.is_empty() {
            return;
        }
        let captures: Vec<&String> = mine
            .iter()
            .filter(|m| r.at(reference::hex(&m[2..4])).is_some())
            .collect();
        // A king moving two cells along a straight line is castling; such moves are rare in
        // random play, so they are preferred too.
        let castles: Vec<&String> = mine
            .iter()
            .filter(|m| {
                let (a, b) = (reference::hex(&m[0..2]), reference::hex(&m[2..4]));
                let straight = a.0 == b.0 || a.1 == b.1 || a.0 + a.1 == b.0 + b.1;
                let two_cells = (a.0 - b.0).abs().max((a.1 - b.1).abs()) == 2;
                r.at(a).is_some_and(|m| m.role == b'K') && straight && two_cells
            })
            .collect();
        let token = if !castles.is_empty() && rng.below(2) == 0 {
            castles[rng.below(castles.len())].clone()
        } else if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())].clone()
        } else {
            mine[rng.below(mine.len())].clone()
        };
        seen.promotions += usize::from(token.len() == 5);
        let mv = k.parse_move(&token).unwrap();
        seen.castles += usize::from(mv.kind() == kaleido::variants::trichess::MoveKind::Castle);
        k.play(mv);
        r = r.play(&token);
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Rng(0x7269_6368_6573_7331);
    let mut seen = Seen::default();
    for _ in 0..30 {
        compare_game(START_FEN, 400, &mut rng, &mut seen);
    }
    let mut sparse = 0;
    while sparse < 250 {
        if let Some(fen) = sparse_position(&mut rng) {
            compare_game(&fen, 60, &mut rng, &mut seen);
            sparse += 1;
        }
    }
    // The games must have reached every kind of end and special move at least a few times.
    assert!(seen.king_captures >= 5, "{seen:?}");
    assert!(seen.mates >= 5, "{seen:?}");
    assert!(seen.stalemates >= 1, "{seen:?}");
    assert!(seen.promotions >= 20, "{seen:?}");
    assert!(seen.castles >= 5, "{seen:?}");
}

#[test]
fn reference_perft_matches_kaleido_from_the_start() {
    fn count(p: &reference::Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = p.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| count(&p.play(m), depth - 1)).sum()
    }
    let start = reference::parse(START_FEN);
    assert_eq!(count(&start, 2), 5474, "rules §15");
    assert_eq!(count(&start, 3), perft(&Trichess::startpos(), 3));
}

/// Turning the board by 120 degrees and relabelling the players maps legal moves to legal
/// moves, so perft must not change, on many random positions.
#[test]
fn perft_is_invariant_under_the_rotation() {
    let mut rng = Rng(0x726f_7461_7465_3132);
    let mut fens = Vec::new();
    // Positions along random games from the start...
    for _ in 0..12 {
        let mut p = Trichess::startpos();
        for ply in 0..120 {
            if ply % 20 == 19 {
                fens.push(p.fen());
            }
            let moves = sorted_legal(&p);
            if moves.is_empty() {
                break;
            }
            p.play(p.parse_move(&moves[rng.below(moves.len())]).unwrap());
        }
    }
    // ...and sparse ones.
    while fens.len() < 150 {
        if let Some(fen) = sparse_position(&mut rng) {
            fens.push(fen);
        }
    }
    for fen in fens {
        let once = reference::parse(&fen).rotated();
        let twice = once.rotated();
        assert_eq!(twice.rotated().trifen(), reference::parse(&fen).trifen());
        let p = Trichess::from_fen(&fen).unwrap();
        let depth = if p.occupied().count() > 20 { 2 } else { 3 };
        let base = perft(&p, depth);
        for turned in [once.trifen(), twice.trifen()] {
            let p = Trichess::from_fen(&turned).unwrap_or_else(|e| panic!("{turned}: {e}"));
            assert_eq!(perft(&p, depth), base, "{fen} turned to {turned}");
        }
    }
}
