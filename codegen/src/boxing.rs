//! Boxing beyond recursion (the model boxes the fields that close a containment cycle): the
//! policy for enum variants ([`Config::boxing`](crate::Config::boxing): every variant, or none)
//! and the paths the user names ([`Config::boxed`](crate::Config::boxed), in the style of
//! prost-build's `boxed`). Neither depends on a type's size, so a later schema version that makes
//! a type larger never moves it behind a `Box`. Paths are TL names:
//! - `<Class>.<constructor>`: that variant of the class enum (`Update.updateNewMessage`);
//! - `Object.<constructor>`: the variant of `Object` of a type with a single constructor
//!   (`Object.user`); class types are boxed inside their own enum instead;
//! - `<Class>.*`, `Object.*`: every such variant;
//! - `<constructor or function>.<field>`: a field that holds an object (`message.content`);
//!   `Option<T>` becomes `Option<Box<T>>`.
//!
//! A path that matches nothing generated is an error naming it.
//!
//! Under [`crate::Boxing::Variants`] the user can keep variants inline instead
//! ([`Config::unboxed`](crate::Config::unboxed)): a list frozen once from today's sizes
//! ([`crate::small_variants`]) and kept, so that later schemas never move a variant either way.

use crate::error::Error;
use crate::model::{Model, Shape};
use crate::plan::{ObjectKind, ObjectVariant};

const OPTION: &str = "boxed";

/// Boxes every variant of every class enum and of `Object` ([`crate::Boxing::Variants`]).
pub(crate) fn box_every_variant(model: &mut Model, object: &mut [ObjectVariant]) {
    for class in &mut model.classes {
        class.variants.iter_mut().for_each(|v| v.boxed = true);
    }
    for v in object {
        if let ObjectKind::Struct { boxed, .. } = &mut v.kind {
            *boxed = true;
        }
    }
}

/// Arena mode with every variant boxed: a class enum then holds only references (`&'a T`), so it
/// has a small fixed size and a field holding one needs no box even where it closes a cycle;
/// the model's recursion boxes of class fields are dropped (before the user's paths apply).
pub(crate) fn unbox_class_fields(model: &mut Model) {
    fn unbox(shape: &mut Shape) {
        match shape {
            Shape::Class { boxed, .. } => *boxed = false,
            Shape::Optional(inner) | Shape::Vector(inner) => unbox(inner),
            Shape::Scalar(_) | Shape::Struct { .. } | Shape::AnyObject => {}
        }
    }
    let structs = model.structs.iter_mut().chain(model.functions.iter_mut());
    for field in structs.flat_map(|s| s.fields.iter_mut()) {
        unbox(&mut field.shape);
    }
}

/// The paths of a list file (`tlgen freeze-boxing`): one per line, blank lines and `#` comments
/// skipped.
pub(crate) fn read_list(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
}

/// Keeps the class and `Object` variants `paths` name inline ([`Config::unboxed`]); returns how
/// many variants that unboxed. A path naming no generated variant is skipped.
///
/// [`Config::unboxed`]: crate::Config::unboxed
pub(crate) fn unbox(
    model: &mut Model,
    object: &mut [ObjectVariant],
    paths: &[String],
) -> Result<usize, Error> {
    const OPTION: &str = "unboxed";
    let mut count = 0;
    for path in paths {
        let (owner, member) = split_path(
            OPTION,
            path,
            "expected `<Class>.<constructor>`, `Object.<constructor>` or `<Class>.*`",
        )?;
        let matches = |id: usize| member == "*" || model.structs[id].tl_name == member;
        if owner == "Object" {
            for v in object.iter_mut() {
                if let ObjectKind::Struct { id, boxed } = &mut v.kind {
                    if *boxed && matches(*id) {
                        *boxed = false;
                        count += 1;
                    }
                }
            }
        } else if let Some(class) = model.classes.iter_mut().find(|c| c.tl_name == owner) {
            for v in &mut class.variants {
                if v.boxed && matches(v.id) {
                    v.boxed = false;
                    count += 1;
                }
            }
        } else if model
            .structs
            .iter()
            .chain(&model.functions)
            .any(|s| s.tl_name == owner)
        {
            return Err(Error::option(
                OPTION,
                path,
                format!(
                    "`{owner}` is a constructor or function: only class and `Object` variants \
                     can be kept inline (fields are never boxed unless `boxed` or recursion \
                     asks for it)"
                ),
            ));
        }
    }
    Ok(count)
}

