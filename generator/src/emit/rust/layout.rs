//! Line layout of the constructs whose width depends on the spec, written
//! the way rustfmt (default settings, edition 2021) writes them, so the
//! generated crate passes `cargo fmt --check` straight from the templates.

/// rustfmt's `max_width`.
pub const MAX_WIDTH: usize = 100;
/// rustfmt's `fn_call_width`: the widest argument list kept on one line.
const FN_CALL_WIDTH: usize = 60;
/// rustfmt's `chain_width`.
const CHAIN_WIDTH: usize = 60;
/// rustfmt's `attr_fn_like_width`.
const ATTR_WIDTH: usize = 70;

pub fn width(text: &str) -> usize {
    text.chars().count()
}

/// `indent` spaces, borrowed for the usual depths.
fn pad(indent: usize) -> std::borrow::Cow<'static, str> {
    const SPACES: &str = "                                                                ";
    match SPACES.get(..indent) {
        Some(spaces) => std::borrow::Cow::Borrowed(spaces),
        None => std::borrow::Cow::Owned(" ".repeat(indent)),
    }
}

/// `parts` after `indent` spaces, on one line.
fn line_of(indent: usize, parts: &[&str]) -> String {
    let mut out = String::with_capacity(indent + parts.iter().map(|p| p.len()).sum::<usize>());
    out.push_str(&pad(indent));
    for p in parts {
        out.push_str(p);
    }
    out
}

/// `head(args)tail` on one line when it fits, else one argument per line.
/// Returns the lines without a final newline; the first line is indented.
pub fn call(indent: usize, head: &str, args: &[String], tail: &str) -> String {
    let joined = args.join(", ");
    let line = format!("{}{head}({joined}){tail}", pad(indent));
    if width(&joined) <= FN_CALL_WIDTH && width(&line) <= MAX_WIDTH {
        return line;
    }
    let mut out = format!("{}{head}(\n", pad(indent));
    for a in args {
        out.push_str(&format!("{}{a},\n", pad(indent + 4)));
    }
    out.push_str(&format!("{}){tail}", pad(indent)));
    out
}

/// `let name = head(args)tail` as rustfmt lays it out: one line when it
/// fits; else the call alone on the next line when it fits there; else one
/// argument per line.
pub fn let_call(indent: usize, name: &str, head: &str, args: &[String], tail: &str) -> String {
    let joined = args.join(", ");
    let short_args = width(&joined) <= FN_CALL_WIDTH;
    let line = format!("{}let {name} = {head}({joined}){tail}", pad(indent));
    if short_args && width(&line) <= MAX_WIDTH {
        return line;
    }
    let next = format!("{}{head}({joined}){tail}", pad(indent + 4));
    if short_args && width(&next) <= MAX_WIDTH {
        return format!("{}let {name} =\n{next}", pad(indent));
    }
    call(indent, &format!("let {name} = {head}"), args, tail)
}

/// A method chain `lead first.second.third tail`: one line when short, else
/// one element per line after the first.
pub fn chain(indent: usize, lead: &str, parts: &[&str], tail: &str) -> String {
    let joined: String = parts.concat();
    let line = format!("{}{lead}{joined}{tail}", pad(indent));
    if width(&joined) < CHAIN_WIDTH && width(&line) <= MAX_WIDTH {
        return line;
    }
    let mut out = format!("{}{lead}{}", pad(indent), parts[0]);
    for p in &parts[1..] {
        out.push('\n');
        out.push_str(&chain_element(indent + 4, p));
    }
    out.push_str(tail);
    out
}

/// One element `.name(args)` of a vertical chain, its arguments one per
/// line when the element is too wide.
fn chain_element(indent: usize, part: &str) -> String {
    let line = format!("{}{part}", pad(indent));
    let Some(open) = part.find('(') else {
        return line;
    };
    if width(&line) <= MAX_WIDTH || !part.ends_with(')') {
        return line;
    }
    let args = split_args(&part[open + 1..part.len() - 1]);
    call(indent, &part[..open], &args, "")
}

