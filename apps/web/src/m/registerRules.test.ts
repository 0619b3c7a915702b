import { describe, expect, it } from 'vitest';
import { type MKey, mt } from './messages.ts';
import { type RegisterForm, registerProblems } from './registerRules.ts';

const t = (k: MKey) => mt('zh-CN', k);
const good: RegisterForm = {
  code: 'ABCD2345',
  account: 'zhang.xm',
  password: 'field2026',
  name: '章新民',
  phone: '13905707788',
};
const problems = (change: Partial<RegisterForm>) => registerProblems({ ...good, ...change }, t);

describe('registration checks on the phone (the register endpoint’s rules)', () => {
  it('passes a good form, with or without a phone number', () => {
    expect(problems({})).toEqual({});
    expect(problems({ phone: '' })).toEqual({});
    expect(problems({ phone: '  ' })).toEqual({});
    expect(problems({ code: ' ABCD2345 ', account: ' zhang.xm ', name: ' 章新民 ' })).toEqual({});
  });

  it('wants an invitation code of 8 characters', () => {
    expect(problems({ code: 'ABC' })).toEqual({ code: '邀请码为 8 位' });
    expect(problems({ code: 'ABCD23456' }).code).toBe('邀请码为 8 位');
  });

  it('wants an account of 3–32 letters, digits or . _ @ -', () => {
    for (const account of ['ab', 'a'.repeat(33), 'zhang xm', '章新民', ''])
      expect(problems({ account }).account).toBe('账号为 3–32 位字母、数字或 . _ @ -');
    for (const account of ['abc', 'a'.repeat(32), 'w_1.x@y-z']) expect(problems({ account })).toEqual({});
  });

  it('wants a password of 6–11 characters', () => {
    for (const password of ['12345', '123456789012', ''])
      expect(problems({ password }).password).toBe('密码为 6–11 位');
    for (const password of ['123456', '12345678901']) expect(problems({ password })).toEqual({});
  });

  it('wants a name of at most 12 characters', () => {
    for (const name of ['', '   ', '一二三四五六七八九十一二三'])
      expect(problems({ name }).name).toBe('请输入姓名（最多 12 个字）');
    expect(problems({ name: '一二三四五六七八九十一二' })).toEqual({});
  });

  it('wants a mobile number of 11 digits starting with 1 when one is given', () => {
    for (const phone of ['1390570778', '139057077889', '23905707788', '1390570778a'])
      expect(problems({ phone }).phone).toBe('手机号为 11 位数字');
    expect(problems({ phone: '12905707788' })).toEqual({});
  });
});
