//! The web board's JSON API, apart from HTTP: a request (method, path, body) in, a reply out.
//! Every error is a 4xx reply with a JSON `error` message; nothing a page sends can panic it.
//!
//! GET  /api/variants             the variants, their boards and seats, the engine levels
//!                                (each a number and its name: an Elo, or full strength)
//! POST /api/game                 {variant, fen?, start?, seats?: [{kind: human|kaleido, level?}]}
//!                                start: "standard", "random960", {"chess960": N},
//!                                "random_shuffled" or {"shuffled": [W, B]} (N, W, B 0..959)
//! GET  /api/game/ID              the game's state
//! POST /api/game/ID/move         {move: token}        a turn in the variant's move notation
//! POST /api/game/ID/undo         {to_human?: bool}    one ply, or back to a human's turn
//! POST /api/game/ID/engine       {level?: 1..7}       kaleido plays the side to move
//! POST /api/game/ID/stop                              kaleido plays its best move so far
//! GET  /api/game/ID/search       what the running search has found so far
//! GET  /api/game/ID/pgn          the game as PGN (text)

use super::levels::{self, LEVELS};
use super::table::{
    colour_name, variants_with_shuffled_starts, SeatKind, Start, Table, TableError,
};
use crate::game::Variant;
use crate::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use crate::search::level::fresh_seed;
use crate::variants::board8::shuffled::CHESS960_STARTS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Games kept at once; the oldest is dropped to make room (a page left open holds one each).
pub const MAX_GAMES: usize = 64;
/// Searches running at once, over all games: the machine stays usable.
pub const MAX_SEARCHES: usize = 2;
/// A level for seats and engine requests that give none (Elo 1200).
pub const DEFAULT_LEVEL: u8 = 3;

pub struct HttpReply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl HttpReply {
    pub fn json(status: u16, value: &Value) -> HttpReply {
        HttpReply {
            status,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
        }
    }
    pub fn error(status: u16, message: impl Into<String>) -> HttpReply {
        HttpReply::json(status, &json!({ "error": message.into() }))
    }
    /// A table's refusal: its message, and its kind for the page's code (`TableError::kind`).
    pub fn refused(status: u16, error: &TableError) -> HttpReply {
        HttpReply::json(
            status,
            &json!({ "error": error.to_string(), "kind": error.kind() }),
        )
    }
}

struct Entry {
    table: Box<dyn Table>,
    /// A search of this game is running: moves and undos wait for it.
    thinking: bool,
    /// Set to make the running search play its best move so far.
    stop: Arc<AtomicBool>,
    /// The latest search's progress; None before the first search.
    progress: Option<Arc<Mutex<Progress>>>,
}

/// What a search has found so far, for a page that shows kaleido thinking. The search writes
/// `latest` from its own thread without the games' lock, so it has a lock of its own.
struct Progress {
    level: u8,
    mover: usize,
    started: Instant,
    /// The last completed depth (table::info_json); None until the first one ends.
    latest: Option<Value>,
}

/// The progress, even if a thread panicked while holding it (it only ever holds a whole value).
fn lock_progress(progress: &Mutex<Progress>) -> MutexGuard<'_, Progress> {
    progress.lock().unwrap_or_else(|e| e.into_inner())
}

#[derive(Default)]
struct Games {
    next_id: u64,
    tables: BTreeMap<u64, Entry>,
}

/// Every game being played, shared by the server's request threads.
#[derive(Default)]
pub struct Lobby {
    games: Mutex<Games>,
    searches: AtomicUsize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    start: Option<StartSpec>,
    #[serde(default)]
    seats: Vec<SeatSpec>,
}

/// The start a new game asks for. Numbers are read wide, so that one out of range gets its
/// own message rather than serde's.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StartSpec {
    /// The variant's own start (or the FEN given).
    Standard,
    /// A Chess960 start by its number.
    Chess960(i64),
    /// A Chess960 start drawn at random.
    Random960,
    /// White's and Black's arrangements by their numbers.
    Shuffled([i64; 2]),
    /// Two arrangements drawn at random, different ones.
    RandomShuffled,
}

