import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { projectCode } from './projects.ts';

/**
 * QR tags (二维码): generated in batches ("flags"), printed on labels nailed to stumps and wood
 * piles, and named by felling records (field `qrcode`) and burn records (field `multi_qrcode`).
 */
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Most tags one batch may hold (one multi-row insert; one PDF of 10,000 labels). */
export const MAX_TAG_BATCH = 10_000;

/** unused → a felling record names it → a burn record names it. */
export const tagState = z.enum(['unused', 'felled', 'burned']);
export type TagState = z.infer<typeof tagState>;

export const qrListBody = pageQuery.extend({
  prjCode: projectCode.optional(),
  flagId: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  keyWords: z.preprocess(emptyAsUndefined, z.string().trim().max(40).optional()),
});
export type QrListInput = z.input<typeof qrListBody>;

export const qrItem = z.object({
  code: z.string(),
  flagId: z.number().int(),
  flagName: z.string(),
  sectionCode: z.string().nullable(),
  seq: z.number().int(),
  state: tagState,
  /** When a felling record first named the tag (China time), null while unused. */
  felledAt: z.string().nullable(),
  burnedAt: z.string().nullable(),
  createTime: z.string(),
});
export type QrItem = z.infer<typeof qrItem>;
export const qrListValue = z.object({ rows: z.array(qrItem), total: z.number().int() });

export const flagListQuery = z.object({ prjCode: projectCode.optional() });

export type FlagNode = {
  id: number;
  name: string;
  sectionCode: string | null;
  count: number;
  createTime: string;
  children: FlagNode[];
};
export const flagNode: z.ZodType<FlagNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    sectionCode: z.string().nullable(),
    count: z.number().int(),
    createTime: z.string(),
    children: z.array(flagNode),
  }),
);
export const flagListValue = z.array(flagNode);

export const qrAddBody = z
  .object({
    prjCode: projectCode.optional(),
    /** A new batch named so (under `parentId` when given)… */
    flagName: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(40).optional()),
    parentId: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
    /** …or more tags in an existing batch. */
    flagId: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
    sectionCode: z.preprocess(emptyAsUndefined, z.string().max(50).optional()),
    count: z.coerce.number().int().min(1).max(MAX_TAG_BATCH),
    /** Printed before each code, e.g. the county's letters: 1–6 of A–Z and 0–9. */
    prefix: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{1,6}$/)
        .optional(),
    ),
  })
  .refine((b) => Boolean(b.flagName) !== Boolean(b.flagId), {
    path: ['flagName'],
    message: 'flagNameOrId',
  });
export type QrAddInput = z.input<typeof qrAddBody>;
export const qrAddValue = z.object({ flagId: z.number().int(), count: z.number().int(), first: z.string() });

export const qrExportBody = z.object({
  prjCode: projectCode.optional(),
  flagId: z.coerce.number().int().min(1),
  /** pdf: A4 label sheet (default); xlsx: the codes as a spreadsheet. */
  format: z.preprocess(emptyAsUndefined, z.enum(['pdf', 'xlsx']).default('pdf')),
});
export type QrExportInput = z.input<typeof qrExportBody>;

export const qrScanQuery = z.object({ qrcode: z.string().trim().min(1).max(40) });

/** One record of the chain (signed in, same project). */
export const qrChainRecord = z.object({
  id: z.string(),
  tableCode: z.string(),
  tableName: z.string(),
  sectionCode: z.string(),
  timeSubmit: z.string().nullable(),
  state: z.string(),
  collector: z.string(),
  /** The burn point by the name the record stores (field `fsd`), burn records only. */
  burnPoint: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  photos: z.array(z.object({ name: z.string(), url: z.string(), thumbUrl: z.string().nullable() })),
});
export type QrChainRecord = z.infer<typeof qrChainRecord>;

/**
 * What a scan shows. Everyone: whether the code is a tag and its state. Signed in to the tag's
 * project: the project, batch and the records naming it (felling, then burning).
 */
export const qrScanValue = z.object({
  code: z.string(),
  valid: z.boolean(),
  state: tagState.nullable(),
  detailed: z.boolean(),
  projectName: z.string().nullable(),
  flagName: z.string().nullable(),
  sectionCode: z.string().nullable(),
  felling: z.array(qrChainRecord),
  burning: z.array(qrChainRecord),
});
export type QrScanValue = z.infer<typeof qrScanValue>;

/** Crockford base32 without I, L, O, U: easy to read off a label and type. */
export const TAG_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Luhn mod 32 check character over the tag body (catches one wrong character and most swaps). */
export function tagCheckChar(body: string): string {
  const n = TAG_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const cp = TAG_ALPHABET.indexOf(body[i]!);
    if (cp < 0) return '';
    let addend = factor * cp;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / n) + (addend % n);
    sum += addend;
  }
  return TAG_ALPHABET[(n - (sum % n)) % n]!;
}

/** A typed code made canonical: upper case, O→0, I/L→1, spaces dropped. */
export function normaliseTagCode(raw: string): string {
  const code = raw.trim().toUpperCase().replace(/\s+/g, '');
  const cut = code.lastIndexOf('-') + 1;
  return code.slice(0, cut) + code.slice(cut).replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A tag code from a prefix and 10 body characters of TAG_ALPHABET (tests, generators). */
export function tagCodeFor(prefix: string, body: string): string {
  return `${prefix ? `${prefix}-` : ''}${body}${tagCheckChar(body)}`;
}

/** Whether the code's last character is the check character of the 10 before it. */
export function tagCodeWellFormed(code: string): boolean {
  const body = code.includes('-') ? code.slice(code.lastIndexOf('-') + 1) : code;
  if (!/^[0-9A-HJKMNP-TV-Z]{11}$/.test(body)) return false;
  return tagCheckChar(body.slice(0, 10)) === body[10];
}
