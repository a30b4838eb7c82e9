//! Line layout of the constructs whose width depends on the spec, written
//! the way rustfmt (default settings, edition 2021) writes them, so the
//! generated crate passes `cargo fmt --check` straight from the templates.
//! The documents are the shared engine's (`emit/layout.rs`); this module
//! holds rustfmt's settings and the shape rustfmt gives each construct.

use crate::emit::layout::{self, concat, group, group_at_most, indent, join, lit, text, Style, D};

/// rustfmt's `max_width` and `tab_spaces`.
pub const MAX_WIDTH: usize = 100;
const RUSTFMT: Style = Style {
    width: MAX_WIDTH,
    indent: 4,
};
/// rustfmt gives the lines of a broken import list one column less
/// (`sub_width(1)` on the nested shape).
const IMPORT_LIST: Style = Style {
    width: MAX_WIDTH - 1,
    indent: 4,
};
/// rustfmt's `fn_call_width`: the widest argument list kept on one line.
const FN_CALL_WIDTH: usize = 60;
/// rustfmt's `chain_width`: a chain stays on one line while narrower.
const CHAIN_WIDTH: usize = 60;
/// rustfmt's `attr_fn_like_width`.
const ATTR_WIDTH: usize = 70;

/// `indent` spaces, borrowed for the usual depths.
fn pad(indent: usize) -> std::borrow::Cow<'static, str> {
    const SPACES: &str = "                                                                ";
    match SPACES.get(..indent) {
        Some(spaces) => std::borrow::Cow::Borrowed(spaces),
        None => std::borrow::Cow::Owned(" ".repeat(indent)),
    }
}

/// `doc` as rustfmt lays it out on a line indented by `indent` spaces.
fn lay(indent: usize, doc: &D) -> String {
    let mut out = pad(indent).into_owned();
    out.push_str(&layout::render(doc, indent, RUSTFMT));
    out
}

/// `parts` written one after the other on a line indented by `indent`
/// spaces, when that line is at most rustfmt's width: what [`lay`] writes
/// for the constructs below that are one group followed only by text, when
/// their flat text fits.
fn one_line(indent: usize, parts: &[&str]) -> Option<String> {
    let width: usize = parts.iter().map(|p| layout::width(p)).sum();
    if indent + width > MAX_WIDTH {
        return None;
    }
    let mut out = String::with_capacity(indent + parts.iter().map(|p| p.len()).sum::<usize>());
    out.push_str(&pad(indent));
    parts.iter().for_each(|p| out.push_str(p));
    Some(out)
}

/// The width of `items` joined by `, `.
fn list_width(items: &[String]) -> usize {
    items.iter().map(|i| layout::width(i)).sum::<usize>() + 2 * items.len().saturating_sub(1)
}

fn texts(items: &[String]) -> Vec<D> {
    items.iter().map(|a| text(a.as_str())).collect()
}

/// `a, b` flat; one item a line, each followed by a comma, when broken.
fn comma_list(items: Vec<D>) -> Vec<D> {
    join(items, vec![lit(","), D::Line])
}

/// `(items)`, or the items one a line with a trailing comma; `max` bounds
/// the width of the flat items.
fn parens(items: Vec<D>, max: Option<usize>, trailing: bool) -> D {
    let list = comma_list(items);
    let mut inner = vec![D::SoftLine];
    inner.extend(list.iter().cloned());
    if trailing {
        inner.push(D::IfBreak(",", ""));
    }
    let parts = vec![lit("("), indent(inner), D::SoftLine, lit(")")];
    match max {
        Some(max) => group_at_most(max, &list, parts),
        None => group(parts),
    }
}

/// `head(args)` as a document: one line while the arguments are at most
/// `fn_call_width` wide, else one argument per line.
fn call_doc(head: &str, args: &[String]) -> D {
    if args.is_empty() {
        return text(format!("{head}()"));
    }
    concat(vec![
        text(head),
        parens(texts(args), Some(FN_CALL_WIDTH), true),
    ])
}

