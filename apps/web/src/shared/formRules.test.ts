import { describe, expect, it } from 'vitest';
import { isInvitationCode, isNameLength, isPasswordLength } from './formRules.ts';

describe('spec §5 bounds', () => {
  it('password: 6 to 11 characters', () => {
    expect(isPasswordLength('12345')).toBe(false);
    expect(isPasswordLength('123456')).toBe(true);
    expect(isPasswordLength('12345678901')).toBe(true);
    expect(isPasswordLength('123456789012')).toBe(false);
  });
  it('name: 1 to 12 characters after trimming, Chinese counted per character', () => {
    expect(isNameLength('')).toBe(false);
    expect(isNameLength('   ')).toBe(false);
    expect(isNameLength('周')).toBe(true);
    expect(isNameLength('松'.repeat(12))).toBe(true);
    expect(isNameLength('松'.repeat(13))).toBe(false);
  });
  it('invitation code: exactly 8 characters', () => {
    expect(isInvitationCode('ABCD123')).toBe(false);
    expect(isInvitationCode('ABCD1234')).toBe(true);
    expect(isInvitationCode('ABCD12345')).toBe(false);
  });
});
