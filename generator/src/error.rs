//! Errors that stop sdkgen, each naming the file, the place in it and what to do.

use std::fmt;
use std::path::{Path, PathBuf};

/// A fatal problem with the input, reported to the user and mapped to exit code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file the problem is in.
    pub file: PathBuf,
    /// A JSON pointer into that file (empty for the whole document).
    pub pointer: String,
    /// 1-based line, where it is known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// What the user can do about it.
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(file: &Path, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.to_path_buf(),
            pointer: pointer.into(),
            line: None,
            message: message.into(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_line(mut self, line: Option<usize>) -> Self {
        if line.is_some() {
            self.line = line;
        }
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.pointer.is_empty() {
            write!(f, " at {}", self.pointer)?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Escapes one reference token of a JSON pointer (RFC 6901).
pub fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Undoes [`escape_token`].
pub fn unescape_token(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Joins a pointer and one more token.
pub fn join_pointer(base: &str, token: &str) -> String {
    format!("{base}/{}", escape_token(token))
}

/// Something sdkgen coped with but the user should know about: a construct
/// mapped to a looser type, a bound that does not fit, ...
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Warning {
    /// A short stable kind, for grouping in summaries.
    pub kind: &'static str,
    /// Where in the (bundled) document.
    pub pointer: String,
    pub message: String,
}
