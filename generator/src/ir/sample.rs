//! Values of IR types, made up deterministically and kept within the
//! schemas' validation keywords: required fields filled, enums' first value,
//! unions' first variant that can be made, arrays as short as allowed (one
//! item unless `minItems` asks for more), maps empty, nullable values null,
//! recursion cut off. Strings follow the field's name where it says what it
//! holds (`email`, `currency`, `*_id`...), then are fitted to `minLength`,
//! `maxLength` and `pattern`.
//!
//! The one sampler of the project: `sdkgen mock` makes its responses with it
//! and every SDK's README shows calls whose arguments come from
//! [`call_example`], so the three READMEs pass the same values and the mock
//! accepts what they send.

use heck::ToSnakeCase;
use serde_json::{Map, Value};

use super::{Api, BodyKind, Constraints, Operation, Primitive, TypeKind, TypeRef};

/// Named types nested deeper than this are not expanded.
const MAX_DEPTH: usize = 8;

/// Makes values of the API's types.
pub struct Sampler<'a> {
    pub api: &'a Api,
    /// Numbers the objects made (`transfer_3`), and the UUIDs.
    pub seq: u64,
}

impl Sampler<'_> {
    /// A value of `ty` for a field or parameter called `field` of the type
    /// `owner`, within `constraints` (the field's or parameter's own
    /// keywords); `None` when the type cannot be made within the depth limit
    /// (a required, non-nullable cycle): the nearest array or nullable takes it.
    pub fn make(
        &self,
        ty: &TypeRef,
        field: Option<&str>,
        owner: Option<&str>,
        constraints: Option<&Constraints>,
    ) -> Option<Value> {
        self.made(ty, field, owner, constraints, 0, &mut Vec::new())
    }

    /// [`Sampler::make`] at `depth`, inside the named types of `stack`.
    pub(crate) fn made(
        &self,
        ty: &TypeRef,
        field: Option<&str>,
        owner: Option<&str>,
        constraints: Option<&Constraints>,
        depth: usize,
        stack: &mut Vec<String>,
    ) -> Option<Value> {
        match ty {
            TypeRef::Any => Some(Value::Object(Map::new())),
            TypeRef::Nullable(_) => Some(Value::Null),
            TypeRef::Map(_) => Some(Value::Object(Map::new())),
            TypeRef::Array(item) => {
                let items = constraints.and_then(|c| c.items.as_deref());
                let one = self.made(item, field, owner, items, depth + 1, stack);
                let count = constraints.and_then(|c| c.min_items).unwrap_or(1).max(1);
                Some(Value::Array(match one {
                    Some(v) => vec![v; count],
                    None => Vec::new(),
                }))
            }
            TypeRef::Primitive(p) => Some(self.primitive(*p, field, owner, constraints)),
            TypeRef::Named(name) => {
                if depth > MAX_DEPTH || stack.iter().any(|s| s == name) {
                    return None;
                }
                let named = self.api.type_by_name(name)?;
                let own = Some(&named.constraints).filter(|c| !c.is_empty());
                stack.push(name.clone());
                let made = match &named.kind {
                    TypeKind::Alias { target } => {
                        self.made(target, field, owner, own.or(constraints), depth, stack)
                    }
                    TypeKind::Enum { values, .. } => values.first().map(|v| v.value.clone()),
                    TypeKind::Object { fields, .. } => {
                        let mut map = Map::new();
                        let mut complete = true;
                        for f in fields.iter().filter(|f| f.required && !f.write_only) {
                            let c = Some(&f.constraints).filter(|c| !c.is_empty());
                            match self.made(&f.ty, Some(&f.name), Some(name), c, depth + 1, stack) {
                                Some(v) => {
                                    map.insert(f.name.clone(), v);
                                }
                                None => {
                                    complete = false;
                                    break;
                                }
                            }
                        }
                        complete.then_some(Value::Object(map))
                    }
                    TypeKind::Union {
                        variants,
                        discriminator,
                        ..
                    } => variants.iter().find_map(|variant| {
                        let mut v = self.made(&variant.ty, field, owner, None, depth + 1, stack)?;
                        if let (Some(prop), Some(tag), Value::Object(map)) =
                            (discriminator, variant.tags.first(), &mut v)
                        {
                            map.insert(prop.clone(), Value::String(tag.clone()));
                        }
                        Some(v)
                    }),
                };
                stack.pop();
                made
            }
        }
    }

    fn primitive(
        &self,
        p: Primitive,
        field: Option<&str>,
        owner: Option<&str>,
        c: Option<&Constraints>,
    ) -> Value {
        let name = field.unwrap_or("").to_ascii_lowercase();
        match p {
            Primitive::String => Value::String(fit_string(&self.string(&name, owner), c)),
            Primitive::DateTime => Value::String("2024-01-01T00:00:00Z".to_string()),
            Primitive::Date => Value::String("2024-01-01".to_string()),
            Primitive::Uuid => Value::String(format!("00000000-0000-4000-8000-{:012x}", self.seq)),
            Primitive::Bytes => Value::String("ZXhhbXBsZQ==".to_string()),
            Primitive::Binary => Value::String("example".to_string()),
            Primitive::Integer32 | Primitive::Integer64 => {
                let start = if name.contains("year") { 2030.0 } else { 1.0 };
                let n = fit_number(start, c, true);
                Value::from(n as i64)
            }
            Primitive::Float | Primitive::Double => {
                serde_json::Number::from_f64(fit_number(1.5, c, false))
                    .map(Value::Number)
                    .unwrap_or_else(|| Value::from(1))
            }
            Primitive::Boolean => Value::Bool(false),
        }
    }

    fn string(&self, name: &str, owner: Option<&str>) -> String {
        if name == "id" {
            let prefix = owner
                .map(|o| o.to_snake_case())
                .unwrap_or_else(|| "obj".to_string());
            return format!("{prefix}_{}", self.seq);
        }
        if let Some(stem) = name.strip_suffix("_id") {
            return format!("{stem}_1");
        }
        if name.contains("email") {
            return "user@example.com".to_string();
        }
        if name == "currency" || name.ends_with("_currency") {
            return "usd".to_string();
        }
        if name == "country" || name.ends_with("_country") {
            return "US".to_string();
        }
        if name == "last4" {
            return "4242".to_string();
        }
        if name.ends_with("url") || name.ends_with("uri") || name == "href" {
            return "https://example.com".to_string();
        }
        if name == "name" || name.ends_with("_name") {
            return "Example".to_string();
        }
        "example".to_string()
    }
}

