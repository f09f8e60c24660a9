//! Numbers: `i32`/`i64` (from JSON numbers or decimal strings), `f64`, and number skipping —
//! with exactly serde_json's (feature `float_roundtrip`) acceptance and values.
//!
//! serde_json hands a number token to a visitor as `u64` (a non-negative integer literal that
//! fits), `i64` (a negative integer literal that fits), or `f64` (anything with `.`/`e`/`E`,
//! any integer literal beyond `u64`/`i64`, and `-0`, which becomes `-0.0`). An integer field
//! accepts the first two when in range and rejects `f64`; an `f64` field converts `u64`/`i64`
//! with `as f64` (correctly rounded) and parses the rest correctly rounded, failing with "number
//! out of range" when the result is infinite. So every `f64` here is the correctly rounded value
//! of the decimal token: short tokens take Clinger's exact fast path, others `str::parse::<f64>`
//! (itself correctly rounded).

use super::cursor::Cursor;
use super::error::{Error, ErrorKind};
use crate::json_value::Number;

/// An integer's sign and magnitude; a magnitude beyond `u64` is saturated to `u64::MAX`, which
/// no target type accepts.
#[derive(Clone, Copy)]
struct Int {
    negative: bool,
    magnitude: u64,
}

impl Int {
    #[inline]
    fn to_i64(self) -> Option<i64> {
        if self.negative {
            // -(2^63) is i64::MIN; `0 - m` in i64 arithmetic via wrapping is exact for m <= 2^63.
            (self.magnitude <= 1 << 63).then(|| (self.magnitude as i64).wrapping_neg())
        } else {
            i64::try_from(self.magnitude).ok()
        }
    }

    #[inline]
    fn to_i32(self) -> Option<i32> {
        if self.negative {
            (self.magnitude <= 1 << 31).then(|| (self.magnitude as i64).wrapping_neg() as i32)
        } else {
            i32::try_from(self.magnitude).ok()
        }
    }
}

/// A lexed JSON number: `mantissa` holds its decimal digits (exact while `digits <= 19`) and the
/// value is `mantissa * 10^exponent`.
struct Decimal {
    negative: bool,
    mantissa: u64,
    digits: usize,
    exponent: i64,
    /// No fraction and no exponent.
    integer: bool,
}

/// Powers of ten that are exact in `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

impl<'a> Cursor<'a> {
    /// Reads an `i32`: a JSON integer number in range, or a string holding a canonical decimal
    /// integer in range (`-?(0|[1-9][0-9]*)`, not `-0`; escapes are decoded first).
    #[inline]
    pub fn read_i32(&mut self) -> Result<i32, Error> {
        // (in range: `read_int_of_width`)
        self.read_int_of_width(false).map(|n| n as i32)
    }

    /// Reads an `i64` (TDLib writes `int64` as a decimal string, `int53` as a number); same
    /// rules as [`read_i32`](Self::read_i32).
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64, Error> {
        self.read_int_of_width(true)
    }

    /// [`read_i64`](Self::read_i64) when `wide`, otherwise [`read_i32`](Self::read_i32)
    /// (its value in `i32`'s range, widened). Both are this with `wide` constant; the field
    /// loop calls it with the row's width, so that one inlined copy of the integer fast path
    /// reads both kinds of field.
    #[inline(always)]
    pub(crate) fn read_int_of_width(&mut self, wide: bool) -> Result<i64, Error> {
        self.skip_ws();
        let at = self.offset();
        let int = self.read_int()?;
        let (value, out_of_range) = if wide {
            (int.to_i64(), ErrorKind::I64OutOfRange)
        } else {
            (int.to_i32().map(i64::from), ErrorKind::I32OutOfRange)
        };
        value.ok_or(Error::new(at, out_of_range))
    }

    /// Reads an `f64` from a JSON number (not from a string), bit-identical to serde_json with
    /// `float_roundtrip`; magnitudes that round to infinity are [`ErrorKind::NumberOutOfRange`].
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64, Error> {
        self.skip_ws();
        if !matches!(self.byte(), b'-' | b'0'..=b'9') {
            return Err(self.error_or_end(ErrorKind::ExpectedNumber));
        }
        let begin = self.offset();
        let d = self.lex_number()?;
        self.to_f64(&d, begin)
    }

