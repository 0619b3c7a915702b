import { chinaToday, type SafetyKind, safetyKinds } from '@pineguard/contract';
import { App, Col, DatePicker, Form, Input, Modal, Row, Select, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { FileUpload, normFiles, uploadedId } from '../../../shared/ui/FileUpload.tsx';
import { useDebounced } from '../../../shared/useDebounced.ts';
import { useSaveSafety, useSections, useWorkerOptions } from '../api.ts';
import { day } from '../day.ts';
import { useSafetyT } from '../messages.ts';

type Values = {
  kind: SafetyKind;
  topic: string;
  heldOn: Dayjs;
  place?: string;
  host?: string;
  sectionCode?: string;
  content?: string;
  /** Chosen with their labels, so they keep their names when the search changes. */
  attendees?: { value: string; label: string }[];
  photos?: UploadFile[];
};

/** A new ledger entry: kind, topic, day, place, section, attendees (workers of the section) and photos. */
export function SafetyAddDialog({ onClose }: { onClose: () => void }) {
  const t = useSafetyT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSafety();
  const sections = useSections();
  const sectionCode = Form.useWatch('sectionCode', form);
  const [keyword, setKeyword] = useState('');
  const workers = useWorkerOptions(useDebounced(keyword, 300), sectionCode);

  const submit = async () => {
    const v = await form.validateFields();
    const photoIds = (v.photos ?? []).map(uploadedId).filter((id): id is string => Boolean(id));
    try {
      await save.mutateAsync({
        kind: v.kind,
        topic: v.topic,
        heldOn: day(v.heldOn),
        place: v.place ?? '',
        host: v.host ?? '',
        sectionCode: v.sectionCode ?? null,
        content: v.content ?? '',
        attendeeIds: (v.attendees ?? []).map((a) => a.value),
        photoIds,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('form.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'briefing', heldOn: dayjs(chinaToday()) }}
        data-testid="safety-form"
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="kind" label={t('col.kind')}>
              <Select options={safetyKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="topic"
              label={t('col.topic')}
              rules={[
                { required: true, whitespace: true, message: t('required', { field: t('col.topic') }) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="heldOn"
              label={t('col.heldOn')}
              rules={[{ required: true, message: t('required', { field: t('col.heldOn') }) }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="place" label={t('col.place')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="host" label={t('col.host')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="sectionCode" label={t('col.section')}>
              <Select
                allowClear
                placeholder={t('wholeProject')}
                options={(sections.data?.list ?? []).map((s) => ({ value: s.code, label: s.name }))}
                onChange={() => form.setFieldValue('attendees', [])}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="content" label={t('col.content')}>
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="attendees" label={t('form.attendees')} extra={t('form.attendeesHint')}>
              <Select
                mode="multiple"
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                loading={workers.isFetching}
                labelInValue
                options={(workers.data?.list ?? []).map((w) => ({
                  value: w.id,
                  label: `${w.name}（${w.sectionName}）`,
                }))}
                data-testid="safety-attendees"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="photos"
              label={t('form.photos')}
              valuePropName="value"
              getValueFromEvent={(e: { file: UploadFile; fileList: UploadFile[] }) => {
                const list = normFiles(e);
                // A photo the server refused is marked failed in the list, and said out loud.
                const refused = list.find((f) => f.uid === e.file.uid && f.status === 'error');
                if (e.file.status === 'done' && refused?.error) message.error(refused.error.message);
                return list;
              }}
            >
              <FileUpload kind="photo" pickLabel={t('form.upload')} maxCount={9} testId="safety-photo" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
