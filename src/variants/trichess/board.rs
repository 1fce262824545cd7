//! The position: men as bitboards by player and by role, the side to move, castling rights,
//! clocks, the incremental Zobrist hash, and the end state once a king has been captured.
//! Also the attack queries that legality, castling and scoring share.

use super::cell::{cells, Cell};
use super::moves::{Piece, Role};
use super::tables::{
    right, DIAGONAL, DIAGONAL_LINES, KING, KNIGHT, PAWN_ATTACKERS, RAYS, SLOTS, STRAIGHT,
    STRAIGHT_LINES,
};
use crate::core::{zobrist, Bitboard256, Player};

pub(crate) const PAWN: usize = Role::Pawn as usize;
pub(crate) const KNIGHT_ROLE: usize = Role::Knight as usize;
pub(crate) const BISHOP: usize = Role::Bishop as usize;
pub(crate) const ROOK: usize = Role::Rook as usize;
pub(crate) const QUEEN: usize = Role::Queen as usize;
pub(crate) const KING_ROLE: usize = Role::King as usize;

/// Zobrist keys: one per (player, role, cell), then the side to move, then the six castling
/// rights. The repetition key of §9 is placement + side + rights, which is exactly this.
const PIECE_KEYS: usize = 0;
const SIDE_KEYS: usize = 3 * 6 * SLOTS;
const CASTLING_KEYS: usize = SIDE_KEYS + 3;
static KEYS: [u64; CASTLING_KEYS + 6] = zobrist::keys(0x7472_6963_6865_7373);

#[inline(always)]
fn piece_key(player: usize, role: usize, cell: usize) -> u64 {
    KEYS[PIECE_KEYS + (player * 6 + role) * SLOTS + cell]
}

#[inline(always)]
pub(crate) fn side_key(player: usize) -> u64 {
    KEYS[SIDE_KEYS + player]
}

/// The keys of every right in `rights` XORed together.
#[inline(always)]
pub(crate) fn castling_key(rights: u8) -> u64 {
    let mut h = 0;
    for (bit, key) in KEYS[CASTLING_KEYS..].iter().enumerate() {
        if rights & (1 << bit) != 0 {
            h ^= key;
        }
    }
    h
}

/// How a game ended by a king capture (§9 case 1), recorded when the capture is played: the
/// split of the points depends on the position before it, which the position after no longer
/// shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KingCapture {
    /// The player whose king was taken.
    pub victim: Player,
    /// For each player, its pieces that attacked the king's cell just before the capture (the
    /// capturing piece included); 0 for the victim.
    pub attackers: [u8; 3],
}

/// A trichess position (rules §1-§9). Copy-make: `play` works in place on a copy.
#[derive(Clone, Copy, Debug)]
pub struct Trichess {
    /// The men of each player.
    pub(crate) players: [Bitboard256; 3],
    /// The men of each role, all players together (indexed by `Role as usize`).
    pub(crate) roles: [Bitboard256; 6],
    /// The player to move, 0..3.
    pub(crate) side: u8,
    /// Bit 2p: player p's short castle (`K`); bit 2p + 1: its long castle (`Q`).
    pub(crate) castling: u8,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u16,
    /// Starts at 1 and goes up after player 2 (`c`) moves.
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
    /// Set by a king capture: the game is over and the position has no moves.
    pub(crate) king_capture: Option<KingCapture>,
}

/// The nearest cell of a non-empty set of cells on a ray in direction `d`: rays of even
/// directions run towards higher bits.
#[inline(always)]
pub(crate) fn nearest(d: usize, on_ray: Bitboard256) -> usize {
    let found = if d & 1 == 0 {
        on_ray.lsb()
    } else {
        on_ray.msb()
    };
    found.unwrap_or(0)
}

/// The cells a slider on `cell` reaches in direction `d`: up to and including the first
/// occupied one.
#[inline(always)]
pub(crate) fn ray_attacks(d: usize, cell: usize, occ: Bitboard256) -> Bitboard256 {
    let ray = RAYS[d][cell];
    let blockers = ray & occ;
    if blockers.is_empty() {
        ray
    } else {
        ray ^ RAYS[d][nearest(d, blockers)]
    }
}

#[inline(always)]
pub(crate) fn straight_attacks(cell: usize, occ: Bitboard256) -> Bitboard256 {
    let mut out = Bitboard256::EMPTY;
    for d in STRAIGHT {
        out |= ray_attacks(d, cell, occ);
    }
    out
}

#[inline(always)]
pub(crate) fn diagonal_attacks(cell: usize, occ: Bitboard256) -> Bitboard256 {
    let mut out = Bitboard256::EMPTY;
    for d in DIAGONAL {
        out |= ray_attacks(d, cell, occ);
    }
    out
}

