import type { BurnPointFlag, RecordRow } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';

/**
 * What other features plug into records (app.ts wires them): checks after each write (anomalies)
 * and the burn point flags of a listed record (burn points). Both of those features read records,
 * so records never import them; they hand their functions in here instead.
 */

/* ------------------------------------------------------------------ checks after a write */

/** A record as written, handed to the features that check records after each write. */
export type WrittenRecord = {
  id: string;
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: Date;
  fields: Record<string, unknown>;
  state: string;
};
export type WriteEvent = 'created' | 'corrected' | 'reviewed' | 'deleted' | 'restored';
/**
 * Runs in the write's transaction, after the rows changed: the anomalies feature's chain and value
 * checks (app.ts wires it). Records never import anomalies, which read records.
 */
export type RecordsWritten = (tx: Executor, event: WriteEvent, written: WrittenRecord[]) => Promise<void>;
let written: RecordsWritten = async () => {};
export function setAfterWrite(hook: RecordsWritten): void {
  written = hook;
}

/** More features' hooks, run after the wired checks (drone candidates closed by a felling, issue 32). */
const more: RecordsWritten[] = [];
export function addAfterWrite(hook: RecordsWritten): void {
  if (!more.includes(hook)) more.push(hook);
}

/** Tells the wired checks what a write changed (inside its transaction). */
export async function afterWrite(tx: Executor, event: WriteEvent, records: WrittenRecord[]): Promise<void> {
  await written(tx, event, records);
  for (const hook of more) await hook(tx, event, records);
}

/* ------------------------------------------------------------------ burn point flags */

/** The burn points among `names` to flag on a record: suspended, or not registered in the project. */
export type BurnPointFlags = (
  db: Executor,
  projectCode: string,
  names: string[],
) => Promise<Map<string, BurnPointFlag>>;

// Handed in by the burn points feature (app.ts wires it): records never import burn points,
// whose census reads records' burn totals, so the two features do not import each other.
let burnPointFlags: BurnPointFlags = async () => new Map();

/** Sets the burn point lookup behind the records' `fsd_flag` (app.ts: the burn points feature's). */
export function setBurnPointFlags(flags: BurnPointFlags): void {
  burnPointFlags = flags;
}

/**
 * Burn records (a table with an `fsd` column) naming a suspended or unregistered burn point get
 * `fsd_flag`: one query for the page's names, through the burn points feature's lookup.
 */
export async function flagBurnPoints(
  db: Executor,
  projectCode: string,
  columns: { code: string }[],
  rows: RecordRow[],
): Promise<void> {
  if (!rows.length || !columns.some((c) => c.code === 'fsd')) return;
  const names = rows.map((r) => r['fsd']).filter((v): v is string => typeof v === 'string' && v !== '');
  if (!names.length) return;
  const flags = await burnPointFlags(db, projectCode, names);
  if (!flags.size) return;
  for (const row of rows) {
    const flag = typeof row['fsd'] === 'string' ? flags.get(row['fsd']) : undefined;
    if (flag) row.fsd_flag = flag;
  }
}
