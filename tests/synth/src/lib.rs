//! Synthetic TDLib output: JSON payloads generated from a TL schema, faithful to TDLib's
//! `to_json` (`../shared/TDLIB_JSON.md` §1), for parser tests and benchmarks.
//!
//! One generic generator walks the [`Model`]'s shapes; there is no per-type code. What makes the
//! output TDLib's:
//! - only constructors TDLib can send: those reachable from some function's result type through
//!   fields and class variants ([`Synth::is_reachable`]; `all` roots include the others);
//! - `@type` first, every field in declaration order, every scalar and vector written, object
//!   fields documented "may be null" sometimes omitted (never written as `null`), the others
//!   always present; `null` elements only in vectors whose elements "may be null";
//! - the exact scalar encodings and ASCII escaping of [`json`].
//!
//! What makes it realistic: values chosen by field name (dates look like dates, ids like ids,
//! `text` like message text in several scripts with emoji), vectors mostly of 0–5 elements and
//! sometimes up to 50, nesting to natural depth. Recursion is bounded: after
//! [`Options::max_recursion`] nested constructors that lie on a containment cycle (`RichText`,
//! `PageBlock`, `JsonValue`, ...), or when the per-value object budget is spent, the generator
//! switches to minimal values (nullable objects omitted, vectors empty, the class variant of
//! least depth).
//!
//! Everything is deterministic for a seed ([`rng::Rng`], SplitMix64).
//!
//! Submodules: [`json`] (values and TDLib's writer), [`scan`] (an order-keeping JSON reader),
//! [`check`] (conformance of any payload to TDLib's conventions), [`named`] (the benchmark
//! payloads and the escape corpus), [`rng`], [`text`].

pub mod check;
pub mod json;
pub mod named;
pub mod rng;
pub mod scan;
pub mod text;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use tl_parser::Schema;

pub use json::Value;
use rng::Rng;
use text::{Length, Script};
use tlgen_model::model::{ClassId, Model, ModelError, Scalar, Shape, StructId};

/// Height of a type that cannot be built without a null object (never in practice).
const INFINITE: u32 = u32::MAX;

/// A generation root: one constructor, or any constructor of a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Root {
    Constructor(StructId),
    Class(ClassId),
}

/// A request the generator cannot satisfy (unknown name, unreachable root, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynthError(pub String);

impl fmt::Display for SynthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SynthError {}

/// Knobs of the generator. The defaults produce the committed corpus.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// How many constructors on a containment cycle may nest before values turn minimal.
    pub max_recursion: u32,
    /// Nesting (objects) beyond which values turn minimal.
    pub max_depth: u32,
    /// Percent of "may be null" object fields left out.
    pub null_percent: u64,
    /// Percent of "may be null" vector elements written as `null`.
    pub null_element_percent: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_recursion: 8,
            max_depth: 24,
            null_percent: 75,
            null_element_percent: 10,
        }
    }
}

/// Coverage of a set of payload lines relative to the output-reachable constructors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Lines read.
    pub lines: usize,
    /// Output-reachable constructors of the schema.
    pub reachable: usize,
    /// Reachable constructors that are the top-level `@type` of at least one line.
    pub top_level: usize,
    /// Reachable constructors met at any depth.
    pub anywhere: usize,
    /// Reachable constructors never at the top level, in schema order.
    pub missing_top_level: Vec<String>,
    /// Top-level `@type`s that are not reachable constructors of the schema.
    pub foreign: Vec<String>,
}

impl fmt::Display for Coverage {
    /// `N of M output-reachable constructors covered (top level), K anywhere, L lines`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} output-reachable constructors covered at top level, {} at any depth ({} lines)",
            self.top_level, self.reachable, self.anywhere, self.lines
        )
    }
}

/// Facts about the model computed once.
#[derive(Debug, Clone)]
struct Analysis {
    reachable: Vec<bool>,
    class_reachable: Vec<bool>,
    /// Least nesting of a value whose nullable objects are all omitted and vectors empty.
    height: Vec<u32>,
    /// Whether the constructor lies on a containment cycle (through any field).
    cyclic: Vec<bool>,
    /// The constructor used for `AnyObject` fields.
    leaf: StructId,
    by_name: HashMap<String, Root>,
}

