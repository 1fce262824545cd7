//! Strength levels: a level keeps to its budget, varies its moves among the best few, never
//! leaves the legal moves, and full strength is untouched; in every number of players.

use kaleido::game::{Game, Searchable};
use kaleido::search::level::Level;
use kaleido::search::{think, Context, Limits, Thought, TranspositionTable};
use kaleido::variants::chess::Chess;
use kaleido::variants::trichess::Trichess;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn play<G: Searchable>(pos: &G, limits: &Limits, level: Option<Level>) -> Thought<G::Move> {
    let tt = TranspositionTable::new(4);
    let stop = AtomicBool::new(false);
    let ctx = Context {
        level,
        ..Context::new(&tt, &stop)
    };
    think(pos, &[], limits, &[], ctx, &mut |_| {})
}

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The first moves a level plays from `pos` over `seeds` seeds, each checked legal.
fn choices<G: Searchable>(
    pos: &G,
    limits: &Limits,
    elo: Option<u32>,
    seeds: u64,
) -> BTreeSet<String> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    (0..seeds)
        .map(|seed| {
            let level = elo.map(|e| Level::from_elo(e, seed));
            let thought = play(pos, limits, level);
            let best = thought.best().expect("a move");
            assert!(legal.contains(&best));
            assert_eq!(
                thought.pv.first(),
                Some(&best),
                "the line shown is the one played"
            );
            pos.format_move(best)
        })
        .collect()
}

#[test]
fn a_weak_level_varies_its_moves_where_full_strength_does_not() {
    let chess = Chess::startpos();
    assert_eq!(choices(&chess, &depth(3), None, 6).len(), 1);
    let weak = choices(&chess, &depth(3), Some(800), 24);
    assert!(weak.len() >= 3, "{weak:?}");
    let trichess = Trichess::startpos();
    assert_eq!(choices(&trichess, &depth(2), None, 4).len(), 1);
    let weak = choices(&trichess, &depth(2), Some(800), 24);
    assert!(weak.len() >= 2, "{weak:?}");
}

#[test]
fn a_level_keeps_to_its_node_budget() {
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5",
    ] {
        let pos = Chess::from_fen(fen).unwrap();
        let nodes = |elo| play(&pos, &Limits::default(), Some(Level::from_elo(elo, 1))).nodes;
        let (weak, strong) = (nodes(1200), nodes(1800));
        let budget = Level::from_elo(1800, 1).nodes();
        assert!(weak < strong, "{weak} {strong}");
        // The node clock is read every few nodes: a search overshoots its budget by little.
        assert!(strong <= budget + budget / 4, "{strong} of {budget}");
    }
}

#[test]
fn a_level_plays_a_mate_it_sees() {
    // Mate in one (Ra8#) among quiet moves: even the weakest level plays it.
    let pos = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let moves = choices(&pos, &depth(3), Some(800), 16);
    assert_eq!(moves.into_iter().collect::<Vec<_>>(), ["a1a8"]);
}

#[test]
fn analysis_without_an_end_is_at_full_strength() {
    // A seed whose level plays another move than full strength at depth 3...
    let pos = Chess::startpos();
    let full = play(&pos, &depth(3), None).best();
    let seed = (0..64)
        .find(|&seed| play(&pos, &depth(3), Some(Level::from_elo(800, seed))).best() != full)
        .expect("a weak level that strays");
    // ... plays full strength's move in `go infinite depth 3`, which answers at the stop.
    let tt = TranspositionTable::new(4);
    let stop = AtomicBool::new(false);
    let infinite = Limits {
        infinite: true,
        ..depth(3)
    };
    let ctx = Context {
        level: Some(Level::from_elo(800, seed)),
        ..Context::new(&tt, &stop)
    };
    let analysed = std::thread::scope(|scope| {
        let search = scope.spawn(|| think(&pos, &[], &infinite, &[], ctx, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(300));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        search.join().unwrap()
    });
    assert_eq!(analysed.best(), full);
}

#[test]
fn a_level_chooses_every_ply_of_a_doublemove_turn() {
    use kaleido::variants::doublemove::Doublemove;
    use std::collections::BTreeMap;
    // Black's first turn (two moves) after White's opening move.
    let mut pos = Doublemove::startpos();
    for mv in pos.parse_turn("e2e4").unwrap() {
        pos.play(mv);
    }
    let mut seconds: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for seed in 0..40 {
        let thought = play(&pos, &Limits::default(), Some(Level::from_elo(800, seed)));
        assert_eq!(thought.turn.len(), 2, "{:?}", thought.turn);
        assert_eq!(
            thought.pv[..2],
            thought.turn[..],
            "the line shown is the turn played"
        );
        let mut after = pos;
        let mut legal = Vec::new();
        for &mv in &thought.turn {
            legal.clear();
            after.legal_moves(&mut legal);
            assert!(legal.contains(&mv));
            after.play(mv);
        }
        let first = pos.format_move(thought.turn[0]);
        let mut mid = pos;
        mid.play(thought.turn[0]);
        let second = mid.format_move(thought.turn[1]);
        seconds.entry(first).or_default().insert(second);
    }
    // Left to the search's principal variation, each first move would have one reply.
    assert!(
        seconds.values().any(|replies| replies.len() >= 2),
        "{seconds:?}"
    );
}
