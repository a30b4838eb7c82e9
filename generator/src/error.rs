//! Errors that stop sdkgen, each naming the file, the place in it and what to do.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::inert::inert;

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
        // Spec text in a message is made inert: it reaches a terminal.
        write!(f, "{}", inert(&self.file.display().to_string()))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.pointer.is_empty() {
            write!(f, " at {}", inert(&self.pointer))?;
        }
        write!(f, ": {}", inert(&self.message))?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {}", inert(hint))?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Escapes one reference token of a JSON pointer (RFC 6901).
pub fn escape_token(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    push_escaped(&mut out, token);
    out
}

/// Appends `token` escaped: `~` as `~0`, `/` as `~1` (one pass, so a `~1`
/// made from `/` is never escaped again).
pub fn push_escaped(out: &mut String, token: &str) {
    let mut rest = token;
    while let Some(at) = rest.bytes().position(|b| b == b'~' || b == b'/') {
        out.push_str(&rest[..at]);
        out.push_str(if rest.as_bytes()[at] == b'~' {
            "~0"
        } else {
            "~1"
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// Appends `/` and an array index, as `format!("{pointer}/{i}")` would
/// without the formatting machinery.
pub fn push_index(out: &mut String, index: usize) {
    use std::fmt::Write;
    write!(out, "/{index}").expect("writing to a String cannot fail");
}

/// Undoes [`escape_token`].
pub fn unescape_token(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Joins a pointer and one more token.
pub fn join_pointer(base: &str, token: &str) -> String {
    let mut out = String::with_capacity(base.len() + 1 + token.len() + 2);
    out.push_str(base);
    out.push('/');
    push_escaped(&mut out, token);
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_tokens_escape_and_join() {
        assert_eq!(escape_token("a/b~c"), "a~1b~0c");
        assert_eq!(escape_token("~1/"), "~01~1");
        assert_eq!(escape_token("plain"), "plain");
        assert_eq!(unescape_token(&escape_token("~1/x~")), "~1/x~");
        assert_eq!(join_pointer("/paths", "/v1/{id}~x"), "/paths/~1v1~1{id}~0x");
        assert_eq!(join_pointer("", "a"), "/a");
    }
}
