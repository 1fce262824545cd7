//! A game of any variant behind one object-safe trait, so that the Python classes hold
//! `Box<dyn Position>` and never name a variant: the registry makes the box once, and from
//! there every call runs kaleido's code monomorphised for the variant.

use crate::search::{Report, Request};
use kaleido::arbiter::notation::{read_turn, MoveNotation};
use kaleido::errors::{FenError, MoveError};
use kaleido::game::{written_along, Game, Variant};
use kaleido::outcome::Outcome;
use kaleido::record::GameRecord;
use kaleido::registry::{with_variant, UnknownVariant, VariantVisitor};
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A game in progress: where it started, the turns pushed since, and what the rules and the
/// search say of its position.
pub trait Position: Send + Sync {
    fn variant(&self) -> &'static str;
    fn players(&self) -> usize;
    /// The seats' names in player order (`White`, `Black`, ...).
    fn seat_names(&self) -> Vec<&'static str>;
    fn fen(&self) -> String;
    fn start_fen(&self) -> String;
    fn turn(&self) -> usize;
    /// Hands every legal ply's token, in generation order, to `take`; the moves are listed
    /// once per position and kept for `push` and `push_listed`.
    fn for_each_legal_move(&self, take: &mut dyn FnMut(&str));
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.for_each_legal_move(&mut |token| moves.push(token.to_string()));
        moves
    }
    fn is_legal(&self, token: &str) -> bool;
    /// Reads `token` (one ply, or a turn of several as the variant writes it) and plays it.
    /// Nothing is played on an error.
    fn push(&mut self, token: &str) -> Result<(), MoveError>;
    /// Reads `text` in the variant's human notation (or as its token) and plays it; gives the
    /// tokens of its plies. Nothing is played on an error.
    fn push_san(&mut self, text: &str) -> Result<Vec<String>, MoveError>;
    /// Which position of the game is current: its hash and the plies played to it. Moves
    /// listed at one key are the legal moves wherever the game stands at that key again.
    fn key(&self) -> Key;
    /// Plays the `index`-th of the legal moves as `for_each_legal_move` lists them here; false
    /// (and nothing played) when they were not listed in this position.
    fn push_listed(&mut self, index: usize) -> bool;
    /// Takes back the last push; None when nothing was pushed.
    fn pop(&mut self) -> Option<Popped>;
    fn move_stack(&self) -> Vec<String>;
    /// The human notation (SAN where the variant has it) of each ply of a token read in the
    /// current position, each written in the position it is played from.
    fn san(&self, token: &str) -> Result<Vec<String>, MoveError>;
    fn is_check(&self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    /// How often the current position has stood on the board, counting now.
    fn repetitions(&self) -> usize;
    fn perft(&self, depth: u32) -> u64;
    fn diagram(&self) -> String;
    fn hash(&self) -> u64;
    fn chess960(&self) -> bool;
    fn clone_box(&self) -> Box<dyn Position>;
    /// Searches the current position (with the game's earlier positions for repetitions)
    /// until `request`'s limits or `stop`.
    fn search(&self, request: &Request, stop: &AtomicBool) -> Report;
}

/// Which position of a game is current: its hash and the plies played to it.
pub type Key = (u64, usize);

/// What `pop` took back: one of the legal moves of the position now current, by its place in
/// their listing (so a caller that keeps the listed tokens needs no new one), or the tokens of
/// its plies.
pub enum Popped {
    Listed(usize),
    Tokens(Vec<String>),
}

/// The start of a game: the variant's own start or a FEN, optionally Chess960.
pub struct Start<'a> {
    pub fen: Option<&'a str>,
    pub chess960: bool,
}

