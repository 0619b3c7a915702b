import type { FormInstance, FormRule } from 'antd';
import type { Translate } from '../locales/index.ts';
import { limits } from './config.ts';

/**
 * Form rules of spec §5 with their messages, in one place so the profile drawer, the password
 * and invitation dialogs and the first-run page say the same thing.
 */
export const isPasswordLength = (v: string) =>
  v.length >= limits.passwordMin && v.length <= limits.passwordMax;
export const isNameLength = (v: string) => v.trim().length >= 1 && v.trim().length <= limits.nameMax;
export const isInvitationCode = (v: string) => v.length === limits.invitationCodeLength;

/** An antd rule from a predicate: empty values pass (pair it with `required` where needed). */
export const check = (ok: (v: string) => boolean, message: string): FormRule => ({
  validator: (_, value: string | undefined) =>
    !value || ok(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Anything with zod's `safeParse`: the contract's schemas, without the web importing zod itself. */
type Schema = { safeParse(value: unknown): { success: boolean } };

/** Whether a value passes a contract schema: the very check the server makes. */
export const fits =
  (schema: Schema) =>
  (value: unknown): boolean =>
    schema.safeParse(value).success;

/** An antd rule from a contract schema (or one field of it): empty values pass. */
export const schemaRule = (schema: Schema, message: string): FormRule => check(fits(schema), message);

export const rules = {
  /** `required`: the words for an empty field where "请输入用户名" is not what the field asks. */
  name: (t: Translate, required = t('profile.nameRequired')): FormRule[] => [
    { required: true, whitespace: true, message: required },
    check(isNameLength, t('profile.nameLength')),
  ],
  oldPassword: (t: Translate): FormRule[] => [
    { required: true, message: t('password.oldRequired') },
    check(isPasswordLength, t('password.length')),
  ],
  /**
   * New password: when the repeat is filled in, they must match. The repeat field declares
   * `dependencies` on this one, so it is re-checked by the form itself (calling validateFields
   * from here would cancel a submit in progress).
   */
  newPassword: (
    t: Translate,
    form: FormInstance,
    repeatField = 'repeat',
    required = t('password.newRequired'),
  ): FormRule[] => [
    { required: true, message: required },
    check(isPasswordLength, t('password.length')),
    {
      validator: (_, value: string | undefined) => {
        const repeat: string | undefined = form.getFieldValue(repeatField);
        return repeat && value !== repeat
          ? Promise.reject(new Error(t('password.mismatch')))
          : Promise.resolve();
      },
    },
  ],
  repeatPassword: (
    t: Translate,
    form: FormInstance,
    newField = 'newPassword',
    required = t('password.repeatRequired'),
  ): FormRule[] => [
    { required: true, message: required },
    check(isPasswordLength, t('password.length')),
    {
      validator: (_, value: string | undefined) =>
        !value || value === form.getFieldValue(newField)
          ? Promise.resolve()
          : Promise.reject(new Error(t('password.mismatch'))),
    },
  ],
  invitationCode: (t: Translate): FormRule[] => [
    { required: true, whitespace: true, message: t('invite.required') },
    check(isInvitationCode, t('invite.length')),
  ],
  phone: (t: Translate): FormRule[] => [
    { required: true, whitespace: true, message: t('deleteAccount.phoneRequired') },
  ],
};
