import type { MessageKey } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { memberCount } from './memberQueries.ts';
import { ports } from './ports.ts';
import { sectionCount } from './sectionQueries.ts';

/**
 * What keeps a project from being archived, or a section from being deleted or renamed. Each
 * holder counts the rows it keeps; the call is refused while any count is above zero and the
 * message lists them ("3 个标段、5 名成员、2 个文件").
 *
 * Extension point: a feature whose tables belong to a project (records, workers, burn points, QR
 * tags…) adds its holder to the lists app.ts hands to `wireProjects` (ports.ts), with a count
 * function from its own index and a `holdsX` message in the contract catalogue. Projects never
 * imports those features: they all import projects.
 */
export type ProjectHolder = {
  /** Catalogue entry with an `{n}` placeholder, e.g. holdsFiles: "{n} 个文件". */
  label: MessageKey;
  count: (db: Executor, projectCode: string) => Promise<number>;
};

/** Rows naming a section by its code (records, workers…): the code stays while any is there. */
export type SectionHolder = {
  label: MessageKey;
  /**
   * The conflict that deleting the section answers, with `{count}` (e.g. hasRecords); without
   * one, the deletion is refused with sectionHasData listing the holdings.
   */
  refusal?: MessageKey;
  count: (db: Executor, projectCode: string, sectionCode: string) => Promise<number>;
};

/** The project's own rows, counted before what other features hold. */
const ownHolders: ProjectHolder[] = [
  { label: 'holdsSections', count: sectionCount },
  { label: 'holdsMembers', count: memberCount },
];

export type Holding = { label: MessageKey; n: number; refusal?: MessageKey | undefined };

/** What a project holds, in the order of the message: its sections, members, then the wired holders. */
export async function projectHoldings(db: Executor, projectCode: string): Promise<Holding[]> {
  const holders = [...ownHolders, ...ports().projectHolders];
  const counts = await Promise.all(
    holders.map(async (h) => ({ label: h.label, n: await h.count(db, projectCode) })),
  );
  return counts.filter((c) => c.n > 0);
}

/** What rows name the section's code, in the order the holders were wired. */
export async function sectionHoldings(
  db: Executor,
  projectCode: string,
  sectionCode: string,
): Promise<Holding[]> {
  const counts = await Promise.all(
    ports().sectionHolders.map(async (h) => ({
      label: h.label,
      refusal: h.refusal,
      n: await h.count(db, projectCode, sectionCode),
    })),
  );
  return counts.filter((c) => c.n > 0);
}
