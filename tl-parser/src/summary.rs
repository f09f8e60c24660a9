//! Counts of what a schema defines: constructors, functions, classes and types.

use std::collections::HashMap;
use std::fmt;

use crate::model::{Category, Schema};

/// What [`Schema::summary`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Type-category definitions that are not builtins.
    pub constructors: usize,
    /// Function-category definitions.
    pub functions: usize,
    /// Result types (of those constructors) with more than one constructor.
    pub classes: usize,
    /// Distinct result types (full names) of those constructors.
    pub types: usize,
}

impl Schema {
    /// Counts constructors, functions, classes and types (see [`Summary`]).
    pub fn summary(&self) -> Summary {
        let mut per_type: HashMap<String, usize> = HashMap::new();
        let mut summary = Summary::default();
        for definition in &self.definitions {
            match definition.category {
                Category::Function => summary.functions += 1,
                Category::Type if definition.is_builtin() => {}
                Category::Type => {
                    summary.constructors += 1;
                    *per_type.entry(definition.ty.full_name()).or_default() += 1;
                }
            }
        }
        summary.types = per_type.len();
        summary.classes = per_type.values().filter(|&&n| n > 1).count();
        summary
    }
}

/// `constructors N, functions N, classes N, types N`.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "constructors {}, functions {}, classes {}, types {}",
            self.constructors, self.functions, self.classes, self.types
        )
    }
}