/// Applies every path of `paths` to `model` and `object`.
pub(crate) fn apply(
    model: &mut Model,
    object: &mut [ObjectVariant],
    paths: &[String],
) -> Result<(), Error> {
    for path in paths {
        apply_one(model, object, path)?;
    }
    Ok(())
}

/// `owner.member` split at the last dot, both sides non-empty; else the option's error.
fn split_path<'p>(
    option: &'static str,
    path: &'p str,
    expected: &str,
) -> Result<(&'p str, &'p str), Error> {
    path.rsplit_once('.')
        .filter(|(o, m)| !o.is_empty() && !m.is_empty())
        .ok_or_else(|| Error::option(option, path, expected))
}

fn apply_one(model: &mut Model, object: &mut [ObjectVariant], path: &str) -> Result<(), Error> {
    let (owner, member) = split_path(
        OPTION,
        path,
        "expected `<Class>.<constructor>`, `<Class>.*` or `<constructor>.<field>`",
    )?;
    if owner == "Object" {
        return box_object_variants(model, object, path, member);
    }
    if let Some(class) = model.classes.iter_mut().find(|c| c.tl_name == owner) {
        let mut matched = false;
        for v in &mut class.variants {
            if member == "*" || model.structs[v.id].tl_name == member {
                v.boxed = true;
                matched = true;
            }
        }
        return if matched {
            Ok(())
        } else {
            Err(Error::option(
                OPTION,
                path,
                format!("`{member}` is not a generated constructor of the class `{owner}`"),
            ))
        };
    }
    let owners = model.structs.iter_mut().chain(model.functions.iter_mut());
    let Some(s) = owners.into_iter().find(|s| s.tl_name == owner) else {
        return Err(Error::option(
            OPTION,
            path,
            format!("no generated class, constructor or function is named `{owner}`"),
        ));
    };
    let Some(field) = s.fields.iter_mut().find(|f| f.tl_name == member) else {
        return Err(Error::option(
            OPTION,
            path,
            format!("`{owner}` has no field `{member}`"),
        ));
    };
    if box_shape(&mut field.shape) {
        Ok(())
    } else {
        Err(Error::option(
            OPTION,
            path,
            "only a field that holds an object (or an optional one) can be boxed; a vector's \
             elements and `Object` fields are on the heap already",
        ))
    }
}

/// `Object.<constructor>` or `Object.*`.
fn box_object_variants(
    model: &Model,
    object: &mut [ObjectVariant],
    path: &str,
    member: &str,
) -> Result<(), Error> {
    let mut matched = false;
    for v in object.iter_mut() {
        if let ObjectKind::Struct { id, boxed } = &mut v.kind {
            if member == "*" || model.structs[*id].tl_name == member {
                *boxed = true;
                matched = true;
            }
        }
    }
    if matched {
        return Ok(());
    }
    let problem = match model.structs.iter().find(|s| s.tl_name == member) {
        Some(s) => match s.class {
            Some((class, _)) => format!(
                "`{member}` is a variant of `{}` inside `Object`: box it there (`{}.{member}`)",
                model.classes[class].rust_name, model.classes[class].tl_name
            ),
            None => format!("`{member}` is not a variant of `Object`"),
        },
        None => format!("`{member}` is not a generated constructor"),
    };
    Err(Error::option(OPTION, path, problem))
}

/// Boxes a struct or class shape (through `Option`); false for anything else.
fn box_shape(shape: &mut Shape) -> bool {
    match shape {
        Shape::Struct { boxed, .. } | Shape::Class { boxed, .. } => {
            *boxed = true;
            true
        }
        Shape::Optional(inner) => box_shape(inner),
        Shape::Scalar(_) | Shape::Vector(_) | Shape::AnyObject => false,
    }
}
