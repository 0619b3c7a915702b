import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Text } from '../i18n.ts';
import { messages } from './index.ts';

/** Every area file of this folder: its name and its one exported catalogue. */
async function areas(): Promise<Array<{ file: string; keys: string[] }>> {
  const files = readdirSync(new URL('.', import.meta.url)).filter(
    (f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'),
  );
  return Promise.all(
    files.map(async (file) => {
      const mod = (await import(`./${file}`)) as Record<string, Record<string, Text>>;
      const catalogues = Object.values(mod);
      expect(catalogues, file).toHaveLength(1);
      return { file, keys: Object.keys(catalogues[0]!) };
    }),
  );
}

describe('the message catalogue', () => {
  it('takes each key from exactly one area file, and every area file is merged', async () => {
    const owner = new Map<string, string>();
    for (const { file, keys } of await areas()) {
      for (const key of keys) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${file}`).toBeUndefined();
        owner.set(key, file);
        expect(messages, `${file} is not spread into messages/index.ts`).toHaveProperty(key);
      }
    }
    expect(Object.keys(messages).sort()).toEqual([...owner.keys()].sort());
  });

  it('has both languages, non-empty, for every key', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text['zh-CN'], key).not.toBe('');
      expect(text.en, key).not.toBe('');
    }
  });
});
