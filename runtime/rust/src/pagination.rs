//! Pagination: a list operation's pages, walked one logical call at a time.
//!
//! The generator decides how an operation pages (its plan's `pagination`)
//! and writes it as a [`Pagination`]; this module holds the one
//! implementation of every style. Each page is its own call under the retry
//! contract (its own attempts and deadline, the client's shared retry
//! budget), made only when the caller asks for more than the pages fetched
//! so far hold. Next-page URLs (a body's next URL, a `Link: rel="next"`
//! header) are followed only on the origin of the base URL: the request
//! carries the client's credentials.

use std::collections::VecDeque;
use std::marker::PhantomData;

use reqwest::Url;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::client::Runtime;
use super::encode::{encode_query_component, value_text};
use super::error::Error;
use super::operation::Operation;
use super::request::{CallOptions, Request, Response};

/// How a list operation's pages follow each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageStyle {
    /// The response names the next page's cursor; the request passes it back.
    Cursor,
    /// The request passes the id of the last item seen; `has_more` says whether to go on.
    ItemId,
    /// The request passes how many items to skip.
    Offset,
    /// The request passes a page number, counting from 1.
    Page,
    /// The response body gives the next page's URL.
    NextUrl,
    /// The next page's URL is the `rel="next"` link of the `Link` header.
    LinkHeader,
}

/// An operation's pagination plan, as the generator writes it.
#[derive(Clone, Copy, Debug)]
pub struct Pagination {
    pub style: PageStyle,
    /// The query parameter that positions the page (wire name).
    pub param: Option<&'static str>,
    /// The query parameter that sets the page size.
    pub size_param: Option<&'static str>,
    /// Field names from the body to its list of items; empty: the body is the list.
    pub items: &'static [&'static str],
    /// Field names to the next cursor (`Cursor`) or the next page's URL (`NextUrl`).
    pub next: &'static [&'static str],
    /// Field names to the boolean that says whether another page follows.
    pub has_more: &'static [&'static str],
    /// `ItemId`: the field of the last item whose value starts the next page.
    pub item_field: Option<&'static str>,
}

impl Pagination {
    /// Whether the plan has what its style needs.
    pub fn check(&self) -> Result<(), Error> {
        let needs_param = matches!(
            self.style,
            PageStyle::Cursor | PageStyle::ItemId | PageStyle::Offset | PageStyle::Page
        );
        if needs_param && self.param.is_none() {
            return Err(Error::build(format!(
                "pagination style {:?} needs its query parameter",
                self.style
            )));
        }
        if matches!(self.style, PageStyle::Cursor | PageStyle::NextUrl) && self.next.is_empty() {
            return Err(Error::build(format!(
                "pagination style {:?} needs the path to the next page",
                self.style
            )));
        }
        if self.style == PageStyle::ItemId && self.item_field.is_none() {
            return Err(Error::build(
                "pagination style ItemId needs the item's id field",
            ));
        }
        Ok(())
    }
}

fn pagination_error(op: &Operation, message: impl std::fmt::Display) -> Error {
    Error::Pagination {
        message: format!("{}: {message}", op.name),
    }
}

fn dig<'a>(body: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter()
        .try_fold(body, |value, name| value.as_object()?.get(*name))
}

/// The target of the `rel="next"` link of a `Link` header (RFC 8288), or
/// `None`. A `rel` may list several relation types.
pub fn next_link(value: &str) -> Option<&str> {
    let mut rest = value;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let close = after.find('>')?;
        let target = after[..close].trim();
        let tail = &after[close + 1..];
        // The link's parameters run to the next link (a `<` after a comma).
        let end = tail.find('<').unwrap_or(tail.len());
        let params = &tail[..end];
        for param in params.split(';').skip(1) {
            let Some((name, value)) = param.split_once('=') else {
                continue;
            };
            if !name.trim().eq_ignore_ascii_case("rel") {
                continue;
            }
            let value = value.trim().trim_end_matches(',').trim();
            let value = value.trim_matches('"');
            if value
                .split_ascii_whitespace()
                .any(|rel| rel.eq_ignore_ascii_case("next"))
            {
                return Some(target);
            }
        }
        rest = &tail[end..];
    }
    None
}

