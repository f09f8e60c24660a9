//! Placeholder: filled by the pointer tokenizer work.
