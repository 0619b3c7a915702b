import { registerBody } from '@pineguard/contract';
import { fits, isPasswordLength } from '../shared/formRules.ts';
import type { Translate } from './messages.ts';

/**
 * Checks before sending a registration: the register endpoint's own schemas from the contract
 * (what the server checks; it checks again and names the field it refuses), and the typed
 * password's length (it crosses the wire as its hash). These bring zod, which the sign-in path
 * does not need: Register.tsx loads this module when its screen opens.
 */
export type RegisterForm = { code: string; account: string; password: string; name: string; phone: string };
export type RegisterProblems = Partial<Record<keyof RegisterForm, string>>;

const isCode = fits(registerBody.shape.code);
const isAccount = fits(registerBody.shape.account);
const isName = fits(registerBody.shape.name);
const isPhone = fits(registerBody.shape.phone);

export function registerProblems(f: RegisterForm, t: Translate): RegisterProblems {
  const out: RegisterProblems = {};
  if (!isCode(f.code)) out.code = t('codeLength');
  if (!isAccount(f.account)) out.account = t('accountRule');
  if (!isPasswordLength(f.password)) out.password = t('passwordRule');
  if (!isName(f.name)) out.name = t('nameRule');
  // Optional: an empty phone is sent as null.
  if (f.phone.trim() && !isPhone(f.phone)) out.phone = t('phoneRule');
  return out;
}
