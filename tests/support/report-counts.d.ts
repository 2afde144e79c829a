interface TestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

/** Passed, failed and skipped tests of a vitest JSON report, tests a failing file kept from running counted as failed. */
export function reportCounts(report: TestReport): { passed: number; failed: number; skipped: number };