    /// Reads any JSON number classified as serde_json classifies it: a non-negative integer
    /// literal that fits `u64` is `U64`, a negative one that fits `i64` is `I64`, anything else
    /// (fraction, exponent, `-0`, beyond 64 bits) is `F64` — with the same values and errors
    /// as [`read_f64`](Self::read_f64).
    pub fn read_number(&mut self) -> Result<Number, Error> {
        self.skip_ws();
        if !matches!(self.byte(), b'-' | b'0'..=b'9') {
            return Err(self.error_or_end(ErrorKind::ExpectedNumber));
        }
        let begin = self.offset();
        let d = self.lex_number()?;
        if d.integer {
            let magnitude = if d.digits <= 19 {
                Some(d.mantissa)
            } else if d.digits == 20 {
                // may or may not fit: let the standard library decide
                let digits = self
                    .consumed()
                    .get(begin + usize::from(d.negative)..)
                    .unwrap_or_default();
                core::str::from_utf8(digits)
                    .ok()
                    .and_then(|t| t.parse::<u64>().ok())
            } else {
                None
            };
            match magnitude {
                Some(m) if !d.negative => return Ok(Number::U64(m)),
                Some(m) if m != 0 && m <= 1 << 63 => {
                    return Ok(Number::I64((m as i64).wrapping_neg()));
                }
                _ => {}
            }
        }
        self.to_f64(&d, begin).map(Number::F64)
    }

    /// The correctly rounded value of a lexed number token that started at offset `begin`.
    #[inline]
    fn to_f64(&self, d: &Decimal, begin: usize) -> Result<f64, Error> {
        if d.digits <= 19 {
            if d.mantissa == 0 {
                return Ok(if d.negative { -0.0 } else { 0.0 });
            }
            // Clinger's fast path: the mantissa and the power of ten are both exact in f64,
            // so a single IEEE multiplication/division rounds the exact quotient/product
            // correctly.
            if d.mantissa <= 1 << 53 && (-22..=22).contains(&d.exponent) {
                let m = d.mantissa as f64;
                #[allow(clippy::indexing_slicing, reason = "|exponent| <= 22 was just checked")]
                let v = if d.exponent < 0 {
                    m / POW10[(-d.exponent) as usize]
                } else {
                    m * POW10[d.exponent as usize]
                };
                return Ok(if d.negative { -v } else { v });
            }
        }
        self.parse_f64_slow(begin)
    }

    /// Correctly rounded conversion of the number token that starts at offset `begin` and ends
    /// at the cursor.
    #[cold]
    #[inline(never)]
    fn parse_f64_slow(&self, begin: usize) -> Result<f64, Error> {
        let token = self.consumed().get(begin..).unwrap_or_default();
        let value = core::str::from_utf8(token)
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .ok_or(Error::new(begin, ErrorKind::InvalidNumber))?;
        if value.is_infinite() {
            return Err(Error::new(begin, ErrorKind::NumberOutOfRange));
        }
        Ok(value)
    }

    /// Skips a number token with the checks serde_json's `deserialize_any` makes (what the
    /// serde reader's skipper uses): the grammar, and that a number it would read as `f64` is
    /// finite (`1e400` is "number out of range").
    #[inline]
    pub(super) fn skip_number(&mut self) -> Result<(), Error> {
        let begin = self.offset();
        let d = self.lex_number()?;
        // The value is below 10^(digits + exponent) (the mantissa has `digits` digits), so up to
        // 10^308 < f64::MAX it cannot overflow; underflow to 0 is not an error.
        if (d.digits as i64).saturating_add(d.exponent) <= 308 {
            return Ok(());
        }
        self.to_f64(&d, begin).map(drop)
    }

    /// Consumes a number that is a single digit (`7`, followed by neither a digit, `.`, `e` nor
    /// `E`) and returns its value; `None`, consuming nothing, for anything else (whitespace
    /// first included), which the general readers then take. For values that are nearly
    /// always one digit, such as `@client_id`: both bytes come from one word, without the
    /// digit loop's setup (docs/BENCHMARKS.md, "Four small cuts in the per-document path").
    /// The general path does not try it first: most of TDLib's integers (ids, dates) are
    /// longer, and each would pay the check.
    #[inline(always)]
    pub(crate) fn eat_lone_digit(&mut self) -> Option<u8> {
        // (a digit is not the NUL, so the byte after it is in the buffer)
        let [digit, next, ..] = self.word()?.to_le_bytes();
        if !digit.is_ascii_digit() || matches!(next, b'0'..=b'9' | b'.' | b'e' | b'E') {
            return None;
        }
        self.bump();
        Some(digit - b'0')
    }

    /// An integer from a number or a string: the common form by
    /// [`int_fast`](Self::int_fast), inlined into the caller; every other form, and the errors,
    /// by [`read_int_slow`](Self::read_int_slow).
    #[inline(always)]
    fn read_int(&mut self) -> Result<Int, Error> {
        match self.int_fast() {
            Some(int) => Ok(int),
            None => self.read_int_slow(),
        }
    }

