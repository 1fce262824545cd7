//! The gigachess evaluation, in centipawns from White's side: material, piece-square terms,
//! leaper and slider mobility, the King's shelter, all blended between a middlegame and an endgame
//! value by the material left (as the 8x8 evaluation tapers), and a tempo bonus for the side to
//! move.
//!
//! The rules file gives no piece values, only each man's reach on an empty board (§3). The
//! values below keep the FIDE men at their usual worth and place the others by reach and kind
//! (leapers a little under sliders of equal reach, bent riders under straight ones, Cannon and
//! Bow between their mover and a minor piece); docs/variants/gigachess.md says so. They and the
//! weights below are a starting point for tuning, not a finding.

use super::board::Gigachess;
use super::lines::{gap, is_man, next_blocker, E, FAMILY, LINE_OF, N, NE, NW, S, SE, SW, W};
use super::piece::{Role, ROLES};
use super::square::{squares, Square, SIZE, SQUARES};
use super::tables::{pawn_attacks, BUFFALO, CAMEL, ELEPHANT, KING, KNIGHT, LION, MACHINE};
use crate::core::{Bitboard256, Color};

/// Centipawns, in `Role` order: King, Queen, Rook, Bishop, Knight, Elephant, Machine, Camel,
/// Buffalo, Lion, Marshall, Cardinal, Amazon, Cannon, Bow, Eagle, Ship, Prince, Corporal, Pawn.
pub(super) const VALUES: [i32; ROLES] = [
    0, 900, 500, 350, 300, 250, 250, 250, 650, 700, 850, 800, 1200, 450, 350, 750, 400, 300, 130,
    100,
];

/// The side to move's bonus: it can act first (the evaluation is asked at quiet nodes where
/// the mover is not forced to recapture).
pub(super) const TEMPO: i32 = 12;

/// The phase at which only the middlegame value counts.
const FULL_PHASE: i32 = 64;

/// Non-pawn material (both sides) from which on only the middlegame value counts, and up to
/// which only the endgame value does: four fifths and one fifth of the start's (as the 8x8
/// engines reach their full middlegame before the first trade and their ending with a few
/// pieces left).
const MIDDLEGAME_MATERIAL: i32 = START_PHASE_MATERIAL * 4 / 5;
const ENDGAME_MATERIAL: i32 = START_PHASE_MATERIAL / 5;

/// Whether a role counts toward the phase: the men that are not pawns or princes (those
/// promote; their number says little about how open the game is) and not the King.
const fn counts_for_phase(role: Role) -> bool {
    !matches!(
        role,
        Role::King | Role::Pawn | Role::Corporal | Role::Prince
    )
}

/// Non-pawn material of both sides at the start (rules §2): the full middlegame.
const START_PHASE_MATERIAL: i32 = {
    // One of each of Queen, Amazon, Marshall, Cardinal, Eagle, Lion, Buffalo; two of the rest.
    let mut total = 0;
    let mut i = 0;
    while i < ROLES {
        let role = Role::ALL[i];
        if counts_for_phase(role) {
            let count = match role {
                Role::Queen
                | Role::Amazon
                | Role::Marshall
                | Role::Cardinal
                | Role::Eagle
                | Role::Lion
                | Role::Buffalo => 1,
                _ => 2,
            };
            total += 2 * count * VALUES[i];
        }
        i += 1;
    }
    total
};

/// A square's nearness to the centre: 12 on the four central squares, 0 in the corners. The
/// central band of a 14-wide board is files g and h (ranks 7 and 8).
const fn centrality(sq: usize) -> i32 {
    let (file, rank) = ((sq % 16) as i32, (sq / 16) as i32);
    12 - off_centre(file) - off_centre(rank)
}

/// Steps from a file (or rank) to the central two: 0 for g and h, 6 for a and n.
const fn off_centre(x: i32) -> i32 {
    let half = SIZE as i32 / 2;
    if x < half {
        half - 1 - x
    } else {
        x - half
    }
}

static CENTRALITY: [i32; SQUARES] = {
    let mut t = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        if i % 16 < SIZE as usize {
            t[i] = centrality(i);
        }
        i += 1;
    }
    t
};

/// Centipawns per step of centrality (minus the mean of 6, so a man's average square costs
/// nothing), middlegame and endgame. Short-range men need the centre most: from the rim a
/// Knight reaches half its squares and takes many moves to cross a 14-square board; a long
/// slider reaches far from anywhere.
const fn centre_weight(role: Role) -> (i32, i32) {
    match role {
        Role::Knight | Role::Elephant | Role::Machine | Role::Camel | Role::Prince => (4, 3),
        Role::Buffalo | Role::Lion => (3, 3),
        Role::Eagle | Role::Ship => (2, 2),
        Role::Queen | Role::Amazon | Role::Marshall | Role::Cardinal => (1, 2),
        Role::Rook | Role::Bishop | Role::Cannon | Role::Bow => (1, 1),
        Role::King | Role::Pawn | Role::Corporal => (0, 0),
    }
}

