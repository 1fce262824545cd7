//! The 20 man types of Gigachess (rules §3), their letters and their automatic promotions (§5).

use crate::core::Color;

/// A man type. The discriminant indexes the role bitboards and the Zobrist keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    King = 0,
    Queen,
    Rook,
    Bishop,
    Knight,
    Elephant,
    Machine,
    Camel,
    Buffalo,
    Lion,
    Marshall,
    Cardinal,
    Amazon,
    Cannon,
    Bow,
    Eagle,
    Ship,
    Prince,
    Corporal,
    Pawn,
}

/// Number of roles.
pub const ROLES: usize = 20;

impl Role {
    pub const ALL: [Role; ROLES] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Elephant,
        Role::Machine,
        Role::Camel,
        Role::Buffalo,
        Role::Lion,
        Role::Marshall,
        Role::Cardinal,
        Role::Amazon,
        Role::Cannon,
        Role::Bow,
        Role::Eagle,
        Role::Ship,
        Role::Prince,
        Role::Corporal,
        Role::Pawn,
    ];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of §3 (FEN, tokens).
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'k',
            Role::Queen => 'q',
            Role::Rook => 'r',
            Role::Bishop => 'b',
            Role::Knight => 'n',
            Role::Elephant => 'e',
            Role::Machine => 'd',
            Role::Camel => 'j',
            Role::Buffalo => 'f',
            Role::Lion => 'l',
            Role::Marshall => 'm',
            Role::Cardinal => 'c',
            Role::Amazon => 'a',
            Role::Cannon => 'z',
            Role::Bow => 'w',
            Role::Eagle => 'h',
            Role::Ship => 'x',
            Role::Prince => 'i',
            Role::Corporal => 'o',
            Role::Pawn => 'p',
        }
    }

    /// The name of §3, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Queen => "Queen",
            Role::Rook => "Rook",
            Role::Bishop => "Bishop",
            Role::Knight => "Knight",
            Role::Elephant => "Elephant",
            Role::Machine => "Machine",
            Role::Camel => "Camel",
            Role::Buffalo => "Buffalo",
            Role::Lion => "Lion",
            Role::Marshall => "Marshall",
            Role::Cardinal => "Cardinal",
            Role::Amazon => "Amazon",
            Role::Cannon => "Cannon",
            Role::Bow => "Bow",
            Role::Eagle => "Eagle",
            Role::Ship => "Ship",
            Role::Prince => "Prince",
            Role::Corporal => "Corporal",
            Role::Pawn => "Pawn",
        }
    }

    /// The role of a lowercase letter of §3.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// What the man becomes on ending a move on its last rank (§5), if it promotes at all.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Role::Pawn | Role::Corporal => Some(Role::Queen),
            Role::Prince => Some(Role::Amazon),
            Role::Knight | Role::Camel => Some(Role::Buffalo),
            Role::Elephant | Role::Machine => Some(Role::Lion),
            Role::Ship => Some(Role::Eagle),
            _ => None,
        }
    }

    /// Pawns and Corporals: their moves reset the halfmove clock and they capture en passant.
    #[inline(always)]
    pub const fn is_pawnlike(self) -> bool {
        matches!(self, Role::Pawn | Role::Corporal)
    }

    /// Rook-line sliders: they attack the first man met along a rank or file.
    #[inline(always)]
    pub const fn slides_orthogonally(self) -> bool {
        matches!(
            self,
            Role::Rook | Role::Queen | Role::Marshall | Role::Amazon
        )
    }

    /// Bishop-line sliders.
    #[inline(always)]
    pub const fn slides_diagonally(self) -> bool {
        matches!(
            self,
            Role::Bishop | Role::Queen | Role::Cardinal | Role::Amazon
        )
    }
}

/// A man: colour and role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White.
    pub fn fen_char(self) -> char {
        self.color.fen_case(self.role.letter())
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c.to_ascii_lowercase())?;
        Some(Piece::new(Color::of_fen_letter(c), role))
    }

    /// The mailbox byte: 0 is an empty square, so a man is `1 + role + 32 * color`.
    #[inline(always)]
    pub const fn code(self) -> u8 {
        1 + self.role as u8 + 32 * self.color as u8
    }

    /// The man of a non-zero mailbox byte.
    #[inline(always)]
    pub const fn from_code(code: u8) -> Piece {
        debug_assert!(code != 0);
        let color = if code >= 32 {
            Color::Black
        } else {
            Color::White
        };
        Piece::new(color, Role::ALL[((code - 1) & 31) as usize])
    }
}

/// The role of a non-zero mailbox byte, without building the Piece.
#[inline(always)]
pub const fn code_role(code: u8) -> usize {
    ((code - 1) & 31) as usize
}

/// Whether a non-zero mailbox byte is a man of `color`.
#[inline(always)]
pub const fn code_is(code: u8, color: Color) -> bool {
    (code >= 32) == (color as u8 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_codes_round_trip() {
        let mut letters: Vec<char> = Role::ALL.iter().map(|r| r.letter()).collect();
        assert_eq!(letters.iter().collect::<String>(), "kqrbnedjflmcazwhxiop");
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), ROLES);
        for (i, role) in Role::ALL.into_iter().enumerate() {
            assert_eq!(role.index(), i);
            assert_eq!(Role::from_letter(role.letter()), Some(role));
            for color in [Color::White, Color::Black] {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
                assert_eq!(Piece::from_code(p.code()), p);
                assert_eq!(code_role(p.code()), i);
                assert!(code_is(p.code(), color));
                assert!(!code_is(p.code(), !color));
            }
        }
        assert_eq!(Piece::from_fen_char('y'), None);
    }

    #[test]
    fn promotion_table_of_the_rules() {
        let promoted: Vec<(char, char)> = Role::ALL
            .iter()
            .filter_map(|r| r.promotion().map(|p| (r.letter(), p.letter())))
            .collect();
        assert_eq!(
            promoted,
            [
                ('n', 'f'),
                ('e', 'l'),
                ('d', 'l'),
                ('j', 'f'),
                ('x', 'h'),
                ('i', 'a'),
                ('o', 'q'),
                ('p', 'q')
            ]
        );
    }
}
