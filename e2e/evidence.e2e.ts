import type { AnomalyListValue } from '@pineguard/contract';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { reworked, treePhoto } from '../apps/server/src/features/evidence/testPhotos.ts';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * Evidence (issue 30): a photo reused on a second record — the first record's photo cropped,
 * resized and recompressed, as a worker re-sending an old picture would — is found by the
 * background check after upload, and the 疑点 list opens both photos side by side (1366×768).
 */
let server: RunningServer;
let browser: Browser;
let second = '';
let admin = '';

useServer(async (s, b) => {
  server = s;
  browser = b;
  admin = await apiSignIn(server, 'demo_admin');
  const now = Date.now();
  const exif = (ms: number) => {
    const d = new Date(now - ms + 8 * 3600_000).toISOString();
    return `${d.slice(0, 10).replaceAll('-', ':')} ${d.slice(11, 19)}`;
  };
  const original = await treePhoto(
    4242,
    { takenAt: exif(3 * 3600_000), lat: 29.14, lng: 118.41 },
    [1024, 768],
  );
  const copy = await reworked(original, { crop: 0.04, width: 800, quality: 60 });
  const first = await apiUploadPhoto(server, admin, original, { name: 'tree.jpg', type: 'image/jpeg' });
  const again = await apiUploadPhoto(server, admin, copy, { name: 'tree-again.jpg', type: 'image/jpeg' });
  second = crypto.randomUUID();
  const survey = (uuid: string, photo: string, hoursAgo: number, long: number) => ({
    uuid,
    tableCode: 'gbksdc0101',
    sectionCode: 'KH-BD01',
    timeSubmit: new Date(now - hoursAgo * 3600_000).toISOString(),
    gps: { long, lat: 29.14, alt: 300, range: 5 },
    fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [photo] },
  });
  const sent = await api<{ results: { status: string }[] }>(
    server,
    '/api/collect/records',
    { records: [survey(crypto.randomUUID(), first, 2, 118.41), survey(second, again, 1, 118.4102)] },
    admin,
  );
  expect(sent.results.map((r) => r.status)).toEqual(['created', 'created']);
});

it('shows a planted reused photo in 疑点 with both photos side by side', async () => {
  // The upload answered at once; the check runs in the background (the worker polls each second).
  await expect
    .poll(
      async () =>
        (
          await api<AnomalyListValue>(server, '/api/anomaly/list', { anomalyKind: 'photo_duplicate' }, admin)
        ).list.map((a) => a.recordId),
      { timeout: 60_000, interval: 500 },
    )
    .toContain(second);
  const pc = await newPage(browser, { width: 1366, height: 768 });
  await pc.goto(`${server.url}/login`);
  await signIn(pc, 'demo_jianli', demoPassword, 'KH2026', '/dashboard');
  await pc.goto(`${server.url}/anomalies?anomalyKind=photo_duplicate`);
  const table = pc.getByTestId('anomaly-table');
  await table.getByText('照片重复使用').first().waitFor();
  await snap(pc, 'evidence-list');
  await pc.locator('[data-testid^="open-evidence-"]').first().click();
  const drawer = pc.getByTestId('evidence-drawer');
  await drawer.getByTestId('evidence-side-by-side').waitFor();
  const marked = drawer.getByTestId('evidence-photo-marked');
  await expect.poll(() => marked.count()).toBe(2);
  // Both images loaded (signed media URLs served), one per record, side by side.
  await expect
    .poll(() =>
      marked.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true]);
  const boxes = await marked.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  expect(Math.abs(boxes[0]! - boxes[1]!)).toBeGreaterThan(300);
  expect(await drawer.getByTestId('evidence-sentence').textContent()).toContain('与另一条记录的照片相同');
  expect(await drawer.textContent()).toContain('关联记录（原始照片）');
  await snap(pc, 'evidence-duplicate');
  await pc.context().close();
});
