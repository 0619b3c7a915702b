import { App, Form, Input, Modal } from 'antd';
import { useT } from '../../locales/index.ts';
import { rules } from '../../shared/formRules.ts';

/**
 * Dormant account-deletion dialog (spec §2): phone required, then a confirmation; cancelling
 * the confirmation says "cancelled". Not wired to a menu or a server call yet: `onConfirm`
 * receives the phone when someone does.
 */
export function AccountDeletionDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (phone: string) => void | Promise<void>;
}) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ phone: string }>();

  const submit = async () => {
    const { phone } = await form.validateFields();
    modal.confirm({
      title: t('common.tip'),
      content: t('deleteAccount.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await onConfirm(phone.trim());
        } catch {
          // The caller (its http client) shows the refusal; the dialog stays open for another try.
          // Rethrowing would reach the page's error log as an uncaught rejection.
          return;
        }
        onClose();
      },
      onCancel: () => {
        message.info(t('deleteAccount.cancelled'));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('deleteAccount.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => submit().catch(() => {})}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="delete-account">
        <Form.Item name="phone" label={t('deleteAccount.phone')} rules={rules.phone(t)}>
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
