//! `multipart/form-data` bodies, built in memory so that every attempt of a
//! call sends the same bytes.

use crate::runtime::{Bytes, HeaderValue};
use crate::Error;

/// A `multipart/form-data` body being built.
pub(crate) struct Multipart {
    boundary: String,
    body: Vec<u8>,
}

impl Multipart {
    pub(crate) fn new() -> Self {
        let boundary = format!("sdkgen-{}", uuid::Uuid::new_v4().simple());
        Self {
            boundary,
            body: Vec::new(),
        }
    }

    /// Adds one part; a `file_name` makes it a file.
    pub(crate) fn part(
        &mut self,
        name: &str,
        file_name: Option<&str>,
        content_type: Option<&str>,
        data: &[u8],
    ) {
        let mut head = format!("--{}\r\n", self.boundary);
        head.push_str(&format!(
            "Content-Disposition: form-data; name=\"{}\"",
            quote(name)
        ));
        if let Some(file_name) = file_name {
            head.push_str(&format!("; filename=\"{}\"", quote(file_name)));
        }
        if let Some(content_type) = content_type {
            head.push_str(&format!("\r\nContent-Type: {content_type}"));
        }
        head.push_str("\r\n\r\n");
        self.body.extend_from_slice(head.as_bytes());
        self.body.extend_from_slice(data);
        self.body.extend_from_slice(b"\r\n");
    }

    /// The finished body and its `Content-Type`.
    pub(crate) fn finish(mut self) -> Result<(Bytes, HeaderValue), Error> {
        self.body
            .extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        let content_type = format!("multipart/form-data; boundary={}", self.boundary);
        match HeaderValue::from_str(&content_type) {
            Ok(value) => Ok((Bytes::from(self.body), value)),
            Err(e) => Err(Error::Build {
                message: e.to_string(),
            }),
        }
    }
}

/// A name inside a quoted header parameter, with quotes and line breaks
/// escaped as browsers escape them.
fn quote(text: &str) -> String {
    text.replace('"', "%22")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}
