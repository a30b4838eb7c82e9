//! Files the caller uploads (runtime/CONTRACT.md section 13): bytes, a file
//! on disk, or a stream, each with a file name and content type of its own,
//! and the request bodies that send them without holding them in memory.

use std::collections::VecDeque;
use std::error::Error as StdError;
use std::fmt;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use bytes::{Bytes, BytesMut};
use futures_core::Stream;
use http_body::{Frame, SizeHint};
use tokio::io::{AsyncRead, ReadBuf};

use super::error::Error;

type BoxError = Box<dyn StdError + Send + Sync>;
type ChunkStream = Pin<Box<dyn Stream<Item = Result<Bytes, BoxError>> + Send>>;

/// How much of a file one read takes while it is sent.
const FILE_CHUNK: usize = 64 * 1024;

/// A file to upload: a multipart file part, or a whole binary body.
///
/// Bytes are sent as they are. A file on disk ([`Upload::path`]) is opened
/// and read chunk by chunk for each attempt, so a retry sends it again and
/// it is never held whole. A stream ([`Upload::stream`]) is read once: a
/// call whose attempt began reading it is not retried (it ends with stop
/// reason `not_retryable`), one that failed before reading any of it (a
/// refused connection) is.
#[derive(Clone, PartialEq)]
pub struct Upload {
    source: Source,
    file_name: Option<String>,
    content_type: Option<String>,
}

#[derive(Clone)]
enum Source {
    Bytes(Bytes),
    Path(PathBuf),
    Stream(Arc<OneShot>),
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Source::Bytes(a), Source::Bytes(b)) => a == b,
            (Source::Path(a), Source::Path(b)) => a == b,
            (Source::Stream(a), Source::Stream(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// A stream read by one attempt at most, and whether one began to.
pub(super) struct OneShot {
    stream: Mutex<Option<ChunkStream>>,
    started: AtomicBool,
}

impl Upload {
    /// Bytes held in memory.
    pub fn bytes(data: impl Into<Bytes>) -> Self {
        Upload::of(Source::Bytes(data.into()))
    }

    /// The file at `path`, opened and read for each attempt; its file name
    /// is the path's last component unless [`file_name`](Self::file_name)
    /// sets another. A file that cannot be read fails the call before it
    /// sends anything.
    pub fn path(path: impl Into<PathBuf>) -> Self {
        Upload::of(Source::Path(path.into()))
    }

    /// Chunks from a stream, read once (see the type's documentation on
    /// retries); its length is not known, so the body goes chunked.
    pub fn stream<S, E>(stream: S) -> Self
    where
        S: Stream<Item = Result<Bytes, E>> + Send + 'static,
        E: Into<BoxError>,
    {
        let stream = MapErr(Box::pin(stream));
        Upload::of(Source::Stream(Arc::new(OneShot {
            stream: Mutex::new(Some(Box::pin(stream))),
            started: AtomicBool::new(false),
        })))
    }

    fn of(source: Source) -> Self {
        Upload {
            source,
            file_name: None,
            content_type: None,
        }
    }

    /// The file name the part carries (`filename=` in its disposition).
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = Some(name.into());
        self
    }

    /// The part's (or the body's) `Content-Type`, over the spec's.
    pub fn content_type(mut self, media_type: impl Into<String>) -> Self {
        self.content_type = Some(media_type.into());
        self
    }

    /// The file name: the caller's, else a path's last component.
    pub fn name(&self) -> Option<&str> {
        match (&self.file_name, &self.source) {
            (Some(name), _) => Some(name),
            (None, Source::Path(path)) => path.file_name().and_then(|n| n.to_str()),
            _ => None,
        }
    }

    /// The content type the caller set.
    pub fn media_type(&self) -> Option<&str> {
        self.content_type.as_deref()
    }

    /// The bytes, when the upload is held in memory.
    pub fn as_bytes(&self) -> Option<&Bytes> {
        match &self.source {
            Source::Bytes(b) => Some(b),
            _ => None,
        }
    }

    /// The bytes read as UTF-8 text (a bad sequence as U+FFFD), for a
    /// binary value sent as a parameter; a file or a stream has none here.
    pub fn lossy_text(&self) -> String {
        self.as_bytes()
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .unwrap_or_default()
    }

    pub(super) fn piece(&self) -> Piece {
        match &self.source {
            Source::Bytes(b) => Piece::Bytes(b.clone()),
            Source::Path(p) => Piece::Path(p.clone()),
            Source::Stream(s) => Piece::Stream(s.clone()),
        }
    }
}

impl Default for Upload {
    fn default() -> Self {
        Upload::bytes(Bytes::new())
    }
}

impl fmt::Debug for Upload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Upload");
        match &self.source {
            Source::Bytes(b) => d.field("bytes", &b.len()),
            Source::Path(p) => d.field("path", p),
            Source::Stream(_) => d.field("stream", &"read once"),
        };
        d.field("file_name", &self.file_name)
            .field("content_type", &self.content_type)
            .finish()
    }
}

