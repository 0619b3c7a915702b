import { chinaDateTime, type HistoryEntry, type RecordDetail, type RecordMedia } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as files from '../files/index.ts';
import { userNames } from '../users/index.ts';
import { checkVisible, readContext, readDescriptor } from './context.ts';
import { type MediaSigner, toRow } from './list.ts';

export type { MediaSigner };
import * as q from './listQueries.ts';
import { flagBurnPoints } from './ports.ts';

/** One record as the detail shows it: its row, photos and videos (signed links) and its timeline. */

export async function detail(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  id: string,
  sign: MediaSigner,
): Promise<RecordDetail> {
  const { db } = deps.database;
  const r = await checkVisible(db, auth, projectCode, await q.findRecordWithHistory(db, id));
  if (r.deleted && !auth.isSuperAdmin && !auth.permissions.has('records.delete')) {
    throw fail.notFound('recordNotFound');
  }
  const history =
    (typeof r.history === 'string' ? (JSON.parse(r.history) as q.HistoryRow[]) : r.history) ?? [];
  const [ctx, table, names] = await Promise.all([
    readContext(db, projectCode),
    readDescriptor(db, r.table_code),
    userNames(db, [r.collector_id, ...(r.editor_id ? [r.editor_id] : []), ...history.map((h) => h.actor_id)]),
  ]);
  const columns = table?.columns ?? [];
  const row = toRow(r, { ...ctx, names }, r);
  await flagBurnPoints(db, projectCode, columns, [row]);
  const refs: { field: string; id: string }[] = [];
  for (const c of columns) {
    if (c.fldInput !== 'photo' && c.fldInput !== 'video') continue;
    const v = row[c.code];
    for (const fid of Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : []) {
      refs.push({ field: c.code, id: String(fid) });
    }
  }
  const fileRows = new Map(
    (
      await files.filesByIds(
        db,
        refs.map((x) => x.id),
      )
    ).map((f) => [f.id, f]),
  );
  const media: RecordMedia[] = refs.flatMap(({ field, id: fid }) => {
    const f = fileRows.get(fid);
    if (!f || f.projectCode !== projectCode) return [];
    const full = sign(f.id, 'full');
    return [
      {
        fileId: f.id,
        field,
        kind: f.kind === 'video' ? 'video' : 'photo',
        name: f.originalName,
        contentType: f.contentType,
        url: full.url,
        thumbUrl: f.thumbKey ? sign(f.id, 'thumb').url : f.kind === 'photo' ? full.url : null,
        expiresAt: full.expiresAt,
        takenAt: f.takenAt ? f.takenAt.toISOString() : null,
        exifLong: f.exifLong,
        exifLat: f.exifLat,
        camera: f.camera,
      },
    ];
  });
  const record: HistoryEntry[] = history.map((h) => ({
    id: h.id,
    action: h.action as HistoryEntry['action'],
    at: chinaDateTime(new Date(h.at)),
    actorName: names.get(h.actor_id)?.name ?? '',
    reason: h.reason,
    ...(h.changes ? { changes: h.changes } : {}),
  }));
  return { ...row, media, record, columnList: columns, descriptor_version: r.descriptor_version };
}
