import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, oneLinePerRequest, redactUrl } from './logging.ts';

const idNumber = '330824199001011234';
const idShape = /\d{17}[\dXx]|\d{15}/;

describe('request logging', () => {
  it('never writes an ID number or a phone number of a URL to the log', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { write: (l) => void lines.push(l) }),
      logController: oneLinePerRequest(),
    });
    app.get('/api/lwryUser/loadIdCard', async () => ({ code: 0 }));
    app.get('/api/lwryUser/detail/:id', async () => ({ code: 0 }));
    try {
      await app.inject({ url: `/api/lwryUser/loadIdCard?idNumber=${idNumber}` });
      await app.inject({
        url: `/api/lwryUser/loadIdCard?prjCode=KH2026&phone=13800001111&x=${idNumber.slice(0, 17)}X`,
      });
      await app.inject({ url: `/api/lwryUser/detail/${idNumber}` });
      // One line per request: the request, its status and duration together.
      expect(lines.length).toBe(3);
      for (const line of lines) {
        const entry = JSON.parse(line);
        expect(entry.msg).toBe('request completed');
        expect(entry.req.url).toMatch(/^\/api\/lwryUser\//);
        expect(entry.res.statusCode).toBe(200);
        expect(typeof entry.responseTime).toBe('number');
        expect(typeof entry.reqId).toBe('string');
      }
      // Every string of every line (numbers such as responseTime are not personal data).
      const strings = lines.flatMap((l) =>
        JSON.stringify(JSON.parse(l), (_k, v) => (typeof v === 'number' ? 0 : v)),
      );
      const log = strings.join('\n');
      expect(log).not.toMatch(idShape);
      expect(log).not.toContain('13800001111');
      expect(log).toContain('/api/lwryUser/loadIdCard?idNumber=[redacted]');
    } finally {
      await app.close();
    }
  });

  it('keeps what is not personal', () => {
    expect(redactUrl('/api/record/list?pageNum=2&prjCode=KH2026')).toBe(
      '/api/record/list?pageNum=2&prjCode=KH2026',
    );
    expect(redactUrl('/q/KH-7Q2M9X')).toBe('/q/KH-7Q2M9X');
    expect(redactUrl(`/api/x?idCard=${encodeURIComponent('33 08')}`)).toBe('/api/x?idCard=[redacted]');
  });
});
