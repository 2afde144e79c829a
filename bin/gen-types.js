#!/usr/bin/env node
// Generates compiler/spec-types.ts from schemas/*.schema.json, so the compiler's types and the
// schemas are one source of truth. `npm run gen:types` writes it; `--check` fails when it is stale.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const schemasDir = `${root}schemas/`;
const target = `${root}compiler/spec-types.ts`;

export async function generate() {
  const parts = [
    "// Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit: change the schema.\n",
  ];
  const seen = new Set();
  for (const file of readdirSync(schemasDir).sort()) {
    if (!file.endsWith(".schema.json") || file === "common.schema.json") continue;
    const schema = JSON.parse(readFileSync(schemasDir + file, "utf8"));
    const ts = await compile(schema, schema.title, {
      cwd: schemasDir,
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
  return parts.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = await generate();
  if (process.argv.includes("--check")) {
    const current = readFileSync(target, "utf8");
    if (current !== code) {
      console.error("compiler/spec-types.ts is out of date: run npm run gen:types");
      process.exit(1);
    }
  } else {
    writeFileSync(target, code);
    console.log("wrote compiler/spec-types.ts");
  }
}
