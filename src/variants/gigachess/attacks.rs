//! Attacks on a square (rules §7: every capturing move an enemy man could make there, Cannon
//! and Bow over exactly one screen, Eagle and Ship along their bent paths), and the king safety
//! the generator needs: whether the side to move is in check, which of its men must have each
//! move tested, and which squares no man but the king may enter.

use super::board::Gigachess;
use super::lines::{gap, is_man, next_blocker, step, E, FAMILY, LINE_OF, N, NE, NW, S, SE, SW, W};
use super::piece::{code_is, Role, ROLES};
use super::square::Square;
use super::tables::{
    pawn_attacks, ALFIL, CAMEL, DABBABA, EAGLE_REACH, FERZ, KING, KNIGHT, SHIP_REACH, WAZIR, ZEBRA,
};
use crate::core::{Bitboard256, Color};

/// What a man does along a line: bit 0 slides along ranks and files, bit 1 along diagonals,
/// bit 2 captures over a screen along ranks and files (Cannon), bit 3 along diagonals (Bow).
const ORTHOGONAL_SLIDER: u8 = 1;
const DIAGONAL_SLIDER: u8 = 2;
const ORTHOGONAL_SCREEN: u8 = 4;
const DIAGONAL_SCREEN: u8 = 8;

const fn role_line_flags(role: Role) -> u8 {
    (if role.slides_orthogonally() {
        ORTHOGONAL_SLIDER
    } else {
        0
    }) | (if role.slides_diagonally() {
        DIAGONAL_SLIDER
    } else {
        0
    }) | (if matches!(role, Role::Cannon) {
        ORTHOGONAL_SCREEN
    } else {
        0
    }) | (if matches!(role, Role::Bow) {
        DIAGONAL_SCREEN
    } else {
        0
    })
}

/// Line flags by mailbox byte (either colour).
static LINE_FLAGS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < ROLES {
        let flags = role_line_flags(Role::ALL[i]);
        t[1 + i] = flags;
        t[33 + i] = flags;
        i += 1;
    }
    t
};

#[inline(always)]
const fn slider_flag(dir: usize) -> u8 {
    if dir < 4 {
        ORTHOGONAL_SLIDER
    } else {
        DIAGONAL_SLIDER
    }
}

#[inline(always)]
const fn screen_flag(dir: usize) -> u8 {
    if dir < 4 {
        ORTHOGONAL_SCREEN
    } else {
        DIAGONAL_SCREEN
    }
}

/// King safety of the side to move, computed once per position.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Safety {
    pub in_check: bool,
    /// Men of the side to move whose moves may expose the king, so each is tested: the only man
    /// between the king and an enemy slider, Eagle or Ship, and either of the two men between
    /// the king and an enemy Cannon or Bow.
    pub sensitive: Bitboard256,
    /// Empty squares between the king and an enemy Cannon or Bow with no man between them: a
    /// man (other than the king) arriving there would be the one screen.
    pub forbidden: Bitboard256,
}

