import { ACCEPTANCE_DEFAULT_SHARE_PCT, type AcceptanceSampleDetail } from '@pineguard/contract';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDraw, useSectionChoices } from '../api.ts';
import { useAcceptanceT } from '../messages.ts';

type Values = {
  sectionCodes: string[];
  range: [Dayjs, Dayjs];
  sharePct: number;
  includeBurning: boolean;
  seed?: string;
  name?: string;
};

/**
 * The draw: sections (none chosen = all), the records' dates, the share (10 % by default), burns
 * too or not, and an optional seed. The server refuses a bad share, range or section naming the
 * field; the form shows it beside that field.
 */
export function DrawDialog({
  open,
  onClose,
  onDrawn,
}: {
  open: boolean;
  onClose: () => void;
  onDrawn: (sample: AcceptanceSampleDetail) => void;
}) {
  const t = useAcceptanceT();
  const [form] = Form.useForm<Values>();
  const sections = useSectionChoices();
  const draw = useDraw();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const sample = await draw.mutateAsync({
        sectionCodes: v.sectionCodes ?? [],
        begin: v.range[0].format('YYYY-MM-DD'),
        end: v.range[1].format('YYYY-MM-DD'),
        sharePct: v.sharePct,
        includeBurning: v.includeBurning,
        seed: v.seed || undefined,
        name: v.name || undefined,
      });
      form.resetFields();
      onDrawn(sample);
    } catch {
      // The http client has shown the server's refusal (naming the field).
    }
  };
  return (
    <Modal
      open={open}
      title={t('draw.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('draw')}
      confirmLoading={draw.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('draw.rule')} style={{ marginBottom: 12 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          sectionCodes: [],
          range: [dayjs().subtract(29, 'day'), dayjs()],
          sharePct: ACCEPTANCE_DEFAULT_SHARE_PCT,
          includeBurning: false,
        }}
      >
        <Form.Item name="sectionCodes" label={t('draw.sections')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('draw.sectionsAll')}
            loading={sections.isLoading}
            options={(sections.data?.list ?? []).map((s) => ({ value: s.code, label: s.name || s.code }))}
            data-testid="draw-sections"
          />
        </Form.Item>
        <Form.Item name="range" label={t('draw.range')} rules={[{ required: true }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="draw-range" />
        </Form.Item>
        <Form.Item name="sharePct" label={t('draw.share')} rules={[{ required: true }]}>
          <InputNumber min={0.1} max={100} step={1} style={{ width: 160 }} data-testid="draw-share" />
        </Form.Item>
        <Form.Item name="includeBurning" valuePropName="checked">
          <Checkbox>{t('draw.burning')}</Checkbox>
        </Form.Item>
        <Form.Item name="seed" label={t('draw.seed')} extra={t('draw.seedHelp')}>
          <Input maxLength={64} data-testid="draw-seed" />
        </Form.Item>
        <Form.Item name="name" label={t('draw.name')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