/// `head(args)tail` on one line when it fits, else one argument per line.
/// Returns the lines without a final newline; the first line is indented.
pub fn call(indent: usize, head: &str, args: &[String], tail: &str) -> String {
    if args.is_empty() || list_width(args) <= FN_CALL_WIDTH {
        let joined = args.join(", ");
        if let Some(line) = one_line(indent, &[head, "(", &joined, ")", tail]) {
            return line;
        }
    }
    lay(indent, &concat(vec![call_doc(head, args), text(tail)]))
}

/// `let name = head(args)tail` as rustfmt lays it out: one line when it
/// fits; else the call alone on the next line when it fits there; else one
/// argument per line.
pub fn let_call(indent: usize, name: &str, head: &str, args: &[String], tail: &str) -> String {
    // On one line when it fits: the first of the layouts the choice takes.
    if args.is_empty() || list_width(args) <= FN_CALL_WIDTH {
        let joined = args.join(", ");
        let parts = ["let ", name, " = ", head, "(", &joined, ")", tail];
        if let Some(line) = one_line(indent, &parts) {
            return line;
        }
    }
    lay(indent, &let_call_doc(indent, name, head, args, tail))
}

/// [`let_call`]'s document.
fn let_call_doc(indent: usize, name: &str, head: &str, args: &[String], tail: &str) -> D {
    let joined = text(args.join(", "));
    let flat_call = concat(vec![
        text(head),
        lit("("),
        joined.clone(),
        lit(")"),
        text(tail),
    ]);
    let next_line = concat(vec![
        D::AtMost(FN_CALL_WIDTH, vec![joined].into()),
        // The call must fit on its own line, one level in.
        D::AtMost(
            MAX_WIDTH.saturating_sub(indent + 4),
            vec![flat_call.clone()].into(),
        ),
        text(format!("let {name} =")),
        layout::group_of(vec![self::indent(vec![D::Line, flat_call])], true),
    ]);
    let same_line = concat(vec![
        text(format!("let {name} = ")),
        call_doc(head, args),
        text(tail),
    ]);
    D::Choice(vec![same_line.clone(), next_line, same_line])
}

/// One element of a method chain after its head: a field or `.await?`
/// (text), or a method call whose arguments break one per line when the
/// element does not fit its line or they are wider than `fn_call_width`.
#[derive(Clone, Debug)]
pub enum Link {
    Text(String),
    Call(String, Vec<String>),
}

impl Link {
    /// `.name(args)`.
    pub fn call(name: &str, args: Vec<String>) -> Link {
        Link::Call(format!(".{name}"), args)
    }

    /// `.name` or `.await?`, as written.
    pub fn text(text: &str) -> Link {
        Link::Text(text.to_string())
    }

    /// The link on one line.
    fn push_flat(&self, out: &mut String) {
        match self {
            Link::Text(t) => out.push_str(t),
            Link::Call(name, args) => {
                out.push_str(name);
                out.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(a);
                }
                out.push(')');
            }
        }
    }

    /// The width of the link on one line.
    fn flat_width(&self) -> usize {
        match self {
            Link::Text(t) => layout::width(t),
            Link::Call(name, args) => layout::width(name) + 2 + list_width(args),
        }
    }

    fn doc(&self) -> D {
        match self {
            Link::Text(t) => text(t.as_str()),
            Link::Call(name, args) if args.is_empty() => text(format!("{name}()")),
            Link::Call(name, args) => concat(vec![
                text(name.as_str()),
                parens(texts(args), Some(FN_CALL_WIDTH), true),
            ]),
        }
    }
}

/// A method chain `lead head.first.second tail`: one line while narrower
/// than `chain_width`, else one element per line after the head.
pub fn chain(indent: usize, lead: &str, head: &str, links: &[Link], tail: &str) -> String {
    // On one line while narrower than `chain_width` and the line fits:
    // every call's arguments are narrower still.
    let elements = layout::width(head) + links.iter().map(Link::flat_width).sum::<usize>();
    if elements < CHAIN_WIDTH
        && indent + layout::width(lead) + elements + layout::width(tail) <= MAX_WIDTH
    {
        let mut out = pad(indent).into_owned();
        out.push_str(lead);
        out.push_str(head);
        links.iter().for_each(|l| l.push_flat(&mut out));
        out.push_str(tail);
        return out;
    }
    lay(indent, &chain_doc(lead, head, links, tail))
}