impl Gigachess {
    /// Whether a man of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.leaper_attacks(sq, by)
            || self.line_attack::<E>(sq, by)
            || self.line_attack::<W>(sq, by)
            || self.line_attack::<N>(sq, by)
            || self.line_attack::<S>(sq, by)
            || self.line_attack::<NE>(sq, by)
            || self.line_attack::<SW>(sq, by)
            || self.line_attack::<NW>(sq, by)
            || self.line_attack::<SE>(sq, by)
            || self.bent_attack(sq, by)
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.kings[self.side.index()], !self.side)
    }

    /// Attacks that no man in between can stop: leaps and single steps.
    #[inline(always)]
    fn leaper_attacks(&self, sq: Square, by: Color) -> bool {
        let r = &self.roles;
        let them = self.colors[by.index()];
        let s = sq.index();
        let role = |x: Role| r[x.index()];
        let knights = role(Role::Knight)
            | role(Role::Marshall)
            | role(Role::Cardinal)
            | role(Role::Amazon)
            | role(Role::Buffalo)
            | role(Role::Lion);
        (KNIGHT[s] & them & knights).any()
            || (KING[s] & them & (role(Role::King) | role(Role::Prince) | role(Role::Lion))).any()
            || (FERZ[s] & them & (role(Role::Elephant) | role(Role::Eagle) | role(Role::Ship)))
                .any()
            || (WAZIR[s] & them & role(Role::Machine)).any()
            || (ALFIL[s] & them & (role(Role::Elephant) | role(Role::Lion))).any()
            || (DABBABA[s] & them & (role(Role::Machine) | role(Role::Lion))).any()
            || (CAMEL[s] & them & (role(Role::Camel) | role(Role::Buffalo))).any()
            || (ZEBRA[s] & them & role(Role::Buffalo)).any()
            || (pawn_attacks(!by, s) & them & (role(Role::Pawn) | role(Role::Corporal))).any()
    }

    /// An attack along direction `D` from `sq`: the first man met is an enemy slider of that
    /// line, or the second is an enemy Cannon/Bow (the first being its screen).
    #[inline(always)]
    fn line_attack<const D: usize>(&self, sq: Square, by: Color) -> bool {
        let (line, bit) = LINE_OF[sq.index()][FAMILY[D]];
        let (line, bit) = (line as usize, bit as u32);
        let word = self.lines.scan_word(line);
        let b1 = next_blocker::<D>(word, bit);
        if !is_man(line, b1) {
            return false;
        }
        let theirs = self.lines.color_word(by.index(), line);
        if theirs >> b1 & 1 != 0 {
            let code = self.squares[step(sq, D, gap(b1, bit) + 1).index()];
            if LINE_FLAGS[code as usize] & slider_flag(D) != 0 {
                return true;
            }
        }
        let b2 = next_blocker::<D>(word, b1);
        if !is_man(line, b2) || theirs >> b2 & 1 == 0 {
            return false;
        }
        let code = self.squares[step(sq, D, gap(b2, bit) + 1).index()];
        LINE_FLAGS[code as usize] & screen_flag(D) != 0
    }

    /// An attack by an Eagle or Ship along a bent path (their diagonal step is a leap).
    #[inline(always)]
    fn bent_attack(&self, sq: Square, by: Color) -> bool {
        let s = sq.index();
        let them = self.colors[by.index()];
        let benders = (EAGLE_REACH[s] & self.roles[Role::Eagle.index()] & them)
            | (SHIP_REACH[s] & self.roles[Role::Ship.index()] & them);
        let benders = benders.andnot(FERZ[s]);
        benders
            .into_iter()
            .any(|e| self.bent_path_men(Square::from_index(e), sq).0 == 0)
    }

    /// The men standing on the bent path from an Eagle or Ship on `from` to `to` (which it
    /// reaches on an empty board, not by its diagonal step): the diagonal square and the squares
    /// after it up to `to`. Returns the men as a line word, and the square of the lowest of
    /// them (the diagonal square when there are none).
    #[inline(always)]
    pub(crate) fn bent_path_men(&self, from: Square, to: Square) -> (u32, Square) {
        let dx = to.file() as i32 - from.file() as i32;
        let dy = to.rank() as i32 - from.rank() as i32;
        // The diagonal square: one step towards `to` on both axes.
        let first = Square::new(
            (from.file() as i32 + dx.signum()) as u8,
            (from.rank() as i32 + dy.signum()) as u8,
        );
        let (family, lo, hi) = if dy.abs() == 1 {
            (0, first.file().min(to.file()), first.file().max(to.file()))
        } else {
            (1, first.rank().min(to.rank()), first.rank().max(to.rank()))
        };
        let (line, _) = LINE_OF[to.index()][family];
        let line = line as usize;
        // Positions lo..=hi along the line, `to` itself excluded; bit = position + 1.
        let span = ((2u32 << hi) - (1u32 << lo)) << 1;
        let to_bit = 1u32 << (1 + if family == 0 { to.file() } else { to.rank() });
        let men =
            (self.lines.color_word(0, line) | self.lines.color_word(1, line)) & span & !to_bit;
        let one = if men == 0 {
            first
        } else {
            let pos = men.trailing_zeros() as u8 - 1;
            if family == 0 {
                Square::new(pos, to.rank())
            } else {
                Square::new(to.file(), pos)
            }
        };
        (men, one)
    }

    /// The king safety of the side to move.
    #[inline(always)]
    pub(crate) fn safety(&self) -> Safety {
        let us = self.side;
        let king = self.kings[us.index()];
        let mut safety = Safety {
            in_check: self.leaper_attacks(king, !us),
            ..Safety::default()
        };
        self.king_line::<E>(king, &mut safety);
        self.king_line::<W>(king, &mut safety);
        self.king_line::<N>(king, &mut safety);
        self.king_line::<S>(king, &mut safety);
        self.king_line::<NE>(king, &mut safety);
        self.king_line::<SW>(king, &mut safety);
        self.king_line::<NW>(king, &mut safety);
        self.king_line::<SE>(king, &mut safety);

        let s = king.index();
        let them = self.colors[(!us).index()];
        let benders = (EAGLE_REACH[s] & self.roles[Role::Eagle.index()] & them)
            | (SHIP_REACH[s] & self.roles[Role::Ship.index()] & them);
        for e in benders.andnot(FERZ[s]) {
            let (men, one) = self.bent_path_men(Square::from_index(e), king);
            if men == 0 {
                safety.in_check = true;
            } else if men.count_ones() == 1 && code_is(self.squares[one.index()], us) {
                safety.sensitive.set(one.index());
            }
        }
        safety
    }

    /// Checks, pins, screens and forbidden squares along direction `D` from the king: the first
    /// three men met decide everything a single move can change on this line.
    #[inline(always)]
    fn king_line<const D: usize>(&self, king: Square, safety: &mut Safety) {
        let us = self.side;
        let (line, bit) = LINE_OF[king.index()][FAMILY[D]];
        let (line, bit) = (line as usize, bit as u32);
        let word = self.lines.scan_word(line);
        let b1 = next_blocker::<D>(word, bit);
        if !is_man(line, b1) {
            return;
        }
        let sq1 = step(king, D, gap(b1, bit) + 1);
        let code1 = self.squares[sq1.index()];
        let ours1 = code_is(code1, us);
        let flags1 = LINE_FLAGS[code1 as usize];
        if !ours1 {
            if flags1 & slider_flag(D) != 0 {
                safety.in_check = true;
            }
            if flags1 & screen_flag(D) != 0 {
                for i in 1..=gap(b1, bit) {
                    safety.forbidden.set(step(king, D, i).index());
                }
            }
        }
        let b2 = next_blocker::<D>(word, b1);
        if !is_man(line, b2) {
            return;
        }
        let sq2 = step(king, D, gap(b2, bit) + 1);
        let code2 = self.squares[sq2.index()];
        let ours2 = code_is(code2, us);
        let flags2 = LINE_FLAGS[code2 as usize];
        if !ours2 {
            if flags2 & screen_flag(D) != 0 {
                safety.in_check = true;
            }
            if ours1 && flags2 & slider_flag(D) != 0 {
                safety.sensitive.set(sq1.index());
            }
        }
        let b3 = next_blocker::<D>(word, b2);
        if !is_man(line, b3) {
            return;
        }
        let code3 = self.squares[step(king, D, gap(b3, bit) + 1).index()];
        if !code_is(code3, us) && LINE_FLAGS[code3 as usize] & screen_flag(D) != 0 {
            if ours1 {
                safety.sensitive.set(sq1.index());
            }
            if ours2 {
                safety.sensitive.set(sq2.index());
            }
        }
    }
}
