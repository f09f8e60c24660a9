//! Property-style robustness test: many pseudo-random inputs (deterministic xorshift seeds) —
//! random bytes, TL token soup, and mutations of real schema text and of the JSON form — go
//! through `parse`, `check`, rendering, `Display`/`FromStr` and `parse_json` without panicking.
//! Whatever parses must also print back to TL that parses to the same definition.

mod common;

use common::normalise::without_docs_and_spans;
use tl_parser::{Definition, Type};

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % (n.max(1) as u64)).unwrap_or(0)
    }
}

const TOKENS: &[&str] = &[
    "a",
    "Foo",
    "auth.",
    "x",
    "flags",
    "flags.0?",
    "#",
    "#1cb5c415",
    ":",
    "?",
    "<",
    ">",
    "{",
    "}",
    "{X:Type}",
    "!X",
    "%",
    "=",
    ";",
    " ",
    " ",
    " ",
    "\n",
    "\t",
    "//@description d ",
    "//@x ",
    "//-",
    "//",
    "/*",
    "*/",
    "---functions---",
    "--- types ---",
    "vector",
    "Vector<",
    "int",
    ".",
    "0",
    "99999999999",
    "é",
    "\r\n",
    "[ t ]",
    "4*[ int ]",
    "@",
    "\u{0}",
];

/// Runs everything on `text`; panics only through bugs.
fn exercise(text: &str) -> bool {
    let parsed = tl_parser::parse(text);
    let ok = parsed.is_ok();
    match parsed {
        Ok(schema) => {
            for d in tl_parser::check(&schema) {
                d.render("fuzz.tl", text);
            }
            schema.summary();
            for definition in &schema.definitions {
                let printed = definition.to_string();
                let mut back: Definition = printed
                    .parse()
                    .unwrap_or_else(|e| panic!("{text:?}: printed {printed:?} fails: {e}"));
                back.category = definition.category;
                assert_eq!(
                    without_docs_and_spans(&back),
                    without_docs_and_spans(definition),
                    "{text:?} printed as {printed:?}"
                );
            }
            let json = tl_parser::to_json(&schema);
            if let Err(e) = tl_parser::parse_json(&json) {
                panic!("{text:?}: its JSON form does not parse: {}", e[0]);
            }
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            tl_parser::render_all(&errors, "fuzz.tl", text);
        }
    }
    let _ = text.parse::<Definition>();
    let _ = text.parse::<Type>();
    let _ = tl_parser::parse_json(text);
    ok
}

fn random_bytes(rng: &mut XorShift) -> String {
    let len = rng.below(64);
    let bytes: Vec<u8> = (0..len).map(|_| (rng.next() >> 24) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn token_soup(rng: &mut XorShift) -> String {
    (0..rng.below(40))
        .map(|_| TOKENS[rng.below(TOKENS.len())])
        .collect()
}

/// A window of `source` with a few random edits.
fn mutation(rng: &mut XorShift, source: &str) -> String {
    let mut start = rng.below(source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    // Mostly from a line start, so that many mutants stay valid.
    if rng.below(4) != 0 {
        start = source[start..].find('\n').map_or(0, |i| start + i + 1);
    }
    let window: String = source[start..].chars().take(1 + rng.below(400)).collect();
    edits(rng, &window)
}

/// `text` with up to two random edits: deletions, insertions, replacements, duplications.
fn edits(rng: &mut XorShift, text: &str) -> String {
    let mut text: Vec<char> = text.chars().collect();
    for _ in 0..rng.below(3) {
        let at = rng.below(text.len() + 1);
        match rng.below(4) {
            0 if at < text.len() => {
                let end = (at + 1 + rng.below(8)).min(text.len());
                text.drain(at..end);
            }
            1 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                text.splice(at..at, token.chars());
            }
            2 if at < text.len() => text[at] = char::from((rng.next() % 128) as u8),
            _ => {
                let copy: Vec<char> = text.iter().skip(at).take(rng.below(20)).copied().collect();
                text.splice(at..at, copy);
            }
        }
    }
    text.into_iter().collect()
}

#[test]
fn nothing_panics() {
    let sources: Vec<String> = [
        "td_api.tl",
        "mtproto_api.tl",
        "telegram_api.tl",
        "e2e_api.tl",
    ]
    .into_iter()
    .map(common::schema_source)
    .collect();
    let e2e = common::parse_schema("e2e_api.tl");
    let json = tl_parser::to_json(&e2e);
    let original: std::collections::HashSet<String> = tl_parser::parse_json(&json)
        .expect("parses")
        .definitions
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let started = std::time::Instant::now();
    let mut cases = 0;
    let mut parsed = 0;
    let mut json_parsed = 0;
    for round in 0..8_000 {
        for text in [
            random_bytes(&mut rng),
            token_soup(&mut rng),
            mutation(&mut rng, &sources[round % sources.len()]),
        ] {
            parsed += usize::from(exercise(&text));
            cases += 1;
        }
        if round % 4 != 0 {
            continue;
        }
        cases += 1;
        let mutated_json = edits(&mut rng, &json);
        if let Ok(schema) = tl_parser::parse_json(&mutated_json) {
            json_parsed += 1;
            for definition in &schema.definitions {
                let printed = definition.to_string();
                if original.contains(&printed) {
                    continue; // not mutated: covered by tests/roundtrip.rs
                }
                let mut back: Definition = printed
                    .parse()
                    .unwrap_or_else(|e| panic!("{mutated_json:?}: printed {printed:?} fails: {e}"));
                back.category = definition.category;
                back.explicit_id = true;
                assert_eq!(
                    without_docs_and_spans(&back),
                    without_docs_and_spans(definition),
                    "{printed}"
                );
            }
        }
    }
    assert!(cases >= 20_000);
    eprintln!(
        "{cases} cases ({parsed} TL and {json_parsed} JSON parsed) in {:?}",
        started.elapsed()
    );
    // The mutations keep enough valid text for the parse-print-parse property to bite.
    assert!(parsed > 1_500, "{parsed}");
    assert!(json_parsed > 800, "{json_parsed}");
}

/// Deep nesting and long inputs are errors (or fine), not stack overflows.
#[test]
fn deep_and_long_inputs() {
    let deep = format!(
        "a x:{}int{} = A;",
        "Vector<".repeat(10_000),
        ">".repeat(10_000)
    );
    assert!(tl_parser::parse(&deep).is_err());
    let ok = format!("a x:{}int{} = A;", "Vector<".repeat(20), ">".repeat(20));
    assert!(tl_parser::parse(&ok).is_ok());
    let many = "a x:int = A;\n".repeat(5_000) + &"junk ".repeat(5_000);
    assert!(tl_parser::parse(&many).is_err());
    let comments = "//@a b\n//-c\n".repeat(5_000);
    assert!(tl_parser::parse(&comments).is_ok());
    let nested_json = "[".repeat(10_000);
    assert!(tl_parser::parse_json(&nested_json).is_err());
}
