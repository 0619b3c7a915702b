import type { ColumnDescriptor } from '@pineguard/contract';
import { Alert, App, Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { formFieldsOf } from '../../../shared/descriptorForm.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useUploadData4PC } from '../api.ts';
import { toWireValue } from '../correction.ts';
import { useRecordsT } from '../messages.ts';
import { uploadedId } from '../../../shared/ui/FileUpload.tsx';
import { DescriptorField, useRuleTexts } from './DescriptorField.tsx';

type Place = {
  __section: string;
  __time: Dayjs;
  __long: number;
  __lat: number;
  __xian?: string;
  __xiang?: string;
};

/**
 * PC entry of one record (POST /api/sync/uploadData4PC {tbName, data}): the place and time of
 * collection, then the fields the table's descriptors define, photos and videos uploaded first
 * (each with its progress) and referenced by file id. The server stores it with state 10 and
 * the §9 defaults.
 */
export function UploadDialog({
  tbName,
  tableName,
  columnList,
  sections,
  defaultSection,
  onClose,
}: {
  tbName: string;
  tableName: string;
  columnList: ColumnDescriptor[];
  sections: { code: string; name: string }[];
  defaultSection?: string | undefined;
  onClose: () => void;
}) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const texts = useRuleTexts();
  const [form] = Form.useForm<Place & Record<string, unknown>>();
  const upload = useUploadData4PC();
  const fields = useMemo(() => formFieldsOf(columnList, texts), [columnList, texts]);

  const submit = async () => {
    const values = await form.validateFields();
    const data: Record<string, unknown> = {
      code_project4: values.__section,
      time_submit: values.__time.toISOString(),
      gps_long: values.__long,
      gps_lat: values.__lat,
      ...(values.__xian?.trim() ? { gps_xian: values.__xian.trim() } : {}),
      ...(values.__xiang?.trim() ? { gps_xiang: values.__xiang.trim() } : {}),
    };
    for (const f of fields) {
      const raw = values[f.name];
      if (f.kind === 'photo' || f.kind === 'video') {
        const files = (raw as UploadFile[] | undefined) ?? [];
        if (files.some((file) => file.status === 'uploading')) {
          message.warning(t('upload.uploading'));
          return;
        }
        const ids = files.map(uploadedId).filter((id): id is string => Boolean(id));
        if (ids.length) data[f.name] = ids.join(',');
        continue;
      }
      const wire = toWireValue(f, raw);
      if (wire !== null) data[f.name] = wire;
    }
    try {
      await upload.mutateAsync({ tbName, data });
    } catch (error) {
      showFieldErrors(form, error);
      return;
    }
    message.success(t('upload.saved'));
    onClose();
  };

  return (
    <Modal
      open
      width={760}
      title={t('upload.title', { table: tableName })}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={upload.isPending}
      okButtonProps={{ 'data-testid': 'upload-ok' } as never}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Form
        form={form}
        layout="vertical"
        name="pcUpload"
        data-testid="upload-form"
        initialValues={{
          __section: defaultSection ?? (sections.length === 1 ? sections[0]?.code : undefined),
          __time: dayjs(),
        }}
      >
        <Divider titlePlacement="start" plain>
          {t('upload.place')}
        </Divider>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="__section"
              label={t('upload.section')}
              rules={[{ required: true, message: t('upload.sectionRequired') }]}
            >
              <Select options={sections.map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="__time"
              label={t('upload.timeSubmit')}
              rules={[{ required: true, message: t('upload.timeRequired') }]}
            >
              <DatePicker
                showTime
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="__long"
              label={t('upload.gpsLong')}
              rules={[{ required: true, message: t('upload.gpsRequired', { label: t('upload.gpsLong') }) }]}
            >
              <InputNumber min={73} max={136} step={0.000001} precision={6} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="__lat"
              label={t('upload.gpsLat')}
              rules={[{ required: true, message: t('upload.gpsRequired', { label: t('upload.gpsLat') }) }]}
            >
              <InputNumber min={3} max={54} step={0.000001} precision={6} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="__xian" label={t('upload.xian')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="__xiang" label={t('upload.xiang')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('upload.fields')}
        </Divider>
        {fields.length === 0 && <Alert type="warning" title={t('correct.noFields')} />}
        {fields.map((f) => (
          <DescriptorField key={f.name} field={f} />
        ))}
      </Form>
    </Modal>
  );
}
