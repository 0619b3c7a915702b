import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Journeys retry once (vitest.config.ts). A journey that passed only on its retry is written to
 * FLAKY_REPORT (scripts/test.mjs prints the file at the end of `npm test`), so a flake is seen
 * and fixed rather than hidden by the retry.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const file = process.env.FLAKY_REPORT;
    if (!file || !testCase.diagnostic()?.flaky) return;
    // Four lines: Playwright names the locator it waited for on the lines after the first.
    const errors = (testCase.result().errors ?? []).map((e) =>
      String(e.message).split('\n').filter(Boolean).slice(0, 4).join('\n    '),
    );
    appendFileSync(
      file,
      `${testCase.module.moduleId} > ${testCase.fullName}\n${errors.map((e) => `    ${e}\n`).join('')}`,
    );
  }
}
