import { App, Form, Input, Modal } from 'antd';
import { useT } from '../../locales/index.ts';
import { rules } from '../../shared/formRules.ts';
import { useChangePassword } from './api.ts';

type Values = { oldPassword: string; newPassword: string; repeat: string };

/**
 * Change password (spec §4/§5): old, new, repeat, 6–11 characters, new must match repeat.
 * On success the server has ended the user's other sessions; the user is asked whether to
 * log in again here too (confirm: log in again; cancel: just close).
 */
export function ChangePasswordDialog({
  open,
  onClose,
  onRelogin,
}: {
  open: boolean;
  onClose: () => void;
  onRelogin: () => void;
}) {
  const t = useT();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const submit = async () => {
    const values = await form.validateFields();
    await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    form.resetFields();
    onClose();
    modal.confirm({
      title: t('common.tip'),
      content: t('password.relogin'),
      okText: t('password.reloginOk'),
      cancelText: t('common.cancel'),
      onOk: onRelogin,
    });
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => submit().catch(() => {})}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="change-password">
        <Form.Item name="oldPassword" label={t('password.old')} rules={rules.oldPassword(t)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={rules.newPassword(t, form)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('password.repeat')}
          dependencies={['newPassword']}
          rules={rules.repeatPassword(t, form)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
