import type { FormRule } from 'antd';
import type { FeatureTranslate } from '../../shared/featureT.ts';
import type { UsersKey } from './messages.ts';

/** The server's rules (contract users.ts), checked before sending. */
export const accountPattern = /^[A-Za-z0-9_.@-]{3,32}$/;
export const phonePattern = /^1\d{10}$/;
export const isAccount = (v: string) => accountPattern.test(v.trim());
export const isPhone = (v: string) => phonePattern.test(v.trim());
export const isPassword = (v: string) => v.length >= 6 && v.length <= 11;
export const isPersonName = (v: string) => v.trim().length >= 1 && v.trim().length <= 12;

type T = FeatureTranslate<UsersKey>;

const check = (ok: (v: string) => boolean, message: string): FormRule => ({
  validator: (_, value: string | undefined) =>
    !value || ok(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

export const userRules = {
  account: (t: T): FormRule[] => [
    { required: true, whitespace: true, message: t('form.accountRequired') },
    check(isAccount, t('form.accountFormat')),
  ],
  password: (t: T): FormRule[] => [
    { required: true, message: t('form.passwordRequired') },
    check(isPassword, t('form.passwordLength')),
  ],
  name: (t: T): FormRule[] => [
    { required: true, whitespace: true, message: t('form.nameRequired') },
    check(isPersonName, t('form.nameLength')),
  ],
  /** Optional: an empty phone is sent as null. */
  phone: (t: T): FormRule[] => [check(isPhone, t('form.phoneFormat'))],
  roles: (t: T, required: boolean): FormRule[] => [
    ...(required
      ? [{ required: true, type: 'array' as const, min: 1, message: t('form.rolesRequired') }]
      : []),
    { type: 'array', max: 10, message: t('form.rolesMax') },
  ],
  reason: (t: T): FormRule[] => [
    { required: true, whitespace: true, message: t('verify.reasonRequired') },
    { max: 200, message: t('verify.reasonMax') },
  ],
};
