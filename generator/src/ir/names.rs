//! Language-neutral type names for the IR: PascalCase words, unique across the
//! API. Per-language identifiers (cases, keywords) are decided by the emitters'
//! naming module, not here.

use crate::emit::hash::Set;

/// Turns any spec text into a PascalCase name made of ASCII letters and digits.
pub fn pascal(text: &str) -> String {
    let mut name = crate::case::upper_camel(text);
    if name.is_empty() {
        name = "Type".to_string();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'T');
    }
    name
}

/// Hands out unique names: a name already taken gets 2, 3, ... appended.
#[derive(Default)]
pub struct NameSet {
    taken: Set<String>,
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
        assert_eq!(pascal("DateSent<"), "DateSentBefore");
    }

    proptest::proptest! {
        /// What this function was before it shared the emitters' case
        /// conversion: heck's upper camel case of the text with every
        /// character that is not an ASCII letter or digit made a space.
        #[test]
        fn pascal_is_heck_of_the_cleaned_text(text in "\\PC{0,24}") {
            // A comparison sign that ends a name is a word (`case::words`).
            proptest::prop_assume!(!text.trim_end_matches('=').ends_with(['<', '>']));
            let cleaned: String = text
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
                .collect();
            let mut want = cleaned.to_upper_camel_case();
            if want.is_empty() {
                want = "Type".to_string();
            }
            if want.starts_with(|c: char| c.is_ascii_digit()) {
                want.insert(0, 'T');
            }
            proptest::prop_assert_eq!(pascal(&text), want);
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
