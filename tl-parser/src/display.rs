//! `Display` for the model: every node prints as valid TL that parses back to an equal node
//! (docs and spans aside), e.g. `auth.sentCode#5e002502 flags:# type:auth.SentCodeType = auth.SentCode;`.

use std::fmt;

use crate::model::{Definition, Flag, Parameter, ParameterType, Type, TypeParam};

/// `ns.Name`, `Vector<T>`, `!X`, `%T` (a bare type whose name is capitalised).
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generic_ref {
            f.write_str("!")?;
        } else if self.bare && self.name.starts_with(|c: char| c.is_ascii_uppercase()) {
            f.write_str("%")?;
        }
        for part in &self.namespace {
            write!(f, "{part}.")?;
        }
        f.write_str(&self.name)?;
        if let Some(arg) = &self.generic_arg {
            write!(f, "<{arg}>")?;
        }
        Ok(())
    }
}

/// `flags.3`.
impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.name, self.index)
    }
}

/// `#`, `T` or `flags.3?T`.
impl fmt::Display for ParameterType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterType::Flags => f.write_str("#"),
            ParameterType::Normal { ty, flag: None } => write!(f, "{ty}"),
            ParameterType::Normal {
                ty,
                flag: Some(flag),
            } => write!(f, "{flag}?{ty}"),
        }
    }
}

/// `name:type`.
impl fmt::Display for Parameter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.name, self.ty)
    }
}

/// `{X:Type}`.
impl fmt::Display for TypeParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}:{}}}", self.name, self.ty)
    }
}

/// The declaration with its `;`; `#id` only when the id was explicit. The result type of a
/// builtin is written the way builtins write it: `= Vector t;`.
impl fmt::Display for Definition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_name())?;
        if self.explicit_id {
            write!(f, "#{:08x}", self.id)?;
        }
        for type_param in &self.type_params {
            write!(f, " {type_param}")?;
        }
        if let Some(builtin) = self.builtin.as_deref().filter(|b| !b.is_empty()) {
            write!(f, " {builtin}")?;
        }
        for param in &self.params {
            write!(f, " {param}")?;
        }
        match (&self.builtin, &self.ty.generic_arg) {
            (Some(_), Some(arg)) => {
                let head = Type {
                    generic_arg: None,
                    ..self.ty.clone()
                };
                write!(f, " = {head} {arg};")
            }
            _ => write!(f, " = {};", self.ty),
        }
    }
}
