import type { FormInstance } from 'antd';
import { ApiError } from './http.ts';

/**
 * A validation answer (40000) carries `value.fields`: each message goes under its field, so
 * the user sees it where they typed (the http client has shown the whole message already).
 * Fields the form does not have are left to that message.
 */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError) || error.fields.length === 0) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = error.fields
    .map((f) => ({ name: f.field.split('.')[0] ?? f.field, errors: [f.message] }))
    .filter((f) => known.has(f.name));
  if (fields.length) form.setFields(fields);
}
