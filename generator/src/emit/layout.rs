//! The one document layout engine of the three emitters: Wadler's model, as
//! prettier uses it. A document is text, line breaks that are a space
//! (`Line`) or nothing (`SoftLine`) when their group fits on one line, groups,
//! indentation and text written only when its group is broken (`IfBreak`).
//! Each language keeps only its formatter's settings ([`Style`]) and the
//! combinators that build its constructs the way its formatter lays them out
//! (`emit/<lang>/layout.rs`).

use std::borrow::Cow;
use std::rc::Rc;

/// A formatter's settings: the line width and one level of indentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub width: usize,
    pub indent: usize,
}

/// A document.
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
    /// Nothing on the page. A fit check that meets it in flat mode fails
    /// when these parts, laid flat, are wider than the bound: rustfmt keeps
    /// some constructs on one line only while a part of them is narrow
    /// enough (`fn_call_width`, `chain_width`), whatever room the line has.
    AtMost(usize, Rc<[D]>),
    /// A space then the document, or a line break, one level deeper, then
    /// the document: prettier's "fluid" layout of the right-hand side of an
    /// assignment. The break is taken when the document, measured broken up
    /// to its first line break (`= new Name(` of `= new Name(core)`), does not
    /// fit after the space; the document then breaks its own groups as they
    /// need, on whichever line it starts.
    Fluid(Rc<D>),
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

/// A group that stays flat only while it fits and `measured`, laid flat, is
/// at most `max` columns wide.
pub fn group_at_most(max: usize, measured: &[D], parts: Vec<D>) -> D {
    let mut all = Vec::with_capacity(parts.len() + 1);
    all.push(D::AtMost(max, measured.into()));
    all.extend(parts);
    group(all)
}

/// A space or an indented line break before `doc`, as prettier decides it
/// after the `=` of an assignment ([`D::Fluid`]).
pub fn fluid(doc: D) -> D {
    D::Fluid(Rc::new(doc))
}

/// The width of `parts` laid out on one line.
pub fn flat_width(parts: &[D]) -> usize {
    parts
        .iter()
        .map(|d| match d {
            D::Text(s) => width(s),
            D::Line => 1,
            D::SoftLine | D::AtMost(..) => 0,
            D::IfBreak(_, flat) => width(flat),
            D::Concat(parts) | D::Indent(parts) | D::Group(parts, _) => flat_width(parts),
            D::Choice(states) => states
                .first()
                .map_or(0, |d| flat_width(std::slice::from_ref(d))),
            D::Fluid(d) => 1 + flat_width(std::slice::from_ref(&**d)),
        })
        .sum()
}

/// `items` with `sep` between each two.
pub fn join(items: Vec<D>, sep: Vec<D>) -> Vec<D> {
    let mut out = Vec::with_capacity(items.len() * (sep.len() + 1));
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend(sep.iter().cloned());
        }
        out.push(item);
    }
    out
}

/// The document on one line: every group flat, whatever the width (`IfBreak`
/// writes its flat text).
pub fn flat(doc: &D) -> String {
    let mut out = String::new();
    flat_into(doc, &mut out);
    out
}

