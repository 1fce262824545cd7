//! The search: finds mates and wins in every two-player variant, honours its limits, and is
//! deterministic on one thread.

use kaleido::game::{Game, Searchable};
use kaleido::search::score::{MATE, MATE_BOUND};
use kaleido::search::{
    search_among, Context, Event, Limits, RootMove, SearchResult, TranspositionTable,
    ROOT_MOVES_AFTER,
};
use kaleido::variants::chess::Chess;
use kaleido::variants::cylinder::Cylinder;
use kaleido::variants::doublemove::Doublemove;
use kaleido::variants::spinchess::Spinchess;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

type ChessMove = <Chess as Game>::Move;

fn go<G: Searchable>(fen: &str, limits: Limits) -> (G, SearchResult<G::Move>) {
    let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let result = search_among(
        &pos,
        &[],
        &limits,
        &[],
        Context::new(&tt, &stop),
        &mut |_| {},
    );
    (pos, result)
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn best<G: Searchable>(pos: &G, r: &SearchResult<G::Move>) -> String {
    pos.format_move(r.best.expect("a best move"))
}

/// The answer of a search whose stop flag is set before it starts.
fn stopped_before_it_starts<G: Searchable>(pos: &G) -> SearchResult<G::Move> {
    let tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(true);
    search_among(
        pos,
        &[],
        &Limits::default(),
        &[],
        Context::new(&tt, &stop),
        &mut |_| {},
    )
}

#[test]
fn chess_mate_in_one() {
    let (pos, r) = go::<Chess>("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", depth(3));
    assert_eq!(best(&pos, &r), "a1a8");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn chess_mate_in_two() {
    // 1.Nf6+ gxf6 2.Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10";
    let (pos, r) = go::<Chess>(fen, depth(5));
    assert_eq!(best(&pos, &r), "d5f6");
    assert_eq!(r.score, MATE - 3);
}

#[test]
fn chess_wins_a_hanging_queen_and_avoids_losing_its_own() {
    let (pos, r) = go::<Chess>("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", depth(4));
    assert_eq!(best(&pos, &r), "d2d5");
    assert!(r.score > 400, "score {}", r.score);
}

#[test]
fn cylinder_mate_across_the_edge() {
    // Ra8 checks h8 round the edge (the d8 bishop blocks the flat path); not mate in chess.
    let fen = "3b3k/1K4pp/8/8/8/8/8/R7 w - - 0 1";
    let (pos, r) = go::<Cylinder>(fen, depth(3));
    assert_eq!(best(&pos, &r), "a1a8");
    assert_eq!(r.score, MATE - 1);
    let (_, flat) = go::<Chess>(fen, depth(3));
    assert!(flat.score < MATE_BOUND);
}

#[test]
fn doublemove_captures_the_king_with_two_sub_moves() {
    // Rh8 then Rxe8 on the same turn: the search must not flip the sign between sub-moves.
    let (pos, r) = go::<Doublemove>("4k3/8/8/8/8/8/8/4K2R w1 - - 0 2", depth(3));
    assert_eq!(best(&pos, &r), "h1h8");
    assert!(r.score > MATE_BOUND, "score {}", r.score);
    assert_eq!(r.pv.len(), 2);
}

#[test]
fn doublemove_a_king_capture_at_the_horizon_is_a_win_not_a_quiet_position() {
    // Black, a pawn down on the board, plays Qa5 and takes the king on e1 along the emptied
    // diagonal. At depth 2 the capture lands on a depth-0 leaf: quiescence must score the
    // ended game, not stand pat on the material left (which once made it look like -1.7).
    let fen = "4kb1r/2pppppp/q1P2n2/8/2b4P/8/1P2PPP1/1NBQKBNR b1 Kk - 0 5";
    for d in 2..=4 {
        let (pos, r) = go::<Doublemove>(fen, depth(d));
        assert_eq!(best(&pos, &r), "a6a5", "depth {d}");
        assert_eq!(r.score, MATE - 2, "depth {d}");
    }
}

#[test]
fn doublemove_sees_the_opponents_double_threat() {
    // Black to play its two sub-moves: the white rook would take the king next turn unless
    // Black deals with it; the search must not walk into that.
    let (pos, r) = go::<Doublemove>("4k3/8/8/8/8/8/r7/4K2R b1 - - 0 2", depth(4));
    let mut next = pos;
    next.play(r.best.unwrap());
    assert!(r.score > -MATE_BOUND, "score {}", r.score);
}

#[test]
fn spinchess_mate_where_no_spin_helps() {
    // Black has only a king: no block can be spun, so Qg7 is mate as in chess.
    let (pos, r) = go::<Spinchess>("7k/Q7/6K1/8/8/8/8/8 w - - 0 2", depth(3));
    assert!(
        r.score == MATE - 1,
        "score {} best {}",
        r.score,
        best(&pos, &r)
    );
}

#[test]
fn spinchess_back_rank_mate_is_answered_by_a_spin() {
    // In chess Ra8 mates; in spinchess Black spins f7 up to f8 (block e7, anticlockwise).
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 2";
    let (_, r) = go::<Spinchess>(fen, depth(2));
    assert!(r.score < MATE_BOUND, "no mate in one here: {}", r.score);
}

#[test]
fn one_thread_is_deterministic_and_node_limits_hold() {
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (_, a) = go::<Chess>(kiwi, depth(5));
    let (_, b) = go::<Chess>(kiwi, depth(5));
    assert_eq!((a.nodes, a.best, a.score), (b.nodes, b.best, b.score));
    let limited = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (pos, c) = go::<Chess>(kiwi, limited);
    assert!(c.nodes < 25_000, "{} nodes", c.nodes);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&c.best.unwrap()));
}

