//! The only ways a spec string reaches a page: Markdown prose, inline code,
//! and string literals in the Python and JavaScript code blocks. Each escaper
//! gives text that no input can break out of: no raw HTML, no Markdown
//! markup, no end of a code span or code block, no control or bidi character.

/// Spec text on one line: every run of whitespace, line breaks included,
/// becomes one space; control and format characters (bidi overrides,
/// zero-width characters) become U+FFFD.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(
            word.chars()
                .map(|c| if is_hidden(c) { '\u{FFFD}' } else { c }),
        );
    }
    out
}

/// Characters that change how text reads without being seen.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c as u32,
            0xAD | 0x061C | 0x180E | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF
        )
}

/// Prose: Markdown's punctuation is backslash-escaped and `<`, `>` and `&`
/// are written as entities, so the text can open no tag, link, emphasis,
/// heading, list or table cell.
pub fn md(text: &str) -> String {
    let text = one_line(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '{' | '}' | '#' | '+' | '-' | '.'
            | '!' | '|' | '~' | '"' | '\'' | ':' | '=' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Inline code holding `text` exactly (on one line), whatever backticks it
/// has: the fence is longer than any run of backticks inside. A table cell
/// cannot be ended from inside either: `|` is escaped, which GitHub-flavoured
/// Markdown undoes inside the code span.
pub fn code(text: &str) -> String {
    let text = one_line(text).replace('|', "\\|");
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    if longest > 0 || text.starts_with(' ') || text.ends_with(' ') || text.is_empty() {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// A double-quoted string literal of printable ASCII: `"`, `\` and the
/// backtick (which could end the Markdown code block around it) are escaped,
/// and so is every character outside printable ASCII, `astral` writing those
/// above U+FFFF.
fn literal(text: &str, astral: fn(u32) -> String) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        let cp = c as u32;
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '`' => out.push_str("\\u0060"),
            ' '..='~' => out.push(c),
            _ if cp <= 0xFFFF => out.push_str(&format!("\\u{cp:04x}")),
            _ => out.push_str(&astral(cp)),
        }
    }
    out.push('"');
    out
}

/// A Python string literal with the value `text`.
pub fn py(text: &str) -> String {
    literal(text, |cp| format!("\\U{cp:08x}"))
}

/// A JavaScript string literal with the value `text`.
pub fn js(text: &str) -> String {
    literal(text, |cp| format!("\\u{{{cp:x}}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVIL: &str = "</code><script>alert(1)</script> [x](javascript:alert(1)) ``` *em* | cell\n\n# heading \u{202E}bidi \u{0}";

    #[test]
    fn prose_opens_nothing() {
        let out = md(EVIL);
        assert!(!out.contains('<') && !out.contains('>'), "{out}");
        assert!(!out.contains('\n'));
        assert!(!out.contains('\u{202E}') && !out.contains('\0'));
        assert!(
            out.contains("\\[x\\]\\(javascript\\:alert\\(1\\)\\)"),
            "{out}"
        );
        assert!(out.contains("\\`\\`\\`"));
        assert!(out.contains("\\| cell \\# heading"));
        assert_eq!(md("Payments API"), "Payments API");
    }

    #[test]
    fn code_spans_hold_their_text() {
        assert_eq!(code("Idempotency-Key"), "`Idempotency-Key`");
        assert_eq!(code("a`b"), "`` a`b ``");
        assert_eq!(code("``x"), "``` ``x ```");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert!(!code(EVIL).contains('\n'));
    }

    #[test]
    fn literals_stay_literals() {
        assert_eq!(py("plain"), "\"plain\"");
        assert_eq!(py("a\"b\\c\n`"), "\"a\\\"b\\\\c\\n\\u0060\"");
        assert_eq!(py("é\u{202E}😀"), "\"\\u00e9\\u202e\\U0001f600\"");
        assert_eq!(js("é\u{202E}😀"), "\"\\u00e9\\u202e\\u{1f600}\"");
        for lit in [py(EVIL), js(EVIL)] {
            let inner = &lit[1..lit.len() - 1];
            assert!(inner.chars().all(|c| (' '..='~').contains(&c) && c != '`'));
            let mut escaped = false;
            for c in inner.chars() {
                if !escaped {
                    assert_ne!(c, '"', "{lit}");
                }
                escaped = !escaped && c == '\\';
            }
            assert!(!escaped);
        }
    }
}