/// The key a query parameter has on the wire.
fn wire_key(name: &str) -> String {
    encode_query_component(name)
}

fn piece_key(piece: &str) -> &str {
    let first = piece.split('&').next().unwrap_or(piece);
    first.split_once('=').map_or(first, |(k, _)| k)
}

/// The value the request sends for `name`, encoded, if it sends one.
fn param_value(request: &Request, name: &str) -> Option<String> {
    if let Some((_, v)) = request.query.iter().find(|(k, _)| k == name) {
        return Some(encode_query_component(v));
    }
    let key = wire_key(name);
    request.encoded_query.iter().find_map(|piece| {
        piece
            .split('&')
            .find_map(|pair| match pair.split_once('=') {
                Some((k, v)) if k == key => Some(v.to_string()),
                _ => None,
            })
    })
}

/// `request` with `name` set to `value`: where the parameter stood, else last.
fn with_param(request: &Request, name: &str, value: &str) -> Request {
    let mut next = request.clone();
    let key = wire_key(name);
    let piece = format!("{key}={}", encode_query_component(value));
    next.query.retain(|(k, _)| k != name);
    match next.encoded_query.iter().position(|p| piece_key(p) == key) {
        Some(i) => next.encoded_query[i] = piece,
        None => next.encoded_query.push(piece),
    }
    next
}

fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(_) | Value::Bool(_) => value_text(value).ok().flatten(),
        _ => None,
    }
}

fn count(text: Option<String>, fallback: u64) -> u64 {
    text.and_then(|t| t.parse().ok()).unwrap_or(fallback)
}

/// One page of a list: its items, its response and the body beside them.
#[derive(Debug)]
pub struct Page<T> {
    /// The page's items, decoded.
    pub items: Vec<T>,
    /// The page's response (status, headers, attempts).
    pub response: Response,
    /// The page's body as JSON, for fields beside the items (a total count).
    pub body: Value,
    has_next: bool,
}

impl<T> Page<T> {
    /// Whether the server says another page follows. A page whose next page
    /// cannot be reached says `true`; fetching it gives the error.
    pub fn has_next_page(&self) -> bool {
        self.has_next
    }
}

/// What the walk does next.
enum Next {
    Request(Box<Request>),
    Failed(Error),
    End,
}

/// The items of every page of a list, fetched as they are asked for:
/// `while let Some(item) = pager.next().await { ... }` walks every item of
/// every page; [`Pager::next_page`] walks pages.
pub struct Pager<T> {
    runtime: Runtime,
    op: &'static Operation,
    options: CallOptions,
    plan: Pagination,
    base: Option<Url>,
    next: Next,
    buffer: VecDeque<T>,
    _items: PhantomData<fn() -> T>,
}

impl<T> std::fmt::Debug for Pager<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pager")
            .field("operation", &self.op.name)
            .field("plan", &self.plan)
            .field("buffered", &self.buffer.len())
            .finish()
    }
}

impl<T: DeserializeOwned> Pager<T> {
    /// A pager whose first page is `request`; nothing is sent until asked.
    pub fn new(
        runtime: Runtime,
        op: &'static Operation,
        request: Request,
        options: CallOptions,
        plan: Pagination,
    ) -> Self {
        let next = match plan.check() {
            Ok(()) => Next::Request(Box::new(request)),
            Err(e) => Next::Failed(e),
        };
        Pager {
            runtime,
            op,
            options,
            plan,
            base: None,
            next,
            buffer: VecDeque::new(),
            _items: PhantomData,
        }
    }

    /// A pager whose first page is `request`, or, where building it failed,
    /// whose walk gives that error first: a generated `into_pager` builds
    /// its request as `send` does, and hands over what that gave.
    pub fn from_request(
        runtime: Runtime,
        op: &'static Operation,
        request: Result<Request, Error>,
        options: CallOptions,
        plan: Pagination,
    ) -> Self {
        match request {
            Ok(request) => Self::new(runtime, op, request, options, plan),
            Err(e) => Pager {
                runtime,
                op,
                options,
                plan,
                base: None,
                next: Next::Failed(e),
                buffer: VecDeque::new(),
                _items: PhantomData,
            },
        }
    }

