//! The list behind `tlgen freeze-boxing` ([`small_variants`]): the class and `Object` variants
//! whose struct is small enough to keep inline, by an estimate of the generated types' sizes
//! (64-bit target). It is the rule boxing used before it stopped depending on size: a variant
//! is boxed when its struct is estimated above `max_bytes` (48 then).
//!
//! The estimate is the layout the list itself produces: a class enum is its largest inline
//! variant (a boxed one counts 8, `Unknown` 24) plus 8 for the tag, so one fixed rule decides
//! every variant at once. Fields the model boxes (they close a containment cycle) and `Object`
//! fields count 8. It reads the whole schema: pruning (`Config::roots`) does not change a list.
//!
//! Written once and kept ([`Config::unboxed_file`](crate::Config::unboxed_file)), the list
//! freezes today's small variants: a later schema that makes one larger keeps it inline, a new
//! constructor is boxed, so no variant ever moves into or out of a `Box`.

use std::path::Path;

use crate::error::Error;
use crate::model::{ClassId, Model, Scalar, Shape, StructId};

/// The paths (`Update.updateUserStatus`, `Object.ok`) of every variant of a class enum or of
/// `Object` whose struct is estimated at most `max_bytes` bytes, in schema order.
pub fn small_variants(schema: impl AsRef<Path>, max_bytes: usize) -> Result<Vec<String>, Error> {
    let model = crate::generate::load_model(schema.as_ref())?;
    let mut sizes = Sizes::new(&model, max_bytes);
    let mut out = Vec::new();
    for (id, s) in model.structs.iter().enumerate() {
        let size = sizes.of_struct(id);
        if size > max_bytes {
            continue;
        }
        let owner = match s.class {
            Some((class, _)) => model.classes[class].tl_name.as_str(),
            None => "Object",
        };
        out.push(format!("{owner}.{}", s.tl_name));
    }
    Ok(out)
}

/// Memoised size estimates under "inline when at most `max_bytes`".
struct Sizes<'m> {
    model: &'m Model,
    max_bytes: usize,
    structs: Vec<Option<usize>>,
    classes: Vec<Option<usize>>,
}

impl<'m> Sizes<'m> {
    fn new(model: &'m Model, max_bytes: usize) -> Self {
        Sizes {
            model,
            max_bytes,
            structs: vec![None; model.structs.len()],
            classes: vec![None; model.classes.len()],
        }
    }

    fn of_struct(&mut self, id: StructId) -> usize {
        if let Some(size) = self.structs[id] {
            return size;
        }
        // The model boxes every field that closes a cycle, so this entry is never read before
        // it is set; 0 only keeps a surprise finite.
        self.structs[id] = Some(0);
        let model = self.model;
        let total: usize = model.structs[id]
            .fields
            .iter()
            .map(|f| self.of_shape(&f.shape))
            .sum();
        let size = round8(total);
        self.structs[id] = Some(size);
        size
    }

    fn of_class(&mut self, id: ClassId) -> usize {
        if let Some(size) = self.classes[id] {
            return size;
        }
        self.classes[id] = Some(0);
        let model = self.model;
        let mut largest = 24; // `Unknown`: a `Cow<str>`
        for v in &model.classes[id].variants {
            let size = self.of_struct(v.id);
            largest = largest.max(if size > self.max_bytes { 8 } else { size });
        }
        let size = largest + 8;
        self.classes[id] = Some(size);
        size
    }

    fn of_shape(&mut self, shape: &Shape) -> usize {
        match shape {
            Shape::Scalar(Scalar::Int32) => 4,
            Shape::Scalar(Scalar::Bool) => 1,
            Shape::Scalar(Scalar::Int53 | Scalar::Int64 | Scalar::Double) => 8,
            Shape::Scalar(Scalar::String | Scalar::Bytes) | Shape::Vector(_) => 24,
            Shape::Struct { boxed: true, .. }
            | Shape::Class { boxed: true, .. }
            | Shape::AnyObject => 8,
            Shape::Struct { id, .. } => self.of_struct(*id),
            Shape::Class { id, .. } => self.of_class(*id),
            Shape::Optional(inner) => match **inner {
                Shape::Struct { boxed: true, .. } | Shape::Class { boxed: true, .. } => 8,
                _ => round8(self.of_shape(inner) + 1),
            },
        }
    }
}

fn round8(n: usize) -> usize {
    n.div_ceil(8) * 8
}