/// A chain that is a block's tail expression, whose head (`self.runtime`:
/// `self` and a field) rustfmt keeps on the first line: one line while at
/// most `chain_width` wide, else one link per line after the head.
pub fn tail_chain(indent: usize, head: &str, links: &[Link]) -> String {
    let elements = layout::width(head) + links.iter().map(Link::flat_width).sum::<usize>();
    if elements <= CHAIN_WIDTH && indent + elements <= MAX_WIDTH {
        let mut out = pad(indent).into_owned();
        out.push_str(head);
        links.iter().for_each(|l| l.push_flat(&mut out));
        return out;
    }
    lay(indent, &chain_doc("", head, links, ""))
}

/// [`chain`]'s document.
fn chain_doc(lead: &str, head: &str, links: &[Link], tail: &str) -> D {
    let mut elements = vec![text(head)];
    for link in links {
        elements.push(self::indent(vec![D::SoftLine, link.doc()]));
    }
    concat(vec![
        text(lead),
        group_at_most(CHAIN_WIDTH - 1, &elements, elements.clone()),
        text(tail),
    ])
}

/// An attribute `#[name(args)]`, its arguments one per line (without a
/// trailing comma) when too wide; several arguments stay on one line only
/// while at most `attr_fn_like_width` wide.
pub fn attr(indent: usize, name: &str, args: &[String]) -> String {
    if args.len() < 2 || list_width(args) <= ATTR_WIDTH {
        let joined = args.join(", ");
        if let Some(line) = one_line(indent, &["#[", name, "(", &joined, ")]"]) {
            return line;
        }
    }
    let max = (args.len() > 1).then_some(ATTR_WIDTH);
    let doc = concat(vec![
        text(format!("#[{name}")),
        parens(texts(args), max, false),
        lit("]"),
    ]);
    lay(indent, &doc)
}

/// `#[cfg(feature = "a")]`, or `#[cfg(any(feature = "a", ..))]` for several
/// features: one line while the features' list is at most
/// `attr_fn_like_width` and the line fits, else one feature a line.
pub fn cfg_features(indent: usize, features: &[String]) -> String {
    let items: Vec<String> = features
        .iter()
        .map(|f| format!("feature = {}", super::escape::string_literal(f)))
        .collect();
    if let [only] = items.as_slice() {
        return format!("{}#[cfg({only})]", pad(indent));
    }
    let joined = items.join(", ");
    if layout::width(&joined) <= ATTR_WIDTH {
        if let Some(line) = one_line(indent, &["#[cfg(any(", &joined, "))]"]) {
            return line;
        }
    }
    let inner = pad(indent + 4);
    let mut out = format!("{}#[cfg(any(\n", pad(indent));
    out.push_str(&format!("{inner}{}", items.join(&format!(",\n{inner}"))));
    out.push_str(&format!("\n{}))]", pad(indent)));
    out
}

/// A match arm `pat => body,`, or `pat => {` body `}` when it is too wide.
pub fn arm(indent: usize, pat: &str, body: &str) -> String {
    if let Some(line) = one_line(indent, &[pat, " => ", body, ","]) {
        return line;
    }
    // The group after `pat => `, of text only, breaks at both lines.
    broken(indent, &[(pat, 0), (" => {", 4), (body, usize::MAX)], "}")
}

/// [`arm`]'s document.
#[cfg(test)]
fn arm_doc(pat: &str, body: &str) -> D {
    concat(vec![
        text(format!("{pat} => ")),
        group(vec![
            D::IfBreak("{", ""),
            self::indent(vec![D::SoftLine, text(body)]),
            D::SoftLine,
            D::IfBreak("}", ","),
        ]),
    ])
}

