//! Training samples: `kaleido datagen` files read into the network's inputs and targets.
//!
//! Each kept position becomes its active inputs from every seat's perspective, the mover's
//! first and then the seats after it in playing order (the order the network's hidden halves
//! take), with the search's score and the game's result from the mover's point of view.
//!
//! The samples are the views the search reads. The two-player search reads a position only
//! with the mover's perspective first. The search of more than two players reads it with the
//! root player's perspective first, whoever is to move, so there every seat's view is a
//! sample: that seat first, its score and its result.
//!
//! Where the network has king buckets, each perspective's inputs are read through the view
//! its king's cell gives (src/nnue/king_buckets.rs), as the engine reads them.

use crate::core::Player;
use crate::datagen::format::{read_games, FormatError, GameBlock, POINT_UNITS};
use crate::game::Searchable;
use crate::nnue::KingBuckets;
use std::io::BufReader;
use std::path::Path;

/// Positions whose search score is beyond this are left out: mates and lines toward them say
/// how the game ends, not what the men are worth.
pub const SCORE_FILTER: i32 = 3000;

/// A seat's share of the game's points as a result target whose par is one half, as the
/// score's sigmoid is one half at 0 cp. Among more than two players a fair share is less than
/// half (a third of the points in trichess), and a target with that par would move every
/// evaluation below 0 cp, the score of a draw. The map is linear, so that the targets of a
/// game's seats still average one half, and takes all the points to 1; it leaves two-player
/// results as they are (a trichess seat that is mated gets 1/4).
pub fn centred_result(share: f64, players: usize) -> f64 {
    let par = 1.0 / players as f64;
    0.5 + (share - par) / (2.0 * (1.0 - par))
}

/// Samples stored flat: sample i's inputs for perspective k are
/// `inputs[offsets[i * players + k]..offsets[i * players + k + 1]]`.
#[derive(Default, Debug)]
pub struct Samples {
    pub players: usize,
    /// The king buckets the inputs are read through (none: the plain inputs).
    pub king_buckets: KingBuckets,
    pub inputs: Vec<u32>,
    pub offsets: Vec<u32>,
    /// The search's score in centipawns, the view's: the seat whose perspective comes first
    /// (the mover in two-player games).
    pub scores: Vec<i16>,
    /// The view's result: its share of the game's points, 0 to 1 (trichess: points over 2).
    pub results: Vec<f32>,
    /// The game each sample came from (for the validation split).
    pub games: Vec<u32>,
    /// The hand-written evaluation of the sample's position, the view's: the baseline a
    /// network's loss is read against.
    pub hand_written: Vec<i16>,
    /// The position's `Searchable::unsearched_threats`, the mover's view (two players): added to the
    /// network's output in training as the search adds it, so the network learns the rest.
    pub threats: Vec<i16>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Sample `i`'s active inputs from its `k`-th perspective (0: the mover's).
    #[inline]
    pub fn inputs(&self, i: usize, k: usize) -> &[u32] {
        let at = i * self.players + k;
        &self.inputs[self.offsets[at] as usize..self.offsets[at + 1] as usize]
    }
}

/// What reading the files left out, for the log.
#[derive(Default, Debug, Clone, Copy)]
pub struct Skipped {
    pub bad_fen: u64,
    pub extreme_score: u64,
}

impl Samples {
    pub fn new(players: usize) -> Samples {
        Samples {
            players,
            offsets: vec![0],
            ..Samples::default()
        }
    }

    /// Adds a game's positions (of variant `G`), as the mover sees each or, beyond two players,
    /// as every seat does; counting those left out in `skipped`; with `reflect`, each
    /// position's reflection too (where `G` has one), as a sample of the same game.
    pub fn add_game<G: Searchable>(
        &mut self,
        block: &GameBlock,
        reflect: bool,
        skipped: &mut Skipped,
    ) {
        let players = self.players;
        for p in &block.positions {
            let mover = usize::from(p.mover) % players;
            let seats = match players {
                2 => vec![mover],
                _ => (0..players).map(|k| (mover + k) % players).collect(),
            };
            let Ok(pos) = G::from_fen(&p.fen) else {
                skipped.bad_fen += 1;
                continue;
            };
            for seat in seats {
                let score = i32::from(p.scores.get(seat).copied().unwrap_or(0));
                if score.abs() > SCORE_FILTER {
                    skipped.extreme_score += 1;
                    continue;
                }
                self.add_view(&pos, seat, score, block, reflect);
            }
        }
    }

