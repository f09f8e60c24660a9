//! `tlgen-synth`: writes synthetic TDLib JSON payloads (one per line) from a TL schema, for
//! tlgen's corpus, tests and benchmarks (see `corpus/README.md`).
//!
//! ```text
//! tlgen-synth --schema td_api.tl --seed 1 --count 100 [--root Update] [--all] [--cover] [--out F]
//! tlgen-synth --schema td_api.tl --seed 1 --escapes [--out F]   |   --named DIR
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser};

#[derive(Parser)]
#[command(
    name = "tlgen-synth",
    version,
    about = "Generate synthetic TDLib JSON payloads (one per line) from a TL schema"
)]
struct Cli {
    #[command(flatten)]
    args: SynthArgs,
}

#[derive(Args)]
struct SynthArgs {
    /// The schema (.tl text, or .json in Telegram's JSON form).
    #[arg(long)]
    schema: PathBuf,
    /// Seed of the deterministic generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of random payloads.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Only values of this constructor (`updateNewMessage`) or class (`Update`).
    #[arg(long)]
    root: Option<String>,
    /// Include constructors TDLib never sends (not reachable from function results).
    #[arg(long)]
    all: bool,
    /// First write one payload per constructor of the root, in schema order.
    #[arg(long)]
    cover: bool,
    /// Write the escape corpus (string literals TDLib never writes) instead.
    #[arg(long, conflicts_with_all = ["named", "cover", "root"])]
    escapes: bool,
    /// Write the named benchmark payloads into this directory instead.
    #[arg(long, conflicts_with_all = ["escapes", "cover", "root", "out"])]
    named: Option<PathBuf>,
    /// Output file (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    match synth(Cli::parse().args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn synth(args: SynthArgs) -> Result<(), String> {
    let (parsed, _) = tl_parser::load(&args.schema).map_err(|e| e.to_string())?;
    let mut synth = tlgen_synth::Synth::from_schema(&parsed, args.seed).map_err(|errors| {
        let messages: Vec<String> = errors.iter().map(|e| e.message.clone()).collect();
        messages.join("\n")
    })?;
    if let Some(dir) = args.named {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for named in tlgen_synth::named::named_payloads(&mut synth).map_err(|e| e.to_string())? {
            let path = dir.join(named.file);
            write_output(Some(path.clone()), &format!("{}\n", named.json))?;
            eprintln!("{}: {} bytes", path.display(), named.json.len() + 1);
        }
        return Ok(());
    }
    let lines = if args.escapes {
        tlgen_synth::named::escape_lines(&mut synth)
    } else {
        synth.lines(args.root.as_deref(), args.all, args.cover, args.count)
    }
    .map_err(|e| e.to_string())?;
    let mut text = String::new();
    for line in &lines {
        text.push_str(line);
        text.push('\n');
    }
    write_output(args.out, &text)?;
    eprintln!("{} payloads, {} bytes", lines.len(), text.len());
    Ok(())
}

fn write_output(out: Option<PathBuf>, text: &str) -> Result<(), String> {
    match out {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        _ => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write to stdout: {e}")),
    }
}