/// A function signature up to and including the opening brace:
/// `head(params) -> ret {`, with one parameter per line when too wide, and
/// the brace on its own line when even `) -> ret {` is.
pub fn signature(indent: usize, head: &str, params: &[String], ret: &str) -> String {
    // On one line when it fits and `) -> ret {` is within its bound.
    let arrow = if ret.is_empty() { "" } else { " -> " };
    let close = 1 + layout::width(arrow) + layout::width(ret) + 2;
    if close <= MAX_WIDTH.saturating_sub(2 * indent) {
        let joined = params.join(", ");
        if let Some(line) = one_line(indent, &[head, "(", &joined, ")", arrow, ret, " {"]) {
            return line;
        }
    }
    lay(indent, &signature_doc(indent, head, params, ret))
}

/// [`signature`]'s document.
fn signature_doc(indent: usize, head: &str, params: &[String], ret: &str) -> D {
    let ret = if ret.is_empty() {
        String::new()
    } else {
        format!(" -> {ret}")
    };
    let list = comma_list(texts(params));
    let mut inner = vec![D::SoftLine];
    inner.extend(list);
    inner.push(D::IfBreak(",", ""));
    // rustfmt measures the `) -> ret {` line of a broken signature against
    // the width left after the item's indentation: the whole line, its own
    // indentation included, may be at most `max_width - indent` wide.
    let close = [lit(")"), text(ret.as_str()), lit(" {")];
    let brace = group_at_most(
        MAX_WIDTH.saturating_sub(2 * indent),
        &close,
        vec![D::Line, lit("{")],
    );
    concat(vec![
        text(head),
        group(vec![
            lit("("),
            self::indent(inner),
            D::SoftLine,
            lit(")"),
            text(ret),
            brace,
        ]),
    ])
}

/// An item's head `head {` at the top level, the brace on the next line
/// when the line would be too wide.
pub fn item_head(head: &str) -> String {
    if let Some(line) = one_line(0, &[head, " {"]) {
        return line;
    }
    // The group, a line break and the brace, breaks.
    broken(0, &[(head, usize::MAX)], "{")
}

/// [`item_head`]'s document.
#[cfg(test)]
fn item_head_doc(head: &str) -> D {
    concat(vec![text(head), group(vec![D::Line, lit("{")])])
}

/// `impl trait_ for ty {`, or `for ty` one level in on its own line and the
/// brace on the next when too wide.
pub fn impl_for(trait_: &str, ty: &str) -> String {
    if let Some(line) = one_line(0, &[trait_, " for ", ty, " {"]) {
        return line;
    }
    // The group, of text only, breaks at both lines.
    broken(0, &[(trait_, 4), ("for ", 0), (ty, usize::MAX)], "{")
}

/// [`impl_for`]'s document.
#[cfg(test)]
fn impl_for_doc(trait_: &str, ty: &str) -> D {
    group(vec![
        text(trait_),
        indent(vec![D::Line, text(format!("for {ty}"))]),
        D::Line,
        lit("{"),
    ])
}

/// Lines as [`lay`] writes a document of text whose line breaks all
/// break: on a line indented by `indent`, each text of `parts`, those with
/// a non-zero step followed by a line break to `indent + step` (a step of
/// [`usize::MAX`] breaks back to `indent`), then `last`. Spaces before a
/// break are trimmed, as the engine trims them.
fn broken(indent: usize, parts: &[(&str, usize)], last: &str) -> String {
    let mut r = String::new();
    for &(t, step) in parts {
        r.push_str(t);
        match step {
            0 => {}
            usize::MAX => layout::break_line(&mut r, indent),
            step => layout::break_line(&mut r, indent + step),
        }
    }
    r.push_str(last);
    let mut out = pad(indent).into_owned();
    out.push_str(&r);
    out
}

