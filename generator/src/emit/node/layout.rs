//! Line breaking for the few generated constructs whose width depends on the
//! spec (calls, parameter lists, arrays, unions), the way prettier breaks them
//! at 80 columns, so the generated files are prettier-clean as written.
//!
//! This is the document model prettier itself uses (Wadler's): text, line
//! breaks that are a space (`line`) or nothing (`softline`) when their group
//! fits on one line, groups, indentation and `if_break` text.

use std::borrow::Cow;
use std::rc::Rc;

const WIDTH: usize = 80;

#[derive(Debug, Clone)]
pub enum D {
    Text(Cow<'static, str>),
    /// A space when flat, a new line when broken.
    Line,
    /// Nothing when flat, a new line when broken.
    SoftLine,
    /// Text only when the enclosing group is broken (or flat).
    IfBreak(&'static str, &'static str),
    Concat(Rc<[D]>),
    Indent(Rc<[D]>),
    /// Fits on one line or breaks; `force` breaks it whatever the width.
    Group(Rc<[D]>, bool),
    /// Prettier's conditional group: the first of the layouts that fits (up to
    /// its first forced line break), else the last one, broken.
    Choice(Vec<D>),
}

pub fn text(s: impl Into<String>) -> D {
    D::Text(Cow::Owned(s.into()))
}

/// Text the generator writes itself, held without a copy.
pub fn lit(s: &'static str) -> D {
    D::Text(Cow::Borrowed(s))
}

pub fn concat(parts: Vec<D>) -> D {
    D::Concat(parts.into())
}

/// Parts indented by one level when their group breaks.
pub fn indent(parts: Vec<D>) -> D {
    D::Indent(parts.into())
}

/// A group, broken whatever the width when `force`.
pub fn group_of(parts: Vec<D>, force: bool) -> D {
    D::Group(parts.into(), force)
}

pub fn group(parts: Vec<D>) -> D {
    D::Group(parts.into(), false)
}

fn join(items: Vec<D>, sep: Vec<D>) -> Vec<D> {
    let mut out = Vec::with_capacity(items.len() * (sep.len() + 1));
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend(sep.iter().cloned());
        }
        out.push(item);
    }
    out
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
    concat(vec![text(callee), delimited("(", args, ")", false)])
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
            text(head),
            group(vec![indent(vec![D::Line, text(members[0].clone())])]),
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Flat,
    Break,
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// Whether `next` (then the rest of the line) fits in `room` columns.
fn fits(next: (usize, Mode, &D), rest: &[(usize, Mode, &D)], room: usize) -> bool {
    fits_parts(next.1, std::slice::from_ref(next.2), rest, room)
}

/// Whether `parts` laid out in `mode` (then the rest of the line) fit in
/// `room` columns. Documents are visited left to right; each level of the
/// walk keeps the slice of its parts still to visit, so a long list is not
/// copied just to find that its first items are too wide.
fn fits_parts(mode: Mode, parts: &[D], rest: &[(usize, Mode, &D)], room: usize) -> bool {
    let mut room = room as isize;
    let mut stack: Vec<(Mode, &[D])> = vec![(mode, parts)];
    let mut rest_idx = rest.len();
    loop {
        let Some(top) = stack.last_mut() else {
            if rest_idx == 0 {
                return true;
            }
            rest_idx -= 1;
            let (_, mode, doc) = rest[rest_idx];
            stack.push((mode, std::slice::from_ref(doc)));
            continue;
        };
        let mode = top.0;
        let Some((doc, later)) = top.1.split_first() else {
            stack.pop();
            continue;
        };
        top.1 = later;
        match doc {
            D::Text(s) => {
                room -= width(s) as isize;
                if room < 0 {
                    return false;
                }
            }
            D::Line | D::SoftLine => {
                if mode == Mode::Break {
                    return true;
                }
                if matches!(doc, D::Line) {
                    room -= 1;
                    if room < 0 {
                        return false;
                    }
                }
            }
            D::IfBreak(broken, flat) => {
                let s = if mode == Mode::Break { broken } else { flat };
                room -= width(s) as isize;
                if room < 0 {
                    return false;
                }
            }
            D::Concat(parts) | D::Indent(parts) => stack.push((mode, &parts[..])),
            D::Group(parts, force) => {
                let m = if *force { Mode::Break } else { mode };
                stack.push((m, &parts[..]));
            }
            D::Choice(states) => {
                if let Some(d) = if mode == Mode::Break {
                    states.last()
                } else {
                    states.first()
                } {
                    stack.push((mode, std::slice::from_ref(d)));
                }
            }
        }
    }
}

/// Prints `doc` starting at column `indent` (the first line is assumed to be
/// indented already); continuation lines are indented from `indent`.
pub fn render(doc: &D, indent: usize) -> String {
    let mut out = String::new();
    let mut pos = indent;
    let mut cmds: Vec<(usize, Mode, &D)> = vec![(indent, Mode::Break, doc)];
    while let Some((ind, mode, d)) = cmds.pop() {
        match d {
            D::Text(s) => {
                out.push_str(s);
                pos += width(s);
            }
            D::Line | D::SoftLine => {
                if mode == Mode::Flat {
                    if matches!(d, D::Line) {
                        out.push(' ');
                        pos += 1;
                    }
                } else {
                    while out.ends_with(' ') {
                        out.pop();
                    }
                    out.push('\n');
                    out.extend(std::iter::repeat_n(' ', ind));
                    pos = ind;
                }
            }
            D::IfBreak(broken, flat) => {
                let s = if mode == Mode::Break { broken } else { flat };
                out.push_str(s);
                pos += width(s);
            }
            D::Concat(parts) => {
                for p in parts.iter().rev() {
                    cmds.push((ind, mode, p));
                }
            }
            D::Indent(parts) => {
                for p in parts.iter().rev() {
                    cmds.push((ind + 2, mode, p));
                }
            }
            D::Group(parts, force) => {
                let flat = !*force
                    && (mode == Mode::Flat
                        || fits_parts(Mode::Flat, parts, &cmds, WIDTH.saturating_sub(pos)));
                let m = if flat { Mode::Flat } else { Mode::Break };
                for p in parts.iter().rev() {
                    cmds.push((ind, m, p));
                }
            }
            D::Choice(states) => {
                let room = WIDTH.saturating_sub(pos);
                let chosen = if mode == Mode::Flat {
                    states.first().map(|d| (Mode::Flat, d))
                } else {
                    states[..states.len().saturating_sub(1)]
                        .iter()
                        .find(|d| fits((ind, Mode::Flat, d), &cmds, room))
                        .map(|d| (Mode::Flat, d))
                        .or_else(|| states.last().map(|d| (Mode::Break, d)))
                };
                if let Some((m, d)) = chosen {
                    cmds.push((ind, m, d));
                }
            }
        }
    }
    out
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
    fn matrix_arrays_always_break() {
        let row = |a: &str, b: &str| array(vec![text(a), text(b)], false);
        let d = array(vec![row("\"a\"", "\"b\""), row("\"c\"", "\"d\"")], true);
        assert_eq!(render(&d, 0), "[\n  [\"a\", \"b\"],\n  [\"c\", \"d\"],\n]");
    }
}
