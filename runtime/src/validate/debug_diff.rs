//! The first difference between two values printed with `{:#?}`, named by its path
//! (`object.message.content.text.entities[2].offset`): how the validator reports a
//! disagreement for types generated without `Serialize` (`Serializers::Requests`).
//!
//! It relies only on the layout of pretty `Debug` output, which derived impls follow: one
//! entry per line, four spaces per level, `name: value` for a struct field, a line ending in
//! `{`, `(` or `[` opening a level and a line starting with `}`, `)` or `]` closing it.
//! Strings print escaped, so a value never spans lines.

/// One open level of the output: the path component that leads into it, and for a list the
/// number of items seen so far.
struct Level {
    label: String,
    is_list: bool,
    items: usize,
}

/// The path, the reader's line and the pointer's line at the first line where `a` and `b`
/// (both `{:#?}` output) differ; `None` when they are equal.
pub fn first_difference(a: &str, b: &str) -> Option<(String, String, String)> {
    let (a_lines, b_lines): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = (0..a_lines.len().max(b_lines.len())).find(|&i| a_lines.get(i) != b_lines.get(i))?;
    let mut open: Vec<Level> = Vec::new();
    let mut path = String::new();
    for line in a_lines.iter().take(at + 1) {
        let entry = line.trim_start();
        if entry.starts_with(['}', ')', ']']) {
            open.pop();
            continue;
        }
        let (field, value) = split_field(entry);
        let label = match (field, open.last_mut()) {
            (Some(name), _) => format!(".{name}"),
            (None, Some(parent)) if parent.is_list => {
                parent.items += 1;
                format!("[{}]", parent.items - 1)
            }
            (None, _) => String::new(),
        };
        path = open.iter().map(|l| l.label.as_str()).collect::<String>() + &label;
        let opener = value.trim_end_matches(',');
        if opener.ends_with(['{', '(', '[']) {
            open.push(Level {
                label,
                is_list: opener.ends_with('['),
                items: 0,
            });
        }
    }
    let path = path.trim_start_matches('.').to_string();
    let show = |line: Option<&&str>| {
        line.map_or_else(
            || "absent".to_string(),
            |l| {
                split_field(l.trim_start())
                    .1
                    .trim_end_matches(',')
                    .to_string()
            },
        )
    };
    Some((path, show(a_lines.get(at)), show(b_lines.get(at))))
}

/// `name: value` into the field name and the value; anything else is a bare value.
fn split_field(entry: &str) -> (Option<&str>, &str) {
    if let Some((name, value)) = entry.split_once(": ") {
        let name = name.strip_prefix("r#").unwrap_or(name);
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return (Some(name), value);
        }
    }
    (None, entry)
}

#[cfg(test)]
#[allow(dead_code, reason = "the test types are read through Debug only")]
mod tests {
    use super::first_difference;

    #[derive(Debug)]
    struct Entity {
        offset: i32,
        kind: Kind,
    }
    #[derive(Debug)]
    enum Kind {
        Bold,
        Url(String),
    }
    #[derive(Debug)]
    struct Text {
        text: String,
        entities: Vec<Entity>,
        link: Option<Box<Text>>,
    }

    fn text(offset: i32, url: &str, nested: &str) -> Text {
        Text {
            text: "a: \"{b\"\n".into(),
            entities: vec![
                Entity {
                    offset: 0,
                    kind: Kind::Bold,
                },
                Entity {
                    offset,
                    kind: Kind::Url(url.into()),
                },
            ],
            link: Some(Box::new(Text {
                text: nested.into(),
                entities: vec![],
                link: None,
            })),
        }
    }

    fn diff(a: &Text, b: &Text) -> Option<(String, String, String)> {
        first_difference(&format!("{a:#?}"), &format!("{b:#?}"))
    }

    #[test]
    fn names_the_first_differing_field() {
        let a = text(3, "x", "n");
        assert_eq!(diff(&a, &text(3, "x", "n")), None);
        assert_eq!(
            diff(&a, &text(4, "x", "n")),
            Some(("entities[1].offset".into(), "3".into(), "4".into()))
        );
        assert_eq!(
            diff(&a, &text(3, "y", "n")),
            Some(("entities[1].kind".into(), "\"x\"".into(), "\"y\"".into()))
        );
        assert_eq!(
            diff(&a, &text(3, "x", "m")),
            Some(("link.text".into(), "\"n\"".into(), "\"m\"".into()))
        );
    }

    #[test]
    fn a_missing_item_is_named_by_its_list() {
        let a = text(3, "x", "n");
        let mut b = text(3, "x", "n");
        b.entities.pop();
        let (path, reader, pointer) = diff(&a, &b).unwrap();
        assert_eq!(path, "entities[1]");
        assert_eq!(reader, "Entity {");
        assert_eq!(pointer, "]");
        b.link = None;
        b.entities = Vec::new();
        let (path, _, pointer) = diff(&a, &b).unwrap();
        assert_eq!((path.as_str(), pointer.as_str()), ("entities", "[]"));
    }
}
