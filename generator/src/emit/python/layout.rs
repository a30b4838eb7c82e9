//! Line breaking of the generated Python the way `ruff format` leaves it: an
//! expression on one line when it fits, else one element per line with a
//! trailing comma (the "magic trailing comma" that keeps `ruff format` from
//! joining them again). The documents are the shared engine's
//! (`emit/layout.rs`); this module holds ruff's settings and the shapes ruff
//! gives each construct.

use crate::emit::layout::{self as engine, group, indent, join, Style};
pub use crate::emit::layout::{concat, lit, text, D};

/// The line length of the generated packages (`[tool.ruff] line-length`).
pub const WIDTH: usize = 100;

/// ruff's settings in the generated packages: 100 columns, four spaces.
const RUFF: Style = Style {
    width: WIDTH,
    indent: 4,
};

/// Prints `doc` as ruff would, from column `indent` (the first line is
/// assumed to be indented already).
pub fn render(doc: &D, indent: usize) -> String {
    engine::render(doc, indent, RUFF)
}

/// The expression on one line.
pub fn flat(doc: &D) -> String {
    engine::flat(doc)
}

/// `head items close` where `head` ends with the opening bracket: on one
/// line, or one item per line with a trailing comma.
pub fn bracket(head: impl Into<String>, items: Vec<D>, close: &'static str) -> D {
    let mut head = head.into();
    if items.is_empty() {
        head.push_str(close);
        return text(head);
    }
    let mut inner = Vec::with_capacity(items.len() * 3 + 1);
    inner.push(D::SoftLine);
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            inner.push(lit(","));
            inner.push(D::Line);
        }
        inner.push(item);
    }
    inner.push(D::IfBreak(",", ""));
    group(vec![text(head), indent(inner), D::SoftLine, lit(close)])
}

/// `callee(items...)`.
pub fn call(callee: impl Into<String>, items: Vec<D>) -> D {
    let mut head = callee.into();
    head.push('(');
    bracket(head, items, ")")
}

/// `head[items]` where `head` ends with `[`: a single item never gets a
/// trailing comma (it would make the subscript a tuple), nor a line break.
pub fn subscript(head: impl Into<String>, items: Vec<D>) -> D {
    if items.len() == 1 {
        return text(format!("{}{}]", head.into(), flat(&items[0])));
    }
    bracket(head, items, "]")
}

/// `doc` with `prefix` written before it.
pub fn prefixed(prefix: impl Into<String>, doc: D) -> D {
    concat(vec![text(prefix), doc])
}

/// Items a template lays out inside brackets it writes itself: the
/// arguments of a call, the entries of a list or a dict.
#[derive(Debug, Clone)]
pub struct Items(pub Vec<D>);