impl From<Vec<u8>> for Upload {
    fn from(data: Vec<u8>) -> Self {
        Upload::bytes(data)
    }
}

impl From<Bytes> for Upload {
    fn from(data: Bytes) -> Self {
        Upload::bytes(data)
    }
}

impl From<&'static [u8]> for Upload {
    fn from(data: &'static [u8]) -> Self {
        Upload::bytes(Bytes::from_static(data))
    }
}

impl<const N: usize> From<&'static [u8; N]> for Upload {
    fn from(data: &'static [u8; N]) -> Self {
        Upload::bytes(Bytes::from_static(data))
    }
}

/// As `Vec<u8>` serialises (a sequence of numbers): only bytes in memory
/// can be; a file or a stream is sent as a multipart part or a body, never
/// inside JSON.
impl serde::Serialize for Upload {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.source {
            Source::Bytes(b) => serializer.collect_seq(b.iter()),
            _ => Err(serde::ser::Error::custom(
                "a file or stream upload is sent as a part or a body, not as JSON",
            )),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Upload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<u8>::deserialize(deserializer).map(Upload::from)
    }
}

struct MapErr<S>(Pin<Box<S>>);

impl<S, E> Stream for MapErr<S>
where
    S: Stream<Item = Result<Bytes, E>>,
    E: Into<BoxError>,
{
    type Item = Result<Bytes, BoxError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0
            .as_mut()
            .poll_next(cx)
            .map(|item| item.map(|r| r.map_err(Into::into)))
    }
}

/// One stretch of a body being sent.
#[derive(Clone)]
pub(super) enum Piece {
    Bytes(Bytes),
    Path(PathBuf),
    Stream(Arc<OneShot>),
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Bytes(b) => write!(f, "Bytes({})", b.len()),
            Piece::Path(p) => write!(f, "Path({})", p.display()),
            Piece::Stream(_) => f.write_str("Stream"),
        }
    }
}

/// A body some of which is read as it is sent (files, streams).
#[derive(Clone)]
pub struct Streamed {
    pieces: Arc<[Piece]>,
}

impl fmt::Debug for Streamed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Streamed")
            .field("pieces", &self.pieces.len())
            .finish()
    }
}

impl Streamed {
    pub(super) fn new(pieces: Vec<Piece>) -> Self {
        Streamed {
            pieces: pieces.into(),
        }
    }

    /// Whether an attempt began reading a stream this body holds: such a
    /// body cannot be sent again.
    pub fn spent(&self) -> bool {
        self.pieces.iter().any(|p| match p {
            Piece::Stream(s) => s.started.load(Ordering::Acquire),
            _ => false,
        })
    }

    /// Whether any of it is read once.
    pub fn one_shot(&self) -> bool {
        self.pieces.iter().any(|p| matches!(p, Piece::Stream(_)))
    }

