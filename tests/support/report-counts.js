// What the suite's closing line counts, from vitest's JSON report (tests/run.js): CI reads that
// line, not vitest's own summary.

/**
 * Passed, failed and skipped tests. A file that fails outside its tests (a beforeAll that throws,
 * an import that does) has its tests reported as skipped, not failed, and vitest's count of
 * failed tests leaves it out: each test it kept from running counts as failed here, and such a
 * file that kept none from running (an afterAll that throws, a file that never got to collect its
 * tests) as one.
 */
export function reportCounts(report) {
  const failedOutsideTests = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  const keptFromRunning = failedOutsideTests.reduce(
    (sum, file) => sum + file.assertionResults.filter((test) => test.status !== "passed").length,
    0,
  );
  const keptNone = failedOutsideTests.filter((file) => file.assertionResults.every((test) => test.status === "passed"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + keptFromRunning + keptNone.length,
    skipped: report.numPendingTests + report.numTodoTests - keptFromRunning,
  };
}
