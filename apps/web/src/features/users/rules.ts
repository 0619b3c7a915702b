import { newAccount, personName, phone, verifyBody } from '@pineguard/contract';
import type { FormRule } from 'antd';
import type { FeatureTranslate } from '../../shared/featureT.ts';
import { check, fits, isPasswordLength } from '../../shared/formRules.ts';
import type { UsersKey } from './messages.ts';

/** The server's rules: the contract's own schemas (users.ts), checked before sending. */
export const isAccount = fits(newAccount);
export const isPhone = fits(phone);
/** The password as typed (it crosses the wire as its hash): spec §5 lengths. */
export const isPassword = isPasswordLength;
export const isPersonName = fits(personName);
const isReason = fits(verifyBody.shape.reason);

type T = FeatureTranslate<UsersKey>;

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
    check(isReason, t('verify.reasonMax')),
  ],
};
