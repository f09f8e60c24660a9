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
//!   codegen unit that calls them, three in td_api) and calls them directly;
//! - generated classes' `parse_index` are `pub(crate)`.
//!
//! Not done, measured: `Cursor::skip_value` `#[inline]` (its string fast path skips the `@type`
//! of every single-constructor object) ran 2 % more instructions in the field loop, where it
//! was inlined; the escaped-string and `int64`-string slow paths `#[inline]`, 0.5 % more.
//!
//! docs/BENCHMARKS.md ("Calls through the GOT") has the measurement.

/// Defines the pointer parser's per-object entry points in the module where it is expanded:
/// `parse_as`, `parse_boxed_as`, `parse_ref_as` (arena mode) and `parse_class_as`, the arms of a generated `parse_index`, all
/// `pub(super)`. Generated code expands it once, in a module of its own, and calls them there
/// ([`crate::parse::entry`] says why they are not runtime functions).
///
/// Each is never inlined: the constructor's value lives in the entry point's frame, not in the
/// dispatch's, so a dispatch over thousands of constructors keeps a small frame (inlined, every
/// arm's result took its own stack slot: a 72 KB frame for `Object`, probed page by page on
/// every call). The variant constructor (`wrap`, `Self::Variant`) is a generic parameter, not a
/// function pointer, so that it is inlined into the entry point (through a pointer, every object
/// made one more call, to a small function elsewhere that a stream of many types finds cold);
/// being a function item, it keeps each arm a plain call without a closure, cheap to type-check
/// (docs/COMPILE_COST.md).
#[doc(hidden)]
#[macro_export]
macro_rules! parse_entry_points {
    () => {
        /// The rest of constructor `T`'s object (its `{` consumed), wrapped into the class by
        /// `wrap`.
        #[inline(never)]
        pub(super) fn parse_as<'a, T: $crate::parse::ParseValue<'a>, O, W: FnOnce(T) -> O>(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            $crate::parse::parse_rest(c, depth, envelope).map(wrap)
        }

        /// [`parse_as`] for a variant that holds its constructor boxed: parsed in the box.
        #[inline(never)]
        pub(super) fn parse_boxed_as<
            'a,
            T: $crate::parse::ParseValue<'a>,
            O,
            W: FnOnce(::std::boxed::Box<T>) -> O,
        >(
            c: &mut $crate::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut $crate::parse::Envelope<'a>>,
            wrap: W,
        ) -> ::core::result::Result<O, $crate::pointer::Error> {
            let mut out = ::std::boxed::Box::<T>::default();
            $crate::parse::parse_fields(c, depth, envelope, &mut *out)?;
            ::core::result::Result::Ok(wrap(out))
        }

        /// [`parse_as`] for a variant of arena mode, which holds its constructor as a
        /// reference into the cursor's arena: parsed in its place there.
        #[allow(dead_code)]
        #[inline(never)]
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
            let out: &'a mut T = c.arena()?.alloc(T::default());
            $crate::parse::parse_fields(c, depth, envelope, &mut *out)?;
            ::core::result::Result::Ok(wrap(out))
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
    };
}
