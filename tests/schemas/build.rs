//! Generates, in `both` mode, every schema this crate's tests parse payloads of:
//! - `schema/tlgen_test.tl`, tlgen's own test schema (TON's forms: `(vector T)`, dotted
//!   namespaces, `int256 8*[ int32 ]`);
//! - `wide.tl`, written here: constructors of 64, 65, 128 and 300 fields (see [`wide_schema`]);
//! - the shared schemas other than td_api.tl (`../shared/schema/`): telegram_api.tl (its
//!   `channelFull` has 67 fields), mtproto_api.tl, secret_api.tl, e2e_api.tl;
//!
//! and tlgen_test.tl and telegram_api.tl in `arena` mode as well (`OUT_DIR/arena/`), and
//! tlgen_test.tl in arena mode under `Boxing::Recursion` (`OUT_DIR/arena-recursion/`: classes
//! and an `Object` with inline variants, which arena mode reads through a dispatch of arms,
//! beside two classes boxed whole, read as rows).

use std::path::{Path, PathBuf};

/// The widths of the constructors in `wide.tl`.
const WIDE: [usize; 4] = [64, 65, 128, 300];

/// Field types of the wide constructors, by field index modulo their count.
const WIDE_FIELD_TYPES: [&str; 5] = ["int32", "string", "int64", "Bool", "vector<int32>"];

fn main() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let wide = out.join("wide.tl");
    std::fs::write(&wide, wide_schema()).expect("OUT_DIR is writable");
    let shared = manifest.join("../../../shared/schema");
    let schemas = [
        manifest.join("../../schema/tlgen_test.tl"),
        wide,
        shared.join("telegram_api.tl"),
        shared.join("mtproto_api.tl"),
        shared.join("secret_api.tl"),
        shared.join("e2e_api.tl"),
    ];
    for schema in &schemas {
        generate(schema);
    }
    // Arena mode too, into `OUT_DIR/arena/`, for the TON forms and telegram_api.tl.
    let arena = out.join("arena");
    std::fs::create_dir_all(&arena).expect("OUT_DIR is writable");
    for schema in [&schemas[0], &schemas[2]] {
        let result = tlgen::Config::new()
            .mode(tlgen::Mode::Arena)
            .out_dir(&arena)
            .compile(schema);
        if let Err(e) = result {
            panic!("tlgen failed on {} (arena):\n{e}", schema.display());
        }
    }
    let recursion = out.join("arena-recursion");
    std::fs::create_dir_all(&recursion).expect("OUT_DIR is writable");
    let result = tlgen::Config::new()
        .mode(tlgen::Mode::Arena)
        .boxing(tlgen::Boxing::Recursion)
        // (two classes boxed whole: read as rows, beside classes of inline variants and an
        // `Object` with inline variants, which are read through arms)
        .boxed(["InputKey.*", "tvm.StackEntry.*"])
        .out_dir(&recursion)
        .compile(&schemas[0]);
    if let Err(e) = result {
        panic!(
            "tlgen failed on {} (arena, recursion):\n{e}",
            schemas[0].display()
        );
    }
}

fn generate(schema: &Path) {
    if let Err(e) = tlgen::Config::new().mode(tlgen::Mode::Both).compile(schema) {
        panic!("tlgen failed on {}:\n{e}", schema.display());
    }
}

/// `wideN f0:int32 f1:string f2:int64 f3:Bool f4:vector<int32> f5:int32 ... = WideN;` for each
/// width, the field types cycling through [`WIDE_FIELD_TYPES`].
fn wide_schema() -> String {
    let mut text = String::from(
        "int32 = Int32;\nint53 = Int53;\nint64 = Int64;\nstring ? = String;\n\
         boolFalse = Bool;\nboolTrue = Bool;\nvector {t:Type} # [ t ] = Vector t;\n",
    );
    for width in WIDE {
        text.push_str(&format!("wide{width}"));
        for i in 0..width {
            let ty = WIDE_FIELD_TYPES[i % WIDE_FIELD_TYPES.len()];
            text.push_str(&format!(" f{i}:{ty}"));
        }
        text.push_str(&format!(" = Wide{width};\n"));
    }
    text.push_str("---functions---\ngetWide64 = Wide64;\n");
    text
}