/// [`flat`], written at the end of `out`.
pub fn flat_into(doc: &D, out: &mut String) {
    match doc {
        D::Text(s) => out.push_str(s),
        D::Line => out.push(' '),
        // A bound writes nothing on the page.
        D::SoftLine | D::AtMost(..) => {}
        D::IfBreak(_, flat) => out.push_str(flat),
        D::Concat(parts) | D::Indent(parts) | D::Group(parts, _) => {
            parts.iter().for_each(|p| flat_into(p, out))
        }
        D::Choice(states) => {
            if let Some(first) = states.first() {
                flat_into(first, out)
            }
        }
        D::Fluid(d) => {
            out.push(' ');
            flat_into(d, out);
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Flat,
    Break,
}

/// The columns `s` takes: its characters. Counted from the bytes that
/// start a character, which for the short texts of a document is cheaper
/// than `chars().count()`.
pub fn width(s: &str) -> usize {
    // ASCII text, nearly all of it, is checked a word at a time.
    if s.is_ascii() {
        return s.len();
    }
    s.bytes().filter(|&b| (b as i8) >= -0x40).count()
}

/// Whether `next` (then the rest of the line) fits in `room` columns.
fn fits<'a>(
    next: (usize, Mode, &'a D),
    rest: &[(usize, Mode, &'a D)],
    room: usize,
    stack: &mut Vec<(Mode, &'a [D])>,
) -> bool {
    fits_parts(next.1, std::slice::from_ref(next.2), rest, room, stack)
}

/// Whether `parts` laid out in `mode` (then the rest of the line) fit in
/// `room` columns. Documents are visited left to right; each level of the
/// walk keeps the slice of its parts still to visit, so a long list is not
/// copied just to find that its first items are too wide. `stack` is the
/// walk's, lent by the caller so that one allocation serves every check.
fn fits_parts<'a>(
    mode: Mode,
    parts: &'a [D],
    rest: &[(usize, Mode, &'a D)],
    room: usize,
    stack: &mut Vec<(Mode, &'a [D])>,
) -> bool {
    let mut room = room as isize;
    stack.clear();
    stack.push((mode, parts));
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
            D::AtMost(max, parts) => {
                if mode == Mode::Flat && flat_width(parts) > *max {
                    return false;
                }
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
            D::Fluid(d) => {
                // Broken, the break before it is a line break like any
                // other of the rest (prettier's group of one `line`).
                if mode == Mode::Break {
                    return true;
                }
                room -= 1;
                if room < 0 {
                    return false;
                }
                stack.push((mode, std::slice::from_ref(&**d)));
            }
        }
    }
}

/// The width of `doc` laid flat, when [`render`] is sure to lay all of it
/// flat from a column with `room` columns left: every line break is inside
/// a group, no group is forced, every bound is met, and the flat text fits
/// with room to spare for what a fit check may count beyond it. `None` when
/// any of that fails; [`render`] then lays the document out in full.
///
/// Why that is enough: the outermost groups are the only ones the layout
/// decides (inside a flat group everything is flat), and each is flat when
/// its flat text and what follows it, up to the next line break, fit. What
/// follows is measured in its own (broken) mode, so a later outermost
/// group's `IfBreak` counts its broken text, which may be wider than the
/// flat one: the walk adds every such difference to the width it checks. A
/// `Choice` is taken only as the whole document: rendered broken it tries
/// its first layout flat, but measured after another construct it counts
/// its last.
fn flat_width_if_fits(doc: &D, room: usize) -> Option<usize> {
    match doc {
        // Broken, a choice takes its first layout that fits flat (there
        // must be another after it, the fallback).
        D::Choice(states) if states.len() > 1 => first_fits_flat(&states[0], room),
        d => walk_flat(d, Within::Root, room),
    }
}

/// The width of `doc` laid flat when it fits in `room` columns as the
/// first layout of a [`D::Choice`] rendered broken, or as the whole of a
/// group followed by nothing (or as an item of one): laid out in flat mode,
/// where every group inside stays flat. The conditions are [`render`]'s
/// fast path's.
pub fn first_fits_flat(doc: &D, room: usize) -> Option<usize> {
    walk_flat(doc, Within::Flat, room)
}

/// Where [`walk_flat`] stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Within {
    /// Outside every group: a line break there breaks.
    Root,
    /// Inside a group measured in flat mode only.
    Flat,
    /// Inside an outermost group after the first: a fit check of an earlier
    /// one measures it broken, up to its first line break.
    Later,
}

fn walk_flat(doc: &D, within: Within, room: usize) -> Option<usize> {
    walk_flat_parts(&[doc], within, room)
}

/// [`walk_flat`] of the parts of a concatenation, one after the other.
fn walk_flat_parts(parts: &[&D], within: Within, room: usize) -> Option<usize> {
    struct Walk {
        room: usize,
        /// The flat width so far, and what broken `IfBreak`s may add.
        total: usize,
        slack: usize,
        outermost: usize,
    }
    impl Walk {
        fn add(&mut self, w: usize) -> bool {
            self.total += w;
            self.total + self.slack <= self.room
        }
        fn walk(&mut self, doc: &D, within: Within) -> bool {
            match doc {
                D::Text(s) => self.add(width(s)),
                D::Line | D::SoftLine | D::IfBreak(..) | D::Fluid(_) if within == Within::Root => {
                    false
                }
                D::Line => self.add(1),
                D::SoftLine => true,
                D::IfBreak(broken, flat) => {
                    let f = width(flat);
                    if within == Within::Later {
                        self.slack += width(broken).saturating_sub(f);
                    }
                    self.add(f)
                }
                D::Concat(parts) | D::Indent(parts) => parts.iter().all(|p| self.walk(p, within)),
                D::Group(_, true) | D::Choice(_) => false,
                D::Group(parts, false) => {
                    let inside = match within {
                        Within::Root => {
                            self.outermost += 1;
                            if self.outermost > 1 {
                                Within::Later
                            } else {
                                Within::Flat
                            }
                        }
                        w => w,
                    };
                    parts.iter().all(|p| self.walk(p, inside))
                }
                D::AtMost(max, parts) => flat_width(parts) <= *max,
                D::Fluid(d) => self.add(1) && self.walk(d, within),
            }
        }
    }
    let mut walk = Walk {
        room,
        total: 0,
        slack: 0,
        outermost: 0,
    };
    parts
        .iter()
        .all(|p| walk.walk(p, within))
        .then_some(walk.total)
}

/// Whether `doc` holds no forced group and no choice: laid out in flat
/// mode, all of it is flat.
pub fn never_forced(doc: &D) -> bool {
    match doc {
        D::Group(_, true) | D::Choice(_) => false,
        D::Concat(parts) | D::Indent(parts) | D::Group(parts, false) => {
            parts.iter().all(never_forced)
        }
        D::Fluid(d) => never_forced(d),
        _ => true,
    }
}

/// A line break as [`render`] writes it at the end of `out`: the spaces
/// before it trimmed, the next line indented by `indent` spaces.
pub fn break_line(out: &mut String, indent: usize) {
    while out.ends_with(' ') {
        out.pop();
    }
    out.push('\n');
    push_spaces(out, indent);
}

/// `parts` one after the other, in a string of their size.
pub fn cat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    parts.iter().for_each(|p| out.push_str(p));
    out
}

/// `n` spaces at the end of `out`.
fn push_spaces(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut left = n;
    while left > 0 {
        let k = left.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        left -= k;
    }
}

/// Prints `doc` in `style` starting at column `indent` (the first line is assumed to be
/// indented already); continuation lines are indented from `indent`.
pub fn render(doc: &D, indent: usize, style: Style) -> String {
    if let Some(w) = flat_width_if_fits(doc, style.width.saturating_sub(indent)) {
        let mut out = String::with_capacity(w);
        flat_into(doc, &mut out);
        return out;
    }
    render_in_full(doc, indent, style)
}

/// [`render`] of the concatenation of `parts`, written at the end of `out`
/// (which may hold earlier lines: a line break trims the spaces before it
/// there as in a render of the whole), without building the concatenation.
pub fn render_parts_into(parts: &[&D], indent: usize, style: Style, out: &mut String) {
    if let Some(w) = walk_flat_parts(parts, Within::Root, style.width.saturating_sub(indent)) {
        out.reserve(w);
        parts.iter().for_each(|p| flat_into(p, out));
        return;
    }
    let cmds = parts
        .iter()
        .rev()
        .map(|&p| (indent, Mode::Break, p))
        .collect();
    render_cmds(cmds, indent, style, out);
}

/// [`render`] without its fast path: every group decided by its fit check.
fn render_in_full(doc: &D, indent: usize, style: Style) -> String {
    let mut out = String::new();
    render_cmds(vec![(indent, Mode::Break, doc)], indent, style, &mut out);
    out
}

/// The full layout of what `cmds` holds (the last first), from column
/// `indent`, at the end of `out`.
fn render_cmds(mut cmds: Vec<(usize, Mode, &D)>, indent: usize, style: Style, out: &mut String) {
    let mut pos = indent;
    let mut stack = Vec::new();
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
                    break_line(out, ind);
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
                    cmds.push((ind + style.indent, mode, p));
                }
            }
            D::Group(parts, force) => {
                let flat = !*force
                    && (mode == Mode::Flat
                        || fits_parts(
                            Mode::Flat,
                            parts,
                            &cmds,
                            style.width.saturating_sub(pos),
                            &mut stack,
                        ));
                let m = if flat { Mode::Flat } else { Mode::Break };
                for p in parts.iter().rev() {
                    cmds.push((ind, m, p));
                }
            }
            D::Choice(states) => {
                let room = style.width.saturating_sub(pos);
                let chosen = if mode == Mode::Flat {
                    states.first().map(|d| (Mode::Flat, d))
                } else {
                    states[..states.len().saturating_sub(1)]
                        .iter()
                        .find(|d| fits((ind, Mode::Flat, d), &cmds, room, &mut stack))
                        .map(|d| (Mode::Flat, d))
                        .or_else(|| states.last().map(|d| (Mode::Break, d)))
                };
                if let Some((m, d)) = chosen {
                    cmds.push((ind, m, d));
                }
            }
            D::AtMost(..) => {}
            D::Fluid(d) => {
                if mode == Mode::Flat {
                    out.push(' ');
                    pos += 1;
                    cmds.push((ind, Mode::Flat, d));
                    continue;
                }
                // Measured broken after the space, then the rest of the line.
                let stays = style.width > pos
                    && fits_parts(
                        Mode::Break,
                        std::slice::from_ref(&**d),
                        &cmds,
                        style.width - pos - 1,
                        &mut stack,
                    );
                if stays {
                    out.push(' ');
                    pos += 1;
                    cmds.push((ind, Mode::Break, d));
                } else {
                    let deeper = ind + style.indent;
                    break_line(out, deeper);
                    pos = deeper;
                    cmds.push((deeper, Mode::Break, d));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> D {
        let mut inner = vec![D::SoftLine];
        inner.extend(join(
            items.iter().map(|s| text(*s)).collect(),
            vec![lit(","), D::Line],
        ));
        inner.push(D::IfBreak(",", ""));
        group(vec![lit("f("), indent(inner), D::SoftLine, lit(")")])
    }

    #[test]
    fn the_style_sets_the_width_and_the_indent() {
        let doc = list(&["alpha", "beta"]);
        let wide = Style {
            width: 20,
            indent: 4,
        };
        assert_eq!(render(&doc, 0, wide), "f(alpha, beta)");
        let narrow = Style {
            width: 10,
            indent: 4,
        };
        assert_eq!(render(&doc, 0, narrow), "f(\n    alpha,\n    beta,\n)");
        let two = Style {
            width: 10,
            indent: 2,
        };
        assert_eq!(render(&doc, 2, two), "f(\n    alpha,\n    beta,\n  )");
    }

    #[test]
    fn a_bounded_group_breaks_when_its_measured_part_is_too_wide() {
        let items = [text("alpha"), lit(","), D::Line, text("beta")];
        let doc = |max| {
            group_at_most(
                max,
                &items,
                vec![
                    lit("f("),
                    indent([vec![D::SoftLine], items.to_vec()].concat()),
                    D::SoftLine,
                    lit(")"),
                ],
            )
        };
        let style = Style {
            width: 80,
            indent: 4,
        };
        assert_eq!(render(&doc(11), 0, style), "f(alpha, beta)");
        assert_eq!(render(&doc(10), 0, style), "f(\n    alpha,\n    beta\n)");
        // The bound holds inside an enclosing group too: it cannot stay flat.
        let outer = group(vec![lit("x"), D::Line, doc(10)]);
        assert_eq!(render(&outer, 0, style), "x\nf(\n    alpha,\n    beta\n)");
    }

    #[test]
    fn flat_writes_every_group_on_one_line() {
        let doc = concat(vec![list(&["alpha", "beta"]), lit(" + tail")]);
        assert_eq!(flat(&doc), "f(alpha, beta) + tail");
        let style = Style {
            width: 10,
            indent: 2,
        };
        assert_ne!(render(&doc, 0, style), flat(&doc));
    }

    /// Documents near the edge of the width, of every construct the fast
    /// path takes or refuses: it must give what the full layout gives.
    #[test]
    fn the_flat_fast_path_lays_out_as_the_full_layout() {
        let word = |n: usize| text("w".repeat(n));
        let mut docs = Vec::new();
        for n in [1, 5, 20, 40] {
            docs.push(list(&["alpha", &"b".repeat(n)]));
            docs.push(concat(vec![word(n), list(&["a", "b"]), lit(" + tail")]));
            // Two outermost groups: the second's broken `((((` counts when
            // the first is measured.
            let second = group(vec![
                D::IfBreak("((((", ""),
                indent(vec![D::SoftLine, word(n)]),
                D::SoftLine,
                D::IfBreak(")", ""),
            ]);
            docs.push(concat(vec![list(&["x", "y"]), lit(" "), second]));
            docs.push(concat(vec![word(n), D::Line, word(3)]));
            docs.push(group_of(vec![word(n), D::Line, word(3)], true));
            docs.push(group(vec![word(n), D::Line, group_of(vec![D::Line], true)]));
            let items = [word(n), lit(","), D::Line, word(4)];
            docs.push(group_at_most(30, &items, items.to_vec()));
            docs.push(D::Choice(vec![
                concat(vec![word(n), D::Line, word(2)]),
                group_of(vec![word(n), indent(vec![D::Line, word(2)])], true),
            ]));
            docs.push(D::Choice(vec![group(vec![word(n), D::Line, word(2)])]));
            // A fluid break before a breakable and an unbreakable value.
            docs.push(group(vec![word(n), fluid(list(&["a", &"c".repeat(n)]))]));
            docs.push(group(vec![word(n), fluid(word(6))]));
        }
        for width in [10, 24, 30, 45] {
            let style = Style { width, indent: 4 };
            for doc in &docs {
                for at in 0..=width + 2 {
                    assert_eq!(
                        render(doc, at, style),
                        render_in_full(doc, at, style),
                        "{doc:?} at {at}, width {width}"
                    );
                }
            }
        }
    }

    /// prettier's fluid assignment: the value stays after the space when
    /// its start, up to its first possible break, fits there; else it goes
    /// on the next line, one level in.
    #[test]
    fn a_fluid_break_measures_the_value_up_to_its_first_break() {
        let style = Style {
            width: 20,
            indent: 2,
        };
        let doc =
            |head: &str, value: D| concat(vec![group(vec![text(head), fluid(value)]), lit(";")]);
        // All on one line.
        assert_eq!(render(&doc("x =", list(&["a"])), 0, style), "x = f(a);");
        // `head = f(` fits: the value breaks on the head's line.
        assert_eq!(
            render(&doc("xxxxxxxxxxxx =", list(&["alpha", "beta"])), 0, style),
            "xxxxxxxxxxxx = f(\n  alpha,\n  beta,\n);"
        );
        // `head = f(` does not: the value on the next line, where it fits.
        assert_eq!(
            render(&doc("xxxxxxxxxxxxxxxxx =", list(&["a"])), 0, style),
            "xxxxxxxxxxxxxxxxx =\n  f(a);"
        );
        // A value that cannot break goes on the next line when too long.
        assert_eq!(
            render(&doc("xxxxxxxxxx =", text("yyyyyyyyyy")), 0, style),
            "xxxxxxxxxx =\n  yyyyyyyyyy;"
        );
        assert_eq!(flat(&doc("x =", text("y"))), "x = y;");
    }

    #[test]
    fn text_after_a_group_counts_against_its_fit() {
        let doc = concat(vec![list(&["a", "b"]), lit(" + tail")]);
        let style = Style {
            width: 10,
            indent: 2,
        };
        assert_eq!(render(&doc, 0, style), "f(\n  a,\n  b,\n) + tail");
    }
}
