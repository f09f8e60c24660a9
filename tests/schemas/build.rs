//! Generates, in `both` mode, every schema this crate's tests parse payloads of:
//! - `schema/tlgen_test.tl`, tlgen's own test schema (TON's forms: `(vector T)`, dotted
//!   namespaces, `int256 8*[ int32 ]`);
//! - `wide.tl`, written here: constructors of 64, 65, 128 and 300 fields (see [`wide_schema`]);
//! - the shared schemas other than td_api.tl (`../shared/schema/`): telegram_api.tl (its
//!   `channelFull` has 67 fields), mtproto_api.tl, secret_api.tl, e2e_api.tl;
//!
//! and tlgen_test.tl and telegram_api.tl in `arena` mode as well (`OUT_DIR/arena/`),
//! `rows.tl` (written here) in `both` mode under `Boxing::Recursion` (`OUT_DIR/recursion/`), and
//! tlgen_test.tl in arena mode under `Boxing::Recursion` (`OUT_DIR/arena-recursion/`: classes
//! and an `Object` with inline variants, which arena mode reads through a dispatch of arms,
//! beside two classes boxed whole, read as rows).

use std::path::{Path, PathBuf};

/// `rows.tl`, for the owned pointer parser under `Boxing::Recursion`: a class (`Shape`) and an
/// `Object` larger than the runtime's `SLOT_MAX` (256 bytes), an inline constructor larger
/// than it (`shapeLarge`: made in a box, then moved into its variant) beside a small one, and
/// constructors without a constant default (`treeNode` boxes the fields that close its cycle).
const ROWS_SCHEMA: &str = "int32 = Int32;\nint64 = Int64;\nstring ? = String;\n\
    boolFalse = Bool;\nboolTrue = Bool;\nvector {t:Type} # [ t ] = Vector t;\n\
    shapeDot x:int32 = Shape;\n\
    shapeLarge f0:string f1:string f2:string f3:string f4:string f5:string f6:string \
    f7:string f8:string f9:string f10:string f11:string f12:string f13:string f14:string \
    f15:string = Shape;\n\
    treeLeaf value:int32 = Tree;\n\
    treeNode label:string left:Tree right:Tree = Tree;\n\
    holder shape:Shape tree:Tree shapes:vector<Shape> trees:vector<Tree> = Holder;\n\
    plainLarge g0:int64 g1:int64 g2:int64 g3:int64 g4:int64 g5:int64 g6:int64 g7:int64 \
    g8:int64 g9:int64 g10:int64 g11:int64 g12:int64 g13:int64 g14:int64 g15:int64 \
    g16:int64 g17:int64 g18:int64 g19:int64 g20:int64 g21:int64 g22:int64 g23:int64 \
    g24:int64 g25:int64 g26:int64 g27:int64 g28:int64 g29:int64 g30:int64 g31:int64 \
    g32:int64 g33:int64 g34:int64 g35:int64 = PlainLarge;\n\
    ---functions---\ngetHolder = Holder;\n";

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
    // `rows.tl` (written here) in `both` mode under `Boxing::Recursion`, into
    // `OUT_DIR/recursion/`: what the owned classes' shared code does besides its usual path.
    let owned_recursion = out.join("recursion");
    std::fs::create_dir_all(&owned_recursion).expect("OUT_DIR is writable");
    let rows = owned_recursion.join("rows.tl");
    std::fs::write(&rows, ROWS_SCHEMA).expect("OUT_DIR is writable");
    let result = tlgen::Config::new()
        .mode(tlgen::Mode::Both)
        .boxing(tlgen::Boxing::Recursion)
        .out_dir(&owned_recursion)
        .compile(&rows);
    if let Err(e) = result {
        panic!("tlgen failed on rows.tl (recursion):\n{e}");
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
