//! The event reader against the serde path it replaces: wherever the event
//! reader gives a value, it must be the serde path's value and depth.

use proptest::prelude::*;

use super::parse;
use crate::load::source::parse_piece_by_serde;

/// Asserts the event reader gives exactly the serde path's answer.
fn same(text: &str) {
    let events = parse(text);
    assert!(events.is_some(), "the event reader fell back on {text:?}");
    assert_eq!(events, parse_piece_by_serde(text), "on {text:?}");
}

/// Asserts the event reader gives the serde path's answer, falling back
/// only where the serde path fails too.
fn agree(text: &str) {
    assert_eq!(parse(text), parse_piece_by_serde(text), "on {text:?}");
}

/// Asserts the event reader leaves `text` to the serde path.
fn falls_back(text: &str) {
    assert_eq!(parse(text), None, "the event reader answered {text:?}");
}

/// Plain scalars that every resolution rule meets: nulls, booleans (and the
/// YAML 1.1 words that are strings now), integers in every base and sign,
/// beyond 64 and 128 bits, leading zeros, floats and their YAML spellings,
/// and strings that look almost like numbers.
const PLAIN: &[&str] = &[
    "~",
    "null",
    "Null",
    "NULL",
    "nUll",
    "true",
    "True",
    "TRUE",
    "tRue",
    "false",
    "False",
    "FALSE",
    "yes",
    "no",
    "on",
    "off",
    "y",
    "n",
    "0",
    "-0",
    "+0",
    "00",
    "007",
    "-007",
    "+007",
    "08",
    "1",
    "-1",
    "+1",
    "++1",
    "+-1",
    "-+1",
    "--1",
    "0x1F",
    "0X1F",
    "0x1f",
    "-0x1F",
    "+0x1F",
    "0x-1",
    "0x+1",
    "-0x-1",
    "-0x+1",
    "+0x-1",
    "0x",
    "-0x",
    "0xg",
    "0x_1",
    "0o17",
    "-0o17",
    "+0o17",
    "0o8",
    "0o",
    "0b101",
    "-0b101",
    "+0b101",
    "0b2",
    "0b",
    "0b-1",
    "-0b+1",
    "18446744073709551615",
    "18446744073709551616",
    "+18446744073709551616",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456",
    "-170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105729",
    "123456789012345678901234567890",
    "0xffffffffffffffff",
    "0x10000000000000000",
    "-0x8000000000000000",
    "-0x8000000000000001",
    "0xffffffffffffffffffffffffffffffff",
    "0x100000000000000000000000000000000",
    "-0x80000000000000000000000000000000",
    "0o7777777777777777777777",
    "1_000",
    "1,000",
    "1e3",
    "1E3",
    "1e+3",
    "1.5e-3",
    "-1.5",
    "+1.5",
    "++1.5",
    "+-1.5",
    ".5",
    "5.",
    "-.5",
    "+.5",
    "1.",
    "0.0",
    "-0.0",
    "00.5",
    "-00.5",
    "0.",
    "1e400",
    "-1e400",
    "1e-400",
    "2.5e308",
    ".inf",
    ".Inf",
    ".INF",
    ".iNf",
    "+.inf",
    "+.INF",
    "-.inf",
    "-.Inf",
    "-.INF",
    "+-.inf",
    ".nan",
    ".NaN",
    ".NAN",
    "+.nan",
    "-.nan",
    "inf",
    "-inf",
    "+inf",
    "nan",
    "NaN",
    "infinity",
    "Infinity",
    "-infinity",
    "1.0.0",
    "2023-09-01",
    "12:30",
    "12:30:00",
    "0.1.2",
    "1e",
    "e1",
    "E1",
    "-",
    "+",
    ".",
    "..",
    "0e0",
    "0E-0",
    "1d",
    "1f",
    "3.0.3",
    "v1",
    "1 2",
    "1\u{a0}",
    "12abc",
    "0x1F rest",
    "héllo",
    "ключ",
    "𝔘nicode",
    "emoji 🎉",
    "a#b",
];

