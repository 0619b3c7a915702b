import { App, Form, Input, Modal } from 'antd';
import { useT } from '../../locales/index.ts';
import { rules } from '../../shared/formRules.ts';
import { useAddVisitUser } from './api.ts';

/** Join a project with an 8-character invitation code (spec §5). */
export function AddInvitationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const add = useAddVisitUser();

  const submit = async () => {
    const { code } = await form.validateFields();
    const result = await add.mutateAsync(code);
    if (result.message) message.success(result.message);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => submit().catch(() => {})}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Form form={form} layout="vertical" name="add-invitation">
        <Form.Item name="code" label={t('invite.code')} rules={rules.invitationCode(t)}>
          <Input maxLength={8} showCount autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
