import type { z } from 'zod';
import { accountEndpoints } from './accounts.ts';
import { burningEndpoints } from './burning.ts';
import { overviewEndpoints } from './overview.ts';
import { projectEndpoints } from './projects.ts';
import { recordEndpoints } from './records.ts';
import { workerEndpoints } from './workers.ts';

/**
 * One API call: its request schema (a JSON body for POST, a query string for GET and DELETE;
 * none when the call takes nothing) and the schema of the envelope's `value`. The server's route
 * declares the same schemas, so a renamed field fails `tsc` on both sides.
 */
export type Endpoint = { body?: z.ZodType; query?: z.ZodType; value: z.ZodType };

/**
 * Every call the web app makes, keyed `METHOD path` exactly as the spec writes the path. Every
 * schema is the one the server's route declares, imported by the area files of this folder from
 * the feature's contract file (never through the package index, which re-exports this map), so
 * each request and reply shape is written once. A key belongs to one area: endpoints.test.ts
 * checks that no two areas (a spread would let the later one win silently) share a key.
 */
export const endpoints = {
  ...accountEndpoints,
  ...projectEndpoints,
  ...workerEndpoints,
  ...recordEndpoints,
  ...burningEndpoints,
  ...overviewEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointKey = keyof typeof endpoints;
type Def<K extends EndpointKey> = (typeof endpoints)[K];

/** What a call takes: the request schema's input type (defaults may be left out), or nothing. */
export type EndpointInput<K extends EndpointKey> =
  Def<K> extends { body: z.ZodType }
    ? z.input<Def<K>['body']>
    : Def<K> extends { query: z.ZodType }
      ? z.input<Def<K>['query']>
      : undefined;

/** What a call resolves with: the envelope's `value`. */
export type EndpointValue<K extends EndpointKey> = z.infer<Def<K>['value']>;
