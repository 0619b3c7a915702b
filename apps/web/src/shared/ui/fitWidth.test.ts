import { expect, it } from 'vitest';
import { fitWidth } from './fitWidth.ts';

it('keeps the Chinese layout width and widens a field for a longer English placeholder', () => {
  expect(fitWidth('账号 / 姓名 / 手机号', 200)).toBe(200);
  // 220 px clipped it to "Name / phone / ID num…" in Chromium.
  expect(fitWidth('Name / phone / ID number', 220)).toBeGreaterThan(220);
  expect(fitWidth('Name / phone / ID number', 220)).toBeLessThan(320);
  expect(fitWidth(['Start', 'End'], 100)).toBe(100);
});