impl StartSpec {
    /// The start, random numbers drawn; a number out of range is refused.
    fn resolve(self) -> Result<Start, TableError> {
        let number = |n: i64| {
            u16::try_from(n)
                .ok()
                .filter(|&n| n < CHESS960_STARTS)
                .ok_or(TableError::StartOutOfRange {
                    number: n,
                    last: CHESS960_STARTS - 1,
                })
        };
        let rng = || ChaCha8Rng::seed_from_u64(fresh_seed());
        Ok(match self {
            StartSpec::Standard => Start::Usual,
            StartSpec::Chess960(n) => {
                let n = number(n)?;
                Start::Shuffled { white: n, black: n }
            }
            StartSpec::Random960 => {
                let n = rng().random_range(0..CHESS960_STARTS);
                Start::Shuffled { white: n, black: n }
            }
            StartSpec::Shuffled([white, black]) => Start::Shuffled {
                white: number(white)?,
                black: number(black)?,
            },
            StartSpec::RandomShuffled => {
                let mut rng = rng();
                let white = rng.random_range(0..CHESS960_STARTS);
                // Black's arrangement is drawn from the other 959: never a plain Chess960 start.
                let black = (white + rng.random_range(1..CHESS960_STARTS)) % CHESS960_STARTS;
                Start::Shuffled { white, black }
            }
        })
    }
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SeatSpec {
    Human,
    Kaleido {
        #[serde(default)]
        level: Option<u8>,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    token: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    #[serde(default)]
    to_human: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EngineRequest {
    #[serde(default)]
    level: Option<u8>,
}

/// Reads a JSON body; an empty body reads as `{}` where the request allows that.
fn parse<T: for<'de> Deserialize<'de>>(body: &[u8], empty_ok: bool) -> Result<T, HttpReply> {
    let text =
        std::str::from_utf8(body).map_err(|_| HttpReply::error(400, "the body is not UTF-8"))?;
    let text = if text.trim().is_empty() && empty_ok {
        "{}"
    } else {
        text
    };
    serde_json::from_str(text).map_err(|e| HttpReply::error(400, format!("bad request body: {e}")))
}

fn check_level(level: u8) -> Result<u8, HttpReply> {
    if (1..=LEVELS).contains(&level) {
        Ok(level)
    } else {
        Err(HttpReply::error(
            400,
            format!("level {level} is out of range: levels are 1 to {LEVELS}"),
        ))
    }
}

struct MakeTable<'a> {
    fen: Option<&'a str>,
    start: Start,
    seats: &'a [SeatKind],
}

impl VariantVisitor for MakeTable<'_> {
    type Output = Result<Box<dyn Table>, TableError>;
    fn visit<G: Variant>(self) -> Self::Output {
        if self.seats.len() > G::PLAYERS {
            return Err(TableError::Seats {
                variant: G::NAME,
                players: G::PLAYERS,
                given: self.seats.len(),
            });
        }
        if self.start != Start::Usual && !G::SHUFFLED_STARTS {
            return Err(TableError::NoShuffledStarts {
                variant: G::NAME,
                shuffled: variants_with_shuffled_starts(),
            });
        }
        let table = super::table::GuiTable::<G>::new(self.fen, self.start, self.seats)?;
        Ok(Box::new(table))
    }
}

struct Describe;

impl VariantVisitor for Describe {
    type Output = Value;
    fn visit<G: Variant>(self) -> Value {
        let seats: Vec<Value> = G::SEATS
            .iter()
            .map(|seat| {
                let mut v = json!(seat);
                v["colour_name"] = json!(colour_name(seat.colour));
                v
            })
            .collect();
        json!({
            "name": G::NAME,
            "players": G::PLAYERS,
            "seats": seats,
            "board": G::board_shape(),
            "start_fen": G::startpos().fen(),
            "shuffled_starts": G::SHUFFLED_STARTS,
        })
    }
}

/// Gives back the search's place in the count, and clears the game's `thinking` mark if the
/// search ended without doing so (a panic).
struct Thinking<'a> {
    lobby: &'a Lobby,
    id: u64,
}

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        if let Some(entry) = self.lobby.lock().tables.get_mut(&self.id) {
            entry.thinking = false;
        }
        self.lobby.searches.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Lobby {
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// The games, even if a request thread panicked while holding them (the data stays sound:
    /// every change is made in one step under the lock).
    fn lock(&self) -> MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn handle(&self, method: &str, path: &str, body: &[u8]) -> HttpReply {
        let path = path.split('?').next().unwrap_or("");
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        match (method, parts.as_slice()) {
            ("GET", ["api", "variants"]) => self.variants(),
            ("POST", ["api", "game"]) => self.new_game(body),
            ("GET", ["api", "game", id]) => {
                self.with_game(id, |entry| Ok(HttpReply::json(200, &state(id, entry))))
            }
            ("POST", ["api", "game", id, "move"]) => self.make_move(id, body),
            ("POST", ["api", "game", id, "undo"]) => self.undo(id, body),
            ("POST", ["api", "game", id, "engine"]) => self.engine(id, body),
            ("POST", ["api", "game", id, "stop"]) => self.with_game(id, |entry| {
                if !entry.thinking {
                    return Err(HttpReply::error(
                        400,
                        "kaleido is not thinking about this game",
                    ));
                }
                entry.stop.store(true, Ordering::SeqCst);
                Ok(HttpReply::json(200, &json!({ "stopping": true })))
            }),
            ("GET", ["api", "game", id, "search"]) => self.with_game(id, |entry| {
                Ok(HttpReply::json(200, &search_progress(entry)))
            }),
            ("GET", ["api", "game", id, "pgn"]) => self.with_game(id, |entry| {
                Ok(HttpReply {
                    status: 200,
                    content_type: "application/x-chess-pgn",
                    body: entry.table.pgn().into_bytes(),
                })
            }),
            (_, ["api", "variants"])
            | (_, ["api", "game"])
            | (_, ["api", "game", _])
            | (_, ["api", "game", _, "move" | "undo" | "engine" | "stop" | "search" | "pgn"]) => {
                HttpReply::error(405, format!("{method} is not allowed on {}", quote(path)))
            }
            _ => HttpReply::error(404, format!("no such API path: {}", quote(path))),
        }
    }

    fn variants(&self) -> HttpReply {
        let list: Vec<Value> = VARIANT_NAMES
            .iter()
            .filter_map(|name| with_variant(name, Describe).ok())
            .collect();
        let levels: Vec<Value> = (1..=LEVELS)
            .map(|level| {
                json!({ "level": level, "name": levels::name(level), "elo": levels::elo(level) })
            })
            .collect();
        HttpReply::json(200, &json!({ "variants": list, "levels": levels }))
    }

    fn new_game(&self, body: &[u8]) -> HttpReply {
        let request: NewGame = match parse(body, false) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mut seats = Vec::new();
        for spec in request.seats {
            seats.push(match spec {
                SeatSpec::Human => SeatKind::Human,
                SeatSpec::Kaleido { level } => match check_level(level.unwrap_or(DEFAULT_LEVEL)) {
                    Ok(level) => SeatKind::Kaleido { level },
                    Err(reply) => return reply,
                },
            });
        }
        let fen = request
            .fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty());
        let start = match request.start.map_or(Ok(Start::Usual), StartSpec::resolve) {
            Ok(start) => start,
            Err(refused) => return HttpReply::refused(400, &refused),
        };
        let made = with_variant(
            &request.variant,
            MakeTable {
                fen,
                start,
                seats: &seats,
            },
        );
        let table = match made {
            Err(unknown) => return HttpReply::error(400, unknown.to_string()),
            Ok(Err(refused)) => return HttpReply::refused(400, &refused),
            Ok(Ok(table)) => table,
        };
        let mut games = self.lock();
        while games.tables.len() >= MAX_GAMES {
            // The oldest game that is not being searched goes.
            let oldest = games
                .tables
                .iter()
                .find(|(_, e)| !e.thinking)
                .map(|(&id, _)| id);
            match oldest {
                Some(id) => games.tables.remove(&id),
                None => return HttpReply::error(503, "too many games are being searched"),
            };
        }
        games.next_id += 1;
        let id = games.next_id;
        let entry = Entry {
            table,
            thinking: false,
            stop: Arc::new(AtomicBool::new(false)),
            progress: None,
        };
        let reply = HttpReply::json(201, &state(&id.to_string(), &entry));
        games.tables.insert(id, entry);
        reply
    }

    /// Runs `f` on game `id` under the lock; 404 for an unknown id.
    fn with_game(
        &self,
        id: &str,
        f: impl FnOnce(&mut Entry) -> Result<HttpReply, HttpReply>,
    ) -> HttpReply {
        let mut games = self.lock();
        match find(&mut games, id) {
            Ok((_, entry)) => f(entry).unwrap_or_else(|reply| reply),
            Err(reply) => reply,
        }
    }

    fn make_move(&self, id: &str, body: &[u8]) -> HttpReply {
        let request: MoveRequest = match parse(body, false) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        self.with_game(id, |entry| {
            if entry.thinking {
                return Err(HttpReply::error(409, "kaleido is thinking about this game"));
            }
            entry
                .table
                .play(request.token.trim())
                .map_err(|refused| HttpReply::refused(400, &refused))?;
            Ok(HttpReply::json(200, &state(id, entry)))
        })
    }

    fn undo(&self, id: &str, body: &[u8]) -> HttpReply {
        let request: UndoRequest = match parse(body, true) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        self.with_game(id, |entry| {
            if entry.thinking {
                return Err(HttpReply::error(409, "kaleido is thinking about this game"));
            }
            if entry.table.undo(request.to_human) == 0 {
                return Err(HttpReply::error(400, "there is no move to take back"));
            }
            Ok(HttpReply::json(200, &state(id, entry)))
        })
    }

    /// kaleido plays the side to move. The search runs on this request's thread without the
    /// lock, so other games and pages carry on meanwhile.
    fn engine(&self, id: &str, body: &[u8]) -> HttpReply {
        let request: EngineRequest = match parse(body, true) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let (number, search, stop, progress, plies) = {
            let mut games = self.lock();
            let (number, entry) = match find(&mut games, id) {
                Ok(found) => found,
                Err(reply) => return reply,
            };
            if entry.thinking {
                return HttpReply::error(409, "kaleido is already thinking about this game");
            }
            if entry.table.is_over() {
                return HttpReply::error(400, "the game is over");
            }
            let seat_level = match entry.table.seat_kinds().get(entry.table.side()) {
                Some(SeatKind::Kaleido { level }) => Some(*level),
                _ => None,
            };
            let level = match check_level(request.level.or(seat_level).unwrap_or(DEFAULT_LEVEL)) {
                Ok(level) => level,
                Err(reply) => return reply,
            };
            if self.searches.fetch_add(1, Ordering::SeqCst) >= MAX_SEARCHES {
                self.searches.fetch_sub(1, Ordering::SeqCst);
                return HttpReply::error(503, "kaleido is busy with other games; try again");
            }
            entry.thinking = true;
            entry.stop = Arc::new(AtomicBool::new(false));
            let progress = Arc::new(Mutex::new(Progress {
                level,
                mover: entry.table.side(),
                started: Instant::now(),
                latest: None,
            }));
            entry.progress = Some(Arc::clone(&progress));
            let plies = entry.table.plies();
            (
                number,
                entry.table.search(level),
                Arc::clone(&entry.stop),
                progress,
                plies,
            )
        };
        let guard = Thinking {
            lobby: self,
            id: number,
        };
        let result = search(&stop, &mut |info| {
            lock_progress(&progress).latest = Some(info)
        });
        // The reply is played and the mark cleared under one lock, so no other request can
        // slip a move in between (moves and undos wait while the mark is set).
        let reply = self.with_game(id, |entry| {
            entry.thinking = false;
            if entry.table.plies() != plies {
                return Err(HttpReply::error(
                    409,
                    "the game changed while kaleido was thinking",
                ));
            }
            entry
                .table
                .play_reply(result)
                .map_err(|refused| HttpReply::refused(409, &refused))?;
            Ok(HttpReply::json(200, &state(id, entry)))
        });
        drop(guard);
        reply
    }
}

