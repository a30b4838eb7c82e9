//! Idempotency keys: validating a caller's key and making one per logical call.

use super::error::Error;

/// Default header carrying the key.
pub const DEFAULT_KEY_HEADER: &str = "Idempotency-Key";
/// Default longest key accepted.
pub const DEFAULT_KEY_MAX_LENGTH: usize = 255;

/// Checks a caller's key before anything is sent: 1 to `max_length`
/// characters, visible ASCII only (0x21 to 0x7E).
pub fn validate_idempotency_key(key: &str, max_length: usize) -> Result<(), Error> {
    if key.is_empty() {
        return Err(Error::InvalidIdempotencyKey {
            reason:
                "the key is empty; it needs 1 to the maximum length of visible ASCII characters"
                    .to_string(),
        });
    }
    if let Some((index, ch)) = key
        .chars()
        .enumerate()
        .find(|(_, c)| !matches!(c, '\u{21}'..='\u{7e}'))
    {
        let what = if ch == ' ' {
            "a space".to_string()
        } else {
            format!("U+{:04X}", u32::from(ch))
        };
        return Err(Error::InvalidIdempotencyKey {
            reason: format!(
                "character {} is {what}; only visible ASCII (0x21 to 0x7E) is allowed",
                index + 1
            ),
        });
    }
    // Visible ASCII only from here, so bytes are characters.
    if key.len() > max_length {
        return Err(Error::InvalidIdempotencyKey {
            reason: format!(
                "the key is {} characters long; the maximum is {max_length}",
                key.len()
            ),
        });
    }
    Ok(())
}

/// A fresh key: a UUID v4, lower-case and hyphenated. The runtime makes one
/// per logical call, before the first attempt, and reuses it on every retry.
pub fn generate_idempotency_key() -> String {
    uuid::Uuid::new_v4().hyphenated().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejected(key: &str, max: usize) -> String {
        match validate_idempotency_key(key, max) {
            Err(Error::InvalidIdempotencyKey { reason }) => reason,
            other => panic!("expected a rejection for {key:?}, got {other:?}"),
        }
    }

    #[test]
    fn accepts_visible_ascii_up_to_the_maximum() {
        assert!(validate_idempotency_key("a", 255).is_ok());
        assert!(validate_idempotency_key("order-42:charge", 255).is_ok());
        assert!(validate_idempotency_key("!~", 2).is_ok());
        assert!(validate_idempotency_key(&"k".repeat(255), 255).is_ok());
    }

    #[test]
    fn rejects_empty_long_and_invisible_keys() {
        assert!(rejected("", 255).contains("empty"));
        assert!(rejected(&"k".repeat(256), 255).contains("256"));
        assert!(rejected("abcd", 3).contains("maximum is 3"));
        assert!(rejected("has space", 255).contains("a space"));
        assert!(rejected("tab\there", 255).contains("U+0009"));
        assert!(rejected("del\u{7f}", 255).contains("U+007F"));
        assert!(rejected("café", 255).contains("U+00E9"));
        assert!(rejected("new\nline", 255).contains("character 4"));
    }

    #[test]
    fn generated_keys_are_lowercase_uuid_v4() {
        let a = generate_idempotency_key();
        let b = generate_idempotency_key();
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(a.as_bytes()[14], b'4');
        assert!(matches!(a.as_bytes()[19], b'8' | b'9' | b'a' | b'b'));
        assert!(a
            .chars()
            .all(|c| c == '-' || c.is_ascii_digit() || c.is_ascii_lowercase()));
        assert!(validate_idempotency_key(&a, 255).is_ok());
    }
}
