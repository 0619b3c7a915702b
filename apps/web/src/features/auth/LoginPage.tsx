import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { BarePage } from '../../shared/ui/BarePage.tsx';
import { type LoginForm, useInitStatus, useLogin } from './api.ts';

/** Only same-site paths may come back through ?redirect=, never another origin. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const init = useInitStatus();
  const login = useLogin();
  const setToken = useSession((s) => s.setToken);
  const notInitialised = init.data?.initialised === false;

  // A fresh system has nobody to sign in: go straight to creating the super administrator, as
  // the README says (issue 29; it was a small banner with a button before).
  useEffect(() => {
    if (notInitialised) navigate('/init', { replace: true });
  }, [notInitialised, navigate]);

  const submit = async (form: LoginForm) => {
    const { token } = await login.mutateAsync(form);
    setToken(token);
    // The guard loads the user's info and, without a project, stops at /selectProject.
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  return (
    <BarePage title={t('login.title')}>
      <Form<LoginForm>
        layout="vertical"
        initialValues={{ account: params.get('account') ?? '' }}
        onFinish={(v) => submit(v).catch(() => {})}
        autoComplete="on"
        size="large"
      >
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
    </BarePage>
  );
}
