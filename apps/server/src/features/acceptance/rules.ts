import { ACCEPTANCE_STUMP_LIMIT_CM, reconcileTables } from '@pineguard/contract';

/**
 * The acceptance rules, pure: how many of a stratum are drawn, and whether a check passes.
 * Tested by rules.unit.test.ts; docs/acceptance.md states them for users.
 */

/**
 * ceil(share × size) records of a stratum of `size`, share in percent (0 < share ≤ 100): a
 * section with any approved record gets at least one check. The product is rounded to 1e-9 first
 * so that 10 % of 30 is 3, not 4 (0.1 × 30 is 3.0000000000000004 in binary).
 */
export function stratumTake(size: number, sharePct: number): number {
  const exact = Math.round(((size * sharePct) / 100) * 1e9) / 1e9;
  return Math.min(size, Math.ceil(exact));
}

export type CheckAnswers = {
  found: boolean;
  stumpCm: number | null;
  covered: boolean | null;
  branches: boolean | null;
  disposal: boolean | null;
};

/**
 * Why a check fails (keys of the contract's acceptanceReasonLabels), empty when it passes. A
 * record not found fails on that alone. A felling must show a stump at most the limit, covered
 * or treated, its branches treated and the disposal verified; a burn record its disposal.
 */
export function failReasons(tableCode: string, a: CheckAnswers): string[] {
  if (!a.found) return ['notFound'];
  const reasons: string[] = [];
  if (tableCode === reconcileTables.felling) {
    if (a.stumpCm === null) reasons.push('stumpMissing');
    else if (a.stumpCm > ACCEPTANCE_STUMP_LIMIT_CM) reasons.push('stumpHigh');
    if (a.covered !== true) reasons.push('notCovered');
    if (a.branches !== true) reasons.push('branches');
  }
  if (a.disposal !== true) reasons.push('disposal');
  return reasons;
}

const TWO_64 = 2n ** 64n;
const MIN_KEY = -(2n ** 63n);

/**
 * The key below which a section's `take` smallest keys surely lie (keys are 64-bit hashes,
 * uniform over [-2^63, 2^63)): the quantile take/size raised by five standard deviations of a
 * binomial count and 5/size, so fewer than `take` fall below it with a chance near 1e-6 (the
 * draw then redoes that section without a bound). null when the bound would cover everything.
 */
export function keyBound(size: number, take: number): bigint | null {
  const p = take / size;
  const q = p + 5 * Math.sqrt((p * (1 - p)) / size) + 5 / size;
  if (q >= 1) return null;
  return MIN_KEY + (TWO_64 * BigInt(Math.ceil(q * 1e9))) / 1_000_000_000n;
}
