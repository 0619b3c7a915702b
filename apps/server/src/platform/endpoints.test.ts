import { endpoints, splitEndpoint, type EndpointKey } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** The contract's endpoint map (what the web calls) names only routes the server serves. */
describe('the contract endpoint map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a served route for every key, with a body exactly where the route reads one', () => {
    const served = new Map(t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const keys = Object.keys(endpoints) as EndpointKey[];
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) {
      const route = served.get(key);
      expect(route, key).toBeDefined();
      const { method } = splitEndpoint(key);
      if (method === 'POST' && 'body' in endpoints[key]) expect(route?.hasBody, key).toBe(true);
    }
  });
});
