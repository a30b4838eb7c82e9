//! Parsing a big YAML document in pieces, on every core.
//!
//! A spec like Stripe's is one block mapping whose big values (`paths`,
//! `components/schemas`) are block mappings with hundreds of entries. The
//! text of a run of sibling entries is itself a YAML document (a block
//! mapping may start at any column), so the runs can be parsed on their own,
//! at the same time, and their entries inserted in document order into the
//! mappings that hold them.
//!
//! This is only a faster way to the value the one-piece parse gives, so it
//! is taken only where that is sure, and the caller parses the document in
//! one piece otherwise (and always when anything fails, so every error is
//! the one-piece parse's, with its line):
//!
//! * The text is cut only before a line at exactly the indentation `k` of
//!   the mapping being cut, and only when every other line of that mapping's
//!   text is blank, a comment or indented deeper than `k`, and every line at
//!   `k` starts like a plain or quoted key. In block context such a line
//!   always starts a new entry: block scalars and plain multi-line scalars
//!   continue only on lines indented deeper than their mapping. A quoted
//!   scalar or flow collection that a cut would split leaves the piece before
//!   the cut unterminated, which is a parse error, and so a fallback.
//! * A piece must parse to a mapping; its entries go into the parent in the
//!   order they come; a key repeated across pieces is a fallback, and the
//!   one-piece parse reports it as an error.
//! * A value is split further only when its key stands alone on its line
//!   (`key:`), so the value is exactly the mapping below it; the key itself is
//!   read by parsing that line alone.
//! * Documents with anchors are not cut (an alias in one piece could name an
//!   anchor in another; yaml_serde also bounds alias expansion by the size of
//!   the whole document). Without anchors every alias fails to resolve, in
//!   either parse. Directives, document markers and tabs in indentation are
//!   not cut either.
//! * yaml_serde refuses nesting deeper than [`MAX_DEPTH`]: each piece reports
//!   its depth, and a piece that would be too deep in place is a fallback.

use std::ops::Range;

use serde_json::{Map, Value};

use super::events::MAX_DEPTH;

/// Smaller documents are parsed in one piece: starting threads costs more
/// than it saves.
pub const MIN_SPLIT_BYTES: usize = 256 * 1024;

/// Parses one piece: its value and nesting depth, or `None` on any error.
pub type PieceParser = fn(&str) -> Option<(Value, usize)>;

/// The value of `text` parsed in pieces with `parse_piece`, or `None` when
/// the document cannot be cut safely (the caller then parses it whole).
pub fn parse(text: &str, parse_piece: PieceParser) -> Option<Value> {
    parse_on(text, super::parallel::threads(), parse_piece)
}

fn parse_on(text: &str, threads: usize, parse_piece: PieceParser) -> Option<Value> {
    if threads < 2 || text.len() < MIN_SPLIT_BYTES || has_anchor(text) {
        return None;
    }
    let lines = scan_lines(text)?;
    let mut plan = Plan {
        text,
        lines: &lines,
        target: (text.len() / (threads * 16)).max(32 * 1024),
        pieces: Vec::new(),
    };
    let root = plan.mapping(0..lines.len(), None, 0)?;
    let parsed = parse_all(text, &plan.pieces, threads, parse_piece)?;
    let mut parsed: Vec<Option<Value>> = parsed.into_iter().map(Some).collect();
    assemble(text, &root, &mut parsed, parse_piece).map(Value::Object)
}

/// One line of the text.
struct Line {
    /// Byte range, with its line break.
    bytes: Range<usize>,
    /// Leading spaces.
    indent: usize,
    /// Not blank and not a comment.
    content: bool,
    /// Starts like a plain or quoted key.
    keyish: bool,
}

fn scan_lines(text: &str) -> Option<Vec<Line>> {
    let mut lines = Vec::with_capacity(text.len() / 32);
    let bytes = text.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let end = memchr_newline(bytes, start).map_or(bytes.len(), |i| i + 1);
        let line = &bytes[start..end];
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let rest = &line[indent..];
        let first = rest.first().copied();
        if first == Some(b'\t') {
            return None;
        }
        if indent == 0
            && (rest.starts_with(b"---") || rest.starts_with(b"...") || first == Some(b'%'))
        {
            return None;
        }
        let blank = rest.iter().all(|b| matches!(b, b' ' | b'\r' | b'\n'));
        let content = !blank && first != Some(b'#');
        let keyish = first.is_some_and(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'/' | b'$' | b'"' | b'\'')
        });
        lines.push(Line {
            bytes: start..end,
            indent,
            content,
            keyish,
        });
        start = end;
    }
    Some(lines)
}

