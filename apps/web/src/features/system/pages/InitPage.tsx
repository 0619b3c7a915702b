import { Button, Checkbox, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../locales/index.ts';
import { featureMessages } from '../../../shared/featureT.ts';
import { feedback } from '../../../shared/feedback.ts';
import { rules } from '../../../shared/formRules.ts';
import { BarePage } from '../../../shared/ui/BarePage.tsx';
import { demoLoading, type InitForm, useInitialise, useInitStatus } from '../api.ts';
import { DemoLoadProgress } from '../components/DemoLoadProgress.tsx';

const own = featureMessages(
  {
    loadingTitle: '管理员已创建，正在加载演示数据',
    loadingBody: '现在就可以登录：演示数据在后台继续加载，各页面的数据随之增加。加载完成后本页自动转到登录。',
    signInNow: '立即登录',
  },
  {
    loadingTitle: 'The administrator is created; loading the demo data',
    loadingBody:
      'You can sign in now: the demo data keeps loading in the background and the screens fill as it goes. This page moves on to sign-in when it is done.',
    signInNow: 'Sign in now',
  },
);

type FormValues = InitForm & { repeat: string };

/**
 * First run: create the super administrator once, optionally with the demo data. The demo's base
 * (projects, accounts) comes with the answer; its records load in a background job whose progress
 * this page shows, offering to sign in at once and moving on to sign-in when the load is done.
 */
export default function InitPage() {
  const t = useT();
  const ownT = own.useT();
  const navigate = useNavigate();
  const status = useInitStatus();
  const initialise = useInitialise();
  const [form] = Form.useForm<FormValues>();
  /** The account just created here (the page then follows the demo load through to sign-in). */
  const [created, setCreated] = useState<string>();
  const toLogin = () =>
    navigate(created ? `/login?${new URLSearchParams({ account: created })}` : '/login', { replace: true });

  const submit = async ({ repeat: _repeat, ...values }: FormValues) => {
    const done = await initialise.mutateAsync(values);
    const account = values.account.trim();
    if (done.demoLoading) {
      setCreated(account);
      await status.refetch();
      return;
    }
    await status.refetch();
    feedback.message().success(t('init.done'));
    navigate(`/login?${new URLSearchParams({ account })}`, { replace: true });
  };

  const demo = status.data?.demo;
  const loaded = created && demo?.state === 'done';
  useEffect(() => {
    if (!loaded) return;
    feedback.message().success(t('init.done'));
    navigate(`/login?${new URLSearchParams({ account: created })}`, { replace: true });
  }, [loaded, created, navigate, t]);

  if (status.data?.initialised) {
    const loading = demoLoading(status.data);
    return (
      <BarePage title={t('init.title')} width={480}>
        <Result
          status={loading && created ? 'success' : 'info'}
          title={loading && created ? ownT('loadingTitle') : t('init.already')}
          subTitle={loading ? ownT('loadingBody') : t('init.alreadyBody')}
          extra={
            <Button type="primary" onClick={toLogin}>
              {loading ? ownT('signInNow') : t('init.toLogin')}
            </Button>
          }
        >
          {demo && (loading || demo.state === 'failed') && <DemoLoadProgress status={demo} />}
        </Result>
      </BarePage>
    );
  }

  return (
    <BarePage title={t('init.title')} width={480}>
      <p>{t('init.intro')}</p>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ demo: false }}
        onFinish={(v) => submit(v).catch(() => {})}
      >
        <Form.Item
          name="account"
          label={t('init.account')}
          rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        >
          <Input autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('init.name')} rules={rules.name(t, t('init.nameRequired'))}>
          <Input maxLength={12} showCount />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('init.password')}
          rules={rules.newPassword(t, form, 'repeat', t('init.passwordRequired'))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('init.repeat')}
          dependencies={['password']}
          rules={rules.repeatPassword(t, form, 'password', t('init.repeatRequired'))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="demo" valuePropName="checked">
          <Checkbox>{t('init.demo')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={initialise.isPending}>
          {t('init.submit')}
        </Button>
      </Form>
    </BarePage>
  );
}
