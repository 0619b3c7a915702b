// Types of check-house.mjs for a TypeScript test that runs its checks on a scratch tree.
export const MAX_LINES: number;
export type CycleTarget = { name: string; files: string; tsconfig: string };
export const cycleTargets: CycleTarget[];
export const lineRoots: string[];
export function canonicalCycle(files: string[]): string[];
export function findCycles(root: string, target: CycleTarget): Promise<string[][]>;
export function allCycles(
  root?: string,
  targets?: CycleTarget[],
): Promise<{ cycles: string[][]; perTarget: Record<string, number> }>;
export function lineCount(text: string): number;
export function longFiles(
  root?: string,
  roots?: string[],
  max?: number,
): { long: { file: string; lines: number }[]; checked: number };
