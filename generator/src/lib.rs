//! sdkgen: reads OpenAPI 3.0/3.1 specs, classifies every operation's retry
//! safety, audits the spec, and emits Rust, Python and Node SDKs.

pub mod case;
pub mod check;
pub mod classify;
pub mod config;
pub mod defaults;
pub mod docs;
pub mod emit;
pub mod error;
pub mod escape;
pub mod inert;
pub mod ir;
pub mod load;
pub mod mock;
pub mod suggest;
pub mod verify;
