//! Dropping what round trips do not carry: docs and spans.

use tl_parser::{Definition, Span};

/// `definition` without docs, doc tags and spans.
pub fn without_docs_and_spans(definition: &Definition) -> Definition {
    let mut d = definition.clone();
    d.description = None;
    d.doc_tags.clear();
    d.span = Span::default();
    for p in &mut d.params {
        p.doc = None;
        p.may_be_null = false;
        p.span = Span::default();
    }
    d
}
