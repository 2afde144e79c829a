#!/usr/bin/env node
// Generates what the schemas derive, so that nothing derived is written by hand:
// - compiler/spec-types.ts from schemas/*.schema.json: the compiler's types and the schemas are
//   one source of truth;
// - in the schemas, what editors show: the ids the specs declare (region, product and page ids)
//   as enums, so the YAML language server completes them and flags a typo as it is typed, and a
//   sentence for every pattern instead of its regex.
// `npm run gen:types` writes them; `--check` fails when they are stale.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";
import { parse } from "yaml";

const root = fileURLToPath(new URL("..", import.meta.url));
const schemasDir = `${root}schemas/`;
const target = `${root}compiler/validate/spec-types.ts`;
const specsDir = `${root}specs/`;

/** What a value of each pattern looks like, in words: shown by editors instead of the regex. */
const patternMessages = {
  "\\S": "Write some text: it cannot be blank.",
  "^[a-z]{2}$": "A region code of two lowercase letters, declared in site.yaml (us, uk, eu, fr, de, jp, kr, cn).",
  "^[a-z][A-Za-z0-9]*$": "A product id from catalogue.yaml in lowerCamelCase, such as flagshipBumblebee.",
  "^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$":
    "A page id from pages.yaml: lowercase words joined by dashes, a child after a slash (where-to-buy/hongkong-macao).",
  "^[a-z0-9][a-z0-9-]*$": "Lowercase letters, digits and dashes, such as black-friday-2024.",
  "^[a-z][a-z0-9-]*$": "Lowercase letters, digits and dashes, starting with a letter.",
  "^[A-Za-z][A-Za-z0-9-]*$":
    "Letters, digits and dashes, starting with a letter (an element id such as special-offers).",
  "^#[A-Za-z][A-Za-z0-9-]*$": "An anchor of this page: # and an element id, such as #special-offers.",
  "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?)?":
    "A date (2024-12-09), a local time (2024-11-14T09:00) or an instant with an offset or zone (2025-04-28T15:00+08:00, 2024-11-14T09:00 Europe/Paris).",
  "^[a-z]{2}-[A-Z]{2}$": "A locale such as en-US: language, a dash, country.",
  "^[a-z]{2}(-[A-Z]{2})?$": "A language tag such as en or en-GB.",
  "^[A-Za-z_]+(/[A-Za-z_+-]+)*$": "An IANA time zone name such as Europe/Paris.",
  "^\\+[0-9 -]{6,}$": "A phone number in international form: +, country code, number.",
  "^[^/\\\\]+\\.pdf$": "A PDF file name, without folders: manual.pdf.",
  "^[0-9]+(\\.[0-9]+)? (KB|MB)$": "A file size such as 2.4 MB or 850 KB.",
  "^/[a-z0-9_/]*$": "A path on the API host, starting with /.",
  "^#[0-9a-fA-F]{6}$": "A colour as #rrggbb, such as #e60012.",
  "^[A-Za-z]+$": "Letters only (a design variant such as FathersDay).",
  "^[A-Za-z][A-Za-z0-9]*$": "Letters and digits, starting with a letter.",
  "^[a-zA-Z][a-zA-Z0-9]*$": "Letters and digits, starting with a letter.",
  "^[A-Za-z0-9_.-]+$": "Letters, digits, dots, dashes and underscores.",
};

/** The ids the specs declare, for the enums editors complete. */
function declaredIds() {
  const read = (file) => parse(readFileSync(specsDir + file, "utf8")) ?? {};
  const pages = [];
  const walk = (entries, prefix) => {
    for (const [key, page] of Object.entries(entries ?? {})) {
      pages.push(prefix + key);
      walk(page?.children, `${prefix}${key}/`);
    }
  };
  walk(read("pages.yaml").pages, "");
  const campaigns = readdirSync(`${specsDir}campaigns`)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
  return {
    regions: Object.keys(read("site.yaml").regions ?? {}),
    products: Object.keys(read("catalogue.yaml").products ?? {}),
    pages,
    campaigns,
  };
}

