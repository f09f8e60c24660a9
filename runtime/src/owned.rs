//! [`IntoStatic`]: turning a value that borrows from the input into one that owns everything,
//! so it can outlive TDLib's receive buffer. Generated types implement it field by field.
//!
//! It allocates only for what the value borrows (each borrowed string becomes a `String`):
//! vectors are collected in place (the standard library reuses the buffer when the element
//! layouts match) and a box keeps its allocation, so a value that owns everything is made
//! `'static` without any (`tests/tests/allocations.rs` checks every corpus document).

use std::alloc::Layout;
use std::borrow::Cow;

use crate::json_value::JsonValue;

/// Converts a borrowed value into its `'static` owned form.
pub trait IntoStatic {
    /// The same type with its lifetimes `'static`: `Cow<'static, str>` for `Cow<'_, str>`.
    type Static: 'static;
    /// Converts `self`, allocating only for what it borrows.
    fn into_static(self) -> Self::Static;
}

macro_rules! identity {
    ($($t:ty),*) => {$(
        impl IntoStatic for $t {
            type Static = $t;
            #[inline]
            fn into_static(self) -> $t { self }
        }
    )*};
}

identity!(bool, i32, i64, u64, f64, u8);

impl IntoStatic for Cow<'_, str> {
    type Static = Cow<'static, str>;
    #[inline]
    fn into_static(self) -> Cow<'static, str> {
        Cow::Owned(self.into_owned())
    }
}

impl<T: IntoStatic> IntoStatic for Vec<T> {
    type Static = Vec<T::Static>;
    fn into_static(self) -> Self::Static {
        self.into_iter().map(IntoStatic::into_static).collect()
    }
}

impl<T: IntoStatic> IntoStatic for Option<T> {
    type Static = Option<T::Static>;
    #[inline]
    fn into_static(self) -> Self::Static {
        self.map(IntoStatic::into_static)
    }
}

/// The value is made `'static` in its own allocation when both have one layout (always, for a
/// generated type: its `'static` form differs only in lifetimes), so that a class value, boxed
/// by default, costs no `malloc` and `free` more (`Box::new` of the converted value did).
impl<T: IntoStatic> IntoStatic for Box<T> {
    type Static = Box<T::Static>;
    #[inline]
    fn into_static(self) -> Self::Static {
        if const { !same_layout::<T, T::Static>() } {
            return Box::new((*self).into_static());
        }
        let place = Box::into_raw(self);
        // SAFETY: `place` is the box's valid, owned `T` (`Box::into_raw`): it is moved out, and
        // the allocation, now without a value, is held by `memory`, which frees it without
        // dropping anything if the conversion unwinds.
        let (value, memory) = unsafe {
            (
                place.read(),
                EmptyBox::new(place.cast(), const { Layout::new::<T>() }),
            )
        };
        let converted = value.into_static();
        let place = memory.into_raw().cast::<T::Static>();
        // SAFETY: the box's allocation, from the global allocator with `Layout::new::<T>()`
        // (dangling and aligned for a zero-sized `T`), which is `T::Static`'s layout (the `const`
        // condition above); it holds no value, and the new box owns the one written.
        unsafe {
            place.write(converted);
            Box::from_raw(place)
        }
    }
}

/// A box's allocation whose value was moved out: freed, without dropping anything, if this is
/// dropped (a conversion that unwinds). Not generic, so that the ~1,800 boxed types of a
/// schema share its drop instead of each instantiating `Box<MaybeUninit<T>>`'s: the full
/// td_api in `both` mode builds 2-3 % faster in debug (docs/COMPILE_COST.md, item 24).
struct EmptyBox {
    place: *mut u8,
    layout: Layout,
}

impl EmptyBox {
    /// Holds the allocation at `place` of a `Box<T>`, `layout` being `Layout::new::<T>()`.
    ///
    /// # Safety
    ///
    /// `place` is a `Box<T>`'s allocation (from `Box::into_raw`) whose value was moved out or
    /// dropped, and nothing else frees it.
    #[inline]
    unsafe fn new(place: *mut u8, layout: Layout) -> Self {
        EmptyBox { place, layout }
    }

    /// The allocation, no longer freed by this.
    #[inline]
    fn into_raw(self) -> *mut u8 {
        let place = self.place;
        core::mem::forget(self);
        place
    }
}

impl Drop for EmptyBox {
    fn drop(&mut self) {
        if self.layout.size() != 0 {
            // SAFETY: a `Box<T>`'s allocation (`new`) of `Layout::new::<T>()`, from the global
            // allocator as every box of a non-zero size; freed once, here (`into_raw` forgets
            // `self` instead).
            unsafe { std::alloc::dealloc(self.place, self.layout) };
        }
    }
}

/// `A` and `B` have the same size and alignment.
const fn same_layout<A, B>() -> bool {
    size_of::<A>() == size_of::<B>() && align_of::<A>() == align_of::<B>()
}

impl IntoStatic for JsonValue<'_> {
    type Static = JsonValue<'static>;
    fn into_static(self) -> JsonValue<'static> {
        self.into_owned()
    }
}

impl<T: IntoStatic> IntoStatic for crate::received::Received<'_, T> {
    type Static = crate::received::Received<'static, T::Static>;
    fn into_static(self) -> Self::Static {
        crate::received::Received {
            object: self.object.into_static(),
            extra: self.extra.map(IntoStatic::into_static),
            client_id: self.client_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::IntoStatic;

    #[test]
    fn a_box_keeps_its_allocation() {
        let text = String::from("borrowed");
        let boxed: Box<Vec<Cow<'_, str>>> = Box::new(vec![Cow::Borrowed(&text), "x".into()]);
        let place = core::ptr::from_ref::<Vec<Cow<'_, str>>>(&boxed).cast::<u8>();
        let converted: Box<Vec<Cow<'static, str>>> = boxed.into_static();
        drop(text);
        assert_eq!(core::ptr::from_ref(&*converted).cast::<u8>(), place);
        assert_eq!(*converted, ["borrowed", "x"]);
        assert!(matches!(converted[0], Cow::Owned(_)));
    }

    /// Converts into a type of another size: the box cannot be reused.
    struct Narrow(u64);

    impl IntoStatic for Narrow {
        type Static = u8;
        fn into_static(self) -> u8 {
            self.0 as u8
        }
    }

    /// A zero-sized value (a box of it has no allocation).
    #[derive(Debug, PartialEq)]
    struct Nothing;

    impl IntoStatic for Nothing {
        type Static = Nothing;
        fn into_static(self) -> Nothing {
            self
        }
    }

    /// A value whose conversion panics, after taking what it owns.
    struct Panics(#[allow(dead_code, reason = "dropped while unwinding")] String);

    impl IntoStatic for Panics {
        type Static = Panics;
        fn into_static(self) -> Panics {
            panic!("conversion failed");
        }
    }

    #[test]
    fn boxes_of_other_layouts_or_none_convert_too() {
        assert_eq!(*Box::new(Narrow(0x1_02)).into_static(), 2);
        assert_eq!(*Box::new(Nothing).into_static(), Nothing);
    }

    /// The box's allocation and the value's own are freed on unwinding (Miri reports a leak
    /// or a double free otherwise).
    #[test]
    fn a_conversion_that_panics_frees_the_box() {
        let boxed = Box::new(Panics("owned text".into()));
        let result = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| {
            drop(boxed.into_static());
        }));
        assert!(result.is_err());
    }
}
