import type { MessageKey } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { projectFileCount } from '../files/index.ts';
import { liveRecordCount } from '../records/index.ts';
import { workersHeldBy } from '../workers/index.ts';
import * as q from './queries.ts';

/**
 * What keeps a project (or a section) from being deleted. Each holder counts the rows it keeps
 * for one project; the delete is refused while any count is above zero and the message lists
 * them ("3 个标段、5 名成员、2 个文件").
 *
 * Extension point: a feature whose tables belong to a project (records, workers, burn points,
 * QR tags…) adds its holder with `registerProjectHolder` (and `registerSectionHolder` for rows
 * that name a section) from the place that wires the feature up, with a count function from
 * its own queries and a `holdsX` message in the contract catalogue.
 */
export type Holder = {
  /** Catalogue entry with an `{n}` placeholder, e.g. holdsFiles: "{n} 个文件". */
  label: MessageKey;
  count: (db: Executor, id: string) => Promise<number>;
};

const projectHolders: Holder[] = [
  { label: 'holdsSections', count: q.sectionCount },
  { label: 'holdsMembers', count: q.memberCount },
  { label: 'holdsFiles', count: projectFileCount },
  { label: 'holdsRecords', count: (db, code) => liveRecordCount(db, code) },
  { label: 'holdsWorkers', count: (db, code) => workersHeldBy(db, code) },
];

/** Keyed by section id. None yet: collected records, workers and burn points will name sections. */
const sectionHolders: Holder[] = [];

export function registerProjectHolder(holder: Holder) {
  if (!projectHolders.some((h) => h.label === holder.label)) projectHolders.push(holder);
}

export function registerSectionHolder(holder: Holder) {
  if (!sectionHolders.some((h) => h.label === holder.label)) sectionHolders.push(holder);
}

async function holdings(db: Executor, holders: Holder[], id: string) {
  const counts = await Promise.all(holders.map(async (h) => ({ label: h.label, n: await h.count(db, id) })));
  return counts.filter((c) => c.n > 0);
}

export const projectHoldings = (db: Executor, code: string) => holdings(db, projectHolders, code);
export const sectionHoldings = (db: Executor, id: string) => holdings(db, sectionHolders, id);