    /// Whether every file in it can be read: checked before the first
    /// attempt, so a wrong path fails the call before anything is sent.
    pub fn check(&self) -> Result<(), Error> {
        for piece in self.pieces.iter() {
            if let Piece::Path(path) = piece {
                file_size(path)?;
            }
        }
        Ok(())
    }

    /// The body one attempt sends: files reopened, their sizes read now
    /// (the whole length is known unless a stream is in it). A file gone
    /// since [`check`](Self::check) fails the attempt as it is sent.
    pub(super) fn attempt_body(&self) -> reqwest::Body {
        let mut length = Some(0u64);
        for piece in self.pieces.iter() {
            let size = match piece {
                Piece::Bytes(b) => Some(b.len() as u64),
                Piece::Path(path) => file_size(path).ok(),
                Piece::Stream(_) => None,
            };
            length = length.zip(size).map(|(a, b)| a.saturating_add(b));
        }
        reqwest::Body::wrap(Sending {
            pieces: self.pieces.iter().cloned().collect(),
            file: None,
            length,
        })
    }
}

fn file_size(path: &Path) -> Result<u64, Error> {
    let meta = std::fs::metadata(path).map_err(|e| {
        Error::build(format!(
            "cannot upload {}: {e}",
            path.display().to_string().escape_debug()
        ))
    })?;
    if !meta.is_file() {
        return Err(Error::build(format!(
            "cannot upload {}: it is not a file",
            path.display().to_string().escape_debug()
        )));
    }
    Ok(meta.len())
}

/// The body of one attempt, as hyper reads it.
struct Sending {
    pieces: VecDeque<Piece>,
    file: Option<tokio::fs::File>,
    /// The whole length, when no stream is in it.
    length: Option<u64>,
}

impl http_body::Body for Sending {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = &mut *self;
        loop {
            if let Some(file) = this.file.as_mut() {
                let mut buf = BytesMut::zeroed(FILE_CHUNK);
                let mut read = ReadBuf::new(&mut buf);
                match Pin::new(file).poll_read(cx, &mut read) {
                    Poll::Pending => return Poll::Pending,
                    Poll::Ready(Err(e)) => return Poll::Ready(Some(Err(e.into()))),
                    Poll::Ready(Ok(())) => {
                        let n = read.filled().len();
                        if n == 0 {
                            this.file = None;
                            continue;
                        }
                        buf.truncate(n);
                        return Poll::Ready(Some(Ok(Frame::data(buf.freeze()))));
                    }
                }
            }
            let Some(piece) = this.pieces.front() else {
                return Poll::Ready(None);
            };
            match piece {
                Piece::Bytes(b) => {
                    let b = b.clone();
                    this.pieces.pop_front();
                    if !b.is_empty() {
                        return Poll::Ready(Some(Ok(Frame::data(b))));
                    }
                }
                Piece::Path(path) => match std::fs::File::open(path) {
                    Ok(file) => {
                        this.file = Some(tokio::fs::File::from_std(file));
                        this.pieces.pop_front();
                    }
                    Err(e) => return Poll::Ready(Some(Err(e.into()))),
                },
                Piece::Stream(shot) => {
                    shot.started.store(true, Ordering::Release);
                    let mut slot = shot.stream.lock().unwrap_or_else(|e| e.into_inner());
                    let Some(stream) = slot.as_mut() else {
                        return Poll::Ready(Some(Err(
                            "the upload stream was read by an earlier attempt".into(),
                        )));
                    };
                    match stream.as_mut().poll_next(cx) {
                        Poll::Pending => return Poll::Pending,
                        Poll::Ready(Some(Ok(chunk))) => {
                            if !chunk.is_empty() {
                                return Poll::Ready(Some(Ok(Frame::data(chunk))));
                            }
                        }
                        Poll::Ready(Some(Err(e))) => return Poll::Ready(Some(Err(e))),
                        Poll::Ready(None) => {
                            *slot = None;
                            drop(slot);
                            this.pieces.pop_front();
                        }
                    }
                }
            }
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self.length {
            Some(n) => SizeHint::with_exact(n),
            None => SizeHint::default(),
        }
    }
}
