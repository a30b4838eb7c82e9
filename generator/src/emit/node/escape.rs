//! Escaping of spec text into JavaScript and TypeScript (Markdown: the shared
//! [`crate::escape`]).
//!
//! Every string that comes from the spec reaches a generated file through one
//! of these functions, and the view types make that the only way: spec text is
//! held as [`Text`], which has no `Display`, so a template can print it only
//! through a filter (`js_str`, `jsdoc`, `md`, `md_code`) that calls an escaper.
//!
//! - String literals are double-quoted with every character that could end the
//!   literal, the line or a surrounding `<script>` escaped (`"`, `\`, control
//!   characters, U+2028/U+2029, `<`, `>`). `"` is written `\u0022`, so prettier
//!   has no reason to switch to single quotes, and it keeps `\u` escapes as written.
//! - JSDoc comments never contain `*/` (written `*\/`) or `</` (written `<\/`),
//!   and no line starts with `@` (written `\@`), so spec text can neither end
//!   the comment (or an inline script) nor add a tag.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

/// Text from the spec. It has no `Display`: templates print it only through
/// an escaping filter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text(String);

impl Text {
    pub fn new(text: impl Into<String>) -> Text {
        Text(text.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

/// A documentation comment: paragraphs (spec text and the generator's own
/// sentences) and JSDoc tags the generator adds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doc {
    pub paragraphs: Vec<Text>,
    /// `@param name text` lines: the name is an identifier, the text spec text.
    pub params: Vec<(String, Text)>,
    /// Tags such as `@deprecated`; written by the generator, never from the spec.
    pub tags: Vec<&'static str>,
}

impl Doc {
    pub fn push(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !text.trim().is_empty() {
            self.paragraphs.push(Text::new(text));
        }
    }

    pub fn push_opt(&mut self, text: Option<&str>) {
        if let Some(t) = text {
            self.push(t);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.paragraphs.is_empty() && self.params.is_empty() && self.tags.is_empty()
    }
}

/// A JavaScript string literal holding `text` exactly.
pub fn js_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    // Printable ASCII other than `"`, `\`, `<` and `>` is written as it is.
    if text
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) && !matches!(b, b'"' | b'\\' | b'<' | b'>'))
    {
        out.push_str(text);
        out.push('"');
        return out;
    }
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\u0022"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' => out.push_str("\\u003C"),
            '>' => out.push_str("\\u003E"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 || c == '\u{7f}' || is_invisible(c) => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Characters that render as nothing or reorder text: written as escapes so a
/// reviewer sees them.
fn is_invisible(c: char) -> bool {
    matches!(c as u32, 0x80..=0x9f | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2064 | 0x2066..=0x2069 | 0xfeff)
}

/// Normalises spec text for comments and Markdown: `\r\n`, `\r`, U+2028 and
/// U+2029 become `\n`, and other control characters spaces. Text without
/// any of those is borrowed as it is.
fn normalise(text: &str) -> Cow<'_, str> {
    let changes = |c: char| {
        c != '\n' && (c.is_control() || is_invisible(c) || matches!(c, '\u{2028}' | '\u{2029}'))
    };
    // Printable ASCII and `\n` (most text) is checked a byte at a time.
    let ascii = text
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) || b == b'\n');
    if ascii || !text.chars().any(changes) {
        return Cow::Borrowed(text);
    }
    let unified = text
        .replace("\r\n", "\n")
        .replace(['\r', '\u{2028}', '\u{2029}'], "\n");
    Cow::Owned(
        unified
            .chars()
            .map(|c| {
                if c != '\n' && (c == '\t' || c.is_control() || is_invisible(c)) {
                    ' '
                } else {
                    c
                }
            })
            .collect(),
    )
}

/// The lines of [`normalise`]d text without their trailing whitespace, and
/// without the blank lines before the first and after the last (blank lines
/// inside stay). A blank line is one of whitespace only.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let first = text.find(|c: char| !c.is_whitespace());
    let last = text.rfind(|c: char| !c.is_whitespace());
    let kept = first.zip(last).map(|(first, last)| {
        let start = text[..first].rfind('\n').map_or(0, |n| n + 1);
        let end = text[last..].find('\n').map_or(text.len(), |n| last + n);
        &text[start..end]
    });
    kept.into_iter()
        .flat_map(|t| t.split('\n').map(str::trim_end))
}

/// One line of comment text made inert: no `*/`, no leading `@`, and no
/// `</` (a `</script>` would end an inline script even inside a comment).
fn comment_line(line: &str) -> Cow<'_, str> {
    if !line.contains("*/") && !line.contains("</") && !line.trim_start().starts_with('@') {
        return Cow::Borrowed(line);
    }
    let mut out = line.replace("*/", "*\\/").replace("</", "<\\/");
    let body = out.trim_start();
    if body.starts_with('@') {
        let at = out.len() - body.len();
        out.insert(at, '\\');
    }
    Cow::Owned(out)
}

/// A JSDoc comment (`/**` ... ` */`) at `indent` spaces, its lines each
/// ending in `\n`; nothing when the doc is empty. A one-line doc with no tags
/// stays on one line. Written straight into the file that prints it.
pub struct JsDoc<'a>(pub &'a Doc, pub usize);