/// `guess` fitted to the string keywords: the first of a few candidates
/// that meets the pattern (the guess, then plain words, digits and letters),
/// padded or cut to the allowed length. A pattern none of them meets (or
/// one the regex engine does not take) leaves the guess as it is.
fn fit_string(guess: &str, c: Option<&Constraints>) -> String {
    let Some(c) = c else {
        return guess.to_string();
    };
    let sized = |s: &str| -> String {
        let mut out: String = match c.max_length {
            Some(max) => s.chars().take(max).collect(),
            None => s.to_string(),
        };
        let pad = out.chars().last().unwrap_or('a');
        while out.chars().count() < c.min_length.unwrap_or(0) {
            out.push(pad);
        }
        out
    };
    let Some(re) = c.pattern.as_deref().and_then(|p| regex::Regex::new(p).ok()) else {
        return sized(guess);
    };
    const CANDIDATES: [&str; 8] = [
        "example",
        "abc",
        "ABC",
        "123",
        "a1",
        "EX_1",
        "example-1",
        "1.0",
    ];
    std::iter::once(guess)
        .chain(CANDIDATES)
        .map(sized)
        .find(|s| re.is_match(s))
        .unwrap_or_else(|| sized(guess))
}

/// `start` moved into `[minimum, maximum]` (one step inside an exclusive
/// bound) and onto a multiple of `multipleOf`.
fn fit_number(start: f64, c: Option<&Constraints>, integer: bool) -> f64 {
    let Some(c) = c else { return start };
    let step = if integer { 1.0 } else { 0.5 };
    let mut v = start;
    if let Some(min) = c.minimum {
        let low = if c.exclusive_minimum { min + step } else { min };
        if v < low {
            v = if integer { low.ceil() } else { low };
        }
    }
    if let Some(max) = c.maximum {
        let high = if c.exclusive_maximum { max - step } else { max };
        if v > high {
            v = if integer { high.floor() } else { high };
        }
    }
    if let Some(m) = c.multiple_of.filter(|&m| m > 0.0) {
        let q = (v / m).ceil();
        v = q * m;
        if c.maximum.is_some_and(|max| v > max) {
            v -= m;
        }
    }
    v
}

