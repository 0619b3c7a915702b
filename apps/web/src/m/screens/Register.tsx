import { clientPasswordHash } from '@pineguard/contract';
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { call } from '../api.ts';
import type { MKey, Translate } from '../messages.ts';
import type { Pending } from '../pending.ts';
import type { RegisterForm, RegisterProblems } from '../registerRules.ts';

/**
 * The checks are the contract's schemas, and zod with them: a chunk of its own, fetched when this
 * screen opens (registering needs the network anyway), so the sign-in path stays small.
 */
const loadRules = () => import('../registerRules.ts');

/** Joining with the project's invitation code: a new account that waits for review. */
export function Register({
  t,
  onBack,
  onRegistered,
}: {
  t: Translate;
  onBack: () => void;
  onRegistered: (p: Pending) => void;
}) {
  const [form, setForm] = useState<RegisterForm>({
    code: '',
    account: '',
    password: '',
    name: '',
    phone: '',
  });
  const [problems, setProblems] = useState<RegisterProblems>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadRules().catch(() => undefined); // fetched now; a failure shows on submit
  }, []);
  const submit = async () => {
    let found: RegisterProblems;
    try {
      found = (await loadRules()).registerProblems(form, t);
    } catch {
      // Offline, and the checks never loaded on this phone: it needs the network once.
      setError(t('noSetup'));
      return;
    }
    setProblems(found);
    setError('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const v = await call<{ id: string; projectName: string }>('POST', '/api/user/register', {
        code: form.code.trim(),
        account: form.account.trim(),
        password: clientPasswordHash(form.password),
        name: form.name.trim(),
        phone: form.phone.trim() || null,
      });
      onRegistered({ account: form.account.trim(), project: v.projectName });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (
    name: keyof RegisterForm,
    label: MKey,
    props: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div className={`m-field${problems[name] ? ' error' : ''}`}>
      <label htmlFor={`reg-${name}`}>{t(label)}</label>
      <input
        id={`reg-${name}`}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        {...props}
      />
      {problems[name] && <div className="m-error">{problems[name]}</div>}
    </div>
  );
  return (
    <main className="m-main">
      <h2>{t('joinWithCode')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {field('code', 'invitationCode', { autoComplete: 'off', maxLength: 8, autoCapitalize: 'characters' })}
        {field('name', 'personName', { autoComplete: 'name', maxLength: 12 })}
        {field('phone', 'phoneOptional', {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          maxLength: 11,
        })}
        {field('account', 'account', { autoComplete: 'username', autoCapitalize: 'none' })}
        {field('password', 'newPassword', { type: 'password', autoComplete: 'new-password' })}
        {error && <div className="m-error">{error}</div>}
        <button className="m-button" type="submit" disabled={busy}>
          {t('register')}
        </button>
      </form>
      <button className="m-button secondary" onClick={onBack}>
        {t('haveAccount')}
      </button>
    </main>
  );
}