/// `lead <sep>value<end>` with the value on the next line, one level in,
/// when too wide.
fn value_after(indent: usize, lead: String, value: &str, end: &'static str) -> String {
    if let Some(line) = one_line(indent, &[&lead, " ", value, end]) {
        return line;
    }
    // The group, of text only, breaks.
    broken(indent, &[(&lead, 4), (value, 0)], end)
}

/// [`value_after`]'s document.
#[cfg(test)]
fn value_after_doc(lead: &str, value: &str, end: &'static str) -> D {
    concat(vec![
        text(lead),
        group(vec![self::indent(vec![D::Line, text(value)])]),
        lit(end),
    ])
}

/// `lead: value,` (a field, an initialiser), with the value on the next
/// line when too wide.
pub fn field(indent: usize, lead: &str, value: &str) -> String {
    value_after(indent, format!("{lead}:"), value, ",")
}

/// rustfmt's `array_width`: the widest array kept on one line.
const ARRAY_WIDTH: usize = 60;

/// `name: &[items],` (a struct literal's slice field): one line while it
/// fits and, of two items or more, they are at most `array_width` wide;
/// else one item a line with a trailing comma.
pub fn slice_field(indent: usize, name: &str, items: &[String]) -> String {
    if items.is_empty() {
        return lay(indent, &text(format!("{name}: &[],")));
    }
    let list = comma_list(texts(items));
    let mut inner = vec![D::SoftLine];
    inner.extend(list.iter().cloned());
    inner.push(D::IfBreak(",", ""));
    let parts = vec![lit("["), self::indent(inner), D::SoftLine, lit("]")];
    // rustfmt keeps a one-item array on its line whenever it fits.
    let array = if items.len() > 1 {
        group_at_most(ARRAY_WIDTH, &list, parts)
    } else {
        group(parts)
    };
    let doc = concat(vec![text(format!("{name}: &")), array, lit(",")]);
    lay(indent, &doc)
}

/// A tuple variant `Name(Type),`.
pub fn tuple_variant(indent: usize, name: &str, ty: &str) -> String {
    if let Some(line) = one_line(indent, &[name, "(", ty, "),"]) {
        return line;
    }
    lay(indent, &tuple_variant_doc(name, ty))
}

/// [`tuple_variant`]'s document.
fn tuple_variant_doc(name: &str, ty: &str) -> D {
    concat(vec![
        text(name),
        parens(vec![text(ty)], None, true),
        lit(","),
    ])
}

/// `place = value;`, with the value on the next line when too wide.
pub fn assign(indent: usize, place: &str, value: &str) -> String {
    value_after(indent, format!("{place} ="), value, ";")
}

/// `if let pattern = value {`, the value on its own line when too wide.
pub fn if_let(indent: usize, pattern: &str, value: &str) -> String {
    if let Some(line) = one_line(indent, &["if let ", pattern, " = ", value, " {"]) {
        return line;
    }
    lay(indent, &if_let_doc(pattern, value))
}

/// [`if_let`]'s document.
fn if_let_doc(pattern: &str, value: &str) -> D {
    concat(vec![
        text(format!("if let {pattern} =")),
        group(vec![
            self::indent(vec![D::Line, text(value)]),
            D::Line,
            lit("{"),
        ]),
    ])
}

/// `static NAME: Type = Type {`.
pub fn static_head(name: &str, ty: &str) -> String {
    value_after(0, format!("static {name}:"), &format!("{ty} = {ty} {{"), "")
}

/// `pub type name = target;`, the target on the next line when too wide.
pub fn type_alias(name: &str, target: &str) -> String {
    value_after(0, format!("pub type {name} ="), target, ";")
}

/// `let name = value;`, with the value on the next line when too wide.
pub fn let_stmt(indent: usize, name: &str, value: &str) -> String {
    value_after(indent, format!("let {name} ="), value, ";")
}

