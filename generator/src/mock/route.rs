//! Routing by the IR's methods and path templates.

use crate::ir::{Api, Method};

/// One piece of a path segment template: `{id}.json` is `Param("id"), Lit(".json")`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Lit(String),
    Param(String),
}

#[derive(Debug)]
struct Route {
    op: usize,
    method: Method,
    segments: Vec<Vec<Piece>>,
    /// Query pairs the spec wrote into the path: a request must carry them.
    query: Vec<(String, String)>,
}

/// The best match so far: its rank (0 for a literal segment, 1 for a
/// parameter), the operation, the parameters.
type Best = (Vec<u8>, usize, Vec<(String, String)>);

/// What a request path and method found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    Op {
        op: usize,
        /// Path parameters, percent-decoded, in template order.
        params: Vec<(String, String)>,
    },
    /// The path matches, but not with this method: these methods do.
    MethodNotAllowed(Vec<Method>),
    NotFound,
}

pub(crate) struct Routes {
    routes: Vec<Route>,
    /// The servers' base paths (`/v2`), longest first; a request may carry one.
    bases: Vec<String>,
}

impl Routes {
    pub fn new(api: &Api) -> Routes {
        let routes = api
            .operations
            .iter()
            .enumerate()
            .map(|(i, op)| Route {
                op: i,
                method: op.method,
                segments: split(&op.path).iter().map(|s| pieces(s)).collect(),
                query: op.plan.query.clone(),
            })
            .collect();
        let mut bases: Vec<String> = api
            .servers
            .iter()
            .filter_map(|s| {
                let mut url = s.url.clone();
                for v in &s.variables {
                    url = url.replace(&format!("{{{}}}", v.name), &v.default);
                }
                base_path(&url)
            })
            .collect();
        bases.sort_by_key(|b| std::cmp::Reverse(b.len()));
        bases.dedup();
        Routes { routes, bases }
    }

    /// Finds the operation for `method` and the raw (still percent-encoded) `path`.
    #[cfg(test)]
    pub fn find(&self, method: Option<Method>, path: &str) -> Lookup {
        self.find_with_query(method, path, &[])
    }

    /// As `find`, where the request's decoded query pairs pick between
    /// operations whose spec paths differ only in a query written into them
    /// (`/responses` and `/responses?beta=true`).
    pub fn find_with_query(
        &self,
        method: Option<Method>,
        path: &str,
        query: &[(String, String)],
    ) -> Lookup {
        let found = self.find_exact(method, path, query);
        if found != Lookup::NotFound {
            return found;
        }
        for base in &self.bases {
            if let Some(rest) = path.strip_prefix(base.as_str()) {
                if rest.is_empty() || rest.starts_with('/') {
                    let rest = if rest.is_empty() { "/" } else { rest };
                    let found = self.find_exact(method, rest, query);
                    if found != Lookup::NotFound {
                        return found;
                    }
                }
            }
        }
        Lookup::NotFound
    }

    fn find_exact(&self, method: Option<Method>, path: &str, query: &[(String, String)]) -> Lookup {
        let trimmed = if path.len() > 1 {
            path.strip_suffix('/').unwrap_or(path)
        } else {
            path
        };
        let segments = split(trimmed);
        // The most specific match: literal pieces beat parameters, segment by segment.
        let mut best: Option<Best> = None;
        let mut allowed = Vec::new();
        for route in &self.routes {
            if route.segments.len() != segments.len() {
                continue;
            }
            let mut params = Vec::new();
            let mut rank = Vec::with_capacity(segments.len());
            let matched = route.segments.iter().zip(&segments).all(|(tpl, seg)| {
                let before = params.len();
                let ok = match_segment(tpl, seg, &mut params);
                rank.push(if params.len() == before { 0 } else { 1 });
                ok
            });
            if !matched {
                continue;
            }
            // The path's own query pairs must all be there, and a route that
            // asks for them beats one that does not.
            if !route.query.iter().all(|pair| query.contains(pair)) {
                continue;
            }
            rank.push(u8::from(route.query.is_empty()));
            if Some(route.method) != method {
                if !allowed.contains(&route.method) {
                    allowed.push(route.method);
                }
                continue;
            }
            if best.as_ref().is_none_or(|(r, _, _)| rank < *r) {
                best = Some((rank, route.op, params));
            }
        }
        match best {
            Some((_, op, params)) => Lookup::Op { op, params },
            None if !allowed.is_empty() => {
                allowed.sort();
                Lookup::MethodNotAllowed(allowed)
            }
            None => Lookup::NotFound,
        }
    }
}

