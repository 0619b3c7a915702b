import type {
  AnomalyKind,
  AnomalyListValue,
  EvidenceStatusValue,
  InitStatusValue,
} from '@pineguard/contract';
import type { Browser } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, demoPassword, initWithDemo, signIn, useServer } from './journeys.ts';

/**
 * What a county user meets of the evidence checks in the demo (issue 30): a fresh demo (at a
 * twentieth of its size, loaded from /init as the first-run page loads it) shows in 疑点 each
 * planted evidence kind with its evidence — the reused photo beside its original, the two times,
 * the record on the map with its section's outline — the section manager has been told (a notice per run of the check), and the
 * project administrator changes a threshold in the project form, after which every record is
 * checked again and the photo 2.5 km away is no longer too far. 1366×768.
 */
let server: RunningServer;
let browser: Browser;
let admin = '';

const planted: AnomalyKind[] = ['photo_duplicate', 'photo_time', 'photo_place', 'outside_section'];
const list = (kind: AnomalyKind, state = 'open') =>
  api<AnomalyListValue>(server, '/api/anomaly/list', { anomalyKind: kind, state, pageSize: 50 }, admin);

useServer(
  async (s, b) => {
    server = s;
    browser = b;
    await initWithDemo(server, 'admin', 'admin123', 0.05);
  },
  { demo: false },
);

// The demo load (a background job) reports its state at /api/system/init, as the page reads it:
// minutes on a busy machine, longer than the server's own start-up hook may take.
beforeAll(async () => {
  const until = Date.now() + 480_000;
  for (;;) {
    const state = (await api<InitStatusValue>(server, '/api/system/init')).demo?.state;
    if (state === 'done') break;
    if (state === 'failed' || Date.now() > until) throw new Error(`demo load ${state ?? 'missing'}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  admin = await apiSignIn(server, 'demo_admin', { project: 'KH2026' });
}, 500_000);

it('shows each planted evidence kind of the demo in 疑点 with its evidence, and tells the section manager', async () => {
  // The load checks its planted records before it says done: no waiting for the background check.
  for (const kind of planted) expect((await list(kind)).list.length, kind).toBeGreaterThan(0);
  const pc = await newPage(browser, { width: 1366, height: 768 });
  await pc.goto(`${server.url}/login`);
  await signIn(pc, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  const drawer = pc.getByTestId('evidence-drawer');
  const evidenceOf: Record<AnomalyKind, string> = {
    photo_duplicate: 'evidence-side-by-side',
    photo_time: 'evidence-times',
    photo_place: 'evidence-map',
    outside_section: 'evidence-map',
  } as Record<AnomalyKind, string>;
  for (const kind of planted) {
    await pc.goto(`${server.url}/anomalies?anomalyKind=${kind}&state=open`);
    const table = pc.getByTestId('anomaly-table');
    await table.locator('[data-testid^="open-evidence-"]').first().waitFor();
    await pc.getByTestId('evidence-summary').waitFor();
    if (kind === 'photo_duplicate') await snap(pc, 'evidence-demo-01-list');
    await table.locator('[data-testid^="open-evidence-"]').first().click();
    await drawer.getByTestId(evidenceOf[kind]).waitFor();
    const sentence = (await drawer.getByTestId('evidence-sentence').textContent()) ?? '';
    if (kind === 'photo_duplicate') {
      const marked = drawer.getByTestId('evidence-photo-marked');
      await expect.poll(() => marked.count()).toBe(2);
      await expect
        .poll(() =>
          marked
            .locator('img')
            .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
        )
        .toEqual([true, true]);
      expect(await drawer.textContent()).toContain('关联记录（原始照片）');
    } else if (kind === 'outside_section') {
      expect(sentence).toMatch(/\d+ ?米/);
      // The section has its outline: the drawer does not say it is missing.
      expect(await drawer.textContent()).not.toContain('未导入边界');
    } else if (kind === 'photo_place') expect(sentence).toMatch(/\d+ ?米/);
    if (evidenceOf[kind] === 'evidence-map') {
      // The section's outline and the record's marker drawn on the map (the map loads lazily).
      const paths = drawer.locator('.leaflet-overlay-pane path');
      await expect.poll(() => paths.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    }
    // The drawer's slide-in and the images' fade finished before the picture is taken.
    await pc.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    await snap(pc, `evidence-demo-${kind}`);
    await pc.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  }
  await pc.context().close();

  // KH-BD01's manager heard of its evidence anomalies once, with a link to them in 疑点.
  const bd = await apiSignIn(server, 'demo_bd', { project: 'KH2026' });
  const notices = await api<{ list: { text: string; link: string }[] }>(
    server,
    '/api/notice/list',
    { pageNum: 1, pageSize: 50, noticeKind: 'anomaliesFound' },
    bd,
  );
  // One per run of the check: the background check runs beside the load and may raise some of
  // them first, so the load's own check of its planted records can be a second run.
  const evidence = notices.list.filter((n) => n.text.startsWith('证据检查'));
  expect(evidence.length).toBeGreaterThanOrEqual(1);
  expect(evidence.length).toBeLessThanOrEqual(3);
  for (const n of evidence)
    expect(n.link).toMatch(/^\/anomalies\?(anomalyKind=\w+&)?sectionCode=KH-BD01&state=open$/);
  const phone = await newPage(browser, { width: 1366, height: 768 });
  await phone.goto(`${server.url}/login`);
  await signIn(phone, 'demo_bd', demoPassword, 'KH2026', '/dashboard');
  await phone.goto(`${server.url}${evidence[0]!.link}`);
  await phone.getByTestId('anomaly-table').locator('[data-testid^="open-evidence-"]').first().waitFor();
  await snap(phone, 'evidence-demo-05-manager-notice-link');
  await phone.context().close();
}, 300_000);

it('edits a threshold in the project form; every record is checked again', async () => {
  const far = (await list('photo_place')).list.filter((a) => Number(a.evidence.distanceM) > 2000);
  expect(far.length).toBeGreaterThan(0);
  const pc = await newPage(browser, { width: 1366, height: 768 });
  await pc.goto(`${server.url}/login`);
  await signIn(pc, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  await pc.goto(`${server.url}/anomalies`);
  await pc.getByTestId('evidence-edit').click();
  await pc.getByTestId('project-center').waitFor();
  const field = pc.getByTestId('evidence-photoPlaceM');
  await field.waitFor();
  await expect.poll(() => field.inputValue()).toBe('50');
  await field.fill('3000');
  await snap(pc, 'evidence-demo-06-project-form');
  await pc.getByRole('button', { name: /保\s*存/ }).click();
  await pc.getByText('证据阈值已保存，正在重新检查全部记录').waitFor();
  const status = await api<EvidenceStatusValue>(server, '/api/evidence/status', undefined, admin);
  expect(status.settings.photoPlaceM).toBe(3000);
  // The re-run clears the photo taken 2.5 km away (now within 3 km); the others stay.
  await expect
    .poll(async () => (await list('photo_place')).list.map((a) => a.id), { timeout: 240_000, interval: 1000 })
    .not.toContain(far[0]!.id);
  expect((await list('photo_duplicate')).list.length).toBeGreaterThan(0);
  expect((await list('outside_section')).list.length).toBeGreaterThan(0);
  await pc.goto(`${server.url}/anomalies`);
  await expect.poll(() => pc.getByTestId('evidence-summary').textContent()).toContain('3000 米');
  await snap(pc, 'evidence-demo-07-summary');
  await pc.context().close();
}, 300_000);
