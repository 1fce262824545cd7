//! The six FIDE men, shared by the 8x8 variants.

use crate::core::Color;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// Lowercase letter, as in FEN for Black and in promotion suffixes.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.letter() == c.to_ascii_lowercase())
    }

    /// The promotion piece named by the end of a coordinate move (`e7e8q`): none for an
    /// empty suffix, else one of the lowercase letters q, r, b, n.
    pub fn promotion_suffix(suffix: &str) -> Result<Option<Role>, &'static str> {
        match suffix {
            "" => Ok(None),
            "q" => Ok(Some(Role::Queen)),
            "r" => Ok(Some(Role::Rook)),
            "b" => Ok(Some(Role::Bishop)),
            "n" => Ok(Some(Role::Knight)),
            _ => Err("promotion letter must be q, r, b or n"),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
    /// 0..12, for Zobrist keys: colour-major.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }
    /// The FEN letter: uppercase for White.
    pub fn fen_char(self) -> char {
        self.color.fen_case(self.role.letter())
    }
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        Some(Piece::new(Color::of_fen_letter(c), role))
    }
}