#[test]
fn a_stopped_search_still_answers_a_legal_move() {
    let pos = Chess::startpos();
    let r = stopped_before_it_starts(&pos);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&r.best.unwrap()));
}

#[test]
fn repetition_is_a_draw_inside_the_tree() {
    // A queen up, but every move leads to a position that already stood on the board since
    // the last irreversible move (the clock, 60, reaches back past all of them): all of them
    // are draws.
    let pos = Chess::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 60 40").unwrap();
    let tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    let fresh = search_among(
        &pos,
        &[],
        &depth(3),
        &[],
        Context::new(&tt, &stop),
        &mut |_| {},
    );
    assert!(fresh.score > 800);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let history: Vec<u64> = moves
        .iter()
        .map(|&mv| {
            let mut child = pos;
            child.play(mv);
            child.hash()
        })
        .collect();
    assert!(history.len() < 60);
    let tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    let repeated = search_among(
        &pos,
        &history,
        &depth(3),
        &[],
        Context::new(&tt, &stop),
        &mut |_| {},
    );
    assert_eq!(repeated.score, 0);
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let (_, r) = go::<Chess>("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", depth(3));
    assert!(r.best.is_none());
}

/// The grace after a stop in the first iteration is a count of nodes, not a time: stopped at
/// once, a first iteration longer than the grace (every root move a line of its own, in a
/// sharp gigachess position) ends at the same node, with the same answer, however loaded the machine is.
#[test]
fn a_stop_in_the_first_iteration_holds_after_the_same_nodes_every_time() {
    use kaleido::variants::gigachess::Gigachess;
    let fen = "wzjxflha1cx1z1/dernbik1ibn3/5o3op3/8o5/1pp2Po7/6r7/p2p5Pm3/PPPP1o1IP5/\
8O2B1Q/9O1PP1/5F8/5K8/DERN6NRE1/WZJX1L1AMCXJZW b - j7 0 56";
    let pos = Gigachess::from_fen(fen).unwrap();
    let limits = Limits {
        multi_pv: 500,
        ..Limits::default()
    };
    let stopped = || {
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(true);
        search_among(
            &pos,
            &[],
            &limits,
            &[],
            Context::new(&tt, &stop),
            &mut |_| {},
        )
    };
    let first = stopped();
    assert!(
        first.nodes > 4096 && first.nodes < 5000,
        "{} nodes",
        first.nodes
    );
    for _ in 0..3 {
        let again = stopped();
        assert_eq!((again.nodes, again.best), (first.nodes, first.best));
    }
}

/// A soft node limit ends the search between iterations: the answer is exactly a
/// depth-limited search's (same nodes, move and score), while the hard limit is far away.
#[test]
fn a_soft_node_limit_stops_after_the_iteration_that_passes_it() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let soft = Limits {
        nodes: Some(1_000_000),
        soft_nodes: Some(5_000),
        ..Limits::default()
    };
    let (pos, r) = go::<Chess>(fen, soft);
    assert!(r.nodes >= 5_000 && r.nodes < 1_000_000, "{} nodes", r.nodes);
    let (_, by_depth) = go::<Chess>(fen, depth(r.depth));
    assert_eq!(
        (r.nodes, best(&pos, &r), r.score),
        (by_depth.nodes, best(&pos, &by_depth), by_depth.score)
    );
    let (_, shallower) = go::<Chess>(fen, depth(r.depth - 1));
    assert!(
        shallower.nodes < 5_000,
        "{} nodes a ply less",
        shallower.nodes
    );
}

