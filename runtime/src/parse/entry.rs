//! The pointer parser's per-object entry points, compiled as private functions of the crate of
//! the generated code ([`parse_entry_points!`](crate::parse_entry_points)), so that its calls
//! to them are direct calls.
//!
//! Why: on x86-64 Linux, stable rustc (1.95) calls a function of another crate, and a function
//! of its own crate that may be exported, through the GOT (`call *f@GOTPCREL(%rip)`), with a
//! relocation the linker cannot turn back into a direct call (`R_X86_64_GOTPCREL`; only nightly
//! `-Z plt=yes`, or giving up full RELRO, changes that). That includes every instantiation of a
//! generic runtime function in a library crate (optimised builds export them with default
//! visibility) and every `pub fn` of the generated code. Only two kinds of function are called
//! directly from such a crate: its private functions (hidden visibility), generic or not, and
//! the local copies of `#[inline]` functions that LLVM did not inline (internal linkage).
//!
//! An indirect call costs a load and, on a stream of varied documents where the branch target
//! buffer is cold, a late redirect of instruction fetch. The pointer parser makes a few calls
//! per object: the constructor's arm of its class's dispatch, the field loop, the `@type` read,
//! the class's dispatch. So:
//!
//! - the arms are the functions of [`parse_entry_points!`](crate::parse_entry_points), which
//!   generated code expands into a private module: private generic functions of the generated
//!   crate;
//! - the field loop and the `@type` read (`parse_raw_fields`, `type_name`) are `#[inline]`, too
//!   big to be inlined into their callers: the generated crate compiles its own copies (one per
//!   codegen unit that calls them, three in td_api) and calls them directly; the call of a
//!   class's dispatch after its `@type` (`parse_tagged`) is `#[inline]`, so that each class's
//!   field and element readers call its `parse_index` themselves (docs/BENCHMARKS.md, "`@type`
//!   in one scan");
//! - generated classes' `parse_index` are `pub(crate)`;
//! - classes (and `Object`) are read as data: owned ones ([`OwnedClass`](crate::parse::OwnedClass))
//!   by `parse_owned_class_in` and `parse_owned_index`, generic, which inline into each class's
//!   reader and call `parse_owned_class` / `parse_owned_made`, one function each for every
//!   class (the constructor made in the caller's slot or a new box; `parse_owned_class` has
//!   the making inlined and reads the `{` and `@type` in `class_header`, out of line, so that
//!   a nesting level of class objects keeps one small frame on the stack); arena mode's
//!   ([`RefClass`](crate::parse::RefClass)) likewise by `parse_ref_class_in` /
//!   `parse_ref_index`, calling `parse_ref_class` / `parse_ref_made`, which make the constructor
//!   in the arena as `parse_image_in` does (its body, not a call more).
//!
//! Not done, measured: `Cursor::skip_value` `#[inline]` (its string fast path skips the `@type`
//! of every single-constructor object) ran 2 % more instructions in the field loop, where it
//! was inlined; the escaped-string and `int64`-string slow paths `#[inline]`, 0.5 % more.
//!
//! docs/BENCHMARKS.md ("Calls through the GOT") has the measurement.

