//! Line breaking for the few generated constructs whose width depends on the
//! spec (calls, parameter lists, arrays, unions), the way prettier breaks them
//! at 80 columns, so the generated files are prettier-clean as written. The
//! documents are the shared engine's (`emit/layout.rs`); this module holds
//! prettier's settings and the shapes prettier gives each construct.

pub use crate::emit::layout::{concat, flat, fluid, group, group_of, indent, lit, text, D};
use crate::emit::layout::{join, Style};

/// prettier's defaults: 80 columns, two spaces.
const PRETTIER: Style = Style {
    width: 80,
    indent: 2,
};

/// Prints `doc` as prettier would, from column `indent`.
pub fn render(doc: &D, indent: usize) -> String {
    crate::emit::layout::render(doc, indent, PRETTIER)
}

/// `doc` laid out in its place in a template: after `before` on a line
/// indented by `indent`, and followed by `after`, which the template writes
/// itself. Only `doc`'s own text is returned. (A line break straight after
/// `before` would drop its trailing spaces; the documents given here start
/// with text.)
pub fn render_in(before: &str, doc: D, after: &str, indent: usize) -> String {
    let full = render(&concat(vec![text(before), doc, text(after)]), indent);
    let inner = full
        .strip_prefix(before)
        .unwrap_or_else(|| full.strip_prefix(before.trim_end()).unwrap_or(&full));
    inner.strip_suffix(after).unwrap_or(inner).to_string()
}

/// Whether `text` fits on a line from column `column`, as prettier counts.
pub fn fits_at(column: usize, text: &str) -> bool {
    column + text.chars().count() <= PRETTIER.width
}