/// The synthetic payload generator. See the module documentation.
#[derive(Debug, Clone)]
pub struct Synth<'m> {
    model: Cow<'m, Model>,
    analysis: Analysis,
    rng: Rng,
    restrictions: HashMap<ClassId, Vec<StructId>>,
    options: Options,
}

impl<'m> Synth<'m> {
    /// A generator over `model`, seeded with `seed`.
    pub fn new(model: &'m Model, seed: u64) -> Synth<'m> {
        Synth::with_model(Cow::Borrowed(model), seed)
    }

    /// Builds the model of `schema` and a generator over it.
    pub fn from_schema(schema: &Schema, seed: u64) -> Result<Synth<'static>, Vec<ModelError>> {
        Ok(Synth::with_model(Cow::Owned(Model::build(schema)?), seed))
    }

    fn with_model(model: Cow<'m, Model>, seed: u64) -> Synth<'m> {
        let analysis = analyse(&model);
        Synth {
            model,
            analysis,
            rng: Rng::new(seed),
            restrictions: HashMap::new(),
            options: Options::default(),
        }
    }

    /// The model generated from.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Restarts the random sequence at `seed` (restrictions and options stay).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The generator's options.
    pub fn options_mut(&mut self) -> &mut Options {
        &mut self.options
    }

    /// The random source (for compositions built around generated values).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Whether TDLib can send constructor `id`: it is reachable from a function's result type.
    pub fn is_reachable(&self, id: StructId) -> bool {
        self.analysis.reachable[id]
    }

    /// Whether some constructor of class `id` is output-reachable.
    pub fn is_class_reachable(&self, id: ClassId) -> bool {
        self.analysis.class_reachable[id]
    }

    /// Every output-reachable constructor, in schema order.
    pub fn reachable(&self) -> Vec<StructId> {
        (0..self.model.structs.len())
            .filter(|&id| self.analysis.reachable[id])
            .collect()
    }

    /// A constructor name (`updateNewMessage`) or class name (`Update`).
    pub fn resolve(&self, name: &str) -> Option<Root> {
        self.analysis.by_name.get(name).copied()
    }

    /// The constructors a root stands for, in schema order; unless `all`, only reachable ones.
    pub fn constructors_of(&self, root: Root, all: bool) -> Vec<StructId> {
        let ids: Vec<StructId> = match root {
            Root::Constructor(id) => vec![id],
            Root::Class(class) => self.model.classes[class]
                .variants
                .iter()
                .map(|v| v.id)
                .collect(),
        };
        ids.into_iter()
            .filter(|&id| all || self.analysis.reachable[id])
            .collect()
    }

    /// From now on, values of class `class` (inside any value) are one of `constructors`
    /// (repeat a name to weight it). Replaces an earlier restriction of that class.
    pub fn restrict(&mut self, class: &str, constructors: &[&str]) -> Result<(), SynthError> {
        let Some(Root::Class(cid)) = self.resolve(class) else {
            return Err(SynthError(format!(
                "`{class}` is not a class of the schema"
            )));
        };
        let mut ids = Vec::new();
        for name in constructors {
            let id = self.model.classes[cid]
                .variants
                .iter()
                .map(|v| v.id)
                .find(|&id| self.model.structs[id].tl_name == *name)
                .ok_or_else(|| SynthError(format!("`{name}` is not a constructor of `{class}`")))?;
            ids.push(id);
        }
        if ids.is_empty() {
            return Err(SynthError(format!("no constructors given for `{class}`")));
        }
        self.restrictions.insert(cid, ids);
        Ok(())
    }

    /// Drops every restriction.
    pub fn clear_restrictions(&mut self) {
        self.restrictions.clear();
    }

    /// One value of constructor `id`.
    pub fn value(&mut self, id: StructId) -> Value {
        let budget = match self.rng.below(100) {
            0..30 => self.rng.range(8, 30),
            30..85 => self.rng.range(30, 100),
            _ => self.rng.range(100, 300),
        };
        let mut walk = Walk {
            budget,
            depth: 0,
            recursion: 0,
        };
        let mut generator = Generator {
            model: &self.model,
            analysis: &self.analysis,
            rng: &mut self.rng,
            restrictions: &self.restrictions,
            options: &self.options,
        };
        generator.structure(id, &mut walk, false)
    }

    /// One value of a root: the constructor, or a uniformly chosen constructor of the class
    /// (reachable ones unless `all`).
    pub fn value_of(&mut self, root: Root, all: bool) -> Result<Value, SynthError> {
        let pool = self.constructors_of(root, all);
        if pool.is_empty() {
            return Err(SynthError(format!(
                "`{}` has no output-reachable constructor (pass --all to include the others)",
                self.root_name(root)
            )));
        }
        let id = self.rng.pick(&pool);
        Ok(self.value(id))
    }

    /// The JSON text of one value of constructor `id`.
    pub fn generate(&mut self, id: StructId) -> String {
        self.value(id).to_json()
    }

    /// The JSON text of one value of a constructor or class given by name (reachable
    /// constructors only).
    pub fn generate_named(&mut self, name: &str) -> Result<String, SynthError> {
        let root = self
            .resolve(name)
            .ok_or_else(|| SynthError(format!("`{name}` is not a constructor or class")))?;
        Ok(self.value_of(root, false)?.to_json())
    }

    /// The name of a root.
    pub fn root_name(&self, root: Root) -> &str {
        match root {
            Root::Constructor(id) => &self.model.structs[id].tl_name,
            Root::Class(id) => &self.model.classes[id].tl_name,
        }
    }

    /// Payload lines (without newlines): with `cover`, first one line per constructor of the
    /// root in schema order; then `count` lines of uniformly chosen constructors. `root`
    /// `None` means every constructor; unless `all`, only output-reachable ones.
    pub fn lines(
        &mut self,
        root: Option<&str>,
        all: bool,
        cover: bool,
        count: usize,
    ) -> Result<Vec<String>, SynthError> {
        let pool: Vec<StructId> = match root {
            None => (0..self.model.structs.len())
                .filter(|&id| all || self.analysis.reachable[id])
                .collect(),
            Some(name) => {
                let root = self.resolve(name).ok_or_else(|| {
                    SynthError(format!(
                        "`{name}` is not a constructor or class of the schema"
                    ))
                })?;
                self.constructors_of(root, all)
            }
        };
        if pool.is_empty() {
            return Err(SynthError(format!(
                "`{}` has no output-reachable constructor (pass --all to include the others)",
                root.unwrap_or("<schema>")
            )));
        }
        let mut lines = Vec::new();
        if cover {
            for &id in &pool {
                lines.push(self.generate(id));
            }
        }
        for _ in 0..count {
            let id = self.rng.pick(&pool);
            lines.push(self.generate(id));
        }
        Ok(lines)
    }

    /// How well `lines` (one payload per line) cover the output-reachable constructors.
    pub fn coverage(&self, lines: &str) -> Result<Coverage, SynthError> {
        let mut top = vec![false; self.model.structs.len()];
        let mut anywhere = vec![false; self.model.structs.len()];
        let mut coverage = Coverage::default();
        for (index, line) in lines.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            coverage.lines += 1;
            let node = scan::parse(line)
                .map_err(|e| SynthError(format!("line {}: not JSON: {e}", index + 1)))?;
            let name = node.type_name().unwrap_or_default();
            match self.resolve(name) {
                Some(Root::Constructor(id)) if self.analysis.reachable[id] => top[id] = true,
                _ => coverage.foreign.push(name.to_string()),
            }
            node.walk(&mut |n| {
                if let Some(Root::Constructor(id)) = n.type_name().and_then(|t| self.resolve(t)) {
                    anywhere[id] = true;
                }
            });
        }
        for id in self.reachable() {
            coverage.reachable += 1;
            if top[id] {
                coverage.top_level += 1;
            } else {
                coverage
                    .missing_top_level
                    .push(self.model.structs[id].tl_name.clone());
            }
            if anywhere[id] {
                coverage.anywhere += 1;
            }
        }
        Ok(coverage)
    }
}

