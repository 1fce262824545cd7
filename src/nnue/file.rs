//! The network file: what `kaleido train` writes and the engine reads, with the reference
//! evaluation of a position from scratch that the incremental one (accumulator.rs) must match.
//!
//! The float network of training (src/train/network.rs) is stored with its first layer times
//! QA and its output weights times QB, so that the hidden layer runs on 16-bit integers:
//! `acc = b1 + sum of W1 rows` (scale QA), `h = clamp(acc, 0, QA)^2` (scale QA^2), and
//! `out = (sum W2 . h) / QA + b2` (scale QA * QB), which is `out_float * QA * QB`.
//!
//! ```text
//! file   = "KLNN" version:u8 (3) name_len:u8 name inputs:u32 hidden:u32 players:u8
//!          flags:u8 [buckets:u8 men_per_bucket:u8] [cells:u16 king_buckets:[u8; cells]]
//!          w1:[i16; inputs * hidden] b1:[i16; hidden]
//!          w2:[i16; buckets * players * hidden] b2:[i32; buckets]
//! ```
//! little-endian; W1 row by row (one row of `hidden` per input); W2 bucket by bucket, each the
//! mover's block first. Flag bit 0 (`CORRECTS_HAND_WRITTEN`): the network's output is a
//! correction that the search adds to the hand-written evaluation, not an evaluation of its
//! own. Flag bit 1 (`HAS_OUTPUT_BUCKETS`): the two bytes in brackets follow the flags and the
//! output layer comes once per bucket (buckets.rs); without it there is one. Flag bit 2
//! (`HAS_KING_BUCKETS`): the king-bucket table follows (king_buckets.rs), and `inputs` counts
//! the rows of every first layer (the variant's inputs times the table's buckets). Version 2
//! files have no flags byte and read as flags 0.

use super::buckets::OutputBuckets;
use super::king_buckets::KingBuckets;
use super::simd::Simd;
use std::fmt;

pub const QA: i32 = 255;
/// 256 rather than the customary 64: output weights (within +/-1.98) then round to steps of
/// 1/256, and the rounding's sum over every hidden unit stays near a centipawn (with 64 it
/// moved evaluations by 20 cp).
pub const QB: i32 = 256;
/// Centipawns per unit of the float output (the trainer's scale).
pub const EVAL_SCALE: i32 = 400;
pub const MAGIC: &[u8; 4] = b"KLNN";
/// Version 3: a flags byte after the players (version 2 had none; version 1 had QB 64).
pub const VERSION: u8 = 3;
/// The oldest version this build reads: version 2 is version 3 with no flags.
const OLDEST_VERSION: u8 = 2;
/// Flag bit: the output is added to the hand-written evaluation.
const CORRECTS_HAND_WRITTEN: u8 = 1;
/// Flag bit: the output layer comes once per bucket of material.
const HAS_OUTPUT_BUCKETS: u8 = 2;
/// Flag bit: a first layer per king bucket, the table in the header.
const HAS_KING_BUCKETS: u8 = 4;
/// The widest hidden layer a file may ask for (a guard against a corrupt size).
pub const MAX_HIDDEN: usize = 4096;
/// The most inputs a file may ask for (gigachess has 8,960).
pub const MAX_INPUTS: usize = 1 << 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedNetwork {
    pub variant: String,
    pub inputs: usize,
    pub hidden: usize,
    pub players: usize,
    /// Whether the output corrects the hand-written evaluation (the search adds the two)
    /// rather than replacing it: a network that need learn only what the evaluation misses.
    pub corrects_hand_written: bool,
    /// Which output layer a position is read with.
    pub buckets: OutputBuckets,
    /// Which first layer each perspective reads, by its king's cell.
    pub king_buckets: KingBuckets,
    /// `inputs` rows of `hidden`: the variant's inputs once per king bucket.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// `buckets.count` output layers of `players` blocks of `hidden`.
    pub w2: Vec<i16>,
    /// One output bias per bucket.
    pub b2: Vec<i32>,
}

