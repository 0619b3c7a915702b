import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientHashPattern, clientPasswordHash } from './password.ts';

describe('clientPasswordHash', () => {
  // Vectors: md5 hex of the input, Base64 of that hex text, then "==".
  it.each([
    ['123456', 'ZTEwYWRjMzk0OWJhNTlhYmJlNTZlMDU3ZjIwZjg4M2U==='],
    ['', 'ZDQxZDhjZDk4ZjAwYjIwNGU5ODAwOTk4ZWNmODQyN2U==='],
    ['松材线虫', expectedFor('松材线虫')],
  ])('hashes %j', (input, expected) => {
    expect(clientPasswordHash(input)).toBe(expected);
  });

  it('produces the shape the server accepts', () => {
    expect(clientPasswordHash('admin123')).toMatch(clientHashPattern);
    expect('admin123').not.toMatch(clientHashPattern);
  });
});

// An independent computation through node:crypto, so the vector for non-ASCII input is not
// a copy of the function under test.
function expectedFor(input: string): string {
  const hex = createHash('md5').update(input, 'utf8').digest('hex');
  return `${Buffer.from(hex, 'ascii').toString('base64')}==`;
}
