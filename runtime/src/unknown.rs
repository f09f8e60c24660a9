//! [`UnknownObject`]: what a class enum holds for an `@type` the schema does not know (a newer
//! TDLib, or a constructor pruned from the generated code). Its fields are skipped.

use std::borrow::Cow;

/// An object whose `@type` is not a known constructor of the class at that position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UnknownObject<'a> {
    /// The `@type` name as sent.
    pub type_name: Cow<'a, str>,
}

impl UnknownObject<'_> {
    /// The default (an empty name), as a constant.
    pub const DEFAULT: Self = UnknownObject {
        type_name: Cow::Owned(String::new()),
    };
}

impl serde::Serialize for UnknownObject<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry("@type", self.type_name.as_ref())?;
        map.end()
    }
}

impl crate::owned::IntoStatic for UnknownObject<'_> {
    type Static = UnknownObject<'static>;
    fn into_static(self) -> UnknownObject<'static> {
        UnknownObject {
            type_name: self.type_name.into_static(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated classes' `DEFAULT` is `Unknown(UnknownObject::DEFAULT)`: it must be the value
    /// the derived `Default` gives (an empty *owned* name, as `Cow::default()` is).
    #[test]
    fn constant_default_is_the_derived_default() {
        let derived = UnknownObject::default();
        assert_eq!(UnknownObject::DEFAULT, derived);
        assert!(matches!(UnknownObject::DEFAULT.type_name, Cow::Owned(ref s) if s.is_empty()));
        assert!(matches!(derived.type_name, Cow::Owned(_)));
    }
}
