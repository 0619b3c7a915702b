import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anomalyEndpoints } from '../anomalies.ts';
import { reconcileEndpoints } from '../reconciliation.ts';
import { endpoints } from './index.ts';

describe('the endpoint map', () => {
  it('takes each call from exactly one area file, and every area file is merged', async () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter(
      (f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'),
    );
    const owner = new Map<string, string>();
    const claim = (key: string, from: string) => {
      expect(owner.get(key), `${key} is in ${owner.get(key)} and ${from}`).toBeUndefined();
      owner.set(key, from);
    };
    // The two feature files that list their own calls, spread into burning.ts.
    const spread = new Set([...Object.keys(anomalyEndpoints), ...Object.keys(reconcileEndpoints)]);
    for (const key of Object.keys(anomalyEndpoints)) claim(key, 'anomalies.ts');
    for (const key of Object.keys(reconcileEndpoints)) claim(key, 'reconciliation.ts');
    for (const file of files) {
      const mod = (await import(`./${file}`)) as Record<string, Record<string, unknown>>;
      const areas = Object.values(mod);
      expect(areas, file).toHaveLength(1);
      for (const key of Object.keys(areas[0]!)) if (!spread.has(key)) claim(key, file);
    }
    expect(Object.keys(endpoints).sort()).toEqual([...owner.keys()].sort());
  });
});
