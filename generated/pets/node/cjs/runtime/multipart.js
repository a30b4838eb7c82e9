"use strict";
// `multipart/form-data` bodies, written as runtime/WIRE.md section 4 says:
// one part per property in the order of the schema, scalars as their text
// without a Content-Type (unless the encoding declares one), objects as
// compact JSON, arrays as one part per item (or one JSON part where the
// encoding declares a JSON type), files with a file name.
//
// The body is a Blob made of the parts (a file the caller passes as a Blob
// goes in as it is, unread: one from `fs.openAsBlob` streams from disk),
// typed `multipart/form-data; boundary=...`: the runtime sends that type as
// the Content-Type, and the Blob's size as the Content-Length. A file that
// is a stream or an async iterable makes the body an UploadBody instead,
// streamed (chunked) and read once. FormData cannot say what WIRE.md asks
// (it would send every typed part as a file named "blob").
const { InvalidArgumentError } = require("./errors.js");
const { NamedStream, UploadBody, isFileValue } = require("./files.js");
const {
  isJsonMediaType,
  isUndefinedValue,
  jsonText,
  queryParam,
  textOf,
} = require("./encoding.js");

const encoder = new TextEncoder();

/** `"`, line feed and carriage return in a name or file name, escaped. */
function quoted(name) {
  return name.replace(/"/g, "%22").replace(/\n/g, "%0A").replace(/\r/g, "%0D");
}

function isBinary(v) {
  return isFileValue(v);
}

function isStructured(v) {
  return (
    v !== null && typeof v === "object" && !(v instanceof Date) && !isBinary(v)
  );
}

/**
 * The first concrete media type of an encoding's `contentType` (a list such
 * as `image/png, image/jpeg` allowed), or undefined when none is concrete.
 */
function concreteMediaType(contentType) {
  if (typeof contentType !== "string") return undefined;
  for (const item of contentType.split(",")) {
    const t = item.trim();
    const essence = t.split(";", 1)[0].trim();
    if (essence !== "" && !essence.includes("*")) return t;
  }
  return undefined;
}

/** A random boundary, lower case (a Blob's type is lower-cased). */
function boundary() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sdkgen-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A `multipart/form-data` body from the body's value (wire names) and its
 * parts' rows `[name, contentType?, style?, explode?]` in the order of the
 * schema, where contentType and style are what the spec's `encoding`
 * declares (a declared style writes the property as the fields a form body
 * would carry, one text part each: `file_link_data[create]`); the value's other
 * properties follow in its order. Returns a Blob whose `type` is the body's
 * Content-Type, boundary included (an UploadBody of that type when a file
 * is a stream, read once); undefined when there is no value (an optional
 * body not given is no body).
 * @param {Record<string, unknown> | null | undefined} value
 * @param {readonly (readonly [string, (string | null)?, string?, boolean?])[]} [parts]
 * @returns {Blob | UploadBody | undefined}
 */
function multipartBody(value, parts = []) {
  if (value === undefined || value === null) return undefined;
  if (!isStructured(value) || Array.isArray(value)) {
    throw new InvalidArgumentError("a multipart body must be an object");
  }
  const declared = new Map();
  const styled = new Map();
  const order = [];
  for (const [name, contentType, style, explode] of parts) {
    if (!declared.has(name)) order.push(name);
    declared.set(name, contentType ?? undefined);
    if (typeof style === "string")
      styled.set(name, { style, explode: explode ?? style === "form" });
  }
  for (const name of Object.keys(value)) {
    if (!declared.has(name)) order.push(name);
  }
  const chunks = [];
  let oneShot = false;
  const b = boundary();
  const head = (name, filename, type) => {
    let h = `--${b}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
    if (filename !== undefined) h += `; filename="${quoted(filename)}"`;
    h += "\r\n";
    if (type !== undefined) h += `Content-Type: ${type}\r\n`;
    return `${h}\r\n`;
  };
  const part = (name, item, contentType) => {
    const what = `multipart part ${name}`;
    if (isBinary(item)) {
      // A File's or toFile's name, else the property's; the caller's or a
      // Blob's type, else the declared one, else octet-stream.
      const named = item instanceof File || item instanceof NamedStream;
      const filename = named && item.name !== "" ? item.name : name;
      const own =
        item instanceof Blob || item instanceof NamedStream ? item.type : "";
      const type =
        (own !== "" ? own : undefined) ??
        concreteMediaType(contentType) ??
        "application/octet-stream";
      let content = item;
      if (isBytes(item)) content = new Uint8Array(bytesOf(item));
      else if (!(item instanceof Blob)) oneShot = true;
      chunks.push(head(name, filename, type), content, "\r\n");
    } else if (isStructured(item)) {
      const type = isJsonMediaType(contentType)
        ? concreteMediaType(contentType)
        : "application/json";
      chunks.push(head(name, undefined, type), jsonText(item, what), "\r\n");
    } else {
      chunks.push(
        head(name, undefined, concreteMediaType(contentType)),
        textOf(item, what),
        "\r\n",
      );
    }
  };
  for (const name of order) {
    if (!Object.hasOwn(value, name)) continue;
    const v = value[name];
    // (A stream is a file, however empty an object it looks.)
    if (!isBinary(v) && isUndefinedValue(v)) continue;
    const contentType = declared.get(name);
    const how = styled.get(name);
    if (how !== undefined && !isBinary(v)) {
      // A declared style: the fields a form would carry, one text part each.
      const pieces = queryParam(name, v, how);
      for (const piece of pieces === "" ? [] : pieces.split("&")) {
        const eq = piece.indexOf("=");
        const field = decodeURIComponent(piece.slice(0, eq));
        chunks.push(
          head(field, undefined, undefined),
          decodeURIComponent(piece.slice(eq + 1)),
          "\r\n",
        );
      }
    } else if (Array.isArray(v) && !isJsonMediaType(contentType)) {
      for (const item of v) {
        if (item !== undefined && item !== null) part(name, item, contentType);
      }
    } else {
      part(name, v, contentType);
    }
  }
  chunks.push(`--${b}--\r\n`);
  const pieces = chunks.map((c) =>
    typeof c === "string" ? encoder.encode(c) : c,
  );
  const type = `multipart/form-data; boundary=${b}`;
  return oneShot ? new UploadBody(pieces, type) : new Blob(pieces, { type });
}

function isBytes(v) {
  return v instanceof ArrayBuffer || ArrayBuffer.isView(v);
}

function bytesOf(v) {
  if (v instanceof ArrayBuffer) return v;
  return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
}

module.exports = {
  concreteMediaType,
  multipartBody,
};
