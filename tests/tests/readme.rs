//! README.md's and docs/CLIENT.md's Rust snippets, compiled. Every ```` ```rust ```` block of
//! those files (```` ```rust,ignore ````, generated code shown, is not one) appears in
//! this file (or, for the `include!` line, in tests/td-api/src/lib.rs; for `reader` mode's
//! request, in tests/user-binary's reader binary, which runs it) line for line, compared
//! without indentation, blank lines and lines that are only a comment, inside a function that
//! gives it what it names (`cstr`, `text`, `received`, a module called `td_api` or `td`): a
//! snippet that stops compiling fails this test's build, and one edited in the README without
//! being edited here fails `every_readme_snippet_is_compiled_here`. The parsing snippets also
//! run, on a real TDLib capture; those that start TDLib or write files are only compiled.

use std::error::Error;
use std::ffi::CStr;

use tlgen_tests::repo_root;

/// Where the README's snippets may be found.
const MIRRORS: [(&str, &str); 3] = [
    ("tests/tests/readme.rs", include_str!("readme.rs")),
    (
        "tests/td-api/src/lib.rs",
        include_str!("../td-api/src/lib.rs"),
    ),
    // `reader` mode's snippets, in a crate generated in that mode (and run by its test)
    (
        "tests/user-binary/src/bin/reader.rs",
        include_str!("../user-binary/src/bin/reader.rs"),
    ),
];

/// The README's main types, under the name its snippets use.
mod owned_snippets {
    use super::*;
    use tlgen_tests::td as td_api;

    /// "Parsing": the pointer parser and the reader, then an owned copy.
    #[rustfmt::skip]
    pub fn parsing(cstr: &CStr, text: &str) -> Result<String, Box<dyn Error>> {
        use tlgen_runtime::pointer::Cursor;
        // Pointer parser, straight from td_receive's buffer (a &CStr here):
        let received = td_api::parse_received(Cursor::from_cstr(cstr))?;
        // Reader, through serde_json (the depth limit is tlgen's: 256 levels); in reader mode,
        // `td_api::read_received(text)` does the same with the reader compiled in the generated crate:
        let read: td_api::Received = tlgen_runtime::reader::from_str(text)?;
        assert_eq!(read, received); // the two parsers agree
        match &received.object {
            td_api::Object::Update(td_api::enums::Update::NewMessage(m)) => println!("{}", m.message.id),
            other => println!("{}", other.type_name()),
        }
        let owned = received.object.into_owned(); // Object<'static>, outlives the buffer
        Ok(owned.type_name().to_owned())
    }

    /// "What the generated code looks like": matching and constructing.
    #[rustfmt::skip]
    pub fn matching(received: td_api::Received<'_>) -> td_api::Object<'static> {
        use td_api::{enums, types, Object};

        // Matching: a class is an enum, each constructor a struct.
        match received.object {
            Object::Update(enums::Update::NewMessage(m)) => println!("{}", m.message.id),
            Object::Update(enums::Update::UserStatus(u)) => println!("{}", u.user_id),
            other => println!("{}", other.type_name()),
        }

        // Constructing: every type has a `Default` (a constant), strings are `Cow` (`"x".into()`,
        // `String::into()`), and a constructor converts `.into()` its class and into `Object`.
        let status = types::UpdateUserStatus { user_id: 7, ..Default::default() };
        let update: enums::Update = status.into();
        let object: Object = update.into();
        object
    }
}

/// Arena mode's snippets, with the arena-mode module under the name they use.
mod arena_snippets {
    use super::*;
    use tlgen_runtime::pointer::Cursor;
    use tlgen_tests::td_arena as td_api;

    /// "Arena mode": the receive loop (compiled only: it never ends).
    #[allow(dead_code)]
    #[rustfmt::skip]
    pub fn receive_loop(receive: impl Fn() -> &'static CStr) -> Result<(), Box<dyn Error>> {
        let mut arena = tlgen_runtime::arena::Bump::new();
        loop {
            let cstr = receive(); // td_receive's buffer, a &CStr
            arena.reset(); // frees the previous document's values at once, keeps the memory
            let received = td_api::parse_received(&arena, Cursor::from_cstr(cstr))?;
            if let td_api::Object::Update(td_api::enums::Update::NewMessage(m)) = received.object {
                println!("{}", m.message.id); // `m: &UpdateNewMessage`; fields read as in the other modes
            }
        }
    }

