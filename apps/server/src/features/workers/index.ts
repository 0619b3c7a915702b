/** The workers feature's public service API for other features. */
import type { Executor } from '../../db/client.ts';
import { workerCountInProject } from './countQueries.ts';

export { onDutyToday } from './clockIn.ts';
export {
  expireInsurance,
  INSURANCE_ENDING_DAYS,
  insuranceEnding,
  noticeInsuranceEnding,
} from './insurance.ts';

/**
 * How many workers a project (not deleted ones) or one of its sections (deleted ones too: they
 * keep their section) holds: such a project or section cannot be deleted.
 */
export function workersHeldBy(db: Executor, projectCode: string, sectionCode?: string): Promise<number> {
  return workerCountInProject(db, projectCode, sectionCode);
}

export { approvedWorkerCount } from './countQueries.ts';