impl Items {
    /// `head items close` on one line, where `head` is the concatenation
    /// of `heads`, when it fits in the `room` columns left on its line:
    /// what [`bracket`]'s document, the whole of what is rendered there or
    /// the right side of an assignment, lays out then.
    fn one_line(&self, heads: &[&str], close: &str, room: usize) -> Option<String> {
        let fixed = heads.iter().map(|h| engine::width(h)).sum::<usize>()
            + engine::width(close)
            + 2 * self.0.len().saturating_sub(1);
        let mut left = room.checked_sub(fixed)?;
        for item in &self.0 {
            left -= engine::first_fits_flat(item, left)?;
        }
        let mut out = String::new();
        heads.iter().for_each(|h| out.push_str(h));
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            engine::flat_into(item, &mut out);
        }
        out.push_str(close);
        Some(out)
    }

    /// `head items close` one item a line with a trailing comma, from
    /// column `indent`: what [`bracket`]'s document, the whole of what is
    /// rendered there, lays out when it does not fit on one line (`one_line`
    /// gave nothing) and no item holds a forced group or a choice (whose
    /// fit checks could keep the bracket flat beyond the width). `None`
    /// when an item does.
    fn broken(&self, head: &str, close: &str, indent: usize) -> Option<String> {
        if self.0.is_empty() || !self.0.iter().all(engine::never_forced) {
            return None;
        }
        let mut out = String::from(head);
        let comma = lit(",");
        for item in &self.0 {
            engine::break_line(&mut out, indent + RUFF.indent);
            engine::render_parts_into(&[item, &comma], indent + RUFF.indent, RUFF, &mut out);
        }
        engine::break_line(&mut out, indent);
        out.push_str(close);
        Some(out)
    }

    /// `callee(items...)` from column `indent`.
    pub fn call(&self, callee: impl std::fmt::Display, indent: usize) -> String {
        let head = format!("{callee}(");
        if let Some(line) = self.one_line(&[&head], ")", WIDTH.saturating_sub(indent)) {
            return line;
        }
        if let Some(lines) = self.broken(&head, ")", indent) {
            return lines;
        }
        render(&bracket(head, self.0.clone(), ")"), indent)
    }

    /// `open items close` from column `indent`; `open` ends with the bracket.
    pub fn bracket(
        &self,
        open: impl std::fmt::Display,
        close: &'static str,
        indent: usize,
    ) -> String {
        let open = open.to_string();
        if let Some(line) = self.one_line(&[&open], close, WIDTH.saturating_sub(indent)) {
            return line;
        }
        if let Some(lines) = self.broken(&open, close, indent) {
            return lines;
        }
        render(&bracket(open, self.0.clone(), close), indent)
    }

    /// `name: annotation = open items close` at `indent`: on one line; else
    /// one item per line when `name: annotation = open` fits; else the
    /// annotation split at its brackets first (as `ruff format` splits the
    /// left side before the right), then the items as they fit.
    pub fn annotated(
        &self,
        name: &str,
        annotation: impl std::fmt::Display,
        open: &str,
        close: &'static str,
        indent_at: usize,
    ) -> String {
        let annotation = annotation.to_string();
        let annotation = annotation.as_str();
        let head = engine::cat(&[name, ": ", annotation, " = ", open]);
        if indent_at + engine::width(&head) <= WIDTH {
            return self.bracket(head, close, indent_at);
        }
        let doc = concat(vec![
            text(format!("{name}: ")),
            type_doc(annotation),
            lit(" = "),
            bracket(open, self.0.clone(), close),
        ]);
        render(&doc, indent_at)
    }

    /// `lhs = callee(items...)` at `indent`, laid out as [`assign`] does.
    pub fn assign_call(&self, lhs: &str, callee: &str, indent: usize) -> String {
        // On one line when it fits: the first of the layouts `assign`
        // chooses from.
        let room = WIDTH.saturating_sub(indent);
        if let Some(line) = self.one_line(&[lhs, " = ", callee, "("], ")", room) {
            return line;
        }
        assign(indent, lhs, &call(callee, self.0.clone()))
    }
}

/// `lhs = callee(args)` at `indent`, laid out as [`assign`] does: for
/// templates, whose text gives all three.
pub fn assign_call(
    indent_at: usize,
    lhs: impl std::fmt::Display,
    callee: impl std::fmt::Display,
    args: &[&str],
) -> String {
    let args = args.iter().map(|a| text(*a)).collect();
    assign(indent_at, &lhs.to_string(), &call(callee.to_string(), args))
}

/// `callee(args)` from column `indent`: for templates, whose text gives
/// both.
pub fn call_line(indent_at: usize, callee: impl std::fmt::Display, args: &[&str]) -> String {
    let args = args.iter().map(|a| text(*a)).collect();
    render(&call(callee.to_string(), args), indent_at)
}

/// An expression a template writes after text of its own.
#[derive(Debug, Clone)]
pub struct Expr(pub D);

impl Expr {
    /// `prefix` then the expression, from column `indent`.
    pub fn after(&self, prefix: impl std::fmt::Display, indent: usize) -> String {
        render(&prefixed(prefix.to_string(), self.0.clone()), indent)
    }

    /// `lhs = expression` at `indent`, laid out as [`assign`] does.
    pub fn assigned_to(&self, lhs: impl std::fmt::Display, indent: usize) -> String {
        assign(indent, &lhs.to_string(), &self.0)
    }
}

