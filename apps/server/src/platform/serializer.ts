import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Serialises a response with `JSON.stringify` alone, for hot routes whose answer the service
 * builds field by field from typed code (the records list and detail). The route still declares
 * its zod response schema (OpenAPI, types); what it skips is re-parsing every row of every page
 * with zod, which cost more CPU than the page's SQL. The route's tests prove the answer parses
 * to itself under the schema (nothing would be stripped or refused).
 */
export const plainJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
