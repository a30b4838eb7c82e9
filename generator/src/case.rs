//! Case conversion of spec text into ASCII words, shared by the IR's type
//! names and the naming modules of every language (which decide what to do
//! with the words).
//!
//! Every character that is not an ASCII letter or digit separates words, and
//! words are also split at case changes exactly as `heck` splits them: a
//! lower-case letter (or a digit after one) followed by an upper-case one,
//! and before the last capital of a run followed by a lower-case letter
//! (`HTTPServer` is `HTTP` `Server`). The result is what `heck` gives for
//! the text with those separators made spaces, without building that copy
//! or going through `fmt`.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// No cased character yet in the current word.
    Boundary,
    /// The last cased character was lower-case.
    Lower,
    /// The last cased character was upper-case.
    Upper,
}

/// Calls `each` with every word of `text`, in order. A comparison sign
/// that ends a name (`DateSent<`, `StartTime>=`) is a word of its own: `<`
/// is `before` and `>` is `after`, so such filters keep apart as
/// `date_sent_before` and `date_sent_after` in every language, rather than
/// being told apart by a counter that says nothing of which is which. Any
/// other sign separates words like every other character that is not a
/// letter or digit (`Map<String>` is `Map`, `String`).
///
/// One pass over the bytes, each classed by a table: a separator ends the
/// word before it, and a letter or digit ends one at a case change.
fn words(text: &str, mut each: impl FnMut(&[u8])) {
    let (rest, sign) = comparison(text);
    let bytes = rest.as_bytes();
    let class = |i: usize| {
        bytes
            .get(i)
            .map_or(Class::Other, |&b| CLASSES[usize::from(b)])
    };
    // Where the current word starts, and the case of its last cased letter.
    let mut start = 0;
    let mut mode = Mode::Boundary;
    for i in 0..bytes.len() {
        let c = class(i);
        if c == Class::Other {
            if start < i {
                each(&bytes[start..i]);
            }
            start = i + 1;
            mode = Mode::Boundary;
            continue;
        }
        let next = class(i + 1);
        let next_mode = match c {
            Class::Lower => Mode::Lower,
            Class::Upper => Mode::Upper,
            _ => mode,
        };
        if next_mode == Mode::Lower && next == Class::Upper {
            each(&bytes[start..=i]);
            start = i + 1;
            mode = Mode::Boundary;
        } else if mode == Mode::Upper && c == Class::Upper && next == Class::Lower {
            each(&bytes[start..i]);
            start = i;
            mode = Mode::Boundary;
        } else {
            mode = next_mode;
        }
    }
    if start < bytes.len() {
        each(&bytes[start..]);
    }
    if let Some(word) = sign {
        each(word);
    }
}

/// What a byte is to [`words`]; anything but an ASCII letter or digit
/// separates words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Lower,
    Upper,
    Digit,
    Other,
}

/// The [`Class`] of every byte.
const CLASSES: [Class; 256] = {
    let mut table = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_lowercase() {
            Class::Lower
        } else if c.is_ascii_uppercase() {
            Class::Upper
        } else if c.is_ascii_digit() {
            Class::Digit
        } else {
            Class::Other
        };
        b += 1;
    }
    table
};

/// `text` without a comparison sign that ends it, and that sign's word.
fn comparison(text: &str) -> (&str, Option<&'static [u8]>) {
    let trimmed = text.trim_end_matches('=');
    let (rest, word): (&str, &'static [u8]) = match trimmed.as_bytes().last() {
        Some(b'<') => (&trimmed[..trimmed.len() - 1], b"before"),
        Some(b'>') => (&trimmed[..trimmed.len() - 1], b"after"),
        _ => return (text, None),
    };
    let ends_in_a_word = rest
        .as_bytes()
        .last()
        .is_some_and(u8::is_ascii_alphanumeric);
    if ends_in_a_word && !rest.contains(['<', '>']) {
        (rest, Some(word))
    } else {
        (text, None)
    }
}

/// The words of `text`, each written by `word` (told whether it is the
/// first), joined by `joiner`.
fn joined(
    text: &str,
    joiner: Option<u8>,
    mut word: impl FnMut(&[u8], bool, &mut Vec<u8>),
) -> String {
    let mut out = Vec::with_capacity(text.len() + 4);
    let mut first = true;
    words(text, |w| {
        if let (false, Some(j)) = (first, joiner) {
            out.push(j);
        }
        word(w, first, &mut out);
        first = false;
    });
    // Only ASCII letters and digits and the ASCII joiner were written.
    String::from_utf8(out).expect("case conversion writes ASCII only")
}