    /// Adds `pos` as `seat` sees it (its perspective first, then the seats after it in playing
    /// order), with `seat`'s score and result; and its reflection too where asked and `G` has
    /// one.
    fn add_view<G: Searchable>(
        &mut self,
        pos: &G,
        seat: usize,
        score: i32,
        block: &GameBlock,
        reflect: bool,
    ) {
        let players = self.players;
        let full_points = POINT_UNITS * if players == 2 { 1.0 } else { 2.0 };
        let points = f64::from(block.points.get(seat).copied().unwrap_or(0));
        let hand_written = pos
            .evaluate_for(Player(seat as u8))
            .clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        // Only the two-player search adds the unsearched threats to the network's output.
        let threats = match players {
            2 => pos.unsearched_threats().clamp(-SCORE_FILTER, SCORE_FILTER) as i16,
            _ => 0,
        };
        let reflections = if reflect && G::reflected_cell(0).is_some() {
            2
        } else {
            1
        };
        let mut scratch = Vec::new();
        for reflected in (0..reflections).map(|r| r == 1) {
            let place = |cell: usize| match reflected {
                true => G::reflected_cell(cell).unwrap_or(cell),
                false => cell,
            };
            for k in 0..players {
                let perspective = (seat + k) % players;
                let king = KingBuckets::king_of(pos, perspective).map(place);
                let view = self.king_buckets.view::<G>(king, perspective);
                scratch.clear();
                pos.for_each_man(|cell, kind, owner| {
                    let input =
                        KingBuckets::input::<G>(view, place(cell), kind, owner, perspective);
                    scratch.push(input as u32);
                });
                self.inputs.extend_from_slice(&scratch);
                self.offsets.push(self.inputs.len() as u32);
            }
            self.scores.push(score as i16);
            self.results
                .push(centred_result(points / full_points, players) as f32);
            self.games.push(block.number);
            self.hand_written.push(hand_written);
            self.threats.push(threats);
        }
    }
}

