//! Every Rust identifier the emitter writes is made here: cases, keywords,
//! leading digits, empty names and collisions. Wire names never change; the
//! templates keep them with `#[serde(rename = ...)]` or string literals.

use crate::emit::hash::Set;

use crate::case;

/// Strict and reserved keywords of Rust 2021 (and `gen`, reserved in 2024).
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Keywords that cannot be raw identifiers (`r#self` is not allowed).
const NOT_RAW: &[&str] = &["self", "Self", "crate", "super", "_"];

pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// `fallback` when the text has no letters or digits; a name starting with
/// a digit gets `fallback` in front, joined by `joiner`.
fn guard_digits(name: String, fallback: &str, joiner: &str) -> String {
    if name.is_empty() {
        fallback.to_string()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{fallback}{joiner}{name}")
    } else {
        name
    }
}

/// A keyword becomes a raw identifier, or gets `_` when it cannot be raw.
fn guard_keyword(name: String) -> String {
    if NOT_RAW.contains(&name.as_str()) {
        format!("{name}_")
    } else if is_keyword(&name) {
        format!("r#{name}")
    } else {
        name
    }
}

/// A `snake_case` identifier for a field, method, argument or module.
pub fn snake(text: &str, fallback: &str) -> String {
    guard_keyword(guard_digits(case::snake(text), fallback, "_"))
}

/// A `PascalCase` identifier for a type or an enum variant.
pub fn pascal(text: &str, fallback: &str) -> String {
    guard_keyword(guard_digits(case::upper_camel(text), fallback, ""))
}

/// A `SCREAMING_SNAKE_CASE` identifier for a constant or a static.
pub fn screaming(text: &str, fallback: &str) -> String {
    guard_digits(case::shouty_snake(text), fallback, "_")
}

/// The identifier as written without a raw prefix: `r#type` is `type`.
pub fn unraw(ident: &str) -> &str {
    ident.strip_prefix("r#").unwrap_or(ident)
}

#[derive(Clone, Copy)]
enum Case {
    Snake,
    Pascal,
    Screaming,
}

/// One namespace (a module, a struct's fields, an enum's variants, a
/// method's arguments). Names are handed out in the order asked, so the
/// result is deterministic: the first comer keeps the plain name, later
/// ones get 2, 3, ... (`name_2`, `Name2`, `NAME_2`).
#[derive(Default)]
pub struct Names {
    taken: Set<String>,
}

impl Names {
    /// A namespace where `reserved` (identifiers already in scope) are taken.
    pub fn with_reserved(reserved: &[&str]) -> Self {
        Names {
            taken: reserved.iter().map(|r| unraw(r).to_string()).collect(),
        }
    }

    /// Marks an identifier as taken; `false` when it already was.
    pub fn reserve(&mut self, ident: &str) -> bool {
        let bare = unraw(ident);
        !self.taken.contains(bare) && self.taken.insert(bare.to_string())
    }

    pub fn snake(&mut self, text: &str, fallback: &str) -> String {
        self.claim(snake(text, fallback), Case::Snake)
    }

    pub fn pascal(&mut self, text: &str, fallback: &str) -> String {
        self.claim(pascal(text, fallback), Case::Pascal)
    }

    pub fn screaming(&mut self, text: &str, fallback: &str) -> String {
        self.claim(screaming(text, fallback), Case::Screaming)
    }

