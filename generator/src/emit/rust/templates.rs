//! The askama templates of the Rust SDK (`templates/rust/`) and the filters
//! through which spec text reaches them.

use askama::Template;

use super::views::{
    ClientView, ExampleFnView, GroupView, ModelView, OpView, PackageView, ReadmeView,
};

/// Escaping filters. Every string that comes from the spec is written with
/// one of these; see `escape.rs` for what each guarantees.
mod filters {
    use super::super::escape;

    /// `///` doc comment lines, indented by `indent` spaces.
    #[askama::filter_fn]
    pub fn doc<T: std::fmt::Display>(
        text: T,
        _: &dyn askama::Values,
        indent: usize,
    ) -> askama::Result<String> {
        Ok(escape::doc_comment(&text.to_string(), indent))
    }

    /// `//!` inner doc comment lines.
    #[askama::filter_fn]
    pub fn inner_doc<T: std::fmt::Display>(
        text: T,
        _: &dyn askama::Values,
    ) -> askama::Result<String> {
        Ok(escape::inner_doc_comment(&text.to_string()))
    }

    /// A Rust string literal.
    #[askama::filter_fn]
    pub fn lit<T: std::fmt::Display>(text: T, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(escape::string_literal(&text.to_string()))
    }

    /// A TOML basic string.
    #[askama::filter_fn]
    pub fn toml<T: std::fmt::Display>(text: T, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::toml_string(&text.to_string()))
    }

    /// Markdown prose on one line.
    #[askama::filter_fn]
    pub fn md<T: std::fmt::Display>(text: T, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_inline(&text.to_string()))
    }

    /// A block of Markdown prose.
    #[askama::filter_fn]
    pub fn md_block<T: std::fmt::Display>(
        text: T,
        _: &dyn askama::Values,
    ) -> askama::Result<String> {
        Ok(crate::escape::md_block(&text.to_string()))
    }

    /// `head name {`, laid out as rustfmt does (`layout::item_head`).
    #[askama::filter_fn]
    pub fn item<T: std::fmt::Display>(
        name: T,
        _: &dyn askama::Values,
        head: &str,
    ) -> askama::Result<String> {
        Ok(super::super::layout::item_head(&format!("{head} {name}")))
    }

    /// `impl trait_ for name {`, laid out as rustfmt does.
    #[askama::filter_fn]
    pub fn impl_for<T: std::fmt::Display>(
        name: T,
        _: &dyn askama::Values,
        trait_: &str,
    ) -> askama::Result<String> {
        Ok(super::super::layout::impl_for(trait_, &name.to_string()))
    }

    /// `pub type name = target;`, laid out as rustfmt does.
    #[askama::filter_fn]
    pub fn alias<T: std::fmt::Display>(
        name: T,
        _: &dyn askama::Values,
        target: &str,
    ) -> askama::Result<String> {
        Ok(super::super::layout::type_alias(&name.to_string(), target))
    }

    /// Markdown inline code.
    #[askama::filter_fn]
    pub fn code<T: std::fmt::Display>(text: T, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_code(&text.to_string()))
    }
}

#[derive(Template)]
#[template(path = "rust/Cargo.toml.txt", escape = "none")]
pub struct CargoToml<'a> {
    pub p: &'a PackageView,
}

#[derive(Template)]
#[template(path = "rust/lib.rs.txt", escape = "none")]
pub struct LibRs<'a> {
    pub p: &'a PackageView,
    pub c: &'a ClientView,
}

/// The head of `src/models.rs`.
#[derive(Template)]
#[template(path = "rust/models.rs.txt", escape = "none")]
pub struct ModelsRs {
    pub uses_hash_map: bool,
    /// Some types compile only with some features: an import may go unused.
    pub gated: bool,
}

/// One type of `src/models.rs`.
#[derive(Template)]
#[template(path = "rust/model.rs.txt", escape = "none")]
pub struct ModelRs<'a> {
    pub m: &'a ModelView,
}

/// The end of `src/models.rs` when it has a tagged union.
#[derive(Template)]
#[template(path = "rust/models_end.rs.txt", escape = "none")]
pub struct ModelsEndRs {
    /// The helper's `#[cfg]` line: the features of the tagged unions.
    pub gate: String,
}

#[derive(Template)]
#[template(path = "rust/group.rs.txt", escape = "none")]
pub struct GroupRs<'a> {
    pub g: &'a GroupView,
}

#[derive(Template)]
#[template(path = "rust/operation.rs.txt", escape = "none")]
pub struct OperationRs<'a> {
    pub op: &'a OpView,
}

#[derive(Template)]
#[template(path = "rust/README.md.txt", escape = "none")]
pub struct ReadmeMd<'a> {
    pub p: &'a PackageView,
    pub r: &'a ReadmeView,
}

#[derive(Template)]
#[template(path = "rust/example.rs.txt", escape = "none")]
pub struct ExampleRs<'a> {
    pub r: &'a ReadmeView,
}

/// A function of the README's example.
#[derive(Template)]
#[template(path = "rust/example_fn.rs.txt", escape = "none")]
pub struct ExampleFnRs<'a> {
    pub f: &'a ExampleFnView,
}

/// The example's imports and `main`: the README's quick start.
#[derive(Template)]
#[template(path = "rust/example_main.rs.txt", escape = "none")]
pub struct ExampleMainRs<'a> {
    pub crate_ident: &'a str,
    pub uses_models: bool,
    /// `let client = ..;`, laid out.
    pub quick_start: &'a str,
    /// Which example functions `main` calls.
    pub keyed: bool,
    pub deadline: bool,
    pub pager: bool,
    pub documented_error: bool,
}

/// One README block as a complete program: the imports, a `main` that
/// builds the client and runs `statements`, then the `functions` it calls.
#[derive(Template)]
#[template(path = "rust/program.rs.txt", escape = "none")]
pub struct ProgramRs<'a> {
    pub crate_ident: &'a str,
    pub uses_models: bool,
    /// `let client = ..;`, laid out.
    pub quick_start: &'a str,
    /// The statements after it, each laid out at its indentation.
    pub statements: Vec<String>,
    pub functions: Vec<&'a str>,
}

/// `let body = ..;` of an example: a value of a body's model, its required
/// fields set.
#[derive(Template)]
#[template(path = "rust/body_literal.rs.txt", escape = "none")]
pub struct BodyLiteralRs<'a> {
    pub ident: &'a str,
    /// The required fields and their example values.
    pub fields: Vec<(String, String)>,
    /// Whether the model has other fields (left at their defaults).
    pub rest: bool,
    /// The fields fit on the statement's line (rustfmt's `struct_lit_width`).
    pub one_line: bool,
}