impl QuantisedNetwork {
    /// A 64-bit digest (FNV-1a) of the network's shape and weights: the same for the same
    /// network wherever it was loaded from, so that a data run can name the network it
    /// played with.
    pub fn digest(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(self.variant.as_bytes());
        for size in [self.inputs, self.hidden, self.players] {
            eat(&(size as u64).to_le_bytes());
        }
        eat(&[u8::from(self.corrects_hand_written)]);
        // A network of one output layer hashes as it did before buckets existed, so that
        // the data runs that name one still match it.
        if self.buckets != OutputBuckets::ONE {
            eat(&(self.buckets.count as u64).to_le_bytes());
            eat(&(self.buckets.men_per_bucket as u64).to_le_bytes());
        }
        eat(self.king_buckets.table());
        for weights in [&self.w1, &self.b1, &self.w2] {
            for w in weights.iter() {
                eat(&w.to_le_bytes());
            }
        }
        for b in &self.b2 {
            eat(&b.to_le_bytes());
        }
        hash
    }
}

/// Why a network file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    NotANetwork,
    Version(u8),
    Truncated,
    /// Sizes no network of this program has (or a corrupt header).
    BadShape(String),
    /// A sound file for another variant (or another input layout).
    WrongVariant {
        found: String,
        wanted: String,
    },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => f.write_str("not a kaleido network file (no KLNN header)"),
            NetworkError::Version(v) => {
                write!(
                    f,
                    "network format version {v}; this build reads versions {OLDEST_VERSION} to {VERSION}"
                )
            }
            NetworkError::Truncated => f.write_str("the network file ends before its weights do"),
            NetworkError::BadShape(what) => write!(f, "the network's shape is not usable: {what}"),
            NetworkError::WrongVariant { found, wanted } => {
                write!(f, "the network is for {found}, not {wanted}")
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// Reads little-endian values off a byte slice, failing at its end.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetworkError> {
        if self.0.len() < n {
            return Err(NetworkError::Truncated);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }
    fn u8(&mut self) -> Result<u8, NetworkError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, NetworkError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetworkError> {
        let b = self.take(n * 2)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

impl QuantisedNetwork {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        out.push(self.variant.len() as u8);
        out.extend_from_slice(self.variant.as_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.push(self.players as u8);
        let bucketed = self.buckets != OutputBuckets::ONE;
        let mut flags = 0;
        if self.corrects_hand_written {
            flags |= CORRECTS_HAND_WRITTEN;
        }
        if bucketed {
            flags |= HAS_OUTPUT_BUCKETS;
        }
        if !self.king_buckets.is_none() {
            flags |= HAS_KING_BUCKETS;
        }
        out.push(flags);
        if bucketed {
            out.push(self.buckets.count as u8);
            out.push(self.buckets.men_per_bucket as u8);
        }
        if !self.king_buckets.is_none() {
            let table = self.king_buckets.table();
            out.extend_from_slice(&(table.len() as u16).to_le_bytes());
            out.extend_from_slice(table);
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Reads a network for `variant` with `inputs` inputs (once per king bucket where it has
    /// them) and `players` perspectives.
    pub fn from_bytes(
        bytes: &[u8],
        variant: &str,
        inputs: usize,
        players: usize,
    ) -> Result<QuantisedNetwork, NetworkError> {
        let net = QuantisedNetwork::read(bytes)?;
        let rows = inputs * net.king_buckets.count();
        if net.variant != variant || net.inputs != rows || net.players != players {
            return Err(NetworkError::WrongVariant {
                found: format!(
                    "{} ({} inputs, {} players)",
                    net.variant, net.inputs, net.players
                ),
                wanted: format!("{variant} ({inputs} inputs, {players} players)"),
            });
        }
        Ok(net)
    }

    /// Reads a sound network file whatever variant it was trained for (the trainer may
    /// start one variant's network from another's).
    pub fn read(bytes: &[u8]) -> Result<QuantisedNetwork, NetworkError> {
        let mut c = Cursor(bytes);
        if c.take(4).map_err(|_| NetworkError::NotANetwork)? != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let version = c.u8()?;
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(NetworkError::Version(version));
        }
        let name_len = usize::from(c.u8()?);
        let variant = String::from_utf8_lossy(c.take(name_len)?).into_owned();
        let (inputs, hidden, players) =
            (c.u32()? as usize, c.u32()? as usize, usize::from(c.u8()?));
        if hidden == 0 || hidden > MAX_HIDDEN || inputs > MAX_INPUTS || players == 0 {
            return Err(NetworkError::BadShape(format!(
                "{inputs} inputs, {hidden} hidden units, {players} perspectives"
            )));
        }
        let flags = if version >= 3 { c.u8()? } else { 0 };
        if flags & !(CORRECTS_HAND_WRITTEN | HAS_OUTPUT_BUCKETS | HAS_KING_BUCKETS) != 0 {
            return Err(NetworkError::BadShape(format!(
                "flags {flags:#04x}, unknown to this build"
            )));
        }
        let buckets = match flags & HAS_OUTPUT_BUCKETS != 0 {
            true => OutputBuckets {
                count: usize::from(c.u8()?),
                men_per_bucket: usize::from(c.u8()?),
            },
            false => OutputBuckets::ONE,
        };
        if buckets.count == 0 || buckets.men_per_bucket == 0 {
            return Err(NetworkError::BadShape(format!(
                "{} output buckets of {} men",
                buckets.count, buckets.men_per_bucket
            )));
        }
        let king_buckets = match flags & HAS_KING_BUCKETS != 0 {
            true => {
                let cells = c.take(2)?;
                let cells = usize::from(u16::from_le_bytes([cells[0], cells[1]]));
                let table = c.take(cells)?.to_vec();
                KingBuckets::new(table).map_err(|e| NetworkError::BadShape(e.to_string()))?
            }
            false => KingBuckets::NONE,
        };
        if king_buckets.is_none() != (flags & HAS_KING_BUCKETS == 0)
            || !inputs.is_multiple_of(king_buckets.count())
        {
            return Err(NetworkError::BadShape(format!(
                "{inputs} inputs in {} king buckets",
                king_buckets.count()
            )));
        }
        let w1 = c.i16s(inputs * hidden)?;
        let b1 = c.i16s(hidden)?;
        let w2 = c.i16s(buckets.count * players * hidden)?;
        let b2 = c
            .take(4 * buckets.count)?
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if !c.0.is_empty() {
            return Err(NetworkError::BadShape(format!(
                "{} bytes after the weights",
                c.0.len()
            )));
        }
        Ok(QuantisedNetwork {
            variant,
            inputs,
            hidden,
            players,
            corrects_hand_written: flags & CORRECTS_HAND_WRITTEN != 0,
            buckets,
            king_buckets,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Perspective `inputs`' hidden pre-activations, from scratch (i32: no input count can
    /// overflow it).
    pub fn accumulate(&self, inputs: &[u32], acc: &mut [i32]) {
        for (a, &b) in acc.iter_mut().zip(&self.b1) {
            *a = i32::from(b);
        }
        for &i in inputs {
            let row = &self.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += i32::from(w);
            }
        }
    }

    /// The evaluation in centipawns from pre-activations (one block per perspective, the
    /// mover's first) of a position of `men` men.
    pub fn output(&self, accs: &[i32], men: usize) -> i32 {
        self.output_with(accs, 0, men, Simd::PORTABLE)
    }

    /// The evaluation in centipawns from pre-activations kept in seat order, for the player
    /// in seat `mover`, of a position of `men` men: its block meets the first block of the
    /// men's output layer, the next seat's the second, and so on. Summed in the instructions
    /// `simd`, which change no result.
    pub fn output_with(&self, accs: &[i32], mover: usize, men: usize, simd: Simd) -> i32 {
        let hidden = self.hidden;
        let bucket = self.buckets.of(men);
        let layer = &self.w2[bucket * self.players * hidden..][..self.players * hidden];
        let sum: i64 = (0..self.players)
            .map(|k| {
                let seat = (mover + k) % self.players;
                simd.block_sum(
                    &accs[seat * hidden..(seat + 1) * hidden],
                    &layer[k * hidden..(k + 1) * hidden],
                )
            })
            .sum();
        let out = sum / i64::from(QA) + i64::from(self.b2[bucket]);
        (out * i64::from(EVAL_SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation in centipawns of a position given by its perspectives' inputs (each
    /// perspective has one input a man, so the first's count is the men on the board).
    pub fn evaluate(&self, perspectives: &[&[u32]]) -> i32 {
        let mut accs = vec![0; self.players * self.hidden];
        for (k, inputs) in perspectives.iter().enumerate() {
            self.accumulate(inputs, &mut accs[k * self.hidden..(k + 1) * self.hidden]);
        }
        let men = perspectives.first().map_or(0, |inputs| inputs.len());
        self.output(&accs, men)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> QuantisedNetwork {
        QuantisedNetwork {
            variant: "chess".into(),
            inputs: 4,
            hidden: 2,
            players: 2,
            corrects_hand_written: false,
            buckets: OutputBuckets::ONE,
            king_buckets: KingBuckets::NONE,
            w1: vec![10, -20, 30, 40, -50, 60, 70, 80],
            b1: vec![5, 6],
            w2: vec![1, -2, 3, 4],
            b2: vec![-7],
        }
    }

    /// `tiny` with two output layers: up to two men read the first, more the second.
    fn bucketed() -> QuantisedNetwork {
        QuantisedNetwork {
            buckets: OutputBuckets {
                count: 2,
                men_per_bucket: 2,
            },
            w2: vec![1, -2, 3, 4, -5, 6, 7, -8],
            // The second bias alone is worth 800 cp.
            b2: vec![-7, 2 * QA * QB],
            ..tiny()
        }
    }

    #[test]
    fn a_network_reads_back_as_written() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(QuantisedNetwork::from_bytes(&bytes, "chess", 4, 2), Ok(net));
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = tiny().to_bytes();
        let read = |b: &[u8]| QuantisedNetwork::from_bytes(b, "chess", 4, 2);
        assert_eq!(read(b"hello"), Err(NetworkError::NotANetwork));
        assert_eq!(read(b""), Err(NetworkError::NotANetwork));
        assert_eq!(
            read(&bytes[..bytes.len() - 3]),
            Err(NetworkError::Truncated)
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(read(&longer), Err(NetworkError::BadShape(_))));
        let mut newer = bytes.clone();
        newer[4] = VERSION + 1;
        assert_eq!(read(&newer), Err(NetworkError::Version(VERSION + 1)));
        assert!(matches!(
            QuantisedNetwork::from_bytes(&bytes, "cylinder", 4, 2),
            Err(NetworkError::WrongVariant { .. })
        ));
        // Read whatever its variant (a trainer's starting point), it is the same network.
        assert_eq!(QuantisedNetwork::read(&bytes), Ok(tiny()));
        // A header claiming a huge layer is refused before anything is allocated for it.
        let mut huge = tiny();
        huge.hidden = MAX_HIDDEN + 1;
        huge.w1.clear();
        assert!(matches!(
            read(&huge.to_bytes()),
            Err(NetworkError::BadShape(_))
        ));
    }

    #[test]
    fn a_correcting_network_says_so_and_older_files_read_as_not_correcting() {
        let mut net = tiny();
        net.corrects_hand_written = true;
        let bytes = net.to_bytes();
        assert_eq!(QuantisedNetwork::read(&bytes), Ok(net));
        // A version 2 file: no flags byte.
        let mut old = tiny().to_bytes();
        let flags_at = 4 + 1 + 1 + "chess".len() + 4 + 4 + 1;
        assert_eq!(old.remove(flags_at), 0);
        old[4] = 2;
        assert_eq!(QuantisedNetwork::read(&old), Ok(tiny()));
        // Flags this build does not know are refused, not ignored.
        let mut unknown = tiny().to_bytes();
        unknown[flags_at] = 0x82;
        assert!(matches!(
            QuantisedNetwork::read(&unknown),
            Err(NetworkError::BadShape(_))
        ));
    }

    #[test]
    fn the_integer_evaluation_follows_its_formula() {
        let net = tiny();
        // Perspective 0: inputs 0 and 2 -> acc = [5 + 10 - 50, 6 - 20 + 60] = [-35, 46].
        // Perspective 1: input 3 -> acc = [5 + 70, 6 + 80] = [75, 86].
        let sum = 46 * 46 * -2 + 75 * 75 * 3 + 86 * 86 * 4;
        let out = (sum / QA + -7) * EVAL_SCALE / (QA * QB);
        assert_eq!(net.evaluate(&[&[0, 2], &[3]]), out);
    }

    #[test]
    fn king_buckets_travel_in_the_header_and_bad_tables_are_refused() {
        // Two buckets over a two-cell board: `tiny`'s rows twice.
        let mut net = tiny();
        net.king_buckets =
            KingBuckets::new(vec![0, 1 | super::super::king_buckets::MIRRORED]).unwrap();
        net.inputs = 8;
        net.w1 = net.w1.repeat(2);
        let bytes = net.to_bytes();
        assert_eq!(QuantisedNetwork::read(&bytes), Ok(net.clone()));
        // The variant's four inputs, once per bucket.
        assert_eq!(
            QuantisedNetwork::from_bytes(&bytes, "chess", 4, 2),
            Ok(net.clone())
        );
        assert!(QuantisedNetwork::from_bytes(&bytes, "chess", 8, 2).is_err());
        assert_ne!(net.digest(), tiny().digest());
        let flags_at = 4 + 1 + 1 + "chess".len() + 4 + 4 + 1;
        assert_eq!(bytes[flags_at], HAS_KING_BUCKETS);
        assert_eq!(&bytes[flags_at + 1..flags_at + 5], &[2, 0, 0, 0x81]);
        // A table naming bucket 1 but not 0, and inputs that do not split into the buckets.
        let mut gap = bytes.clone();
        gap[flags_at + 3] = 1;
        assert!(matches!(
            QuantisedNetwork::read(&gap),
            Err(NetworkError::BadShape(_))
        ));
        let mut uneven = net.clone();
        uneven.inputs = 7;
        uneven.w1.truncate(14);
        assert!(matches!(
            QuantisedNetwork::read(&uneven.to_bytes()),
            Err(NetworkError::BadShape(_))
        ));
        assert!(matches!(
            QuantisedNetwork::read(&bytes[..flags_at + 3]),
            Err(NetworkError::Truncated)
        ));
    }

    #[test]
    fn the_men_on_the_board_pick_the_output_layer() {
        let net = bucketed();
        let bytes = net.to_bytes();
        assert_eq!(QuantisedNetwork::read(&bytes), Ok(net.clone()));
        assert_ne!(net.digest(), tiny().digest());
        // Two men (the first perspective's inputs) read the first layer, as `tiny` does.
        assert_eq!(
            net.evaluate(&[&[0, 2], &[3]]),
            tiny().evaluate(&[&[0, 2], &[3]])
        );
        // Three read the second: perspective 0 has inputs 0, 1 and 2, perspective 1 input 3.
        // acc0 = [5 + 10 + 30 - 50, 6 - 20 + 40 + 60] = [-5, 86]; acc1 = [75, 86].
        let sum = 86 * 86 * 6 + 75 * 75 * 7 + 86 * 86 * -8;
        let out = (sum / QA + 2 * QA * QB) * EVAL_SCALE / (QA * QB);
        assert_eq!(net.evaluate(&[&[0, 1, 2], &[3]]), out);
        assert_eq!(out, 800);
        // A count or a size of zero is refused; so is a file cut inside the second layer.
        let flags_at = 4 + 1 + 1 + "chess".len() + 4 + 4 + 1;
        assert_eq!(bytes[flags_at], HAS_OUTPUT_BUCKETS);
        for at in [flags_at + 1, flags_at + 2] {
            let mut zero = bytes.clone();
            zero[at] = 0;
            assert!(matches!(
                QuantisedNetwork::read(&zero),
                Err(NetworkError::BadShape(_))
            ));
        }
        assert_eq!(
            QuantisedNetwork::read(&bytes[..bytes.len() - 6]),
            Err(NetworkError::Truncated)
        );
        // One bucket writes no bucket bytes: the file a build before buckets wrote.
        assert_eq!(tiny().to_bytes()[flags_at], 0);
        assert_eq!(tiny().to_bytes().len() + 2 + 8 + 4, bytes.len());
    }
}