/// Defines the pointer parser's per-object entry points in the module where it is expanded:
/// the class readers of owned mode, `parse_owned_class_in` and `parse_owned_index`
/// ([`OwnedClass`](crate::parse::OwnedClass)), and of arena mode, `parse_ref_class_in` and
/// `parse_ref_index` ([`RefClass`](crate::parse::RefClass)), with the code they share for every
/// class; and `parse_as`, `parse_ref_as` and `parse_class_as`, the arms of a generated arena-mode
/// `parse_index` for classes that hold constructors inline (`Boxing::Recursion`); all
/// `pub(super)`. Generated code expands it once, in a module of its own, and calls them there
/// ([`crate::parse::entry`] says why they are not runtime functions).
///
/// A constructor with a default image ([`ParseValue::DEFAULT_IMAGE`](crate::parse::ParseValue),
/// every generated one whose default is a constant) is made by one non-generic function for
/// all of them (`parse_image_at`: copy the image, run the field loop; `parse_image_in` first
/// allocates its place in the arena), and its entry point is
/// `#[inline(always)]`, a few instructions of the dispatch's arm: on a stream where each
/// document is another constructor, a function of its own per constructor was code fetched
/// cold for every object (docs/BENCHMARKS.md, "Constructors from their default image").
/// `parse_as` keeps such a constructor in a slot of the dispatch's frame only up to
/// `INLINE_IMAGE_MAX` bytes. Which path a type takes is a `const` condition, so that rustc
/// compiles only that one for it, even without optimisation (the other path's instantiations
/// made the generated crate's debug build 12-14 % slower). Only optimised builds inline them: without optimisation every
/// arm's slots keep places of their own (no stack colouring), and `Object`'s dispatch frame,
/// once per nesting level, overflowed a 2 MiB thread stack at 256 levels (the fuzz tests').
///
/// The other entry points are never inlined: the constructor's value lives in the entry
/// point's frame, not in the dispatch's, so a dispatch over thousands of constructors keeps a
/// small frame (inlined, every arm's result took its own stack slot: a 72 KB frame for
/// `Object`, probed page by page on every call). The variant constructor (`wrap`,
/// `Self::Variant`) is a generic parameter, not a function pointer, so that it is inlined into
/// the entry point (through a pointer, every object made one more call, to a small function
/// elsewhere that a stream of many types finds cold); being a function item, it keeps each arm
/// a plain call without a closure, cheap to type-check
/// (docs/COMPILE_COST.md).
#[doc(hidden)]
#[macro_export]
macro_rules! parse_entry_points {
    () => {
        /// The rest of constructor `T`'s object (its `{` consumed), wrapped into the class by
        /// `wrap`. A constructor of at most [`INLINE_IMAGE_MAX`] bytes with a
        /// [`DEFAULT_IMAGE`]($crate::parse::ParseValue::DEFAULT_IMAGE) is parsed in a slot of
        /// the caller's frame by [`parse_image_at`], shared by all of them, and this inlines
        /// into the dispatch's arm; the others call [`parse_default_as`].
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_as<'a, T: $crate::parse::ParseValue<'a>, O, W: FnOnce(T) -> O>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            // (a `const` condition: the path a type does not take is not compiled for it)
            if const {
                T::DEFAULT_IMAGE.is_none() || ::core::mem::size_of::<T>() > INLINE_IMAGE_MAX
            } {
                return parse_default_as(c, depth, envelope, wrap);
            }
            let mut slot = ::core::mem::MaybeUninit::<T>::uninit();
            // SAFETY: `T` has an image (above), a `T` whose copies are valid `T`s
            // (`DefaultImage`); the slot has `T`'s size and the fields are `T`'s.
            let result = unsafe {
                parse_image_at(
                    c,
                    depth,
                    envelope,
                    $crate::parse::ErasedFields::of::<T>(),
                    const { $crate::parse::image_of::<T>() },
                    ::core::mem::size_of::<T>(),
                    slot.as_mut_ptr().cast::<u8>(),
                )
            };
            // SAFETY: `parse_image_at` copies the image first: the slot holds a valid `T`
            // whatever the result (dropped on an error, with the closure that owns it).
            let value = unsafe { slot.assume_init() };
            result.map(move |()| wrap(value))
        }

        /// The size up to which [`parse_as`]'s constructor is a slot in the dispatch's frame:
        /// the dispatch of a class of many constructors holds one such slot at a time (the
        /// arms' slots share their place), where a larger one would grow its frame for every
        /// arm (the inline variants of `Boxing::Recursion` reach kilobytes).
        #[allow(dead_code)]
        const INLINE_IMAGE_MAX: usize = 256;

        /// [`parse_as`] for a constructor without a default image, or a large one: its
        /// default built by `Default` in this function's frame.
        #[inline(never)]
        fn parse_default_as<'a, T: $crate::parse::ParseValue<'a>, O, W: FnOnce(T) -> O>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            $crate::parse::parse_rest(c, depth, envelope).map(wrap)
        }

        /// The constructor of the `fields` at nesting `depth` (its `{` consumed) at `place`,
        /// which first becomes a copy of `image` (`size` bytes), whatever happens next: one
        /// function for every constructor of [`parse_as`] (the arena form inlines it into its own
        /// shared function: one call fewer per object).
        ///
        /// # Safety
        ///
        /// `image` points to `size` bytes that are a valid value of a type `T` of that size
        /// whose copies are valid values too, `place` to `size` writable bytes apart from
        /// them, aligned for `T` and not otherwise borrowed, and `fields` is `T`'s table.
        #[allow(dead_code)]
        #[inline(never)]
        unsafe fn parse_image_at<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            fields: $crate::parse::ErasedFields<'a>,
            image: *const u8,
            size: usize,
            place: *mut u8,
        ) -> ::core::result::Result<(), $crate::pointer::Error> {
            // SAFETY: caller.
            unsafe { image_then_fields(c, depth, envelope, fields, image, size, place) }
        }

        /// The body of [`parse_image_at`].
        ///
        /// # Safety
        ///
        /// As for [`parse_image_at`].
        #[allow(dead_code)]
        #[inline(always)]
        unsafe fn image_then_fields<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            fields: $crate::parse::ErasedFields<'a>,
            image: *const u8,
            size: usize,
            place: *mut u8,
        ) -> ::core::result::Result<(), $crate::pointer::Error> {
            // SAFETY: `size` readable bytes at `image`, as many writable ones at `place`,
            // apart (caller).
            unsafe { $crate::parse::copy_image(image, place, size) };
            // SAFETY: `place` now holds a valid value of the type `fields` describe (a copy
            // of its image, caller), ours alone.
            unsafe { $crate::parse::parse_fields_erased(c, depth, envelope, fields, place) }
        }

        /// [`parse_as`] for a variant of arena mode, which holds its constructor as a
        /// reference into the cursor's arena: parsed in its place there. A constructor with a
        /// [`DEFAULT_IMAGE`]($crate::parse::ParseValue::DEFAULT_IMAGE) (every generated one)
        /// goes through [`parse_image_in`], shared by all of them, and this inlines into the
        /// dispatch's arm: no code of its own per constructor.
        #[allow(dead_code)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_ref_as<
            'a,
            T: $crate::parse::ParseValue<'a>,
            O,
            W: FnOnce(&'a T) -> O,
        >(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            if const { T::DEFAULT_IMAGE.is_none() } {
                return parse_ref_default_as(c, depth, envelope, wrap);
            }
            // SAFETY: `T` has an image (above), a `T` whose copies are valid `T`s
            // (`DefaultImage`); the layout is `T`'s and the fields `T`'s.
            let place = unsafe {
                parse_image_in(
                    c,
                    depth,
                    envelope,
                    $crate::parse::ErasedFields::of::<T>(),
                    const { $crate::parse::image_of::<T>() },
                    ::core::alloc::Layout::new::<T>(),
                )
            }?;
            // SAFETY: `place` holds a `T` (above), in the arena, which lives for 'a and never
            // hands out that memory again; nothing else refers to it.
            ::core::result::Result::Ok(wrap(unsafe { &*place.cast::<T>() }))
        }

        /// [`parse_ref_as`] for a constructor without a default image: its default built by
        /// `Default`.
        #[allow(dead_code)]
        #[inline(never)]
        fn parse_ref_default_as<'a, T: $crate::parse::ParseValue<'a>, O, W: FnOnce(&'a T) -> O>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            let out: &'a mut T = c.arena()?.alloc(T::default());
            $crate::parse::parse_fields(c, depth, envelope, &mut *out)?;
            ::core::result::Result::Ok(wrap(out))
        }

        /// The constructor of the `fields` at nesting `depth` (its `{` consumed) in a new
        /// place of the cursor's arena of `layout`, which starts as a copy of `image`: one
        /// function for every constructor of arena mode.
        ///
        /// # Safety
        ///
        /// `image` points to `layout.size()` bytes that are a valid value of the type of
        /// `layout` whose copies are valid values too, and `fields` is that type's table.
        #[allow(dead_code)]
        #[inline(never)]
        unsafe fn parse_image_in<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            fields: $crate::parse::ErasedFields<'a>,
            image: *const u8,
            layout: ::core::alloc::Layout,
        ) -> ::core::result::Result<*mut u8, $crate::pointer::Error> {
            // SAFETY: caller.
            unsafe { image_in_arena(c, depth, envelope, fields, image, layout) }
        }

        /// The body of [`parse_image_in`], also inlined into [`parse_ref_made`] (a call less
        /// per class object).
        ///
        /// # Safety
        ///
        /// As for [`parse_image_in`].
        #[allow(dead_code)]
        #[inline(always)]
        unsafe fn image_in_arena<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            fields: $crate::parse::ErasedFields<'a>,
            image: *const u8,
            layout: ::core::alloc::Layout,
        ) -> ::core::result::Result<*mut u8, $crate::pointer::Error> {
            let place = c.arena()?.alloc_layout(layout).as_ptr();
            // SAFETY: `place` is a new arena allocation of `layout` (caller for the rest).
            unsafe { image_then_fields(c, depth, envelope, fields, image, layout.size(), place) }?;
            ::core::result::Result::Ok(place)
        }

        /// One arm of `Object`'s dispatch for a class: the class's `parse_index` for the
        /// constructor's index in the class (`local`), wrapped into `Object` by `wrap`.
        #[inline(never)]
        pub(super) fn parse_class_as<'a, C, O, W: FnOnce(C) -> O>(
            local: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            parse_index: $crate::parse::ClassIndexParser<'a, C>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            parse_index(local, name, c, depth, envelope).map(wrap)
        }

        /// An owned class's [`ParseValue::parse_in`]($crate::parse::ParseValue::parse_in):
        /// the object made by [`parse_owned_class`], shared by every class, then the class's
        /// [`from_made`]($crate::parse::OwnedClass::from_made).
        #[allow(dead_code)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_owned_class_in<'a, C: $crate::parse::OwnedClass<'a>>(
            slot: &mut C,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
        ) -> ::core::result::Result<(), $crate::pointer::Error> {
            *slot = $crate::parse::with_made_slot::<C, _>(|place| {
                let made = parse_owned_class(c, depth, C::CLASS_TYPES, C::ROWS, place)?;
                // SAFETY: `made` comes from `C::ROWS`, made as its row says, in this slot
                // when in one (`parse_owned_made`).
                ::core::result::Result::Ok(unsafe { C::from_made(made) })
            })?;
            ::core::result::Result::Ok(())
        }

        /// An owned class's `parse_index` (the constructor's `index` in its `TYPES`, found by
        /// the caller): [`parse_owned_made`], then the class's
        /// [`from_made`]($crate::parse::OwnedClass::from_made).
        #[allow(dead_code)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_owned_index<'a, C: $crate::parse::OwnedClass<'a>>(
            index: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
        ) -> ::core::result::Result<C, $crate::pointer::Error> {
            $crate::parse::with_made_slot::<C, _>(|place| {
                let made = parse_owned_made(index, name, c, depth, envelope, C::ROWS, place)?;
                // SAFETY: `made` comes from `C::ROWS`, made as its row says, in this slot
                // when in one (`parse_owned_made`).
                ::core::result::Result::Ok(unsafe { C::from_made(made) })
            })
        }

        /// The owned class object at the cursor (at nesting `depth`), of the class whose table
        /// is `types` and whose constructors are `rows`: its `{` and `@type` read by
        /// [`class_header`], then [`owned_made`] (inlined here: one frame a class object, where
        /// a call of [`parse_owned_made`] kept two on the stack of every nesting level). One
        /// function for every owned class.
        #[allow(dead_code)]
        #[inline(never)]
        fn parse_owned_class<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            types: &$crate::TypeTable,
            rows: &'a [$crate::parse::OwnedVariant<'a>],
            slot: *mut u8,
        ) -> ::core::result::Result<$crate::parse::Made<'a>, $crate::pointer::Error> {
            let (index, name) = class_header(c, depth, types)?;
            owned_made(index, name, c, depth, ::core::option::Option::None, rows, slot)
        }

        /// The `{` and `@type` of the class object at the cursor (at nesting `depth`): the
        /// index of its type in the class's `types`, and its name. Out of line, so that its
        /// frame (the `@type` read's slow paths) is not one of every nesting level's.
        #[allow(dead_code)]
        #[inline(never)]
        fn class_header<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            types: &$crate::TypeTable,
        ) -> ::core::result::Result<
            (::core::option::Option<usize>, ::std::borrow::Cow<'a, str>),
            $crate::pointer::Error,
        > {
            c.begin_object(depth)?;
            let name = $crate::__private::parse::type_name(c, depth)?;
            ::core::result::Result::Ok((types.find(&name), name))
        }

        /// [`owned_made`] out of line: `Object`'s (and the classes' `parse_index`), whose
        /// `@type` their caller read.
        #[allow(dead_code)]
        #[inline(never)]
        fn parse_owned_made<'a>(
            index: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            rows: &'a [$crate::parse::OwnedVariant<'a>],
            slot: *mut u8,
        ) -> ::core::result::Result<$crate::parse::Made<'a>, $crate::pointer::Error> {
            owned_made(index, name, c, depth, envelope, rows, slot)
        }

        /// The rest of an owned class object (its `{` and `@type` consumed) whose constructor
        /// is `rows[index]`: made where its row says (`slot`, room for any constructor of
        /// `rows` made in a slot, or a new box), first its default, then its fields; on an
        /// error it is dropped (and its box freed). An object of another type (no such index)
        /// is skipped and named. Gives only indices of `rows`.
        #[allow(dead_code)]
        #[inline(always)]
        fn owned_made<'a>(
            index: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            rows: &'a [$crate::parse::OwnedVariant<'a>],
            slot: *mut u8,
        ) -> ::core::result::Result<$crate::parse::Made<'a>, $crate::pointer::Error> {
            match index.and_then(|i| rows.get(i).map(|row| (i, row))) {
                ::core::option::Option::Some((i, row)) => {
                    let place = if row.in_slot {
                        slot
                    } else {
                        $crate::parse::alloc_made(row.layout)
                    };
                    if row.image.is_null() {
                        // SAFETY: `place` has room for the row's type, aligned (the caller's
                        // slot for a row made in one, else a new allocation of its layout).
                        unsafe { (row.write_default)(place) };
                    } else {
                        // SAFETY: the image is a value of the row's type whose copies are
                        // valid (`OwnedVariant::of`), of its size; `place` as above, apart.
                        unsafe { $crate::parse::copy_image(row.image, place, row.layout.size()) };
                    }
                    // SAFETY: `place` holds a valid value of the type `row.fields` describe,
                    // ours alone.
                    match unsafe {
                        $crate::parse::parse_fields_erased(c, depth, envelope, row.fields, place)
                    } {
                        ::core::result::Result::Ok(()) => {
                            ::core::result::Result::Ok($crate::parse::Made::Known(i, place))
                        }
                        ::core::result::Result::Err(error) => {
                            // SAFETY: `place` still holds a valid value (the field loop leaves
                            // one whatever happens), made as the row says; not used again.
                            unsafe { (row.discard)(place) };
                            ::core::result::Result::Err(error)
                        }
                    }
                }
                ::core::option::Option::None => {
                    $crate::parse::parse_unknown(name, c, depth, envelope)
                        .map($crate::parse::Made::Unknown)
                }
            }
        }

        /// An arena-mode class's [`ParseValue::parse_in`]($crate::parse::ParseValue::parse_in):
        /// the object made by [`parse_ref_class`], shared by every class, then the class's
        /// [`from_made`]($crate::parse::RefClass::from_made) (`$crate::parse::RefClass`).
        #[allow(dead_code)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_ref_class_in<'a, C: $crate::parse::RefClass<'a>>(
            slot: &mut C,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
        ) -> ::core::result::Result<(), $crate::pointer::Error> {
            let made = parse_ref_class(c, depth, C::CLASS_TYPES, C::REFS)?;
            // SAFETY: `made` comes from `C::REFS` (`parse_ref_made`).
            *slot = unsafe { C::from_made(made) };
            ::core::result::Result::Ok(())
        }

        /// An arena-mode class's `parse_index` (the constructor's `index` in its `TYPES`,
        /// found by the caller): [`parse_ref_made`], then the class's
        /// [`from_made`]($crate::parse::RefClass::from_made).
        #[allow(dead_code)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline(never))]
        pub(super) fn parse_ref_index<'a, C: $crate::parse::RefClass<'a>>(
            index: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
        ) -> ::core::result::Result<C, $crate::pointer::Error> {
            let made = parse_ref_made(index, name, c, depth, envelope, C::REFS)?;
            // SAFETY: `made` comes from `C::REFS` (`parse_ref_made`).
            ::core::result::Result::Ok(unsafe { C::from_made(made) })
        }

        /// The class object at the cursor (at nesting `depth`), of the class whose table is
        /// `types` and whose constructors are `refs`: its `{` and `@type` read by
        /// [`class_header`], then [`parse_ref_made`]. One function for every class of arena
        /// mode.
        #[allow(dead_code)]
        #[inline(never)]
        fn parse_ref_class<'a>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            types: &$crate::TypeTable,
            refs: &'a [$crate::parse::RefVariant<'a>],
        ) -> ::core::result::Result<$crate::parse::Made<'a>, $crate::pointer::Error> {
            let (index, name) = class_header(c, depth, types)?;
            parse_ref_made(index, name, c, depth, ::core::option::Option::None, refs)
        }

        /// The rest of a class object (its `{` and `@type` consumed) whose constructor is
        /// `refs[index]`: made in the arena by [`parse_image_in`]'s body; an object of another type (no such index) is skipped and named. Gives
        /// only indices of `refs`.
        #[allow(dead_code)]
        #[inline(never)]
        fn parse_ref_made<'a>(
            index: ::core::option::Option<usize>,
            name: ::std::borrow::Cow<'a, str>,
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            refs: &'a [$crate::parse::RefVariant<'a>],
        ) -> ::core::result::Result<$crate::parse::Made<'a>, $crate::pointer::Error> {
            match index.and_then(|i| refs.get(i).map(|row| (i, row))) {
                ::core::option::Option::Some((i, row)) => {
                    // SAFETY: `row` is `RefVariant::of` a type with a default image: `image`
                    // is a value of it whose copies are valid, of its `layout`, and `fields`
                    // are its table.
                    let place = unsafe {
                        image_in_arena(c, depth, envelope, row.fields, row.image, row.layout)
                    }?;
                    ::core::result::Result::Ok($crate::parse::Made::Known(i, place))
                }
                ::core::option::Option::None => {
                    $crate::parse::parse_unknown(name, c, depth, envelope)
                        .map($crate::parse::Made::Unknown)
                }
            }
        }
    };
}
