//! Byte offsets to [`Span`]s (1-based line, 1-based char column) for one source text.

use crate::model::Span;

/// The line starts of a source, for turning byte offsets into line:column.
pub(crate) struct LineIndex<'s> {
    source: &'s str,
    /// Byte offset of the first byte of every line.
    starts: Vec<usize>,
}

impl<'s> LineIndex<'s> {
    pub(crate) fn new(source: &'s str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(source));
        LineIndex { source, starts }
    }

    /// The span of byte `offset` (clamped to the source; moved back to a char boundary).
    pub(crate) fn span(&self, offset: usize) -> Span {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = self
            .source
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        Span {
            offset,
            line: to_u32(line + 1),
            column: to_u32(column + 1),
        }
    }

    /// The span of `rest`, which must be a suffix of the source.
    pub(crate) fn span_of_rest(&self, rest: &str) -> Span {
        self.span(self.source.len().saturating_sub(rest.len()))
    }
}

fn memchr_newlines(source: &str) -> impl Iterator<Item = usize> + '_ {
    source
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .map(|(i, _)| i + 1)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The text of line `line` (1-based) of `source`, without its line break.
pub(crate) fn line_text(source: &str, line: u32) -> Option<&str> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    source
        .split('\n')
        .nth(index)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// `span` moved `chars` ASCII characters to the right on the same line.
pub fn advance(span: Span, chars: usize) -> Span {
    Span {
        offset: span.offset.saturating_add(chars),
        line: span.line,
        column: span.column.saturating_add(to_u32(chars)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans() {
        let index = LineIndex::new("ab\ncdé\nx");
        assert_eq!(
            index.span(0),
            Span {
                offset: 0,
                line: 1,
                column: 1
            }
        );
        assert_eq!(
            index.span(3),
            Span {
                offset: 3,
                line: 2,
                column: 1
            }
        );
        assert_eq!(
            index.span(7),
            Span {
                offset: 7,
                line: 2,
                column: 4
            }
        );
        assert_eq!(
            index.span(9),
            Span {
                offset: 9,
                line: 3,
                column: 2
            }
        );
        assert_eq!(index.span(100).offset, 9);
        assert_eq!(line_text("a\r\nb", 1), Some("a"));
        assert_eq!(line_text("a\nb", 3), None);
    }
}