fn memchr_newline(bytes: &[u8], from: usize) -> Option<usize> {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| from + i)
}

/// Whether the text may define an anchor: a `&` where a node can start (at
/// the start of a line, after an indicator, or after a tag). Errs on the
/// side of yes; Markdown's `&` inside text is not at such a place.
fn has_anchor(text: &str) -> bool {
    text.match_indices('&').any(|(at, _)| {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let before = text[line_start..at].trim_end();
        match before.chars().last() {
            None => true,
            Some(':' | '-' | '?' | '[' | '{' | ',') => true,
            Some(_) => before
                .split_whitespace()
                .last()
                .is_some_and(|word| word.starts_with('!')),
        }
    })
}

/// How a mapping is put back together from pieces.
struct Mapping {
    parts: Vec<Part>,
}

enum Part {
    /// A run of entries parsed as one piece (index into the pieces).
    Piece(usize),
    /// An entry whose value is a mapping cut further: the bytes of its key line.
    Nested { key: Range<usize>, value: Mapping },
}

struct Plan<'a> {
    text: &'a str,
    lines: &'a [Line],
    /// The size a piece grows to before it is closed.
    target: usize,
    /// Byte ranges of the pieces, with how many mappings hold each.
    pieces: Vec<(Range<usize>, usize)>,
}

impl Plan<'_> {
    /// Plans the mapping whose text is the lines `range`; `parent_indent` is
    /// the indentation of its key line (None for the document), `depth` how
    /// many mappings hold it.
    fn mapping(
        &mut self,
        range: Range<usize>,
        parent_indent: Option<usize>,
        depth: usize,
    ) -> Option<Mapping> {
        let lines = &self.lines[range.clone()];
        let first = lines.iter().find(|l| l.content)?;
        let k = first.indent;
        if parent_indent.is_some_and(|p| k <= p) {
            return None;
        }
        let mut starts = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if !line.content || line.indent > k {
                continue;
            }
            if line.indent < k || !line.keyish {
                return None;
            }
            starts.push(range.start + i);
        }
        // Each entry runs from its key line to the next; lines before the
        // first key (blank or comments) go with the first.
        let mut parts = Vec::new();
        let mut open: Option<usize> = None;
        for (n, &start) in starts.iter().enumerate() {
            let from = if n == 0 { range.start } else { start };
            let to = starts.get(n + 1).copied().unwrap_or(range.end);
            let size = self.byte_len(from..to);
            if size > self.target && self.standalone_key(start) {
                if let Some(value) = self.mapping(start + 1..to, Some(k), depth + 1) {
                    if let Some(piece_from) = open.take() {
                        self.close(piece_from..from, depth, &mut parts);
                    }
                    // Lines before the key (only on the first entry) are blank
                    // or comments: nothing is lost by leaving them out.
                    parts.push(Part::Nested {
                        key: self.lines[start].bytes.clone(),
                        value,
                    });
                    continue;
                }
            }
            let piece_from = *open.get_or_insert(from);
            if self.byte_len(piece_from..to) >= self.target {
                open = None;
                self.close(piece_from..to, depth, &mut parts);
            }
        }
        if let Some(piece_from) = open {
            self.close(piece_from..range.end, depth, &mut parts);
        }
        Some(Mapping { parts })
    }

    fn byte_len(&self, lines: Range<usize>) -> usize {
        if lines.is_empty() {
            return 0;
        }
        self.lines[lines.end - 1].bytes.end - self.lines[lines.start].bytes.start
    }

    fn close(&mut self, lines: Range<usize>, depth: usize, parts: &mut Vec<Part>) {
        if lines.is_empty() {
            return;
        }
        let bytes = self.lines[lines.start].bytes.start..self.lines[lines.end - 1].bytes.end;
        parts.push(Part::Piece(self.pieces.len()));
        self.pieces.push((bytes, depth));
    }

    /// Whether the line is a key alone (`key:`), so that its value is the
    /// block below it.
    fn standalone_key(&self, line: usize) -> bool {
        let text = self.text[self.lines[line].bytes.clone()].trim();
        text.strip_suffix(':')
            .is_some_and(|key| !key.is_empty() && !key.contains(": ") && !key.contains(" #"))
    }
}

