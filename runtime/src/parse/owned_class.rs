//! Owned classes as data: [`OwnedClass`], implemented through
//! [`owned_class!`](crate::owned_class) by every generated class (and `Object`) of the owned
//! pointer parser, as arena mode's classes are ([`RefClass`](super::RefClass)).
//!
//! A class object is read by code shared by every class (`parse_owned_class` and
//! `parse_owned_made` of [`parse_entry_points!`](crate::parse_entry_points)): `{`, the `@type`,
//! the class's [`TypeTable`], then the constructor's row ([`OwnedVariant`]: its field table,
//! default, layout and where it is made). A boxed variant's constructor is made in a new box;
//! an inline one in a slot of the caller's frame ([`in_slot`]), from which the class's
//! [`OwnedClass::from_made`] moves it into the variant. What stays of each class is that
//! `match`, each arm storing a tag and an address or moving a small value. Before, each class
//! had a dispatch of its own whose every arm set up and made a call (and `Object` one of 2,117
//! arms): code that a stream of many types ran cold, object after object (docs/BENCHMARKS.md,
//! "Owned classes as data").

use core::alloc::Layout;
use core::mem::MaybeUninit;

use super::ref_class::Made;
use super::value::{ErasedFields, ParseValue, image_of};
use crate::type_table::TypeTable;

/// The largest constructor made in a slot of the caller's frame rather than a box of its own
/// (the inline variants of `Boxing::Recursion` reach kilobytes: they are made in a box, then
/// moved into their variant).
pub const SLOT_MAX: usize = 256;

/// The alignment of [`MadeSlot`], the largest an inline constructor made in a slot may need.
const SLOT_ALIGN: usize = 16;

/// Whether an inline variant's constructor `T` is made in the caller's slot (else in a box of
/// its own, moved out by [`take_made`]).
#[doc(hidden)]
pub const fn in_slot<T>() -> bool {
    size_of::<T>() <= SLOT_MAX && align_of::<T>() <= SLOT_ALIGN
}

/// A slot for any constructor that [`in_slot`] accepts: what a class larger than
/// [`SLOT_MAX`] gives the shared code (a smaller class gives a `MaybeUninit` of itself).
#[doc(hidden)]
#[repr(C, align(16))]
pub struct MadeSlot(pub MaybeUninit<[u8; SLOT_MAX]>);

/// One constructor of an owned class: what the shared code needs to make it. Made by
/// [`OwnedVariant::of`] (in [`owned_class!`](crate::owned_class)).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct OwnedVariant<'a> {
    /// The constructor's field table.
    pub fields: ErasedFields<'a>,
    /// Its default image ([`ParseValue::DEFAULT_IMAGE`]), or null: then `write_default`.
    pub image: *const u8,
    /// Writes its `Default::default()` to a place of its layout.
    pub write_default: unsafe fn(*mut u8),
    /// Drops the value at a place made for it (and frees the box, when it is in one).
    pub discard: unsafe fn(*mut u8),
    /// Its layout.
    pub layout: Layout,
    /// Whether it is made in the caller's slot (else in a new box of `layout`).
    pub in_slot: bool,
}

impl<'a> OwnedVariant<'a> {
    /// A row of nothing: what [`owned_class!`](crate::owned_class) fills its table with before
    /// it writes every row (a build error if one is left).
    pub const NONE: OwnedVariant<'a> = OwnedVariant {
        fields: ErasedFields::NONE,
        image: core::ptr::null(),
        write_default: write_nothing,
        discard: write_nothing,
        layout: Layout::new::<()>(),
        in_slot: false,
    };

    /// The row of constructor `T`, which its variant holds in a `Box` (`boxed`) or inline.
    pub const fn of<T: ParseValue<'a>>(boxed: bool) -> Self {
        let in_slot = !boxed && in_slot::<T>();
        OwnedVariant {
            fields: ErasedFields::of::<T>(),
            image: image_of::<T>(),
            write_default: write_default::<T>,
            discard: if in_slot {
                discard_in_place::<T>
            } else {
                discard_boxed::<T>
            },
            layout: Layout::new::<T>(),
            in_slot,
        }
    }
}

/// [`OwnedVariant::NONE`]'s functions (never called: no index reaches that row).
unsafe fn write_nothing(_: *mut u8) {}

/// Writes `T::default()` at `place`.
///
/// # Safety
///
/// `place` is valid for writes of a `T` and aligned for it (what it held is not dropped).
unsafe fn write_default<'a, T: ParseValue<'a>>(place: *mut u8) {
    // SAFETY: caller.
    unsafe { place.cast::<T>().write(T::default()) }
}

