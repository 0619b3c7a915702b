import type { SectionItem } from '@pineguard/contract';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { type AreaEntry, type Member, type SectionBody, useSaveSection } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';

type Values = Omit<SectionBody, 'id'>;

/** Add or edit a section (标段) of the selected project. */
export function SectionDialog({
  open,
  section,
  members,
  townships,
  townshipsLoading,
  onClose,
}: {
  open: boolean;
  section: SectionItem | null;
  members: Member[];
  townships: AreaEntry[];
  townshipsLoading: boolean;
  onClose: () => void;
}) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSection();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (section) {
      form.setFieldsValue({
        code: section.code,
        name: section.name,
        contractor: section.contractor,
        managerId: section.managerId,
        areaCodes: section.areaCodes,
        plannedTrees: section.plannedTrees,
        plannedVolume: section.plannedVolume,
      });
    } else form.setFieldsValue({ areaCodes: [], managerId: null });
  }, [open, section, form]);

  const submit = async () => {
    // Invalid fields show their own messages.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const result = await save.mutateAsync({
        ...(section ? { id: section.id } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        contractor: (v.contractor ?? '').trim(),
        managerId: v.managerId ?? null,
        areaCodes: v.areaCodes ?? [],
        plannedTrees: v.plannedTrees ?? null,
        plannedVolume: v.plannedVolume ?? null,
      });
      message.success(result.message);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={section ? t('section.edit') : t('section.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      width={600}
      forceRender
    >
      <Form form={form} layout="vertical" name="section">
        <Form.Item
          name="code"
          label={t('section.code')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('section.codeRule') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('section.name')}
          rules={[{ required: true, whitespace: true, message: t('section.nameRule') }, { max: 60 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="contractor" label={t('section.contractor')} rules={[{ max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="managerId" label={t('section.manager')} extra={t('section.managerHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={members.map((m) => ({ value: m.id, label: `${m.name}（${m.account}）` }))}
          />
        </Form.Item>
        <Form.Item name="areaCodes" label={t('section.townships')}>
          <Select
            mode="multiple"
            allowClear
            loading={townshipsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={townships.map((a) => ({ value: a.code, label: a.name }))}
          />
        </Form.Item>
        <Form.Item name="plannedTrees" label={t('section.plannedTrees')}>
          <InputNumber min={0} max={10_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="plannedVolume" label={t('section.plannedVolume')}>
          <InputNumber min={0} max={10_000_000} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
