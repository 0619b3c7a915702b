import { ACCEPTANCE_STUMP_LIMIT_CM, reconcileTables } from '@pineguard/contract';

/**
 * The acceptance rules, pure: how many of a stratum are drawn, and whether a check passes.
 * Tested by rules.test.ts; docs/acceptance.md states them for users.
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