/// Reads every position of `files` (each a `G` datagen file), with its reflection too where
/// `reflect` asks for it and `G` has one, each perspective read through its king bucket of
/// `layout`.
pub fn load<G: Searchable>(
    files: &[impl AsRef<Path>],
    reflect: bool,
    layout: &KingBuckets,
) -> Result<(Samples, Skipped), String> {
    let players = G::PLAYERS;
    let mut samples = Samples::new(players);
    samples.king_buckets = layout.clone();
    let mut skipped = Skipped::default();
    for file in files {
        let name = file.as_ref().display().to_string();
        let here = |e: FormatError| format!("{name}: {e}");
        let file = std::fs::File::open(file).map_err(|e| format!("{name}: {e}"))?;
        let mut input = BufReader::new(file);
        read_games::<G>(&mut input, |block| {
            samples.add_game::<G>(&block, reflect, &mut skipped)
        })
        .map_err(here)?;
    }
    Ok((samples, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::Position;
    use crate::game::Game;
    use crate::game::NetworkInputs;
    use crate::variants::chess::Chess;
    use crate::variants::trichess::Trichess;

    fn sorted(inputs: &[u32]) -> Vec<u32> {
        let mut v = inputs.to_vec();
        v.sort_unstable();
        v
    }

    /// A game block of one position.
    fn one_position_game(
        number: u32,
        points: Vec<u8>,
        ply: u16,
        mover: u8,
        fen: &str,
        scores: Vec<i16>,
    ) -> GameBlock {
        GameBlock {
            number,
            points,
            positions: vec![Position {
                ply,
                mover,
                fen: fen.into(),
                scores,
            }],
        }
    }

    #[test]
    fn a_reflected_sample_is_the_reflected_position_with_the_same_targets() {
        let fen = "4k3/8/8/8/8/8/4P3/R3K3 b - - 0 1";
        let mirror = Chess::from_fen("3k4/8/8/8/8/8/3P4/3K3R b - - 0 1").unwrap();
        let block = one_position_game(5, vec![6, 0], 9, 1, fen, vec![250, -250]);
        let mut samples = Samples::new(2);
        let mut skipped = Skipped::default();
        samples.add_game::<Chess>(&block, true, &mut skipped);
        assert_eq!(samples.len(), 2);
        for k in 0..2 {
            let mut expected = Vec::new();
            mirror.active_inputs((1 + k) % 2, &mut expected);
            let expected: Vec<u32> = expected.into_iter().map(|i| i as u32).collect();
            assert_eq!(sorted(samples.inputs(1, k)), sorted(&expected));
            assert_ne!(sorted(samples.inputs(0, k)), sorted(&expected));
        }
        assert_eq!(samples.scores, vec![-250, -250]);
        assert_eq!(samples.results, vec![0.0, 0.0]);
        assert_eq!(samples.games, vec![5, 5]);
        let hand = Chess::from_fen(fen).unwrap().evaluate() as i16;
        assert_eq!(samples.hand_written, vec![hand, hand]);
        // Without reflection, one sample.
        let mut one = Samples::new(2);
        one.add_game::<Chess>(&block, false, &mut skipped);
        assert_eq!(one.len(), 1);
    }

    #[test]
    fn samples_read_through_king_buckets_are_what_the_engine_reads() {
        // A layout of two buckets by the king's file, unmirrored: reflecting the position
        // moves White's king from b1 (bucket 1) to g1 (bucket 0).
        let by_file = KingBuckets::new((0..64).map(|c| u8::from(c % 8 < 2)).collect()).unwrap();
        let fen = "4k3/8/8/8/8/8/4P3/RK6 b - - 0 1";
        let mirror = Chess::from_fen("3k4/8/8/8/8/8/3P4/6KR b - - 0 1").unwrap();
        let pos = Chess::from_fen(fen).unwrap();
        let block = one_position_game(5, vec![6, 0], 9, 1, fen, vec![250, -250]);
        let chess = KingBuckets::new(Chess::KING_BUCKETS.to_vec()).unwrap();
        for (layout, reflect) in [(by_file, true), (chess, false)] {
            let mut samples = Samples::new(2);
            samples.king_buckets = layout.clone();
            samples.add_game::<Chess>(&block, reflect, &mut Skipped::default());
            for k in 0..2 {
                let seat = (1 + k) % 2;
                let expected = |p: &Chess| {
                    let mut inputs = Vec::new();
                    layout.active_inputs(p, seat, &mut inputs);
                    sorted(&inputs)
                };
                assert_eq!(sorted(samples.inputs(0, k)), expected(&pos));
                if reflect {
                    assert_eq!(sorted(samples.inputs(1, k)), expected(&mirror));
                }
            }
        }
    }

    #[test]
    fn beyond_two_players_every_seat_sees_a_sample_of_its_own() {
        let mut pos = Trichess::startpos();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        pos.play(moves[0]);
        assert_eq!(pos.side_to_move(), Player(1));
        let block = one_position_game(3, vec![0, 12, 0], 1, 1, &pos.fen(), vec![-40, 70, 3500]);
        let mut samples = Samples::new(3);
        let mut skipped = Skipped::default();
        samples.add_game::<Trichess>(&block, true, &mut skipped);
        // Seat 2's score is beyond the filter: the mover's view, then seat 0's.
        assert_eq!(skipped.extreme_score, 1);
        assert_eq!(samples.scores, vec![70, -40]);
        assert_eq!(samples.results, vec![1.0, 0.25]);
        for (i, seat) in [1, 0].into_iter().enumerate() {
            for k in 0..3 {
                let mut expected = Vec::new();
                pos.active_inputs((seat + k) % 3, &mut expected);
                let expected: Vec<u32> = expected.into_iter().map(|i| i as u32).collect();
                assert_eq!(sorted(samples.inputs(i, k)), sorted(&expected));
            }
            let hand = pos.evaluate_for(Player(seat as u8)) as i16;
            assert_eq!(samples.hand_written[i], hand);
        }
        // Two players: the mover's view alone, as the two-player search reads.
        let mut chess = Samples::new(2);
        let chess_block =
            one_position_game(1, vec![3, 3], 0, 0, &Chess::startpos().fen(), vec![20, -20]);
        chess.add_game::<Chess>(&chess_block, false, &mut skipped);
        assert_eq!(chess.scores, vec![20]);
    }

    #[test]
    fn results_are_centred_on_a_fair_share() {
        for share in [0.0, 0.25, 0.5, 0.75, 1.0] {
            assert_eq!(centred_result(share, 2), share);
        }
        // Trichess: mated, a drawn third, half the points, all of them.
        let centred: Vec<f64> = [0.0, 1.0 / 3.0, 0.5, 1.0]
            .iter()
            .map(|&s| centred_result(s, 3))
            .collect();
        let expected = [0.25, 0.5, 0.625, 1.0];
        for (c, e) in centred.iter().zip(expected) {
            assert!((c - e).abs() < 1e-12, "{centred:?}");
        }
    }
}
