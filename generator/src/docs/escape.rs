//! String literals in the pages' Python and JavaScript code blocks. Prose
//! and inline code go through the shared Markdown escaper
//! ([`crate::escape`]); these literals give text that no input can break out
//! of: no end of the literal or of the code block, no control or bidi
//! character.

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
