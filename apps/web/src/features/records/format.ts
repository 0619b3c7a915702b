/**
 * How the records screens write places (issue 29): sections by name, coordinates to 6 decimals
 * (about 0.1 m), altitude to 1 decimal. Plain functions, tested without rendering.
 */

/** A number given as text or number with `digits` decimals; anything else as it came ('' stays ''). */
export function fixedDigits(value: unknown, digits: number): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (text === '') return '';
  const n = Number(text);
  return Number.isFinite(n) ? n.toFixed(digits) : text;
}

/** Longitude or latitude: 6 decimals (0.1 m on the ground). */
export const formatCoord = (value: unknown) => fixedDigits(value, 6);

/** Altitude in metres: 1 decimal. */
export const formatAlt = (value: unknown) => fixedDigits(value, 1);

export type SectionRef = { code: string; name: string };

/**
 * A section code → its name (第一标段), from a project's sections; a code the list does not know
 * (a section since removed, or the sections not loaded yet) is shown as the code.
 */
export function sectionNamer(sections: readonly SectionRef[] | undefined): (code: string) => string {
  const names = new Map((sections ?? []).map((s) => [s.code, s.name.trim()]));
  return (code) => (code && names.get(code)) || code;
}

/**
 * A section's name without its trailing note in brackets, for a narrow list cell:
 * "第一标段（华埠镇、池淮镇）" → "第一标段" (the whole name stays in the cell's tooltip).
 */
export function shortSectionName(name: string): string {
  const short = name.replace(/\s*[（(][^（()）]*[）)]\s*$/, '').trim();
  return short || name;
}
