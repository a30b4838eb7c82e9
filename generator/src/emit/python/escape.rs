//! The only ways a spec string reaches a generated file: Python string
//! literals and docstrings (TOML and Markdown: [`crate::escape`]). Each escaper
//! produces text that no input can break out of, in the exact form `ruff
//! format` leaves it.

use std::borrow::Cow;

/// Characters Python's `str.isprintable` rejects and that we therefore write
/// as escapes: controls, format characters (bidi overrides, zero-width),
/// separators other than the space, private use, surrogates, noncharacters.
fn is_printable(c: char) -> bool {
    let cp = c as u32;
    if (0x20..0x7F).contains(&cp) {
        return true;
    }
    if c.is_control() {
        return false;
    }
    let zs = matches!(
        cp,
        0xA0 | 0x1680 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000
    );
    let zl_zp = matches!(cp, 0x2028 | 0x2029);
    let cf = matches!(
        cp,
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x890..=0x891
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    );
    let private = matches!(cp, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
    let nonchar = matches!(cp, 0xFDD0..=0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
    !(zs || zl_zp || cf || private || nonchar)
}

/// The escape of a character that is not printable, lower-case hex as
/// `ruff format` writes it.
fn escape_char(c: char, out: &mut String) {
    let cp = c as u32;
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        _ if cp <= 0xFF => write_hex(out, "\\x", cp, 2),
        _ if cp <= 0xFFFF => write_hex(out, "\\u", cp, 4),
        _ => write_hex(out, "\\U", cp, 8),
    }
}

/// `prefix` then `cp` in `digits` lower-case hex digits.
fn write_hex(out: &mut String, prefix: &str, cp: u32, digits: usize) {
    use std::fmt::Write;
    // Writing to a String cannot fail.
    let _ = write!(out, "{prefix}{cp:0digits$x}");
}

/// A Python string literal with the value `text`. Double-quoted, like
/// `repr` but with the quote `ruff format` prefers: single quotes only when
/// the text holds more double quotes than single ones. Backslashes, the
/// quote, newlines and every non-printable character are escaped.
pub fn py_str(text: &str) -> String {
    // Printable ASCII without a double quote or a backslash, nearly every
    // name and value of a spec, needs no escape and takes double quotes.
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
    py_str_escaped(text)
}

/// [`py_str`] of any text, character by character.
fn py_str_escaped(text: &str) -> String {
    let doubles = text.matches('"').count();
    let singles = text.matches('\'').count();
    let quote = if doubles > singles { '\'' } else { '"' };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if c == quote {
            out.push('\\');
            out.push(c);
        } else if is_printable(c) {
            out.push(c);
        } else {
            escape_char(c, &mut out);
        }
    }
    out.push(quote);
    out
}

/// Escapes one line of docstring text onto `out`: backslashes, non-printable
/// characters, and any quote that would close the docstring or touch its
/// quotes (the third of a run of quotes, a quote at the very start or end).
fn docstring_line(line: &str, first: bool, last: bool, out: &mut String) {
    // Printable ASCII other than the quote and the backslash is kept as it is.
    if line
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\')
    {
        out.push_str(line);
        return;
    }
    let mut quotes = 0;
    for (i, c) in line.char_indices() {
        if c == '"' {
            // The quote is one byte: it is the line's last character when
            // nothing follows that byte.
            let at_end = last && i + 1 == line.len();
            // A quote right after the opening ones: `ruff format` would add a space.
            let at_start = first && i == 0;
            if quotes == 2 || at_end || at_start {
                out.push_str("\\\"");
                quotes = 0;
            } else {
                out.push('"');
                quotes += 1;
            }
            continue;
        }
        quotes = 0;
        if c == '\\' {
            out.push_str("\\\\");
        } else if is_printable(c) {
            out.push(c);
        } else {
            escape_char(c, out);
        }
    }
}

/// Words of `line` re-flowed so that each line, with `indent` before it,
/// fits in `width` columns. Continuation lines keep the line's indentation,
/// plus the width of a Markdown list marker when the line starts with one.
fn wrap_line(line: &str, indent: usize, width: usize, lines: &mut Vec<String>) {
    if indent + line.chars().count() <= width {
        lines.push(line.to_string());
        return;
    }
    let lead = line.len() - line.trim_start().len();
    let body = &line[lead..];
    let marker = list_marker_width(body);
    let next_prefix = " ".repeat(lead + marker);
    // `current` is ASCII spaces then words: `current_chars` counts its
    // characters as it grows.
    let mut current = " ".repeat(lead);
    let mut current_chars = lead;
    let mut has_word = false;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let word_chars = word.chars().count();
        let len = current_chars + usize::from(has_word) + word_chars;
        if has_word && indent + len > width {
            lines.push(std::mem::replace(&mut current, next_prefix.clone()));
            current_chars = next_prefix.len();
            has_word = false;
        }
        if has_word {
            current.push(' ');
            current_chars += 1;
        }
        current.push_str(word);
        current_chars += word_chars;
        has_word = true;
    }
    lines.push(current);
}