/// Parses every piece, on `threads` threads; `None` when any piece fails or
/// would nest too deep in place.
fn parse_all(
    text: &str,
    pieces: &[(Range<usize>, usize)],
    threads: usize,
    parse_piece: PieceParser,
) -> Option<Vec<Value>> {
    let parsed =
        super::parallel::map_ordered(pieces.iter().collect(), threads, |(bytes, holders)| {
            match parse_piece(&text[bytes.clone()]) {
                Some((value @ Value::Object(_), depth)) if depth + holders <= MAX_DEPTH => {
                    Some(value)
                }
                _ => None,
            }
        });
    parsed.into_iter().collect()
}

/// Puts a planned mapping back together from its parsed pieces.
fn assemble(
    text: &str,
    mapping: &Mapping,
    parsed: &mut [Option<Value>],
    parse_piece: PieceParser,
) -> Option<Map<String, Value>> {
    let mut out = Map::new();
    for part in &mapping.parts {
        match part {
            Part::Piece(i) => {
                let Some(Value::Object(entries)) = parsed[*i].take() else {
                    return None;
                };
                for (key, value) in entries {
                    // A key repeated across pieces: the one-piece parse
                    // reports it.
                    if out.insert(key, value).is_some() {
                        return None;
                    }
                }
            }
            Part::Nested { key, value } => {
                let key = key_of(&text[key.clone()], parse_piece)?;
                let value = assemble(text, value, parsed, parse_piece)?;
                if out.insert(key, Value::Object(value)).is_some() {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// The key of a `key:` line, read by the same parser as the pieces: the
/// line alone is a mapping of that key to null.
fn key_of(line: &str, parse_piece: PieceParser) -> Option<String> {
    let (Value::Object(entries), _) = parse_piece(line)? else {
        return None;
    };
    let mut entries = entries.into_iter();
    match (entries.next(), entries.next()) {
        (Some((key, Value::Null)), None) => Some(key),
        _ => None,
    }
}

/// The texts `parse_piece` is given when `text` is cut into pieces of about
/// `target` bytes: every piece and the key line of every mapping cut
/// further; `None` when the text is not cut.
#[cfg(test)]
pub(super) fn piece_texts(text: &str, target: usize) -> Option<Vec<&str>> {
    fn key_lines<'t>(text: &'t str, mapping: &Mapping, out: &mut Vec<&'t str>) {
        for part in &mapping.parts {
            if let Part::Nested { key, value } = part {
                out.push(&text[key.clone()]);
                key_lines(text, value, out);
            }
        }
    }
    if has_anchor(text) {
        return None;
    }
    let lines = scan_lines(text)?;
    let mut plan = Plan {
        text,
        lines: &lines,
        target,
        pieces: Vec::new(),
    };
    let root = plan.mapping(0..lines.len(), None, 0)?;
    let mut out: Vec<&str> = plan.pieces.iter().map(|(b, _)| &text[b.clone()]).collect();
    key_lines(text, &root, &mut out);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::source::parse_piece;

    /// The one-piece parse.
    fn whole(text: &str) -> Option<Value> {
        parse_piece(text).map(|(v, _)| v)
    }

    /// Repeats `entry` (with `{n}` replaced by a counter) until the text
    /// passes the size where documents are cut.
    fn many(entry: &str) -> String {
        let mut out = String::new();
        let mut n = 0;
        while out.len() < MIN_SPLIT_BYTES {
            out.push_str(&entry.replace("{n}", &n.to_string()));
            n += 1;
        }
        out
    }

    const ENTRY: &str = r#"    Thing{n}:
      description: |
        Block text {n}

        # not a comment: part of the text
      summary: >-
        folded
        text
      note: a plain scalar
        that goes on
      "quoted: key{n}": 'single ''quoted'''
      '200': {a: 1, b: [x, y]}
      tags:
      - one
      - two
# a comment at column 0 inside the mapping
      huge: 123456789012345678901234567890
      kept: |+
        keep

      after: 1
"#;

    fn document() -> String {
        format!(
            "# leading comment\nopenapi: 3.0.0\ninfo:\n  title: t\n  version: '1'\ncomponents:\n  schemas:\n{}  other: 1\npaths: {{}}\ntrailer:\n  - a\n  - b\n",
            many(ENTRY)
        )
    }

    #[test]
    fn cut_parse_equals_whole_parse() {
        let text = document();
        let cut = parse_on(&text, 2, parse_piece).expect("this document can be cut");
        assert_eq!(Some(cut.clone()), whole(&text));
        let keys: Vec<&String> = cut.as_object().unwrap().keys().collect();
        assert_eq!(keys[0], "openapi");
        assert_eq!(cut["openapi"], "3.0.0");
        assert_eq!(cut["components"]["schemas"]["Thing7"]["kept"], "keep\n\n");
    }

    #[test]
    fn a_key_repeated_across_pieces_falls_back_to_the_whole_parse_which_refuses_it() {
        let mut text = document();
        // The same schema again, at the end of the cut mapping.
        let again = ENTRY.replace("{n}", "3");
        text = text.replace("  other: 1\n", &format!("{again}  other: 1\n"));
        assert_eq!(parse_on(&text, 2, parse_piece), None);
        assert_eq!(whole(&text), None);
        let twice = format!("{}paths: {{}}\n", document());
        assert_eq!(parse_on(&twice, 2, parse_piece), None);
        assert_eq!(whole(&twice), None);
    }

    #[test]
    fn cut_parse_spreads_over_many_pieces() {
        let text = document();
        let lines = scan_lines(&text).unwrap();
        let mut plan = Plan {
            text: &text,
            lines: &lines,
            target: 32 * 1024,
            pieces: Vec::new(),
        };
        let root = plan.mapping(0..lines.len(), None, 0).unwrap();
        assert!(plan.pieces.len() > 4, "{} pieces", plan.pieces.len());
        assert!(root.parts.iter().any(|p| matches!(p, Part::Nested { .. })));
    }

    #[test]
    fn documents_that_are_not_safe_to_cut_are_left_whole() {
        let body = many(ENTRY);
        for text in [
            format!("base: &b {{x: 1}}\nitems:\n{body}"),
            format!("%YAML 1.2\n---\nitems:\n{body}"),
            format!("items:\n{body}\t  bad: tab\n"),
            format!("- a\nitems:\n{body}"),
        ] {
            assert_eq!(parse_on(&text, 2, parse_piece), None, "{}", &text[..20]);
        }
    }

    #[test]
    fn constructs_spanning_a_cut_fall_back() {
        let body = many(ENTRY);
        // A flow mapping or a quoted scalar that runs over lines at a key's
        // indentation: whatever the cut parse gives must be the whole parse's.
        for text in [
            format!("a: {{x: 1,\nb: 2}}\nitems:\n  schemas:\n{body}"),
            format!("a: \"text\nb: 2\"\nitems:\n  schemas:\n{body}"),
            format!("items:\n  schemas:\n{body}    Last: [1,\n    Next: 2]\n"),
        ] {
            let cut = parse_on(&text, 2, parse_piece);
            assert!(cut.is_none() || cut == whole(&text), "{}", &text[..20]);
        }
    }

    #[test]
    fn nesting_too_deep_in_place_falls_back() {
        // `brackets` levels inside components/schemas/Deep: three more in
        // place; yaml_serde accepts 128 in all.
        let body = many(ENTRY);
        let doc = |brackets: usize| {
            format!(
                "components:\n  schemas:\n{body}    Deep: {}1{}\n",
                "[".repeat(brackets),
                "]".repeat(brackets)
            )
        };
        let too_deep = doc(126);
        assert_eq!(whole(&too_deep), None);
        assert_eq!(parse_on(&too_deep, 2, parse_piece), None);
        let deepest = doc(125);
        assert!(whole(&deepest).is_some());
        assert_eq!(parse_on(&deepest, 2, parse_piece), whole(&deepest));
    }

    #[test]
    fn anchors_are_spotted_where_nodes_start() {
        assert!(has_anchor("a: &x 1"));
        assert!(has_anchor("- &x 1"));
        assert!(has_anchor("a: !!str &x 1"));
        assert!(has_anchor("  &x a: 1"));
        assert!(!has_anchor("description: R&D costs &amp; more"));
    }
}
