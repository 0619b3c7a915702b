/** The workers feature's public service API for other features. */
import type { Executor } from '../../db/client.ts';
import { workerCountInProject } from './queries.ts';

export { expireInsurance } from './service.ts';

/** How many (not deleted) workers a project, or one of its sections, holds. */
export function workersHeldBy(db: Executor, projectCode: string, sectionCode?: string): Promise<number> {
  return workerCountInProject(db, projectCode, sectionCode);
}
