/** The sidebar's background (layout.css `.pg-sidebar`); the selected item must stand out on it. */
export const sidebarBackground = '#304156';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Minimum contrast of the selected item's background against the sidebar. */
export const sidebarSelectedContrast = 2;

/**
 * The background of the selected sidebar item: the theme colour, lightened toward white just as
 * far as it takes to stand out on the dark sidebar (a theme as dark as the sidebar itself, such
 * as the #304156 or #212121 presets, would otherwise make the selection invisible).
 */
export function sidebarSelectedColor(theme: string, background = sidebarBackground): string {
  const rgb = parseHex(theme);
  if (!rgb) return theme;
  for (let step = 0; step <= 10; step += 1) {
    const t = step / 10;
    const mixed = rgb.map((v) => v + (255 - v) * t) as Rgb;
    // White text stays on it: stop before the background gets too light for white text.
    if (contrast(toHex(mixed), background) >= sidebarSelectedContrast) return toHex(mixed);
  }
  return '#ffffff';
}

/**
 * WCAG AA asks 4.5:1 for normal text; the theme colour aims a little higher so that it still
 * passes on antd's pale tints of itself (a selected tab, a processing tag on #f0faff).
 */
export const themeContrast = 5.5;

/**
 * The theme colour as fills with white text and links on white use it: darkened toward black just
 * as far as WCAG AA (4.5:1 against white, aiming at {@link themeContrast}) takes (issue 29: the default #409EFF gives 3.0:1). A
 * colour that already reads is kept.
 */
export function readableOnWhite(theme: string): string {
  const rgb = parseHex(theme);
  if (!rgb) return theme;
  for (let step = 0; step <= 20; step += 1) {
    const t = step / 20;
    const mixed = toHex(rgb.map((v) => v * (1 - t)) as Rgb);
    if (contrast(mixed, '#ffffff') >= themeContrast) return step === 0 ? theme.toLowerCase() : mixed;
  }
  return '#000000';
}
