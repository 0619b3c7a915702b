import { TAG_ALPHABET, tagCheckChar } from '@pineguard/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { qrFlags, qrTags } from '../db/schema/index.ts';
import { random, seedOf } from './random.ts';

/**
 * Demo QR tags (issue 26): one batch per section, printed for its felled trees and a few spare.
 * Codes are drawn from a seeded generator (not the CSPRNG of features/qrTags) so that the demo's
 * codes — and docs/demo.md's list of planted anomalies — are the same on every machine; they have
 * the usual shape (prefix, 10 base32 characters, check character).
 */
export function demoTagCode(projectCode: string, sectionCode: string, seq: number): string {
  return codeFrom(`${projectCode}/${sectionCode}/tag/${seq}`, projectCode.slice(0, 2));
}

/** A well-formed code never issued (the planted `tag_unknown`). */
export function unissuedTagCode(projectCode: string, n: number): string {
  return codeFrom(`${projectCode}/unissued/${n}`, projectCode.slice(0, 2));
}

function codeFrom(key: string, prefix: string): string {
  const rnd = random(seedOf(key));
  let body = '';
  for (let i = 0; i < 10; i++) body += TAG_ALPHABET[Math.floor(rnd.next() * 32)];
  return `${prefix}-${body}${tagCheckChar(body)}`;
}

export const tagBatchName = (sectionCode: string) => `${sectionCode} 伐桩标签（演示）`;

/**
 * Stores a section's batch: the flag (found by its name when a previous run made it) and its tags
 * 1..size. Rows already there are left alone, so a retried load adds only what is missing.
 */
export async function storeTagBatch(
  db: Executor,
  o: { projectCode: string; sectionCode: string; size: number; createdBy: string },
): Promise<void> {
  const name = tagBatchName(o.sectionCode);
  await db
    .insert(qrFlags)
    .values({ projectCode: o.projectCode, name, sectionCode: o.sectionCode, createdBy: o.createdBy })
    .onConflictDoNothing();
  const [flag] = await db
    .select({ id: qrFlags.id })
    .from(qrFlags)
    .where(and(eq(qrFlags.projectCode, o.projectCode), eq(qrFlags.name, name)));
  if (!flag) throw new Error(`tag batch ${name} could not be stored`);
  const rows = Array.from({ length: o.size }, (_, i) => ({
    code: demoTagCode(o.projectCode, o.sectionCode, i + 1),
    projectCode: o.projectCode,
    flagId: flag.id,
    seq: i + 1,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(qrTags)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  const [held] = await db.select({ n: count() }).from(qrTags).where(eq(qrTags.flagId, flag.id));
  await db
    .update(qrFlags)
    .set({ count: held?.n ?? 0 })
    .where(and(eq(qrFlags.id, flag.id), sql`${qrFlags.count} <> ${held?.n ?? 0}`));
}
