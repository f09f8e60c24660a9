//! td_api.tl pruned to `updateNewMessage`, `updateAuthorizationState`, `getOption` and
//! `testCallString` (see build.rs), in `both` mode.

include!(concat!(env!("OUT_DIR"), "/td_api.rs"));
