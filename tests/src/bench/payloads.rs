//! The bench's payloads: the named single payloads (`corpus/named/<name>.json`), the streams
//! (`corpus/synthetic.jsonl`, `corpus/tdjson-1.8.65.jsonl`), `synthetic_repeated` (each
//! synthetic line several times in a row) and `large_stream` (corpus lines repeated past the
//! last-level cache). Every document gets its own NUL-terminated buffer, prepared before any
//! timing.

use std::path::Path;

/// One JSON document in its own buffer, followed by a NUL (as `td_receive` returns it).
pub struct Doc {
    buf: Vec<u8>,
}

impl Doc {
    /// A copy of `text` with a NUL appended.
    pub fn new(text: &[u8]) -> Doc {
        let mut buf = Vec::with_capacity(text.len() + 1);
        buf.extend_from_slice(text);
        buf.push(0);
        Doc { buf }
    }

    /// The JSON text without the NUL (what the serde backends get).
    pub fn text(&self) -> &[u8] {
        &self.buf[..self.buf.len() - 1]
    }

    /// The JSON text followed by its NUL (what the pointer parser gets).
    pub fn with_nul(&self) -> &[u8] {
        &self.buf
    }
}

/// A named set of documents, parsed one by one.
pub struct Payload {
    pub name: &'static str,
    /// Where the documents came from.
    pub source: String,
    pub docs: Vec<Doc>,
    /// Remarks for the report (fallbacks, excluded documents, ...).
    pub notes: Vec<String>,
    /// `true` when the document is a stand-in because the named file is missing.
    pub fallback: bool,
}

impl Payload {
    /// JSON bytes over all documents (without the NULs).
    pub fn bytes(&self) -> usize {
        self.docs.iter().map(|d| d.text().len()).sum()
    }

    /// Mean JSON bytes per document.
    pub fn bytes_per_doc(&self) -> f64 {
        self.bytes() as f64 / self.docs.len().max(1) as f64
    }
}

/// The single-payload names, in report order.
pub const NAMED: [&str; 5] = [
    "updateUserStatus",
    "updateFile",
    "updateNewMessage",
    "messages50",
    "updateOption_escapes",
];

/// The non-empty lines of a JSON-lines file, or `None` when it cannot be read.
pub fn read_lines(path: &Path) -> Option<Vec<Vec<u8>>> {
    let bytes = std::fs::read(path).ok()?;
    Some(
        bytes
            .split(|&b| b == b'\n')
            .map(trim)
            .filter(|l| !l.is_empty())
            .map(<[u8]>::to_vec)
            .collect(),
    )
}

fn trim(mut s: &[u8]) -> &[u8] {
    while let [rest @ .., last] = s {
        if last.is_ascii_whitespace() {
            s = rest;
        } else {
            break;
        }
    }
    while let [first, rest @ ..] = s {
        if first.is_ascii_whitespace() {
            s = rest;
        } else {
            break;
        }
    }
    s
}

/// `corpus/named/<name>.json`, or (while that file is missing) a stand-in line of
/// `fallback_lines`, marked as such.
pub fn load_named(root: &Path, name: &'static str, fallback_lines: &[Vec<u8>]) -> Payload {
    let path = root.join("corpus/named").join(format!("{name}.json"));
    if let Ok(bytes) = std::fs::read(&path) {
        return Payload {
            name,
            source: format!("corpus/named/{name}.json"),
            docs: vec![Doc::new(trim(&bytes))],
            notes: Vec::new(),
            fallback: false,
        };
    }
    // Development stand-in only: the largest line (with an escape for the escapes payload).
    let wants_escape = name.contains("escape");
    let pick = fallback_lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !wants_escape || l.contains(&b'\\'))
        .max_by_key(|(_, l)| l.len())
        .or_else(|| {
            fallback_lines
                .iter()
                .enumerate()
                .max_by_key(|(_, l)| l.len())
        });
    let (line, text) = pick.map_or((0, &b"{\"@type\":\"ok\"}"[..]), |(i, l)| (i + 1, &l[..]));
    Payload {
        name,
        source: format!("FALLBACK tdjson-1.8.65.jsonl:{line} (corpus/named/{name}.json missing)"),
        docs: vec![Doc::new(text)],
        notes: vec![format!(
            "corpus/named/{name}.json was missing: a stand-in was measured"
        )],
        fallback: true,
    }
}

/// A stream payload from JSON lines.
pub fn stream(name: &'static str, source: &str, lines: &[Vec<u8>]) -> Payload {
    Payload {
        name,
        source: source.to_string(),
        docs: lines.iter().map(|l| Doc::new(l)).collect(),
        notes: Vec::new(),
        fallback: false,
    }
}

/// `large_stream`: `sources` repeated in order until at least `target` bytes, each document in
/// its own buffer.
pub fn large_stream(sources: &[&Doc], target: usize, source: String) -> Payload {
    let mut docs = Vec::new();
    let mut total = 0;
    if sources.is_empty() {
        return stream("large_stream", &source, &[]);
    }
    while total < target {
        for d in sources {
            total += d.text().len();
            docs.push(Doc::new(d.text()));
        }
    }
    Payload {
        name: "large_stream",
        source,
        docs,
        notes: Vec::new(),
        fallback: false,
    }
}

/// `synthetic_repeated`: each document of `stream` `times` times in a row, each copy in its own
/// buffer. The same bytes and the same cold data as the stream, but each constructor's code,
/// tables and branch history are warm after the first copy: the difference from the stream is
/// what the variety of a real stream costs.
pub fn repeated(name: &'static str, stream: &Payload, times: usize) -> Payload {
    Payload {
        name,
        source: format!("{}, each line {times} times in a row", stream.source),
        docs: stream
            .docs
            .iter()
            .flat_map(|d| std::iter::repeat_n(d.text(), times))
            .map(Doc::new)
            .collect(),
        notes: Vec::new(),
        fallback: false,
    }
}

/// How many JSON strings `text` holds (keys included), and how many of them contain an escape.
pub fn count_strings(text: &[u8]) -> (usize, usize) {
    let (mut n, mut in_str, mut esc, mut this_has) = (0, false, false, false);
    let mut all = 0;
    for &b in text {
        if !in_str {
            if b == b'"' {
                in_str = true;
                this_has = false;
            }
        } else if esc {
            esc = false;
        } else if b == b'\\' {
            esc = true;
            this_has = true;
        } else if b == b'"' {
            in_str = false;
            all += 1;
            n += usize::from(this_has);
        }
    }
    (all, n)
}

/// `text` with every escape in strings replaced by plain ASCII letters (`\n` → `n`, `\uXXXX` →
/// `uXXXX`, `\"` → `'`, `\\` → `/`): the same shape of document with escape-free strings.
pub fn deescape(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let (mut in_str, mut esc) = (false, false);
    for &b in text {
        if !in_str {
            in_str = b == b'"';
            out.push(b);
        } else if esc {
            esc = false;
            out.push(match b {
                b'"' => b'\'',
                b'\\' => b'/',
                other => other,
            });
        } else if b == b'\\' {
            esc = true;
        } else {
            in_str = b != b'"';
            out.push(b);
        }
    }
    out
}
