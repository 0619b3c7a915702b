import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditParams = Record<string, string | number | boolean | string[] | null | undefined> & {
  kind?: string;
};

export type AuditEntry = {
  actorId: string;
  projectCode: string | null;
  action:
    | 'create'
    | 'update'
    | 'delete'
    | 'approve'
    | 'reject'
    | 'read'
    | 'export'
    | 'archive'
    | 'restore'
    | 'revoke'
    | 'retire'
    | 'resetPassword'
    | 'register'
    | 'join';
  entity:
    | 'user'
    | 'role'
    | 'invitation'
    | 'menu'
    | 'grant'
    | 'project'
    | 'section'
    | 'standard'
    | 'worker'
    | 'burnPoint'
    | 'qrFlag'
    | 'safetyRecord'
    | 'anomaly';
  entityId: string | number;
  /** Names only (no words of any language): what the keyword search matches; old rows show it. */
  summary: string;
  /**
   * What the web needs to say the action as a sentence in the reader's language (names, never
   * internal ids); `kind` picks a variant of the entity's action (e.g. a standard's column).
   */
  params: AuditParams;
  before?: unknown;
  after?: unknown;
};

/** Appends to the audit log; call it in the same transaction as the change it records. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    entityId: String(entry.entityId),
    params: Object.fromEntries(Object.entries(entry.params).filter(([, v]) => v !== undefined)),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A user row as the audit log keeps it: never the password hash. */
export function userSnapshot(u: { passwordHash?: string } & Record<string, unknown>) {
  const { passwordHash: _omit, ...rest } = u;
  return rest;
}
