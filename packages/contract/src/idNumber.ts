/**
 * 居民身份证号 (GB 11643-1999): 6 digits of the region of issue (GB/T 2260), 8 digits of birth date
 * (yyyyMMdd), 3 digits of sequence (the last one odd for men, even for women) and one ISO 7064
 * MOD 11-2 check character (0-9 or X). Pure functions, shared by the server and the web form.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

export type IdNumberProblem = 'idNumberLength' | 'idNumberChecksum' | 'idNumberBirthDate' | 'idNumberRegion';

export type ParsedIdNumber = {
  /** Normalised: upper-case X. */
  idNumber: string;
  regionCode: string;
  /** yyyy-MM-dd */
  birthDate: string;
  /** 1 male, 0 female (the spec's profile convention). */
  sex: 0 | 1;
};

/** The check character of the first 17 digits. */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Parses and checks an ID number. `today` (yyyy-MM-dd, China time) bounds the birth date: a
 * person cannot be born after it, nor before 1900.
 */
export function parseIdNumber(
  raw: string,
  today: string,
): { ok: true; value: ParsedIdNumber } | { ok: false; problem: IdNumberProblem } {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, problem: 'idNumberLength' };
  if (!/^[1-9]\d{5}$/.test(id.slice(0, 6))) return { ok: false, problem: 'idNumberRegion' };
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (y < 1900 || !validDate(y, m, d) || birthDate > today)
    return { ok: false, problem: 'idNumberBirthDate' };
  if (idNumberCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, problem: 'idNumberChecksum' };
  return {
    ok: true,
    value: { idNumber: id, regionCode: id.slice(0, 6), birthDate, sex: Number(id[16]) % 2 === 1 ? 1 : 0 },
  };
}

/** Builds a valid number (demo data, tests): region, yyyyMMdd and a 3-digit sequence. */
export function makeIdNumber(regionCode: string, birth: string, sequence: number): string {
  const first17 = `${regionCode}${birth.replaceAll('-', '')}${String(sequence % 1000).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

/** Lists show 330824********1234: the first 6 and the last 4 characters. */
export function maskIdNumber(id: string): string {
  if (id.length <= 10) return id;
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** Age in whole years on `today` (yyyy-MM-dd). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** Mainland mobile numbers: 11 digits starting 13-19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
