import { z } from 'zod';
import { pageQuery } from './envelope.ts';

export const auditListBody = pageQuery.extend({
  entity: z
    .enum([
      'user',
      'role',
      'invitation',
      'menu',
      'grant',
      'project',
      'section',
      'standard',
      'worker',
      'burnPoint',
      'qrFlag',
      'safetyRecord',
      'anomaly',
    ])
    .optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type AuditListInput = z.input<typeof auditListBody>;

export const auditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  actorAccount: z.string(),
  projectCode: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  summary: z.string(),
  /** Names for the sentence the web renders from its catalogue; null on older rows (show the summary). */
  params: z.record(z.string(), z.unknown()).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditItem = z.infer<typeof auditItem>;