    /// The common integer: a number token, or a string holding only the digits (TDLib's
    /// `int64`), of 1 to 19 digits (so the value is exact) with an optional `-`. `None`, with
    /// the cursor where it was, for anything else, which
    /// [`read_int_slow`](Self::read_int_slow) then reads or rejects: a leading zero, `-0`, a
    /// fraction or exponent, an escape, 20 digits or more, not an integer at all.
    #[inline(always)]
    fn int_fast(&mut self) -> Option<Int> {
        let begin = self.mark();
        let quoted = self.eat(b'"');
        let negative = self.eat(b'-');
        let lead = self.byte();
        let (magnitude, count) = self.take_digits(0);
        let canonical = (1..=19).contains(&count)
            && (lead != b'0' || count == 1)
            && !(negative && magnitude == 0);
        let well_ended = if quoted {
            self.eat(b'"')
        } else {
            !matches!(self.byte(), b'.' | b'e' | b'E')
        };
        if canonical && well_ended {
            return Some(Int {
                negative,
                magnitude,
            });
        }
        self.rewind(begin);
        None
    }

    /// [`read_int`](Self::read_int) out of line: every form, [`int_fast`](Self::int_fast)'s
    /// included, and the errors.
    #[inline(never)]
    fn read_int_slow(&mut self) -> Result<Int, Error> {
        match self.byte() {
            b'-' | b'0'..=b'9' => self.read_int_number(),
            b'"' => self.read_int_string(),
            _ => Err(self.error_or_end(ErrorKind::ExpectedInteger)),
        }
    }

    /// An integer number token; anything serde_json would call a float is an error.
    #[inline]
    fn read_int_number(&mut self) -> Result<Int, Error> {
        let at = self.offset();
        let negative = self.eat(b'-');
        let magnitude = match self.byte() {
            b'0' => {
                self.bump();
                if self.byte().is_ascii_digit() {
                    return Err(self.error(ErrorKind::InvalidNumber));
                }
                0
            }
            b'1'..=b'9' => self.magnitude(),
            _ => return Err(self.error_or_end(ErrorKind::InvalidNumber)),
        };
        if matches!(self.byte(), b'.' | b'e' | b'E') || (negative && magnitude == 0) {
            // serde_json: a fraction or exponent makes it f64, and so does `-0`.
            return Err(Error::new(at, ErrorKind::FloatForInteger));
        }
        Ok(Int {
            negative,
            magnitude,
        })
    }

    /// Consumes the digits at the cursor (at least one, the first not `0`) as an integer
    /// magnitude, saturated to `u64::MAX` beyond `u64` (which no target type accepts).
    #[inline(always)]
    fn magnitude(&mut self) -> u64 {
        let begin = self.offset();
        let (value, count) = self.take_digits(0);
        match count {
            // below 10^19 < 2^64: `value` is exact
            ..=19 => value,
            // may or may not fit: let the standard library decide
            20 => core::str::from_utf8(self.consumed().get(begin..).unwrap_or_default())
                .ok()
                .and_then(|t| t.parse::<u64>().ok())
                .unwrap_or(u64::MAX),
            _ => u64::MAX,
        }
    }

    /// A string holding a canonical decimal integer (after unescaping).
    #[inline(never)]
    fn read_int_string(&mut self) -> Result<Int, Error> {
        let at = self.offset();
        // (the current byte is `"`: checked by the caller)
        self.bump();
        // Fast path: the string is just the digits, as TDLib writes it.
        let after_quote = self.mark();
        let negative = self.eat(b'-');
        match self.byte() {
            b'1'..=b'9' => {
                let magnitude = self.magnitude();
                if self.eat(b'"') {
                    return Ok(Int {
                        negative,
                        magnitude,
                    });
                }
            }
            b'0' if !negative => {
                self.bump();
                if self.eat(b'"') {
                    return Ok(Int {
                        negative,
                        magnitude: 0,
                    });
                }
            }
            _ => {}
        }
        // Anything else (escapes, `-0`, leading zeros, not a number): read the string.
        self.rewind(after_quote);
        let text = self.parse_str_body()?;
        canonical_int(text.as_bytes()).ok_or(Error::new(at, ErrorKind::InvalidIntegerString))
    }