/// A strength level's budget can end inside the first iteration of a MultiPV search: in this
/// gigachess position (from a game of the 1200 level) depth 1 takes about 1,200 nodes a line,
/// so 1,500 nodes and four lines stop within the second and the grace ends in the fourth.
/// The lines completed are kept; the first move generated (a king move) must not be played.
#[test]
fn a_first_iteration_cut_under_multipv_keeps_the_lines_it_completed() {
    use kaleido::variants::gigachess::Gigachess;
    let fen = "1z1x2h1m1x1z1/d2rbiqki1nr1d/pp1loooobo1ppp/1jn1ppppop4/1Jp1w2cp1p3/\
3p1Ff5ea/9j4/14/6P3N3/7P1JOP2/P1N1PP1OPP1R2/1PPPOOOOBXP1PP/2RLBIQKI4D/DZ1X2H1MC1AZW b - - 0 29";
    let budget = Limits {
        nodes: Some(1_500),
        multi_pv: 4,
        ..Limits::default()
    };
    let (pos, r) = go::<Gigachess>(fen, budget);
    let (_, one_line) = go::<Gigachess>(fen, depth(1));
    assert_eq!(r.depth, 1, "{} nodes", r.nodes);
    assert!(
        !r.lines.is_empty() && r.lines.len() < 4,
        "{} lines",
        r.lines.len()
    );
    assert_eq!(r.best, r.lines[0].pv.first().copied());
    assert_eq!(best(&pos, &r), best(&pos, &one_line));
    assert_eq!(r.lines[0].score, one_line.score);
    assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn a_search_stopped_at_once_still_finishes_its_first_iteration() {
    // Stopped before it starts, the search still plays the mate in one, not the first move.
    let pos = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let r = stopped_before_it_starts(&pos);
    assert_eq!(pos.format_move(r.best.unwrap()), "a1a8");
    assert_eq!(r.depth, 1);
}

/// A gigachess position whose first iteration (depth 1 and its quiescence) once took some
/// 265,000 nodes: a node limit must hold there, or an engine on a short clock loses on time.
const SLOW_FIRST_ITERATION: &str = "w2x1lhamcxf1w/1drnbiqkibn2d/2pp2oo1op1p1/3jo1p2pe1j1/\
1p7o1r1p/14/5p4Jp2/P1PPp2p2P2C/e2N4pP1P2/3PI1P2E3P/3O1POPPO1R1D/6OOOI4/DER1B3KBN3/\
W1JL2QAM1XZ1W w - - 0 48";

#[test]
fn limits_hold_even_in_the_first_iteration() {
    use kaleido::variants::gigachess::Gigachess;
    let limited = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let (pos, r) = go::<Gigachess>(SLOW_FIRST_ITERATION, limited);
    // The node limit is checked every 1024 nodes, and a stop is held back for the first
    // 3 ms of the first iteration: a few thousand nodes, not hundreds of thousands.
    assert!(r.nodes < 40_000, "{} nodes", r.nodes);
    // The answer is a searched root move, with a real score.
    let mv = r.best.expect("a move");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&mv));
    assert!(
        r.score.abs() < MATE_BOUND,
        "score {} depth {} nodes {}",
        r.score,
        r.depth,
        r.nodes
    );
}

/// Quiescence stays small where captures chain for dozens of plies: losing captures and those
/// that cannot reach alpha are left out (this one took 796,391 nodes at depth 1 without).
#[test]
fn gigachess_quiescence_does_not_explode() {
    use kaleido::variants::gigachess::Gigachess;
    let fen = "wzjxflha1cx1z1/dernbik1ibn3/5o3op3/8o5/1pp2Po7/6r7/p2p5Pm3/PPPP1o1IP5/\
8O2B1Q/9O1PP1/5F8/5K8/DERN6NRE1/WZJX1L1AMCXJZW b - j7 0 56";
    let (_, r) = go::<Gigachess>(fen, depth(1));
    assert!(r.nodes < 20_000, "{} nodes at depth 1", r.nodes);
    let (_, r) = go::<Gigachess>(fen, depth(4));
    assert!(r.nodes < 400_000, "{} nodes at depth 4", r.nodes);
}

