//! The one way front ends ask for a move, whatever the number of players: `think` runs the
//! two-player search (alphabeta/) or the search for more players (multi/), reports each
//! iteration in one shape, plays at the level asked for (level.rs), and answers with the
//! whole turn to play.

use super::alphabeta::search_among;
use super::context::Context;
use super::level::Level;
use super::multi::{search_multi, MultiEvent};
use super::points::expected_shares;
use super::{Event, Info, Limits, Line, TranspositionTable};
use crate::game::Searchable;
use std::sync::atomic::AtomicBool;

/// What a search found for the side to move.
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The plies of the turn to play: one, or every ply of a turn of several (doublemove);
    /// empty when the position has no legal move.
    pub turn: Vec<M>,
    /// From the mover's point of view, in centipawns or as a mate score.
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// The principal variation from the current position, the turn's plies first.
    pub pv: Vec<M>,
    /// In games of more than two players, every player's static evaluation at the end of the
    /// principal variation, in seat order; empty otherwise.
    pub player_scores: Vec<i32>,
}

impl<M: Copy> Thought<M> {
    /// The first ply of the turn, None when there is no legal move.
    pub fn best(&self) -> Option<M> {
        self.turn.first().copied()
    }
}

/// Searches `pos` (reached through positions hashing to `history`, oldest first) within
/// `limits`, over `root_moves` only when it is not empty. `on_event` hears about every
/// completed iteration (once per line under MultiPV), and about the root moves the search
/// starts on once it has run for `ctx.root_moves_after`. At a level (`ctx.level`) the search
/// keeps to the level's budget and each ply of the turn is the level's choice among the best
/// lines; a search with no end of its own (analysis, pondering) is at full strength all the
/// same.
pub fn think<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    root_moves: &[G::Move],
    ctx: Context<'_>,
    on_event: &mut dyn FnMut(&Event<G::Move>),
) -> Thought<G::Move> {
    let level = ctx.level.filter(|_| !limits.infinite);
    let Some(level) = level else {
        return search(pos, history, limits, root_moves, ctx, on_event).0;
    };
    let level = level.against(G::PLAYERS - 1);
    let mut thought = level_choice(pos, history, limits, root_moves, ctx, level, on_event);
    // A turn of several plies (doublemove) is the level's choice ply by ply: left to the
    // principal variation, every later ply would be the search's own best reply to the
    // chosen one, played at the full strength of the budget.
    let mut chosen = 1;
    while chosen < thought.turn.len() {
        let mut after = pos.clone();
        let mut further = history.to_vec();
        for &mv in &thought.turn[..chosen] {
            further.push(after.hash());
            after.play(mv);
        }
        let rest = level_choice(&after, &further, limits, &[], ctx, level, &mut |_| {});
        if rest.turn.is_empty() {
            break;
        }
        thought.turn.truncate(chosen);
        thought.turn.extend_from_slice(&rest.turn);
        let beyond = rest.pv.into_iter().skip(rest.turn.len());
        thought.pv = thought.turn.iter().copied().chain(beyond).collect();
        thought.nodes += rest.nodes;
        chosen += 1;
    }
    thought
}

/// A level's turn: the search within the level's budget over enough lines, and the level's
/// choice among them (its first ply; the rest of the turn from the chosen line).
fn level_choice<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    root_moves: &[G::Move],
    ctx: Context<'_>,
    level: Level,
    on_event: &mut dyn FnMut(&Event<G::Move>),
) -> Thought<G::Move> {
    // The lines asked for are shown; the further candidates only weigh in the choice.
    let shown = limits.multi_pv.max(1);
    let limits = level.limits(limits);
    let mut last_lines: Vec<Info<G::Move>> = Vec::new();
    let (thought, lines) = search(pos, history, &limits, root_moves, ctx, &mut |event| {
        let Event::Line(info) = event else {
            return on_event(event);
        };
        if info.multipv == 1 {
            last_lines.clear();
        }
        last_lines.push(info.clone());
        if info.multipv <= shown {
            on_event(event);
        }
    });
    let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
    let chosen = level.choose(&scores, pos.hash());
    // The line played is the last one a GUI sees, as the best.
    if let Some(info) = last_lines.get(chosen).filter(|_| chosen > 0) {
        on_event(&Event::Line(Info {
            multipv: 1,
            ..info.clone()
        }));
    }
    match lines.into_iter().nth(chosen) {
        Some(line) if chosen > 0 => {
            let chosen_thought = Thought {
                score: line.score,
                pv: line.pv,
                player_scores: line.player_scores,
                turn: Vec::new(),
                ..thought
            };
            finish_turn(pos, history, chosen_thought, ctx.tt)
        }
        _ => thought,
    }
}

