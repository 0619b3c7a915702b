import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  ErrorCode,
  type FileInfo,
  type FileKind,
  fileKindLabels,
  fileKinds,
  formatBytes,
  type Lang,
} from '@pineguard/contract';
import rangeParser from 'range-parser';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { hasBadCharacters } from '../../platform/validation.ts';
import { type FileRow, findFile, insertFile } from './queries.ts';
import { bufferStream, EXIF_HEAD_BYTES, type PhotoFacts, photoFacts, thumbnail } from './media.ts';
import { sniff } from './sniff.ts';
import { attachment } from '../../platform/download.ts';

export function toFileInfo(row: FileRow): FileInfo {
  return {
    id: row.id,
    projectCode: row.projectCode,
    kind: row.kind as FileKind,
    name: row.originalName,
    contentType: row.contentType,
    bytes: row.bytes,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    url: `/api/file/${row.id}`,
  };
}

function unsupported(kind: FileKind, type: string, lang: Lang): AppError {
  return new AppError(ErrorCode.unsupportedMediaType, 'unsupportedMediaType', {
    type,
    kind: fileKindLabels[kind][lang],
    allowed: fileKinds[kind].types.join(', '),
  });
}

function tooLarge(kind: FileKind): AppError {
  return new AppError(ErrorCode.payloadTooLarge, 'payloadTooLarge', {
    limit: formatBytes(fileKinds[kind].maxBytes),
  });
}

/**
 * Streams one uploaded file to storage while hashing it. The declared type and the file's own
 * first bytes must both be allowed for the kind; a file over the kind's limit is cut off by the
 * multipart parser and nothing of it is kept.
 */
export async function upload(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  kind: FileKind,
  part: MultipartFile,
  lang: Lang,
): Promise<FileInfo> {
  const rule = fileKinds[kind];
  const allowed: readonly string[] = rule.types;
  // Exports are written by the server (jobs), never uploaded by a client.
  if (kind === 'export') throw new AppError(ErrorCode.forbidden, 'uploadKindServerOnly');
  if (hasBadCharacters(part.filename)) throw new AppError(ErrorCode.validation, 'uploadBadName');
  if (!allowed.includes(part.mimetype)) throw unsupported(kind, part.mimetype, lang);
  const head = await sniff(part.file);
  if (head.empty) throw new AppError(ErrorCode.validation, 'uploadEmpty');
  // A page or an SVG declared as CSV would be a page from the app's origin: refused by content.
  if (!head.mime && head.markup)
    throw new AppError(ErrorCode.unsupportedMediaType, 'uploadMarkup', { type: part.mimetype });
  const realType = head.mime ?? (head.text && part.mimetype === 'text/csv' ? 'text/csv' : undefined);
  if (!realType || !allowed.includes(realType)) throw unsupported(kind, realType ?? part.mimetype, lang);

  const hash = createHash('sha256');
  let bytes = 0;
  // A photo's first bytes are kept to read its EXIF (time, position, camera) after storing it.
  const photo = kind === 'photo';
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of head.stream) {
        const buf = chunk as Buffer;
        hash.update(buf);
        bytes += buf.length;
        if (photo && headBytes < EXIF_HEAD_BYTES) {
          headChunks.push(buf);
          headBytes += buf.length;
        }
        yield buf;
      }
    })(),
  );
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const storageKey = `${projectCode}/${kind}/${month}/${randomUUID()}`;
  try {
    await deps.storage.put(storageKey, counted, realType);
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(kind);
    }
    throw error;
  }
  if (part.file.truncated) {
    await deps.storage.delete(storageKey);
    throw tooLarge(kind);
  }
  // Photos: a thumbnail beside the original and the EXIF facts, made at upload (never fatal:
  // an image sharp cannot decode is kept without a thumbnail, the detail then shows the photo).
  let media: { thumbKey: string | null } & Partial<PhotoFacts> = { thumbKey: null };
  if (photo) {
    const facts = await photoFacts(Buffer.concat(headChunks));
    const thumb = await thumbnail(await deps.storage.get(storageKey));
    const thumbKey = thumb ? `${storageKey}.thumb.jpg` : null;
    if (thumb && thumbKey) await deps.storage.put(thumbKey, bufferStream(thumb), 'image/jpeg');
    media = { ...facts, thumbKey };
  }
  try {
    const row = await insertFile(deps.database.db, {
      projectCode,
      ownerId: auth.userId,
      kind,
      originalName: part.filename.slice(0, 255) || 'file',
      contentType: realType,
      bytes,
      sha256: hash.digest('hex'),
      storageKey,
      ...media,
    });
    return toFileInfo(row);
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    if (media.thumbKey) await deps.storage.delete(media.thumbKey).catch(() => {});
    throw error;
  }
}