    /// The next page (one logical call), `None` after the last. An error
    /// ends the walk: later calls return `None`.
    pub async fn next_page(&mut self) -> Option<Result<Page<T>, Error>> {
        let request = match std::mem::replace(&mut self.next, Next::End) {
            Next::End => return None,
            Next::Failed(e) => return Some(Err(e)),
            Next::Request(r) => *r,
        };
        Some(self.fetch(request).await)
    }

    /// The next item, fetching the next page when this one is used up;
    /// `None` after the last item of the last page.
    pub async fn next(&mut self) -> Option<Result<T, Error>> {
        loop {
            if let Some(item) = self.buffer.pop_front() {
                return Some(Ok(item));
            }
            match self.next_page().await? {
                Ok(page) => self.buffer.extend(page.items),
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// Every remaining item of every page, in order.
    pub async fn collect_all(mut self) -> Result<Vec<T>, Error> {
        let mut out = Vec::new();
        while let Some(item) = self.next().await {
            out.push(item?);
        }
        Ok(out)
    }

    async fn fetch(&mut self, request: Request) -> Result<Page<T>, Error> {
        let response = self
            .runtime
            .execute(self.op, request.clone(), self.options.clone())
            .await?;
        let body: Value = response.json()?;
        let Some(Value::Array(raw)) = dig(&body, self.plan.items) else {
            let where_ = if self.plan.items.is_empty() {
                "the body".to_string()
            } else {
                self.plan.items.join(".")
            };
            return Err(pagination_error(
                self.op,
                format!("the page has no list of items at {where_}"),
            ));
        };
        self.next = match self.next_request(&request, &response, &body, raw) {
            Ok(Some(r)) => Next::Request(Box::new(r)),
            Ok(None) => Next::End,
            Err(e) => Next::Failed(e),
        };
        let items = raw
            .iter()
            .map(|item| {
                T::deserialize(item)
                    .map_err(|e| response.decode_error(format!("an item of the page: {e}")))
            })
            .collect::<Result<Vec<T>, Error>>()?;
        let has_next = !matches!(self.next, Next::End);
        Ok(Page {
            items,
            response,
            body,
            has_next,
        })
    }

    fn next_request(
        &mut self,
        request: &Request,
        response: &Response,
        body: &Value,
        items: &[Value],
    ) -> Result<Option<Request>, Error> {
        let plan = self.plan;
        if !plan.has_more.is_empty() && dig(body, plan.has_more) == Some(&Value::Bool(false)) {
            return Ok(None);
        }
        match plan.style {
            PageStyle::LinkHeader => {
                let link = response
                    .headers
                    .get_all(reqwest::header::LINK)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .find_map(next_link)
                    .map(str::to_string);
                return self.follow(request, link.as_deref());
            }
            PageStyle::NextUrl => {
                let url = dig(body, plan.next).and_then(Value::as_str);
                return self.follow(request, url);
            }
            _ => {}
        }
        let param = plan.param.unwrap_or_default();
        if plan.style == PageStyle::Cursor {
            let Some(cursor) = dig(body, plan.next).and_then(text_of) else {
                return Ok(None);
            };
            if cursor.is_empty() {
                return Ok(None);
            }
            if param_value(request, param) == Some(encode_query_component(&cursor)) {
                return Err(pagination_error(
                    self.op,
                    format!("the server gave the same cursor again ({param})"),
                ));
            }
            return Ok(Some(with_param(request, param, &cursor)));
        }
        let Some(last) = items.last() else {
            return Ok(None);
        };
        let value = match plan.style {
            PageStyle::ItemId => {
                let field = plan.item_field.unwrap_or("id");
                match last.get(field).and_then(text_of) {
                    Some(id) if !id.is_empty() => id,
                    _ => {
                        return Err(pagination_error(
                            self.op,
                            format!("the last item of the page has no {field} to go on from"),
                        ))
                    }
                }
            }
            PageStyle::Offset => {
                (count(param_value(request, param), 0) + items.len() as u64).to_string()
            }
            _ => (count(param_value(request, param), 1) + 1).to_string(),
        };
        Ok(Some(with_param(request, param, &value)))
    }

    fn follow(
        &mut self,
        request: &Request,
        target: Option<&str>,
    ) -> Result<Option<Request>, Error> {
        let Some(target) = target.filter(|t| !t.is_empty()) else {
            return Ok(None);
        };
        if self.base.is_none() {
            self.base = Some(self.runtime.base_url_of(self.op)?);
        }
        let Some(base) = &self.base else {
            return Ok(None);
        };
        let prefix = base.path().trim_end_matches('/').to_string();
        let mut here = base.clone();
        here.set_path(&format!("{prefix}{}", request.path));
        let query = request_query(request);
        here.set_query((!query.is_empty()).then_some(query.as_str()));
        let url = here.join(target).map_err(|e| {
            pagination_error(self.op, format!("the next page's URL is invalid: {e}"))
        })?;
        if url.origin() != base.origin() {
            return Err(pagination_error(
                self.op,
                format!(
                    "the next page is on another origin than the API's ({}); the SDK does not send its credentials there",
                    url.origin().ascii_serialization()
                ),
            ));
        }
        let path = url.path();
        if !prefix.is_empty() && path != prefix && !path.starts_with(&format!("{prefix}/")) {
            return Err(pagination_error(
                self.op,
                format!("the next page ({path}) is outside the API's base path {prefix}"),
            ));
        }
        let mut next = request.clone();
        next.path = match &path[prefix.len()..] {
            "" => "/".to_string(),
            rest => rest.to_string(),
        };
        next.query.clear();
        next.encoded_query = url.query().map(|q| vec![q.to_string()]).unwrap_or_default();
        if next.path == request.path && request_query(&next) == query {
            return Err(pagination_error(
                self.op,
                "the next page's URL is the page itself",
            ));
        }
        Ok(Some(next))
    }
}

/// The request's query as it is sent, without the credentials'.
fn request_query(request: &Request) -> String {
    let mut parts: Vec<String> = request
        .query
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                encode_query_component(k),
                encode_query_component(v)
            )
        })
        .collect();
    parts.extend(request.encoded_query.iter().cloned());
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_link_reads_rel_next() {
        let cases = [
            (
                r#"<https://x/a?page=2>; rel="next""#,
                Some("https://x/a?page=2"),
            ),
            (
                r#"<https://x/a?page=1>; rel="prev", <https://x/a?page=3>; rel="next""#,
                Some("https://x/a?page=3"),
            ),
            (
                r#"<https://x/a?page=3>; rel="next last""#,
                Some("https://x/a?page=3"),
            ),
            ("<https://x/a?page=3>; REL=Next", Some("https://x/a?page=3")),
            (r#"<https://x/a?page=1>; rel="prev""#, None),
            (r#"<https://x/a?page=1>; title="next""#, None),
            ("", None),
        ];
        for (header, target) in cases {
            assert_eq!(next_link(header), target, "{header}");
        }
    }

    #[test]
    fn a_plan_without_what_its_style_needs_is_refused() {
        let plan = |style, param, next: &'static [&'static str], item_field| Pagination {
            style,
            param,
            size_param: None,
            items: &[],
            next,
            has_more: &[],
            item_field,
        };
        assert!(plan(PageStyle::Cursor, None, &["next"], None)
            .check()
            .is_err());
        assert!(plan(PageStyle::NextUrl, None, &[], None).check().is_err());
        assert!(plan(PageStyle::ItemId, Some("after"), &[], None)
            .check()
            .is_err());
        assert!(plan(PageStyle::Offset, Some("offset"), &[], None)
            .check()
            .is_ok());
    }

    #[test]
    fn a_parameter_is_replaced_where_it_stands() {
        let request = Request::new(reqwest::Method::GET, "/items")
            .query_encoded("cursor=c1")
            .query_encoded("limit=2");
        let next = with_param(&request, "cursor", "c 2");
        assert_eq!(request_query(&next), "cursor=c%202&limit=2");
        let next = with_param(&request, "page", "3");
        assert_eq!(request_query(&next), "cursor=c1&limit=2&page=3");
        let pairs = Request::new(reqwest::Method::GET, "/items").query("offset", "4");
        assert_eq!(param_value(&pairs, "offset").as_deref(), Some("4"));
        assert_eq!(
            request_query(&with_param(&pairs, "offset", "6")),
            "offset=6"
        );
    }
}
