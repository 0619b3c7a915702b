import type { Executor } from '../../db/client.ts';

/**
 * What records hold of the standard tables, for the refusals that protect them (a table with
 * records is not retired, a column with values keeps its type). Records read standards (a table's
 * descriptor, a project's tables), so standards never import records: app.ts hands records' counts
 * in here, as it hands records the burn points' flags (docs/decisions 0199-record-holdings).
 */
export type RecordHoldings = {
  /** Records (deleted ones too: they can be restored) made with a table. */
  tableRecordCount(db: Executor, tableCode: string): Promise<number>;
  /** Whether any record of a table holds a value for a column (its type is then fixed). */
  columnHasValues(db: Executor, tableCode: string, code: string): Promise<boolean>;
};

const notWired = (): never => {
  // Never guessed: "no records" would let a table with records be retired.
  throw new Error('standards: what records hold is not wired (app.ts setRecordHoldings)');
};
let holdings: RecordHoldings = { tableRecordCount: notWired, columnHasValues: notWired };

/** Sets where standards learn what records hold (app.ts: the records feature's counts). */
export function setRecordHoldings(h: RecordHoldings): void {
  holdings = h;
}

/** What records hold, as wired. */
export const recordHoldings = (): RecordHoldings => holdings;
