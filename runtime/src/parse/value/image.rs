//! A constructor's default as an image to copy ([`DefaultImage`], [`copy_image`]) and its field
//! table without its type ([`ErasedFields`]): what the pointer parser's entry points
//! (`parse_entry_points!`) and vectors (`parse::elements`) need to make a constructor in one
//! non-generic function, shared by every constructor, instead of a function per constructor
//! that writes that constructor's default and calls the field loop.
//!
//! On a stream where each document is another constructor, that per-constructor function is
//! code the document runs once, fetched cold; the shared one stays in the caches.

use super::ParseValue;
use super::table::RawField;

/// A value of `T` whose bytes are a valid, independent `T` wherever they are copied: a
/// constant default (see [`ImagePromise::new`]). Made by [`default_image!`](crate::default_image).
#[doc(hidden)]
pub struct DefaultImage<'a, T> {
    /// The image.
    pub value: &'a T,
    /// That `value`'s copies are valid: only `unsafe` code can make one.
    pub promise: ImagePromise,
}

/// The address of `T`'s default image ([`ParseValue::DEFAULT_IMAGE`]), null when it has none.
///
/// For `const` blocks of generic code that first tests `T::DEFAULT_IMAGE.is_some()` in a
/// `const` condition (`if const { ... }`): rustc then does not compile the branch a type does not
/// take, even without optimisation, so that a type with an image costs no instantiations of the
/// generic path built on `Default`, nor one without an image those of the image's path.
#[doc(hidden)]
pub const fn image_of<'a, T: ParseValue<'a>>() -> *const u8 {
    match T::DEFAULT_IMAGE {
        Some(image) => core::ptr::from_ref(image.value).cast::<u8>(),
        None => core::ptr::null(),
    }
}

/// The promise of a [`DefaultImage`]'s maker.
#[doc(hidden)]
pub struct ImagePromise(());

impl ImagePromise {
    /// The promise.
    ///
    /// # Safety
    ///
    /// The [`DefaultImage`] it goes into has a `value` whose every bitwise copy is a valid
    /// value of its type, owning nothing that the others own: true of a constant (each use of a
    /// constant is such a copy; a constant cannot hold an allocation) without interior
    /// mutability, such as a generated constructor's `DEFAULT`.
    pub const unsafe fn new() -> Self {
        ImagePromise(())
    }
}

/// The item `const DEFAULT_IMAGE` of a `ParseValue<$lifetime>` impl: `Some` of the
/// [`DefaultImage`] of `Self::DEFAULT`. What a generated constructor (or class)
/// writes (`tlgen_runtime::default_image!('a);`), holding the `unsafe` for it (generated code
/// has none of its own).
#[doc(hidden)]
#[macro_export]
macro_rules! default_image {
    ($lifetime:lifetime) => {
        const DEFAULT_IMAGE: ::core::option::Option<$crate::parse::DefaultImage<$lifetime, Self>> =
            ::core::option::Option::Some($crate::parse::DefaultImage {
                // (a temporary in an extending position of a constant: it lives as long as
                // the constant, in read-only memory)
                value: &<Self>::DEFAULT,
                // SAFETY: `Self::DEFAULT` is a constant, and generated types have no interior
                // mutability.
                promise: unsafe { $crate::parse::ImagePromise::new() },
            });
    };
}

/// A constructor's field table without its type: what [`parse_fields_erased`] reads.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct ErasedFields<'a>(pub(super) &'a [RawField<'a>]);

impl<'a> ErasedFields<'a> {
    /// No fields.
    pub const NONE: ErasedFields<'a> = ErasedFields(&[]);

    /// The field table of `S`.
    #[inline(always)]
    pub const fn of<S: ParseValue<'a>>() -> Self {
        ErasedFields(RawField::erase(S::FIELDS))
    }
}

/// Copies a default image of `size` bytes from `image` to `place`: up to 64 bytes with a few
/// overlapping word copies, without calling `memcpy` (a constructor's image is most often
/// 16 to 64 bytes, and the call and its dispatch on the size cost more than the bytes), larger
/// ones with `memcpy`.
///
/// # Safety
///
/// `size` bytes readable at `image` and writable at `place`, apart.
#[doc(hidden)]
#[inline(always)]
pub unsafe fn copy_image(image: *const u8, place: *mut u8, size: usize) {
    use core::mem::MaybeUninit;
    /// Copies the `N` bytes at `from + at` to `to + at`.
    ///
    /// # Safety
    ///
    /// As for `copy_image`, `at + N <= size`.
    #[inline(always)]
    unsafe fn chunk<const N: usize>(from: *const u8, to: *mut u8, at: usize) {
        // SAFETY: inside both ranges (caller); unaligned accesses of bytes that may be
        // uninitialised (an image's padding): `MaybeUninit`, never read as integers.
        unsafe {
            let bytes = from.add(at).cast::<MaybeUninit<[u8; N]>>().read_unaligned();
            to.add(at)
                .cast::<MaybeUninit<[u8; N]>>()
                .write_unaligned(bytes);
        }
    }
    /// Copies `size` bytes as the first and the last `N` (overlapping when `size < 2 * N`).
    ///
    /// # Safety
    ///
    /// As for `copy_image`, `N <= size`.
    #[inline(always)]
    unsafe fn ends<const N: usize>(from: *const u8, to: *mut u8, size: usize) {
        // SAFETY: both chunks lie inside `0..size`, as `N <= size` (caller).
        unsafe {
            chunk::<N>(from, to, 0);
            chunk::<N>(from, to, size - N);
        }
    }
    // SAFETY: each arm's `N` is at most `size` (the arms' bounds on `size`), and the single
    // bytes of the first arm lie inside `0..size`.
    unsafe {
        match size {
            0 => {}
            1..=3 => {
                for at in 0..size {
                    chunk::<1>(image, place, at);
                }
            }
            4..=7 => ends::<4>(image, place, size),
            8..=15 => ends::<8>(image, place, size),
            16..=32 => ends::<16>(image, place, size),
            33..=64 => ends::<32>(image, place, size),
            _ => core::ptr::copy_nonoverlapping(image, place, size),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::copy_image;

    #[test]
    fn copy_image_copies_exactly_size_bytes_at_every_size_and_offset() {
        let source: Vec<u8> = (0..200u8).collect();
        for size in 0..=130 {
            for offset in 0..8 {
                let mut target = vec![0xeeu8; 150];
                // SAFETY: `size` bytes from `offset` inside both vectors, which are apart.
                unsafe {
                    copy_image(
                        source.as_ptr().add(offset),
                        target.as_mut_ptr().add(3),
                        size,
                    )
                };
                assert_eq!(
                    &target[3..3 + size],
                    &source[offset..offset + size],
                    "{size}"
                );
                assert!(target[..3].iter().all(|&b| b == 0xee), "{size}");
                assert!(target[3 + size..].iter().all(|&b| b == 0xee), "{size}");
            }
        }
    }
}