/// Centipawns per rank advanced for the men that promote to a Queen or Amazon (the promotion
/// pull), middlegame and endgame: stronger in the ending, where nothing stops them.
const fn advance_weight(role: Role) -> (i32, i32) {
    match role {
        Role::Pawn | Role::Corporal => (4, 10),
        Role::Prince => (3, 10),
        _ => (0, 0),
    }
}

/// The King's middlegame penalty per rank in front of its own second rank (where it starts),
/// and its endgame bonus per step of centrality.
const KING_ADVANCE_PENALTY: i32 = 12;
const KING_CENTRE_BONUS: i32 = 5;

/// Middlegame bonus per own man on the eight squares around the King.
const SHELTER: i32 = 6;
// No penalty for enemy attacks on the King's zone: counting them with `is_attacked` on the
// nine squares lost strength in an A/B match (19 - 23 - 8 against the build without it, 20,000
// nodes; docs/variants/gigachess.md).

/// Centipawns per square a leaper or slider reaches (mg, eg).
const MOBILITY: (i32, i32) = (2, 2);

/// A middlegame and an endgame sum.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Pair {
    mg: i32,
    eg: i32,
}

impl Pair {
    fn add(&mut self, sign: i32, (mg, eg): (i32, i32)) {
        self.mg += sign * mg;
        self.eg += sign * eg;
    }
}

/// A man's rank counted from its own side (0 on its first rank).
#[inline(always)]
fn relative_rank(color: Color, sq: Square) -> i32 {
    match color {
        Color::White => sq.rank() as i32,
        Color::Black => SIZE as i32 - 1 - sq.rank() as i32,
    }
}