/// Why a game could not be set up.
#[derive(Debug)]
pub enum SetupError {
    UnknownVariant(UnknownVariant),
    Fen(FenError),
    /// Chess960 asked of a game without shuffled starts.
    NoChess960(&'static str),
}

/// Sets up a game of `variant` from `start`.
pub fn new_position(variant: &str, start: Start<'_>) -> Result<Box<dyn Position>, SetupError> {
    struct Setup<'a>(Start<'a>);
    impl VariantVisitor for Setup<'_> {
        type Output = Result<Box<dyn Position>, SetupError>;
        fn visit<G: Variant>(self) -> Self::Output {
            let mut pos = match self.0.fen {
                Some(fen) => G::from_fen(fen).map_err(SetupError::Fen)?,
                None => G::startpos(),
            };
            if self.0.chess960 {
                if !G::SHUFFLED_STARTS {
                    return Err(SetupError::NoChess960(G::NAME));
                }
                pos.set_chess960(true);
            }
            Ok(Box::new(Played::new(pos)))
        }
    }
    with_variant(variant, Setup(start)).map_err(SetupError::UnknownVariant)?
}

/// `Position` for one variant: the game's record plus where each push began.
struct Played<G: Game> {
    record: GameRecord<G>,
    /// The number of plies each push played, oldest first.
    pushes: Vec<usize>,
    /// The legal moves last listed, with their tokens: a push of one of them (the usual
    /// program lists the moves, then pushes one) finds it here instead of generating the
    /// moves again to read the token.
    listed: Mutex<Option<Listed<G>>>,
}

/// A position's legal moves, in generation order.
struct Listed<G: Game> {
    /// The position whose moves these are.
    key: Key,
    moves: Vec<G::Move>,
}

impl<G: Game> Clone for Played<G> {
    fn clone(&self) -> Played<G> {
        Played {
            record: self.record.clone(),
            pushes: self.pushes.clone(),
            listed: Mutex::new(None),
        }
    }
}

impl<G: Variant> Played<G> {
    fn new(start: G) -> Played<G> {
        Played {
            record: GameRecord::new(start),
            pushes: Vec::new(),
            listed: Mutex::new(None),
        }
    }

    fn current(&self) -> &G {
        self.record.current()
    }

    /// The listed moves, for the current position, locked; listed now if they were not.
    fn listed(&self) -> MutexGuard<'_, Option<Listed<G>>> {
        let mut listed = self.listed.lock().unwrap_or_else(PoisonError::into_inner);
        let key = self.key();
        if listed.as_ref().is_none_or(|l| l.key != key) {
            let mut moves = Vec::with_capacity(64);
            self.current().legal_moves(&mut moves);
            *listed = Some(Listed { key, moves });
        }
        listed
    }

    /// The listed move whose token is `token`, if the moves of this position were listed.
    fn listed_move(&self, token: &str) -> Option<G::Move> {
        let listed = self.listed.lock().unwrap_or_else(PoisonError::into_inner);
        let listed = listed.as_ref().filter(|l| l.key == self.key())?;
        let pos = self.current();
        let mut written = String::with_capacity(token.len());
        listed.moves.iter().copied().find(|&mv| {
            written.clear();
            pos.write_move(mv, &mut written);
            written == token
        })
    }

    /// The `index`-th listed move, if the moves of this position were listed.
    fn listed_at(&self, index: usize) -> Option<G::Move> {
        let listed = self.listed.lock().unwrap_or_else(PoisonError::into_inner);
        let listed = listed.as_ref().filter(|l| l.key == self.key())?;
        listed.moves.get(index).copied()
    }

    /// Where `mv` stands among the listed moves, if the moves of this position were listed.
    fn listed_index(&self, mv: G::Move) -> Option<usize> {
        let listed = self.listed.lock().unwrap_or_else(PoisonError::into_inner);
        let listed = listed.as_ref().filter(|l| l.key == self.key())?;
        listed.moves.iter().position(|&m| m == mv)
    }

    /// Reads a turn in the variant's tokens.
    fn read(&self, token: &str) -> Result<Vec<G::Move>, MoveError> {
        match self.listed_move(token) {
            Some(mv) => Ok(vec![mv]),
            None => self.current().parse_turn(token),
        }
    }

    fn play(&mut self, plies: &[G::Move]) {
        for &mv in plies {
            self.record.play(mv);
        }
        self.pushes.push(plies.len());
    }

    /// Each ply of `plies`, written by `write` in the position it is played from.
    fn written(&self, plies: &[G::Move], write: impl Fn(&G, G::Move) -> String) -> Vec<String> {
        written_along(self.current(), plies, write)
    }
}