fn lower(w: &[u8], out: &mut Vec<u8>) {
    out.extend(w.iter().map(u8::to_ascii_lowercase));
}

fn capitalized(w: &[u8], out: &mut Vec<u8>) {
    if let Some((first, rest)) = w.split_first() {
        out.push(first.to_ascii_uppercase());
        lower(rest, out);
    }
}

/// `create_transfer`, `HTTPServer` → `CreateTransfer`, `HttpServer`.
pub fn upper_camel(text: &str) -> String {
    joined(text, None, |w, _, out| capitalized(w, out))
}

/// `create_transfer`, `HTTPServer` → `createTransfer`, `httpServer`.
pub fn lower_camel(text: &str) -> String {
    joined(text, None, |w, first, out| {
        if first {
            lower(w, out)
        } else {
            capitalized(w, out)
        }
    })
}

/// `createTransfer`, `HTTPServer` → `create_transfer`, `http_server`.
pub fn snake(text: &str) -> String {
    joined(text, Some(b'_'), |w, _, out| lower(w, out))
}

/// `createTransfer`, `HTTPServer` → `CREATE_TRANSFER`, `HTTP_SERVER`.
pub fn shouty_snake(text: &str) -> String {
    joined(text, Some(b'_'), |w, _, out| {
        out.extend(w.iter().map(u8::to_ascii_uppercase))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use heck::{ToLowerCamelCase, ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
    use proptest::prelude::*;

    /// What the naming modules used to hand to `heck`, with a comparison
    /// sign that ends the name spelt out.
    fn spaced(text: &str) -> String {
        let (rest, sign) = comparison(text);
        let mut out: String = rest
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
            .collect();
        if let Some(word) = sign {
            out.push(' ');
            out.push_str(std::str::from_utf8(word).expect("ASCII"));
        }
        out
    }

    fn same_as_heck(text: &str) {
        let s = spaced(text);
        assert_eq!(upper_camel(text), s.to_upper_camel_case(), "{text:?}");
        assert_eq!(lower_camel(text), s.to_lower_camel_case(), "{text:?}");
        assert_eq!(snake(text), s.to_snake_case(), "{text:?}");
        assert_eq!(shouty_snake(text), s.to_shouty_snake_case(), "{text:?}");
    }

    #[test]
    fn examples() {
        assert_eq!(upper_camel("HTTPServer"), "HttpServer");
        assert_eq!(lower_camel("HTTPServer"), "httpServer");
        assert_eq!(snake("createTransfer"), "create_transfer");
        assert_eq!(shouty_snake("get-pet ID"), "GET_PET_ID");
        assert_eq!(upper_camel("GMT+0"), "Gmt0");
        assert_eq!(upper_camel("é"), "");
        assert_eq!(snake("DateSent<"), "date_sent_before");
        assert_eq!(lower_camel("DateSent>"), "dateSentAfter");
        assert_eq!(snake("StartTime>="), "start_time_after");
        assert_eq!(upper_camel("a<b"), "AB");
        assert_eq!(upper_camel("Map<String>"), "MapString");
        assert_eq!(lower_camel("</script>"), "script");
        assert_eq!(snake("<"), "");
        assert_eq!(snake(""), "");
        for text in [
            "",
            "a",
            "A",
            "1",
            "aB",
            "AB",
            "ABc",
            "AbC",
            "a1B",
            "A1b",
            "1aB",
            "ABC1d",
            "HTTPServer",
            "getHTTPResponseCode",
            "v1/customers/{id}",
            "__proto__",
            "GMT+0",
            "x\ny",
            "café Á",
            "ÀBc",
            "aÀb",
            "😀a",
            "ABCDef123ghI",
            "snake_case_name",
            "Already Pascal",
            "DateSent<",
            "<>",
            "x<=y>",
        ] {
            same_as_heck(text);
        }
    }

    proptest! {
        #[test]
        fn agrees_with_heck(text in "[a-zA-Z0-9_ .+<>\\-é😀Σ]{0,24}") {
            same_as_heck(&text);
        }

        #[test]
        fn agrees_with_heck_on_any_text(text in any::<String>()) {
            same_as_heck(&text);
        }
    }
}
