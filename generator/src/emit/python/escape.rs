//! The only ways a spec string reaches a generated file: Python string
//! literals, docstrings, TOML strings and Markdown table cells. Each escaper
//! produces text that no input can break out of, in the exact form `ruff
//! format` leaves it.

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
        _ if cp <= 0xFF => out.push_str(&format!("\\x{cp:02x}")),
        _ if cp <= 0xFFFF => out.push_str(&format!("\\u{cp:04x}")),
        _ => out.push_str(&format!("\\U{cp:08x}")),
    }
}

/// A Python string literal with the value `text`. Double-quoted, like
/// `repr` but with the quote `ruff format` prefers: single quotes only when
/// the text holds more double quotes than single ones. Backslashes, the
/// quote, newlines and every non-printable character are escaped.
pub fn py_str(text: &str) -> String {
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

/// Escapes one line of docstring text: backslashes, non-printable
/// characters, and any quote that would close the docstring or touch its
/// quotes (the third of a run of quotes, a quote at the very start or end).
fn docstring_line(line: &str, first: bool, last: bool) -> String {
    let mut out = String::with_capacity(line.len());
    let mut quotes = 0;
    let chars: Vec<char> = line.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' {
            let at_end = last && i + 1 == chars.len();
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
            escape_char(c, &mut out);
        }
    }
    out
}

/// Words of `line` re-flowed so that each line, with `indent` before it,
/// fits in `width` columns. Continuation lines keep the line's indentation,
/// plus the width of a Markdown list marker when the line starts with one.
fn wrap_line(line: &str, indent: usize, width: usize) -> Vec<String> {
    if indent + line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let lead = line.len() - line.trim_start().len();
    let body = &line[lead..];
    let marker = list_marker_width(body);
    let first_prefix = " ".repeat(lead);
    let next_prefix = " ".repeat(lead + marker);
    let mut lines = Vec::new();
    let mut current = first_prefix.clone();
    let mut has_word = false;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let len = current.chars().count() + usize::from(has_word) + word.chars().count();
        if has_word && indent + len > width {
            lines.push(std::mem::replace(&mut current, next_prefix.clone()));
            has_word = false;
        }
        if has_word {
            current.push(' ');
        }
        current.push_str(word);
        has_word = true;
    }
    lines.push(current);
    lines
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
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines: Vec<String> = text
        .split('\n')
        .map(|l| l.trim_end().replace('\t', "    "))
        .collect();
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return lines;
    }
    lines[0] = lines[0].trim_start().to_string();
    let common = lines[1..]
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    for l in lines[1..].iter_mut() {
        if !l.is_empty() {
            *l = l[common..].to_string();
        }
    }
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            out.push(line.clone());
            continue;
        }
        let keep = fenced
            || trimmed.starts_with('|')
            || (line.len() - trimmed.len() >= 4 && i > 0)
            || line.is_empty();
        // The first line sits after the opening quotes.
        let used = if i == 0 { indent + 3 } else { indent };
        if keep {
            out.push(line.clone());
        } else {
            out.extend(wrap_line(line, used, width));
        }
    }
    out
}

/// A complete docstring literal for `text`, to be written at `indent`
/// spaces: `"""One line."""`, or the first line after the opening quotes,
/// the rest indented, and the closing quotes on their own line. `text` may
/// hold anything; backslashes, quote runs and non-printable characters are
/// escaped so the docstring always ends where it should. Returns `None` for
/// text with nothing to say.
pub fn docstring(text: &str, indent: usize, width: usize) -> Option<String> {
    let lines = doc_lines(text, indent, width);
    if lines.is_empty() {
        return None;
    }
    let pad = " ".repeat(indent);
    if lines.len() == 1 {
        let body = docstring_line(&lines[0], true, true);
        if indent + 6 + body.chars().count() <= width || !lines[0].contains(' ') {
            return Some(format!("\"\"\"{body}\"\"\""));
        }
    }
    let mut out = String::from("\"\"\"");
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&pad);
            }
        }
        out.push_str(&docstring_line(line, i == 0, false));
    }
    out.push('\n');
    out.push_str(&pad);
    out.push_str("\"\"\"");
    Some(out)
}

/// Description text as one line: whitespace runs, newlines included,
/// become single spaces (for `Args:` entries and table cells).
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A TOML basic string with the value `text`.
pub fn toml_str(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for one cell of a Markdown table, or inline Markdown: on one line,
/// with the pipe and backticks that would end the cell or code span escaped.
pub fn md_cell(text: &str) -> String {
    one_line(text).replace('\\', "\\\\").replace('|', "\\|")
}

/// Inline code in Markdown holding `text` exactly, whatever backticks it has.
pub fn md_code(text: &str) -> String {
    let text = one_line(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if text.starts_with('`') || text.ends_with('`') {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn toml_and_markdown() {
        assert_eq!(
            toml_str("a \"b\" \\ \n\u{1}"),
            "\"a \\\"b\\\" \\\\ \\n\\u0001\""
        );
        assert_eq!(md_cell("a | b\nc"), "a \\| b c");
        assert_eq!(md_code("x"), "`x`");
        assert_eq!(md_code("a`b"), "``a`b``");
        assert_eq!(md_code("`a"), "`` `a ``");
    }
}
