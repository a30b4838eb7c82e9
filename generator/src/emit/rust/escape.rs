//! How spec text reaches generated files: only through these functions.
//!
//! - Rust doc comments: `///` lines, one per line of text, so nothing can end
//!   the comment early; line breaks of every kind split lines, control and
//!   bidirectional-override characters are replaced, tabs become spaces.
//! - Rust string literals: `{:?}` of the text, which escapes `"`, `\` and
//!   every control character, so no text can end the literal.
//! - TOML and Markdown: the shared escaper, [`crate::escape`].

/// Characters that end a line in some editor or lexer.
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0085}' | '\u{2028}' | '\u{2029}' | '\u{000B}' | '\u{000C}'
    )
}

/// Bidirectional controls, which rustc refuses in comments
/// (`text_direction_codepoint_in_comment`) and which hide what code does.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Calls `each` with the lines of spec text as they may appear in a
/// comment: no control characters, no trailing blanks, no leading or
/// trailing empty lines, at most one empty line in a row.
fn for_each_text_line(text: &str, mut each: impl FnMut(&str)) {
    // An empty line is written only once a non-empty one follows it.
    let mut blank_pending = false;
    let mut started = false;
    let mut line_done = |line: &str| {
        let line = line.trim_end();
        if line.is_empty() {
            blank_pending = started;
            return;
        }
        if blank_pending {
            each("");
            blank_pending = false;
        }
        started = true;
        each(line);
    };
    // Printable ASCII and `\n`: nothing to replace, and `\n` is the only
    // line break.
    if text
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) || b == b'\n')
    {
        text.split('\n').for_each(line_done);
        return;
    }
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_line_break(c) {
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
            }
            line_done(&current);
            current.clear();
        } else if c == '\t' {
            current.push_str("    ");
        } else if c.is_control() || is_bidi_control(c) {
            current.push('\u{FFFD}');
        } else {
            current.push(c);
        }
    }
    line_done(&current);
}

/// A `///` doc comment of `text`, each line indented by `indent` spaces and
/// ending with a newline; empty when the text is blank.
pub fn doc_comment(text: &str, indent: usize) -> String {
    comment_lines(text, indent, "///")
}

/// A `//!` inner doc comment of `text`.
pub fn inner_doc_comment(text: &str) -> String {
    comment_lines(text, 0, "//!")
}

fn comment_lines(text: &str, indent: usize, marker: &str) -> String {
    let mut out = String::new();
    for_each_text_line(text, |line| {
        out.extend(std::iter::repeat_n(' ', indent));
        out.push_str(marker);
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    });
    out
}

/// A Rust string literal with the exact value `text`.
pub fn string_literal(text: &str) -> String {
    // `{:?}` leaves printable ASCII other than `"` and `\` as it is.
    if text
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\')
    {
        let mut out = String::with_capacity(text.len() + 2);
        out.push('"');
        out.push_str(text);
        out.push('"');
        return out;
    }
    format!("{text:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVIL: &str = "*/ } fn evil() {\n#[cfg(all())] fn injected() {}\r\n`code` ``` \"quote\" \\ \u{202E}bidi\u{2028}sep\u{0}nul\ttab   ";

    #[test]
    fn doc_comments_cannot_be_left() {
        let doc = doc_comment(EVIL, 4);
        for line in doc.lines() {
            assert!(line.starts_with("    ///"), "{line:?}");
            assert!(!line.ends_with(' '), "{line:?}");
        }
        assert!(!doc.contains('\r'));
        assert!(!doc.contains('\u{202E}'));
        assert!(!doc.contains('\u{2028}'));
        assert!(!doc.contains('\0'));
        assert!(!doc.contains('\t'));
        assert_eq!(doc.lines().count(), 4);
        assert!(
            doc.starts_with("    /// */ } fn evil() {\n    /// #[cfg(all())] fn injected() {}\n")
        );
        assert_eq!(doc_comment("", 0), "");
        assert_eq!(doc_comment("\n\n  \n", 0), "");
        assert_eq!(doc_comment("a\n\n\n\nb\n", 0), "/// a\n///\n/// b\n");
    }

    #[test]
    fn string_literals_cannot_be_left() {
        let lit = string_literal(EVIL);
        assert!(lit.starts_with('"') && lit.ends_with('"'));
        let inner = &lit[1..lit.len() - 1];
        // Every quote inside is escaped and no raw line break or control survives.
        let mut escaped = false;
        for c in inner.chars() {
            if escaped {
                escaped = false;
                continue;
            }
            assert_ne!(c, '"', "{lit}");
            assert!(!c.is_control(), "{lit}");
            escaped = c == '\\';
        }
        assert!(!escaped);
        assert_eq!(string_literal("GMT+0"), "\"GMT+0\"");
        assert_eq!(string_literal("a\"b\\c"), r#""a\"b\\c""#);
    }
}