/// The path of a server URL, without a trailing slash; `None` for the root.
fn base_path(url: &str) -> Option<String> {
    let after_scheme = match url.find("://") {
        Some(i) => {
            let rest = &url[i + 3..];
            match rest.find('/') {
                Some(j) => &rest[j..],
                None => "",
            }
        }
        None => url,
    };
    let path = after_scheme.split(['?', '#']).next().unwrap_or("");
    let path = path.trim_end_matches('/');
    if path.is_empty() || !path.starts_with('/') {
        None
    } else {
        Some(path.to_string())
    }
}

fn split(path: &str) -> Vec<&str> {
    path.strip_prefix('/').unwrap_or(path).split('/').collect()
}

fn pieces(segment: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = segment;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        if open > 0 {
            out.push(Piece::Lit(rest[..open].to_string()));
        }
        out.push(Piece::Param(rest[open + 1..open + close].to_string()));
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Lit(rest.to_string()));
    }
    out
}

/// Matches one raw segment against its template; on success pushes the
/// parameters' decoded values. A parameter takes the shortest non-empty text
/// up to the next literal piece.
fn match_segment(tpl: &[Piece], seg: &str, params: &mut Vec<(String, String)>) -> bool {
    let start = params.len();
    if match_pieces(tpl, seg, params) {
        true
    } else {
        params.truncate(start);
        false
    }
}

fn match_pieces(tpl: &[Piece], seg: &str, params: &mut Vec<(String, String)>) -> bool {
    match tpl.split_first() {
        None => seg.is_empty(),
        Some((Piece::Lit(lit), rest)) => {
            if rest.is_empty() {
                // A segment's last literal compares decoded, so `%7E` matches `~`.
                return percent_decode(seg) == *lit;
            }
            seg.strip_prefix(lit.as_str())
                .is_some_and(|after| match_pieces(rest, after, params))
        }
        Some((Piece::Param(name), rest)) => {
            if seg.is_empty() {
                return false;
            }
            match rest.first() {
                None => {
                    params.push((name.clone(), percent_decode(seg)));
                    true
                }
                Some(Piece::Lit(next)) => {
                    let mut from = 1;
                    while let Some(i) = seg.get(from..).and_then(|s| s.find(next.as_str())) {
                        let cut = from + i;
                        let mark = params.len();
                        params.push((name.clone(), percent_decode(&seg[..cut])));
                        if match_pieces(rest, &seg[cut..], params) {
                            return true;
                        }
                        params.truncate(mark);
                        from = cut + 1;
                    }
                    false
                }
                // Two parameters side by side: the first takes one character
                // at a time until the rest matches.
                Some(Piece::Param(_)) => {
                    for (cut, _) in seg.char_indices().skip(1) {
                        let mark = params.len();
                        params.push((name.clone(), percent_decode(&seg[..cut])));
                        if match_pieces(rest, &seg[cut..], params) {
                            return true;
                        }
                        params.truncate(mark);
                    }
                    false
                }
            }
        }
    }
}

/// Decodes `%XX` escapes; invalid escapes stay as they are, invalid UTF-8 is replaced.
pub(crate) fn percent_decode(text: &str) -> String {
    decode(text, false)
}

/// As [`percent_decode`], and `+` is a space (query strings, forms).
pub(crate) fn form_decode(text: &str) -> String {
    decode(text, true)
}

