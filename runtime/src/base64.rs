//! Standard base64 (RFC 4648 §4, alphabet `A-Za-z0-9+/`, `=` padding), the encoding TDLib uses
//! for `bytes` fields. Both parsers call [`decode`], so they accept exactly the same strings.
//!
//! The accepted language is TDLib's own `base64_decode` (tdutils/td/utils/base64.cpp):
//! - the length is a multiple of 4 (padding is required); the empty string decodes to nothing;
//! - at most two `=`, only at the very end;
//! - only alphabet characters otherwise (no whitespace, no URL-safe `-`/`_`);
//! - the unused low bits of the last character before the padding must be zero, i.e. only the
//!   canonical encoding of a byte string is accepted. TDLib rejects non-zero trailing bits with
//!   "Wrong padding in the string", so we do too: `"AB=="` is rejected (`"AA=="` is the canonical
//!   form of `[0]`).

use core::fmt;

/// Why a string is not valid padded standard base64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base64Error {
    /// The length is not a multiple of 4.
    InvalidLength,
    /// A byte outside `A-Za-z0-9+/=`.
    InvalidCharacter,
    /// More than two `=`, or `=` before the end.
    InvalidPadding,
    /// The bits below the last encoded byte are not zero (a non-canonical encoding).
    NonZeroTrailingBits,
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Base64Error::InvalidLength => "length is not a multiple of 4",
            Base64Error::InvalidCharacter => "character outside the standard base64 alphabet",
            Base64Error::InvalidPadding => "'=' padding is misplaced or longer than 2",
            Base64Error::NonZeroTrailingBits => "non-zero bits after the last encoded byte",
        })
    }
}

impl std::error::Error for Base64Error {}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Not a base64 digit (`=` included: padding is handled separately).
const INVALID: u8 = 0xFF;

#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation: a bad index fails the build"
)]
const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// Decodes padded standard base64 (see the module doc for the exact rules).
pub fn decode(input: &[u8]) -> Result<Vec<u8>, Base64Error> {
    let mut out = Vec::with_capacity(input.len() / 4 * 3);
    decode_with(input, |bytes| out.extend_from_slice(bytes))?;
    Ok(out)
}

/// [`decode`], handing the decoded bytes to `out` a group (one to three bytes) at a time, so
/// that they can go into any buffer (the arena mode's).
#[inline]
pub fn decode_with(input: &[u8], mut out: impl FnMut(&[u8])) -> Result<(), Base64Error> {
    if input.len() % 4 != 0 {
        return Err(Base64Error::InvalidLength);
    }
    let padding = input.iter().rev().take_while(|&&b| b == b'=').count();
    if padding > 2 {
        return Err(Base64Error::InvalidPadding);
    }
    let data = input.get(..input.len() - padding).unwrap_or_default();
    let mut quads = data.chunks_exact(4);
    for quad in &mut quads {
        let v = sextets(quad)?;
        out(&[(v >> 16) as u8, (v >> 8) as u8, v as u8]);
    }
    let tail = quads.remainder();
    // `data.len() + padding` is a multiple of 4 and `padding <= 2`, so the tail has 0, 2 or 3
    // characters.
    match tail.len() {
        0 => {}
        2 => {
            let v = sextets(tail)?;
            if v & 0xFFFF != 0 {
                return Err(Base64Error::NonZeroTrailingBits);
            }
            out(&[(v >> 16) as u8]);
        }
        3 => {
            let v = sextets(tail)?;
            if v & 0xFF != 0 {
                return Err(Base64Error::NonZeroTrailingBits);
            }
            out(&[(v >> 16) as u8, (v >> 8) as u8]);
        }
        _ => unreachable!("length and padding checks leave 0, 2 or 3 tail characters"),
    }
    Ok(())
}

/// Packs up to four base64 characters into the high bits of a 24-bit group.
#[inline]
fn sextets(chars: &[u8]) -> Result<u32, Base64Error> {
    let mut v = 0u32;
    for (i, &c) in chars.iter().enumerate() {
        let d = DECODE.get(usize::from(c)).copied().unwrap_or(INVALID);
        if d == INVALID {
            return Err(if c == b'=' {
                Base64Error::InvalidPadding
            } else {
                Base64Error::InvalidCharacter
            });
        }
        v |= u32::from(d) << (18 - 6 * i);
    }
    Ok(v)
}

/// Encodes `input` as padded standard base64 (TDLib's output format for `bytes`).
pub fn encode(input: &[u8]) -> String {
    let mut out = String::with_capacity(input.len().div_ceil(3) * 4);
    for group in input.chunks(3) {
        let b = [
            group.first().copied().unwrap_or(0),
            group.get(1).copied().unwrap_or(0),
            group.get(2).copied().unwrap_or(0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        let digit = |shift: u32| {
            char::from(
                ALPHABET
                    .get(((v >> shift) & 63) as usize)
                    .copied()
                    .unwrap_or(b'='),
            )
        };
        out.push(digit(18));
        out.push(digit(12));
        out.push(if group.len() > 1 { digit(6) } else { '=' });
        out.push(if group.len() > 2 { digit(0) } else { '=' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_all_lengths() {
        let data: Vec<u8> = (0..=255u8).collect();
        for len in 0..data.len() {
            let enc = encode(&data[..len]);
            assert_eq!(enc.len() % 4, 0);
            assert_eq!(decode(enc.as_bytes()).unwrap(), &data[..len], "len {len}");
        }
    }

    #[test]
    fn known_vectors() {
        let cases: &[(&str, &[u8])] = &[
            ("", b""),
            ("Zg==", b"f"),
            ("Zm8=", b"fo"),
            ("Zm9v", b"foo"),
            ("Zm9vYg==", b"foob"),
            ("Zm9vYmE=", b"fooba"),
            ("Zm9vYmFy", b"foobar"),
            ("AAEC/w==", &[0, 1, 2, 255]),
            ("+/+/", &[0xfb, 0xff, 0xbf]),
        ];
        for &(enc, dec) in cases {
            assert_eq!(encode(dec), enc);
            assert_eq!(decode(enc.as_bytes()).unwrap(), dec, "{enc}");
        }
    }

    #[test]
    fn rejects() {
        use Base64Error::*;
        let cases: &[(&str, Base64Error)] = &[
            ("Zg", InvalidLength),
            ("Zg=", InvalidLength),
            ("Zm9vY", InvalidLength),
            ("Z===", InvalidPadding),
            ("====", InvalidPadding),
            ("=Zg=", InvalidPadding),
            ("Zg==Zg==", InvalidPadding),
            ("Z=g=", InvalidPadding),
            ("Zm9-", InvalidCharacter),
            ("Zm9_", InvalidCharacter),
            ("Zm 9", InvalidCharacter),
            ("Zm9\n", InvalidCharacter),
            ("Zh==", NonZeroTrailingBits),
            ("Zm9=", NonZeroTrailingBits),
            ("AB==", NonZeroTrailingBits),
        ];
        for &(enc, err) in cases {
            assert_eq!(decode(enc.as_bytes()), Err(err), "{enc:?}");
        }
        assert_eq!(decode(b"Zm\xff="), Err(InvalidCharacter));
    }

    #[test]
    fn error_display() {
        assert_eq!(
            Base64Error::InvalidLength.to_string(),
            "length is not a multiple of 4"
        );
    }
}
