import type { RoleItem, UserListItem } from '@pineguard/contract';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useLangStore, useT } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useMemberSections, useProjectSections, useSetMemberSections } from '../../projects/api.ts';
import { type AddUserForm, phoneExists, useAddUser, useEditUser } from '../api.ts';
import { useUsersT } from '../messages.ts';
import { isPhone, userRules } from '../rules.ts';

type Values = AddUserForm & { enabled: boolean; sectionCodes?: string[] };

const same = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Add (no `user`) or edit a user of the selected project. Editing changes name, phone,
 * enabled/disabled and the roles held in this project; `editRoles` false keeps the roles. Beside
 * the roles, a field worker's sections (标段分配): the only sections they may record in.
 */
export function UserFormDialog({
  open,
  user,
  roles,
  projectCode,
  editRoles = true,
  onClose,
}: {
  open: boolean;
  user: UserListItem | null;
  roles: RoleItem[];
  projectCode: string | undefined;
  editRoles?: boolean;
  onClose: () => void;
}) {
  const t = useUsersT();
  const lang = useLangStore((s) => s.lang);
  const tc = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddUser();
  const edit = useEditUser();
  const setSections = useSetMemberSections();
  const editing = user !== null;
  const heldHere = (u: UserListItem) =>
    u.roles.filter((r) => r.projectCode === projectCode).map((r) => r.roleId);
  // Sections matter to the field worker role only; other roles record in every section.
  const workerRoles = new Set(roles.filter((r) => r.code === 'worker').map((r) => r.id));
  const chosenRoles = Form.useWatch('roleIds', form) as number[] | undefined;
  const showSections = editRoles && (chosenRoles ?? []).some((id) => workerRoles.has(id));
  const choices = useProjectSections(open && editRoles && Boolean(projectCode));
  const assigned = useMemberSections(user ? [user.id] : [], open && editRoles && Boolean(projectCode));
  const current = user ? (assigned.data?.find((a) => a.userId === user.id)?.sectionCodes ?? []) : [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        name: user.name,
        phone: user.phone ?? '',
        enabled: user.status !== 'disabled',
        roleIds: heldHere(user),
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, user]);
  useEffect(() => {
    if (open && user && assigned.data) form.setFieldValue('sectionCodes', current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, user, assigned.data]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const result = user
        ? await edit.mutateAsync({
            id: user.id,
            name: v.name,
            phone: v.phone,
            status: v.enabled ? 'active' : 'disabled',
            roleIds: editRoles ? v.roleIds : heldHere(user),
          })
        : await add.mutateAsync(v);
      const userId = user ? user.id : (result.value as { id: string }).id;
      const sections = v.sectionCodes ?? [];
      if (showSections && !same(sections, current)) {
        const saved = setSections.mutateAsync({ userId, sectionCodes: sections });
        // A new account exists already: a refusal (toasted by the client) must not invite a second add.
        if (user) await saved;
        else await saved.catch(() => null);
      }
      message.success(result.message || tc('common.ok'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  // A phone held by someone else is refused by the server; say so while typing.
  const phoneFree = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value || !isPhone(value) || value.trim() === (user?.phone ?? '')) return;
      if (await phoneExists(value.trim()).catch(() => false)) throw new Error(t('form.phoneTaken'));
    },
    validateTrigger: 'onBlur',
  };

  return (
    <Modal
      open={open}
      title={editing ? t('edit.title') : t('add.title')}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={add.isPending || edit.isPending || setSections.isPending}
      onOk={() => submit().catch(() => {})}
      onCancel={onClose}
      forceRender
      destroyOnHidden={false}
    >
      <Form
        form={form}
        layout="vertical"
        name="user-form"
        initialValues={{ enabled: true, roleIds: [], sectionCodes: [] }}
      >
        {!editing && (
          <>
            <Form.Item name="account" label={t('form.account')} rules={userRules.account(t)}>
              <Input autoComplete="off" maxLength={32} />
            </Form.Item>
            <Form.Item name="password" label={t('form.password')} rules={userRules.password(t)}>
              <Input.Password autoComplete="new-password" maxLength={11} />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label={t('form.name')} rules={userRules.name(t)}>
          <Input maxLength={12} showCount />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('form.phone')}
          rules={[...userRules.phone(t), phoneFree]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        {editing && (
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {editRoles && (
          <Form.Item name="roleIds" label={t('form.roles')} rules={userRules.roles(t, !editing)}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={roles.map((r) => ({ value: r.id, label: roleName(r, lang) }))}
            />
          </Form.Item>
        )}
        {showSections && (
          <Form.Item name="sectionCodes" label={t('form.sections')} extra={t('form.sectionsHelp')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('form.sectionsNone')}
              loading={choices.isLoading || assigned.isLoading}
              options={(choices.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
