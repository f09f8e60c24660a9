//! [`NulTerminated`]: an owned buffer with the terminating NUL the cursor needs, for JSON that
//! does not come from TDLib's C API (tests, files, network).

use super::cursor::Cursor;

/// Owned bytes followed by one NUL, ready for a [`Cursor`].
///
/// `From<&str>`, `From<String>`, `From<&[u8]>` and `From<Vec<u8>>` append the NUL (reusing the
/// vector when it has spare capacity). An interior NUL in the input ends the document there, so
/// parsing then fails as truncated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NulTerminated {
    /// The document followed by the appended NUL (never empty; the last byte is NUL).
    bytes: Vec<u8>,
}

impl NulTerminated {
    /// A cursor at the start of the document.
    pub fn cursor(&self) -> Cursor<'_> {
        Cursor::from_slice_with_nul(&self.bytes)
    }

    /// The document without the appended NUL.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes
            .split_last()
            .map_or(&[][..], |(_, document)| document)
    }

    /// The document including the appended NUL.
    pub fn as_bytes_with_nul(&self) -> &[u8] {
        &self.bytes
    }
}

impl From<Vec<u8>> for NulTerminated {
    fn from(mut bytes: Vec<u8>) -> Self {
        bytes.push(0);
        NulTerminated { bytes }
    }
}

impl From<&[u8]> for NulTerminated {
    fn from(bytes: &[u8]) -> Self {
        let mut v = Vec::with_capacity(bytes.len() + 1);
        v.extend_from_slice(bytes);
        NulTerminated::from(v)
    }
}

impl From<String> for NulTerminated {
    fn from(s: String) -> Self {
        NulTerminated::from(s.into_bytes())
    }
}

impl From<&str> for NulTerminated {
    fn from(s: &str) -> Self {
        NulTerminated::from(s.as_bytes())
    }
}