/// `open` items `close`, with a trailing comma when broken (prettier's
/// default `trailingComma: "all"`).
fn delimited(open: &str, items: Vec<D>, close: &str, force: bool) -> D {
    if items.is_empty() {
        return text(format!("{open}{close}"));
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
    group_of(
        vec![text(open), indent(inner), D::SoftLine, text(close)],
        force,
    )
}

/// `callee(arg, arg)`, or one argument per line.
pub fn call(callee: &str, args: Vec<D>) -> D {
    call_of(text(callee), args)
}

/// [`call`] of a callee that is itself laid out (a call: `f(a)(b)`).
pub fn call_of(callee: D, args: Vec<D>) -> D {
    concat(vec![callee, delimited("(", args, ")", false)])
}

/// `callee(a, b, last)` with `last` (an expanded object or function) hugged:
/// the arguments stay on the first line when they fit up to `last`'s first
/// line break, else every argument goes on its own line.
pub fn call_hugging_last(callee: &str, args: Vec<D>, last: D) -> D {
    let mut hugged = vec![text(format!("{callee}("))];
    for a in &args {
        hugged.push(a.clone());
        hugged.push(lit(", "));
    }
    hugged.push(last.clone());
    hugged.push(lit(")"));
    let mut all = args;
    all.push(last);
    D::Choice(vec![
        concat(hugged),
        concat(vec![text(callee), delimited("(", all, ")", true)]),
    ])
}

/// A call whose last argument is an object literal that is not expanded:
/// all on one line; else the object broken open after the other arguments;
/// else one argument per line.
pub fn call_with_last_object(callee: &str, args: Vec<D>, last: D) -> D {
    if matches!(last, D::Group(_, true)) {
        // Broken whatever the width: only the hugged and the broken layouts.
        return call_hugging_last(callee, args, last);
    }
    let forced = forced(last.clone());
    let mut all = args.clone();
    all.push(last);
    let flat = call(callee, all.clone());
    match call_hugging_last(callee, args, forced) {
        D::Choice(mut states) => {
            states.insert(0, flat);
            D::Choice(states)
        }
        other => other,
    }
}

/// `head = value;` where `value` is an object or array: on one line; else
/// `head = [` with the value broken open; else `head =` and the value on the
/// next line, indented.
pub fn assignment(head: &str, value: D, tail: &str) -> D {
    D::Choice(vec![
        concat(vec![text(format!("{head} = ")), value.clone(), text(tail)]),
        concat(vec![
            text(format!("{head} = ")),
            forced(value.clone()),
            text(tail),
        ]),
        concat(vec![
            text(format!("{head} =")),
            group_of(vec![indent(vec![D::Line, value])], true),
            text(tail),
        ]),
    ])
}

/// `head = value` then `tail`, as prettier lays out an assignment whose
/// value is not a string, a chain or an operator expression (its "fluid"
/// layout): on one line; else the value breaks on the line of the `=` when
/// it can break after a short start there (`= Object.freeze({`, `= new
/// Name(`, `= Record<`); else the value goes on the next line, indented.
pub fn fluid_assignment(head: &str, value: D, tail: &str) -> D {
    concat(vec![
        group(vec![text(format!("{head} =")), fluid(value)]),
        text(tail),
    ])
}

/// `head = value` then `tail`, as prettier lays out an assignment whose
/// value it cannot break well (a string, a short chain of calls without
/// arguments): on one line, else the value on the next line, indented.
pub fn break_after_assignment(head: &str, value: D, tail: &str) -> D {
    concat(vec![
        group(vec![
            text(format!("{head} =")),
            group(vec![indent(vec![D::Line, value])]),
        ]),
        text(tail),
    ])
}

/// A TypeScript type as prettier breaks it: the arguments of a generic
/// (`Record<string, T>`) one per line, unions among them one member per line
/// led by `| ` when they do not fit either. Other types (names, arrays of
/// names, parenthesised unions) never break.
pub fn ts_type(ty: &str) -> D {
    if let Some(element) = ty.strip_suffix("[]") {
        if generic_args(element).is_some() {
            return concat(vec![ts_type(element), lit("[]")]);
        }
    }
    let Some((name, args)) = generic_args(ty) else {
        return text(ty);
    };
    // prettier keeps a lone argument that is a plain name on the line.
    if args.len() == 1 && is_plain_name(args[0]) {
        return text(ty);
    }
    let args = args.into_iter().map(ts_union).collect();
    group(vec![
        text(format!("{name}<")),
        indent([vec![D::SoftLine], join(args, vec![lit(","), D::Line])].concat()),
        D::SoftLine,
        lit(">"),
    ])
}

/// A union as an argument of a generic: `A | B`, or one member per line.
fn ts_union(ty: &str) -> D {
    let members = split_top(ty, " | ");
    if members.len() == 1 {
        return ts_type(ty);
    }
    group(
        [
            vec![D::IfBreak("| ", "")],
            join(
                members.into_iter().map(ts_type).collect(),
                vec![D::Line, lit("| ")],
            ),
        ]
        .concat(),
    )
}

/// `Name` and the arguments of `Name<A, B>`, when `ty` is one generic.
fn generic_args(ty: &str) -> Option<(&str, Vec<&str>)> {
    let open = ty.find('<')?;
    let name = &ty[..open];
    if !is_plain_name(name) {
        return None;
    }
    let inner = ty[open + 1..].strip_suffix('>')?;
    // The `>` at the end must close the first `<`.
    let mut depth = 0usize;
    for c in inner.chars() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    (depth == 0).then(|| (name, split_top(inner, ", ")))
}

/// `text` split at each `sep` outside brackets.
fn split_top<'a>(text: &'a str, sep: &str) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut i) = (0usize, 0, 0);
    let bytes = text.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ if depth == 0 && text[i..].starts_with(sep) => {
                parts.push(&text[start..i]);
                i += sep.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&text[start..]);
    parts
}

