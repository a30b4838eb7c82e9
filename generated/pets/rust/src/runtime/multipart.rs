//! `multipart/form-data` bodies as WIRE.md section 4 writes them: held in
//! memory, but for the files read from disk or from a stream as they are
//! sent ([`Upload`]); every attempt of a call sends the same bytes.

use bytes::Bytes;
use reqwest::header::HeaderValue;
use serde_json::Value;

use super::encode::{is_json_media_type, is_undefined, json_text, query_param, value_text, Style};
use super::error::Error;
use super::request::Body;
use super::upload::{Piece, Streamed, Upload};

/// A `multipart/form-data` body being built: one part per property, in the
/// order they are added (the schema's).
#[derive(Clone, Debug)]
pub struct Multipart {
    boundary: String,
    body: Vec<u8>,
    /// What comes before `body`, where a part's content is read as it is
    /// sent (a file on disk, a stream).
    pieces: Vec<Piece>,
}

impl Default for Multipart {
    fn default() -> Self {
        Multipart::new()
    }
}

/// The first concrete media type of an `encoding` `contentType` list
/// (`image/png, image/*`): one without a wildcard.
pub fn first_concrete_type(list: &str) -> Option<&str> {
    list.split(',')
        .map(str::trim)
        .find(|t| !t.is_empty() && !t.contains('*'))
}

