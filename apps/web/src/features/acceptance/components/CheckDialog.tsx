import { type AcceptanceItem, reconcileTables } from '@pineguard/contract';
import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useCheck } from '../api.ts';
import { useAcceptanceT } from '../messages.ts';

type Values = {
  found: boolean;
  stumpCm?: number;
  covered?: boolean;
  branches?: boolean;
  disposal?: boolean;
  remark?: string;
};

/** A check recorded at the PC (a desk inspection, or a paper form typed in later). */
export function CheckDialog({
  sampleId,
  item,
  onClose,
}: {
  sampleId: string;
  item: AcceptanceItem | null;
  onClose: () => void;
}) {
  const t = useAcceptanceT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const check = useCheck();
  const found = Form.useWatch('found', form);
  const felling = item?.tableCode === reconcileTables.felling;
  const yesNo = (
    <Radio.Group
      options={[
        { value: true, label: t('yes') },
        { value: false, label: t('no') },
      ]}
    />
  );
  const submit = async () => {
    if (!item) return;
    const v = await form.validateFields();
    try {
      await check.mutateAsync({ sampleId, recordId: item.recordId, clientId: crypto.randomUUID(), ...v });
      message.success(t('check.saved'));
      onClose();
    } catch {
      // The http client has shown the refusal.
    }
  };
  return (
    <Modal
      open={Boolean(item)}
      title={t('check.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={check.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ found: true }} preserve={false}>
        <Form.Item name="found" label={t('check.found')}>
          {yesNo}
        </Form.Item>
        {found && felling && (
          <>
            <Form.Item name="stumpCm" label={t('check.stump')} rules={[{ required: true }]}>
              <InputNumber min={0} max={500} step={0.5} />
            </Form.Item>
            <Form.Item name="covered" label={t('check.covered')}>
              {yesNo}
            </Form.Item>
            <Form.Item name="branches" label={t('check.branches')}>
              {yesNo}
            </Form.Item>
          </>
        )}
        {found && (
          <Form.Item name="disposal" label={t('check.disposal')}>
            {yesNo}
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('check.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