/// One of the best lines with what a turn needs of it.
struct Candidate<M> {
    score: i32,
    pv: Vec<M>,
    player_scores: Vec<i32>,
}

/// A search's best lines as candidates, each with every player's evaluation at its end
/// (none in a two-player game).
fn candidates<M>(
    lines: Vec<Line<M>>,
    player_scores: impl Iterator<Item = Vec<i32>>,
) -> Vec<Candidate<M>> {
    lines
        .into_iter()
        .zip(player_scores.chain(std::iter::repeat_with(Vec::new)))
        .map(|(line, player_scores)| Candidate {
            score: line.score,
            pv: line.pv,
            player_scores,
        })
        .collect()
}

/// The search for the number of players, its best turn, and its best lines (best first).
fn search<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    root_moves: &[G::Move],
    ctx: Context<'_>,
    on_event: &mut dyn FnMut(&Event<G::Move>),
) -> (Thought<G::Move>, Vec<Candidate<G::Move>>) {
    if G::PLAYERS > 2 {
        return more_players(pos, history, limits, root_moves, ctx, on_event);
    }
    let result = search_among(pos, history, limits, root_moves, ctx, on_event);
    let mut thought = Thought {
        turn: Vec::new(),
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        pv: result.pv,
        player_scores: Vec::new(),
    };
    if let Some(best) = result.best {
        if thought.pv.first() != Some(&best) {
            thought.pv = vec![best];
        }
    }
    let lines = candidates(result.lines, std::iter::empty());
    (finish_turn(pos, history, thought, ctx.tt), lines)
}

/// The turn of a two-player thought from its principal variation (empty: no legal move).
/// A thought of more players is a single ply, its principal variation's first.
fn finish_turn<G: Searchable>(
    pos: &G,
    history: &[u64],
    mut thought: Thought<G::Move>,
    tt: &TranspositionTable,
) -> Thought<G::Move> {
    let Some(&best) = thought.pv.first() else {
        return thought;
    };
    if G::PLAYERS > 2 {
        thought.turn = vec![best];
    } else {
        complete_turn(pos, history, best, &mut thought, tt);
    }
    thought
}

/// Plays `best`, then the plies that follow it while the same side is to move (doublemove's
/// second sub-move): from the principal variation, or from a short search where it ends.
fn complete_turn<G: Searchable>(
    pos: &G,
    history: &[u64],
    best: G::Move,
    thought: &mut Thought<G::Move>,
    tt: &TranspositionTable,
) {
    // No turn of this engine's variants has more plies; the cap keeps a faulty variant finite.
    const MAX_TURN_PLIES: usize = 4;
    thought.turn.push(best);
    let mut after = pos.clone();
    after.play(best);
    while after.side_to_move() == pos.side_to_move()
        && after.rule_outcome().is_none()
        && thought.turn.len() < MAX_TURN_PLIES
    {
        let next = match thought.pv.get(thought.turn.len()) {
            Some(&mv) => mv,
            None => {
                let quick = Limits {
                    depth: Some(2),
                    ..Limits::default()
                };
                let no_stop = AtomicBool::new(false);
                let ctx = Context::new(tt, &no_stop);
                match search_among(&after, history, &quick, &[], ctx, &mut |_| {}).best {
                    Some(mv) => {
                        thought.pv.truncate(thought.turn.len());
                        thought.pv.push(mv);
                        mv
                    }
                    None => break,
                }
            }
        };
        thought.turn.push(next);
        after.play(next);
    }
}

fn more_players<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    root_moves: &[G::Move],
    ctx: Context<'_>,
    on_event: &mut dyn FnMut(&Event<G::Move>),
) -> (Thought<G::Move>, Vec<Candidate<G::Move>>) {
    let result = search_multi(pos, history, limits, root_moves, ctx, &mut |event| {
        on_event(&match event {
            MultiEvent::RootMove(root_move) => Event::RootMove(*root_move),
            MultiEvent::Line(info) => Event::Line(Info {
                depth: info.depth,
                seldepth: info.seldepth,
                score: info.score,
                nodes: info.nodes,
                time: info.time,
                pv: info.pv.clone(),
                hashfull: ctx.tt.hashfull(),
                multipv: info.multipv,
                shares: expected_shares(&info.leaf),
            }),
        })
    });
    limits.wait_for_stop(ctx.stop);
    let thought = Thought {
        turn: result.best.into_iter().collect(),
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        pv: if result.pv.is_empty() {
            result.best.into_iter().collect()
        } else {
            result.pv
        },
        player_scores: result.scores,
    };
    let lines = candidates(result.lines, result.line_scores.into_iter());
    (thought, lines)
}
