//! Attributes the user adds to generated items, in the style of prost-build's `type_attribute`
//! and `field_attribute`: each rule is a path of TL names and an attribute written as Rust
//! (`#[derive(Hash)]`), checked for syntax and stored on the model items it matches, where the
//! emitters write it.
//!
//! Paths:
//! - types: `.` (every constructor, class and function), or the TL name of one of them
//!   (`updateNewMessage`, `Update`, `getMe`, `auth.sentCode`);
//! - fields: `.` (every field), or `<constructor or function>.<field>` (`user.first_name`,
//!   `auth.sentCode.type`: the field is what follows the last dot).
//!
//! A rule that matches nothing in the generated schema (a typo, or an item pruned away) is an
//! error naming the rule.

use crate::error::Error;
use crate::model::Model;

/// One `type_attribute` or `field_attribute` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rule {
    pub path: String,
    pub attribute: String,
}

/// Adds the attributes of `types` and `fields` to the items of `model` they match.
pub(crate) fn apply(model: &mut Model, types: &[Rule], fields: &[Rule]) -> Result<(), Error> {
    let tagged = types
        .iter()
        .map(|rule| ("type_attribute", rule))
        .chain(fields.iter().map(|rule| ("field_attribute", rule)));
    for (option, rule) in tagged {
        check_syntax(&rule.attribute)
            .map_err(|problem| Error::option(option, &rule.attribute, problem))?;
    }
    for rule in types {
        let all = rule.path == ".";
        let mut matched = 0;
        for s in model.structs.iter_mut().chain(model.functions.iter_mut()) {
            if all || s.tl_name == rule.path {
                s.attributes.push(rule.attribute.clone());
                matched += 1;
            }
        }
        for c in &mut model.classes {
            if all || c.tl_name == rule.path {
                c.attributes.push(rule.attribute.clone());
                matched += 1;
            }
        }
        if matched == 0 {
            return Err(Error::option(
                "type_attribute",
                &rule.path,
                format!(
                    "no constructor, class or function of that name is generated (attribute `{}`)",
                    rule.attribute
                ),
            ));
        }
    }
    for rule in fields {
        let (owner, field) = match rule.path.rsplit_once('.') {
            _ if rule.path == "." => ("", ""),
            Some((owner, field)) if !owner.is_empty() && !field.is_empty() => (owner, field),
            _ => {
                return Err(Error::option(
                    "field_attribute",
                    &rule.path,
                    format!(
                        "expected `.` or `<constructor>.<field>` (attribute `{}`)",
                        rule.attribute
                    ),
                ));
            }
        };
        let all = rule.path == ".";
        let mut matched = 0;
        for s in model.structs.iter_mut().chain(model.functions.iter_mut()) {
            if !all && s.tl_name != owner {
                continue;
            }
            for f in &mut s.fields {
                if all || f.tl_name == field {
                    f.attributes.push(rule.attribute.clone());
                    matched += 1;
                }
            }
        }
        if matched == 0 {
            return Err(Error::option(
                "field_attribute",
                &rule.path,
                format!(
                    "no generated constructor or function `{owner}` has a field `{field}` (attribute `{}`)",
                    rule.attribute
                ),
            ));
        }
    }
    Ok(())
}

/// `attribute` must be one or more outer attributes (`#[derive(Hash)]`, `#[serde(skip)]`).
fn check_syntax(attribute: &str) -> Result<(), String> {
    use syn::parse::Parser;
    match syn::Attribute::parse_outer.parse_str(attribute) {
        Ok(attributes) if !attributes.is_empty() => Ok(()),
        Ok(_) => Err(format!(
            "attribute `{attribute}` is empty: expected `#[...]`"
        )),
        Err(e) => Err(format!(
            "attribute `{attribute}` is not Rust attribute syntax: {e}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::check_syntax;

    #[test]
    fn attribute_syntax() {
        assert!(check_syntax("#[derive(Hash)]").is_ok());
        assert!(check_syntax("#[derive(Eq)] #[serde(rename_all = \"camelCase\")]").is_ok());
        assert!(check_syntax("derive(Hash)").is_err());
        assert!(check_syntax("").is_err());
        assert!(check_syntax("#[derive(Hash)").is_err());
    }
}
