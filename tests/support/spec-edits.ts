// What the property tests do to spec files: a copy of the real specs to edit, the edits a
// campaign manager's typing might make, and fragments that stress YAML and the rules. Shared by
// the parser's properties (tests/unit/load-fast-path.test.ts) and the fuzzing of site check
// (tests/integration/check-property.test.ts).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import { projectRoot } from "./cli.ts";
import { settleTree } from "./file-times.ts";

export function specFiles(dir: string, top = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? specFiles(path, top) : [relative(top, path)];
  });
}

/** A temporary copy of the real specs, its files (sorted) and their original texts. */
export function realSpecsCopy() {
  const root = mkdtempSync(join(tmpdir(), "site-fuzz-"));
  const specsDir = join(root, "specs");
  cpSync(join(projectRoot, "specs"), specsDir, { recursive: true });
  settleTree(specsDir);
  const files = specFiles(specsDir).sort();
  const originals = new Map(files.map((f) => [f, readFileSync(join(specsDir, f), "utf8")]));
  return { root, specsDir, files, originals, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

// Fragments that stress YAML and the rules: structure, anchors, tags, odd scalars, links, times.
export const fragment = fc.oneof(
  fc.constantFrom(
    "~",
    "[",
    "]",
    "{",
    "}",
    ":",
    "- ",
    "? ",
    "'",
    '"',
    "\t",
    "#",
    "&a ",
    "*a",
    "!!binary ",
    "!!str ",
    "<<: *a",
    "1e999",
    "-1",
    "0x1F",
    ".nan",
    "javascript:alert(1)",
    "http://x.example",
    "/:region/x",
    "2025-01-01T00:00",
    "2025-13-45T99:99+08:00",
    "2024-03-31T02:30 Europe/Paris",
    "null",
    "true",
    "\u0000",
    "\uFEFF",
    "💥",
    "\r\n",
    "\n  ",
    "    ",
  ),
  fc.string({ maxLength: 12 }),
);

/** An edit of one of `files`. */
export const editOf = (files: string[]) =>
  fc.record({
    file: fc.constantFrom(...files),
    kind: fc.constantFrom("insert", "delete-line", "duplicate-line", "replace-value", "truncate"),
    at: fc.nat(),
    text: fragment,
  });

export function applyEdit(text: string, e: { kind: string; at: number; text: string }): string {
  const lines = text.split("\n");
  const n = e.at % Math.max(1, lines.length);
  switch (e.kind) {
    case "insert": {
      const offset = e.at % (text.length + 1);
      return text.slice(0, offset) + e.text + text.slice(offset);
    }
    case "delete-line":
      return [...lines.slice(0, n), ...lines.slice(n + 1)].join("\n");
    case "duplicate-line":
      return [...lines.slice(0, n + 1), ...lines.slice(n)].join("\n");
    case "replace-value":
      lines[n] = (lines[n] ?? "").replace(/:\s.*$/, `: ${e.text}`);
      return lines.join("\n");
    default:
      return text.slice(0, e.at % (text.length + 1));
  }
}

/** The "billion laughs" shape: each level a list of `fanOut` aliases of the level below. */
export function nestedAliases(levels: number, fanOut: number): string {
  const lines = ["l0: &l0 [lol]"];
  for (let l = 1; l <= levels; l++)
    lines.push(`l${l}: &l${l} [${Array.from({ length: fanOut }, () => `*l${l - 1}`).join(", ")}]`);
  return `${lines.join("\n")}\n`;
}