    /// "Arena mode": a document handed to another thread.
    #[rustfmt::skip]
    pub fn document(cstr: &CStr) -> Result<(), Box<dyn Error>> {
        let document: td_api::ArenaDocument = td_api::parse_document(cstr.to_bytes())?;
        std::thread::spawn(move || {
            if let td_api::Object::Update(update) = &document.get().object {
                println!("{}", update.type_name());
            }
        });
        Ok(())
    }
}

/// "Talking to TDLib" (compiled only: these start TDLib; tests/manager.rs and the examples run
/// the same calls).
#[allow(dead_code)]
#[rustfmt::skip]
mod client_snippets {
    use super::*;
    use tlgen_tests::td;

    async fn manager() -> Result<(), Box<dyn Error>> {
        use futures::StreamExt;
        use tlgen_runtime::manager::Manager;

        let manager = Manager::<td::Schema>::start("1.8.65")?;   // loads TDLib, starts the loop
        let alice = manager.create_client();                      // Clone + Send + Sync
        let bob = manager.create_client();
        let mut updates = alice.updates();                        // Stream of owned updates

        let (a, b) = futures::join!(
            alice.send(&td::functions::TestSquareInt { x: 12 }),  // future of types::TestInt
            bob.send(&td::functions::TestCallString { x: "hi".into() }),
        );
        assert_eq!((a?.value, &*b?.value), (144, "hi"));
        let first = updates.next().await;                         // e.g. updateOption
        alice.close().await;                                      // pending requests end with CallError::Closed
        drop(manager);                                            // closes every client, joins the loop
        println!("{first:?}");
        Ok(())
    }

    fn client() -> Result<(), Box<dyn Error>> {
        let mut client = tlgen_runtime::client::Client::<td::Schema>::start("1.8.65")?;
        let s: td::types::TestString<'_> = client.call(
            &td::functions::TestCallString { x: "hi".into() },
            std::time::Duration::from_secs(5),
        )?;
        println!("{}", s.value);
        Ok(())
    }
}

/// docs/CLIENT.md's two programs (compiled only, as above).
#[allow(dead_code)]
#[rustfmt::skip]
mod client_md_snippets {
    use super::*;
    use std::time::Duration;
    use tlgen_runtime::client::Client;
    use tlgen_runtime::manager::Manager;
    use tlgen_tests::td::{self, functions};

    async fn manager() -> Result<(), Box<dyn Error>> {
        use futures::StreamExt;
        let manager = Manager::<td::Schema>::start("1.8.65")?;
        let client = manager.create_client();
        let sq = client.send(&functions::TestSquareInt { x: 12 }).await?; // types::TestInt, owned
        let mut updates = client.updates();
        while let Some(object) = updates.next().await {
            println!("{}", object?.object.type_name());
        }
        client.close().await;
        assert_eq!(sq.value, 144);
        Ok(())
    }

    fn client(timeout: Duration) -> Result<(), Box<dyn Error>> {
        let mut client = Client::<td::Schema>::start("1.8.65")?;
        let sq = client.call(&functions::TestSquareInt { x: 12 }, timeout)?; // types::TestInt, borrows `client`
        println!("{}", sq.value);
        while let Some(object) = client.receive(timeout) {
            println!("{}", object?.object.type_name()); // borrowed from TDLib's buffer
        }
        client.close(timeout)?;
        Ok(())
    }
}

/// "From build.rs" and the `Config` options (compiled only: `compile` writes into `OUT_DIR`).
#[allow(dead_code)]
#[rustfmt::skip]
mod build_snippets {
    // build.rs
    fn main() {
        tlgen::Config::new()
            .mode(tlgen::Mode::Both)
            .compile("../shared/schema/td_api.tl")
            .unwrap_or_else(|e| panic!("{e}"));
    }

    fn pruned() -> Result<(), tlgen::Error> {
        tlgen::Config::new()
            .mode(tlgen::Mode::Pointer)
            .roots(["Update", "getChats", "sendMessage"]) // constructors, classes or functions
            .output_types(false) // true: every type TDLib can send (reachable from function results)
            .functions(["getMe"]) // requests to emit, besides function roots
            .serializers(tlgen::Serializers::Requests) // Serialize only for what requests carry
            .compile("../shared/schema/td_api.tl")?;
        Ok(())
    }

    fn attributes() -> Result<(), tlgen::Error> {
        tlgen::Config::new()
            .type_attribute("userStatusEmpty", "#[derive(Eq, Hash)]") // a constructor, class or function
            .type_attribute(".", "#[must_use]")                       // "." is every type
            .field_attribute("user.first_name", "#[doc(alias = \"name\")]") // <constructor>.<field>, or "."
            .compile("../shared/schema/td_api.tl")?;
        Ok(())
    }

    fn unboxed() -> Result<(), tlgen::Error> {
        tlgen::Config::new().unboxed_file("td_api.unboxed").compile("../shared/schema/td_api.tl")?;
        Ok(())
    }
}

