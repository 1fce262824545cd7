//! Evaluation networks in the engine (src/nnue/): the accumulators kept along a line give the
//! evaluation from scratch in every variant, whatever the moves (castling, promotions, spins,
//! passes) and however many plies they are behind; a search runs with a network; and a bad
//! network file is refused with its reason while the engine goes on by hand.

use crate::common::Scratch;
use kaleido::game::{NetworkInputs, Variant};
use kaleido::nnue::{
    self, Accumulators, EvalChoice, KingBuckets, OutputBuckets, QuantisedNetwork, Simd,
};
use kaleido::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use kaleido::search::{self, Context, Limits, Thought, TranspositionTable};
use kaleido::selfplay::random_source;
use rand::Rng;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A network of random weights for `G`, within the ranges training leaves them in, with four
/// output layers by material (so that captures along a line change the layer read) and,
/// with `kings` where `G` has a layout, its king buckets (so that king moves change a
/// perspective's first layer or mirror its board).
fn random_network<G: NetworkInputs>(hidden: usize, seed: u64, kings: bool) -> QuantisedNetwork {
    let mut men = 0;
    G::startpos().for_each_man(|_, _, _| men += 1);
    let buckets = OutputBuckets::spread(4, men);
    let king_buckets = match kings {
        true => KingBuckets::new(G::KING_BUCKETS.to_vec()).unwrap(),
        false => KingBuckets::NONE,
    };
    let inputs = G::INPUTS * king_buckets.count();
    let mut rng = random_source(seed);
    let mut weights = |n: usize, bound: i16| -> Vec<i16> {
        (0..n).map(|_| rng.random_range(-bound..=bound)).collect()
    };
    let w1 = weights(inputs * hidden, 500);
    let b1 = weights(hidden, 500);
    let w2 = weights(buckets.count * G::PLAYERS * hidden, 127);
    QuantisedNetwork {
        variant: G::NAME.to_string(),
        inputs,
        hidden,
        players: G::PLAYERS,
        corrects_hand_written: false,
        buckets,
        king_buckets,
        w1,
        b1,
        w2,
        b2: (0..buckets.count as i32).map(|b| 1234 - 9000 * b).collect(),
    }
}

/// The network's evaluation of `pos` from scratch, for its side to move.
fn from_scratch<G: NetworkInputs>(net: &QuantisedNetwork, pos: &G) -> i32 {
    nnue::evaluate_from_scratch(net, pos, pos.side_to_move().index())
}

/// Incremental evaluation with `hidden` units in the instructions `simd`, with the
/// variant's king buckets if `kings`.
struct Incremental {
    simd: Simd,
    hidden: usize,
    kings: bool,
}

impl VariantVisitor for Incremental {
    type Output = ();
    fn visit<G: Variant>(self) {
        let net = random_network::<G>(self.hidden, 7, self.kings);
        assert!(Accumulators::fits::<G>(&net), "{}", G::NAME);
        let mut acc = Accumulators::with_simd(&net, 200, self.simd);
        for seed in 0..6u64 {
            let mut rng = random_source(100 + seed);
            let mut pos = G::startpos();
            acc.set_root(&pos);
            assert_eq!(
                acc.evaluate::<G>(0, pos.side_to_move().index()),
                from_scratch(&net, &pos),
                "{}: the root",
                G::NAME
            );
            let mut moves = Vec::new();
            for ply in 1..160 {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.rule_outcome().is_some() {
                    break;
                }
                // Now and then a pass (a null move, or Best-Reply Search's pass) instead.
                let passed = if rng.random_range(0..10) == 0 {
                    pos.null_move().or_else(|| pos.pass())
                } else {
                    None
                };
                pos = passed.unwrap_or_else(|| {
                    let mut next = pos.clone();
                    next.play(moves[rng.random_range(0..moves.len())]);
                    next
                });
                acc.enter(&pos, ply);
                // Evaluated at some plies only: the others are caught up several at a time.
                if rng.random_range(0..3) == 0 {
                    assert_eq!(
                        acc.evaluate::<G>(ply, pos.side_to_move().index()),
                        from_scratch(&net, &pos),
                        "{} ({}, {} units, {} king buckets): ply {ply} of game {seed}: {}",
                        G::NAME,
                        self.simd.name(),
                        self.hidden,
                        net.king_buckets.count(),
                        pos.fen()
                    );
                }
            }
        }
    }
}

/// In every instruction set the processor runs (the reference from scratch is the portable
/// code), with a width that fills whole vector registers and one that leaves a remainder,
/// without king buckets and with the variant's own where it has them.
#[test]
fn incremental_evaluation_equals_evaluation_from_scratch_in_every_variant() {
    for simd in Simd::available() {
        for hidden in [16, 40] {
            for kings in [false, true] {
                for name in VARIANT_NAMES {
                    with_variant(
                        name,
                        Incremental {
                            simd,
                            hidden,
                            kings,
                        },
                    )
                    .unwrap();
                }
            }
        }
    }
}

/// A search of the start position to depth 3 with `network` (None: the hand-written
/// evaluation), with its own table and stop flag (a finished search leaves its flag raised).
fn search_start<G: Variant>(network: Option<&QuantisedNetwork>) -> Thought<G::Move> {
    let tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let ctx = Context {
        network,
        ..Context::new(&tt, &stop)
    };
    search::think(&G::startpos(), &[], &limits, &[], ctx, &mut |_| {})
}

