//! Reachability pruning: keep only what a program needs, so the generated crate builds faster.
//!
//! A [`Selection`] names roots (constructors, classes or functions by TL name), asks for
//! "everything TDLib can send" (every type reachable from a function result), and lists the
//! functions whose requests to emit. What is kept:
//! - a root constructor, and its class enum as a container (the class's other constructors are
//!   not kept: they parse as `Unknown`, never as an error);
//! - a root class, or a class reached through a field: all its constructors;
//! - a root function: its request struct, its parameters' types and its result type;
//! - transitively, every type a kept struct's fields refer to.

use std::collections::HashMap;

use crate::model::{ClassId, Model, Shape, StructId};

/// What to keep. The default keeps everything.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Constructor, class or function names (TL spelling: `updateNewMessage`, `Update`,
    /// `getChats`).
    pub roots: Vec<String>,
    /// Keep every type reachable from any function's result (what TDLib can send).
    pub output_types: bool,
    /// Functions whose requests to emit (besides function roots). `None` with no roots and no
    /// `output_types` means all functions.
    pub functions: Option<Vec<String>>,
}

impl Selection {
    /// Whether this selection keeps the whole schema.
    pub fn is_everything(&self) -> bool {
        self.roots.is_empty() && !self.output_types && self.functions.is_none()
    }
}

#[derive(Default)]
struct Keep {
    structs: Vec<bool>,
    /// Classes kept as containers.
    classes: Vec<bool>,
    /// Classes whose every constructor is kept.
    whole_classes: Vec<bool>,
    /// Whether a field of type `Object` (any constructor) was reached.
    any_object: bool,
    work: Vec<Node>,
}

#[derive(Clone, Copy)]
enum Node {
    Struct(StructId),
    Class(ClassId),
}

impl Keep {
    fn new(model: &Model) -> Self {
        Keep {
            structs: vec![false; model.structs.len()],
            classes: vec![false; model.classes.len()],
            whole_classes: vec![false; model.classes.len()],
            any_object: false,
            work: Vec::new(),
        }
    }

    fn shape(&mut self, shape: &Shape) {
        match shape {
            Shape::Struct { id, .. } => self.push(Node::Struct(*id)),
            Shape::Class { id, .. } => self.push(Node::Class(*id)),
            Shape::Optional(inner) | Shape::Vector(inner) => self.shape(inner),
            Shape::AnyObject => self.any_object = true,
            Shape::Scalar(_) => {}
        }
    }

    /// Follows fields and class members from what was pushed until nothing new is reached.
    fn close(&mut self, model: &Model) {
        while let Some(node) = self.work.pop() {
            match node {
                Node::Struct(id) => {
                    for field in &model.structs[id].fields {
                        self.shape(&field.shape);
                    }
                    if let Some((class, _)) = &model.structs[id].class {
                        self.classes[*class] = true;
                    }
                }
                Node::Class(id) => {
                    self.classes[id] = true;
                    for v in &model.classes[id].variants {
                        self.push(Node::Struct(v.id));
                    }
                }
            }
        }
    }

    fn push(&mut self, node: Node) {
        let fresh = match node {
            Node::Struct(id) => !std::mem::replace(&mut self.structs[id], true),
            Node::Class(id) => !std::mem::replace(&mut self.whole_classes[id], true),
        };
        if fresh {
            self.work.push(node);
        }
    }
}

/// A [`Selection`] that names something the schema does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PruneError {
    /// A name in [`Selection::functions`] that is not a function of the schema.
    UnknownFunction(String),
    /// A name in [`Selection::roots`] that is not a constructor, class or function.
    UnknownRoot(String),
}

impl std::fmt::Display for PruneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PruneError::UnknownFunction(name) => {
                write!(f, "unknown function `{name}` in the function list")
            }
            PruneError::UnknownRoot(name) => write!(
                f,
                "unknown root `{name}`: not a constructor, class or function of the schema"
            ),
        }
    }
}

impl std::error::Error for PruneError {}

