//! Validation crate: td_api.tl generated in `both` mode, and the suites that check it.
