//! `multipart/form-data` bodies (RFC 7578): split into their named parts so
//! that the parts can be checked against the body's schema like fields.

/// One part: its name, whether it is a file (it has a filename or a
/// non-text media type), and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub name: String,
    pub file: bool,
    pub data: Vec<u8>,
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    (from..=haystack.len() - needle.len()).find(|&i| &haystack[i..i + needle.len()] == needle)
}

/// The `name="..."` style parameter `key` of a header value.
fn parameter(value: &str, key: &str) -> Option<String> {
    value.split(';').skip(1).find_map(|p| {
        let (k, v) = p.trim().split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case(key)
            .then(|| v.trim().trim_matches('"').to_string())
    })
}

/// The parts of `body`, sent with the media type `content_type` (which
/// names the boundary); `Err` says why it is not a multipart body.
pub(crate) fn parse(body: &[u8], content_type: &str) -> Result<Vec<Part>, String> {
    let boundary = parameter(content_type, "boundary")
        .filter(|b| !b.is_empty())
        .ok_or("the Content-Type names no boundary")?;
    let delimiter = format!("--{boundary}").into_bytes();
    let mut at = find(body, &delimiter, 0).ok_or("no part starts with the boundary")?;
    let mut parts = Vec::new();
    loop {
        let start = at + delimiter.len();
        if body[start..].starts_with(b"--") {
            return Ok(parts);
        }
        let next = find(body, &delimiter, start)
            .ok_or("the body does not end with the closing boundary")?;
        let mut part = &body[start..next];
        part = part.strip_prefix(b"\r\n").unwrap_or(part);
        part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let split = find(part, b"\r\n\r\n", 0);
        let (head, data) = match split {
            Some(i) => (&part[..i], &part[i + 4..]),
            None if part.is_empty() => (&part[..0], &part[..0]),
            None => return Err("a part has no blank line after its headers".to_string()),
        };
        let head = String::from_utf8_lossy(head);
        let mut name = None;
        let mut file = false;
        for line in head.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if k.trim().eq_ignore_ascii_case("content-disposition") {
                name = parameter(v, "name");
                file |= parameter(v, "filename").is_some();
            } else if k.trim().eq_ignore_ascii_case("content-type") {
                let media = v.trim().to_ascii_lowercase();
                file |= !(media.starts_with("text/") || media.contains("json"));
            }
        }
        let name = name.ok_or("a part has no Content-Disposition name")?;
        parts.push(Part {
            name,
            file,
            data: data.to_vec(),
        });
        at = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_named_parts() {
        let body = b"--xyz\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nA dog\r\n--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--xyz--\r\n";
        let parts = parse(body, "multipart/form-data; boundary=xyz").expect("parses");
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "caption");
        assert_eq!(parts[0].data, b"A dog");
        assert!(!parts[0].file);
        assert_eq!(parts[1].name, "file");
        assert!(parts[1].file);
        assert_eq!(parts[1].data, b"\x89PNG");
        assert!(parse(body, "multipart/form-data").is_err());
        assert!(parse(b"--xyz\r\nno end", "multipart/form-data; boundary=xyz").is_err());
    }
}
