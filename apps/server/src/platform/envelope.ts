import type { Envelope } from '@pineguard/contract';

export function ok<T>(value: T, message = 'success'): Envelope<T> {
  return { code: 0, message, value };
}