/// Checks cannot extend a line without end, nor evasions fill quiescence: in this spinchess
/// position (every evasion comes with its spins) depth 2 once ran for minutes.
#[test]
fn spinchess_check_sequences_stay_bounded() {
    let fen = "r3k2r/p6p/8/1p1pp3/Pbn2P2/6R1/8/R1BK4 b kq - 3 31";
    let (pos, r) = go::<Spinchess>(fen, depth(4));
    assert!(r.nodes < 500_000, "{} nodes at depth 4", r.nodes);
    assert!(r
        .best
        .is_some_and(|mv| pos.clone().parse_turn(&pos.format_move(mv)).is_ok()));
}

/// The null move is not tried with nothing but king and pawns, where zugzwang is common: a
/// pass there would read "every move worsens my position" as strength. With a piece it is.
#[test]
fn no_null_move_with_only_king_and_pawns() {
    let pawns = Chess::from_fen("8/5k2/3p4/3P4/2K5/8/8/8 w - - 0 1").unwrap();
    assert!(Searchable::null_move(&pawns).is_none());
    let knight = Chess::from_fen("8/5k2/3p4/3P4/2K5/8/6N1/8 w - - 0 1").unwrap();
    assert!(Searchable::null_move(&knight).is_some());
    // Only the side to move's men count: black's knight does not make white's pass sound.
    let theirs = Chess::from_fen("8/5k2/3p4/3P4/2K5/8/6n1/8 w - - 0 1").unwrap();
    assert!(Searchable::null_move(&theirs).is_none());
    let cylinder = Cylinder::from_fen("8/5k2/3p4/3P4/2K5/8/8/8 w - - 0 1").unwrap();
    assert!(Searchable::null_move(&cylinder).is_none());
}

#[test]
fn an_attacked_man_may_step_away_at_the_frontier() {
    // Black's rook on f4 is attacked by nothing yet; after 6.Nh3 it may simply move away. A
    // two-ply search that let the frontier try only its first two quiet moves read 6.Nh3 as
    // winning the rook (+488) and played it.
    let fen = "1nbqkbnr/1ppp1ppp/4p3/P7/5r2/P1N5/2PPP1PP/R1BQKBNR w KQk - 0 6";
    let (pos, r) = go::<Chess>(fen, depth(2));
    assert!(r.score < 200, "score {} with {}", r.score, best(&pos, &r));
    assert_ne!(best(&pos, &r), "g1h3");
}

/// The root moves a search tells of when asked to from the start, and the search's result.
fn told_root_moves(
    limits: &Limits,
    after: Duration,
) -> (SearchResult<ChessMove>, Vec<RootMove<ChessMove>>) {
    let pos = Chess::startpos();
    let tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let ctx = Context {
        root_moves_after: after,
        ..Context::new(&tt, &stop)
    };
    let mut told = Vec::new();
    let result = search_among(&pos, &[], limits, &[], ctx, &mut |event| {
        if let Event::RootMove(root) = event {
            told.push(*root);
        }
    });
    (result, told)
}

/// Told of root moves from the start, the two-player search names each it starts on, legal
/// and numbered from 1 in the order searched (a re-search of the root counts again from 1),
/// and searches just as it does untold: the same nodes and answer. Under MultiPV a line's
/// root search counts the lines found before it. After the usual delay, a search of a
/// moment tells of none.
#[test]
fn root_moves_are_told_in_the_order_searched_without_changing_the_search() {
    let pos = Chess::startpos();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for lines in [1, 3] {
        let limits = Limits {
            multi_pv: lines,
            ..depth(6)
        };
        let (untold, none) = told_root_moves(&limits, ROOT_MOVES_AFTER);
        assert!(none.is_empty(), "{none:?}");
        let (result, told) = told_root_moves(&limits, Duration::ZERO);
        assert_eq!(result.nodes, untold.nodes, "MultiPV {lines}");
        assert_eq!(result.best, untold.best, "MultiPV {lines}");
        assert_eq!(result.lines, untold.lines, "MultiPV {lines}");
        assert!(told.iter().all(|m| legal.contains(&m.mv)), "{told:?}");
        // Each run of numbers is one root search: it starts after the lines already found
        // and counts up by one.
        let mut starts = Vec::new();
        for (i, m) in told.iter().enumerate() {
            match i.checked_sub(1).map(|p| &told[p]) {
                Some(prev) if prev.depth == m.depth && m.number == prev.number + 1 => {}
                _ => starts.push(m.number),
            }
            assert!((1..=legal.len()).contains(&m.number), "{m:?}");
        }
        starts.sort();
        starts.dedup();
        assert_eq!(starts, (1..=lines).collect::<Vec<_>>(), "MultiPV {lines}");
        let depths: Vec<i32> = told.iter().map(|m| m.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert_eq!(depths.last(), Some(&6));
    }
}