impl Trichess {
    /// No men, player 0 to move, no rights, the clocks at their start.
    pub(crate) fn empty() -> Trichess {
        let mut pos = Trichess {
            players: [Bitboard256::EMPTY; 3],
            roles: [Bitboard256::EMPTY; 6],
            side: 0,
            castling: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            king_capture: None,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The player to move.
    pub fn side(&self) -> Player {
        Player(self.side)
    }
    /// The castling rights: bit 2p is player p's short castle, bit 2p + 1 its long one.
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    /// How the game ended, if a king has been captured.
    pub fn king_capture(&self) -> Option<KingCapture> {
        self.king_capture
    }

    /// The men of `player`.
    #[inline(always)]
    pub fn men(&self, player: Player) -> Bitboard256 {
        self.players[player.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, player: Player, role: Role) -> Bitboard256 {
        self.players[player.index()] & self.roles[role as usize]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard256 {
        self.players[0] | self.players[1] | self.players[2]
    }

    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let i = cell.index();
        let player = (0..3).find(|&p| self.players[p].has(i))?;
        let role = Role::ALL
            .into_iter()
            .find(|r| self.roles[*r as usize].has(i))?;
        Some(Piece::new(Player(player as u8), role))
    }

    /// The cell of `player`'s king; None once it has been captured.
    #[inline(always)]
    pub fn king(&self, player: Player) -> Option<Cell> {
        self.pieces(player, Role::King).lsb().map(Cell::from_index)
    }

    /// Puts `piece` on an empty `cell`, keeping the hash.
    #[inline(always)]
    pub(crate) fn put(&mut self, cell: usize, player: usize, role: usize) {
        self.players[player].set(cell);
        self.roles[role].set(cell);
        self.hash ^= piece_key(player, role, cell);
    }

    /// Takes `piece` off `cell`, keeping the hash.
    #[inline(always)]
    pub(crate) fn remove(&mut self, cell: usize, player: usize, role: usize) {
        self.players[player].clear(cell);
        self.roles[role].clear(cell);
        self.hash ^= piece_key(player, role, cell);
    }

    /// Every man, of any player, that attacks `cell` with occupancy `occ` (pawns by their
    /// captures; a king by its steps). Owners are told apart by ANDing with `men`.
    pub fn attackers(&self, cell: Cell, occ: Bitboard256) -> Bitboard256 {
        let c = cell.index();
        let r = &self.roles;
        let mut out = (KNIGHT[c] & r[KNIGHT_ROLE]) | (KING[c] & r[KING_ROLE]);
        for (from, men) in PAWN_ATTACKERS.iter().zip(self.players) {
            out |= from[c] & r[PAWN] & men;
        }
        out |= straight_attacks(c, occ) & (r[ROOK] | r[QUEEN]);
        out |= diagonal_attacks(c, occ) & (r[BISHOP] | r[QUEEN]);
        out
    }

    /// Whether any man of the two opponents of `us` attacks `cell` with occupancy `occ`. The
    /// line tests come last and only for lines that hold a slider of the right kind.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, cell: usize, us: usize, occ: Bitboard256) -> bool {
        let (o1, o2) = ((us + 1) % 3, (us + 2) % 3);
        let them = self.players[o1] | self.players[o2];
        let r = &self.roles;
        if (KNIGHT[cell] & r[KNIGHT_ROLE] & them).any()
            || (KING[cell] & r[KING_ROLE] & them).any()
            || (PAWN_ATTACKERS[o1][cell] & r[PAWN] & self.players[o1]).any()
            || (PAWN_ATTACKERS[o2][cell] & r[PAWN] & self.players[o2]).any()
        {
            return true;
        }
        let rooks = (r[ROOK] | r[QUEEN]) & them;
        if STRAIGHT_LINES[cell].intersects(rooks) {
            for d in STRAIGHT {
                let ray = RAYS[d][cell];
                if ray.intersects(rooks) && rooks.has(nearest(d, ray & occ)) {
                    return true;
                }
            }
        }
        let bishops = (r[BISHOP] | r[QUEEN]) & them;
        if DIAGONAL_LINES[cell].intersects(bishops) {
            for d in DIAGONAL {
                let ray = RAYS[d][cell];
                if ray.intersects(bishops) && bishops.has(nearest(d, ray & occ)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `player`'s king is attacked by either opponent (§8).
    pub fn in_check(&self, player: Player) -> bool {
        self.king(player)
            .is_some_and(|k| self.is_attacked(k.index(), player.index(), self.occupied()))
    }

    /// For each player, how many of its men attack `player`'s king (0 for `player` itself): the
    /// weights of the checkmate split (§9).
    pub fn king_attackers(&self, player: Player) -> [u8; 3] {
        let mut out = [0; 3];
        if let Some(k) = self.king(player) {
            let attackers = self.attackers(k, self.occupied());
            for (p, n) in out.iter_mut().enumerate() {
                if p != player.index() {
                    *n = (attackers & self.players[p]).count() as u8;
                }
            }
        }
        out
    }

    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = side_key(self.side as usize) ^ castling_key(self.castling);
        for p in 0..3 {
            for role in 0..6 {
                for c in cells(self.players[p] & self.roles[role]) {
                    h ^= piece_key(p, role, c.index());
                }
            }
        }
        h
    }

    /// Whether player p has castle `side` (0 short, 1 long).
    pub(crate) fn has_right(&self, p: usize, side: usize) -> bool {
        self.castling & right(p, side) != 0
    }
}
