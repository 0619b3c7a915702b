import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document of the app as operations and their fields, for generated sweeps. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
};
export type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type Field = {
  where: 'path' | 'query' | 'body';
  name: string;
  schema?: JsonSchema;
  required: boolean;
};
export type Operation = { method: string; path: string; access: string; hasBody: boolean; fields: Field[] };

export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const access = new Map(
    app.apiRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]),
  );
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const body = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method,
        path,
        access: access.get(`${method} ${path}`) ?? 'public',
        hasBody: Boolean(body),
        fields: [
          ...(op.parameters ?? []).map((p) => ({
            where: p.in as Field['where'],
            name: p.name,
            schema: p.schema,
            required: Boolean(p.required),
          })),
          ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
            where: 'body' as const,
            name,
            schema,
            required: (body?.required ?? []).includes(name),
          })),
        ],
      });
    }
  }
  return out;
}

/** A value that passes the field's schema: `plain` by field name first, then from the schema. */
export function sample(
  schema: JsonSchema | undefined,
  name: string,
  plain: Record<string, unknown> = {},
): unknown {
  if (!schema) return 'x';
  if (name in plain) return plain[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name, plain);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, name, plain),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], key, plain);
      return out;
    }
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-11-01';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Sends one operation with the given field values (path, query and JSON body). */
export async function send(
  app: FastifyInstance,
  op: Operation,
  values: Record<string, unknown>,
  token?: string,
) {
  let url = op.path;
  const query = new URLSearchParams();
  const payload: Record<string, unknown> = {};
  for (const f of op.fields) {
    if (!(f.name in values)) continue;
    const v = values[f.name];
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (f.where === 'path') url = url.replace(`{${f.name}}`, encodeURIComponent(text));
    else if (f.where === 'query') query.set(f.name, text);
    else payload[f.name] = v;
  }
  return app.inject({
    method: op.method as 'POST',
    url: query.size ? `${url}?${query}` : url,
    headers: token ? { token } : {},
    ...(op.hasBody ? { payload } : {}),
  });
}
