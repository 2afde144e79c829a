// A page's meta description is held to what a search result shows of it in its own script: 20 to
// 200 characters in Latin letters, 10 to 100 in Chinese, Japanese and Korean, whose characters
// each carry more and are drawn wider. One of the real pages, its description rewritten.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { position } from "../../cli/print/diagnostics.ts";
import { check } from "../../compiler/pipeline.ts";
import { realSpecsCopy } from "../support/spec-edits.ts";

const { root, specsDir, originals, cleanup } = realSpecsCopy();
afterAll(cleanup);

/** The problems site check finds with login.yaml's description in `language` replaced by `description`. */
function problemsWith(language: string, description: string) {
  const file = "content/login.yaml";
  const text = originals.get(file)!;
  const line = new RegExp(`(^ {2}${language}:\\n(?: {4}.*\\n)*? {4}description: ).*$`, "m");
  expect(text).toMatch(line);
  writeFileSync(join(specsDir, file), text.replace(line, `$1${JSON.stringify(description)}`));
  try {
    const result = check(specsDir, root);
    return result.diagnostics.map((d) => {
      const { file: at, message } = position(d, result.sources);
      return `${d.code} ${at} ${message}`;
    });
  } finally {
    writeFileSync(join(specsDir, file), originals.get(file)!);
  }
}

test.for([
  ["zh", 13, "登录并管理您的订单与积分。"],
  ["ja", 16, "ログインして注文を管理できます。"],
  ["ko", 16, "로그인하고 주문을 관리하세요."],
  ["en", 29, "Log in to manage your orders."],
] as const)("a %s description of %i characters passes", ([language, length, description]) => {
  expect([...description]).toHaveLength(length);
  expect(problemsWith(language, description)).toEqual([]);
});

test.for([
  ["zh", "登录您的账户。", /at least 10/],
  ["ja", "ログインや会員登録の案内。".repeat(8), /at most 100/],
  ["en", "Log in here.", /at least 20/],
  ["de", "Melden Sie sich an.", /at least 20/],
] as const)("a %s description out of its script's bounds is an error at it", ([language, description, says]) => {
  const found = problemsWith(language, description);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^\S+ specs\/content\/login\.yaml /);
  expect(found[0]).toMatch(says);
});

test("the real pages' descriptions are within their bounds", () => {
  const descriptions = readFileSync(join(specsDir, "content/login.yaml"), "utf8").match(/description: /g);
  expect(descriptions).toHaveLength(6);
  expect(check(specsDir, root).diagnostics).toEqual([]);
});
