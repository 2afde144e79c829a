// A page's meta description is held to what a search result shows of it in its own script: 20 to
// 200 characters in Latin letters, 10 to 100 in Chinese, Japanese and Korean, whose characters
// each carry more and are drawn wider. One of the real pages, its description rewritten.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { position } from "../../cli/print/diagnostics.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { realSpecsCopy } from "../support/spec-edits.ts";

const { root, specsDir, originals, cleanup } = realSpecsCopy();
afterAll(cleanup);
// The files no case edits are parsed once for all of them, as site dev keeps them; login.yaml,
// which each case edits and puts back, is dropped from it around each check.
const loaded: LoadCache = new Map();
const loginFile = "content/login.yaml";
const login = join(specsDir, loginFile);

/** The problems site check finds with login.yaml's description in `language` replaced by `description`. */
function problemsWith(language: string, description: string) {
  const text = originals.get(loginFile)!;
  const line = new RegExp(`(^ {2}${language}:\\n(?: {4}.*\\n)*? {4}description: ).*$`, "m");
  expect(text).toMatch(line);
  writeFileSync(login, text.replace(line, `$1${JSON.stringify(description)}`));
  loaded.delete(login);
  try {
    const result = check(specsDir, root, { cache: loaded });
    return result.diagnostics.map((d) => {
      const { file: at, message } = position(d, result.sources);
      return `${d.code} ${at} ${message}`;
    });
  } finally {
    writeFileSync(login, text);
    loaded.delete(login);
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
  const descriptions = readFileSync(login, "utf8").match(/description: /g);
  expect(descriptions).toHaveLength(6);
  expect(check(specsDir, root, { cache: loaded }).diagnostics).toEqual([]);
});
