import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest journeys start first. On a clean clone vitest has no durations yet and starts the
 * biggest files first; a11y.e2e.ts is small but the longest (every menu screen of five accounts),
 * so it started near the end (at 296 s of a 470 s run here; it took 253 s on CI). Durations below
 * measured on a 2-core VM, 2026-12-06; a file not named keeps vitest's order.
 */
const longestFirst = [
  'a11y.e2e.ts', // 124 s
  'shell-first-run.e2e.ts', // 84 s
  'shell.e2e.ts', // 63 s
  'csp.e2e.ts', // 49 s
  'shell-safety.e2e.ts', // 38 s
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = longestFirst.indexOf(basename(f.moduleId));
      return i < 0 ? longestFirst.length : i;
    };
    // Array.prototype.sort is stable: files not named keep vitest's order after the named ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
