//! The Python emitter.

use super::{OutputFile, PackageInfo};
use crate::ir::Api;

pub fn emit(_api: &Api, _package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    Err(
        "the python emitter is not part of this build yet; no files were written for it"
            .to_string(),
    )
}
