//! The `tlgen` command line: argument parsing only; all logic is in the library.
//!
//! ```text
//! tlgen --mode reader|pointer|both|arena --schema td_api.tl --out td_api.rs   (or --out - for stdout)
//!       [--roots updateNewMessage,getChats] [--output-types] [--functions getChats,getMe]
//!       [--serializers all|requests] [--boxing variants|recursion]
//!       [--boxed Update.updateNewMessage,message.content]
//!       [--unboxed Update.updateUserStatus,...] [--unboxed-file td_api.unboxed]
//!       [--function-macro NAME | --no-function-macro]
//!       [--reader-entry-points | --no-reader-entry-points]
//! tlgen check --schema td_api.tl
//! tlgen freeze-boxing --schema td_api.tl [--max-bytes 48] [--out td_api.unboxed]
//! tlgen schema --to-json --schema td_api.tl [--out td_api.json]
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tlgen",
    version,
    about = "Generate Rust types and JSON parsers from a TL schema"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    generate: GenerateArgs,
}

#[derive(Args)]
struct GenerateArgs {
    /// Which parsers to emit: reader, pointer, both, or arena (the pointer parser into types
    /// that are views into the input and a bump arena: no global allocation per document).
    #[arg(long, default_value = "reader")]
    mode: tlgen::Mode,
    /// The schema (.tl text, or .json in Telegram's JSON form).
    #[arg(long)]
    schema: Option<PathBuf>,
    /// Where to write the Rust file; `-` for standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Emit only what these constructors, classes or functions need (comma-separated TL names).
    #[arg(long, value_delimiter = ',')]
    roots: Vec<String>,
    /// Emit every type TDLib can send (reachable from function results).
    #[arg(long)]
    output_types: bool,
    /// Emit requests only for these functions (comma-separated TL names).
    #[arg(long, value_delimiter = ',')]
    functions: Option<Vec<String>>,
    /// Which types get a `Serialize` impl: all, or only what requests carry.
    #[arg(long, default_value = "all")]
    serializers: tlgen::Serializers,
    /// Which enum variants are boxed: variants (every one) or recursion (only what recursion
    /// needs).
    #[arg(long, default_value = "variants")]
    boxing: tlgen::Boxing,
    /// Box these beyond what --boxing boxes (comma-separated paths: `Update.updateNewMessage`,
    /// `Object.user`, `Update.*`, `message.content`).
    #[arg(long, value_delimiter = ',')]
    boxed: Vec<String>,
    /// Keep these variants inline under --boxing variants (comma-separated paths:
    /// `Update.updateUserStatus`, `Object.ok`, `Update.*`; unknown ones are skipped).
    #[arg(long, value_delimiter = ',')]
    unboxed: Vec<String>,
    /// --unboxed with the paths of a file, one per line (as `tlgen freeze-boxing` writes it).
    #[arg(long)]
    unboxed_file: Vec<PathBuf>,
    /// The name of the exported macro that lists the request structs (default:
    /// `<schema stem>_for_each_function`); another module of the same schema in the same crate
    /// needs another name.
    #[arg(long, conflicts_with = "no_function_macro")]
    function_macro: Option<String>,
    /// Emit no macro that lists the request structs.
    #[arg(long)]
    no_function_macro: bool,
    /// Emit the reader's entry points compiled in the generated crate: `read_received(text)`
    /// and every request's `ReadResponse` (default in reader mode).
    #[arg(long, conflicts_with = "no_reader_entry_points")]
    reader_entry_points: bool,
    /// Emit no reader entry points (reader mode emits them by default).
    #[arg(long)]
    no_reader_entry_points: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and check a schema as generation would; print `constructors N, functions N,
    /// classes N, types N`.
    Check {
        /// The schema (.tl text, or .json in Telegram's JSON form).
        #[arg(long)]
        schema: PathBuf,
    },
    /// Print the class and `Object` variants whose struct is estimated at most --max-bytes
    /// (the list for --unboxed-file / `Config::unboxed_file`: write it once and keep it, so
    /// that no variant moves into or out of a `Box` when the schema changes).
    FreezeBoxing {
        /// The schema (.tl text, or .json in Telegram's JSON form).
        #[arg(long)]
        schema: PathBuf,
        /// The largest struct, in estimated bytes, that stays inline.
        #[arg(long, default_value_t = 48)]
        max_bytes: usize,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Convert a schema between its forms.
    Schema {
        /// The schema (.tl text, or .json in Telegram's JSON form).
        #[arg(long)]
        schema: PathBuf,
        /// Write Telegram's JSON form.
        #[arg(long)]
        to_json: bool,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Check { schema }) => check(&schema),
        Some(Command::Schema {
            schema,
            to_json,
            out,
        }) => convert(&schema, to_json, out),
        Some(Command::FreezeBoxing {
            schema,
            max_bytes,
            out,
        }) => freeze_boxing(&schema, max_bytes, out),
        None => generate(cli.generate),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn generate(args: GenerateArgs) -> Result<(), String> {
    let schema = args
        .schema
        .ok_or("missing --schema FILE (see tlgen --help)")?;
    let out = args
        .out
        .ok_or("missing --out FILE (or --out - for stdout)")?;
    let mut config = tlgen::Config::new();
    config
        .mode(args.mode)
        .serializers(args.serializers)
        .roots(args.roots)
        .output_types(args.output_types)
        .boxing(args.boxing)
        .boxed(args.boxed)
        .unboxed(args.unboxed);
    for file in args.unboxed_file {
        config.unboxed_file(file);
    }
    if let Some(functions) = args.functions {
        config.functions(functions);
    }
    if args.no_function_macro {
        config.function_macro(None);
    } else if let Some(name) = &args.function_macro {
        config.function_macro(Some(name));
    }
    if args.reader_entry_points || args.no_reader_entry_points {
        config.reader_entry_points(args.reader_entry_points);
    }
    let started = std::time::Instant::now();
    let code = config.generate_file(&schema).map_err(|e| e.to_string())?;
    write_output(Some(out.clone()), &code)?;
    eprintln!(
        "{}: {} lines, {} KiB, {:.2} s",
        out.display(),
        code.lines().count(),
        code.len() / 1024,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn freeze_boxing(
    schema: &std::path::Path,
    max_bytes: usize,
    out: Option<PathBuf>,
) -> Result<(), String> {
    let paths = tlgen::small_variants(schema, max_bytes).map_err(|e| e.to_string())?;
    let name = schema.file_name().unwrap_or_default().to_string_lossy();
    let mut text = format!(
        "# Variants kept inline (no Box) by tlgen's --unboxed-file / Config::unboxed_file:\n\
         # those of {name} whose struct was estimated at most {max_bytes} bytes when this file\n\
         # was written (`tlgen freeze-boxing`). Keep it as it is when the schema changes: a\n\
         # listed variant stays inline, a new constructor is boxed, nothing moves.\n"
    );
    for path in &paths {
        text.push_str(path);
        text.push('\n');
    }
    write_output(out, &text)
}

fn check(schema: &std::path::Path) -> Result<(), String> {
    let (parsed, source) = tl_parser::load(schema).map_err(|e| e.to_string())?;
    let display = schema.display().to_string();
    let diagnostics = tl_parser::check(&parsed);
    for d in &diagnostics {
        eprintln!("{}", d.render(&display, &source));
    }
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(format!("{display}: schema has errors"));
    }
    // What TL accepts and Rust cannot (the model's diagnostics), as generation would report it.
    tlgen::Config::new()
        .check_file(schema)
        .map_err(|e| e.to_string())?;
    println!("{}", parsed.summary());
    Ok(())
}

fn convert(schema: &std::path::Path, to_json: bool, out: Option<PathBuf>) -> Result<(), String> {
    if !to_json {
        return Err("nothing to do: pass --to-json".into());
    }
    let (parsed, _) = tl_parser::load(schema).map_err(|e| e.to_string())?;
    write_output(out, &tl_parser::to_json(&parsed))
}

fn write_output(out: Option<PathBuf>, text: &str) -> Result<(), String> {
    match out {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        _ => match std::io::stdout().write_all(text.as_bytes()) {
            // the reader went away (`tlgen ... --out - | head`): what it read is what it wanted
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            result => result.map_err(|e| format!("cannot write to stdout: {e}")),
        },
    }
}
