// Types of decisions-index.mjs for the TypeScript test that runs its check.
export const INDEX_FILE: string;
export type DecisionRecord = {
  file: string;
  number: string;
  slug: string;
  title: string;
  date: string | null;
  status: string | null;
  area: string | null;
  headings: string[];
  supersededBy: string | null;
};
export function parseRecord(text: string): Pick<DecisionRecord, 'date' | 'status' | 'area' | 'headings'> & {
  title: string | null;
};
export function readRecords(dir: string): { records: DecisionRecord[]; unnumbered: string[] };
export function checkDecisions(dir: string): string[];
export function renderIndex(records: DecisionRecord[]): string;
export function fixDecisions(
  dir: string,
  options?: { repoRoot?: string; area?: string },
): { renamed: [string, string][]; changedFiles: string[]; notes: string[] };
