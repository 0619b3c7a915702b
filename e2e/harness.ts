import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ensureServerBuilt, serverEntry } from '../apps/server/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const artifactsDir = join(root, 'e2e/artifacts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  /** SIGTERM, then the data directory is removed unless `keep` (the caller then owns it). */
  stop(options?: { keep?: boolean }): Promise<void>;
};

/**
 * Starts the real server (as `npm start` runs it) on a fresh data directory and a free port, or on
 * a copy of `from` (a data directory another server left, e.g. the demo template). Files may run
 * at once: a port taken between the probe and the server's listen is tried again.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { from?: string } = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options.from);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, from?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-e2e-'));
  if (from) cpSync(from, dataDir, { recursive: true });
  const port = await freePort();
  await ensureServerBuilt();
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Wait for the health check to answer; the server exiting first is a failure.
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(r, 250, 'wait'))]);
    if (early !== 'wait') {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${String(early)} before it was ready`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  return {
    url,
    dataDir,
    async stop({ keep = false } = {}) {
      child.kill('SIGTERM');
      await exited;
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot of a journey step under e2e/artifacts (git-ignored, kept by CI). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Calls the server's API directly (setup steps that are not the journey under test). */
export async function api<T>(
  server: RunningServer,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; value: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.value;
}

export type PageOptions = { width?: number; height?: number };

/**
 * What every journey's browser context asks for: less motion, as users can, so menus and dialogs
 * open at once. A click that landed while a dropdown still slid in was lost under CI load (0225).
 */
export const journeyContext = { reducedMotion: 'reduce' } as const;

/** A fresh browser context (own storage and cookies) with one page; Chinese is the default UI. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    ...journeyContext,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'zh-CN',
  });
  return context.newPage();
}

/** The path and query the page is on, for assertions that ignore the origin. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}