/// Percent-encodes all but RFC 3986's unreserved characters (for the query
/// strings of the next-page URLs the mock hands out).
pub(crate) fn query_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' && i + 2 < bytes.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(if plus_is_space && b == b'+' { b' ' } else { b });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Splits a query string into decoded pairs, in order.
pub(crate) fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (form_decode(k), form_decode(v)),
            None => (form_decode(p), String::new()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes(paths: &[(Method, &str)], servers: &[&str]) -> Routes {
        let segs = paths
            .iter()
            .enumerate()
            .map(|(i, (m, p))| Route {
                op: i,
                method: *m,
                segments: split(p).iter().map(|s| pieces(s)).collect(),
                query: Vec::new(),
            })
            .collect();
        let mut bases: Vec<String> = servers.iter().filter_map(|s| base_path(s)).collect();
        bases.sort_by_key(|b| std::cmp::Reverse(b.len()));
        Routes {
            routes: segs,
            bases,
        }
    }

    #[test]
    fn matches_templates_per_segment() {
        let r = routes(
            &[
                (Method::Get, "/transfers"),
                (Method::Post, "/transfers"),
                (Method::Get, "/transfers/{transfer_id}"),
                (Method::Get, "/transfers/search"),
                (Method::Post, "/transfers/{transfer_id}/refunds"),
                (Method::Get, "/files/{name}.{ext}"),
            ],
            &["https://api.example.com/v2/"],
        );
        assert_eq!(
            r.find(Some(Method::Get), "/transfers"),
            Lookup::Op {
                op: 0,
                params: vec![]
            }
        );
        assert_eq!(
            r.find(Some(Method::Get), "/transfers/tr%201"),
            Lookup::Op {
                op: 2,
                params: vec![("transfer_id".into(), "tr 1".into())]
            }
        );
        assert_eq!(
            r.find(Some(Method::Get), "/transfers/search"),
            Lookup::Op {
                op: 3,
                params: vec![]
            }
        );
        assert_eq!(
            r.find(Some(Method::Post), "/v2/transfers/t1/refunds"),
            Lookup::Op {
                op: 4,
                params: vec![("transfer_id".into(), "t1".into())]
            }
        );
        assert_eq!(
            r.find(Some(Method::Get), "/files/report.tar.gz"),
            Lookup::Op {
                op: 5,
                params: vec![
                    ("name".into(), "report".into()),
                    ("ext".into(), "tar.gz".into())
                ]
            }
        );
        assert_eq!(
            r.find(Some(Method::Delete), "/transfers"),
            Lookup::MethodNotAllowed(vec![Method::Get, Method::Post])
        );
        assert_eq!(
            r.find(Some(Method::Get), "/transfers/a/b"),
            Lookup::NotFound
        );
        assert_eq!(
            r.find(Some(Method::Get), "/transfers//refunds"),
            Lookup::NotFound
        );
        assert_eq!(r.find(Some(Method::Get), "/nope"), Lookup::NotFound);
        assert_eq!(
            r.find(Some(Method::Get), "/transfers/"),
            Lookup::Op {
                op: 0,
                params: vec![]
            }
        );
    }

    #[test]
    fn reads_base_paths_and_queries() {
        assert_eq!(base_path("https://h.example/v2"), Some("/v2".into()));
        assert_eq!(base_path("https://h.example"), None);
        assert_eq!(base_path("/api/"), Some("/api".into()));
        assert_eq!(
            query_pairs("a=1&b=x+y&c%5Bgte%5D=%3D&d"),
            vec![
                ("a".into(), "1".into()),
                ("b".into(), "x y".into()),
                ("c[gte]".into(), "=".into()),
                ("d".into(), String::new()),
            ]
        );
        assert_eq!(percent_decode("%zz%41"), "%zzA");
        assert_eq!(percent_decode("50%"), "50%");
    }

    #[test]
    fn a_query_written_into_the_path_picks_its_operation() {
        let mut r = routes(
            &[(Method::Post, "/responses"), (Method::Post, "/responses")],
            &[],
        );
        r.routes[1].query = vec![("beta".to_string(), "true".to_string())];
        let beta = vec![("beta".to_string(), "true".to_string())];
        let op_of = |found: Lookup| match found {
            Lookup::Op { op, .. } => op,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            op_of(r.find_with_query(Some(Method::Post), "/responses", &beta)),
            1
        );
        assert_eq!(
            op_of(r.find_with_query(Some(Method::Post), "/responses", &[])),
            0
        );
        let other = vec![("beta".to_string(), "false".to_string())];
        assert_eq!(
            op_of(r.find_with_query(Some(Method::Post), "/responses", &other)),
            0
        );
    }
}
