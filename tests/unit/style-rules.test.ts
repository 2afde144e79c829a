// Every class a template writes has a style rule or is a declared hook (templates/style-hooks.ts),
// read from the sources: the class names written out in full in a className attribute, in any
// template. A name built at render time (`is-${state}`) is judged from the built pages instead
// (tests/integration/style-rules.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { projectRoot } from "../support/cli.ts";
import { classesInCss, isStyleHook } from "../support/style-classes.ts";

const templatesDir = join(projectRoot, "templates");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

/** The end of the string, template or braced expression that opens at `start`. */
function endOf(source: string, start: number): number {
  const open = source[start]!;
  const close = open === "{" ? "}" : open;
  let depth = 0;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") i++;
    else if (open === "{" && (c === '"' || c === "'" || c === "`")) i = endOf(source, i);
    else if (open === "`" && c === "$" && source[i + 1] === "{") i = endOf(source, i + 1);
    else if (open === "{" && c === "{") depth++;
    else if (c === close && depth-- === 0) return i;
  }
  return source.length;
}

/** The class names written out whole in a className value: a name that runs into `${…}` is built at render time. */
function wholeNames(value: string): string[] {
  const names: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c !== '"' && c !== "'" && c !== "`") continue;
    const end = endOf(value, i);
    const literal = value.slice(i + 1, end);
    i = end;
    if (c !== "`") {
      names.push(...literal.split(/\s+/));
      continue;
    }
    // Whole names lie between spaces in the text outside ${…}; the expressions inside count too.
    let text = "";
    for (let j = 0; j < literal.length; j++) {
      if (literal[j] === "$" && literal[j + 1] === "{") {
        const close = endOf(literal, j + 1);
        names.push(...wholeNames(literal.slice(j + 2, close)));
        text += "\u0000";
        j = close;
      } else text += literal[j];
    }
    names.push(...text.split(/\s+/).filter((n) => !n.includes("\u0000")));
  }
  return names.filter((n) => /^-?[_a-zA-Z][\w-]*$/.test(n));
}

/** Every class a rule of the templates' stylesheets names. */
const rules = new Set(
  files(templatesDir)
    .filter((f) => f.endsWith(".css"))
    .flatMap((f) => [...classesInCss(readFileSync(f, "utf8"))]),
);

function classesInTemplates(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(templatesDir).filter((f) => f.endsWith(".tsx"))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bclassName=/g)) {
      const start = match.index + match[0].length;
      const value = source.slice(start, endOf(source, start) + 1);
      for (const name of wholeNames(value)) if (!found.has(name)) found.set(name, relative(projectRoot, file));
    }
  }
  return found;
}

test("every class a template writes out has a rule in the templates' CSS or is a declared hook", () => {
  const used = classesInTemplates();
  expect(used.size, "the templates' classes are found").toBeGreaterThan(150);
  const bare = [...used].filter(([name]) => !rules.has(name) && !isStyleHook(name)).map(([n, f]) => `${n} (${f})`);
  expect(bare, "give these a rule beside their component, or list them in templates/style-hooks.ts").toEqual([]);
});

/** The class names the runtime writes as literals: `el.className = …;` and `classList.add(…)`, `.toggle(…)`, `.remove(…)`. */
function classesInRuntime(): Map<string, string> {
  const found = new Map<string, string>();
  const runtimeDir = join(projectRoot, "runtime");
  for (const file of files(runtimeDir).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(file, "utf8");
    const writes = [
      ...source.matchAll(/\.className\s*=([^;]*);/g),
      ...source.matchAll(/\.classList\.(?:add|toggle|remove)\(([^)]*)\)/g),
    ];
    for (const [, expression] of writes)
      for (const [, name] of expression!.matchAll(/["'`]([^"'`$]+)["'`]/g))
        for (const part of name!.split(/\s+/).filter(Boolean))
          if (!found.has(part)) found.set(part, relative(projectRoot, file));
  }
  return found;
}

test("every class the runtime writes has a rule in the templates' CSS or is a declared hook", () => {
  const used = classesInRuntime();
  expect([...used.keys()], "the runtime's classes are found").toEqual(expect.arrayContaining(["animated", "toast"]));
  const bare = [...used].filter(([name]) => !rules.has(name) && !isStyleHook(name)).map(([n, f]) => `${n} (${f})`);
  expect(bare, "give these a rule in templates/base.css, or list them in templates/style-hooks.ts").toEqual([]);
});

// biome-ignore-start lint/suspicious/noTemplateCurlyInString: the probes are className source text, ${…} and all
test("the scanner reads the names a className holds, whole names only", () => {
  const probe = (value: string) => wholeNames(value);
  expect(probe(`"card card--wide"`)).toEqual(["card", "card--wide"]);
  expect(probe("{`sale-item is-${item.state}`}")).toEqual(["sale-item"]);
  expect(probe('{open ? "menu is-open" : `menu ${x ? "a" : "b"}`}')).toEqual(["menu", "is-open", "a", "b", "menu"]);
});
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: end of the probes
