//! Validation crate: td_api.tl generated in `both` mode (the `tlgen-td-api` crate), the
//! `validate` and `capture` binaries, and the suites under `tests/tests/`.

pub mod calls;

pub use tlgen_td_api as td;
pub use tlgen_td_api_arena as td_arena;

use tlgen_runtime::validate::Verdict;

/// Validates one payload with both parsers (`td::validate`, instantiated once here for every
/// test binary and tool of this crate).
pub fn validate(payload: &[u8]) -> Verdict {
    td::validate(payload)
}

/// Validates one payload with the arena-mode parser (`td_arena`, a third parser) against the
/// reader of `td`: both accept or both reject, and the values print the same.
pub fn validate_arena(payload: &[u8]) -> Verdict {
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.to_vec());
    let arena = tlgen_runtime::arena::Bump::new();
    tlgen_runtime::validate::validate_views::<td::Object<'_>, td_arena::Object<'_>>(&buffer, |c| {
        td_arena::parse_received(&arena, c)
    })
}

/// Validates arena mode's `parse_document` (a document that owns its arena: a copy of the
/// text, parsed in this thread's spare arena of an earlier document when there is one) against
/// arena mode's `parse_received` into a new arena: both accept with equal values, the
/// document read after its input is gone and holding that input as its text (`Agree`), or
/// both reject with the same error, offset and kind (`BothRejected`). In the verdict,
/// `reader` is the arena parse and `pointer` the document.
pub fn validate_document(payload: &[u8]) -> Verdict {
    let input = payload.to_vec();
    let document = td_arena::parse_document(&input);
    drop(input);
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.to_vec());
    let arena = tlgen_runtime::arena::Bump::new();
    match (td_arena::parse_received(&arena, buffer.cursor()), document) {
        (Ok(parsed), Ok(document)) if document.get() == &parsed && document.text() == payload => {
            Verdict::Agree
        }
        (Err(parsed), Err(document)) if parsed == document => Verdict::BothRejected {
            reader: parsed.to_string(),
            pointer: document.to_string(),
        },
        (Err(parsed), Ok(_)) => Verdict::ReaderRejected {
            reader: parsed.to_string(),
        },
        (Ok(_), Err(document)) => Verdict::PointerRejected {
            pointer: document.to_string(),
        },
        (parsed, document) => Verdict::Disagree {
            path: "the document against the arena parse".into(),
            reader: format!("{parsed:?}"),
            pointer: format!("{document:?}"),
        },
    }
}

/// Counts of one validation run over JSON-lines payloads.
#[derive(Debug, Default)]
pub struct Report {
    pub payloads: usize,
    pub agree: usize,
    pub both_rejected: usize,
    /// `(source, line number, verdict)` of every disagreement.
    pub disagreements: Vec<(String, usize, Verdict)>,
    /// The pair of parsers compared: [`validate`] (`None`) or another ([`Report::arena`],
    /// [`Report::document`]).
    pair: Option<fn(&[u8]) -> Verdict>,
}

impl Report {
    /// A report of arena mode's parser against the reader ([`validate_arena`]).
    pub fn arena() -> Report {
        Report {
            pair: Some(validate_arena),
            ..Report::default()
        }
    }

    /// A report of arena mode's documents against its parser ([`validate_document`]).
    pub fn document() -> Report {
        Report {
            pair: Some(validate_document),
            ..Report::default()
        }
    }

    /// Validates every line of `bytes` (one payload per line, split at `\n`) that is not
    /// blank. A line goes to both parsers as it is: not checked as UTF-8 (invalid UTF-8 in a
    /// string is the parsers' to reject, with an offset), `\r` and NUL bytes included (the
    /// document ends at its first NUL, for both parsers).
    pub fn add_lines(&mut self, source: &str, bytes: &[u8]) {
        for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            self.add(source, index + 1, line);
        }
    }

    /// Validates one payload.
    pub fn add(&mut self, source: &str, line: usize, payload: &[u8]) {
        self.payloads += 1;
        match self.pair.unwrap_or(validate)(payload) {
            Verdict::Agree => self.agree += 1,
            Verdict::BothRejected { .. } => self.both_rejected += 1,
            other => self.disagreements.push((source.to_string(), line, other)),
        }
    }
}

impl std::fmt::Display for Report {
    /// `N payloads: A agree, R both rejected, D disagree`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{} payloads: {} agree, {} both rejected, {} disagree",
            self.payloads,
            self.agree,
            self.both_rejected,
            self.disagreements.len()
        )
    }
}

/// The repository root (where `corpus/` is).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default()
}

/// Maximum nesting depth of a JSON text (every `{` and `[` counts, as the depth limit does);
/// for building and checking test documents, and for the corpus tools' reports.
pub fn json_depth(text: impl AsRef<[u8]>) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in text.as_ref() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => {
                    depth += 1;
                    max = max.max(depth);
                }
                b'}' | b']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    max
}

/// Vector lengths around the steps where the parsers' vectors grow (4, 8, 16, ...), for
/// [`text_entities_document`] and [`message_senders_document`].
pub const VECTOR_LENGTHS: [usize; 10] = [0, 1, 3, 4, 5, 8, 9, 16, 17, 100];

/// Whether element `i` of [`text_entities_document`] is `null`.
pub fn is_null_entity(i: usize) -> bool {
    i % 7 == 3
}

/// A `textEntities` document of `n` elements, a vector of constructors whose elements own
/// allocations once parsed: element `i` is `null` when [`is_null_entity`], otherwise a
/// `textEntity` at offset `i` whose type is a `textEntityTypeTextUrl` with the escaped url
/// `"\/i"` (`/i`).
pub fn text_entities_document(n: usize) -> String {
    let entities: Vec<String> = (0..n)
        .map(|i| match is_null_entity(i) {
            true => "null".to_string(),
            false => format!(
                r#"{{"@type":"textEntity","offset":{i},"length":1,"type":{{"@type":"textEntityTypeTextUrl","url":"\/{i}"}}}}"#
            ),
        })
        .collect();
    format!(
        r#"{{"@type":"textEntities","entities":[{}]}}"#,
        entities.join(",")
    )
}

/// A `messageSenders` document of `n` senders, a vector of a class: element `i` is
/// `messageSenderUser` with user id `i` when `i` is even, `messageSenderChat` with chat id `i`
/// when it is odd.
pub fn message_senders_document(n: usize) -> String {
    let senders: Vec<String> = (0..n)
        .map(|i| match i % 2 {
            0 => format!(r#"{{"@type":"messageSenderUser","user_id":{i}}}"#),
            _ => format!(r#"{{"@type":"messageSenderChat","chat_id":{i}}}"#),
        })
        .collect();
    format!(
        r#"{{"@type":"messageSenders","total_count":{n},"senders":[{}]}}"#,
        senders.join(",")
    )
}

/// The files of `dir` with `extension`, sorted (none if `dir` cannot be read).
pub fn sorted_files(dir: &std::path::Path, extension: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == extension))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