/// A type name or keyword: letters, digits, `_`, `$`, and dots.
fn is_plain_name(ty: &str) -> bool {
    !ty.is_empty()
        && ty
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// `[a, b]`, or one element per line. Like prettier, an array of two or more
/// arrays that each hold two or more elements is always broken.
pub fn array(items: Vec<D>, matrix: bool) -> D {
    delimited("[", items, "]", matrix)
}

/// The same group, broken whatever the width.
pub fn forced(d: D) -> D {
    match d {
        D::Group(parts, _) => D::Group(parts, true),
        other => other,
    }
}

/// A parameter list `(a, b)` as in a function head.
pub fn params(list: Vec<String>) -> D {
    delimited("(", list.into_iter().map(text).collect(), ")", false)
}

/// A union type after `head` (such as `export type X =`): on the same line,
/// else on the next line, else one member per line, each led by `| `.
pub fn union_after(head: &str, members: Vec<String>, tail: &str) -> D {
    if members.len() == 1 {
        return concat(vec![
            group(vec![text(head), fluid(ts_type(&members[0]))]),
            text(tail),
        ]);
    }
    let union = group(
        [
            vec![D::IfBreak("| ", "")],
            join(
                members.into_iter().map(text).collect(),
                vec![D::Line, lit("| ")],
            ),
        ]
        .concat(),
    );
    concat(vec![
        text(head),
        group(vec![indent(vec![D::Line, union])]),
        text(tail),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_fit_or_break_one_argument_per_line() {
        let short = call("queryString", vec![text("a"), text("b")]);
        assert_eq!(render(&short, 4), "queryString(a, b)");
        let long = call(
            "queryString",
            vec![
                text(r#"formQuery("limit", params.limit)"#),
                text(r#"formQuery("starting_after", params.startingAfter)"#),
            ],
        );
        assert_eq!(
            render(&long, 6),
            "queryString(\n        formQuery(\"limit\", params.limit),\n        formQuery(\"starting_after\", params.startingAfter),\n      )"
        );
    }

    #[test]
    fn nested_groups_break_outside_in() {
        let inner = call("f", vec![text("x".repeat(40)), text("y".repeat(40))]);
        let outer = call("g", vec![inner]);
        assert_eq!(
            render(&outer, 0),
            format!(
                "g(\n  f(\n    {},\n    {},\n  ),\n)",
                "x".repeat(40),
                "y".repeat(40)
            )
        );
    }

    #[test]
    fn unions() {
        let d = union_after("export type X =", vec!["\"a\"".into(), "\"b\"".into()], ";");
        assert_eq!(render(&d, 0), "export type X = \"a\" | \"b\";");
        let members: Vec<String> = (0..7).map(|i| format!("\"value{i}\"")).collect();
        let d = union_after("export type X =", members.clone(), ";");
        assert_eq!(
            render(&d, 0),
            format!("export type X =\n  {};", members.join(" | "))
        );
        let members: Vec<String> = (0..12).map(|i| format!("\"value{i}\"")).collect();
        let d = union_after("export type X =", members, ";");
        assert!(render(&d, 0).starts_with("export type X =\n  | \"value0\"\n  | \"value1\"\n"));
    }

    #[test]
    fn assignments_break_after_the_operator_when_the_head_is_long() {
        let obj = || {
            group_of(
                vec![
                    text("{"),
                    indent(vec![D::SoftLine, text("a: 1"), D::IfBreak(",", "")]),
                    D::SoftLine,
                    text("}"),
                ],
                true,
            )
        };
        assert_eq!(
            render(&assignment("const x", obj(), ";"), 0),
            "const x = {\n  a: 1,\n};"
        );
        let long = format!("const {}", "x".repeat(72));
        assert_eq!(
            render(&assignment(&long, obj(), ";"), 0),
            format!("{long} =\n  {{\n    a: 1,\n  }};")
        );
    }

    #[test]
    fn a_last_array_argument_is_hugged() {
        let arr = array(vec![array(vec![text("\"bearerAuth\"")], false)], false);
        let d = call_with_last_object(
            "new Core",
            vec![text("runtime"), text("credentials")],
            arr.clone(),
        );
        assert_eq!(
            render(&d, 4),
            "new Core(runtime, credentials, [[\"bearerAuth\"]])"
        );
        let d = call_with_last_object(
            "const core = new Core",
            vec![text("runtime"), text("credentials")],
            array(
                vec![
                    array(vec![text("\"__proto__\"")], false),
                    array(vec![text("\"constructor\"")], false),
                ],
                false,
            ),
        );
        assert_eq!(
            render(&d, 4),
            "const core = new Core(runtime, credentials, [\n      [\"__proto__\"],\n      [\"constructor\"],\n    ])"
        );
    }

    #[test]
    fn a_piece_is_laid_out_in_its_place() {
        // The breaks of the whole statement, without the text around it.
        let args = || vec![text("x".repeat(40)), text("y".repeat(30))];
        let whole = render(
            &concat(vec![text("return f"), call("", args()), text(";")]),
            2,
        );
        let piece = render_in("return f", call("", args()), ";", 2);
        assert_eq!(format!("return f{piece};"), whole);
        assert!(piece.starts_with("(\n    x"), "{piece}");
        assert!(piece.ends_with(",\n  )"), "{piece}");
        // Short enough: one line.
        assert_eq!(
            render_in("return f", call("", vec![text("a")]), ";", 2),
            "(a)"
        );
        assert!(fits_at(0, &"x".repeat(80)) && !fits_at(1, &"x".repeat(80)));
    }

    #[test]
    fn fluid_assignments_break_inside_the_value_or_after_the_operator() {
        let frozen = |name: &str| {
            fluid_assignment(
                &format!("export const {name}"),
                call_with_last_object(
                    "Object.freeze",
                    vec![],
                    super::super::syntax::expanded_object(vec![text("A: \"a\"")]),
                ),
                ";",
            )
        };
        // `... = Object.freeze({` fits: hugged.
        let name = "N".repeat(49);
        assert_eq!(
            render(&frozen(&name), 0),
            format!("export const {name} = Object.freeze({{\n  A: \"a\",\n}});")
        );
        // `... = Object.freeze(` fits but not `({`: the object on its own line.
        let name = "N".repeat(50);
        assert_eq!(
            render(&frozen(&name), 0),
            format!("export const {name} = Object.freeze(\n  {{\n    A: \"a\",\n  }},\n);")
        );
        // Neither: after the `=`, hugged there.
        let name = "N".repeat(60);
        assert_eq!(
            render(&frozen(&name), 0),
            format!("export const {name} =\n  Object.freeze({{\n    A: \"a\",\n  }});")
        );
        // A construction: the arguments break while `= new X(` fits.
        let d = |prop: &str, class: &str| {
            fluid_assignment(
                &format!("this.{prop}"),
                call(&format!("new {class}"), vec![lit("core")]),
                ";",
            )
        };
        let (p, c) = ("p".repeat(31), "C".repeat(31));
        assert_eq!(
            render(&d(&p, &c), 4),
            format!("this.{p} = new {c}(\n      core,\n    );")
        );
        let (p, c) = ("p".repeat(32), "C".repeat(32));
        assert_eq!(
            render(&d(&p, &c), 4),
            format!("this.{p} =\n      new {c}(core);")
        );
    }

    #[test]
    fn generic_types_break_their_arguments() {
        assert_eq!(
            render(&ts_type("Record<string, X>"), 0),
            "Record<string, X>"
        );
        let long = "V".repeat(70);
        let d = fluid_assignment(
            "export type T",
            ts_type(&format!("Record<string, {long}>")),
            ";",
        );
        assert_eq!(
            render(&d, 0),
            format!("export type T = Record<\n  string,\n  {long}\n>;")
        );
        let union = format!("Record<string, {} | {}>", "A".repeat(40), "B".repeat(40));
        assert_eq!(
            render(&ts_type(&union), 0),
            format!(
                "Record<\n  string,\n  | {}\n  | {}\n>",
                "A".repeat(40),
                "B".repeat(40)
            )
        );
        // Not one generic: never broken.
        for ty in ["X", "(A | B)[]", "\"a<b, c>\"", "Record<string, X> | null"] {
            assert!(matches!(ts_type(ty), D::Text(_)), "{ty}");
        }
        assert_eq!(
            render(&ts_type(&format!("Record<string, {long}>[]")), 0),
            format!("Record<\n  string,\n  {long}\n>[]")
        );
    }

    #[test]
    fn matrix_arrays_always_break() {
        let row = |a: &str, b: &str| array(vec![text(a), text(b)], false);
        let d = array(vec![row("\"a\"", "\"b\""), row("\"c\"", "\"d\"")], true);
        assert_eq!(render(&d, 0), "[\n  [\"a\", \"b\"],\n  [\"c\", \"d\"],\n]");
    }
}
