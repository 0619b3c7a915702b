import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendDownload, XLSX_TYPE } from './download.ts';

describe('sendDownload', () => {
  it('names the file in Content-Disposition and in the header the client reads, any script', async () => {
    const app = Fastify();
    app.get('/x', (_req, reply) =>
      sendDownload(reply, { fileName: '进度 "A".xlsx', contentType: XLSX_TYPE, body: Buffer.from('x') }),
    );
    app.get('/q', (_req, reply) =>
      sendDownload(reply, {
        fileName: 'qr.pdf',
        contentType: 'application/pdf',
        body: 'x',
        nameHeader: 'filenamevue',
      }),
    );
    const res = await app.inject({ url: '/x' });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('进度 "A".xlsx').replace(/'/g, '%27')}`,
    );
    expect(decodeURIComponent(String(res.headers.filename))).toBe('进度 "A".xlsx');
    expect(res.headers['access-control-expose-headers']).toBe('filename, content-disposition');
    const q = await app.inject({ url: '/q' });
    expect(q.headers.filenamevue).toBe('qr.pdf');
    expect(q.headers['access-control-expose-headers']).toBe('filenamevue, content-disposition');
    await app.close();
  });
});
