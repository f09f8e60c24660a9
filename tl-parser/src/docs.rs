//! td_api.tl documentation comments: `//@class`, `//@description`, `//@field` tags (several
//! may share a line), `//-` continuation lines; attaching them to the next definition.

use crate::model::{ClassDoc, Definition, DocTag};
use crate::position::LineIndex;

/// Collects doc lines until the definition they document.
#[derive(Default)]
pub(crate) struct DocCollector {
    /// Tags waiting for the next definition.
    pending: Vec<DocTag>,
    /// What a `//-` line continues.
    target: Target,
    /// Every `//@class` seen.
    pub(crate) classes: Vec<ClassDoc>,
}

#[derive(Default, Clone, Copy, PartialEq)]
enum Target {
    #[default]
    Nothing,
    LastPendingTag,
    LastClass,
}

/// One `@name text` piece of a doc line: (byte offset of the `@` within the line, name, text).
fn tags(text: &str) -> Vec<(usize, &str, &str)> {
    let mut starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| {
            c == '@'
                && (i == 0
                    || text
                        .get(..i)
                        .is_some_and(|t| t.ends_with(char::is_whitespace)))
        })
        .map(|(i, _)| i)
        .collect();
    starts.push(text.len());
    starts
        .windows(2)
        .filter_map(|w| {
            let &[at, end] = w else { return None };
            let piece = text.get(at + 1..end)?;
            let (name, rest) = piece.split_once(char::is_whitespace).unwrap_or((piece, ""));
            Some((at, name, rest.trim()))
        })
        .collect()
}

impl DocCollector {
    /// A `//@...` line; `text` starts at the `@`, which is at byte `offset` of the source.
    pub(crate) fn tag_line(&mut self, text: &str, offset: usize, index: &LineIndex<'_>) {
        let pieces = tags(text);
        if let Some(&(_, "class", class_name)) = pieces.first() {
            let description = pieces
                .iter()
                .find(|(_, name, _)| *name == "description")
                .map_or("", |(_, _, text)| text);
            self.classes.push(ClassDoc {
                name: class_name
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_owned(),
                description: description.to_owned(),
                span: index.span(offset.saturating_sub(2)),
            });
            self.target = Target::LastClass;
            return;
        }
        self.push_tags(&pieces, offset, index);
    }

    fn push_tags(&mut self, pieces: &[(usize, &str, &str)], offset: usize, index: &LineIndex<'_>) {
        for &(at, name, text) in pieces {
            self.pending.push(DocTag {
                name: name.to_owned(),
                text: text.to_owned(),
                span: index.span(offset + at),
            });
            self.target = Target::LastPendingTag;
        }
    }

    /// A `//-...` line; `text` is what follows `//-`, starting at byte `offset`.
    pub(crate) fn continuation_line(&mut self, text: &str, offset: usize, index: &LineIndex<'_>) {
        // The text continues the previous tag up to the first ` @tag`, which starts a new one.
        let first_tag = tags(text)
            .first()
            .map_or(text.len(), |&(at, _, _)| at)
            .min(text.len());
        let continued = text.get(..first_tag).unwrap_or("").trim();
        if !continued.is_empty() {
            let previous = match self.target {
                Target::Nothing => None,
                Target::LastPendingTag => self.pending.last_mut().map(|t| &mut t.text),
                Target::LastClass => self.classes.last_mut().map(|c| &mut c.description),
            };
            if let Some(previous) = previous {
                if !previous.is_empty() {
                    previous.push(' ');
                }
                previous.push_str(continued);
            }
        }
        if let Some(rest) = text.get(first_tag..) {
            self.push_tags(&tags(rest), offset + first_tag, index);
        }
    }

    /// Gives the pending tags to `definition`: `description` to the definition,
    /// `param_description` to a parameter named `description`, others to the parameter of
    /// that name. Every tag is also kept in `definition.doc_tags`.
    pub(crate) fn attach(&mut self, definition: &mut Definition) {
        let tags = std::mem::take(&mut self.pending);
        self.target = Target::Nothing;
        for tag in &tags {
            if tag.name == "description" {
                definition.description = Some(tag.text.clone());
                continue;
            }
            let field = documented_param(&tag.name);
            if let Some(param) = definition.params.iter_mut().find(|p| p.name == field) {
                param.may_be_null = tag.text.to_lowercase().contains("may be null");
                param.doc = Some(tag.text.clone());
            }
        }
        definition.doc_tags = tags;
    }
}

/// The parameter a doc tag documents (`param_description` documents `description`).
pub(crate) fn documented_param(tag: &str) -> &str {
    if tag == "param_description" {
        "description"
    } else {
        tag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_tags() {
        assert_eq!(
            tags("@description D d @code C c"),
            vec![(0, "description", "D d"), (17, "code", "C c")]
        );
        assert_eq!(tags("@a x@y z"), vec![(0, "a", "x@y z")]);
        assert_eq!(tags("@"), vec![(0, "", "")]);
        assert!(tags("no tags").is_empty());
    }
}
