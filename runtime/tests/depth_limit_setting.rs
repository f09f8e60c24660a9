//! `limits::set_depth_limit`: both parsers follow a lowered limit and name it in the error.
//! Its own test binary, because the limit is process-wide.

use tlgen_runtime::JsonValue;
use tlgen_runtime::limits::{DepthLimitError, MAX_DEPTH, depth_limit, set_depth_limit};
use tlgen_runtime::parse::from_cursor;
use tlgen_runtime::pointer::{ErrorKind, NulTerminated};
use tlgen_runtime::reader::DepthGuard;

fn nested_arrays(levels: usize) -> NulTerminated {
    NulTerminated::from(format!("{}{}", "[".repeat(levels), "]".repeat(levels)))
}

#[test]
fn a_lowered_limit_applies_to_both_parsers_and_is_named() {
    assert_eq!(depth_limit(), MAX_DEPTH);
    assert_eq!(set_depth_limit(0), Err(DepthLimitError { requested: 0 }));
    assert!(set_depth_limit(MAX_DEPTH + 1).is_err());
    assert_eq!(depth_limit(), MAX_DEPTH);

    set_depth_limit(10).unwrap();
    // pointer: read (JsonValue) and skipped
    let ok = nested_arrays(10);
    assert!(from_cursor::<JsonValue>(ok.cursor()).is_ok());
    assert!(ok.cursor().skip_value(1).is_ok());
    let deep = nested_arrays(11);
    let e = from_cursor::<JsonValue>(deep.cursor()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DepthLimitExceeded);
    assert_eq!(
        e.to_string(),
        "at byte 10: maximum nesting depth 10 exceeded"
    );
    let e = deep.cursor().skip_value(1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DepthLimitExceeded);

    // reader: the guard every generated visitor takes
    let guards: Vec<DepthGuard> = (0..10)
        .map(|_| DepthGuard::enter::<serde_json::Error>().unwrap())
        .collect();
    let e = DepthGuard::enter::<serde_json::Error>().err().unwrap();
    assert_eq!(e.to_string(), "maximum nesting depth 10 exceeded");
    drop(guards);

    set_depth_limit(MAX_DEPTH).unwrap();
    assert!(from_cursor::<JsonValue>(deep.cursor()).is_ok());
}
