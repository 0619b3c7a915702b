import type { SectionItem } from '@pineguard/contract';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useDebounced } from '../../../shared/useDebounced.ts';
import { type AreaEntry, type SectionBody, useMembers, useSaveSection } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';

type Values = Omit<SectionBody, 'id'>;

/** A project member, searched on the server (a project may have more members than one page). */
function ManagerSelect({
  prjCode,
  current,
  ...field
}: {
  prjCode: string;
  current: { id: string; label: string } | null;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const members = useMembers({ prjCode, pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) });
  const options = (members.data?.list ?? []).map((m) => ({
    value: m.id,
    label: `${m.name}（${m.account}）`,
  }));
  // The saved manager keeps its label even when the first page of members does not hold it.
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: current.label });
  }
  return (
    <Select
      {...field}
      allowClear
      onChange={(v) => field.onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={members.isFetching}
      options={options}
    />
  );
}

/** Add or edit a section (标段) of the selected project. */
export function SectionDialog({
  open,
  prjCode,
  section,
  townships,
  onClose,
}: {
  open: boolean;
  prjCode: string;
  section: SectionItem | null;
  townships: AreaEntry[];
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
          <ManagerSelect
            prjCode={prjCode}
            current={
              section?.managerId
                ? { id: section.managerId, label: section.managerName ?? section.managerId }
                : null
            }
          />
        </Form.Item>
        <Form.Item name="areaCodes" label={t('section.townships')}>
          <Select
            mode="multiple"
            allowClear
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