/// Drops the `T` at `place`.
///
/// # Safety
///
/// `place` holds a valid `T`, ours alone, not used after this.
unsafe fn discard_in_place<T>(place: *mut u8) {
    // SAFETY: caller.
    unsafe { place.cast::<T>().drop_in_place() }
}

/// Drops the `T` at `place` and frees its box.
///
/// # Safety
///
/// `place` holds a valid `T` in memory of the global allocator of `T`'s layout (a dangling
/// aligned address for a zero-sized `T`), as a `Box<T>`'s, ours alone, not used after this.
unsafe fn discard_boxed<T>(place: *mut u8) {
    // SAFETY: caller.
    drop(unsafe { Box::from_raw(place.cast::<T>()) });
}

/// The value of an inline variant's constructor `T` that the shared code made at `place`: moved
/// out of the caller's slot ([`in_slot`]), or out of its box, which is freed.
///
/// # Safety
///
/// `place` holds a valid `T`, ours alone, made for [`OwnedVariant::of::<T>(false)`]'s row: in a
/// slot when [`in_slot::<T>`], else in a box of `T`'s layout. It is not used after this.
#[doc(hidden)]
#[inline(always)]
pub unsafe fn take_made<T>(place: *mut u8) -> T {
    if const { in_slot::<T>() } {
        // SAFETY: caller: a valid `T`, moved out (the slot is never dropped).
        unsafe { place.cast::<T>().read() }
    } else {
        // SAFETY: caller: a box's memory and value, ours.
        *unsafe { Box::from_raw(place.cast::<T>()) }
    }
}

/// A new place of `layout` from the global allocator, as a `Box` of that layout takes it (a
/// dangling aligned address when its size is 0).
#[doc(hidden)]
#[inline]
pub fn alloc_made(layout: Layout) -> *mut u8 {
    if layout.size() == 0 {
        return core::ptr::without_provenance_mut(layout.align());
    }
    // SAFETY: `layout` has a non-zero size.
    unsafe { super::scratch::allocate(layout) }
}

/// Runs `f` with the address of a slot for every constructor of `C::ROWS` made in a slot: a
/// `MaybeUninit<C>` in this frame when it fits them (a class holds its inline constructors: it
/// does), else a [`MadeSlot`].
#[doc(hidden)]
#[inline(always)]
pub fn with_made_slot<'a, C: OwnedClass<'a>, R>(f: impl FnOnce(*mut u8) -> R) -> R {
    if const { slot_fits(C::ROWS, size_of::<C>(), align_of::<C>()) } {
        let mut slot = MaybeUninit::<C>::uninit();
        f(slot.as_mut_ptr().cast::<u8>())
    } else {
        let mut slot = MadeSlot(MaybeUninit::uninit());
        f(core::ptr::addr_of_mut!(slot).cast::<u8>())
    }
}

/// Whether a `MaybeUninit<C>` can be the slot of every row of `rows` made in a slot.
#[doc(hidden)]
pub const fn slot_fits(rows: &[OwnedVariant<'_>], size: usize, align: usize) -> bool {
    let mut rest = rows;
    while let [row, tail @ ..] = rest {
        if row.in_slot && (row.layout.size() > size || row.layout.align() > align) {
            return false;
        }
        rest = tail;
    }
    true
}

/// A class (or `Object`) of the owned pointer parser read as data. Implemented by
/// [`owned_class!`](crate::owned_class) only.
///
/// # Safety
///
/// [`from_made`](Self::from_made) of `Made::Known(i, place)` takes `place` as the constructor of
/// `ROWS[i]` made as that row says (in a slot, or boxed), and `CLASS_TYPES` gives only indices
/// of `ROWS` or none.
#[doc(hidden)]
pub unsafe trait OwnedClass<'a>: Sized {
    /// The class's `@type` names (the class's `TYPES`).
    const CLASS_TYPES: &'static TypeTable;
    /// The class's constructors, in the order of `CLASS_TYPES`' indices.
    const ROWS: &'a [OwnedVariant<'a>];

    /// The class value of what the shared code made.
    ///
    /// # Safety
    ///
    /// For `Made::Known(i, place)`: `place` holds a valid value of the type of `ROWS[i]`, made
    /// as that row says (in the caller's slot when `in_slot`, else in a box of its layout), ours
    /// alone; it is not used after this.
    unsafe fn from_made(made: Made<'a>) -> Self;
}

