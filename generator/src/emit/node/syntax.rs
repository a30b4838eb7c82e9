//! The pieces of JavaScript and TypeScript syntax whose width decides their
//! line breaks, which the package views and the resource views both lay out:
//! object properties, import braces, property lines, security arrays. Each is
//! laid out in its place in a template, which writes the text around it.

use super::escape::{js_string, Doc};
use super::layout::{self as l, D};
use crate::ir::{Primitive, TypeRef};

pub struct Prop {
    pub doc: Doc,
    /// `name?: Type;`, laid out.
    pub line: String,
}

pub fn prop_line(key: &str, optional: bool, members: Vec<String>) -> String {
    let head = format!("{key}{}:", if optional { "?" } else { "" });
    // Prettier keeps `name: Type | null` on one line, whatever its width.
    let hugged = members.len() == 2
        && members[1] == "null"
        && members[0]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if hugged {
        return format!("{head} {};", members.join(" | "));
    }
    if members.len() == 1 {
        // A name stays on the line whatever its width; a generic's
        // arguments break (`Record<` then one per line).
        return l::render(
            &l::concat(vec![
                l::text(format!("{head} ")),
                l::ts_type(&members[0]),
                l::lit(";"),
            ]),
            2,
        );
    }
    l::render(&l::union_after(&head, members, ";"), 2)
}

/// `key: value` in an object literal, breaking after the colon like prettier
/// when the value is a string or member chain and the key is not short.
pub fn object_prop(key: &str, value: D, breaks_after_colon: bool) -> D {
    if breaks_after_colon && key.chars().count() >= 5 {
        l::concat(vec![
            l::text(format!("{key}:")),
            l::group(vec![l::indent(vec![D::Line, value])]),
        ])
    } else {
        l::concat(vec![l::text(format!("{key}: ")), value])
    }
}

/// An object literal that stays expanded (prettier keeps an object broken
/// when its source has a line break after `{`).
pub fn expanded_object(props: Vec<D>) -> D {
    let mut inner = vec![D::SoftLine];
    for (i, p) in props.into_iter().enumerate() {
        if i > 0 {
            inner.push(l::text(","));
            inner.push(D::Line);
        }
        inner.push(p);
    }
    inner.push(D::IfBreak(",", ""));
    l::group_of(
        vec![l::text("{"), l::indent(inner), D::SoftLine, l::text("}")],
        true,
    )
}

/// The properties of an object literal that stays expanded, each laid out as
/// its line at `indent` (the template writes the comma after each).
pub fn object_lines(props: Vec<D>, indent: usize) -> Vec<String> {
    props
        .into_iter()
        .map(|p| l::render_in("", p, ",", indent))
        .collect()
}

fn string_array(items: &[String]) -> D {
    l::array(items.iter().map(|s| l::text(js_string(s))).collect(), false)
}

pub fn security_array(security: &[Vec<String>]) -> D {
    let matrix = security.len() > 1 && security.iter().all(|alt| alt.len() > 1);
    l::array(
        security.iter().map(|alt| string_array(alt)).collect(),
        matrix,
    )
}

pub fn js_imports(names: &[&str], from: &str) -> String {
    braces_statement("import", names, from)
}

/// `keyword { a, b } from "x";` (import, export, import type, export type),
/// or one name per line.
pub fn braces_statement(keyword: &str, names: &[&str], from: &str) -> String {
    let d = l::concat(vec![
        l::text(format!("{keyword} ")),
        braces(names),
        l::text(format!(" from {};", js_string(from))),
    ]);
    l::render(&d, 0)
}

/// The `{ a, b }` of `keyword { a, b } from "x";`, laid out in that statement,
/// for a template that writes the rest.
pub fn braces_in(keyword: &str, names: &[&str], from: &str) -> String {
    l::render_in(
        &format!("{keyword} "),
        braces(names),
        &format!(" from {};", js_string(from)),
        0,
    )
}

/// `{ a, b }` of sorted names, or one name per line. prettier never breaks
/// the braces of a single name, whatever the statement's width.
fn braces(names: &[&str]) -> D {
    let mut sorted: Vec<&str> = names.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if let [name] = sorted[..] {
        return l::text(format!("{{ {name} }}"));
    }
    l::group_of(
        vec![
            l::text("{"),
            l::indent(
                [
                    vec![D::Line],
                    sorted
                        .iter()
                        .enumerate()
                        .flat_map(|(i, n)| {
                            let mut v = Vec::new();
                            if i > 0 {
                                v.push(l::text(","));
                                v.push(D::Line);
                            }
                            v.push(l::text(*n));
                            v
                        })
                        .collect(),
                    vec![D::IfBreak(",", "")],
                ]
                .concat(),
            ),
            D::Line,
            l::text("}"),
        ],
        false,
    )
}

pub fn type_imports(names: &[String], from: &str) -> String {
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    braces_statement("import type", &refs, from)
}

pub fn format_note(ty: &TypeRef) -> Option<&'static str> {
    match ty.non_null() {
        TypeRef::Primitive(Primitive::DateTime) => {
            Some("A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).")
        }
        TypeRef::Primitive(Primitive::Date) => Some("A date, `YYYY-MM-DD`."),
        TypeRef::Primitive(Primitive::Bytes) => Some("Base64-encoded bytes."),
        TypeRef::Primitive(Primitive::Integer64) => {
            Some("An integer; exact up to `Number.MAX_SAFE_INTEGER`.")
        }
        _ => None,
    }
}

/// `{ a: 1, b: 2 }`, or one property per line.
pub fn inline_object(props: Vec<(String, String)>) -> D {
    if props.is_empty() {
        return l::text("{}");
    }
    let mut inner = vec![D::Line];
    for (i, (k, v)) in props.into_iter().enumerate() {
        if i > 0 {
            inner.push(l::text(","));
            inner.push(D::Line);
        }
        inner.push(l::text(format!("{k}: {v}")));
    }
    inner.push(D::IfBreak(",", ""));
    l::group_of(
        vec![l::text("{"), l::indent(inner), D::Line, l::text("}")],
        false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_name_stays_in_its_braces_however_wide() {
        let long = "N".repeat(60);
        assert_eq!(
            braces_statement("import type", &[&long], "./resources/x.js"),
            format!("import type {{ {long} }} from \"./resources/x.js\";")
        );
        let two = braces_statement("export", &[&long, "B"], "./x.js");
        assert_eq!(
            two,
            format!("export {{\n  B,\n  {long},\n}} from \"./x.js\";")
        );
    }

    #[test]
    fn a_generic_property_breaks_its_arguments() {
        let long = "V".repeat(70);
        assert_eq!(
            prop_line(
                "currencyOptions",
                true,
                vec![format!("Record<string, {long}>")]
            ),
            format!("currencyOptions?: Record<\n    string,\n    {long}\n  >;")
        );
        assert_eq!(prop_line("x", false, vec!["X".into()]), "x: X;");
    }
}
