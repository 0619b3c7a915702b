import { Button, Checkbox, Form, Input, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';
import { feedback } from '../../shared/feedback.ts';
import { rules } from '../../shared/formRules.ts';
import { BarePage } from '../../shared/ui/BarePage.tsx';
import { type InitForm, useInitialise, useInitStatus } from './api.ts';

type FormValues = InitForm & { repeat: string };

/** First run: create the super administrator once, optionally with the demo data. */
export default function InitPage() {
  const t = useT();
  const navigate = useNavigate();
  const status = useInitStatus();
  const initialise = useInitialise();
  const [form] = Form.useForm<FormValues>();

  const submit = async ({ repeat: _repeat, ...values }: FormValues) => {
    await initialise.mutateAsync(values);
    await status.refetch();
    feedback.message().success(t('init.done'));
    navigate(`/login?${new URLSearchParams({ account: values.account.trim() })}`, { replace: true });
  };

  if (status.data?.initialised) {
    return (
      <BarePage title={t('init.title')}>
        <Result
          status="info"
          title={t('init.already')}
          subTitle={t('init.alreadyBody')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('init.toLogin')}
            </Button>
          }
        />
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