impl Gigachess {
    /// The evaluation from White's side, without the tempo bonus.
    pub(super) fn evaluate_white(&self) -> i32 {
        let mut material = 0;
        let mut phase_material = 0;
        let mut score = Pair::default();
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            for role in Role::ALL {
                let men = self.pieces(color, role);
                if men.is_empty() {
                    continue;
                }
                let value = VALUES[role.index()];
                let count = men.count() as i32;
                material += sign * value * count;
                if counts_for_phase(role) {
                    phase_material += value * count;
                }
                let (cm, ce) = centre_weight(role);
                let (am, ae) = advance_weight(role);
                for sq in squares(men) {
                    let centre = CENTRALITY[sq.index()] - 6;
                    let advance = relative_rank(color, sq);
                    score.add(
                        sign,
                        (cm * centre + am * advance, ce * centre + ae * advance),
                    );
                }
            }
            score.add(sign, self.king_terms(color));
            score.add(sign, self.mobility(color));
        }
        let phase = (phase_material.clamp(ENDGAME_MATERIAL, MIDDLEGAME_MATERIAL)
            - ENDGAME_MATERIAL)
            * FULL_PHASE
            / (MIDDLEGAME_MATERIAL - ENDGAME_MATERIAL);
        material + (score.mg * phase + score.eg * (FULL_PHASE - phase)) / FULL_PHASE
    }

    /// The King's placement and safety (mg, eg): at home and sheltered by its men while much
    /// material remains, central in the ending.
    fn king_terms(&self, color: Color) -> (i32, i32) {
        let king = self.king_square(color);
        let home = (relative_rank(color, king) - 1).max(0);
        let shelter = (KING[king.index()] & self.by_color(color)).count() as i32;
        (
            SHELTER * shelter - KING_ADVANCE_PENALTY * home,
            KING_CENTRE_BONUS * (CENTRALITY[king.index()] - 6),
        )
    }

    /// The squares `color`'s leapers and straight sliders reach that do not hold their own men
    /// and that no enemy Pawn or Corporal guards (mg, eg). Cannons, Bows, Eagles and Ships are
    /// left to their centrality: their reach depends on screens and bends.
    pub(super) fn mobility(&self, color: Color) -> (i32, i32) {
        let ours = self.by_color(color);
        let them = !color;
        let enemy_pawns = self.pieces(them, Role::Pawn) | self.pieces(them, Role::Corporal);
        // Squares enemy Pawns and Corporals take on: their attacks seen from `color`'s side.
        let mut guarded = Bitboard256::EMPTY;
        for p in squares(enemy_pawns) {
            guarded |= pawn_attacks(them, p.index());
        }
        let avoid = ours | guarded;
        let leap = |table: &[Bitboard256; SQUARES], roles: &[Role]| -> u32 {
            let mut n = 0;
            for &role in roles {
                for sq in squares(self.pieces(color, role)) {
                    n += table[sq.index()].andnot(avoid).count();
                }
            }
            n
        };
        let mut reach = leap(
            &KNIGHT,
            &[Role::Knight, Role::Marshall, Role::Cardinal, Role::Amazon],
        ) + leap(&ELEPHANT, &[Role::Elephant])
            + leap(&MACHINE, &[Role::Machine])
            + leap(&CAMEL, &[Role::Camel])
            + leap(&BUFFALO, &[Role::Buffalo])
            + leap(&LION, &[Role::Lion]);
        for role in [Role::Rook, Role::Queen, Role::Marshall, Role::Amazon] {
            for sq in squares(self.pieces(color, role)) {
                reach += self.reach::<E>(sq) + self.reach::<W>(sq);
                reach += self.reach::<N>(sq) + self.reach::<S>(sq);
            }
        }
        for role in [Role::Bishop, Role::Queen, Role::Cardinal, Role::Amazon] {
            for sq in squares(self.pieces(color, role)) {
                reach += self.reach::<NE>(sq) + self.reach::<SW>(sq);
                reach += self.reach::<NW>(sq) + self.reach::<SE>(sq);
            }
        }
        let reach = reach as i32;
        (MOBILITY.0 * reach, MOBILITY.1 * reach)
    }

    /// The squares a slider on `sq` reaches in direction `D`: the empty ones and the first man
    /// (taken if an enemy, guarded if a friend).
    #[inline(always)]
    fn reach<const D: usize>(&self, sq: Square) -> u32 {
        let (line, bit) = LINE_OF[sq.index()][FAMILY[D]];
        let (line, bit) = (line as usize, bit as u32);
        let blocker = next_blocker::<D>(self.lines.scan_word(line), bit);
        gap(blocker, bit) + is_man(line, blocker) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Searchable;

    /// A position from men on named squares (upper case White), `side` to move.
    fn position(men: &[(char, &str)], side: char) -> Gigachess {
        let mut grid = [['.'; 14]; 14];
        for &(letter, name) in men {
            let sq = Square::parse(name).expect("test square");
            grid[sq.rank() as usize][sq.file() as usize] = letter;
        }
        let mut ranks = Vec::new();
        for rank in (0..14).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for &c in &grid[rank] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            ranks.push(text);
        }
        let fen = format!("{} {side} - - 0 1", ranks.join("/"));
        Gigachess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
    }

    /// Men of both sides on files a-f of ranks 5-6 and 9-10, away from the kings and the
    /// squares under test, so that the phase is a middlegame one.
    const MIDDLEGAME: [(char, &str); 24] = [
        ('Q', "a5"),
        ('A', "b5"),
        ('M', "c5"),
        ('C', "d5"),
        ('H', "e5"),
        ('R', "f5"),
        ('B', "a6"),
        ('N', "b6"),
        ('E', "c6"),
        ('D', "d6"),
        ('J', "e6"),
        ('F', "f6"),
        ('q', "a10"),
        ('a', "b10"),
        ('m', "c10"),
        ('c', "d10"),
        ('h', "e10"),
        ('r', "f10"),
        ('b', "a9"),
        ('n', "b9"),
        ('e', "c9"),
        ('d', "d9"),
        ('j', "e9"),
        ('f', "f9"),
    ];

    fn with_middlegame<'a>(men: &[(char, &'a str)]) -> Vec<(char, &'a str)> {
        MIDDLEGAME.iter().chain(men).copied().collect()
    }

    fn eval(men: &[(char, &str)]) -> i32 {
        position(men, 'w').evaluate_white()
    }

    #[test]
    fn start_position_is_balanced_and_the_mover_gets_the_tempo() {
        let start = Gigachess::from_fen(super::super::START_FEN).expect("start");
        assert_eq!(start.evaluate_white(), 0);
        assert_eq!(start.evaluate(), TEMPO);
    }

    #[test]
    fn colours_mirror() {
        // Black's men on the mirrored squares of White's (rules §2 mirror: same files).
        let white = position(
            &[
                ('K', "h2"),
                ('N', "c3"),
                ('P', "e6"),
                ('R', "g9"),
                ('k', "e13"),
            ],
            'w',
        );
        let black = position(
            &[
                ('k', "h13"),
                ('n', "c12"),
                ('p', "e9"),
                ('r', "g6"),
                ('K', "e2"),
            ],
            'b',
        );
        assert_eq!(white.evaluate_white(), -black.evaluate_white());
        assert_eq!(white.evaluate(), black.evaluate());
    }

    #[test]
    fn tempo_goes_to_the_side_to_move() {
        let men = [('K', "h2"), ('k', "h13"), ('N', "c3"), ('n', "c12")];
        assert_eq!(position(&men, 'w').evaluate(), TEMPO);
        assert_eq!(position(&men, 'b').evaluate(), TEMPO);
    }

    #[test]
    fn a_centralised_knight_beats_a_rim_knight() {
        let centre = eval(&[('K', "h2"), ('k', "h13"), ('N', "g7")]);
        let rim = eval(&[('K', "h2"), ('k', "h13"), ('N', "a7")]);
        assert!(centre > rim + 20, "{centre} vs {rim}");
    }

    #[test]
    fn short_range_men_want_the_centre_more_than_long_sliders() {
        let gain = |letter| {
            eval(&[('K', "h2"), ('k', "h13"), (letter, "g8")])
                - eval(&[('K', "h2"), ('k', "h13"), (letter, "a8")])
        };
        // The slider's mobility along the 8th rank is the same from g8 and a8 (13 squares).
        assert!(gain('R') > 0, "rook {}", gain('R'));
        assert!(gain('E') > gain('R'), "{} vs {}", gain('E'), gain('R'));
    }

    #[test]
    fn pawns_corporals_and_princes_are_pulled_toward_promotion() {
        for letter in ['P', 'O', 'I'] {
            let far = eval(&[('K', "h2"), ('k', "a14"), (letter, "d11")]);
            let near = eval(&[('K', "h2"), ('k', "a14"), (letter, "d5")]);
            assert!(far > near + 40, "{letter}: {far} vs {near}");
        }
    }

    #[test]
    fn the_king_stays_home_in_the_middlegame_and_centralises_in_the_ending() {
        let home = with_middlegame(&[('K', "h2"), ('k', "h13")]);
        let out = with_middlegame(&[('K', "h7"), ('k', "h13")]);
        assert!(
            eval(&home) > eval(&out) + 10,
            "{} vs {}",
            eval(&home),
            eval(&out)
        );
        let home = [('K', "h2"), ('k', "h13"), ('P', "a3"), ('p', "a12")];
        let out = [('K', "h7"), ('k', "h13"), ('P', "a3"), ('p', "a12")];
        assert!(
            eval(&out) > eval(&home) + 10,
            "{} vs {}",
            eval(&out),
            eval(&home)
        );
    }

    #[test]
    fn a_king_among_its_men_beats_a_bare_king_in_the_middlegame() {
        let sheltered = with_middlegame(&[
            ('K', "h2"),
            ('P', "g3"),
            ('P', "h3"),
            ('P', "i3"),
            ('k', "h13"),
        ]);
        let bare = with_middlegame(&[
            ('K', "h2"),
            ('P', "l3"),
            ('P', "m3"),
            ('P', "n3"),
            ('k', "h13"),
        ]);
        assert!(
            eval(&sheltered) > eval(&bare),
            "{} vs {}",
            eval(&sheltered),
            eval(&bare)
        );
    }

    #[test]
    fn mobility_counts_free_squares() {
        // A Knight in the corner boxed in by its own men against one with its squares free.
        let boxed = position(
            &[
                ('K', "h2"),
                ('k', "h13"),
                ('N', "a1"),
                ('P', "b3"),
                ('P', "c2"),
            ],
            'w',
        );
        let free = position(
            &[
                ('K', "h2"),
                ('k', "h13"),
                ('N', "a1"),
                ('P', "b4"),
                ('P', "c4"),
            ],
            'w',
        );
        assert_eq!(boxed.mobility(Color::White).0, 0);
        assert_eq!(free.mobility(Color::White).0, 2 * MOBILITY.0);
        // A Rook on an open file against one shut in by its men (same squares for all men).
        let open = position(
            &[
                ('K', "n1"),
                ('k', "n14"),
                ('R', "a1"),
                ('P', "b3"),
                ('P', "c3"),
            ],
            'w',
        );
        let shut = position(
            &[
                ('K', "n1"),
                ('k', "n14"),
                ('R', "a1"),
                ('P', "a3"),
                ('P', "b2"),
            ],
            'w',
        );
        assert!(open.mobility(Color::White).0 > shut.mobility(Color::White).0);
        // An enemy Pawn's guarded squares (c2 here) are not counted.
        let guarded = position(
            &[
                ('K', "h2"),
                ('k', "h13"),
                ('N', "a1"),
                ('P', "b4"),
                ('p', "d3"),
            ],
            'w',
        );
        assert_eq!(guarded.mobility(Color::White).0, MOBILITY.0);
    }
}
