import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The Content-Disposition of a download named `fileName` (any script: RFC 6266's filename*). */
export const attachment = (fileName: string) => contentDisposition(fileName);

/**
 * Answers a file download: its type, Content-Disposition, and the URL-encoded name in the
 * header the client reads (`filename`, or `filenamevue` where the spec says so: QR export),
 * exposed to scripts.
 */
export function sendDownload<T>(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: T; nameHeader?: 'filename' | 'filenamevue' },
) {
  const nameHeader = file.nameHeader ?? 'filename';
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header(nameHeader, encodeURIComponent(file.fileName))
    .header('access-control-expose-headers', `${nameHeader}, content-disposition`)
    .send(file.body);
}
