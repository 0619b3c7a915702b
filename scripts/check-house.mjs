#!/usr/bin/env node
// The house rules a machine can check (issue 27): no import cycle, no source file over 400 lines.
//
//   node scripts/check-house.mjs     prints what it checked and found; exit 1 listing the offenders
//
// (a) Import cycles in the contract, the server and the web, found by dpdm's Node API exactly as
//     `npx dpdm --no-warning --no-tree -T --tsconfig <its tsconfig> '<its src glob>'` finds them:
//     type-only imports are left out (-T, `transform`), as they vanish when compiled.
// (b) Files (.ts, .tsx, .mjs, .js) over 400 lines in the source folders, tests included: a big
//     file is split by what a newcomer looks for. Files a tool writes (node_modules, dist, the
//     migrations' meta snapshots, anything marked @generated) are not ours to split.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

export const MAX_LINES = 400;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Each workspace's sources with the tsconfig that resolves them (path aliases, extensions). */
export const cycleTargets = [
  { name: 'contract', files: 'packages/contract/src/**/*.ts', tsconfig: 'packages/contract/tsconfig.json' },
  { name: 'server', files: 'apps/server/src/**/*.ts', tsconfig: 'apps/server/tsconfig.json' },
  { name: 'web', files: 'apps/web/src/**/*.{ts,tsx}', tsconfig: 'apps/web/tsconfig.json' },
];

/** Where the line limit applies; a `*` stands for any one folder. */
export const lineRoots = ['packages/*/src', 'apps/*/src', 'apps/web/public', 'scripts', 'bench', 'e2e'];

const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** Folders of tool output: installed packages, builds, coverage, e2e screenshots, drizzle's snapshots. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.tmp', 'artifacts']);
const isSkippedDir = (path, name) =>
  SKIPPED_DIRS.has(name) || (name === 'meta' && path.split(sep).includes('migrations'));
/** A file a tool wrote says so near its top. */
const GENERATED = /@generated\b|\bDO NOT EDIT\b/;

/**
 * The cycles of one target, each as its files in import order. A cycle is the same whichever file
 * it is read from, so it is rotated to start at its smallest path (the contract's cycles show up
 * in the server's and the web's analysis too: one entry each).
 */
export async function findCycles(root, target) {
  const tree = await parseDependencyTree(target.files, {
    cwd: root,
    context: root,
    tsconfig: join(root, target.tsconfig),
    transform: true,
    skipDynamicImports: false,
  });
  return parseCircular(tree, false, []).map(canonicalCycle);
}

export function canonicalCycle(files) {
  const paths = files.map((f) => f.split(sep).join('/'));
  const first = paths.indexOf([...paths].sort()[0]);
  return [...paths.slice(first), ...paths.slice(0, first)];
}

/** Every cycle of every target, once. */
export async function allCycles(root = repoRoot, targets = cycleTargets) {
  const seen = new Map();
  const perTarget = {};
  for (const target of targets) {
    const cycles = await findCycles(root, target);
    perTarget[target.name] = cycles.length;
    for (const cycle of cycles) seen.set(cycle.join(' -> '), cycle);
  }
  return { cycles: [...seen.values()], perTarget };
}

/** The folders `lineRoots` names under root (a `*` is one level of folders). */
function expandRoots(root, patterns) {
  const found = [];
  for (const pattern of patterns) {
    let dirs = [''];
    for (const part of pattern.split('/')) {
      dirs = dirs.flatMap((dir) => {
        const entries = safeReaddir(join(root, dir));
        if (part === '*') return entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name));
        return entries.some((e) => e.isDirectory() && e.name === part) ? [join(dir, part)] : [];
      });
    }
    found.push(...dirs);
  }
  return [...new Set(found)];
}

function safeReaddir(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function* sourceFiles(root, dir) {
  for (const entry of safeReaddir(join(root, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedDir(path, entry.name)) yield* sourceFiles(root, path);
    } else if (entry.isFile() && SOURCE.test(entry.name)) {
      yield path;
    }
  }
}

/** Lines as an editor numbers them (a final newline does not start another line). */
export function lineCount(text) {
  if (!text) return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** The source files over `max` lines, longest first, and how many files were checked. */
export function longFiles(root = repoRoot, roots = lineRoots, max = MAX_LINES) {
  const long = [];
  let checked = 0;
  for (const dir of expandRoots(root, roots)) {
    for (const file of sourceFiles(root, dir)) {
      const text = readFileSync(join(root, file), 'utf8');
      if (GENERATED.test(text.slice(0, 500))) continue;
      checked += 1;
      const lines = lineCount(text);
      if (lines > max) long.push({ file: relative(root, join(root, file)).split(sep).join('/'), lines });
    }
  }
  long.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  return { long, checked };
}

async function main() {
  const { cycles, perTarget } = await allCycles();
  const { long, checked } = longFiles();
  const counts = Object.entries(perTarget)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  console.log(`import cycles: ${cycles.length} (${counts})`);
  for (const cycle of cycles) console.log(`  ${[...cycle, cycle[0]].join(' -> ')}`);
  console.log(`files over ${MAX_LINES} lines: ${long.length} of ${checked} checked`);
  for (const { file, lines } of long) console.log(`  ${lines}\t${file}`);
  if (cycles.length || long.length) {
    console.log('house check failed: break the cycles, split the files by what a newcomer looks for');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