/// Scalars that are strings whatever they hold: quoted, block or `!!str`.
const STRINGS: &[&str] = &[
    "'123'",
    "\"123\"",
    "'~'",
    "\"null\"",
    "'true'",
    "\"0x1F\"",
    "''",
    "\"\"",
    "'it''s'",
    "\"tab\\tnew\\nline\"",
    "\"\\u00e9\\U0001F600\\x41\"",
    "\"\\0nul\"",
    "\"line\\\n  folded\"",
    "'multi\n  line\n\n  para'",
    "\"#not a comment\"",
    "!!str 123",
    "!!str true",
    "!!str ~",
    "!!str",
    "!!str 'q'",
];

/// Documents of every shape the specs use and several they do not.
const DOCUMENTS: &[&str] = &[
    "",
    "# only a comment\n",
    "\n\n",
    "---\n",
    "--- \na: 1\n...\n",
    "---\n- a\n",
    "just a scalar",
    "'a quoted root'",
    "a: 1\nb: 2\n",
    "a:\nb:\n",
    "a: {}\nb: []\n",
    "- \n- x\n-\n",
    "? a\n",
    "? \n: x\n",
    "? [1, 2]\n: x\n",
    "? {a: 1, b: [x]}\n: x\n",
    "[1, 2]: x\n",
    "{a: 1}: x\n",
    "? - a\n  - b\n: c\n",
    "true: a\nfalse: b\n",
    "1.5: a\n1e3: b\n.inf: c\n0x1F: e\n-0: f\n",
    "123456789012345678901234567890: a\n",
    "{a: 1, b: [1, 2, {c: d}], e: {f: {g: h}}}",
    "[]",
    "{}",
    "[a, [b, [c, []]], {}]",
    "{a, b: 1, c}",
    "[a: 1, b]",
    "{? a : b}",
    "[1, 2, ]",
    "{a: [1,\n  2],\n b: c}",
    "a: 'x # not a comment' # a comment\n# end\n",
    "# leading\na: 1 # trailing\n  # indented\nb: 2\n",
    "a: |\n  line 1\n  line 2\n",
    "a: |-\n  stripped\n\n\n",
    "a: |+\n  kept\n\n\nb: 1\n",
    "a: >\n  folded\n  text\n\n  para\n    more indented\n  back\n",
    "a: >-\n  folded\n  stripped\n",
    "a: >+\n  folded kept\n\n",
    "a: |2\n    two extra\n  base\n",
    "a: |\n\n  leading blank\n",
    "a: |\n  # not a comment\n",
    "- |\n  in a sequence\n- >\n  folded\n",
    "a: plain\n  continued\n\n  new para\n",
    "url: http://x.y/z?a=b#frag\nt: 12:30:00\nd: 2023-09-01\n",
    "ключ: значение\nemoji: \"\\U0001F600\"\n",
    "\u{feff}a: 1\n",
    "a: 1\r\nb: |\r\n  x\r\n  y\r\n",
    "- a\n- b: c\n  d: e\n- - x\n  - y\n",
    "a:\n- 1\n- 2\nb:\n  - 3\n",
    "'<': a\n'<<<': b\n",
    "description: R&D costs &amp; more\n",
    "a: \"\\x00\"\n",
    "a: !!str\nb: !!str 5\n",
];

