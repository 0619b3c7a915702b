#!/usr/bin/env node
// The decision records in docs/decisions/: one decision per NNNN-short-title.md, and the index
// (docs/decisions/README.md) generated from them.
//
//   node scripts/decisions-index.mjs          check: every record numbered, dated, with a status,
//                                             an area and the Context / Decision / Consequences
//                                             headings; the index up to date (exit 1 otherwise)
//   node scripts/decisions-index.mjs --fix    give each un-numbered record (e.g. 26-burn-window.md)
//                                             the next number, rewrite references to its old name
//                                             in the repository, and rewrite the index
//   --area "Name"                             with --fix: the area of a renamed record that has none
//
// apps/server/src/platform/decisions.unit.test.ts runs the same check.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INDEX_FILE = 'README.md';
const NUMBERED = /^(\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const META_KEYS = ['date', 'status', 'area'];
const SECTIONS = ['context', 'decision', 'consequences'];
const STATUS = /^(accepted|proposed|deprecated|rejected|superseded by \[?(\d{4})\b)/i;

/** `Date: x`, `- Date: x`, `**Date:** x`, `- **Date**: x` → ['date', 'x']. */
function metaLine(line) {
  const m = /^\s*(?:[-*]\s+)?(?:\*\*)?(date|status|area)(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*?)\s*$/i.exec(line);
  return m && m[2] ? [m[1].toLowerCase(), m[2]] : null;
}

/** A `## Heading` line's lower-cased name, without a trailing colon or full stop. */
function headingName(line) {
  const m = /^##\s+(.+?)\s*[:.]?\s*$/.exec(line);
  return m ? m[1].toLowerCase() : null;
}

/** What a record says about itself: title, metadata, section headings. */
export function parseRecord(text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const titleLine = lines.find((l) => /^#\s+\S/.test(l));
  const meta = {};
  const headings = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = headingName(line);
    if (heading) {
      headings.push(heading);
      // `## Status` with the value on the next non-empty line (the classic ADR layout).
      if (META_KEYS.includes(heading) && !meta[heading]) {
        const value = lines.slice(i + 1).find((l) => l.trim() !== '');
        if (value && !value.startsWith('#')) meta[heading] = value.replace(/^\s*[-*]\s+/, '').trim();
      }
      continue;
    }
    // Metadata lines count only before the first section.
    if (headings.length === 0) {
      const kv = metaLine(line);
      if (kv && !meta[kv[0]]) meta[kv[0]] = kv[1];
    }
  }
  return {
    title: titleLine ? titleLine.replace(/^#\s+/, '').trim() : null,
    date: meta.date ?? null,
    status: meta.status ?? null,
    area: meta.area ?? null,
    headings,
  };
}

/** The records of `dir` (numbered and not) and what is wrong with each. */
export function readRecords(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== INDEX_FILE)
    .sort();
  const records = [];
  const unnumbered = [];
  for (const file of files) {
    const m = NUMBERED.exec(file);
    if (!m) {
      unnumbered.push(file);
      continue;
    }
    const parsed = parseRecord(readFileSync(join(dir, file), 'utf8'));
    const number = m[1];
    const title = parsed.title?.replace(new RegExp(`^${number}\\.?\\s+`), '') ?? '';
    const superseded = parsed.status ? STATUS.exec(parsed.status)?.[2] : undefined;
    records.push({ file, number, slug: m[2], ...parsed, title, supersededBy: superseded ?? null });
  }
  return { records, unnumbered };
}

/** Everything wrong with the records of `dir`, one sentence each; empty when all is well. */
export function checkDecisions(dir) {
  const { records, unnumbered } = readRecords(dir);
  const problems = [];
  for (const file of unnumbered) {
    problems.push(
      `${file}: not numbered (NNNN-short-title.md); run \`node scripts/decisions-index.mjs --fix\``,
    );
  }
  const byNumber = new Map();
  for (const r of records) {
    if (byNumber.has(r.number))
      problems.push(`${r.file}: number ${r.number} is also ${byNumber.get(r.number)}`);
    byNumber.set(r.number, r.file);
  }
  for (const r of records) {
    const text = readFileSync(join(dir, r.file), 'utf8');
    const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
    if (!new RegExp(`^# ${r.number}\\. \\S`).test(first)) {
      problems.push(`${r.file}: the first line must be the title "# ${r.number}. <title>"`);
    }
    if (!r.date || !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) problems.push(`${r.file}: no "Date: YYYY-MM-DD"`);
    if (!r.status || !STATUS.test(r.status)) {
      problems.push(`${r.file}: no "Status: accepted" (or proposed, deprecated, superseded by NNNN)`);
    }
    if (!r.area) problems.push(`${r.file}: no "Area:" (the index groups records by it)`);
    for (const section of SECTIONS) {
      if (!r.headings.some((h) => h === section || h === `${section}s`)) {
        problems.push(`${r.file}: no "## ${section[0].toUpperCase()}${section.slice(1)}" section`);
      }
    }
    if (r.supersededBy) {
      const target = byNumber.get(r.supersededBy);
      if (!target) problems.push(`${r.file}: superseded by ${r.supersededBy}, which does not exist`);
      else if (r.supersededBy === r.number) problems.push(`${r.file}: superseded by itself`);
    }
    for (const [, link] of text.matchAll(/\]\(((?:\d{4}|\d+)-[a-z0-9-]+\.md)(?:#[^)]*)?\)/g)) {
      if (!existsSync(join(dir, link))) problems.push(`${r.file}: links to ${link}, which does not exist`);
    }
  }
  const indexPath = join(dir, INDEX_FILE);
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : '';
  if (unnumbered.length === 0 && index !== renderIndex(records)) {
    problems.push(`${INDEX_FILE}: stale; run \`node scripts/decisions-index.mjs --fix\``);
  }
  return problems;
}

/** The index page: every record, grouped by area (areas in the order of their first record). */
export function renderIndex(records) {
  const sorted = [...records].sort((a, b) => a.number.localeCompare(b.number));
  const areas = new Map();
  for (const r of sorted) {
    const area = r.area ?? 'Other';
    if (!areas.has(area)) areas.set(area, []);
    areas.get(area).push(r);
  }
  const files = new Map(sorted.map((r) => [r.number, r.file]));
  const out = [
    '# Decision records',
    '',
    'One decision per file, `NNNN-short-title.md`: its date, status and area, then **Context**,',
    '**Decision** and **Consequences**. A decision replaced by a later one stays, with the status',
    '`superseded by NNNN`, so the history reads in order. API paths and payloads are in',
    '[../api-notes.md](../api-notes.md); running the system in [../operations.md](../operations.md).',
    '',
    'To add one, write `docs/decisions/<anything>-<short-title>.md` (for example `26-burn-window.md`)',
    'with those headings and run `node scripts/decisions-index.mjs --fix`: it gives the record the',
    'next number, updates references to its old name and rewrites this page.',
    '`apps/server/src/platform/decisions.unit.test.ts` fails on an un-numbered record, a missing heading',
    'or a stale index.',
    '',
    '<!-- Generated by scripts/decisions-index.mjs from the records: edit them, not this list. -->',
    '',
    `${sorted.length} records in ${areas.size} areas:`,
    '',
  ];
  for (const [area, list] of areas) {
    out.push(`- [${area}](#${anchor(area)}) (${list.length})`);
  }
  for (const [area, list] of areas) {
    out.push('', `## ${area}`, '');
    for (const r of list) {
      let line = `- [${r.number}](${r.file}) ${r.title}`;
      if (r.supersededBy) {
        const target = files.get(r.supersededBy);
        line += target
          ? ` — superseded by [${r.supersededBy}](${target})`
          : ` — superseded by ${r.supersededBy}`;
      }
      out.push(line);
    }
  }
  return `${out.join('\n')}\n`;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function slugOf(file) {
  return file
    .replace(/\.md$/, '')
    .replace(/^\d+[-_.]?/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A renamed record in the house layout: `# NNNN. Title`, the Date / Status / Area list, then its
 * sections (metadata written as `## Status` sections moves into the list; `**Context**`-style
 * headings become `## Context`). Missing metadata is filled: today, accepted, `area`.
 */
function normalise(text, number, oldFile, area) {
  const parsed = parseRecord(text);
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const body = [];
  let skipping = false;
  let seenSection = false;
  for (const line of lines) {
    if (/^#\s+\S/.test(line) && !seenSection && !body.some((l) => l.trim())) continue;
    const bolded =
      /^\s*(?:\*\*|###\s+)?(context|decisions?|consequences)(?:\*\*)?\s*[:.]?\s*(?:\*\*)?\s*$/i.exec(line);
    const heading = bolded ? `## ${bolded[1][0].toUpperCase()}${bolded[1].slice(1).toLowerCase()}` : line;
    const name = headingName(heading);
    if (name) {
      seenSection = true;
      skipping = META_KEYS.includes(name);
      if (skipping) continue;
    }
    if (skipping) continue;
    if (!seenSection && (metaLine(line) || !line.trim())) continue;
    body.push(heading);
  }
  const title = (parsed.title ?? slugOf(oldFile).replace(/-/g, ' '))
    .replace(/^(?:ADR[-\s]?)?\d+[.:-]?\s+/i, '')
    .trim();
  const filled = [];
  const date = parsed.date ?? (filled.push('date'), new Date().toISOString().slice(0, 10));
  const status = parsed.status ?? (filled.push('status'), 'accepted');
  const recordArea = parsed.area ?? (filled.push('area'), area);
  const head = [
    `# ${number}. ${title}`,
    '',
    `- Date: ${date}`,
    `- Status: ${status}`,
    `- Area: ${recordArea}`,
    '',
  ];
  return {
    text: `${[...head, ...body]
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`,
    filled,
  };
}

/** Text files of the repository (tracked or new, not ignored) where references may sit. */
function repositoryFiles(root) {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\n');
  } catch {
    // Not a git work tree (a copy): every file under root.
    files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)));
  }
  return (
    files
      .filter((f) => /\.(ts|tsx|mts|js|mjs|md|json|yml|yaml|css|html|sh)$/.test(f))
      .filter((f) => !/(^|\/)(node_modules|dist|\.git)\//.test(f) && f !== 'package-lock.json')
      // This script and its test name un-numbered records as examples: not references to rewrite.
      .filter((f) => !SELF.some((own) => f.endsWith(own)))
  );
}
const SELF = ['scripts/decisions-index.mjs', 'platform/decisions.unit.test.ts'];

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Numbers every un-numbered record (the next numbers, in file-name order), rewrites references
 * to the old names across the repository, and writes the index. Answers what it did.
 */
export function fixDecisions(dir, options = {}) {
  const root = options.repoRoot ?? join(dir, '..', '..');
  const { records, unnumbered } = readRecords(dir);
  let next = records.reduce((max, r) => Math.max(max, Number(r.number)), 0) + 1;
  const renamed = [];
  const notes = [];
  for (const file of unnumbered) {
    const number = String(next++).padStart(4, '0');
    let slug = slugOf(file) || 'decision';
    let target = `${number}-${slug}.md`;
    while (existsSync(join(dir, target))) target = `${number}-${(slug += '-2')}.md`;
    const prefix = /^(\d+)[-_.]/.exec(file)?.[1];
    const area = options.area ?? (prefix ? `Issue ${prefix}` : 'Other');
    const { text, filled } = normalise(readFileSync(join(dir, file), 'utf8'), number, file, area);
    writeFileSync(join(dir, file), text);
    renameSync(join(dir, file), join(dir, target));
    renamed.push([file, target]);
    if (filled.length) notes.push(`${target}: filled ${filled.join(', ')}; check them`);
  }
  const changedFiles = [];
  if (renamed.length) {
    const rules = renamed.flatMap(([from, to]) => {
      const oldBase = from.replace(/\.md$/, '');
      const newBase = to.replace(/\.md$/, '');
      const withExt = [new RegExp(`(?<![\\w-])${escapeRegExp(from)}`, 'g'), to];
      // The bare name (`decision 26-burn-window`) only when it is distinctive: a numeric prefix.
      return /^\d+[-_.]/.test(from)
        ? [withExt, [new RegExp(`(?<![\\w-])${escapeRegExp(oldBase)}(?![\\w-])`, 'g'), newBase]]
        : [withExt];
    });
    for (const rel of repositoryFiles(root)) {
      const path = join(root, rel);
      if (!existsSync(path) || relative(dir, path) === INDEX_FILE) continue;
      const before = readFileSync(path, 'utf8');
      let after = before;
      for (const [pattern, replacement] of rules) after = after.replace(pattern, replacement);
      if (after !== before) {
        writeFileSync(path, after);
        changedFiles.push(rel);
      }
    }
  }
  const { records: all } = readRecords(dir);
  writeFileSync(join(dir, INDEX_FILE), renderIndex(all));
  return { renamed, changedFiles, notes };
}

function main(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = join(here, '..');
  const dir = join(root, 'docs', 'decisions');
  if (argv.includes('--fix')) {
    const areaAt = argv.indexOf('--area');
    const area = areaAt >= 0 ? argv[areaAt + 1] : undefined;
    const { renamed, changedFiles, notes } = fixDecisions(dir, { repoRoot: root, area });
    for (const [from, to] of renamed) console.log(`renamed ${from} → ${to}`);
    for (const file of changedFiles) console.log(`references updated in ${file}`);
    for (const note of notes) console.log(note);
    console.log(`index written: docs/decisions/${INDEX_FILE}`);
  }
  const problems = checkDecisions(dir);
  for (const p of problems) console.error(`docs/decisions/${p}`);
  if (problems.length) process.exitCode = 1;
  else console.log(`${readRecords(dir).records.length} decision records, index up to date`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
