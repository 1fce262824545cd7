//! The loss curves as a PNG: training and validation loss per epoch, drawn as lines on a white
//! canvas with a frame and a light grid (one line per tenth of the range). The PNG is written
//! by hand (stored deflate blocks, CRC-32, Adler-32): a picture this small needs no image
//! library.

const WIDTH: usize = 640;
const HEIGHT: usize = 400;
const MARGIN: usize = 30;

/// Draws each series (values per epoch) in its colour and returns the PNG file's bytes.
pub fn loss_curves(series: &[(&[f64], [u8; 3])]) -> Vec<u8> {
    let mut pixels = vec![255u8; WIDTH * HEIGHT * 3];
    let values = series.iter().flat_map(|(v, _)| v.iter().copied());
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo < hi {
        (lo, hi)
    } else {
        (lo - 1.0, lo + 1.0)
    };
    let longest = series
        .iter()
        .map(|(v, _)| v.len())
        .max()
        .unwrap_or(0)
        .max(2);
    let (left, right, top, bottom) = (MARGIN, WIDTH - MARGIN, MARGIN, HEIGHT - MARGIN);
    let x_of = |i: usize| left as f64 + (right - left) as f64 * i as f64 / (longest - 1) as f64;
    let y_of = |v: f64| bottom as f64 - (bottom - top) as f64 * (v - lo) / (hi - lo);
    let mut put = |x: i64, y: i64, rgb: [u8; 3]| {
        if (0..WIDTH as i64).contains(&x) && (0..HEIGHT as i64).contains(&y) {
            let at = (y as usize * WIDTH + x as usize) * 3;
            pixels[at..at + 3].copy_from_slice(&rgb);
        }
    };
    for tenth in 0..=10 {
        let y = (top + (bottom - top) * tenth / 10) as i64;
        for x in left..=right {
            put(x as i64, y, [225, 225, 225]);
        }
    }
    for x in left..=right {
        put(x as i64, top as i64, [0, 0, 0]);
        put(x as i64, bottom as i64, [0, 0, 0]);
    }
    for y in top..=bottom {
        put(left as i64, y as i64, [0, 0, 0]);
        put(right as i64, y as i64, [0, 0, 0]);
    }
    for (values, rgb) in series {
        for (i, pair) in values.windows(2).enumerate() {
            let (x0, y0) = (x_of(i), y_of(pair[0]));
            let (x1, y1) = (x_of(i + 1), y_of(pair[1]));
            let steps = (x1 - x0).abs().max((y1 - y0).abs()).ceil().max(1.0) as usize;
            for s in 0..=steps {
                let t = s as f64 / steps as f64;
                let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
                // Two pixels thick, so the line reads at a glance.
                put(x.round() as i64, y.round() as i64, *rgb);
                put(x.round() as i64, y.round() as i64 + 1, *rgb);
            }
        }
        if values.len() == 1 {
            put(x_of(0) as i64, y_of(values[0]) as i64, *rgb);
        }
    }
    encode_png(&pixels, WIDTH, HEIGHT)
}

/// An 8-bit RGB PNG of `pixels` (rows top to bottom), uncompressed.
pub fn encode_png(pixels: &[u8], width: usize, height: usize) -> Vec<u8> {
    let mut raw = Vec::with_capacity((width * 3 + 1) * height);
    for row in pixels.chunks_exact(width * 3) {
        raw.push(0); // no filter
        raw.extend_from_slice(row);
    }
    // A zlib stream of stored deflate blocks (at most 65,535 bytes each).
    let mut zlib = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        zlib.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    zlib.extend_from_slice(&adler32(&raw).to_be_bytes());

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, no filter, no interlace
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in bytes {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_published_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn a_plot_is_a_png_of_the_canvas_size() {
        let png = loss_curves(&[
            (&[0.1, 0.05, 0.04], [200, 0, 0]),
            (&[0.11, 0.07, 0.06], [0, 0, 200]),
        ]);
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(&png[12..16], b"IHDR");
        assert_eq!(
            u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
            WIDTH as u32
        );
        assert_eq!(
            u32::from_be_bytes([png[20], png[21], png[22], png[23]]),
            HEIGHT as u32
        );
        assert!(
            png.ends_with(&[0xae, 0x42, 0x60, 0x82]),
            "IEND's CRC ends the file"
        );
    }
}
