import { expect, it } from 'vitest';
import { themePresets } from './settingsStore.ts';
import {
  contrast,
  sidebarBackground,
  sidebarSelectedColor,
  sidebarSelectedContrast,
} from '../shared/themeColors.ts';

it('keeps a bright theme colour as it is for the selected sidebar item', () => {
  expect(sidebarSelectedColor('#409EFF')).toBe('#409eff');
});

it('makes the selected sidebar item stand out on the dark sidebar with every preset, dark ones too', () => {
  for (const preset of themePresets) {
    expect(contrast(sidebarSelectedColor(preset), sidebarBackground)).toBeGreaterThanOrEqual(
      sidebarSelectedContrast,
    );
  }
  // The dark preset equals the sidebar's own colour: used as is the selection would vanish.
  expect(contrast('#304156', sidebarBackground)).toBe(1);
});
