//! Generates td_api.tl (`../../../shared/schema/`, or `TLGEN_SCHEMA`) twice: `both` mode with
//! the frozen small variants (as tests/td-api; every variant boxed, the generator's default,
//! with `QUICK_BENCH_EVERY_VARIANT_BOXED` set) and arena mode (as tests/td-api-arena).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=TLGEN_SCHEMA");
    println!("cargo:rerun-if-env-changed=QUICK_BENCH_EVERY_VARIANT_BOXED");
    // (set: the `both` module boxes every variant, the generator's default, without the list)
    let every_variant_boxed = std::env::var_os("QUICK_BENCH_EVERY_VARIANT_BOXED").is_some();
    let manifest = env!("CARGO_MANIFEST_DIR");
    let schema = std::env::var("TLGEN_SCHEMA")
        .unwrap_or_else(|_| format!("{manifest}/../../../shared/schema/td_api.tl"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (dir, mode) in [("both", tlgen::Mode::Both), ("arena", tlgen::Mode::Arena)] {
        let dir = out.join(dir);
        std::fs::create_dir_all(&dir).expect("OUT_DIR is writable");
        let mut config = tlgen::Config::new();
        config.mode(mode).out_dir(dir);
        if mode == tlgen::Mode::Both && !every_variant_boxed {
            config.unboxed_file(format!("{manifest}/../../schema/td_api.unboxed"));
        }
        if let Err(e) = config.compile(&schema) {
            panic!("tlgen failed on {schema}:\n{e}");
        }
    }
}
