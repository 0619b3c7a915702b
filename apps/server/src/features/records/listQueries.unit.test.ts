import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { whereOf } from './listQueries.ts';
import { dayStartInline } from './queries.ts';

const dialect = new PgDialect();

describe('the list filter statement', () => {
  it('writes the day range into the text (so PostgreSQL keeps a generic plan) and binds the rest', () => {
    const { sql: text, params } = dialect.sqlToQuery(
      whereOf({
        projectCode: 'KH2026',
        tableCode: 'gbcfcz0101',
        deleted: false,
        sectionCode: 'KH-BD02',
        state: '20',
        begin: '2026-10-28',
        end: '2026-11-27',
      }),
    );
    expect(text).toContain(`('2026-10-28'::date::timestamp at time zone 'Asia/Shanghai')`);
    expect(text).toContain(`('2026-11-27'::date::timestamp at time zone 'Asia/Shanghai') + interval '1 day'`);
    expect(params).toEqual(['KH2026', 'gbcfcz0101', 'KH-BD02', '20']);
  });

  it('writes only a yyyy-MM-dd day into a statement', () => {
    expect(() => dayStartInline("2026-01-01'; drop table records; --")).toThrow(/not a day/);
    expect(() => dayStartInline('2026-1-1')).toThrow(/not a day/);
  });

  it('reads a common keyword by the list index (no trigram), a rare one by either', () => {
    const f = { projectCode: 'KH2026', tableCode: 'gbcfcz0101', deleted: false, keyword: '马尾松' };
    const scan = dialect.sqlToQuery(whereOf(f, { keywordByScan: true }));
    expect(scan.sql).toContain(`(r.search_text || '') like $3`);
    expect(scan.sql).not.toContain('time_submit');
    expect(scan.params).toEqual(['KH2026', 'gbcfcz0101', '%马尾松%']);
    const either = dialect.sqlToQuery(whereOf(f));
    expect(either.sql).toContain('r.search_text like $3');
  });
});