/// A name inside a quoted header parameter: `"` as `%22`, a line feed as
/// `%0A`, a carriage return as `%0D`.
fn quote(text: &str) -> String {
    text.replace('"', "%22")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

impl Multipart {
    /// A body with a fresh random boundary.
    pub fn new() -> Self {
        Multipart::with_boundary(format!("sdkgen-{}", uuid::Uuid::new_v4().simple()))
    }

    /// A body with the given boundary (tests).
    pub fn with_boundary(boundary: impl Into<String>) -> Self {
        Multipart {
            boundary: boundary.into(),
            body: Vec::new(),
            pieces: Vec::new(),
        }
    }

    /// Adds one raw part: a `file_name` makes it a file; `content_type`
    /// adds a `Content-Type` header.
    pub fn part(
        &mut self,
        name: &str,
        file_name: Option<&str>,
        content_type: Option<&str>,
        data: &[u8],
    ) {
        self.head(name, file_name, content_type);
        self.body.extend_from_slice(data);
        self.body.extend_from_slice(b"\r\n");
    }

    /// A part's boundary line and headers.
    fn head(&mut self, name: &str, file_name: Option<&str>, content_type: Option<&str>) {
        let mut head = format!("--{}\r\n", self.boundary);
        head.push_str("Content-Disposition: form-data; name=\"");
        head.push_str(&quote(name));
        head.push('"');
        if let Some(file_name) = file_name {
            head.push_str("; filename=\"");
            head.push_str(&quote(file_name));
            head.push('"');
        }
        if let Some(content_type) = content_type {
            head.push_str("\r\nContent-Type: ");
            head.push_str(content_type);
        }
        head.push_str("\r\n\r\n");
        self.body.extend_from_slice(head.as_bytes());
    }

    /// A file part from an [`Upload`]: its file name the upload's (the
    /// caller's, else a path's last component), else the property's; its
    /// content type the upload's, else the `encoding`'s (the first concrete
    /// type of the list), else `application/octet-stream`. A file on disk
    /// or a stream is read as the body is sent, never held here.
    pub fn upload(&mut self, name: &str, declared_type: Option<&str>, upload: &Upload) {
        let content_type = upload
            .media_type()
            .or_else(|| declared_type.and_then(first_concrete_type))
            .unwrap_or("application/octet-stream")
            .to_string();
        let file_name = upload.name().unwrap_or(name).to_string();
        self.head(name, Some(&file_name), Some(&content_type));
        match upload.as_bytes() {
            Some(bytes) => self.body.extend_from_slice(bytes),
            None => {
                let held = Bytes::from(std::mem::take(&mut self.body));
                self.pieces.push(Piece::Bytes(held));
                self.pieces.push(upload.piece());
            }
        }
        self.body.extend_from_slice(b"\r\n");
    }

    /// A file (or binary string) part: its `encoding` content type (the
    /// first concrete type of the list), else `application/octet-stream`;
    /// its file name the caller's, else the property's name.
    pub fn file(
        &mut self,
        name: &str,
        file_name: Option<&str>,
        declared_type: Option<&str>,
        data: &[u8],
    ) {
        let content_type = declared_type
            .and_then(first_concrete_type)
            .unwrap_or("application/octet-stream");
        self.part(
            name,
            Some(file_name.unwrap_or(name)),
            Some(content_type),
            data,
        );
    }

    /// The parts of a property that is not a file, from its JSON value:
    /// nothing for an undefined value; a scalar as its text, without a
    /// `Content-Type` unless `declared_type` (the `encoding`'s) gives one;
    /// an object as compact JSON, `application/json` or the declared type;
    /// an array as one part per defined item by these rules, unless the
    /// declared type is JSON, which makes it one JSON part.
    pub fn value(
        &mut self,
        name: &str,
        value: &Value,
        declared_type: Option<&str>,
    ) -> Result<(), Error> {
        if is_undefined(value) {
            return Ok(());
        }
        let declared = declared_type.and_then(first_concrete_type);
        match value {
            Value::Array(items) => {
                if let Some(t) = declared.filter(|t| is_json_media_type(t)) {
                    self.part(name, None, Some(t), json_text(value)?.as_bytes());
                } else {
                    for item in items.iter().filter(|v| !is_undefined(v)) {
                        self.value(name, item, declared_type)?;
                    }
                }
            }
            Value::Object(_) => {
                let t = declared.unwrap_or("application/json");
                self.part(name, None, Some(t), json_text(value)?.as_bytes());
            }
            scalar => {
                let text = value_text(scalar)?.unwrap_or_default();
                self.part(name, None, declared, text.as_bytes());
            }
        }
        Ok(())
    }

    /// The parts of a property whose `encoding` declares a `style`: the
    /// fields a form body would carry for it, one text part each, named by
    /// the field's decoded name (`file_link_data[create]`, `expand[]`).
    pub fn styled(
        &mut self,
        name: &str,
        value: &Value,
        style: Style,
        explode: bool,
    ) -> Result<(), Error> {
        let pieces = query_param(name, value, style, explode, false)?;
        let decode = |s: &str| percent_encoding::percent_decode_str(s).collect::<Vec<u8>>();
        for piece in pieces.split('&').filter(|p| !p.is_empty()) {
            let (field, text) = piece.split_once('=').unwrap_or((piece, ""));
            let field = String::from_utf8_lossy(&decode(field)).into_owned();
            self.part(&field, None, None, &decode(text));
        }
        Ok(())
    }

    /// The finished body, to send with [`Request::with_body`](super::Request::with_body):
    /// held in memory unless a part is read as it is sent.
    pub fn into_body(mut self) -> Result<Body, Error> {
        let pieces = std::mem::take(&mut self.pieces);
        let (bytes, content_type) = self.finish_held()?;
        if pieces.is_empty() {
            return Ok(Body {
                bytes,
                content_type,
                streamed: None,
            });
        }
        let mut pieces = pieces;
        pieces.push(Piece::Bytes(bytes));
        Ok(Body {
            bytes: Bytes::new(),
            content_type,
            streamed: Some(Streamed::new(pieces)),
        })
    }

    /// The finished body and its `Content-Type` (with the boundary), for a
    /// body held in memory whole: one with a part read as it is sent is an
    /// error (use [`into_body`](Self::into_body)).
    pub fn finish(self) -> Result<(Bytes, HeaderValue), Error> {
        if !self.pieces.is_empty() {
            return Err(Error::build(
                "this multipart body reads a file or a stream as it is sent; use into_body()",
            ));
        }
        self.finish_held()
    }

    fn finish_held(mut self) -> Result<(Bytes, HeaderValue), Error> {
        self.body
            .extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        let content_type = format!("multipart/form-data; boundary={}", self.boundary);
        let value = HeaderValue::from_str(&content_type)
            .map_err(|e| Error::build(format!("invalid multipart content type: {e}")))?;
        Ok((Bytes::from(self.body), value))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn body(form: Multipart) -> String {
        let (bytes, content_type) = form.finish().expect("finish");
        assert_eq!(content_type, "multipart/form-data; boundary=B");
        String::from_utf8(bytes.to_vec()).expect("utf-8")
    }

    #[test]
    fn parts_follow_wire_md() {
        let mut form = Multipart::with_boundary("B");
        form.value("title", &json!("a b"), None).expect("scalar");
        form.value("count", &json!(2.0), None).expect("number");
        form.value("note", &json!(null), None).expect("null");
        form.value("tags", &json!(["x", null, "y"]), None)
            .expect("array");
        form.value("ids", &json!([1, 2]), Some("application/json"))
            .expect("json array");
        form.value("meta", &json!({"k": 1}), None).expect("object");
        form.value("empty", &json!([]), None).expect("empty");
        form.value("kind", &json!("x"), Some("text/x-kind"))
            .expect("declared");
        form.file("file", None, Some("image/*, image/png"), b"\x00\xff");
        form.file("doc", Some("a\"b.pdf"), None, b"%PDF");
        let text = String::from_utf8_lossy(&{
            let (bytes, _) = form.clone().finish().expect("finish");
            bytes.to_vec()
        })
        .into_owned();
        let expected = "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\na b\r\n\
--B\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n2\r\n\
--B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nx\r\n\
--B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\ny\r\n\
--B\r\nContent-Disposition: form-data; name=\"ids\"\r\nContent-Type: application/json\r\n\r\n[1,2]\r\n\
--B\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"k\":1}\r\n\
--B\r\nContent-Disposition: form-data; name=\"kind\"\r\nContent-Type: text/x-kind\r\n\r\nx\r\n\
--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"file\"\r\nContent-Type: image/png\r\n\r\n\u{0}\u{FFFD}\r\n\
--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a%22b.pdf\"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF\r\n\
--B--\r\n";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_declared_style_writes_form_fields_as_text_parts() {
        let mut form = Multipart::with_boundary("B");
        form.styled(
            "file_link_data",
            &json!({"create": true, "metadata": {"k": "v w"}}),
            Style::DeepObject,
            true,
        )
        .expect("styled");
        form.styled("expand", &json!(["links"]), Style::DeepObject, true)
            .expect("styled");
        assert_eq!(
            body(form),
            "--B\r\nContent-Disposition: form-data; name=\"file_link_data[create]\"\r\n\r\ntrue\r\n\
             --B\r\nContent-Disposition: form-data; name=\"file_link_data[metadata][k]\"\r\n\r\nv w\r\n\
             --B\r\nContent-Disposition: form-data; name=\"expand[]\"\r\n\r\nlinks\r\n\
             --B--\r\n"
        );
    }

    #[test]
    fn names_cannot_break_the_header() {
        let mut form = Multipart::with_boundary("B");
        form.part("a\r\nb\"", None, None, b"v");
        assert!(body(form).contains("name=\"a%0D%0Ab%22\""));
    }

    #[test]
    fn concrete_types() {
        assert_eq!(first_concrete_type("image/*, image/png"), Some("image/png"));
        assert_eq!(first_concrete_type("text/plain"), Some("text/plain"));
        assert_eq!(first_concrete_type("*/*"), None);
    }
}