/// Game `id` of `games`, or a 404 reply.
fn find<'g>(games: &'g mut Games, id: &str) -> Result<(u64, &'g mut Entry), HttpReply> {
    let missing = || HttpReply::error(404, format!("no game {}", quote(id)));
    let number = id.parse::<u64>().map_err(|_| missing())?;
    let entry = games.tables.get_mut(&number).ok_or_else(missing)?;
    Ok((number, entry))
}

/// The running search of a game: its level, the seat it plays, how long it has run, and its
/// last completed depth (`info`, null before the first); only `thinking: false` when no
/// search runs.
fn search_progress(entry: &Entry) -> Value {
    let progress = match &entry.progress {
        Some(progress) if entry.thinking => lock_progress(progress),
        _ => return json!({ "thinking": false }),
    };
    json!({
        "thinking": true,
        "level": progress.level,
        "mover": progress.mover,
        "elapsed_ms": progress.started.elapsed().as_millis() as u64,
        "info": progress.latest,
    })
}

fn state(id: &str, entry: &Entry) -> Value {
    let mut value = entry.table.state();
    value["id"] = json!(id);
    value["thinking"] = json!(entry.thinking);
    value
}

fn quote(text: &str) -> String {
    format!("'{}'", crate::errors::quote(text, 40))
}