    /// Claims `ident` exactly as given, or the first free numbered variant.
    fn claim(&mut self, ident: String, case: Case) -> String {
        if self.reserve(&ident) {
            return ident;
        }
        let base = unraw(&ident).trim_end_matches('_').to_string();
        let mut n = 2;
        loop {
            let candidate = match case {
                Case::Snake | Case::Screaming => format!("{base}_{n}"),
                // `Gmt0` and 2 would read as `Gmt02`: keep the number apart.
                Case::Pascal if base.ends_with(|c: char| c.is_ascii_digit()) => {
                    format!("{base}_{n}")
                }
                Case::Pascal => format!("{base}{n}"),
            };
            if self.reserve(&candidate) {
                return candidate;
            }
            n += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(snake("createTransfer", "call"), "create_transfer");
        assert_eq!(snake("Idempotency-Key", "arg"), "idempotency_key");
        assert_eq!(snake("petId", "arg"), "pet_id");
        assert_eq!(pascal("transfers", "Resource"), "Transfers");
        assert_eq!(
            pascal("requested_by_customer", "Value"),
            "RequestedByCustomer"
        );
        assert_eq!(screaming("createTransfer", "OP"), "CREATE_TRANSFER");
    }

    #[test]
    fn hostile_names_become_valid_identifiers() {
        assert_eq!(snake("type", "field"), "r#type");
        assert_eq!(snake("self", "field"), "self_");
        assert_eq!(snake("super", "field"), "super_");
        assert_eq!(snake("crate", "field"), "crate_");
        assert_eq!(snake("Self", "field"), "self_");
        assert_eq!(pascal("Self", "Type"), "Self_");
        assert_eq!(pascal("self", "Type"), "Self_");
        assert_eq!(snake("123", "field"), "field_123");
        assert_eq!(pascal("123", "Value"), "Value123");
        assert_eq!(snake("a-b", "field"), "a_b");
        assert_eq!(snake("a b", "field"), "a_b");
        assert_eq!(snake("", "field"), "field");
        assert_eq!(pascal("", "Value"), "Value");
        assert_eq!(snake("*/ } fn evil() {", "field"), "fn_evil");
        assert_eq!(snake("fn", "field"), "r#fn");
        assert_eq!(snake("async", "field"), "r#async");
        assert_eq!(pascal("GMT+0", "Value"), "Gmt0");
        assert_eq!(snake("é", "field"), "field");
        assert_eq!(screaming("", "OPERATION"), "OPERATION");
        assert_eq!(screaming("9lives", "OPERATION"), "OPERATION_9LIVES");
    }

    #[test]
    fn every_made_name_is_an_identifier() {
        let inputs = [
            "type", "self", "Self", "super", "crate", "_", "__", "123", "a-b", "a b", "", "GMT+0",
            "GMT-0", "r#x", "😀", "loop", "Option", "x\ny", "'quote'", "\"", "\\", "a::b",
        ];
        for input in inputs {
            for ident in [snake(input, "field"), pascal(input, "Value")] {
                let bare = unraw(&ident);
                assert!(!bare.is_empty(), "{input:?}");
                assert!(
                    bare.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{input:?} -> {ident}"
                );
                assert!(!bare.starts_with(|c: char| c.is_ascii_digit()), "{ident}");
                assert!(
                    ident.starts_with("r#") || !is_keyword(&ident),
                    "{input:?} -> {ident}"
                );
                assert!(!NOT_RAW.contains(&bare) || !ident.starts_with("r#"));
                assert_ne!(ident, "_");
            }
        }
    }

    #[test]
    fn collisions_are_numbered_in_order() {
        let mut names = Names::default();
        assert_eq!(names.pascal("GMT+0", "Value"), "Gmt0");
        assert_eq!(names.pascal("GMT-0", "Value"), "Gmt0_2");
        assert_eq!(names.pascal("gmt 0", "Value"), "Gmt0_3");
        let mut fields = Names::with_reserved(&["runtime", "options"]);
        assert_eq!(fields.snake("a-b", "field"), "a_b");
        assert_eq!(fields.snake("a b", "field"), "a_b_2");
        assert_eq!(fields.snake("a_b", "field"), "a_b_3");
        assert_eq!(fields.snake("runtime", "field"), "runtime_2");
        assert_eq!(fields.snake("type", "field"), "r#type");
        assert_eq!(fields.snake("Type", "field"), "type_2");
        assert_eq!(fields.snake("", "field"), "field");
        assert_eq!(fields.snake("", "field"), "field_2");
        let mut types = Names::with_reserved(&["String"]);
        assert_eq!(types.pascal("string", "Type"), "String2");
        let mut statics = Names::default();
        assert_eq!(statics.screaming("getPet", "OP"), "GET_PET");
        assert_eq!(statics.screaming("get_pet", "OP"), "GET_PET_2");
    }
}