impl fmt::Display for JsDoc<'_> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let JsDoc(doc, indent) = *self;
        if doc.is_empty() {
            return Ok(());
        }
        let paragraphs: Vec<Cow<str>> = doc
            .paragraphs
            .iter()
            .map(|p| normalise(p.as_str()))
            .collect();
        let params: Vec<Cow<str>> = doc
            .params
            .iter()
            .map(|(_, t)| normalise(t.as_str()))
            .collect();
        let mut body: Vec<Cow<str>> = Vec::new();
        for text in &paragraphs {
            let mut lines = lines(text).peekable();
            if lines.peek().is_none() {
                continue;
            }
            if !body.is_empty() {
                body.push(Cow::Borrowed(""));
            }
            body.extend(lines.map(comment_line));
        }
        if !doc.params.is_empty() || !doc.tags.is_empty() {
            if !body.is_empty() {
                body.push(Cow::Borrowed(""));
            }
            for ((name, _), text) in doc.params.iter().zip(&params) {
                let mut lines = lines(text);
                let mut first = format!("@param {name}");
                if let Some(l) = lines.next() {
                    first.push(' ');
                    first.push_str(&comment_line(l.trim_start()));
                }
                body.push(Cow::Owned(first));
                body.extend(lines.map(comment_line));
            }
            body.extend(doc.tags.iter().map(|t| Cow::Borrowed(*t)));
        }
        if body.is_empty() {
            return Ok(());
        }
        let pad = |out: &mut fmt::Formatter<'_>| (0..indent).try_for_each(|_| out.write_char(' '));
        if body.len() == 1 && doc.params.is_empty() && doc.tags.is_empty() {
            pad(out)?;
            return writeln!(out, "/** {} */", body[0]);
        }
        pad(out)?;
        out.write_str("/**\n")?;
        for line in &body {
            pad(out)?;
            if line.is_empty() {
                out.write_str(" *\n")?;
            } else {
                out.write_str(" * ")?;
                out.write_str(line)?;
                out.write_char('\n')?;
            }
        }
        pad(out)?;
        out.write_str(" */\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn jsdoc(doc: &Doc, indent: usize) -> String {
        JsDoc(doc, indent).to_string()
    }

    /// The first version of the comment escaping, a `String` for every
    /// line: the streaming one must write exactly what it wrote.
    mod line_at_a_time {
        use super::super::{is_invisible, Doc};

        pub fn normalise_lines(text: &str) -> Vec<String> {
            let plain = text
                .bytes()
                .all(|b| (0x20..0x7F).contains(&b) || b == b'\n');
            let mut lines: Vec<String> = if plain {
                text.split('\n').map(|l| l.trim_end().to_string()).collect()
            } else {
                let unified = text
                    .replace("\r\n", "\n")
                    .replace(['\r', '\u{2028}', '\u{2029}'], "\n");
                unified
                    .split('\n')
                    .map(|line| {
                        line.chars()
                            .map(|c| {
                                if c == '\t' || c.is_control() || is_invisible(c) {
                                    ' '
                                } else {
                                    c
                                }
                            })
                            .collect::<String>()
                            .trim_end()
                            .to_string()
                    })
                    .collect()
            };
            let start = lines
                .iter()
                .position(|l| !l.is_empty())
                .unwrap_or(lines.len());
            let end = lines
                .iter()
                .rposition(|l| !l.is_empty())
                .map_or(start, |i| i + 1);
            lines.truncate(end);
            lines.drain(..start);
            lines
        }

        fn comment_line(line: &str) -> String {
            let mut out = line.replace("*/", "*\\/").replace("</", "<\\/");
            let body = out.trim_start();
            if body.starts_with('@') {
                let at = out.len() - body.len();
                out.insert(at, '\\');
            }
            out
        }

        pub fn jsdoc(doc: &Doc, indent: usize) -> String {
            if doc.is_empty() {
                return String::new();
            }
            let pad = " ".repeat(indent);
            let mut body: Vec<String> = Vec::new();
            for paragraph in &doc.paragraphs {
                let lines = normalise_lines(paragraph.as_str());
                if lines.is_empty() {
                    continue;
                }
                if !body.is_empty() {
                    body.push(String::new());
                }
                body.extend(lines.iter().map(|l| comment_line(l)));
            }
            if !doc.params.is_empty() || !doc.tags.is_empty() {
                if !body.is_empty() {
                    body.push(String::new());
                }
                for (name, text) in &doc.params {
                    let lines = normalise_lines(text.as_str());
                    let mut first = format!("@param {name}");
                    if let Some(l) = lines.first() {
                        first.push(' ');
                        first.push_str(&comment_line(l.trim_start()));
                    }
                    body.push(first);
                    body.extend(lines.iter().skip(1).map(|l| comment_line(l)));
                }
                body.extend(doc.tags.iter().map(|t| t.to_string()));
            }
            if body.is_empty() {
                return String::new();
            }
            if body.len() == 1 && doc.params.is_empty() && doc.tags.is_empty() {
                return format!("{pad}/** {} */\n", body[0]);
            }
            let mut out = format!("{pad}/**\n");
            for line in body {
                if line.is_empty() {
                    out.push_str(&format!("{pad} *\n"));
                } else {
                    out.push_str(&format!("{pad} * {line}\n"));
                }
            }
            out.push_str(&format!("{pad} */\n"));
            out
        }
    }

    /// Spec text with what the escaping treats specially, often.
    fn hostile_text() -> impl Strategy<Value = String> {
        "[a-z@*/<> \\t\\r\\n\u{85}\u{a0}\u{1b}\u{7f}\u{200b}\u{2028}\u{2029}\u{3000}é]{0,24}"
    }

    proptest! {
        #[test]
        fn streamed_jsdoc_is_the_line_at_a_time_one(
            paragraphs in proptest::collection::vec(hostile_text(), 0..3),
            params in proptest::collection::vec(hostile_text(), 0..2),
            deprecated: bool,
            indent in 0usize..5,
        ) {
            let mut d = Doc {
                paragraphs: paragraphs.into_iter().map(Text::new).collect(),
                params: params.into_iter().map(|t| ("p".to_string(), Text::new(t))).collect(),
                ..Doc::default()
            };
            if deprecated {
                d.tags.push("@deprecated");
            }
            prop_assert_eq!(jsdoc(&d, indent), line_at_a_time::jsdoc(&d, indent));
        }

    }

    fn doc(text: &str) -> Doc {
        let mut d = Doc::default();
        d.push(text);
        d
    }

    #[test]
    fn string_literals_cannot_be_broken_out_of() {
        assert_eq!(js_string("plain"), "\"plain\"");
        assert_eq!(js_string("a\"b"), "\"a\\u0022b\"");
        assert_eq!(js_string("back\\slash"), "\"back\\\\slash\"");
        assert_eq!(
            js_string("</script><!--"),
            "\"\\u003C/script\\u003E\\u003C!--\""
        );
        assert_eq!(js_string("a\u{2028}b\u{2029}c"), "\"a\\u2028b\\u2029c\"");
        assert_eq!(js_string("line\nbreak\r\t"), "\"line\\nbreak\\r\\t\"");
        assert_eq!(js_string("\u{0}\u{1b}"), "\"\\u0000\\u001B\"");
        assert_eq!(js_string("${process.exit(1)}"), "\"${process.exit(1)}\"");
        assert_eq!(js_string("it's"), "\"it's\"");
        assert_eq!(js_string("GMT+0"), "\"GMT+0\"");
        assert_eq!(js_string("\u{202e}rtl"), "\"\\u202Ertl\"");
        // The only `"` and `\` left are the delimiters and escape introducers.
        let hostile = "\"; process.exit(1); \"\\";
        let lit = js_string(hostile);
        assert!(!lit[1..lit.len() - 1].contains('"'));
    }

    #[test]
    fn jsdoc_cannot_be_closed_or_tagged_from_the_spec() {
        let out = jsdoc(&doc("*/ process.exit(1) /*"), 2);
        assert_eq!(out, "  /** *\\/ process.exit(1) /* */\n");
        assert_eq!(out.matches("*/").count(), 1);
        let out = jsdoc(&doc("Fine.\n@deprecated not really\n  @param x"), 0);
        assert_eq!(
            out,
            "/**\n * Fine.\n * \\@deprecated not really\n *   \\@param x\n */\n"
        );
        let out = jsdoc(&doc("a\u{2028}b\r\nc\u{2029}d"), 0);
        assert_eq!(out, "/**\n * a\n * b\n * c\n * d\n */\n");
        let out = jsdoc(&doc("</script><script>alert(1)</script>"), 0);
        assert_eq!(out, "/** <\\/script><script>alert(1)<\\/script> */\n");
        // `**/` and `*//` stay closed-free too.
        let out = jsdoc(&doc("x **/ y */*/"), 0);
        assert_eq!(out.matches("*/").count(), 1);
    }

    #[test]
    fn jsdoc_layout() {
        assert_eq!(jsdoc(&Doc::default(), 4), "");
        assert_eq!(jsdoc(&doc("   \n  "), 4), "");
        let mut d = doc("First line.\n\nSecond paragraph.  ");
        d.push("Added.");
        d.tags.push("@deprecated");
        assert_eq!(
            jsdoc(&d, 2),
            "  /**\n   * First line.\n   *\n   * Second paragraph.\n   *\n   * Added.\n   *\n   * @deprecated\n   */\n"
        );
    }

    #[test]
    fn param_lines_keep_spec_text_inert() {
        let mut d = Doc::default();
        d.params.push((
            "transferId".into(),
            Text::new("The id. */ evil()\n@returns no"),
        ));
        d.params
            .push(("other".into(), Text::new("line one\n@throws x")));
        assert_eq!(
            jsdoc(&d, 0),
            "/**\n * @param transferId The id. *\\/ evil()\n * \\@returns no\n * @param other line one\n * \\@throws x\n */\n"
        );
    }
}
