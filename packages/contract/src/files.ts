import { z } from 'zod';

/**
 * What a file is for decides how big it may be and what it may contain. Limits are bytes.
 * Content types are checked against the declared type and the file's own first bytes.
 */
export const fileKinds = {
  photo: { maxBytes: 20 * 1024 ** 2, types: ['image/jpeg', 'image/png', 'image/webp'] },
  video: { maxBytes: 500 * 1024 ** 2, types: ['video/mp4', 'video/quicktime', 'video/webm'] },
  face: { maxBytes: 5 * 1024 ** 2, types: ['image/jpeg', 'image/png'] },
  idCard: { maxBytes: 10 * 1024 ** 2, types: ['image/jpeg', 'image/png'] },
  import: {
    maxBytes: 50 * 1024 ** 2,
    types: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'application/zip',
    ],
  },
  export: {
    maxBytes: 2 * 1024 ** 3,
    types: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/zip',
      'text/csv',
    ],
  },
} as const satisfies Record<string, { maxBytes: number; types: readonly string[] }>;

export type FileKind = keyof typeof fileKinds;
export const fileKind = z.enum(Object.keys(fileKinds) as [FileKind, ...FileKind[]]);

export const fileKindLabels: Record<FileKind, { 'zh-CN': string; en: string }> = {
  photo: { 'zh-CN': '照片', en: 'photo' },
  video: { 'zh-CN': '视频', en: 'video' },
  face: { 'zh-CN': '人脸照片', en: 'face photo' },
  idCard: { 'zh-CN': '身份证照片', en: 'ID card photo' },
  import: { 'zh-CN': '导入文件', en: 'import file' },
  export: { 'zh-CN': '导出文件', en: 'export file' },
};

export const fileInfo = z.object({
  id: z.string(),
  projectCode: z.string(),
  kind: fileKind,
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  url: z.string(),
});
export type FileInfo = z.infer<typeof fileInfo>;

export const uploadQuery = z.object({ kind: fileKind });

/** How a client should upload (GET /api/oss/normalConfig). */
export const uploadConfigValue = z.object({
  driver: z.enum(['local', 's3']),
  uploadUrl: z.string(),
  limits: z.record(z.string(), z.object({ maxBytes: z.number(), types: z.array(z.string()) })),
});

/** Human size: 20 MB, 1.5 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
