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
