import type { MeasureItem, StandardTableItem, StorageUsageItem, UserListItem } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Page } from '../../platform/pagination.ts';
import type { ProjectHolder, SectionHolder } from './holders.ts';

/**
 * What projects learns from the features built on it. Users, roles, standards, files, records and
 * workers all read projects (a record names its project and section, a role is given in a
 * project), so projects never imports them: app.ts hands their functions in here once, with
 * `wireProjects`, in buildApp (docs/decisions 0198-projects-ports). Everything projects asks of
 * another feature is in this one type, so a newcomer sees the whole seam at once.
 */
export type ProjectPorts = {
  /** Accounts (the users feature). */
  users: {
    /** Accounts that may be added to a project (active, not yet in it, no super administrators). */
    candidates(
      deps: AppDeps,
      filter: CandidateFilter,
      page: Page,
    ): Promise<{ list: UserListItem[]; total: number; totalExact?: false }>;
    /** Live accounts among `ids`, with their status (adding members checks them). */
    liveByIds(db: Executor, ids: string[]): Promise<{ id: string; account: string; status: string }[]>;
    /** A live account's name and account (what the audit log names it by), or undefined. */
    label(db: Executor, id: string): Promise<{ name: string; account: string } | undefined>;
  };
  /** The roles feature. */
  roles: {
    /** Whether every role may be given in the project (its own roles and the built-in ones). */
    allAssignable(db: Executor, projectCode: string, roleIds: number[]): Promise<boolean>;
    /** The names of these roles, in the order of the ids (what the audit log shows). */
    names(db: Executor, ids: number[]): Promise<string[]>;
  };
  /** The control measures and their standard tables (the standards feature). */
  standards: {
    /** Every measure, or those of `codes`. */
    measures(db: Executor, codes?: string[]): Promise<MeasureItem[]>;
    projectMeasureCodes(db: Executor, projectCode: string): Promise<string[]>;
    /** The standard tables of the project's chosen measures (what the field app fills in). */
    projectTables(db: Executor, projectCode: string): Promise<StandardTableItem[]>;
  };
  /** Files and bytes of a project by kind (the files feature). */
  storageUsage(db: Executor, projectCode: string): Promise<StorageUsageItem[]>;
  /**
   * What other features keep in a project (files, records, workers…), counted beside its own
   * sections and members: a project holding any is not archived (holders.ts).
   */
  projectHolders: ProjectHolder[];
  /** What other features keep in a section by its code: its code stays and it is not deleted. */
  sectionHolders: SectionHolder[];
};

/** The account search behind "add members" (/api/project/userList4Prj1). */
export type CandidateFilter = {
  keyword?: string | undefined;
  status: 'active';
  notInProject: string;
  noSuperAdmins: true;
};

let wired: ProjectPorts | undefined;

/**
 * Hands projects what it learns from the other features (app.ts's buildApp; a second call, by a
 * second app in the same process, replaces the first with the same functions).
 */
export function wireProjects(ports: ProjectPorts): void {
  wired = ports;
}

/**
 * The wired ports. Never guessed when missing: "no records" would let a project with records be
 * archived, so an entry point that forgot app.ts's wiring fails loudly instead.
 */
export function ports(): ProjectPorts {
  if (!wired) throw new Error('projects: what other features hold is not wired (app.ts wireProjects)');
  return wired;
}