/// The arguments a README shows for a call of `op`: a value for each
/// required parameter other than the idempotency key (by wire name, in spec
/// order) and, when the operation takes a body, the body with its required
/// fields.
#[derive(Debug, Clone, Default)]
pub struct CallExample {
    pub params: Vec<(String, Value)>,
    pub body: Option<Value>,
}

impl CallExample {
    /// The value given for the parameter `wire`, if it is required.
    pub fn param(&self, wire: &str) -> Option<&Value> {
        self.params.iter().find(|(n, _)| n == wire).map(|(_, v)| v)
    }
}

/// The example call of `op`; the same values in every language.
pub fn call_example(api: &Api, op: &Operation) -> CallExample {
    let sampler = Sampler { api, seq: 1 };
    let params = op
        .params
        .iter()
        .filter(|p| p.required && !p.is_idempotency_key)
        .map(|p| {
            let c = Some(&p.constraints).filter(|c| !c.is_empty());
            let v = sampler
                .make(&p.ty, Some(&p.name), None, c)
                .unwrap_or(Value::Null);
            (p.name.clone(), v)
        })
        .collect();
    let body = op.plan.body.as_ref().map(|b| match b.content.kind {
        BodyKind::Text => Value::String("example".to_string()),
        BodyKind::Binary => Value::String("example".to_string()),
        _ => sampler
            .make(&b.content.ty, None, None, None)
            .unwrap_or(Value::Object(Map::new())),
    });
    CallExample { params, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(c: Constraints) -> String {
        fit_string("example", Some(&c))
    }

    #[test]
    fn strings_meet_length_and_pattern() {
        assert_eq!(
            strings(Constraints {
                min_length: Some(10),
                ..Default::default()
            }),
            "exampleeee"
        );
        assert_eq!(
            strings(Constraints {
                max_length: Some(3),
                ..Default::default()
            }),
            "exa"
        );
        assert_eq!(
            strings(Constraints {
                pattern: Some("^[0-9]+$".into()),
                ..Default::default()
            }),
            "123"
        );
        assert_eq!(
            strings(Constraints {
                pattern: Some("^[A-Z]{3}$".into()),
                ..Default::default()
            }),
            "ABC"
        );
        // No candidate fits: the guess stays.
        assert_eq!(
            strings(Constraints {
                pattern: Some("^zz$".into()),
                ..Default::default()
            }),
            "example"
        );
    }

    #[test]
    fn numbers_meet_bounds_and_steps() {
        let c = |min: Option<f64>, max: Option<f64>, ex: bool, m: Option<f64>| Constraints {
            minimum: min,
            maximum: max,
            exclusive_minimum: ex,
            exclusive_maximum: ex,
            multiple_of: m,
            ..Default::default()
        };
        assert_eq!(
            fit_number(1.0, Some(&c(Some(5.0), None, false, None)), true),
            5.0
        );
        assert_eq!(
            fit_number(1.0, Some(&c(Some(5.0), None, true, None)), true),
            6.0
        );
        assert_eq!(
            fit_number(1.0, Some(&c(None, Some(0.0), true, None)), true),
            -1.0
        );
        assert_eq!(
            fit_number(1.0, Some(&c(None, None, false, Some(25.0))), true),
            25.0
        );
        assert_eq!(
            fit_number(1.5, Some(&c(None, Some(1.0), false, None)), false),
            1.0
        );
        assert_eq!(fit_number(1.0, None, true), 1.0);
    }
}