/// A class's (or `Object`'s) [`OwnedClass`] impl, which generated code writes for every class
/// of the owned pointer parser:
///
/// ```text
/// tlgen_runtime::owned_class!('a, MessageSender<'a>, 2 {
///     1 => Chat: super::super::types::MessageSenderChat;
///     0 => User: super::super::types::MessageSenderUser;
/// });
/// ```
///
/// The first list holds the variants that hold their constructor inline, the second those that
/// box it, and a third (`Object`'s) the constructors of classes: `3 => MessageSender:
/// enums::MessageSender<'a> [1]` (the class's variant of `Object`, and the index in the class).
/// The indices (all of `0..len`, each once: a build error otherwise) are those of the class's
/// `TYPES`; the rows and the arms come from the same lists, so the row of index `i` and the
/// type that index's arm reads cannot differ, and an arm whose variant does not hold that type
/// does not compile. The class has an `Unknown(UnknownObject<'a>)` variant. Holds the
/// `unsafe` of it (generated code has none of its own).
#[doc(hidden)]
#[macro_export]
macro_rules! owned_class {
    ($lifetime:lifetime, $class:ty, $len:literal {
        $($index:literal => $variant:ident : $ty:ty),* ;
        $($boxed_index:literal => $boxed_variant:ident : $boxed_ty:ty),*
        $(; $($class_index:literal => $class_variant:ident : $inner:ty [$local:literal]),*)? $(,)?
    }) => {
        // SAFETY: `ROWS[i]` is `OwnedVariant::of` the type that `from_made`'s arm of `i` reads
        // the place as, boxed exactly for the arms that take a box (the others `take_made`
        // as the row says), or the row of index `$local` of the class whose `from_made` that
        // arm calls with `$local` (the class's own contract then holds); `CLASS_TYPES` is the
        // type's table, whose indices are those of the lists (the generator's).
        unsafe impl<$lifetime> $crate::parse::OwnedClass<$lifetime> for $class {
            const CLASS_TYPES: &'static $crate::TypeTable = <$class>::TYPES;
            const ROWS: &$lifetime [$crate::parse::OwnedVariant<$lifetime>] = &{
                let mut rows = [$crate::parse::OwnedVariant::NONE; $len];
                let mut given = [false; $len];
                $(
                    rows[$index] = $crate::parse::OwnedVariant::of::<$ty>(false);
                    given[$index] = true;
                )*
                $(
                    rows[$boxed_index] = $crate::parse::OwnedVariant::of::<$boxed_ty>(true);
                    given[$boxed_index] = true;
                )*
                $($(
                    rows[$class_index] =
                        <$inner as $crate::parse::OwnedClass<$lifetime>>::ROWS[$local];
                    given[$class_index] = true;
                )*)?
                let mut i = 0;
                while i < $len {
                    assert!(given[i], "a constructor of a class without its row");
                    i += 1;
                }
                rows
            };

            // (inlined only when optimising, as `ref_class!`'s: `Object`'s arms call the
            // classes' own)
            #[cfg_attr(not(debug_assertions), inline(always))]
            unsafe fn from_made(made: $crate::parse::Made<$lifetime>) -> Self {
                match made {
                    $(
                        $crate::parse::Made::Known($index, place) => {
                            // SAFETY: the place holds a `$ty` made for its inline row
                            // (caller: it is `ROWS[$index]`'s type).
                            Self::$variant(unsafe { $crate::parse::take_made::<$ty>(place) })
                        }
                    )*
                    $(
                        $crate::parse::Made::Known($boxed_index, place) => {
                            // SAFETY: the place is a box's memory of a `$boxed_ty`, ours
                            // (caller: its row is boxed).
                            Self::$boxed_variant(unsafe {
                                ::std::boxed::Box::from_raw(place.cast::<$boxed_ty>())
                            })
                        }
                    )*
                    $($(
                        $crate::parse::Made::Known($class_index, place) => {
                            let made = $crate::parse::Made::Known($local, place);
                            // SAFETY: `ROWS[$class_index]` is the class's `ROWS[$local]`
                            // (above): the place holds a value made for it (caller).
                            Self::$class_variant(unsafe {
                                <$inner as $crate::parse::OwnedClass<$lifetime>>::from_made(made)
                            })
                        }
                    )*)?
                    $crate::parse::Made::Unknown(object) => Self::Unknown(object),
                    // (no other index is in `ROWS`: the caller's contract)
                    $crate::parse::Made::Known(..) => {
                        Self::Unknown($crate::UnknownObject::DEFAULT)
                    }
                }
            }
        }
    };
}
