import type { RecordState } from '@pineguard/contract';

/** Review actions (POST /api/data/examine). */
export type ReviewAction = 'approve' | 'return' | 'reject';

/** Sending back and rejecting need a reason the collector reads; approving does not. */
export const reasonRequired = (action: ReviewAction) => action !== 'approve';

/** Longest reason the server keeps. */
export const reasonMax = 200;

/** antd Form rules for the reason field of a review dialog. */
export function reasonRules(action: ReviewAction, requiredText: string) {
  return [
    ...(reasonRequired(action) ? [{ required: true, whitespace: true, message: requiredText }] : []),
    { max: reasonMax },
  ];
}

/** The state a review action leads to (docs/decisions/0062-record-states-and-roles.md: 20 approved, 30 sent back, 40 rejected). */
export const targetState: Record<ReviewAction, RecordState> = { approve: '20', return: '30', reject: '40' };

/**
 * Actions offered for records in these states: every action whose target differs from at least
 * one record's state (the server refuses moves its rules do not allow, record by record).
 */
export function offeredActions(states: readonly string[]): ReviewAction[] {
  const actions: ReviewAction[] = ['approve', 'return', 'reject'];
  if (states.length === 0) return [];
  return actions.filter((a) => states.some((s) => s !== targetState[a]));
}
