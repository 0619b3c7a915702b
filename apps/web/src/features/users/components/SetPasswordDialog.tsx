import type { UserListItem } from '@pineguard/contract';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../../locales/index.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useSetPassword } from '../api.ts';
import { useUsersT } from '../messages.ts';
import { userRules } from '../rules.ts';

/** A manager sets a user's password (resetPasswordByManager). */
export function SetPasswordDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const t = useUsersT();
  const tc = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ newPassword: string }>();
  const set = useSetPassword();
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const { newPassword } = await form.validateFields();
    try {
      const result = await set.mutateAsync({ id: user.id, newPassword });
      message.success(result.message);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('setPassword.title', { name: user?.name ?? '' })}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={set.isPending}
      onOk={() => submit().catch(() => {})}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="set-password">
        <Form.Item name="newPassword" label={t('form.newPassword')} rules={userRules.password(t)}>
          <Input.Password autoComplete="new-password" maxLength={11} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
