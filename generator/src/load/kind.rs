//! What an OpenAPI node is, by where it stands: the one place that knows the
//! document's shape, so the bundler and the normaliser agree on where schemas are.

/// The role of a JSON node inside an OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Document,
    Paths,
    PathItem,
    PathItemMap,
    Operation,
    Parameter,
    ParameterList,
    ParameterMap,
    RequestBody,
    RequestBodyMap,
    Responses,
    Response,
    ResponseMap,
    MediaType,
    MediaTypeMap,
    Header,
    HeaderMap,
    Encoding,
    EncodingMap,
    Callback,
    CallbackMap,
    Components,
    Schema,
    SchemaMap,
    SchemaList,
    Example,
    ExampleMap,
    /// Literal data (examples, defaults, enum values): never holds references.
    Data,
    /// Anything else: references in it are followed but nothing is a schema.
    Other,
}

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

impl Kind {
    /// The kind of the child found under `key` of an object node of this kind.
    pub fn child(self, key: &str) -> Kind {
        use Kind::*;
        if key.starts_with("x-") && self != SchemaMap && self != Paths {
            return Other;
        }
        match self {
            Document => match key {
                "paths" => Paths,
                "webhooks" => PathItemMap,
                "components" => Components,
                _ => Other,
            },
            Paths | PathItemMap => {
                if key.starts_with("x-") {
                    Other
                } else {
                    PathItem
                }
            }
            PathItem => match key {
                k if METHODS.contains(&k) => Operation,
                "parameters" => ParameterList,
                _ => Other,
            },
            Operation => match key {
                "parameters" => ParameterList,
                "requestBody" => RequestBody,
                "responses" => Responses,
                "callbacks" => CallbackMap,
                _ => Other,
            },
            Parameter | Header => match key {
                "schema" => Schema,
                "content" => MediaTypeMap,
                "example" => Data,
                "examples" => ExampleMap,
                _ => Other,
            },
            ParameterMap | ParameterList => Parameter,
            RequestBody => match key {
                "content" => MediaTypeMap,
                _ => Other,
            },
            RequestBodyMap => RequestBody,
            Responses | ResponseMap => Response,
            Response => match key {
                "headers" => HeaderMap,
                "content" => MediaTypeMap,
                _ => Other,
            },
            MediaType => match key {
                "schema" => Schema,
                "example" => Data,
                "examples" => ExampleMap,
                "encoding" => EncodingMap,
                _ => Other,
            },
            MediaTypeMap => MediaType,
            HeaderMap => Header,
            Encoding => match key {
                "headers" => HeaderMap,
                _ => Other,
            },
            EncodingMap => Encoding,
            Callback => PathItem,
            CallbackMap => Callback,
            Components => match key {
                "schemas" => SchemaMap,
                "responses" => ResponseMap,
                "parameters" => ParameterMap,
                "requestBodies" => RequestBodyMap,
                "headers" => HeaderMap,
                "callbacks" => CallbackMap,
                "pathItems" => PathItemMap,
                "examples" => ExampleMap,
                _ => Other,
            },
            Schema => match key {
                "properties" | "patternProperties" | "$defs" | "definitions"
                | "dependentSchemas" => SchemaMap,
                "items"
                | "additionalProperties"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contains"
                | "propertyNames"
                | "unevaluatedProperties"
                | "unevaluatedItems"
                | "additionalItems" => Schema,
                "allOf" | "oneOf" | "anyOf" | "prefixItems" => SchemaList,
                "example" | "examples" | "default" | "enum" | "const" => Data,
                _ => Other,
            },
            SchemaMap | SchemaList => Schema,
            Example => match key {
                "value" => Data,
                _ => Other,
            },
            ExampleMap => Example,
            Data => Data,
            Other => Other,
        }
    }

    /// The kind of the elements of an array node of this kind.
    pub fn element(self) -> Kind {
        use Kind::*;
        match self {
            ParameterList => Parameter,
            SchemaList => Schema,
            // `items` given as an array (tuple form) holds schemas too.
            Schema => Schema,
            Data => Data,
            _ => Other,
        }
    }

    /// Whether a `$ref` here points at a schema (and so becomes a named type).
    pub fn is_schema(self) -> bool {
        self == Kind::Schema
    }
}
