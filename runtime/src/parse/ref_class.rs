//! Arena mode's classes as data: [`RefClass`], implemented through [`ref_class!`](crate::ref_class)
//! by every generated class whose variants are all references into the arena (`&'a T`, every
//! class of arena mode under the default boxing), and by `Object` when all of its are.
//!
//! Such a class is read by code shared by every class (`parse_ref_class` and `parse_ref_made`
//! of [`parse_entry_points!`](crate::parse_entry_points)): `{`, the `@type`, the class's
//! [`TypeTable`], then the constructor's row ([`RefVariant`]: its field table, default image
//! and layout) made in the arena by the one constructor function of arena mode. What stays of
//! each class is [`RefClass::from_made`], a `match` whose arms each store a variant's tag and
//! the constructor's address. Before, each class had a function of its own per field or
//! element type that held it (`{`, the `@type`, the lookup) and a dispatch whose every arm set
//! up and made a call: code that a stream of many types ran cold, object after object
//! (docs/BENCHMARKS.md, "Arena mode's classes as data").

use core::alloc::Layout;

use super::value::{ErasedFields, ParseValue, image_of};
use crate::type_table::TypeTable;
use crate::unknown::UnknownObject;

/// One constructor of an arena-mode class: what the shared code needs to make it in the arena.
/// Made by [`RefVariant::of`] (in [`ref_class!`](crate::ref_class)).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct RefVariant<'a> {
    /// The constructor's field table.
    pub fields: ErasedFields<'a>,
    /// Its default image ([`ParseValue::DEFAULT_IMAGE`]), never null.
    pub image: *const u8,
    /// Its layout.
    pub layout: Layout,
}

impl<'a> RefVariant<'a> {
    /// A row of nothing: what [`ref_class!`](crate::ref_class) fills its table with before it
    /// writes every row (a build error if one is left).
    pub const NONE: RefVariant<'a> = RefVariant {
        fields: ErasedFields::NONE,
        image: core::ptr::null(),
        layout: Layout::new::<()>(),
    };

    /// The row of constructor `T`, which must have a default image (every generated constructor
    /// of arena mode has one): a build error otherwise.
    #[allow(
        clippy::panic,
        reason = "evaluated at compile time only (`ref_class!`'s constants): a build error"
    )]
    pub const fn of<T: ParseValue<'a>>() -> Self {
        let image = image_of::<T>();
        if image.is_null() {
            panic!("a variant of an arena-mode class whose constructor has no default image");
        }
        RefVariant {
            fields: ErasedFields::of::<T>(),
            image,
            layout: Layout::new::<T>(),
        }
    }
}

/// What the shared code made of a class object: the constructor of row `.0` of the class's
/// [`RefClass::REFS`] at `.1` (in the arena), or an object of a type the class does not have.
#[doc(hidden)]
pub enum Made<'a> {
    Known(usize, *mut u8),
    Unknown(UnknownObject<'a>),
}

/// A class of arena mode read as data. Implemented by [`ref_class!`](crate::ref_class) only.
///
/// # Safety
///
/// [`from_made`](Self::from_made) of `Made::Known(i, place)` takes `place` as a reference to the
/// type whose row is `REFS[i]` ([`RefVariant::of`] of that type), and `CLASS_TYPES` gives only
/// indices of `REFS` or none.
#[doc(hidden)]
pub unsafe trait RefClass<'a>: Sized {
    /// The class's `@type` names (the class's `TYPES`).
    const CLASS_TYPES: &'static TypeTable;
    /// The class's constructors, in the order of `CLASS_TYPES`' indices.
    const REFS: &'a [RefVariant<'a>];

    /// The class value of what the shared code made.
    ///
    /// # Safety
    ///
    /// For `Made::Known(i, place)`: `place` holds a valid value of the type of `REFS[i]`, in
    /// memory that lives for `'a` and that nothing else refers to (a new arena allocation).
    unsafe fn from_made(made: Made<'a>) -> Self;
}