/** Every schema node, depth first. */
function forEachNode(node, visit) {
  if (Array.isArray(node)) node.forEach((n) => forEachNode(n, visit));
  else if (node && typeof node === "object") {
    visit(node);
    for (const value of Object.values(node)) forEachNode(value, visit);
  }
}

/** The schemas as editors get them: enums of the declared ids, a sentence for each pattern. */
export function editorSchemas() {
  const ids = declaredIds();
  const out = new Map();
  for (const file of readdirSync(schemasDir).sort()) {
    if (!file.endsWith(".schema.json")) continue;
    const schema = JSON.parse(readFileSync(schemasDir + file, "utf8"));
    forEachNode(schema, (node) => {
      if (typeof node["x-enum-from"] === "string") node.enum = ids[node["x-enum-from"]];
      if (typeof node.pattern === "string") {
        const message = patternMessages[node.pattern];
        if (!message)
          throw new Error(
            `${file}: no words for the pattern ${node.pattern}: add them to patternMessages in bin/gen-types.js`,
          );
        node.patternErrorMessage = message;
      }
    });
    out.set(file, JSON.stringify(schema, null, 2) + "\n");
  }
  return out;
}

/** A schema without the enums of declared ids: the compiler checks ids in link, with "did you mean". */
function withoutIdEnums(schema) {
  forEachNode(schema, (node) => {
    if (typeof node["x-enum-from"] === "string") delete node.enum;
  });
  return schema;
}

export async function generate() {
  const parts = ["// Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit: change the schema.\n"];
  const seen = new Set();
  // The compiler's types say string for an id, as the compiler reads any spec folder: the schemas
  // are read without the enums of this one's ids, $refs included, from a copy.
  const plain = mkdtempSync(join(tmpdir(), "site-schemas-"));
  const files = readdirSync(schemasDir)
    .filter((file) => file.endsWith(".schema.json"))
    .sort();
  for (const file of files)
    writeFileSync(
      join(plain, file),
      JSON.stringify(withoutIdEnums(JSON.parse(readFileSync(schemasDir + file, "utf8")))),
    );
  for (const file of files) {
    if (file === "common.schema.json") continue;
    const schema = JSON.parse(readFileSync(join(plain, file), "utf8"));
    const ts = await compile(schema, schema.title, {
      cwd: plain,
      bannerComment: "",
      additionalProperties: false,
      declareExternallyReferenced: true,
      format: true,
      style: { printWidth: 120 },
      unknownAny: true,
      ignoreMinAndMaxItems: true,
    });
    // Shared definitions are emitted once per schema that uses them; keep the first.
    for (const block of ts.split(/\n(?=export )/)) {
      const name = /^export (?:interface|type) (\w+)/.exec(block.trim())?.[1];
      if (name && seen.has(name)) continue;
      if (name) seen.add(name);
      parts.push(block.trim() + "\n");
    }
  }
  rmSync(plain, { recursive: true, force: true });
  return parts.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = await generate();
  const schemas = editorSchemas();
  const stale = [
    ...(readFileSync(target, "utf8") === code ? [] : ["compiler/validate/spec-types.ts"]),
    ...[...schemas]
      .filter(([file, text]) => readFileSync(schemasDir + file, "utf8") !== text)
      .map(([file]) => `schemas/${file}`),
  ];
  if (process.argv.includes("--check")) {
    if (stale.length) {
      console.error(`${stale.join(", ")} ${stale.length === 1 ? "is" : "are"} out of date: run npm run gen:types`);
      process.exit(1);
    }
  } else {
    writeFileSync(target, code);
    for (const [file, text] of schemas) writeFileSync(schemasDir + file, text);
    console.log(stale.length ? `wrote ${stale.join(", ")}` : "everything generated was up to date");
  }
}