/// Splits `a, f(b, c), "d, e"` at its top-level commas.
fn split_args(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    let mut current = String::new();
    for c in text.chars() {
        if in_string {
            current.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// An attribute `#[name(args)]`.
pub fn attr(indent: usize, name: &str, args: &[String]) -> String {
    let joined = args.join(", ");
    let line = format!("{}#[{name}({joined})]", pad(indent));
    let fits = width(&line) <= MAX_WIDTH;
    if fits && (args.len() == 1 || width(&joined) <= ATTR_WIDTH) {
        return line;
    }
    let mut out = format!("{}#[{name}(\n", pad(indent));
    let items: Vec<String> = args
        .iter()
        .map(|a| format!("{}{a}", pad(indent + 4)))
        .collect();
    out.push_str(&items.join(",\n"));
    out.push_str(&format!("\n{})]", pad(indent)));
    out
}

/// A match arm `pat => body,`, or `pat => {` body `}` when it is too wide.
pub fn arm(indent: usize, pat: &str, body: &str) -> String {
    let line = line_of(indent, &[pat, " => ", body, ","]);
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!(
        "{}{pat} => {{\n{}{body}\n{}}}",
        pad(indent),
        pad(indent + 4),
        pad(indent)
    )
}

/// A function signature up to and including the opening brace:
/// `head(params) -> ret {`, with one parameter per line when too wide.
pub fn signature(indent: usize, head: &str, params: &[String], ret: &str) -> String {
    let ret = if ret.is_empty() {
        String::new()
    } else {
        format!(" -> {ret}")
    };
    let line = format!("{}{head}({}){ret} {{", pad(indent), params.join(", "));
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    let mut out = format!("{}{head}(\n", pad(indent));
    for p in params {
        out.push_str(&format!("{}{p},\n", pad(indent + 4)));
    }
    let close = format!("{}){ret} {{", pad(indent));
    if width(&close) <= MAX_WIDTH {
        out.push_str(&close);
    } else {
        out.push_str(&format!("{}){ret}\n{}{{", pad(indent), pad(indent)));
    }
    out
}

/// `lead: value,` (a field, an initialiser), with the value on the next
/// line when too wide.
pub fn field(indent: usize, lead: &str, value: &str) -> String {
    let line = line_of(indent, &[lead, ": ", value, ","]);
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!("{}{lead}:\n{}{value},", pad(indent), pad(indent + 4))
}

/// A tuple variant `Name(Type),`.
pub fn tuple_variant(indent: usize, name: &str, ty: &str) -> String {
    let line = line_of(indent, &[name, "(", ty, "),"]);
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!(
        "{}{name}(\n{}{ty},\n{}),",
        pad(indent),
        pad(indent + 4),
        pad(indent)
    )
}

/// `place = value;`, with the value on the next line when too wide.
pub fn assign(indent: usize, place: &str, value: &str) -> String {
    let line = line_of(indent, &[place, " = ", value, ";"]);
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!("{}{place} =\n{}{value};", pad(indent), pad(indent + 4))
}

/// `if let pattern = value {`, the value on its own line when too wide.
pub fn if_let(indent: usize, pattern: &str, value: &str) -> String {
    let line = format!("{}if let {pattern} = {value} {{", pad(indent));
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!(
        "{}if let {pattern} =\n{}{value}\n{}{{",
        pad(indent),
        pad(indent + 4),
        pad(indent)
    )
}

/// `static NAME: Type = Type {`.
pub fn static_head(name: &str, ty: &str) -> String {
    let line = format!("static {name}: {ty} = {ty} {{");
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!("static {name}:\n    {ty} = {ty} {{")
}

/// `let name = value;`, with the value on the next line when too wide.
pub fn let_stmt(indent: usize, name: &str, value: &str) -> String {
    let line = format!("{}let {name} = {value};", pad(indent));
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    format!("{}let {name} =\n{}{value};", pad(indent), pad(indent + 4))
}

/// `use path::{items};`, packed on as many lines as needed.
pub fn use_list(path: &str, items: &[&str]) -> String {
    let line = format!("use {path}::{{{}}};", items.join(", "));
    if width(&line) <= MAX_WIDTH {
        return line;
    }
    let mut out = format!("use {path}::{{\n");
    let mut current = String::new();
    for item in items {
        let piece = format!("{item},");
        if !current.is_empty() && 4 + width(&current) + 1 + width(&piece) >= MAX_WIDTH {
            out.push_str(&format!("    {current}\n"));
            current.clear();
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&piece);
    }
    out.push_str(&format!("    {current}\n}};"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
            chain(8, "let r = ", &["self", ".a", ".b()"], ";"),
            "        let r = self.a.b();"
        );
        assert_eq!(
            chain(
                8,
                "let response = ",
                &["self", ".runtime", ".execute(&CREATE_TRANSFER, request, self.options)", ".await?"],
                ";"
            ),
            "        let response = self\n            .runtime\n            .execute(&CREATE_TRANSFER, request, self.options)\n            .await?;"
        );
    }

    #[test]
    fn long_chain_elements_break_their_arguments() {
        let long = format!(".call_{}(\"a, b\", f(1, 2), x)", "n".repeat(80));
        assert_eq!(
            chain(4, "let r = ", &["client", &long], ";"),
            format!(
                "    let r = client\n        .call_{}(\n            \"a, b\",\n            f(1, 2),\n            x,\n        );",
                "n".repeat(80)
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