/// Documents the event reader leaves to the serde path: anchors, aliases,
/// tags, merge keys, directives, several documents, errors, nesting too deep.
const FALLBACKS: &[&str] = &[
    "a: &x 1\nb: *x\n",
    "a: &x {b: 1}\nc: *x\n",
    "- &x [1]\n",
    "*x\n",
    "a: *x\n",
    "base: &b {x: 1}\nother:\n  <<: *b\n",
    "<<: {a: 1}\nb: 2\n",
    "'<<': 1\n",
    "a: !!int 5\n",
    "a: !!int x\n",
    "a: !!float 1\n",
    "a: !!bool true\n",
    "a: !!null ~\n",
    "a: !custom x\n",
    "a: ! x\n",
    "a: !!map {b: 1}\n",
    "a: !!seq [1]\n",
    "a: !x [1]\n",
    "%YAML 1.2\n---\na: 1\n",
    "%TAG !e! tag:example.com,2000:\n---\na: 1\n",
    "a: 1\n---\nb: 2\n",
    "---\n---\n",
    "a: 1\n...\n---\n",
    "a: [1, 2\n",
    "a: 'x\n",
    "a: b: c\n",
    "\tx: 1\n",
    "- a\nb: 1\n",
    "a: 1\n  b: 2\n",
    "a: \"\\ud800\"\n",
    "]",
    "a: 1\n]",
    "a: 1\n...\n]",
];

#[test]
fn plain_scalars_resolve_as_the_serde_path_does() {
    for s in PLAIN {
        // A lone `-` starts a sequence where a value may not.
        if *s != "-" {
            same(&format!("v: {s}\n"));
            same(&format!("- {s}\n"));
        }
        agree(&format!("v: {s}\n"));
        agree(&format!("[{s}]"));
        agree(&format!("{s}: v\n"));
        agree(&format!("{{{s}: {s}}}"));
        agree(s);
    }
}

#[test]
fn quoted_block_and_str_tagged_scalars_are_strings() {
    for s in STRINGS {
        same(&format!("v: {s}\n"));
        same(&format!("- {s}\n"));
        // A tag takes the `:` after it into its name (`!!str:`): a tag the
        // event reader leaves to serde.
        if !s.starts_with('!') {
            agree(&format!("{s}: v\n"));
        }
    }
    for (s, expected) in [("'123'", "123"), ("!!str true", "true"), ("\"~\"", "~")] {
        assert_eq!(parse(&format!("v: {s}\n")).unwrap().0["v"], expected);
    }
}

/// Mappings that give one key twice, as written or once made JSON keys
/// (`1` and `'1'`, the nulls, `.inf` and `.nan`): an error for both readers.
const REPEATED_KEYS: &[&str] = &[
    "a: 1\nb: 2\na: 3\n",
    "1: a\n'1': b\n",
    "null: a\n~: b\nNULL: c\n",
    ".inf: c\n.nan: d\n",
    "x: {a: [1, {b: 1, b: 2}]}\n",
    "{\"paths\": {}, \"paths\": {}}",
];

#[test]
fn repeated_keys_are_refused_by_both_readers() {
    for text in REPEATED_KEYS {
        assert_eq!(parse(text), None, "the event reader answered {text:?}");
        assert_eq!(parse_piece_by_serde(text), None, "serde answered {text:?}");
        assert!(
            super::find_duplicate(text).is_some(),
            "not found in {text:?}"
        );
    }
    let d = super::find_duplicate("x:\n  a:\n  - 1\n  - b: 1\n    c: 2\n    b: 3\n").unwrap();
    assert_eq!(
        d,
        super::Duplicate {
            pointer: "/x/a/1".into(),
            key: "b".into(),
            first_line: 4,
            second_line: 6,
        }
    );
    assert_eq!(super::find_duplicate("a: {b: 1}\nc: {b: 1}\n"), None);
}

#[test]
fn documents_read_as_the_serde_path_reads_them() {
    for text in DOCUMENTS {
        same(text);
    }
    // Some of the answers spelled out, so that agreeing on a wrong value
    // would still show.
    let (doc, depth) = parse("a: 1\nb: 2\nc: 3\n").unwrap();
    assert_eq!(doc.to_string(), r#"{"a":1,"b":2,"c":3}"#);
    assert_eq!(depth, 1);
    let (doc, _) = parse("1.5: a\n1e3: b\n.inf: c\n0x1F: e\n? [1, 2]\n: f\n").unwrap();
    let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["1.5", "1000.0", "null", "31", "[1,2]"]);
    let (doc, depth) = parse("a: [x, {b: [1e400, 18446744073709551616, 007]}]").unwrap();
    assert_eq!(
        doc.to_string(),
        r#"{"a":["x",{"b":["1e400",1.8446744073709552e+19,"007"]}]}"#
    );
    assert_eq!(depth, 4);
}

