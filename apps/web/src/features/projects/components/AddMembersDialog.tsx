import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useDebounced } from '../../../shared/useDebounced.ts';
import { useAddMembers, useCandidates, useProjectRoles } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';

// labelInValue: a chosen account keeps its label when a new search replaces the options.
type Values = { users: { value: string; label: string }[]; roleId: number };

/** Gives existing accounts a role in a project (super administrator). */
export function AddMembersDialog({
  project,
  open,
  onClose,
}: {
  project: { code: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const t = useProjectsT();
  const lang = useLangStore((s) => s.lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const candidates = useCandidates(project.code, keyword, open);
  const roles = useProjectRoles(project.code, open);
  const add = useAddMembers();

  // A new project needs its administrator first: offer that role unless the user picks another.
  const adminRole = roles.data?.find((r) => r.code === 'project_admin');
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  // Only fills an empty role: the roles may arrive after the user has started choosing accounts.
  useEffect(() => {
    if (open && adminRole && form.getFieldValue('roleId') === undefined) {
      form.setFieldValue('roleId', adminRole.id);
    }
  }, [open, adminRole, form]);

  const close = () => {
    setTyped('');
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const userIds = v.users.map((u) => u.value);
    const result = await add
      .mutateAsync({ prjCode: project.code, userIds, roleId: v.roleId })
      .catch(() => null);
    if (!result) return;
    message.success(result.message);
    close();
  };

  return (
    <Modal
      open={open}
      title={t('people.addTitle', { name: project.name })}
      onCancel={close}
      onOk={submit}
      okText={t('save')}
      confirmLoading={add.isPending}
      width={560}
      forceRender
    >
      <Form form={form} layout="vertical" name="addMembers">
        <Form.Item
          name="users"
          label={t('people.users')}
          extra={t('people.usersHint')}
          rules={[{ required: true, message: t('people.usersRule') }]}
        >
          <Select
            mode="multiple"
            labelInValue
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            loading={candidates.isFetching}
            options={(candidates.data?.list ?? []).map((u) => ({
              value: u.id,
              label: `${u.name}（${u.account}）`,
              title: u.roles.length
                ? t('people.inProjects', {
                    projects: [...new Set(u.roles.map((r) => r.projectName))].join('、'),
                  })
                : undefined,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('people.role')}
          rules={[{ required: true, message: t('people.roleRule') }]}
        >
          <Select
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r, lang) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
