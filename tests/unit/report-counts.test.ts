// The suite's closing line, which CI reads: a file that fails outside its tests must not read as
// "0 failed" (its tests are reported as skipped).
import { expect, test } from "vitest";
import { reportCounts } from "../support/report-counts.js";

const file = (status: string, tests: string[]) => ({ status, assertionResults: tests.map((s) => ({ status: s })) });
const report = (files: ReturnType<typeof file>[]) => {
  const all = files.flatMap((f) => f.assertionResults);
  const count = (s: string) => all.filter((t) => t.status === s).length;
  return {
    numPassedTests: count("passed"),
    numFailedTests: count("failed"),
    numPendingTests: count("skipped") + count("pending"),
    numTodoTests: count("todo"),
    testResults: files,
  };
};

test("tests that fail and tests skipped on purpose count as such", () => {
  const counts = reportCounts(report([file("failed", ["passed", "failed", "skipped"]), file("passed", ["passed"])]));
  expect(counts).toEqual({ passed: 2, failed: 1, skipped: 1 });
});

test("the tests of a file whose beforeAll threw count as failed, not skipped", () => {
  // As vitest reports it: the file failed, its tests skipped, no test failed.
  const counts = reportCounts(report([file("failed", ["skipped", "skipped"]), file("passed", ["passed"])]));
  expect(counts).toEqual({ passed: 1, failed: 2, skipped: 0 });
});

test("a file that failed with every test passed (an afterAll) or none collected (an import) counts once", () => {
  const counts = reportCounts(report([file("failed", ["passed"]), file("failed", []), file("passed", ["passed"])]));
  expect(counts).toEqual({ passed: 2, failed: 2, skipped: 0 });
});