#[cfg(test)]
mod tests {
    use super::Lobby;
    use serde_json::Value;

    fn answer(lobby: &Lobby, method: &str, path: &str, body: &str) -> (u16, Value) {
        let reply = lobby.handle(method, path, body.as_bytes());
        let json = serde_json::from_slice(&reply.body).unwrap_or(Value::Null);
        (reply.status, json)
    }

    #[test]
    fn a_garbled_move_and_an_illegal_one_are_told_apart() {
        let lobby = Lobby::new();
        let (status, game) = answer(&lobby, "POST", "/api/game", r#"{"variant": "chess"}"#);
        assert_eq!(status, 201, "{game}");
        let path = format!("/api/game/{}/move", game["id"].as_str().unwrap_or(""));
        let (status, garbled) = answer(&lobby, "POST", &path, r#"{"move": "e9e4"}"#);
        assert_eq!(status, 400);
        assert_eq!(garbled["kind"], "malformed_move");
        assert_eq!(
            garbled["error"],
            "malformed move 'e9e4': expected a move like e2e4 or e7e8q"
        );
        let (status, illegal) = answer(&lobby, "POST", &path, r#"{"move": "e2e5"}"#);
        assert_eq!(status, 400);
        assert_eq!(illegal["kind"], "illegal_move");
        assert_eq!(
            illegal["error"],
            "illegal move 'e2e5': not legal in this position"
        );
        let (_, bad_fen) = answer(
            &lobby,
            "POST",
            "/api/game",
            r#"{"variant": "chess", "fen": "8/8 w"}"#,
        );
        assert_eq!(bad_fen["kind"], "bad_position");
    }
}