/// Per-value state of a walk.
struct Walk {
    /// Objects left before values turn minimal.
    budget: i64,
    depth: u32,
    recursion: u32,
}

/// The generator proper, over disjoint borrows of [`Synth`].
struct Generator<'a> {
    model: &'a Model,
    analysis: &'a Analysis,
    rng: &'a mut Rng,
    restrictions: &'a HashMap<ClassId, Vec<StructId>>,
    options: &'a Options,
}

impl Generator<'_> {
    fn minimal(&self, walk: &Walk) -> bool {
        walk.budget <= 0
            || walk.depth >= self.options.max_depth
            || walk.recursion >= self.options.max_recursion
    }

    fn structure(&mut self, id: StructId, walk: &mut Walk, minimal: bool) -> Value {
        let model = self.model;
        let s = &model.structs[id];
        walk.budget -= 1;
        let saved = (walk.depth, walk.recursion);
        walk.depth += 1;
        walk.recursion += u32::from(self.analysis.cyclic[id]);
        let minimal = minimal || self.minimal(walk);
        let mut fields = Vec::with_capacity(s.fields.len());
        for field in &s.fields {
            if let Some(value) = self.shape(&field.shape, &field.tl_name, walk, minimal, false) {
                fields.push((field.tl_name.clone(), value));
            }
        }
        (walk.depth, walk.recursion) = saved;
        Value::Object {
            type_name: s.tl_name.clone(),
            fields,
        }
    }

    /// A value of `shape` for field `name`; `None` leaves the field out.
    fn shape(
        &mut self,
        shape: &Shape,
        name: &str,
        walk: &mut Walk,
        minimal: bool,
        element: bool,
    ) -> Option<Value> {
        match shape {
            Shape::Scalar(scalar) => Some(self.scalar(*scalar, name)),
            Shape::Struct { id, .. } => {
                if minimal && self.analysis.height[*id] == INFINITE {
                    return None;
                }
                Some(self.structure(*id, walk, minimal))
            }
            Shape::Class { id, .. } => {
                let minimal = minimal || self.minimal(walk);
                let variant = self.variant(*id, minimal)?;
                Some(self.structure(variant, walk, minimal))
            }
            Shape::Optional(inner) => {
                let percent = if element {
                    self.options.null_element_percent
                } else {
                    self.options.null_percent
                };
                if minimal || self.minimal(walk) || self.rng.percent(percent) {
                    None
                } else {
                    self.shape(inner, name, walk, minimal, element)
                }
            }
            Shape::Vector(inner) => {
                let len = if minimal {
                    0
                } else {
                    self.vector_len(inner, walk)
                };
                let items = (0..len)
                    .map(|_| {
                        self.shape(inner, name, walk, minimal, true)
                            .unwrap_or(Value::Null)
                    })
                    .collect();
                Some(Value::Array(items))
            }
            Shape::AnyObject => Some(self.structure(self.analysis.leaf, walk, minimal)),
        }
    }

    /// A constructor of `class`: uniform among the allowed ones, or among those of least
    /// height when minimal. `None` if none can be built.
    fn variant(&mut self, class: ClassId, minimal: bool) -> Option<StructId> {
        let all: Vec<StructId>;
        let candidates: &[StructId] = match self.restrictions.get(&class) {
            Some(ids) => ids,
            None => {
                all = self.model.classes[class]
                    .variants
                    .iter()
                    .map(|v| v.id)
                    .collect();
                &all
            }
        };
        if minimal {
            let least = candidates
                .iter()
                .map(|&id| self.analysis.height[id])
                .min()?;
            if least == INFINITE {
                return None;
            }
            let lowest: Vec<StructId> = candidates
                .iter()
                .copied()
                .filter(|&id| self.analysis.height[id] == least)
                .collect();
            Some(self.rng.pick(&lowest))
        } else if candidates.is_empty() {
            None
        } else {
            Some(self.rng.pick(candidates))
        }
    }

    fn vector_len(&mut self, element: &Shape, walk: &Walk) -> usize {
        let objects = !matches!(element, Shape::Scalar(_));
        let empty = if objects { 50 } else { 30 };
        let len = match self.rng.below(100) {
            n if n < empty => 0,
            n if n < 85 => self.rng.size(1, 5),
            85..95 => self.rng.size(6, 12),
            _ => self.rng.size(13, 50),
        };
        if objects && (walk.depth > 2 || walk.budget < 60) {
            len.min(3)
        } else {
            len
        }
    }

    fn scalar(&mut self, scalar: Scalar, name: &str) -> Value {
        match scalar {
            Scalar::Int32 => Value::Int(self.int(name, false)),
            Scalar::Int53 => Value::Int(self.int(name, true)),
            Scalar::Int64 => Value::Int64(self.int64(name)),
            Scalar::Double => Value::Double(self.double(name)),
            Scalar::Bool => Value::Bool(self.rng.percent(30)),
            Scalar::String => Value::String(self.string(name)),
            Scalar::Bytes => Value::Bytes(self.bytes(name)),
        }
    }

    /// Log-uniform in `lo..=hi` (`1 <= lo <= hi`): small values as likely per decade as big.
    fn log_uniform(&mut self, lo: i64, hi: i64) -> i64 {
        let (a, b) = ((lo as f64).ln(), (hi as f64 + 1.0).ln());
        ((a + (b - a) * self.rng.unit()).exp() as i64).clamp(lo, hi)
    }

    /// `int32` (`wide` = false) or `int53` (`wide` = true) by field name.
    fn int(&mut self, name: &str, wide: bool) -> i64 {
        const INT53: i64 = 1 << 53;
        if is_date(name) {
            return if self.rng.percent(10) {
                0
            } else {
                self.rng.range(1_500_000_000, 1_790_000_000)
            };
        }
        if name == "chat_id" || name.ends_with("_chat_id") {
            return match self.rng.below(3) {
                0 => self.rng.range(1, 8_000_000_000),
                1 => -self.rng.range(1, 999_999_999_999),
                _ => -1_000_000_000_000 - self.rng.range(1, 9_999_999_999),
            }
            .clamp(
                if wide { -INT53 } else { i32::MIN.into() },
                if wide { INT53 } else { i32::MAX.into() },
            );
        }
        if name.contains("message_id") || (wide && name == "id" && self.rng.percent(40)) {
            let id = self.rng.range(1, 3_000_000) << 20;
            return if wide { id } else { id >> 20 };
        }
        if name == "id" || name.ends_with("_id") || name.ends_with("_ids") {
            return if wide {
                self.log_uniform(1, 8_000_000_000_000)
            } else {
                self.log_uniform(1, i32::MAX.into())
            };
        }
        if name == "width" || name == "height" || name.ends_with("_width") {
            return self.rng.range(90, 2560);
        }
        if name.contains("size") {
            let hi = if wide { 4_000_000_000 } else { 10_000_000 };
            return if self.rng.percent(10) {
                0
            } else {
                self.log_uniform(1, hi)
            };
        }
        if name.contains("count") || name.contains("total") {
            return match self.rng.below(10) {
                0..3 => 0,
                3..8 => self.rng.range(1, 20),
                _ => self.log_uniform(1, 1_000_000),
            };
        }
        if name.contains("duration")
            || name.contains("period")
            || name.contains("timeout")
            || name.ends_with("_in")
        {
            return self.rng.range(0, 86_400);
        }
        if name.contains("offset")
            || name.contains("length")
            || name.contains("position")
            || name.contains("index")
        {
            return self.rng.range(0, 500);
        }
        if name.contains("color") {
            return self.rng.range(0, 0xff_ffff);
        }
        match self.rng.below(10) {
            0..3 => 0,
            3..7 => self.rng.range(1, 100),
            7..9 => self.rng.range(100, 100_000),
            _ if wide => self.rng.range(-INT53, INT53),
            _ => self.rng.range(i32::MIN.into(), i32::MAX.into()),
        }
    }

    fn int64(&mut self, name: &str) -> i64 {
        if name.contains("album") && self.rng.percent(80) {
            return 0;
        }
        match self.rng.below(10) {
            0..6 => self.rng.range(1, i64::MAX),
            6..8 => self.rng.range(i64::MIN, -1),
            8 => 0,
            _ => self.rng.range(1, 10_000),
        }
    }

    fn double(&mut self, name: &str) -> f64 {
        let unit = self.rng.unit();
        if name.contains("latitude") {
            return unit * 180.0 - 90.0;
        }
        if name.contains("longitude") {
            return unit * 360.0 - 180.0;
        }
        if name.contains("accuracy") {
            return unit * 1500.0;
        }
        if name.contains("scale") || name.contains("ratio") || name.contains("progress") {
            return unit;
        }
        match self.rng.below(100) {
            0..30 => 0.0,
            30..55 => self.rng.range(0, 10_000) as f64,
            55..80 => unit * 2000.0 - 1000.0,
            80..90 => unit * 86_400.0,
            90..95 => unit * 1e-5,
            95..98 => -0.0,
            _ => unit * 1e20,
        }
    }

    fn string(&mut self, name: &str) -> String {
        let rng = &mut *self.rng;
        if name.contains("url") || name.contains("link") || name == "website" {
            if rng.percent(15) {
                return String::new();
            }
            let host = rng.pick(&["t.me", "telegram.org", "example.com", "core.telegram.org"]);
            return format!(
                "https://{host}/{}?start={}",
                text::token(rng, text::ALNUM, 3, 12),
                text::token(rng, text::B64URL, 0, 16)
            );
        }
        if name.contains("mime_type") {
            return rng
                .pick(&[
                    "image/jpeg",
                    "video/mp4",
                    "audio/ogg",
                    "application/pdf",
                    "image/webp",
                    "application/x-tgsticker",
                    "",
                ])
                .to_string();
        }
        if name.ends_with("language_code") || name == "language" {
            return rng
                .pick(&["en", "ru", "ar", "zh-hans", "de", "es", "pt-br", ""])
                .to_string();
        }
        if name.contains("currency") {
            return rng.pick(&["USD", "EUR", "XTR", "RUB", "TON"]).to_string();
        }
        if name.contains("phone_number") {
            return text::token(rng, b"0123456789", 10, 13);
        }
        if name.contains("username") {
            return text::token(rng, text::ALNUM, 5, 15);
        }
        if name.contains("emoji") {
            return if rng.percent(20) {
                String::new()
            } else {
                rng.pick(text::EMOJI).to_string()
            };
        }
        if name == "path" || name.ends_with("_path") || name.ends_with("directory") {
            return format!(
                "/var/lib/tdlib/files/{}/file_{}.jpg",
                rng.pick(&["photos", "videos", "documents", "stickers"]),
                rng.range(0, 999)
            );
        }
        if name.contains("text")
            || name.contains("caption")
            || name.contains("description")
            || name == "bio"
            || name == "message"
            || name.contains("about")
        {
            if rng.percent(5) {
                return String::new();
            }
            let script = Script::random(rng);
            let length = if rng.percent(15) {
                Length::Long
            } else {
                Length::Medium
            };
            return text::text(rng, script, length);
        }
        if name.contains("name") || name.contains("title") || name.contains("label") {
            let script = Script::random(rng);
            return text::text(rng, script, Length::Short);
        }
        if name == "id"
            || name.ends_with("_id")
            || name.contains("hash")
            || name.contains("token")
            || name.contains("code")
            || name.contains("key")
        {
            return text::token(rng, text::B64URL, 2, 48);
        }
        if rng.percent(50) {
            return String::new();
        }
        let script = Script::random(rng);
        let length = if rng.percent(50) {
            Length::Short
        } else {
            Length::Medium
        };
        text::text(rng, script, length)
    }

    fn bytes(&mut self, name: &str) -> Vec<u8> {
        let len = if self.rng.percent(10) {
            0
        } else if name.contains("data") {
            self.rng.size(16, 600)
        } else if name.contains("hash") || name.contains("key") || name.contains("fingerprint") {
            self.rng.size(16, 64)
        } else {
            self.rng.size(1, 32)
        };
        (0..len).map(|_| self.rng.next_u64() as u8).collect()
    }
}