impl<G: Variant> Position for Played<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        G::PLAYERS
    }

    fn seat_names(&self) -> Vec<&'static str> {
        G::SEATS.iter().map(|seat| seat.name).collect()
    }

    fn fen(&self) -> String {
        self.current().fen()
    }

    fn start_fen(&self) -> String {
        self.record.start().fen()
    }

    fn turn(&self) -> usize {
        self.current().side_to_move().index()
    }

    fn for_each_legal_move(&self, take: &mut dyn FnMut(&str)) {
        let listed = self.listed();
        let pos = self.current();
        let mut token = String::with_capacity(16);
        for &mv in listed.as_ref().map_or(&[][..], |l| &l.moves) {
            token.clear();
            pos.write_move(mv, &mut token);
            take(&token);
        }
    }

    fn is_legal(&self, token: &str) -> bool {
        self.read(token).is_ok()
    }

    fn push(&mut self, token: &str) -> Result<(), MoveError> {
        let plies = self.read(token)?;
        self.play(&plies);
        Ok(())
    }

    fn push_san(&mut self, text: &str) -> Result<Vec<String>, MoveError> {
        let plies = read_turn(self.current(), text, MoveNotation::TokensOrSan)?;
        let tokens = self.written(&plies, |pos, mv| pos.format_move(mv));
        self.play(&plies);
        Ok(tokens)
    }

    fn key(&self) -> Key {
        (self.current().hash(), self.record.moves().len())
    }

    fn push_listed(&mut self, index: usize) -> bool {
        let Some(mv) = self.listed_at(index) else {
            return false;
        };
        self.play(&[mv]);
        true
    }

    fn pop(&mut self) -> Option<Popped> {
        let plies = self.pushes.pop()?;
        let mut undone = Vec::with_capacity(plies);
        for _ in 0..plies {
            let &mv = self.record.moves().last()?;
            self.record.undo();
            undone.push(mv);
        }
        undone.reverse();
        if let [mv] = undone[..] {
            if let Some(index) = self.listed_index(mv) {
                return Some(Popped::Listed(index));
            }
        }
        Some(Popped::Tokens(
            self.written(&undone, |pos, mv| pos.format_move(mv)),
        ))
    }

    fn move_stack(&self) -> Vec<String> {
        let tokens = self.record.tokens();
        let mut stack = Vec::with_capacity(self.pushes.len());
        let mut at = 0;
        for &plies in &self.pushes {
            stack.push(tokens[at..at + plies].join(","));
            at += plies;
        }
        stack
    }

    fn san(&self, token: &str) -> Result<Vec<String>, MoveError> {
        let plies = self.read(token)?;
        Ok(self.written(&plies, |pos, mv| pos.human_notation(mv)))
    }

    fn is_check(&self) -> bool {
        self.current().in_check()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    fn repetitions(&self) -> usize {
        self.record.repetitions()
    }

    fn perft(&self, depth: u32) -> u64 {
        kaleido::perft::perft(self.current(), depth)
    }

    fn diagram(&self) -> String {
        self.current().diagram()
    }

    fn hash(&self) -> u64 {
        self.current().hash()
    }

    fn chess960(&self) -> bool {
        self.current().chess960()
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn search(&self, request: &Request, stop: &AtomicBool) -> Report {
        crate::search::run(&self.record, request, stop)
    }
}
