import { fieldLabels, type Lang, type MessageKey, messages, t } from '@pineguard/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A request that did not match its schema; formatted per language in the error handler. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('validation');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates with zod, keeping each issue's input so "missing" can be told from "wrong". Before
 * the schema, every string (and key) of the input is checked for NUL and lone UTF-16 surrogates
 * (PostgreSQL text and jsonb refuse them); after it, every integer field of the schema is checked
 * against PostgreSQL's 32-bit integer range. Both hold for every route without anyone remembering.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const ints = intPaths(schema);
  return (data) => {
    const part = httpPart ?? 'body';
    const bad = badStrings(data);
    if (bad.length) return { error: new RequestValidationError(bad, part) };
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(result.error.issues, part) };
    const wide = outOfRangeInts(result.data, ints);
    if (wide.length) return { error: new RequestValidationError(wide, part) };
    return { value: result.data };
  };
};

export const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);
type Path = (string | number)[];

/** A string PostgreSQL cannot store: NUL, or a UTF-16 surrogate without its pair. */
export function hasBadCharacters(value: string): boolean {
  return value.includes('\u0000') || !(value as string & { isWellFormed(): boolean }).isWellFormed();
}

function customIssue(path: Path, message: string, input: unknown): z.core.$ZodIssue {
  return { code: 'custom', path, message, input } as z.core.$ZodIssue;
}

/** Walks the raw input without recursion (deeply nested input must not overflow the stack). */
function badStrings(data: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: data, path: [] }];
  while (stack.length && issues.length < 10) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasBadCharacters(value)) issues.push(customIssue(path, 'badCharacters', value));
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (hasBadCharacters(k)) issues.push(customIssue(path, 'badCharacters', k));
        else stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return issues;
}

type SchemaNode = { _zod: { def: Record<string, unknown> & { type: string } }; isInt?: boolean };
const intPathCache = new WeakMap<object, Path[]>();

/** Where a schema holds integers: paths of keys, with '*' for every element of a list or record. */
function intPaths(schema: unknown): Path[] {
  if (!schema || typeof schema !== 'object') return [];
  const cached = intPathCache.get(schema);
  if (cached) return cached;
  const out: Path[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: Path) => {
    const s = node as SchemaNode | undefined;
    if (!s?._zod || seen.has(s) || path.length > 16) return;
    seen.add(s);
    const def = s._zod.def;
    switch (def.type) {
      case 'number':
        if (s.isInt) out.push(path);
        break;
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, [...path, k]);
        break;
      case 'array':
        walk(def.element, [...path, '*']);
        break;
      case 'record':
        walk(def.valueType, [...path, '*']);
        break;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        break;
      case 'intersection':
        walk(def.left, path);
        walk(def.right, path);
        break;
      case 'pipe':
        walk(def.in, path);
        walk(def.out, path);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        walk(def.innerType, path);
        break;
    }
    seen.delete(s);
  };
  walk(schema, []);
  intPathCache.set(schema, out);
  return out;
}

function outOfRangeInts(data: unknown, paths: Path[]): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const visit = (value: unknown, rest: Path, at: Path) => {
    if (!rest.length) {
      if (typeof value === 'number' && (value > INT32_MAX || value < INT32_MIN)) {
        issues.push(customIssue(at, 'intOutOfRange', value));
      }
      return;
    }
    const [head, ...tail] = rest;
    if (head === '*') {
      if (Array.isArray(value)) value.forEach((v, i) => visit(v, tail, [...at, i]));
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) visit(v, tail, [...at, k]);
      }
    } else if (value && typeof value === 'object' && Object.hasOwn(value, head as string)) {
      visit((value as Record<string, unknown>)[head as string], tail, [...at, head as string]);
    }
  };
  for (const path of paths) visit(data, path, []);
  return issues;
}

export type FieldError = { field: string; message: string };

export function describeIssues(issues: z.core.$ZodIssue[], lang: Lang): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)';
    return { field, message: describeIssue(issue, lang) };
  });
}

function labelOf(issue: z.core.$ZodIssue, lang: Lang): string {
  const key = [...issue.path].reverse().find((p) => typeof p === 'string');
  if (key === undefined) return lang === 'en' ? 'Request body' : '请求内容';
  return fieldLabels[key]?.[lang] ?? key;
}

const typeNames: Record<string, { 'zh-CN': string; en: string }> = {
  string: { 'zh-CN': '文本', en: 'text' },
  number: { 'zh-CN': '数字', en: 'a number' },
  int: { 'zh-CN': '整数', en: 'an integer' },
  boolean: { 'zh-CN': '布尔值', en: 'true or false' },
  object: { 'zh-CN': '对象', en: 'an object' },
  array: { 'zh-CN': '数组', en: 'a list' },
};

function describeIssue(issue: z.core.$ZodIssue, lang: Lang): string {
  const label = labelOf(issue, lang);
  const zh = lang === 'zh-CN';
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) {
        return zh ? `${label}不能为空` : `${label} is required`;
      }
      const type = typeNames[issue.expected]?.[lang] ?? issue.expected;
      return zh ? `${label}格式不正确，应为${type}` : `${label} must be ${type}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (min <= 1) return zh ? `${label}不能为空` : `${label} is required`;
        return zh ? `${label}长度不能少于 ${min} 个字符` : `${label} must be at least ${min} characters`;
      }
      if (issue.origin === 'array') {
        return zh ? `${label}至少需要 ${min} 项` : `${label} needs at least ${min} items`;
      }
      return zh ? `${label}不能小于 ${min}` : `${label} must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return zh ? `${label}长度不能超过 ${max} 个字符` : `${label} must be at most ${max} characters`;
      }
      if (issue.origin === 'array') {
        return zh ? `${label}最多 ${max} 项` : `${label} allows at most ${max} items`;
      }
      return zh ? `${label}不能大于 ${max}` : `${label} must be at most ${max}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v)).join(zh ? '、' : ', ');
      return zh ? `${label}取值无效，可选：${values}` : `${label} must be one of ${values}`;
    }
    case 'invalid_format':
    case 'invalid_union':
      if (issue.message === 'passwordNotHashed') {
        return zh ? `${label}须经客户端加密后提交` : `${label} must be sent client-hashed`;
      }
      return zh ? `${label}格式不正确` : `${label} has the wrong format`;
    case 'custom':
      // A refinement names a message key from the catalogue.
      if (issue.message === 'badCharacters') {
        return zh
          ? `${label}含有不允许的字符（空字符 U+0000 或不成对的 UTF-16 代理项）`
          : `${label} contains a character that is not allowed (NUL U+0000 or a lone UTF-16 surrogate)`;
      }
      if (issue.message === 'intOutOfRange') {
        return zh
          ? `${label}超出范围，应在 ${INT32_MIN} 到 ${INT32_MAX} 之间`
          : `${label} must be between ${INT32_MIN} and ${INT32_MAX}`;
      }
      if (issue.message in messages) return t(lang, issue.message as MessageKey);
      return zh ? `${label}无效` : `${label} is invalid`;
    case 'unrecognized_keys':
      return zh ? `不支持的字段：${issue.keys.join('、')}` : `Unknown fields: ${issue.keys.join(', ')}`;
    default:
      return zh ? `${label}无效` : `${label} is invalid`;
  }
}
