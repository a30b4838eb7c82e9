// Usage: node APP/commonjs-mirror.mjs NAME, a copy of this file in the
// project APP where the package NAME is installed (scripts/test-generated-
// node copies it there: a bare specifier resolves from the importing file).
// Every ES module of the package has a CommonJS module under cjs/ that loads
// and exports the same names, and require(NAME) from APP gives the names
// import(NAME) gives. Run it with --no-experimental-require-module too:
// require(NAME) then resolves to the CommonJS build, as on Node.js 20.0 to
// 20.18. Prints one line; exits non-zero on any difference.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const name = process.argv[2];
const app = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const root = join(app, "node_modules", name);

const names = (m) => JSON.stringify(Object.keys(m).sort());
const differ = [];

/** @param {string} dir */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory())
      return e.name === "cjs" && dir === root ? [] : modules(path);
    return e.name.endsWith(".js") ? [path] : [];
  });
}

const esmFiles = modules(root);
for (const file of esmFiles) {
  const rel = relative(root, file);
  const esm = await import(pathToFileURL(file).href);
  const cjs = require(join(root, "cjs", rel));
  if (names(esm) !== names(cjs)) differ.push(rel);
}
const viaRequire = require(name);
const viaImport = await import(name);
if (names(viaRequire) !== names(viaImport)) differ.push(`require("${name}")`);
const resolved = relative(root, require.resolve(name));
if (differ.length > 0) {
  console.error(
    `CommonJS exports differ from the ES modules': ${differ.join(", ")}`,
  );
  process.exit(1);
}
console.log(
  `   require ok (${process.features.require_module ? "require(esm)" : "no require(esm)"}: ${resolved}); ${esmFiles.length} modules mirrored in cjs/`,
);
