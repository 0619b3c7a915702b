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

/** Validates with zod, keeping each issue's input so "missing" can be told from "wrong". */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

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
      if (issue.message in messages) return t(lang, issue.message as MessageKey);
      return zh ? `${label}无效` : `${label} is invalid`;
    case 'unrecognized_keys':
      return zh ? `不支持的字段：${issue.keys.join('、')}` : `Unknown fields: ${issue.keys.join(', ')}`;
    default:
      return zh ? `${label}无效` : `${label} is invalid`;
  }
}