/// `use path::{items};`, packed on as many lines as needed.
pub fn use_list(path: &str, items: &[&str]) -> String {
    let mut inner = vec![D::SoftLine];
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            inner.push(lit(","));
            inner.push(group(vec![D::Line]));
        }
        inner.push(text(*item));
    }
    inner.push(D::IfBreak(",", ""));
    let doc = group(vec![
        text(format!("use {path}::{{")),
        indent(inner),
        D::SoftLine,
        lit("};"),
    ]);
    let one_line = layout::render(&doc, 0, RUSTFMT);
    if !one_line.contains('\n') {
        return one_line;
    }
    layout::render(&doc, 0, IMPORT_LIST)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-line paths give what the documents they skip give, on
    /// either side of the width and of the argument bounds.
    #[test]
    fn one_line_paths_match_the_documents() {
        for n in [1, 10, 25, 40, 70] {
            let word = "w".repeat(n);
            let args: Vec<String> = vec![word.clone(), "b".repeat(12)];
            for at in (0..=100).step_by(3) {
                let arm_doc = concat(vec![
                    text(format!("{word} => ")),
                    group(vec![
                        D::IfBreak("{", ""),
                        self::indent(vec![D::SoftLine, text("body")]),
                        D::SoftLine,
                        D::IfBreak("}", ","),
                    ]),
                ]);
                assert_eq!(arm(at, &word, "body"), lay(at, &arm_doc));
                let call_doc = concat(vec![call_doc(&word, &args), text(";")]);
                assert_eq!(call(at, &word, &args, ";"), lay(at, &call_doc));
                let attr_doc = concat(vec![
                    text(format!("#[{word}")),
                    parens(texts(&args), Some(ATTR_WIDTH), false),
                    lit("]"),
                ]);
                assert_eq!(attr(at, &word, &args), lay(at, &attr_doc));
                let after = concat(vec![
                    text(format!("let {word} =")),
                    group(vec![self::indent(vec![D::Line, text("value")])]),
                    lit(";"),
                ]);
                assert_eq!(let_stmt(at, &word, "value"), lay(at, &after));
            }
            assert_eq!(item_head(&word), lay(0, &item_head_doc(&word)));
            for ty in [word.clone(), format!("{word}{word}"), format!("{word} ")] {
                assert_eq!(
                    impl_for("impl<'de> Deserialize<'de>", &ty),
                    lay(0, &impl_for_doc("impl<'de> Deserialize<'de>", &ty))
                );
                for at in (0..=100).step_by(5) {
                    assert_eq!(arm(at, &ty, &word), lay(at, &arm_doc(&ty, &word)));
                    assert_eq!(
                        value_after(at, format!("let {ty} ="), &word, ";"),
                        lay(at, &value_after_doc(&format!("let {ty} ="), &word, ";"))
                    );
                    assert_eq!(
                        value_after(at, format!("{ty}:"), &format!("{word} "), ","),
                        lay(
                            at,
                            &value_after_doc(&format!("{ty}:"), &format!("{word} "), ",")
                        )
                    );
                }
            }
            let long = format!("{word}{word}");
            assert_eq!(item_head(&long), lay(0, &item_head_doc(&long)));
            for at in (0..=100).step_by(3) {
                assert_eq!(
                    if_let(at, &word, "Some(value)"),
                    lay(at, &if_let_doc(&word, "Some(value)"))
                );
                assert_eq!(
                    tuple_variant(at, &word, "Type"),
                    lay(at, &tuple_variant_doc(&word, "Type"))
                );
                assert_eq!(
                    let_call(at, "x", &word, &args, "?;"),
                    lay(at, &let_call_doc(at, "x", &word, &args, "?;"))
                );
                assert_eq!(
                    let_call(at, "x", &word, &[], ";"),
                    lay(at, &let_call_doc(at, "x", &word, &[], ";"))
                );
                for ret in ["", "Result<X>"] {
                    assert_eq!(
                        signature(at, &word, &args, ret),
                        lay(at, &signature_doc(at, &word, &args, ret)),
                        "{n} at {at}, {ret}"
                    );
                    assert_eq!(
                        signature(at, &word, &[], ret),
                        lay(at, &signature_doc(at, &word, &[], ret))
                    );
                }
                for links in [
                    vec![Link::text(".await?")],
                    vec![Link::call("map", vec![]), Link::text(".await?")],
                    vec![Link::call("with", args.clone()), Link::text(".x")],
                    vec![
                        Link::call("a", vec!["b".repeat(5)]),
                        Link::call("c", vec!["d".repeat(9), "e".repeat(14)]),
                    ],
                ] {
                    assert_eq!(
                        chain(at, "let y = ", &word, &links, ";"),
                        lay(at, &chain_doc("let y = ", &word, &links, ";")),
                        "{n} at {at}, {links:?}"
                    );
                }
            }
            let impl_doc = group(vec![
                text("Trait"),
                indent(vec![D::Line, text(format!("for {word}"))]),
                D::Line,
                lit("{"),
            ]);
            assert_eq!(impl_for("Trait", &word), lay(0, &impl_doc));
        }
    }

    #[test]
    fn calls_break_when_wide() {
        assert_eq!(
            call(8, "let x = f", &["a".into(), "b".into()], ";"),
            "        let x = f(a, b);"
        );
        let long: Vec<String> = (0..5).map(|i| format!("argument_number_{i}")).collect();
        assert_eq!(
            call(4, "f", &long, ";"),
            "    f(\n        argument_number_0,\n        argument_number_1,\n        argument_number_2,\n        argument_number_3,\n        argument_number_4,\n    );"
        );
    }

    #[test]
    fn chains_break_when_wide() {
        assert_eq!(
            chain(
                8,
                "let r = ",
                "self",
                &[Link::text(".a"), Link::call("b", vec![])],
                ";"
            ),
            "        let r = self.a.b();"
        );
        assert_eq!(
            chain(
                8,
                "let response = ",
                "self",
                &[
                    Link::text(".runtime"),
                    Link::call(
                        "execute",
                        vec!["&CREATE_TRANSFER".into(), "request".into(), "self.options".into()]
                    ),
                    Link::text(".await?")
                ],
                ";"
            ),
            "        let response = self\n            .runtime\n            .execute(&CREATE_TRANSFER, request, self.options)\n            .await?;"
        );
    }

    #[test]
    fn chain_elements_break_arguments_wider_than_fn_call_width() {
        let execute = Link::call(
            "execute",
            vec![
                "&GET_ACCOUNTS_ACCOUNT_BANK_ACCOUNTS_ID".into(),
                "request".into(),
                "self.options".into(),
            ],
        );
        let links = [Link::text(".runtime"), execute, Link::text(".await?")];
        assert_eq!(
            chain(8, "let response = ", "self", &links, ";"),
            "        let response = self\n            .runtime\n            .execute(\n                &GET_ACCOUNTS_ACCOUNT_BANK_ACCOUNTS_ID,\n                request,\n                self.options,\n            )\n            .await?;"
        );
    }

    #[test]
    fn let_calls_break_their_arguments_at_the_statement_indent() {
        let args = [
            "Method::POST".to_string(),
            format!("\"/{}\"", "p".repeat(60)),
        ];
        assert_eq!(
            let_call(8, "mut request", "Request::new", &args, ";"),
            format!(
                "        let mut request = Request::new(\n            Method::POST,\n            \"/{}\",\n        );",
                "p".repeat(60)
            )
        );
    }

    #[test]
    fn long_chain_elements_break_their_arguments() {
        let long = Link::call(
            &format!("call_{}", "n".repeat(80)),
            vec!["\"a, b\"".into(), "f(1, 2)".into(), "x".into()],
        );
        assert_eq!(
            chain(4, "let r = ", "client", &[long], ";"),
            format!(
                "    let r = client\n        .call_{}(\n            \"a, b\",\n            f(1, 2),\n            x,\n        );",
                "n".repeat(80)
            )
        );
    }

    #[test]
    fn item_heads_move_the_brace_when_too_wide() {
        assert_eq!(item_head("pub enum Short"), "pub enum Short {");
        let long = format!("Type{}", "x".repeat(90));
        assert_eq!(
            item_head(&format!("pub enum {long}")),
            format!("pub enum {long}\n{{")
        );
        assert_eq!(
            impl_for("impl Serialize", "Short"),
            "impl Serialize for Short {"
        );
        assert_eq!(
            impl_for("impl Serialize", &long),
            format!("impl Serialize\n    for {long}\n{{")
        );
        assert_eq!(type_alias("A", "B"), "pub type A = B;");
        assert_eq!(type_alias("A", &long), format!("pub type A =\n    {long};"));
    }

    #[test]
    fn a_broken_signature_keeps_its_brace_within_the_items_width() {
        let params = vec!["self".to_string(), format!("x: {}", "X".repeat(90))];
        let ret = format!("Result<{}>", "R".repeat(78));
        // `    ) -> Result<..> {` is 97 columns: over the 96 an item at
        // indent 4 leaves, so the brace goes on its own line.
        assert_eq!(
            signature(4, "pub fn f", &params, &ret),
            format!(
                "    pub fn f(\n        self,\n        {},\n    ) -> {ret}\n    {{",
                params[1]
            )
        );
        let ret = format!("Result<{}>", "R".repeat(77));
        assert_eq!(
            signature(4, "pub fn f", &params, &ret),
            format!(
                "    pub fn f(\n        self,\n        {},\n    ) -> {ret} {{",
                params[1]
            )
        );
    }

    #[test]
    fn slice_fields_break_one_item_a_line_when_wide() {
        let quoted = |c: &str, n: usize| format!("\"{}\"", c.repeat(n));
        assert_eq!(slice_field(4, "next", &[]), "    next: &[],");
        // Two items 60 wide stay; 61 break (rustfmt's array_width).
        let wide = [quoted("n", 50), quoted("x", 4)];
        assert_eq!(
            slice_field(4, "next", &wide),
            format!("    next: &[{}, {}],", wide[0], wide[1])
        );
        let wider = [quoted("n", 51), quoted("x", 4)];
        assert_eq!(
            slice_field(4, "next", &wider),
            format!(
                "    next: &[\n        {},\n        {},\n    ],",
                wider[0], wider[1]
            )
        );
        // One item stays while the line fits (100 columns), then breaks.
        let one = quoted("n", 83);
        assert_eq!(
            slice_field(4, "items", std::slice::from_ref(&one)),
            format!("    items: &[{one}],")
        );
        let longer = quoted("n", 84);
        assert_eq!(
            slice_field(4, "items", std::slice::from_ref(&longer)),
            format!("    items: &[\n        {longer},\n    ],")
        );
    }

    #[test]
    fn feature_gates_break_like_rustfmt() {
        let f = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(cfg_features(4, &f(&["a"])), "    #[cfg(feature = \"a\")]");
        assert_eq!(
            cfg_features(0, &f(&["a", "b"])),
            "#[cfg(any(feature = \"a\", feature = \"b\"))]"
        );
        // The list is 70 wide: kept on one line; one more column breaks it.
        let at_limit = f(&["x", &"y".repeat(43)]);
        assert!(!cfg_features(0, &at_limit).contains('\n'));
        let over = f(&["x", &"y".repeat(44)]);
        assert_eq!(
            cfg_features(0, &over),
            format!(
                "#[cfg(any(\n    feature = \"x\",\n    feature = \"{}\"\n))]",
                "y".repeat(44)
            )
        );
    }

    #[test]
    fn attributes_and_arms() {
        assert_eq!(
            attr(4, "serde", &["rename = \"a\"".into()]),
            "    #[serde(rename = \"a\")]"
        );
        let long = format!("rename = \"{}\"", "a".repeat(90));
        assert_eq!(
            attr(4, "serde", std::slice::from_ref(&long)),
            format!("    #[serde(\n        {long}\n    )]")
        );
        assert_eq!(arm(8, "Self::A", "\"a\""), "        Self::A => \"a\",");
        let body = format!("\"{}\"", "b".repeat(90));
        assert_eq!(
            arm(8, "Self::A", &body),
            format!("        Self::A => {{\n            {body}\n        }}")
        );
    }
}
