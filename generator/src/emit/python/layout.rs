//! Line layout of bracketed Python expressions, as `ruff format` leaves
//! them: on one line when it fits, else one element per line with a trailing
//! comma (the "magic trailing comma" that keeps `ruff format` from joining
//! them again).

/// The line length of the generated packages (`[tool.ruff] line-length`).
pub const WIDTH: usize = 100;

/// An expression: text, or brackets around elements that may be split.
#[derive(Debug, Clone, PartialEq)]
pub enum Doc {
    Text(String),
    /// `head` ends with the opening bracket; `close` is the closing one.
    Group {
        head: String,
        items: Vec<Doc>,
        close: String,
    },
}

impl Doc {
    pub fn text(s: impl Into<String>) -> Doc {
        Doc::Text(s.into())
    }

    /// `callee(items...)`.
    pub fn call(callee: impl Into<String>, items: Vec<Doc>) -> Doc {
        Doc::Group {
            head: format!("{}(", callee.into()),
            items,
            close: ")".to_string(),
        }
    }

    /// `head[items]` where `head` ends with `[`: a single item never gets a
    /// trailing comma (it would make the subscript a tuple).
    pub fn subscript(head: impl Into<String>, items: Vec<Doc>) -> Doc {
        if items.len() == 1 {
            let mut head = head.into();
            head.push_str(&items[0].flat());
            head.push(']');
            return Doc::Text(head);
        }
        Doc::Group {
            head: head.into(),
            items,
            close: "]".to_string(),
        }
    }

    /// The same expression with `prefix` written before it.
    pub fn prefixed(self, prefix: &str) -> Doc {
        match self {
            Doc::Text(s) => Doc::Text(format!("{prefix}{s}")),
            Doc::Group { head, items, close } => Doc::Group {
                head: format!("{prefix}{head}"),
                items,
                close,
            },
        }
    }

    /// `head` followed by a bracketed group: `head` ends with `(`, `[` or `{`.
    pub fn group(head: impl Into<String>, items: Vec<Doc>, close: &str) -> Doc {
        Doc::Group {
            head: head.into(),
            items,
            close: close.to_string(),
        }
    }

    /// The expression on one line.
    pub fn flat(&self) -> String {
        let mut out = String::new();
        self.flat_into(&mut out);
        out
    }

    fn flat_into(&self, out: &mut String) {
        match self {
            Doc::Text(s) => out.push_str(s),
            Doc::Group { head, items, close } => {
                out.push_str(head);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.flat_into(out);
                }
                out.push_str(close);
            }
        }
    }

    /// Whether the expression on one line has at most `room` characters;
    /// stops counting as soon as it has more.
    fn flat_fits(&self, room: &mut usize) -> bool {
        match self {
            Doc::Text(s) => take(room, s),
            Doc::Group { head, items, close } => {
                if !take(room, head) {
                    return false;
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 && !take(room, ", ") {
                        return false;
                    }
                    if !item.flat_fits(room) {
                        return false;
                    }
                }
                take(room, close)
            }
        }
    }

    /// Whether the expression on one line, starting at column `indent` and
    /// followed by `trail` characters, fits in [`WIDTH`].
    fn fits(&self, indent: usize, trail: usize) -> bool {
        match WIDTH.checked_sub(indent + trail) {
            Some(mut room) => self.flat_fits(&mut room),
            None => false,
        }
    }

    /// The expression starting at column `indent`, followed on its last line
    /// by `trail` more characters (a comma, a colon, ...).
    pub fn render(&self, indent: usize, trail: usize) -> String {
        let mut out = String::new();
        self.render_into(indent, trail, &mut out);
        out
    }

    fn render_into(&self, indent: usize, trail: usize, out: &mut String) {
        match self {
            Doc::Group { head, items, close } if !items.is_empty() && !self.fits(indent, trail) => {
                out.push_str(head);
                out.push('\n');
                for item in items {
                    push_spaces(out, indent + 4);
                    item.render_into(indent + 4, 1, out);
                    out.push_str(",\n");
                }
                push_spaces(out, indent);
                out.push_str(close);
            }
            _ => self.flat_into(out),
        }
    }
}