/// `lhs = rhs` at `indent`, laid out as `ruff format` does: on one line;
/// else split at the right side's last bracket when what comes before it
/// fits; else the right side in parentheses on its own lines when every
/// line of that fits; else split at the bracket (or on one line) however
/// wide.
pub fn assign(indent_at: usize, lhs: &str, rhs: &D) -> String {
    // The first layout, on one line, when it fits: the choice below takes
    // it then.
    let room = WIDTH
        .checked_sub(indent_at + engine::width(lhs) + 3)
        .and_then(|room| engine::first_fits_flat(rhs, room));
    if let Some(w) = room {
        let mut out = String::with_capacity(lhs.len() + 3 + w);
        out.push_str(lhs);
        out.push_str(" = ");
        engine::flat_into(rhs, &mut out);
        return out;
    }
    assign_in_full(indent_at, lhs, rhs)
}

/// [`assign`] without its one-line path: the choice of the four layouts.
fn assign_in_full(indent_at: usize, lhs: &str, rhs: &D) -> String {
    let is = text(format!("{lhs} = "));
    // Broken whatever the width: fits when `lhs = head` does.
    let split = match rhs {
        D::Group(parts, _) => Some(concat(vec![is.clone(), D::Group(parts.clone(), true)])),
        _ => None,
    };
    let parenthesized = D::Group(
        vec![
            text(format!("{lhs} = (")),
            indent(vec![D::SoftLine, rhs.clone()]),
            D::SoftLine,
            lit(")"),
        ]
        .into(),
        true,
    );
    let mut states = vec![concat(vec![is.clone(), rhs.clone()])];
    states.extend(split.clone());
    // ruff measures every line of the parenthesized layout, not only the
    // first: it takes it only when that brings all of it within the width.
    if lines_fit(&render(&parenthesized, indent_at), indent_at) {
        states.push(parenthesized);
    }
    states.push(split.unwrap_or_else(|| concat(vec![is, rhs.clone()])));
    render(&D::Choice(states), indent_at)
}

