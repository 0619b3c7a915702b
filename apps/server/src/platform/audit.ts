import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

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
    | 'revoke';
  entity: 'user' | 'role' | 'invitation' | 'menu' | 'grant' | 'project' | 'section' | 'standard' | 'worker';
  entityId: string | number;
  summary: string;
  before?: unknown;
  after?: unknown;
};

/** Appends to the audit log; call it in the same transaction as the change it records. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A user row as the audit log keeps it: never the password hash. */
export function userSnapshot(u: { passwordHash?: string } & Record<string, unknown>) {
  const { passwordHash: _omit, ...rest } = u;
  return rest;
}