#[test]
fn big_documents_read_as_the_serde_path_reads_them() {
    let long = "x".repeat(200_000);
    same(&format!("a: {long}\nb: '{long}'\n"));
    let block: String = (0..5_000).map(|i| format!("  line {i}\n")).collect();
    same(&format!("a: |\n{block}b: >\n{block}"));
    let entries: String = (0..5_000)
        .map(|i| format!("k{i}:\n  n: {i}\n  f: {i}.5\n  s: 's{i}'\n  l: [{i}, -{i}]\n"))
        .collect();
    same(&entries);
}

#[test]
fn what_the_event_reader_is_not_sure_of_falls_back() {
    for text in FALLBACKS {
        falls_back(text);
    }
}

#[test]
fn nesting_is_bounded_like_the_serde_path() {
    let nested = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let deepest = nested(super::MAX_DEPTH);
    same(&deepest);
    assert_eq!(parse(&deepest).unwrap().1, super::MAX_DEPTH);
    let too_deep = nested(super::MAX_DEPTH + 1);
    assert_eq!(parse_piece_by_serde(&too_deep), None);
    falls_back(&too_deep);
    let maps = |n: usize| format!("{}1{}", "{a: ".repeat(n), "}".repeat(n));
    same(&maps(super::MAX_DEPTH));
    falls_back(&maps(super::MAX_DEPTH + 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Short texts of number and YAML syntax characters, in the places a
    /// scalar can stand: wherever the event reader answers, it agrees; it
    /// falls back only on what it leaves to the serde path by design.
    #[test]
    fn any_short_text_reads_the_same(s in "[-+0-9.xobeEinfaINFNl_~ :,#'\"\\[\\]{}&*!<>|?]{0,10}") {
        for text in [format!("v: {s}\n"), format!("{s}: v\n"), format!("- {s}\n"), s.clone()] {
            match parse(&text) {
                Some(answer) => prop_assert_eq!(Some(answer), parse_piece_by_serde(&text)),
                None => prop_assert!(
                    parse_piece_by_serde(&text).is_none()
                        || text.contains(['&', '*', '!'])
                        || text.contains("<<"),
                    "fell back on {:?}", text
                ),
            }
        }
    }
}

/// With `SDKGEN_CORPUS` set to a folder of specs: every YAML file in it,
/// whole and cut into the pieces the parallel parse reads (at the size the
/// parse uses and much smaller ones), read the same both ways.
#[test]
fn corpus_pieces_read_as_the_serde_path_reads_them() {
    let Some(root) = std::env::var_os("SDKGEN_CORPUS") else {
        return;
    };
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a corpus folder") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "no YAML files under SDKGEN_CORPUS");
    let (mut answered, mut left) = (0usize, 0usize);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut texts = vec![text.as_str()];
        for target in [(text.len() / 32).max(32 * 1024), 4 * 1024] {
            texts.extend(super::super::split::piece_texts(&text, target).unwrap_or_default());
        }
        for piece in texts {
            match parse(piece) {
                Some(answer) => {
                    let reference = parse_piece_by_serde(piece);
                    assert!(
                        reference.as_ref() == Some(&answer),
                        "{}: the readers differ on a piece starting {:?}",
                        path.display(),
                        piece.chars().take(200).collect::<String>()
                    );
                    answered += 1;
                }
                None => left += 1,
            }
        }
    }
    eprintln!(
        "{} files: {answered} texts read by events, {left} left to serde",
        files.len()
    );
    assert!(answered > left, "{answered} answered, {left} left to serde");
}