/// A class's (or `Object`'s) [`RefClass`] impl, which generated code writes for each class of
/// arena mode whose variants are all `&'a T`, and for `Object` when every class is such a class
/// and every other variant holds a `&'a T`:
///
/// ```text
/// tlgen_runtime::ref_class!('a, MessageSender<'a>, 2 {
///     0 => User: super::super::types::MessageSenderUser,
///     1 => Chat: super::super::types::MessageSenderChat,
/// });
/// tlgen_runtime::ref_class!('a, Object<'a>, 4 {
///     0 => Error: types::Error<'a>,
///     3 => Ok: types::Ok;
///     1 => MessageSender: enums::MessageSender<'a> [0],
///     2 => MessageSender: enums::MessageSender<'a> [1],
/// });
/// ```
///
/// The indices (all of `0..len`, each once: a build error otherwise) are those of the class's
/// `TYPES`; each variant of the first list holds a `&'a` of its type. `Object` lists every
/// constructor, and gives those of a class after a `;`, each with the class's variant of
/// `Object` and its index in the class: its row is the class's own row of that index, so the
/// class's [`from_made`](RefClass::from_made) of that index reads what `Object`'s row made.
/// The rows and the arms come from the same lists, so the row of index `i` and the type that
/// index's arm reads cannot differ, and an arm whose variant does not hold that type does not
/// compile. The class has an `Unknown(UnknownObject<'a>)` variant. Holds the `unsafe` of it
/// (generated code has none of its own). Owned mode's counterpart is
/// [`owned_class!`](crate::owned_class).
#[doc(hidden)]
#[macro_export]
macro_rules! ref_class {
    ($lifetime:lifetime, $class:ty, $len:literal {
        $($index:literal => $variant:ident : $ty:ty),*
        $(; $($class_index:literal => $class_variant:ident : $inner:ty [$local:literal]),*)? $(,)?
    }) => {
        // SAFETY: `REFS[i]` is `RefVariant::of` the type that `from_made`'s arm of `i` reads
        // the place as, or the row of index `$local` of the class whose `from_made` that arm
        // calls with `$local` (the class's own contract then holds); `CLASS_TYPES` is the
        // type's table, whose indices are those of the lists (the generator's).
        unsafe impl<$lifetime> $crate::parse::RefClass<$lifetime> for $class {
            const CLASS_TYPES: &'static $crate::TypeTable = <$class>::TYPES;
            const REFS: &$lifetime [$crate::parse::RefVariant<$lifetime>] = &{
                let mut rows = [$crate::parse::RefVariant::NONE; $len];
                let mut given = [false; $len];
                $(
                    rows[$index] = $crate::parse::RefVariant::of::<$ty>();
                    given[$index] = true;
                )*
                $($(
                    rows[$class_index] =
                        <$inner as $crate::parse::RefClass<$lifetime>>::REFS[$local];
                    given[$class_index] = true;
                )*)?
                let mut i = 0;
                while i < $len {
                    assert!(given[i], "a constructor of a class without its row");
                    i += 1;
                }
                rows
            };

            // (inlined only when optimising: `Object`'s arms call the classes' own, and without
            // optimisation an inlined copy is not folded to the one arm it takes, so `Object`
            // held every class's whole `match` once per constructor of the class)
            #[cfg_attr(not(debug_assertions), inline(always))]
            unsafe fn from_made(made: $crate::parse::Made<$lifetime>) -> Self {
                match made {
                    $(
                        $crate::parse::Made::Known($index, place) => {
                            // SAFETY: the place holds a `$ty` in memory of `'a`, ours alone
                            // (caller: it is `REFS[$index]`'s type).
                            Self::$variant(unsafe { &*place.cast::<$ty>() })
                        }
                    )*
                    $($(
                        $crate::parse::Made::Known($class_index, place) => {
                            let made = $crate::parse::Made::Known($local, place);
                            // SAFETY: `REFS[$class_index]` is the class's `REFS[$local]`
                            // (above): the place holds a value of its type (caller).
                            Self::$class_variant(unsafe {
                                <$inner as $crate::parse::RefClass<$lifetime>>::from_made(made)
                            })
                        }
                    )*)?
                    $crate::parse::Made::Unknown(object) => Self::Unknown(object),
                    // (no other index is in `REFS`: the caller's contract)
                    $crate::parse::Made::Known(..) => {
                        Self::Unknown($crate::UnknownObject::DEFAULT)
                    }
                }
            }
        }
    };
}