/// Applies `selection` to `model`. Unknown root or function names are errors.
pub fn prune(model: Model, selection: &Selection) -> Result<Model, PruneError> {
    if selection.is_everything() {
        return Ok(model);
    }
    let mut keep = Keep::new(&model);
    let function_index: HashMap<&str, usize> = model
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.tl_name.as_str(), i))
        .collect();
    let mut kept_functions =
        vec![
            selection.functions.is_none() && selection.roots.is_empty() && !selection.output_types;
            model.functions.len()
        ];
    for name in selection.functions.iter().flatten() {
        let &index = function_index
            .get(name.as_str())
            .ok_or_else(|| PruneError::UnknownFunction(name.clone()))?;
        kept_functions[index] = true;
    }
    for root in &selection.roots {
        if let Some(id) = model.structs.iter().position(|s| &s.tl_name == root) {
            keep.push(Node::Struct(id));
        } else if let Some(id) = model.classes.iter().position(|c| &c.tl_name == root) {
            keep.push(Node::Class(id));
        } else if let Some(&index) = function_index.get(root.as_str()) {
            kept_functions[index] = true;
        } else {
            return Err(PruneError::UnknownRoot(root.clone()));
        }
    }
    if selection.output_types {
        for f in &model.functions {
            if let Some(result) = &f.result {
                keep.shape(result);
            }
        }
    }
    for (index, f) in model.functions.iter().enumerate() {
        if kept_functions[index] {
            f.fields.iter().for_each(|field| keep.shape(&field.shape));
            if let Some(result) = &f.result {
                keep.shape(result);
            }
        }
    }
    keep.close(&model);
    Ok(rebuild(model, &keep, &kept_functions))
}

/// What a set of requests can carry: the structs and classes reachable from the parameters
/// of `model`'s functions (a class through any of its constructors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached {
    pub structs: Vec<bool>,
    /// Classes that some reached field has as its type (not merely the class of a reached
    /// constructor).
    pub classes: Vec<bool>,
    /// Whether a reached field has the type `Object`, which can carry anything.
    pub any_object: bool,
}

/// The types the requests of `model` (its functions, after pruning) can carry.
pub fn reachable_from_parameters(model: &Model) -> Reached {
    let mut keep = Keep::new(model);
    for f in &model.functions {
        f.fields.iter().for_each(|field| keep.shape(&field.shape));
    }
    keep.close(model);
    Reached {
        structs: keep.structs,
        classes: keep.whole_classes,
        any_object: keep.any_object,
    }
}

/// The model restricted to what `keep` marks, with indices renumbered.
fn rebuild(model: Model, keep: &Keep, kept_functions: &[bool]) -> Model {
    let struct_map = renumber(&keep.structs);
    let class_map = renumber(&keep.classes);
    let remap = |shape: &mut Shape| remap_shape(shape, &struct_map, &class_map);
    let mut structs = Vec::new();
    for (id, mut s) in model.structs.into_iter().enumerate() {
        if !keep.structs[id] {
            continue;
        }
        s.fields.iter_mut().for_each(|f| remap(&mut f.shape));
        s.class = s
            .class
            .and_then(|(class, variant)| class_map[class].map(|c| (c, variant)));
        structs.push(s);
    }
    let mut classes = Vec::new();
    for (id, mut class) in model.classes.into_iter().enumerate() {
        if !keep.classes[id] {
            continue;
        }
        class.variants.retain(|v| keep.structs[v.id]);
        for v in &mut class.variants {
            v.id = struct_map[v.id].unwrap_or_default();
        }
        classes.push(class);
    }
    let mut functions = Vec::new();
    for (index, mut f) in model.functions.into_iter().enumerate() {
        if !kept_functions[index] {
            continue;
        }
        f.fields
            .iter_mut()
            .for_each(|field| remap(&mut field.shape));
        if let Some(result) = &mut f.result {
            remap(result);
        }
        functions.push(f);
    }
    Model {
        structs,
        classes,
        functions,
    }
}

fn renumber(kept: &[bool]) -> Vec<Option<usize>> {
    let mut next = 0;
    kept.iter()
        .map(|&k| {
            k.then(|| {
                next += 1;
                next - 1
            })
        })
        .collect()
}

fn remap_shape(shape: &mut Shape, structs: &[Option<usize>], classes: &[Option<usize>]) {
    match shape {
        Shape::Struct { id, .. } => *id = structs[*id].unwrap_or_default(),
        Shape::Class { id, .. } => *id = classes[*id].unwrap_or_default(),
        Shape::Optional(inner) | Shape::Vector(inner) => remap_shape(inner, structs, classes),
        Shape::Scalar(_) | Shape::AnyObject => {}
    }
}