/// The width of a Markdown list marker (`- `, `* `, `12. `) at the start of `text`.
fn list_marker_width(text: &str) -> usize {
    if text.starts_with("- ") || text.starts_with("* ") || text.starts_with("+ ") {
        return 2;
    }
    let digits = text.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && text[digits..].starts_with(". ") {
        return digits + 2;
    }
    0
}

/// Lines of description text as a docstring body: CRLF normalised, trailing
/// blanks and surrounding blank lines dropped, the lines after the first
/// dedented by their common indentation (as `ruff format` does), and prose
/// lines wrapped to `width`. Fenced code, tables and indented code are kept
/// as they are.
pub fn doc_lines(text: &str, indent: usize, width: usize) -> Vec<String> {
    let normalised;
    let text = if text.contains('\r') {
        normalised = text.replace("\r\n", "\n").replace('\r', "\n");
        normalised.as_str()
    } else {
        text
    };
    let mut lines: Vec<Cow<str>> = text
        .split('\n')
        .map(|l| {
            let l = l.trim_end();
            if l.contains('\t') {
                Cow::Owned(l.replace('\t', "    "))
            } else {
                Cow::Borrowed(l)
            }
        })
        .collect();
    let blank_start = lines.iter().take_while(|l| l.is_empty()).count();
    lines.drain(..blank_start);
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return Vec::new();
    }
    let lead = lines[0].len() - lines[0].trim_start().len();
    lines[0] = from(&lines[0], lead);
    let common = lines[1..]
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    for l in lines[1..].iter_mut() {
        if !l.is_empty() {
            *l = from(l, common);
        }
    }
    let mut out = Vec::with_capacity(lines.len());
    let mut fenced = false;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            out.push(line.to_string());
            continue;
        }
        let keep = fenced
            || trimmed.starts_with('|')
            || (line.len() - trimmed.len() >= 4 && i > 0)
            || line.is_empty();
        // The first line sits after the opening quotes.
        let used = if i == 0 { indent + 3 } else { indent };
        if keep {
            out.push(line.to_string());
        } else {
            wrap_line(line, used, width, &mut out);
        }
    }
    out
}

/// `line` from byte `start` on, borrowed when it was.
fn from<'a>(line: &Cow<'a, str>, start: usize) -> Cow<'a, str> {
    match line {
        Cow::Borrowed(l) => Cow::Borrowed(&l[start..]),
        Cow::Owned(l) => Cow::Owned(l[start..].to_string()),
    }
}

/// A complete docstring literal for `text`, to be written at `indent`
/// spaces as the docstring of a module, class or function: `"""One line."""`
/// (whatever its width: `ruff format` closes a one-line docstring on its
/// line), or the first line after the opening quotes, the rest indented, and
/// the closing quotes on their own line. `text` may hold anything;
/// backslashes, quote runs and non-printable characters are escaped so the
/// docstring always ends where it should. Returns `None` for text with
/// nothing to say.
pub fn docstring(text: &str, indent: usize, width: usize) -> Option<String> {
    literal(text, indent, width, true)
}

/// [`docstring`] for the string after an assignment or a field (an
/// attribute's docstring), which `ruff format` leaves as it is written: a
/// line whose closing quotes would pass the width has them on the next line.
pub fn attribute_docstring(text: &str, indent: usize, width: usize) -> Option<String> {
    literal(text, indent, width, false)
}

