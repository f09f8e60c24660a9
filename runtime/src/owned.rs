//! [`IntoStatic`]: turning a value that borrows from the input into one that owns everything,
//! so it can outlive TDLib's receive buffer. Generated types implement it field by field.

use std::borrow::Cow;

use crate::json_value::JsonValue;

/// Converts a borrowed value into its `'static` owned form.
pub trait IntoStatic {
    type Static: 'static;
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

impl<T: IntoStatic> IntoStatic for Box<T> {
    type Static = Box<T::Static>;
    #[inline]
    fn into_static(self) -> Self::Static {
        Box::new((*self).into_static())
    }
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
