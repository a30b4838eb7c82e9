//! Language-neutral type names for the IR: PascalCase words, unique across the
//! API. Per-language identifiers (cases, keywords) are decided by the emitters'
//! naming module, not here.

use std::collections::HashSet;

/// Turns any spec text into a PascalCase name made of ASCII letters and digits.
pub fn pascal(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let mut name = upper_camel_ascii(&cleaned);
    if name.is_empty() {
        name = "Type".to_string();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'T');
    }
    name
}

/// heck's `to_upper_camel_case` for text of ASCII letters, digits and spaces
/// only (what [`pascal`] gives it), without its per-character formatting:
/// the same word boundaries (spaces; a lowercase letter before an uppercase
/// one; the last of a run of uppercase letters before a lowercase one), each
/// word with its first character uppercased and the rest lowercased.
fn upper_camel_ascii(text: &str) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Mode {
        Boundary,
        Lower,
        Upper,
    }
    fn push_word(out: &mut String, word: &[u8]) {
        if let Some((first, rest)) = word.split_first() {
            out.push(first.to_ascii_uppercase() as char);
            out.extend(rest.iter().map(|b| b.to_ascii_lowercase() as char));
        }
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split(' ').map(str::as_bytes) {
        let mut start = 0;
        let mut mode = Mode::Boundary;
        for (i, &c) in word.iter().enumerate() {
            let Some(&next) = word.get(i + 1) else {
                push_word(&mut out, &word[start..]);
                break;
            };
            let next_mode = if c.is_ascii_lowercase() {
                Mode::Lower
            } else if c.is_ascii_uppercase() {
                Mode::Upper
            } else {
                mode
            };
            if next_mode == Mode::Lower && next.is_ascii_uppercase() {
                push_word(&mut out, &word[start..=i]);
                start = i + 1;
                mode = Mode::Boundary;
            } else if mode == Mode::Upper && c.is_ascii_uppercase() && next.is_ascii_lowercase() {
                push_word(&mut out, &word[start..i]);
                start = i;
                mode = Mode::Boundary;
            } else {
                mode = next_mode;
            }
        }
    }
    out
}

/// Hands out unique names: a name already taken gets 2, 3, ... appended.
#[derive(Default)]
pub struct NameSet {
    taken: HashSet<String>,
}

impl NameSet {
    pub fn claim(&mut self, wanted: &str) -> String {
        let base = pascal(wanted);
        let mut name = base.clone();
        let mut n = 2;
        // Compare case-insensitively: some file systems and languages fold case.
        while self.taken.contains(&name.to_ascii_lowercase()) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.taken.insert(name.to_ascii_lowercase());
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use heck::ToUpperCamelCase;

    #[test]
    fn pascal_cases_spec_names() {
        assert_eq!(pascal("create_transfer"), "CreateTransfer");
        assert_eq!(pascal("foo.bar-baz"), "FooBarBaz");
        assert_eq!(pascal("2fa_method"), "T2faMethod");
        assert_eq!(pascal("*/*"), "Type");
        assert_eq!(pascal("GMT+0"), "Gmt0");
    }

    #[test]
    fn upper_camel_matches_heck() {
        for text in [
            "XMLHttpRequest",
            "HTTPServer2 x",
            "aB",
            "ABc",
            "a1B",
            "A1b",
            "1aBC2dE",
            "  two  spaces ",
            "ALLCAPS",
            "",
            "x",
        ] {
            assert_eq!(
                upper_camel_ascii(text),
                text.to_upper_camel_case(),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn upper_camel_matches_heck_on_any_cleaned_text(text in "[a-zA-Z0-9 ]{0,24}") {
            proptest::prop_assert_eq!(upper_camel_ascii(&text), text.to_upper_camel_case());
        }
    }

    #[test]
    fn collisions_get_numbers() {
        let mut names = NameSet::default();
        assert_eq!(names.claim("foo_bar"), "FooBar");
        assert_eq!(names.claim("FooBar"), "FooBar2");
        assert_eq!(names.claim("foo-bar"), "FooBar3");
    }
}
