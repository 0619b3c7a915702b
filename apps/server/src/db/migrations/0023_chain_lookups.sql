-- Written by hand from drizzle-kit's drop and create (issue 26): the same index without its
-- pending list, changed in place instead of rebuilt (a GIN rebuild at a million records takes
-- minutes). The chain checks look tags up right after ingestion wrote them.
ALTER INDEX "records_burn_qrcodes_idx" SET (fastupdate = off);--> statement-breakpoint
-- Statistics for the felling records' tag: without them `(fields ->> 'qrcode') = any(…)` is
-- planned as a full scan at scale (qrTags' tag states, the chain checks' first fellings).
CREATE STATISTICS IF NOT EXISTS "records_qrcode_stats" ON ((fields ->> 'qrcode')) FROM "records";--> statement-breakpoint
ANALYZE "records";