/// Field names holding Unix times.
fn is_date(name: &str) -> bool {
    name == "date"
        || name.ends_with("_date")
        || name.ends_with("_time")
        || name.starts_with("date_")
        || name.contains("until")
        || name.ends_with("_online")
        || name.contains("expires_at")
}

/// Output reachability, heights, cycles and names.
fn analyse(model: &Model) -> Analysis {
    let n = model.structs.len();
    let classes = model.classes.len();

    // Reachability from function results.
    let mut reachable = vec![false; n];
    let mut class_reachable = vec![false; classes];
    let mut work: Vec<StructId> = Vec::new();
    fn mark(
        shape: &Shape,
        model: &Model,
        reachable: &mut [bool],
        class_reachable: &mut [bool],
        work: &mut Vec<StructId>,
    ) {
        match shape {
            Shape::Struct { id, .. } => {
                if !reachable[*id] {
                    reachable[*id] = true;
                    work.push(*id);
                }
            }
            Shape::Class { id, .. } => {
                if !class_reachable[*id] {
                    class_reachable[*id] = true;
                    for v in &model.classes[*id].variants {
                        if !reachable[v.id] {
                            reachable[v.id] = true;
                            work.push(v.id);
                        }
                    }
                }
            }
            Shape::Optional(inner) | Shape::Vector(inner) => {
                mark(inner, model, reachable, class_reachable, work)
            }
            Shape::Scalar(_) | Shape::AnyObject => {}
        }
    }
    for f in &model.functions {
        if let Some(result) = &f.result {
            mark(
                result,
                model,
                &mut reachable,
                &mut class_reachable,
                &mut work,
            );
        }
    }
    while let Some(id) = work.pop() {
        for field in &model.structs[id].fields {
            mark(
                &field.shape,
                model,
                &mut reachable,
                &mut class_reachable,
                &mut work,
            );
        }
    }
    // A struct reachable only as a variant marks its class reachable too.
    for (cid, class) in model.classes.iter().enumerate() {
        if class.variants.iter().any(|v| reachable[v.id]) {
            class_reachable[cid] = true;
        }
    }

    // Heights (fixed point from infinity).
    let mut height = vec![INFINITE; n];
    let mut class_height = vec![INFINITE; classes];
    loop {
        let mut changed = false;
        for id in 0..n {
            let mut h = 1u32;
            for field in &model.structs[id].fields {
                let fh = match &field.shape {
                    Shape::Struct { id, .. } => height[*id],
                    Shape::Class { id, .. } => class_height[*id],
                    Shape::AnyObject => 1,
                    _ => 0,
                };
                h = h.max(fh.saturating_add(1));
            }
            if h < height[id] {
                height[id] = h;
                changed = true;
            }
        }
        for (cid, class) in model.classes.iter().enumerate() {
            let h = class
                .variants
                .iter()
                .map(|v| height[v.id])
                .min()
                .unwrap_or(INFINITE);
            if h < class_height[cid] {
                class_height[cid] = h;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // Cycles: strongly connected components over structs and classes, edges through every
    // object-typed field (vectors and optionals included) and class variants.
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n + classes];
    fn target(shape: &Shape, n: usize) -> Option<usize> {
        match shape {
            Shape::Struct { id, .. } => Some(*id),
            Shape::Class { id, .. } => Some(n + id),
            Shape::Optional(inner) | Shape::Vector(inner) => target(inner, n),
            Shape::Scalar(_) | Shape::AnyObject => None,
        }
    }
    for (id, s) in model.structs.iter().enumerate() {
        edges[id].extend(s.fields.iter().filter_map(|f| target(&f.shape, n)));
    }
    for (cid, class) in model.classes.iter().enumerate() {
        edges[n + cid].extend(class.variants.iter().map(|v| v.id));
    }
    let component = tlgen_model::graph::strongly_connected(&edges);
    let mut size = vec![0usize; n + classes];
    for &c in &component {
        size[c] += 1;
    }
    let cyclic = (0..n)
        .map(|id| size[component[id]] > 1 || edges[id].contains(&id))
        .collect();

    let leaf = (0..n)
        .find(|&id| reachable[id] && model.structs[id].fields.is_empty())
        .or_else(|| (0..n).min_by_key(|&id| height[id]))
        .unwrap_or(0);

    let mut by_name = HashMap::new();
    for (cid, class) in model.classes.iter().enumerate() {
        by_name.insert(class.tl_name.clone(), Root::Class(cid));
    }
    for (id, s) in model.structs.iter().enumerate() {
        by_name.insert(s.tl_name.clone(), Root::Constructor(id));
    }

    Analysis {
        reachable,
        class_reachable,
        height,
        cyclic,
        leaf,
        by_name,
    }
}
