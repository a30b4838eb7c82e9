//! Spec text made inert for a terminal: control characters (C0, DEL, C1)
//! and the bidirectional overrides are written as escapes, so a title, a
//! key or an operationId cannot move the cursor, clear the screen, hide
//! text or end a line in what sdkgen prints.

use std::borrow::Cow;

/// Whether `c` would act on a terminal rather than show.
fn acts(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character that would act on a terminal escaped
/// (`\n`, `\r`, `\t`, `\0`, else `\u{1b}`); borrowed when there is none.
pub fn inert(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if acts(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert!(matches!(inert("Payments API: é, 支付"), Cow::Borrowed(_)));
        assert_eq!(inert("a\nb\rc\td\0e"), "a\\nb\\rc\\td\\0e");
        assert_eq!(inert("\u{1b}[2J\u{7f}\u{9b}"), "\\u{1b}[2J\\u{7f}\\u{9b}");
        assert_eq!(inert("x\u{202e}y"), "x\\u{202e}y");
    }
}