    /// Lexes a JSON number (RFC 8259 grammar) starting at the cursor.
    #[inline]
    fn lex_number(&mut self) -> Result<Decimal, Error> {
        let negative = self.eat(b'-');
        let mut mantissa = 0u64;
        let mut digits = 0usize;
        match self.byte() {
            b'0' => {
                self.bump();
                if self.byte().is_ascii_digit() {
                    return Err(self.error(ErrorKind::InvalidNumber));
                }
            }
            b'1'..=b'9' => (mantissa, digits) = self.take_digits(0),
            _ => return Err(self.error_or_end(ErrorKind::InvalidNumber)),
        }
        let mut exponent = 0i64;
        let mut integer = true;
        if self.eat(b'.') {
            integer = false;
            if !self.byte().is_ascii_digit() {
                return Err(self.error_or_end(ErrorKind::InvalidNumber));
            }
            let (m, k) = self.take_digits(mantissa);
            mantissa = m;
            digits += k;
            exponent -= k as i64;
        }
        if matches!(self.byte(), b'e' | b'E') {
            integer = false;
            self.bump();
            let negative_exponent = if self.eat(b'-') {
                true
            } else {
                self.eat(b'+');
                false
            };
            if !self.byte().is_ascii_digit() {
                return Err(self.error_or_end(ErrorKind::InvalidNumber));
            }
            let mut e = 0i64;
            while let c @ b'0'..=b'9' = self.byte() {
                self.bump();
                // Saturate: beyond 10^9 the value is 0 or infinite (or the slow path decides).
                if e < 1_000_000_000 {
                    e = e * 10 + i64::from(c - b'0');
                }
            }
            exponent += if negative_exponent { -e } else { e };
        }
        Ok(Decimal {
            negative,
            mantissa,
            digits,
            exponent,
            integer,
        })
    }
}

/// Parses `-?(0|[1-9][0-9]*)`, not `-0`; a magnitude beyond `u64` saturates (out of range).
fn canonical_int(s: &[u8]) -> Option<Int> {
    let (negative, digits) = match s.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let valid = match digits {
        [] => false,
        [b'0'] => !negative,
        [b'0', ..] => false,
        _ => digits.iter().all(u8::is_ascii_digit),
    };
    if !valid {
        return None;
    }
    let magnitude = digits.iter().try_fold(0u64, |m, &c| {
        m.checked_mul(10)?.checked_add(u64::from(c - b'0'))
    });
    Some(Int {
        negative,
        magnitude: magnitude.unwrap_or(u64::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::super::scan::swar_digits;
    use super::*;

    #[test]
    fn canonical_int_rules() {
        let ok = |s: &str| canonical_int(s.as_bytes()).and_then(Int::to_i64);
        assert_eq!(ok("0"), Some(0));
        assert_eq!(ok("-1"), Some(-1));
        assert_eq!(ok("9223372036854775807"), Some(i64::MAX));
        assert_eq!(ok("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(ok("9223372036854775808"), None);
        assert_eq!(ok("-9223372036854775809"), None);
        assert_eq!(ok("99999999999999999999999"), None);
        for bad in [
            "", "-", "-0", "01", "+1", "1.0", "1e3", " 1", "1 ", "0x1", "--1", "00",
        ] {
            assert!(canonical_int(bad.as_bytes()).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn swar_digits_agrees_with_bytewise() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut bytes = state.to_le_bytes();
            // mostly digits, sometimes every kind of other byte
            for (i, b) in bytes.iter_mut().enumerate() {
                if (state >> (i * 3 + 7)) % 5 != 0 {
                    *b = b'0' + *b % 10;
                }
            }
            let k = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[..k]
                .iter()
                .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
            assert_eq!(
                swar_digits(u64::from_le_bytes(bytes)),
                (k, if k == 0 { 0 } else { value }),
                "{bytes:?}"
            );
        }
        for b in 0..=255u8 {
            let mut bytes = *b"12345678";
            for i in 0..8 {
                bytes[i] = b;
                let k = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
                assert_eq!(swar_digits(u64::from_le_bytes(bytes)).0, k, "{bytes:?}");
                bytes = *b"12345678";
            }
        }
        assert_eq!(
            swar_digits(u64::from_le_bytes(*b"99999999")),
            (8, 99_999_999)
        );
    }

    #[test]
    fn int_ranges() {
        let int = |negative, magnitude| Int {
            negative,
            magnitude,
        };
        assert_eq!(int(true, 1 << 31).to_i32(), Some(i32::MIN));
        assert_eq!(int(true, (1 << 31) + 1).to_i32(), None);
        assert_eq!(int(false, (1 << 31) - 1).to_i32(), Some(i32::MAX));
        assert_eq!(int(false, 1 << 31).to_i32(), None);
        assert_eq!(int(true, 1 << 63).to_i64(), Some(i64::MIN));
        assert_eq!(int(true, u64::MAX).to_i64(), None);
        assert_eq!(int(false, u64::MAX).to_i64(), None);
    }
}