struct Searches;

impl VariantVisitor for Searches {
    type Output = ();
    fn visit<G: Variant>(self) {
        let net = random_network::<G>(8, 3, true);
        let by_network = search_start::<G>(Some(&net));
        assert!(by_network.best().is_some(), "{}", G::NAME);
        let by_hand = search_start::<G>(None);
        assert!(by_hand.best().is_some(), "{}", G::NAME);
        // A network of random weights judges otherwise than the hand-written evaluation.
        assert_ne!(
            (by_network.score, by_network.nodes),
            (by_hand.score, by_hand.nodes),
            "{}: the search ignored the network",
            G::NAME
        );
    }
}

#[test]
fn searches_evaluate_with_the_network_they_are_given() {
    for name in VARIANT_NAMES {
        with_variant(name, Searches).unwrap();
    }
}

struct ZeroCorrection;

impl VariantVisitor for ZeroCorrection {
    type Output = ();
    fn visit<G: Variant>(self) {
        // A correction of all zeros: the search must judge exactly as the hand-written
        // evaluation does, in every variant (the threats some add beside a network are in the
        // hand-written evaluation already).
        let mut net = random_network::<G>(8, 4, false);
        net.corrects_hand_written = true;
        net.w2.fill(0);
        net.b2.fill(0);
        let corrected = search_start::<G>(Some(&net));
        let by_hand = search_start::<G>(None);
        assert_eq!(
            (corrected.best(), corrected.score, corrected.nodes),
            (by_hand.best(), by_hand.score, by_hand.nodes),
            "{}",
            G::NAME
        );
        let choice = EvalChoice::Embedded;
        assert!(nnue::describe(Some(&net), &choice).contains("correcting the hand-written"));
        net.corrects_hand_written = false;
        assert!(!nnue::describe(Some(&net), &choice).contains("correcting"));
    }
}

#[test]
fn a_correcting_network_of_zeros_searches_as_the_hand_written_evaluation() {
    for name in VARIANT_NAMES {
        with_variant(name, ZeroCorrection).unwrap();
    }
}

#[test]
fn a_network_for_another_variant_is_refused() {
    /// Writes the variant's network into the folder every variant's goes to, then loads it
    /// and the other variants' written so far.
    struct Load<'a>(&'a Path);
    impl VariantVisitor for Load<'_> {
        type Output = ();
        fn visit<G: Variant>(self) {
            let dir = self.0;
            let own = dir.join(format!("{}.nnue", G::NAME));
            std::fs::write(&own, random_network::<G>(4, 1, true).to_bytes()).unwrap();
            let choice = EvalChoice::File(own.clone());
            let net = nnue::load::<G>(&choice).unwrap().expect("a network");
            assert_eq!(net.hidden, 4);
            assert!(nnue::describe(Some(&net), &choice).contains("4"));
            for other in VARIANT_NAMES.iter().filter(|&&v| v != G::NAME) {
                let path = dir.join(format!("{other}.nnue"));
                if path.exists() {
                    let err = nnue::load::<G>(&EvalChoice::File(path)).unwrap_err();
                    assert!(err.contains("not"), "{err}");
                }
            }
            assert_eq!(nnue::load::<G>(&EvalChoice::HandWritten), Ok(None));
        }
    }
    let scratch = Scratch::new("nnue");
    for name in VARIANT_NAMES {
        with_variant(name, Load(scratch.root())).unwrap();
    }
}

#[test]
fn unreadable_and_corrupt_files_are_errors() {
    type Chess = kaleido::variants::chess::Chess;
    let missing = EvalChoice::File("/nonexistent/kaleido.nnue".into());
    let err = nnue::load::<Chess>(&missing).unwrap_err();
    assert!(err.contains("cannot read"), "{err}");
    let scratch = Scratch::new("bad-networks");
    let bytes = random_network::<Chess>(4, 2, false).to_bytes();
    for (name, content) in [
        ("text.nnue", b"hello, world".to_vec()),
        ("cut.nnue", bytes[..bytes.len() / 2].to_vec()),
        ("empty.nnue", Vec::new()),
    ] {
        let path = scratch.path(name);
        std::fs::write(&path, content).unwrap();
        let err = nnue::load::<Chess>(&EvalChoice::File(path)).unwrap_err();
        assert!(err.contains(name), "{err}");
    }
}

#[test]
fn every_built_in_network_loads() {
    struct BuiltIn;
    impl VariantVisitor for BuiltIn {
        type Output = ();
        fn visit<G: Variant>(self) {
            let loaded = nnue::load::<G>(&EvalChoice::Embedded);
            assert_eq!(
                loaded.as_ref().map(Option::is_some),
                Ok(G::NETWORK.is_some()),
                "{}",
                G::NAME
            );
        }
    }
    for name in VARIANT_NAMES {
        with_variant(name, BuiltIn).unwrap();
    }
}

#[test]
fn the_options_choose_the_evaluation() {
    assert_eq!(
        EvalChoice::from_options(true, "<embedded>"),
        EvalChoice::Embedded
    );
    assert_eq!(EvalChoice::from_options(true, " "), EvalChoice::Embedded);
    assert_eq!(
        EvalChoice::from_options(false, "net.nnue"),
        EvalChoice::HandWritten
    );
    assert_eq!(
        EvalChoice::from_options(true, "net.nnue"),
        EvalChoice::File("net.nnue".into())
    );
}