/// The first line of `corpus/{file}` whose `@type` is `type_name`.
fn capture(file: &str, type_name: &str) -> String {
    let corpus = std::fs::read_to_string(repo_root().join("corpus").join(file))
        .unwrap_or_else(|e| panic!("corpus/{file}: {e}"));
    let prefix = format!("{{\"@type\":\"{type_name}\"");
    corpus
        .lines()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {type_name} in corpus/{file}"))
        .to_owned()
}

fn with_nul(text: &str) -> std::ffi::CString {
    std::ffi::CString::new(text).expect("a capture has no NUL")
}

#[test]
fn the_parsing_snippets_run_on_a_capture() {
    for (file, name) in [
        ("synthetic.jsonl", "updateNewMessage"),
        ("synthetic.jsonl", "updateUserStatus"),
        ("tdjson-1.8.65.jsonl", "updateOption"),
    ] {
        let text = capture(file, name);
        let cstr = with_nul(&text);
        let owned = owned_snippets::parsing(&cstr, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(owned, name);

        let received: tlgen_tests::td::Received = tlgen_runtime::reader::from_str(&text).unwrap();
        let built = owned_snippets::matching(received);
        assert_eq!(built.type_name(), "updateUserStatus");

        arena_snippets::document(&cstr).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // a document that is not JSON fails with an error, not a panic
    assert!(owned_snippets::parsing(&with_nul("{\"@type\":"), "{\"@type\":").is_err());
    assert!(arena_snippets::document(&with_nul("[1,")).is_err());
}

/// The ```` ```rust ```` blocks of `markdown`: (line number of the fence, code lines).
fn rust_blocks(markdown: &str) -> Vec<(usize, Vec<&str>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, Vec<&str>)> = None;
    for (index, line) in markdown.lines().enumerate() {
        let trimmed = line.trim();
        match open.as_mut() {
            None if trimmed == "```rust" => open = Some((index + 1, Vec::new())),
            None => {}
            Some(_) if trimmed == "```" => blocks.extend(open.take()),
            Some((_, lines)) => lines.extend(code_line(line)),
        }
    }
    assert!(open.is_none(), "a ```rust block is never closed");
    blocks
}

/// `line` without its indentation, or `None` for a blank line or one that is only a comment.
fn code_line(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    (!trimmed.is_empty() && !trimmed.starts_with("//")).then_some(trimmed)
}

/// `needle` occurs in `haystack` as consecutive lines.
fn contains_lines(haystack: &[&str], needle: &[&str]) -> bool {
    needle.is_empty()
        || haystack
            .windows(needle.len())
            .any(|window| window == needle)
}

/// The ```` ```rust ```` blocks of `file` (relative to the repository) not found line for line
/// in the mirrors, as `file:line: first line`; and how many blocks it has.
fn missing_snippets(file: &str) -> (Vec<String>, usize) {
    let markdown = std::fs::read_to_string(repo_root().join(file)).expect(file);
    let blocks = rust_blocks(&markdown);
    let mirrors: Vec<Vec<&str>> = MIRRORS
        .iter()
        .map(|(_, text)| text.lines().filter_map(code_line).collect())
        .collect();
    let missing = blocks
        .iter()
        .filter(|(_, lines)| !mirrors.iter().any(|mirror| contains_lines(mirror, lines)))
        .map(|(line, lines)| format!("{file}:{line}: {}", lines.first().unwrap_or(&"")))
        .collect();
    (missing, blocks.len())
}

#[test]
fn every_readme_snippet_is_compiled_here() {
    // each file has at least this many snippets today; fewer found means the extraction broke
    for (file, at_least) in [("README.md", 12), ("docs/CLIENT.md", 2)] {
        let (missing, blocks) = missing_snippets(file);
        assert!(
            missing.is_empty(),
            "{file} snippets not found (line for line) in {:?}:\n{}",
            MIRRORS.map(|(name, _)| name),
            missing.join("\n")
        );
        assert!(blocks >= at_least, "{file}: {blocks} ```rust blocks found");
        println!("{file}: {blocks} snippets found in their mirrors");
    }
}

#[test]
fn a_changed_snippet_is_reported() {
    let mirror: Vec<&str> = include_str!("readme.rs")
        .lines()
        .filter_map(code_line)
        .collect();
    let markdown = "text\n```rust\nlet status = types::UpdateUserStatus { user_id: 8, ..Default::default() };\n```\n  ```rust\n  // a comment\n\n  let object: Object = update.into();\n  ```\n";
    let blocks = rust_blocks(markdown);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].0, 2);
    assert!(
        !contains_lines(&mirror, &blocks[0].1),
        "user_id 8 is not in the mirror"
    );
    assert!(contains_lines(&mirror, &blocks[1].1));
}