/// Takes the characters of `s` from `room`; whether there were enough.
fn take(room: &mut usize, s: &str) -> bool {
    match room.checked_sub(s.chars().count()) {
        Some(left) => {
            *room = left;
            true
        }
        None => false,
    }
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// `lhs = rhs` at `indent`, laid out as `ruff format` does: on one line;
/// else split at the right side's last bracket when what comes before it
/// fits; else the right side in parentheses on its own lines.
pub fn assign(indent: usize, lhs: &str, rhs: &Doc) -> String {
    let flat = format!("{lhs} = {}", rhs.flat());
    if indent + flat.chars().count() <= WIDTH {
        return flat;
    }
    if let Doc::Group { head, .. } = rhs {
        if indent + lhs.chars().count() + 3 + head.chars().count() <= WIDTH {
            return rhs.clone().prefixed(&format!("{lhs} = ")).render(indent, 0);
        }
    }
    let pad = " ".repeat(indent);
    format!("{lhs} = (\n{pad}    {}\n{pad})", rhs.render(indent + 4, 0))
}

/// Splits a type annotation at its top-level ` | `.
fn union_parts(annotation: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    let chars: Vec<char> = annotation.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && c == ' '
            && chars.get(i + 1) == Some(&'|')
            && chars.get(i + 2) == Some(&' ')
        {
            parts.push(std::mem::take(&mut current));
            i += 3;
            continue;
        }
        current.push(c);
        i += 1;
    }
    parts.push(current);
    parts
}

/// A subscripted type (`list[...]`, `dict[...]`) as a splittable group.
fn type_doc(annotation: &str) -> Doc {
    let Some(open) = annotation.find('[') else {
        return Doc::text(annotation);
    };
    if !annotation.ends_with(']') {
        return Doc::text(annotation);
    }
    let inner = &annotation[open + 1..annotation.len() - 1];
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in inner.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 && c == ',' {
            items.push(std::mem::take(&mut current).trim().to_string());
            continue;
        }
        current.push(c);
    }
    items.push(current.trim().to_string());
    Doc::group(
        &annotation[..=open],
        items.iter().map(|i| type_doc(i)).collect(),
        "]",
    )
}

impl Doc {
    /// Like [`Doc::render`], with single-item subscripts split around their
    /// item (`list[\n    X\n]`) as `ruff format` does.
    fn render_type(&self, indent: usize, trail: usize) -> String {
        match self {
            Doc::Group { head, items, close }
                if items.len() == 1 && close == "]" && !self.fits(indent, trail) =>
            {
                let pad = " ".repeat(indent);
                format!(
                    "{head}\n{pad}    {}\n{pad}{close}",
                    items[0].render_type(indent + 4, 0)
                )
            }
            Doc::Group { head, items, close } if !self.fits(indent, trail) => {
                let pad = " ".repeat(indent + 4);
                let mut out = format!("{head}\n");
                for item in items {
                    out.push_str(&pad);
                    out.push_str(&item.render_type(indent + 4, 1));
                    out.push_str(",\n");
                }
                out.push_str(&" ".repeat(indent));
                out.push_str(close);
                out
            }
            _ => self.flat(),
        }
    }
}

/// One parameter of a function signature, `name: annotation = default,`,
/// at `indent`: split before each top-level `|` at the same indentation,
/// and inside the first part's brackets, when it does not fit.
pub fn parameter(indent: usize, name: &str, annotation: &str, default: &str) -> String {
    let flat = format!("{name}: {annotation}{default},");
    if indent + flat.chars().count() <= WIDTH {
        return flat;
    }
    let parts = union_parts(annotation);
    let pad = " ".repeat(indent);
    let mut lines = Vec::new();
    let last = parts.len() - 1;
    for (i, part) in parts.iter().enumerate() {
        let prefix = if i == 0 {
            format!("{name}: ")
        } else {
            "| ".to_string()
        };
        let suffix = if i == last {
            format!("{default},")
        } else {
            String::new()
        };
        let trail = suffix.chars().count();
        let doc = type_doc(part);
        let text = doc.prefixed(&prefix).render_type(indent, trail);
        lines.push(format!("{text}{suffix}"));
    }
    lines.join(&format!("\n{pad}"))
}

