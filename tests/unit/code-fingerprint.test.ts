// The code fingerprint keys the bundle cache and the build record (compiler/fingerprint.ts): a
// long-lived process (site dev, a test worker) must see an edit made to the code under it, or it
// files a bundle of the new code under the old code's key and later builds take it.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { codeFingerprint } from "../../compiler/fingerprint.ts";

const project = mkdtempSync(join(tmpdir(), "site-fingerprint-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

test("an edit to the code changes the fingerprint in the same process; touching a file does not", () => {
  const root = join(project, "edited");
  const template = join(root, "templates", "Home.tsx");
  mkdirSync(join(root, "templates"), { recursive: true });
  writeFileSync(template, "export const Home = () => <h1>Shop</h1>;\n");
  const before = codeFingerprint(root);

  // Same size, later time: only the contents tell the two apart.
  writeFileSync(template, "export const Home = () => <h2>Shop</h2>;\n");
  utimesSync(template, new Date(), new Date(Date.now() + 5_000));
  const edited = codeFingerprint(root);
  expect(edited).not.toBe(before);

  writeFileSync(template, "export const Home = () => <h1>Shop</h1>;\n");
  utimesSync(template, new Date(), new Date(Date.now() + 10_000));
  expect(codeFingerprint(root)).toBe(before);

  writeFileSync(join(root, "templates", "Sale.tsx"), "export const Sale = () => null;\n");
  expect(codeFingerprint(root)).not.toBe(before);
});

test("a copy of the project elsewhere has the same fingerprint", () => {
  const [one, two] = ["a", "b"].map((name) => {
    const root = join(project, name);
    mkdirSync(join(root, "templates"), { recursive: true });
    writeFileSync(join(root, "templates", "Home.tsx"), "export const Home = () => <h1>Shop</h1>;\n");
    return root;
  });
  expect(codeFingerprint(one)).toBe(codeFingerprint(two));
});

test("a fingerprint of some code folders changes with their files only", () => {
  const root = join(project, "folders");
  for (const folder of ["compiler", "templates"]) mkdirSync(join(root, folder), { recursive: true });
  const rule = join(root, "compiler", "rule.ts");
  const template = join(root, "templates", "Home.tsx");
  writeFileSync(rule, "export const limit = 1;\n");
  writeFileSync(template, "export const Home = () => <h1>Shop</h1>;\n");
  const compilerOnly = codeFingerprint(root, ["compiler"]);
  const whole = codeFingerprint(root);

  // A template edit: the whole code's fingerprint changes, the compiler's does not.
  writeFileSync(template, "export const Home = () => <h2>Shop</h2>;\n");
  utimesSync(template, new Date(), new Date(Date.now() + 5_000));
  expect(codeFingerprint(root, ["compiler"])).toBe(compilerOnly);
  expect(codeFingerprint(root)).not.toBe(whole);

  writeFileSync(rule, "export const limit = 2;\n");
  utimesSync(rule, new Date(), new Date(Date.now() + 5_000));
  expect(codeFingerprint(root, ["compiler"])).not.toBe(compilerOnly);
});