/// [`docstring`] or [`attribute_docstring`]: `closes_on_its_line`, whether
/// a one-line text keeps its closing quotes however wide.
fn literal(text: &str, indent: usize, width: usize, closes_on_its_line: bool) -> Option<String> {
    let lines = doc_lines(text, indent, width);
    if lines.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8 + lines.len() * (indent + 1));
    out.push_str("\"\"\"");
    if lines.len() == 1 {
        docstring_line(&lines[0], true, true, &mut out);
        let body_chars = out[3..].chars().count();
        if closes_on_its_line || indent + 6 + body_chars <= width || !lines[0].contains(' ') {
            out.push_str("\"\"\"");
            return Some(out);
        }
        out.truncate(3);
    }
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                push_spaces(&mut out, indent);
            }
        }
        docstring_line(line, i == 0, false, &mut out);
    }
    out.push('\n');
    push_spaces(&mut out, indent);
    out.push_str("\"\"\"");
    Some(out)
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// Description text as one line: whitespace runs, newlines included,
/// become single spaces (for `Args:` entries and table cells).
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain-ASCII shortcut gives what the escaping loop gives.
    #[test]
    fn plain_literals_are_the_escaped_ones() {
        let samples = [
            "",
            "plain",
            "it's",
            "a b",
            "~!@#$%^&*()_+{}|:<>?`-=[];,./",
            "x\"y",
            "a\\b",
            "tab\t",
            "del\u{7f}",
            "caf\u{e9}",
            "'",
            "''\"",
            " lead and trail ",
        ];
        for text in samples {
            assert_eq!(py_str(text), py_str_escaped(text), "{text:?}");
        }
        for b in 0u8..0x80 {
            let text = format!("a{}b", char::from(b));
            assert_eq!(py_str(&text), py_str_escaped(&text), "{text:?}");
        }
    }

    #[test]
    fn string_literals_escape_everything_that_could_break_out() {
        assert_eq!(py_str("plain"), "\"plain\"");
        assert_eq!(py_str("\"\"\"; import os"), "'\"\"\"; import os'");
        assert_eq!(py_str("a\\b"), "\"a\\\\b\"");
        assert_eq!(py_str("line\nbreak\r\t"), "\"line\\nbreak\\r\\t\"");
        assert_eq!(py_str("it's"), "\"it's\"");
        assert_eq!(py_str("it's \"x\""), "'it\\'s \"x\"'");
        assert_eq!(py_str("say \"hi\" 'x'"), "\"say \\\"hi\\\" 'x'\"");
        assert_eq!(py_str("\u{7f}\u{0}"), "\"\\x7f\\x00\"");
        assert_eq!(py_str("\u{202e}evil\u{2028}"), "\"\\u202eevil\\u2028\"");
        assert_eq!(py_str("\u{e0041}"), "\"\\U000e0041\"");
        assert_eq!(py_str("GMT+0"), "\"GMT+0\"");
        assert_eq!(py_str("GMT-0"), "\"GMT-0\"");
        assert_eq!(py_str("café ✓"), "\"café ✓\"");
        assert_eq!(py_str(""), "\"\"");
    }

    #[test]
    fn docstrings_cannot_be_closed_by_their_content() {
        assert_eq!(
            docstring("\"\"\"; import os", 4, 100).unwrap(),
            "\"\"\"\\\"\"\"; import os\"\"\""
        );
        assert_eq!(
            docstring("\"quoted\" start", 0, 100).unwrap(),
            "\"\"\"\\\"quoted\" start\"\"\""
        );
        assert_eq!(
            docstring("ends with \"", 4, 100).unwrap(),
            "\"\"\"ends with \\\"\"\"\""
        );
        assert_eq!(
            docstring("\"\"\"\"\"", 0, 100).unwrap(),
            "\"\"\"\\\"\"\"\\\"\\\"\"\"\""
        );
        assert_eq!(
            docstring("a \\ b \\", 0, 100).unwrap(),
            "\"\"\"a \\\\ b \\\\\"\"\""
        );
        assert_eq!(
            docstring("nul \u{0} bell \u{7}", 0, 100).unwrap(),
            "\"\"\"nul \\x00 bell \\x07\"\"\""
        );
        assert_eq!(docstring("  \n \n", 4, 100), None);
    }

    #[test]
    fn docstrings_are_laid_out_as_ruff_leaves_them() {
        assert_eq!(
            docstring("First.\r\n\r\n   More   \n     deeper\n", 4, 100).unwrap(),
            "\"\"\"First.\n\n    More\n      deeper\n    \"\"\""
        );
        let long = "word ".repeat(30);
        let doc = docstring(&long, 8, 40).unwrap();
        for (i, line) in doc.lines().enumerate() {
            // The first line follows the indentation the template writes.
            let width = if i == 0 { line.len() + 8 } else { line.len() };
            assert!(width <= 40, "{line:?}");
        }
        assert!(doc.ends_with("\n        \"\"\""));
    }

    #[test]
    fn one_line_docstrings_close_on_their_line_and_attribute_ones_within_the_width() {
        // 92 characters: the line fits the width of 100 at indent 4 only
        // without the closing quotes.
        let text = format!("{}endings", "word ".repeat(17));
        assert_eq!(text.len(), 92);
        assert_eq!(
            docstring(&text, 4, 100).unwrap(),
            format!("\"\"\"{text}\"\"\"")
        );
        assert_eq!(
            attribute_docstring(&text, 4, 100).unwrap(),
            format!("\"\"\"{text}\n    \"\"\"")
        );
        // Shorter: both close on the line.
        assert_eq!(
            attribute_docstring("Short.", 4, 100).unwrap(),
            "\"\"\"Short.\"\"\""
        );
    }

    #[test]
    fn lists_wrap_under_their_marker_and_code_is_kept() {
        let lines = doc_lines(
            "Intro.\n\n- one two three four five six\n```\ncode code code code code code\n```",
            0,
            16,
        );
        assert_eq!(
            lines,
            [
                "Intro.",
                "",
                "- one two three",
                "  four five six",
                "```",
                "code code code code code code",
                "```"
            ]
        );
    }
}
