import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDecisions, fixDecisions, readRecords } from '../../../../scripts/decisions-index.mjs';

// The decision records (docs/decisions/NNNN-title.md) and their generated index: a record that is
// not numbered, lacks a heading, or is missing from the index fails here.
const dir = fileURLToPath(new URL('../../../../docs/decisions/', import.meta.url));

describe('decision records', () => {
  it('are numbered, complete and all in the index', () => {
    expect(checkDecisions(dir)).toEqual([]);
  });

  it('replace the old single file, which is at most a pointer', () => {
    const { records } = readRecords(dir);
    expect(records.length).toBeGreaterThan(100);
    const old = join(dir, '..', 'decisions.md');
    if (existsSync(old)) expect(readFileSync(old, 'utf8').split('\n').length).toBeLessThan(20);
  });
});

describe('decisions-index.mjs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'decisions-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const record = (n: string, title: string, extra = '') =>
    `# ${n}. ${title}\n\n- Date: 2026-11-26\n- Status: accepted\n- Area: Test\n\n## Context\n\nc\n\n## Decision\n\nd ${extra}\n\n## Consequences\n\ne\n`;

  it('finds a missing heading, a stale index and an un-numbered record, and --fix numbers it', () => {
    const docs = join(scratch, 'docs', 'decisions');
    cpSync(dir, docs, { recursive: true });
    const last = readRecords(docs).records.at(-1)!;
    const next = String(Number(last.number) + 1).padStart(4, '0');

    writeFileSync(
      join(docs, `${next}-no-consequences.md`),
      record(next, 'X').replace('## Consequences', '## After'),
    );
    const problems = checkDecisions(docs);
    expect(problems).toContain(`${next}-no-consequences.md: no "## Consequences" section`);
    expect(problems.some((p) => p.startsWith('README.md: stale'))).toBe(true);
    rmSync(join(docs, `${next}-no-consequences.md`));

    // A teammate's record in the classic layout, and a file that refers to it by its old name.
    writeFileSync(
      join(docs, '26-burn-window.md'),
      '# Burn window\n\n## Status\n\nAccepted\n\n## Date\n\n2026-11-26\n\n**Context**\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\ne\n',
    );
    writeFileSync(
      join(scratch, 'code.ts'),
      '// docs/decisions/26-burn-window.md and decision 26-burn-window.\n',
    );
    expect(checkDecisions(docs)).toEqual([
      '26-burn-window.md: not numbered (NNNN-short-title.md); run `node scripts/decisions-index.mjs --fix`',
    ]);

    const result = fixDecisions(docs, { repoRoot: scratch, area: 'Figures (issue 26)' });
    expect(result.renamed).toEqual([['26-burn-window.md', `${next}-burn-window.md`]]);
    expect(readdirSync(docs)).not.toContain('26-burn-window.md');
    const fixed = readFileSync(join(docs, `${next}-burn-window.md`), 'utf8');
    expect(fixed).toMatch(
      new RegExp(`^# ${next}\\. Burn window\\n\\n- Date: 2026-11-26\\n- Status: Accepted\\n`),
    );
    expect(fixed).toContain('- Area: Figures (issue 26)');
    expect(fixed).toContain('## Context');
    expect(readFileSync(join(scratch, 'code.ts'), 'utf8')).toBe(
      `// docs/decisions/${next}-burn-window.md and decision ${next}-burn-window.\n`,
    );
    expect(checkDecisions(docs)).toEqual([]);
    expect(readFileSync(join(docs, 'README.md'), 'utf8')).toContain(
      `- [${next}](${next}-burn-window.md) Burn window`,
    );
  });

  it('refuses a superseding number that does not exist', () => {
    const docs = join(scratch, 'small');
    cpSync(join(scratch, 'docs', 'decisions'), docs, { recursive: true });
    const { records } = readRecords(docs);
    const first = records[0]!;
    const text = readFileSync(join(docs, first.file), 'utf8').replace(
      /- Status: .*/,
      '- Status: superseded by 9999',
    );
    writeFileSync(join(docs, first.file), text);
    expect(checkDecisions(docs)).toContain(`${first.file}: superseded by 9999, which does not exist`);
  });
});