export type Download = {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
};

/** A file of the session's project (any project for the super administrator), whole or a byte range. */
export async function download(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  rangeHeader: string | undefined,
): Promise<Download> {
  const file = await findFile(deps.database.db, id);
  if (!file) throw new AppError(ErrorCode.notFound, 'fileNotFound', {}, null, 404);
  if (!auth.isSuperAdmin && file.projectCode !== auth.projectCode) {
    throw new AppError(ErrorCode.forbidden, 'otherProject', {}, null, 403);
  }
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    etag: `"${file.sha256}"`,
    'cache-control': 'private, max-age=86400',
    // Never rendered as a page from the app's origin: a download, not sniffed, in a sandbox.
    'content-disposition': attachment(file.originalName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  return withRange(deps, file, headers, rangeHeader);
}

/**
 * Signed, expiring media URLs for <img>/<video> (which cannot send the session token): an HMAC
 * of file id, variant and expiry under the server's key. A URL outlives nothing but its minutes.
 */
export function signMedia(
  config: { secret: string; ttlMinutes: number },
  fileId: string,
  variant: 'full' | 'thumb',
  now = Date.now(),
): { url: string; expiresAt: string } {
  const expires = Math.floor(now / 1000) + config.ttlMinutes * 60;
  const sig = createHmac('sha256', config.secret)
    .update(`${fileId}.${variant}.${expires}`)
    .digest('base64url');
  return {
    url: `/api/media/${fileId}?v=${variant}&e=${expires}&s=${sig}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function verifyMedia(
  config: { secret: string },
  fileId: string,
  variant: string,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (expires * 1000 < now) return false;
  const want = createHmac('sha256', config.secret).update(`${fileId}.${variant}.${expires}`).digest();
  const got = Buffer.from(sig, 'base64url');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** A file (or its thumbnail) by a verified media URL: no session, the signature is the permission. */
export async function mediaDownload(
  deps: AppDeps,
  id: string,
  variant: 'full' | 'thumb',
  rangeHeader: string | undefined,
): Promise<Download> {
  const file = await findFile(deps.database.db, id);
  if (!file) throw new AppError(ErrorCode.notFound, 'fileNotFound', {}, null, 404);
  if (variant === 'thumb' && file.thumbKey) {
    return {
      status: 200,
      headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=600' },
      body: await deps.storage.get(file.thumbKey),
    };
  }
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=600',
  };
  return withRange(deps, file, headers, rangeHeader);
}

/** A stored file of a project (for features that reference uploads by id), or undefined. */
export async function fileOfProject(
  deps: AppDeps,
  projectCode: string,
  id: string,
): Promise<{ id: string; kind: FileKind; contentType: string } | undefined> {
  const file = await findFile(deps.database.db, id);
  if (!file || file.projectCode !== projectCode) return undefined;
  return { id: file.id, kind: file.kind as FileKind, contentType: file.contentType };
}

/** The whole file or the one byte range a player asks for (206), with the matching length headers. */
async function withRange(
  deps: AppDeps,
  file: { bytes: number; storageKey: string },
  headers: Record<string, string>,
  rangeHeader: string | undefined,
): Promise<Download> {
  const ranges = rangeHeader ? rangeParser(file.bytes, rangeHeader, { combine: true }) : -2;
  if (ranges === -1) {
    throw new AppError(ErrorCode.rangeNotSatisfiable, 'rangeNotSatisfiable', {}, { bytes: file.bytes }, 416);
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges[0]) {
    // Several ranges are answered with the first one: players ask for one at a time.
    const { start, end } = ranges[0];
    headers['content-range'] = `bytes ${start}-${end}/${file.bytes}`;
    headers['content-length'] = String(end - start + 1);
    return { status: 206, headers, body: await deps.storage.get(file.storageKey, { start, end }) };
  }
  headers['content-length'] = String(file.bytes);
  return { status: 200, headers, body: await deps.storage.get(file.storageKey) };
}