/// Whether every line of `laid_out`, the first starting at column
/// `indent_at`, fits in the width.
fn lines_fit(laid_out: &str, indent_at: usize) -> bool {
    laid_out
        .split('\n')
        .enumerate()
        .all(|(i, line)| engine::width(line) + if i == 0 { indent_at } else { 0 } <= WIDTH)
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

/// Whether [`union_doc`] of `annotation`, laid flat, is `annotation`
/// itself: it cuts subscripts at their commas, trims the items and joins
/// them with `, `, which gives the text back when every comma is followed
/// by one space and then by something else than a space, and no other
/// whitespace stands next to a comma or inside a bracket's edge (nor any
/// but the space anywhere: only ASCII text is taken).
fn written_as_laid_out(annotation: &str) -> bool {
    let bytes = annotation.as_bytes();
    bytes.iter().enumerate().all(|(i, &b)| match b {
        b',' => {
            bytes.get(i + 1) == Some(&b' ')
                && bytes.get(i + 2).is_some_and(|&c| c != b' ')
                && i > 0
                && bytes[i - 1] != b' '
        }
        b'[' => bytes.get(i + 1) != Some(&b' '),
        b']' => i == 0 || bytes[i - 1] != b' ',
        b' ' => true,
        b => b.is_ascii() && !b.is_ascii_whitespace(),
    })
}

/// A type annotation, or a type as a value (`X = list[Y]`), whose
/// subscripts (`list[...]`, `dict[...]`) may split: a single item is split
/// around (`list[\n    X\n]`), with no trailing comma.
pub fn type_doc(annotation: &str) -> D {
    let Some(open) = annotation.find('[') else {
        return text(annotation);
    };
    if !annotation.ends_with(']') {
        return text(annotation);
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
    let head = &annotation[..=open];
    if let [only] = &items[..] {
        return group(vec![
            text(head),
            indent(vec![D::SoftLine, type_doc(only)]),
            D::SoftLine,
            lit("]"),
        ]);
    }
    bracket(head, items.iter().map(|i| type_doc(i)).collect(), "]")
}

/// An annotation on one line, else split before each top-level `|`, each
/// part split inside its brackets when it must be.
fn union_doc(annotation: &str) -> D {
    let parts = union_parts(annotation)
        .iter()
        .map(|p| type_doc(p))
        .collect();
    group(join(parts, vec![D::Line, lit("| ")]))
}

/// One parameter of a function signature, `name: annotation = default,`,
/// at `indent`: split before each top-level `|` at the same indentation,
/// and inside the parts' brackets, when it does not fit.
pub fn parameter(indent_at: usize, name: &str, annotation: &str, default: &str) -> String {
    // On one line when it fits: the document below lays out as the
    // annotation is written, then.
    let one_line = indent_at
        + engine::width(name)
        + 2
        + engine::width(annotation)
        + engine::width(default)
        + 1;
    if one_line <= WIDTH && written_as_laid_out(annotation) {
        return engine::cat(&[name, ": ", annotation, default, ","]);
    }
    let doc = concat(vec![
        text(format!("{name}: ")),
        union_doc(annotation),
        text(format!("{default},")),
    ]);
    render(&doc, indent_at)
}

/// `name: annotation` or `name: annotation = default` in a class body at
/// `indent`, laid out as `ruff format` does: on one line when it fits, else
/// the annotation in parentheses on its own lines.
pub fn field(
    indent_at: usize,
    name: &str,
    annotation: impl std::fmt::Display,
    default: Option<&D>,
) -> String {
    let annotation = annotation.to_string();
    let annotation = annotation.as_str();
    let lhs = engine::cat(&[name, ": ", annotation]);
    let lhs_width = engine::width(&lhs);
    let room = |extra: usize| indent_at + lhs_width + extra <= WIDTH;
    match default {
        Some(value) if room(4) => return assign(indent_at, &lhs, value),
        None if room(0) => return lhs,
        _ => {}
    }
    let union = union_parts(annotation).len() > 1;
    // A subscript alone splits at its brackets, as ruff splits it.
    if default.is_none() && !union && annotation.ends_with(']') {
        let doc = concat(vec![text(format!("{name}: ")), type_doc(annotation)]);
        return render(&doc, indent_at);
    }
    // A plain name that parentheses would not bring within the width stays
    // on the line, as ruff leaves it.
    let splittable = annotation.contains('[') || union;
    if !splittable && indent_at + 4 + annotation.chars().count() > WIDTH {
        return match default {
            Some(value) => format!("{lhs} = {}", flat(value)),
            None => lhs,
        };
    }
    let mut parts = vec![
        text(format!("{name}: (")),
        indent(vec![D::SoftLine, union_doc(annotation)]),
        D::SoftLine,
        lit(")"),
    ];
    if let Some(value) = default {
        parts.push(lit(" = "));
        parts.push(value.clone());
    }
    render(&concat(parts), indent_at)
}

/// `-> annotation:` closing a signature whose last line starts at `indent`
/// with `prefix` (`) ` or the whole `def ...(...) `).
pub fn returns(indent_at: usize, prefix: &str, annotation: impl std::fmt::Display) -> String {
    let annotation = annotation.to_string();
    // On one line when it fits: the document lays out as the annotation
    // is written, then.
    let one_line = indent_at + engine::width(prefix) + 3 + engine::width(&annotation) + 1;
    if one_line <= WIDTH && written_as_laid_out(&annotation) {
        return engine::cat(&[prefix, "-> ", &annotation, ":"]);
    }
    // A name too long for the line goes in parentheses on a line of its
    // own, where it fits there (ruff leaves it on the line where it does not).
    let deeper = indent_at + RUFF.indent;
    let is_name = annotation
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
    if one_line > WIDTH && is_name && deeper + engine::width(&annotation) <= WIDTH {
        let mut out = engine::cat(&[prefix, "-> ("]);
        engine::break_line(&mut out, deeper);
        out.push_str(&annotation);
        engine::break_line(&mut out, indent_at);
        out.push_str("):");
        return out;
    }
    render(&returns_doc(prefix, &annotation), indent_at)
}

/// [`returns`]' document.
fn returns_doc(prefix: &str, annotation: &str) -> D {
    concat(vec![
        text(format!("{prefix}-> ")),
        type_doc(annotation),
        lit(":"),
    ])
}

/// `def name(params) -> annotation:` at `indent`: on one line when it fits,
/// else one parameter per line and the return annotation as [`returns`] lays
/// it out.
pub fn def_line(
    indent_at: usize,
    name: impl std::fmt::Display,
    params: &[&str],
    annotation: impl std::fmt::Display,
) -> String {
    let annotation = annotation.to_string();
    let name = name.to_string();
    let joined = params.join(", ");
    let flat = engine::cat(&["def ", &name, "(", &joined, ") -> ", &annotation, ":"]);
    if indent_at + engine::width(&flat) <= WIDTH {
        return flat;
    }
    let pad = " ".repeat(indent_at);
    let mut out = format!("def {name}(\n");
    for p in params {
        out.push_str(&format!("{pad}    {p},\n"));
    }
    out.push_str(&pad);
    out.push_str(&returns(indent_at, ") ", &annotation));
    out
}

/// `class name(base):` at column 0, the base on its own line when the
/// name is too long.
pub fn class_line(name: impl std::fmt::Display, base: &str) -> String {
    let name = name.to_string();
    let line = engine::cat(&["class ", &name, "(", base, "):"]);
    if engine::width(&line) <= WIDTH {
        return line;
    }
    render(&class_doc(&name, base), 0)
}

/// [`class_line`]'s document.
fn class_doc(name: &str, base: &str) -> D {
    group(vec![
        text(format!("class {name}(")),
        indent(vec![D::SoftLine, text(base)]),
        D::SoftLine,
        lit("):"),
    ])
}

/// `if <condition>:` at `indent`, parenthesised and split before its
/// operator when it does not fit. `condition` is `left op right`.
pub fn if_line(indent_at: usize, left: &str, op: &str, right: &str) -> String {
    let line = engine::cat(&["if ", left, " ", op, " ", right, ":"]);
    if indent_at + engine::width(&line) <= WIDTH {
        return line;
    }
    render(&if_doc(left, op, right), indent_at)
}

/// [`if_line`]'s document.
fn if_doc(left: &str, op: &str, right: &str) -> D {
    let condition = group(vec![text(left), D::Line, text(format!("{op} {right}"))]);
    group(vec![
        lit("if "),
        D::IfBreak("(", ""),
        indent(vec![D::SoftLine, condition]),
        D::SoftLine,
        D::IfBreak(")", ""),
        lit(":"),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::layout::group_of;

    #[test]
    fn fits_on_one_line_or_splits_with_trailing_commas() {
        let short = call("f", vec![text("a"), text("b")]);
        assert_eq!(render(&short, 4), "f(a, b)");
        let long = call(
            "return some_function",
            vec![text("x".repeat(50)), text("y".repeat(50))],
        );
        assert_eq!(
            render(&long, 4),
            format!(
                "return some_function(\n        {},\n        {},\n    )",
                "x".repeat(50),
                "y".repeat(50)
            )
        );
        assert_eq!(render(&call("f", vec![]), 200), "f()");
    }

    #[test]
    fn nested_groups_split_from_the_outside_in() {
        let inner = call("inner", vec![text("z".repeat(40))]);
        let outer = call("outer", vec![text("a".repeat(50)), inner]);
        let text = render(&outer, 0);
        assert!(text.starts_with("outer(\n    aaaa"));
        assert!(text.contains(&format!("    inner({}),\n)", "z".repeat(40))));
    }

    #[test]
    fn assignments_split_at_the_last_bracket_else_in_parentheses() {
        let args = vec![text("a".repeat(45)), text("b".repeat(45))];
        assert_eq!(assign(0, "x", &call("f", vec![text("a")])), "x = f(a)");
        assert_eq!(
            assign(4, "x", &call("f", args.clone())),
            format!(
                "x = f(\n        {},\n        {},\n    )",
                "a".repeat(45),
                "b".repeat(45)
            )
        );
        // `lhs = f(` is too wide, `lhs = (` fits.
        let lhs = "y".repeat(96);
        assert_eq!(
            assign(0, &lhs, &call("f", args.clone())),
            format!(
                "{lhs} = (\n    f({}, {})\n)",
                "a".repeat(45),
                "b".repeat(45)
            )
        );
        // Neither fits: parentheses would not help, the bracket splits.
        let lhs = "y".repeat(97);
        assert_eq!(
            assign(0, &lhs, &call("f", args)),
            format!(
                "{lhs} = f(\n    {},\n    {},\n)",
                "a".repeat(45),
                "b".repeat(45)
            )
        );
        let over = "w".repeat(98);
        assert_eq!(assign(0, &over, &text("v")), format!("{over} = v"));
        // Parentheses that would not bring the name within the width
        // either: it stays on the line.
        let long = "z".repeat(98);
        assert_eq!(assign(0, "x", &text(&long)), format!("x = {long}"));
        let fits = "z".repeat(96);
        assert_eq!(
            assign(0, "xy", &text(&fits)),
            format!("xy = (\n    {fits}\n)")
        );
        // Parentheses whose content would still be too wide: split at the
        // bracket instead, however wide its first line.
        let item = format!("list[{}]", "i".repeat(95));
        let union = subscript("Union[", vec![type_doc(&item), text("str")]);
        let lhs = "u".repeat(94);
        assert_eq!(
            assign(0, &lhs, &union),
            format!(
                "{lhs} = Union[\n    list[\n        {}\n    ],\n    str,\n]",
                "i".repeat(95)
            )
        );
    }

    #[test]
    fn a_subscript_with_one_item_never_gets_a_comma_or_a_break() {
        let one = subscript("Literal[", vec![text("x".repeat(120))]);
        assert_eq!(render(&one, 0), format!("Literal[{}]", "x".repeat(120)));
        let two = subscript("Union[", vec![text("a".repeat(60)), text("b".repeat(60))]);
        assert_eq!(
            render(&two, 0),
            format!(
                "Union[\n    {},\n    {},\n]",
                "a".repeat(60),
                "b".repeat(60)
            )
        );
    }

    #[test]
    fn parameters_split_before_each_union_member_then_inside_brackets() {
        assert_eq!(
            parameter(8, "x", "int | None", " = None"),
            "x: int | None = None,"
        );
        let a = format!("list[{}]", "A".repeat(90));
        assert_eq!(
            parameter(8, "x", &format!("{a} | None"), " = None"),
            format!(
                "x: list[\n            {}\n        ]\n        | None = None,",
                "A".repeat(90)
            )
        );
        let b = "B".repeat(50);
        assert_eq!(
            parameter(8, "x", &format!("{b} | {b}"), ""),
            format!("x: {b}\n        | {b},")
        );
    }

    /// The one-line paths give what the documents give, and the check
    /// that an annotation reads back as laid out refuses those that do not.
    #[test]
    fn one_line_paths_match_the_documents() {
        let annotations = [
            "int",
            "list[str] | None",
            "dict[str, list[int]] | None",
            "Literal[\"a,b\", \"c\"]",
            "dict[str,int]",
            "list[ int ]",
            "tuple[int,  str]",
            "Literal[\"x\ty\"]",
        ];
        for a in annotations {
            let as_laid_out = flat(&union_doc(a)) == a;
            if written_as_laid_out(a) {
                assert!(as_laid_out, "{a}");
            }
            for at in [0, 4, 8, 60, 80, 90, 96] {
                let doc = concat(vec![text("name: "), union_doc(a), text(" = None,")]);
                assert_eq!(
                    parameter(at, "name", a, " = None"),
                    render(&doc, at),
                    "{a} at {at}"
                );
            }
        }
        for a in annotations {
            for at in [0, 4, 8, 60, 80, 90, 96] {
                assert_eq!(
                    returns(at, ") ", a),
                    render(&returns_doc(") ", a), at),
                    "{a} at {at}"
                );
            }
        }
        for n in [1, 40, 80, 86, 87, 88, 95, 120] {
            let name = "n".repeat(n);
            assert_eq!(
                class_line(&name, "_base.Model"),
                render(&class_doc(&name, "_base.Model"), 0)
            );
            for at in (0..=100).step_by(4) {
                assert_eq!(
                    if_line(at, &name, "is not", "None"),
                    render(&if_doc(&name, "is not", "None"), at),
                    "{n} at {at}"
                );
            }
        }
        assert!(!written_as_laid_out("Literal[\"a,b\"]"));
        assert!(written_as_laid_out("dict[str, list[int]] | None"));
        // Items that break inside themselves, alone on their line, and
        // items a forced group or a choice keeps from the broken path.
        let nested = |n: usize| {
            prefixed(
                "key=",
                call(
                    "parse",
                    vec![text("c".repeat(n)), call("g", vec![text("d".repeat(n))])],
                ),
            )
        };
        let lists = [
            vec![text("a".repeat(30)), nested(10), nested(40), nested(48)],
            vec![nested(46), text(" x  ")],
            vec![
                text("a".repeat(60)),
                group_of(vec![text("b".repeat(30)), D::Line, text("c")], true),
            ],
            vec![
                text("a".repeat(60)),
                D::Choice(vec![text("b".repeat(50)), text("c")]),
            ],
        ];
        for list in lists {
            let items = Items(list);
            for at in 0..=104 {
                assert_eq!(
                    items.call("g", at),
                    render(&call("g", items.0.clone()), at),
                    "{items:?} at {at}"
                );
                assert_eq!(
                    items.bracket("x = {", "}", at),
                    render(&bracket("x = {", items.0.clone(), "}"), at),
                    "{items:?} at {at}"
                );
            }
        }
        let items = Items(vec![
            text("a".repeat(30)),
            call("f", vec![text("b".repeat(30))]),
        ]);
        for at in 0..=104 {
            assert_eq!(items.call("g", at), render(&call("g", items.0.clone()), at));
            assert_eq!(
                items.assign_call("x", "g", at),
                assign(at, "x", &call("g", items.0.clone()))
            );
            let rhs = call("g", items.0.clone());
            let lhs = "y".repeat(at % 7);
            assert_eq!(assign(at, &lhs, &rhs), assign_in_full(at, &lhs, &rhs));
            assert_eq!(
                items.assign_call("x", "g", at),
                assign_in_full(at, "x", &rhs)
            );
        }
    }

    #[test]
    fn fields_put_a_long_annotation_in_parentheses() {
        assert_eq!(field(4, "x", "int", None), "x: int");
        assert_eq!(field(4, "x", "int", Some(&text("None"))), "x: int = None");
        let t = "T".repeat(100);
        assert_eq!(
            field(4, "x", format!("{t} | None"), Some(&text("None"))),
            format!("x: (\n        {t}\n        | None\n    ) = None")
        );
    }

    #[test]
    fn annotations_alone_split_at_their_subscript_or_stay_whole() {
        let item = "I".repeat(90);
        assert_eq!(
            field(4, "x", format!("list[{item}]"), None),
            format!("x: list[\n        {item}\n    ]")
        );
        let name = "N".repeat(100);
        assert_eq!(field(4, "x", &name, None), format!("x: {name}"));
        assert_eq!(
            class_line("Short", "_base.Model"),
            "class Short(_base.Model):"
        );
        let long = "L".repeat(90);
        assert_eq!(
            class_line(&long, "_base.Model"),
            format!("class {long}(\n    _base.Model\n):")
        );
    }

    #[test]
    fn returns_and_signatures_split_when_wide() {
        assert_eq!(returns(4, ") ", "int"), ") -> int:");
        // A name goes in parentheses where that brings it within the width.
        let name = "N".repeat(88);
        assert_eq!(returns(4, ") ", &name), format!(") -> {name}:"));
        let name = "N".repeat(91);
        assert_eq!(
            returns(4, ") ", &name),
            format!(") -> (\n        {name}\n    ):")
        );
        let name = "N".repeat(93);
        assert_eq!(returns(4, ") ", &name), format!(") -> {name}:"));
        let item = "I".repeat(100);
        assert_eq!(
            returns(4, ") ", format!("list[{item}]")),
            format!(") -> list[\n        {item}\n    ]:")
        );
        assert_eq!(
            def_line(0, "f", &["a: int"], "int"),
            "def f(a: int) -> int:"
        );
        let name = "n".repeat(90);
        assert_eq!(
            def_line(4, &name, &["cls", "data: Any"], "X"),
            format!("def {name}(\n        cls,\n        data: Any,\n    ) -> X:")
        );
    }

    #[test]
    fn conditions_are_split_before_the_operator_in_parentheses() {
        assert_eq!(
            if_line(8, "self.x", "is not", "None"),
            "if self.x is not None:"
        );
        // `if ` and `:` take the four columns the parentheses indent by, so
        // a condition that does not fit never fits on its own line either.
        let fits = "f".repeat(76);
        assert_eq!(
            if_line(8, &fits, "is not", "None"),
            format!("if {fits} is not None:")
        );
        let long = "l".repeat(77);
        assert_eq!(
            if_line(8, &long, "is not", "None"),
            format!("if (\n            {long}\n            is not None\n        ):")
        );
    }
}