/// `name: annotation` or `name: annotation = default` in a class body at
/// `indent`, laid out as `ruff format` does.
pub fn field(indent: usize, name: &str, annotation: &str, default: Option<&Doc>) -> String {
    let lhs = format!("{name}: {annotation}");
    if let Some(value) = default {
        if indent + lhs.chars().count() + 4 <= WIDTH {
            return assign(indent, &lhs, value);
        }
    } else if indent + lhs.chars().count() <= WIDTH {
        return lhs;
    }
    // The annotation in parentheses, split before `|` when it must be.
    let pad = " ".repeat(indent);
    let inner = if indent + 4 + annotation.chars().count() <= WIDTH {
        annotation.to_string()
    } else {
        union_parts(annotation)
            .iter()
            .enumerate()
            .map(|(i, part)| {
                let prefix = if i == 0 { "" } else { "| " };
                type_doc(part).prefixed(prefix).render_type(indent + 4, 0)
            })
            .collect::<Vec<_>>()
            .join(&format!("\n{pad}    "))
    };
    let head = format!("{name}: (\n{pad}    {inner}\n{pad})");
    match default {
        Some(value) => format!("{head} = {}", value.render(indent, 0)),
        None => head,
    }
}

/// `-> annotation:` closing a signature whose last line starts at `indent`
/// with `prefix` (`) ` or the whole `def ...(...) `).
pub fn returns(indent: usize, prefix: &str, annotation: &str) -> String {
    let flat = format!("{prefix}-> {annotation}:");
    if indent + flat.chars().count() <= WIDTH {
        return flat;
    }
    let doc = type_doc(annotation).prefixed(&format!("{prefix}-> "));
    format!("{}:", doc.render_type(indent, 1))
}

/// `if <condition>:` at `indent`, parenthesised and split before its
/// operator when it does not fit. `condition` is `left op right`.
pub fn if_line(indent: usize, left: &str, op: &str, right: &str) -> String {
    let flat = format!("if {left} {op} {right}:");
    if indent + flat.chars().count() <= WIDTH {
        return flat;
    }
    let pad = " ".repeat(indent);
    let inner = format!("{left} {op} {right}");
    if indent + 4 + inner.chars().count() <= WIDTH {
        format!("if (\n{pad}    {inner}\n{pad}):")
    } else {
        format!("if (\n{pad}    {left}\n{pad}    {op} {right}\n{pad}):")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_on_one_line_or_splits_with_trailing_commas() {
        let short = Doc::call("f", vec![Doc::text("a"), Doc::text("b")]);
        assert_eq!(short.render(4, 0), "f(a, b)");
        let long = Doc::call(
            "return some_function",
            vec![Doc::text("x".repeat(50)), Doc::text("y".repeat(50))],
        );
        assert_eq!(
            long.render(4, 0),
            format!(
                "return some_function(\n        {},\n        {},\n    )",
                "x".repeat(50),
                "y".repeat(50)
            )
        );
        assert_eq!(Doc::call("f", vec![]).render(200, 0), "f()");
    }

    #[test]
    fn nested_groups_split_from_the_outside_in() {
        let inner = Doc::call("inner", vec![Doc::text("z".repeat(40))]);
        let outer = Doc::call("outer", vec![Doc::text("a".repeat(50)), inner]);
        let text = outer.render(0, 0);
        assert!(text.starts_with("outer(\n    aaaa"));
        assert!(text.contains(&format!("    inner({}),\n)", "z".repeat(40))));
    }
}
