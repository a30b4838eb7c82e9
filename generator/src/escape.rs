//! The one Markdown escaper and the one TOML escaper: every README, docs page,
//! `Cargo.toml` and `pyproject.toml` takes spec text only through these.
//!
//! Markdown, whatever the text: no raw HTML, no link, image, emphasis,
//! heading, list, quote, table cell or code span opens, and none ends early;
//! no control, bidi or zero-width character survives (each becomes U+FFFD),
//! and text meant for one line stays on one line. TOML: a basic string whose
//! value is exactly the text.

/// Characters that change how text reads without being seen: controls,
/// bidi overrides and isolates, zero-width characters, the soft hyphen.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c as u32,
            0xAD | 0x061C | 0x180E | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF
        )
}

/// Spec text on one line: every run of whitespace, line breaks of every kind
/// included, becomes one space, leading and trailing whitespace goes, and
/// hidden characters become U+FFFD.
pub fn one_line(text: &str) -> String {
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

/// Characters that are Markdown wherever they stand: backslash-escaped.
fn is_inline_markup(c: char) -> bool {
    matches!(
        c,
        '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#' | '!' | '$'
    )
}

/// Escapes one line of text, already on one line, into `out`. Besides the
/// characters that are markup anywhere, the ones that are markup only at the
/// start of a line are escaped there: a leading `-` (a bullet, thematic
/// break or setext underline), `=` (a setext underline), a `+` bullet, and
/// the `.` or `)` after the number that opens an ordered list item.
fn push_escaped_line(line: &str, out: &mut String) {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    // A list marker is followed by a space or ends the line.
    let marker_ends = |at: usize| matches!(line.as_bytes().get(at + 1), None | Some(b' '));
    for (i, c) in line.char_indices() {
        let at_start = i == 0 && matches!(c, '-' | '=') || i == 0 && c == '+' && marker_ends(0);
        let list_number = i == digits && digits > 0 && matches!(c, '.' | ')') && marker_ends(i);
        if is_inline_markup(c) || at_start || list_number {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Prose on one line: Markdown that renders as exactly [`one_line`]'s text,
/// in a paragraph or a table cell alike.
pub fn md_inline(text: &str) -> String {
    let line = one_line(text);
    let mut out = String::with_capacity(line.len() + 8);
    push_escaped_line(&line, &mut out);
    out
}

/// Prose of several lines: each line as [`md_inline`] makes it, blank lines
/// kept as paragraph breaks (at most one in a row, none first or last).
pub fn md_block(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut blank_pending = false;
    for line in text
        .lines()
        .flat_map(|l| l.split(['\r', '\u{2028}', '\u{2029}', '\u{85}']))
    {
        let line = one_line(line);
        if line.is_empty() {
            blank_pending = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_pending { "\n\n" } else { "\n" });
        }
        blank_pending = false;
        push_escaped_line(&line, &mut out);
    }
    out
}

/// A code span holding [`one_line`]'s text exactly, whatever backticks it
/// has: the fence is longer than any run of backticks inside, and padded
/// with a space each side only where the text starts or ends with one. For prose; in a
/// table cell use [`md_code_cell`].
pub fn md_code(text: &str) -> String {
    fenced(&one_line(text))
}

/// A code span for a table cell: as [`md_code`], with `|` escaped, which
/// GitHub-flavoured Markdown undoes inside a cell's code span (and only
/// there), so the cell cannot be ended from inside.
pub fn md_code_cell(text: &str) -> String {
    fenced(&one_line(text).replace('|', "\\|"))
}

fn fenced(text: &str) -> String {
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
    // Padding only where the text would otherwise merge with the fence: a
    // renderer strips one space each side, and prettier writes none elsewhere.
    if text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']) || text.is_empty() {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// A TOML basic string with the exact value `text`: `"` and `\` escaped,
/// and every control character (which TOML refuses raw) written as an escape.
pub fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

    /// Hostile strings each escaper must keep inert.
    const HOSTILE: &[&str] = &[
        "</code><script>alert(1)</script>",
        "[x](javascript:alert(1)) ![i](http://x/i.png) <http://x>",
        "``` fence ``` and `code` and ``two``",
        "*em* **strong** _u_ ~~del~~ $math$",
        "a | b | c\n|---|---|",
        "# heading\n## two\n> quote",
        "- item\n+ item\n* item\n1. one\n2) two",
        "===\n---\n***\n___",
        "&amp; &lt;b&gt; &#60; \\*",
        "line\r\nbreaks\u{2028}every\u{2029}kind\u{85}here\u{b}and\u{c}",
        "\u{202E}bidi\u{2066} \u{200B}zero\u{FEFF}width \u{0}nul \u{1b}[31mansi \u{7f}",
        "    indented code\n\ttab",
        "{{ template }} {% tag %} \"quotes\" 'single'",
        "",
        "   ",
        "Payments API",
    ];

    /// The text a Markdown renderer shows for `markdown`, with the events
    /// other than text, a paragraph and a table around it.
    fn rendered(markdown: &str) -> (String, Vec<String>) {
        let mut text = String::new();
        let mut other = Vec::new();
        for event in Parser::new_ext(
            markdown,
            Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
        ) {
            match event {
                Event::Text(t) => text.push_str(&t),
                Event::Code(t) => {
                    other.push("code".into());
                    text.push_str(&t);
                }
                Event::SoftBreak => text.push('\n'),
                Event::Start(Tag::Paragraph) => {}
                Event::End(TagEnd::Paragraph) => text.push('\n'),
                e => other.push(format!("{e:?}")),
            }
        }
        text.truncate(text.trim_end_matches('\n').len());
        (text, other)
    }

    fn assert_inert_prose(hostile: &str) {
        let out = md_inline(hostile);
        assert!(!out.contains('\n'), "{out}");
        let (text, other) = rendered(&out);
        assert_eq!(text, one_line(hostile), "{out}");
        assert!(other.is_empty(), "{out} -> {other:?}");
        // In a table cell too: the row keeps its two cells.
        let table = format!("| a | b |\n| --- | --- |\n| {out} | x |\n");
        let cells = Parser::new_ext(&table, Options::ENABLE_TABLES)
            .filter(|e| matches!(e, Event::Start(Tag::TableCell)))
            .count();
        assert_eq!(cells, 4, "{table}");
    }

    #[test]
    fn prose_renders_as_its_text() {
        for hostile in HOSTILE {
            assert_inert_prose(hostile);
        }
        assert_eq!(md_inline("Payments API"), "Payments API");
        assert_eq!(md_inline("Create a transfer."), "Create a transfer.");
        assert_eq!(
            md_inline("<script>alert(1)</script> *x* _y_ [l](u) `c` |"),
            "\\<script\\>alert(1)\\</script\\> \\*x\\* \\_y\\_ \\[l\\](u) \\`c\\` \\|"
        );
        assert_eq!(md_inline("two\nlines  here\n\n"), "two lines here");
        assert_eq!(md_inline("- item"), "\\- item");
        assert_eq!(md_inline("12. twelve"), "12\\. twelve");
        assert_eq!(md_inline("a - b 1. c"), "a - b 1. c");
        assert_eq!(md_inline("0.9 s, version 2.3.0"), "0.9 s, version 2.3.0");
        assert_eq!(md_inline("+1 and 3)"), "+1 and 3)");
        assert_eq!(md_inline("3) three"), "3\\) three");
        assert_eq!(md_inline("+ x"), "\\+ x");
        assert_eq!(md_inline("--"), "\\--");
        assert_eq!(md_inline("\u{202E}x\u{0}"), "\u{FFFD}x\u{FFFD}");
    }

    #[test]
    fn blocks_keep_their_lines_and_nothing_else() {
        assert_eq!(
            md_block("\n\none\ntwo\n\n\n\nthree\n\n"),
            "one\ntwo\n\nthree"
        );
        assert_eq!(md_block("- a\n- b"), "\\- a\n\\- b");
        for hostile in HOSTILE {
            let out = md_block(hostile);
            let (text, other) = rendered(&out);
            assert!(other.is_empty(), "{out} -> {other:?}");
            assert!(!text.chars().any(|c| c != '\n' && is_hidden(c)), "{text:?}");
            // The words are the text's, in its order.
            assert_eq!(one_line(&text), one_line(hostile), "{out}");
        }
    }

    #[test]
    fn code_spans_hold_their_text() {
        assert_eq!(md_code("Idempotency-Key"), "`Idempotency-Key`");
        assert_eq!(md_code("a`b"), "``a`b``");
        assert_eq!(md_code("`a"), "`` `a ``");
        assert_eq!(md_code("other`|"), "``other`|``");
        assert_eq!(md_code("``x"), "``` ``x ```");
        assert_eq!(md_code("a|b"), "`a|b`");
        assert_eq!(md_code_cell("a|b"), "`a\\|b`");
        assert_eq!(md_code("x\ny"), "`x y`");
        for hostile in HOSTILE.iter().filter(|h| !one_line(h).is_empty()) {
            let (text, other) = rendered(&md_code(hostile));
            assert_eq!(other, ["code"], "{hostile:?}");
            assert_eq!(text, one_line(hostile));
            let row = format!(
                "| a | b |\n| --- | --- |\n| {} | x |\n",
                md_code_cell(hostile)
            );
            let mut cells = 0;
            let mut code = String::new();
            for e in Parser::new_ext(&row, Options::ENABLE_TABLES) {
                match e {
                    Event::Start(Tag::TableCell) => cells += 1,
                    Event::Code(t) => code.push_str(&t),
                    _ => {}
                }
            }
            assert_eq!((cells, code), (4, one_line(hostile)), "{row}");
        }
    }

    fn toml_value(text: &str) -> String {
        let doc: toml::Table = toml::from_str(&format!("k = {}", toml_string(text))).unwrap();
        doc["k"].as_str().unwrap().to_string()
    }

    #[test]
    fn toml_strings_hold_their_value() {
        assert_eq!(toml_string("a \"b\" \\ c\n"), r#""a \"b\" \\ c\n""#);
        assert_eq!(toml_string("\u{1}"), "\"\\u0001\"");
        assert_eq!(toml_string("\0"), "\"\\u0000\"");
        assert_eq!(toml_string("é😀"), "\"é😀\"");
        for text in [
            "\"\"\" ''' \\\\ \\u0041 \\n",
            "\0\u{1}\u{1f}\u{7f}\u{85}\t\r\n",
            "é 😀 \u{202E} \u{FEFF} \u{10FFFF}",
            "\"]\n[evil]\nx = 1",
        ]
        .iter()
        .chain(HOSTILE)
        {
            assert_eq!(toml_value(text), *text);
        }
    }

    proptest! {
        #[test]
        fn any_toml_string_round_trips(text in any::<String>()) {
            prop_assert_eq!(toml_value(&text), text);
        }

        #[test]
        fn any_prose_renders_as_its_text(text in "[ -~\n\u{202E}\u{0}é]{0,40}") {
            let (shown, other) = rendered(&md_inline(&text));
            prop_assert_eq!(shown, one_line(&text));
            prop_assert!(other.is_empty());
        }

        #[test]
        fn any_code_span_holds_its_text(text in "[ -~\n]{1,40}") {
            prop_assume!(!one_line(&text).is_empty());
            let (shown, other) = rendered(&md_code(&text));
            prop_assert_eq!(shown, one_line(&text));
            prop_assert_eq!(other, vec!["code".to_string()]);
        }
    }
}
