import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Serialises a response with `JSON.stringify` alone, for hot routes whose answer the service
 * builds field by field from typed code (the records list and detail). The route still declares
 * its zod response schema (OpenAPI, types); what it skips is re-parsing every row of every page
 * with zod, which cost more CPU than the page's SQL. The route's tests prove the answer parses
 * to itself under the schema (nothing would be stripped or refused).
 */
export const plainJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Like `plainJson`, for answers a service remembers and hands to every caller of a view as the
 * same object (reconciliation, anomaly pages): the value is serialised once per object, not once
 * per call, and wrapped in each call's envelope.
 */
const serialised = new WeakMap<object, string>();
export const sharedJson: FastifySerializerCompiler<unknown> = () => (data) => {
  const envelope = data as { code?: unknown; message?: unknown; value?: unknown };
  const value = envelope?.value;
  if (!value || typeof value !== 'object') return JSON.stringify(data);
  let json = serialised.get(value);
  if (json === undefined) serialised.set(value, (json = JSON.stringify(value)));
  return `{"code":${JSON.stringify(envelope.code)},"message":${JSON.stringify(envelope.message)},"value":${json}}`;
};
