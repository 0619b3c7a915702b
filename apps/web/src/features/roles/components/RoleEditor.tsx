import { type MenuNode, type PermissionKey, permissionKeys, type RoleItem } from '@pineguard/contract';
import { Alert, App, Button, Checkbox, Col, Form, Input, Row, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo } from 'react';
import { useLangStore, useT } from '../../../locales/index.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { checkedKeysFor, type RoleForm, useProjectMenuTree, useRoleDetail, useSaveRole } from '../api.ts';
import { permissionGroups, permissionLabels, useRolesT } from '../messages.ts';

const isPermissionKey = (k: string): k is PermissionKey => (permissionKeys as readonly string[]).includes(k);

type Values = { name: string; description: string; permissions: string[]; menuKeys: number[] };

function toTreeData(nodes: MenuNode[], hidden: (title: string) => string): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.hidden ? hidden(n.title) : n.title,
    children: n.children.length ? toTreeData(n.children, hidden) : undefined,
  }));
}

/** The menu grants: checked keys are the leaves and the fully checked groups. */
function MenuGrantTree({
  value,
  onChange,
  treeData,
  disabled,
}: {
  value?: number[];
  onChange?: (keys: number[]) => void;
  treeData: DataNode[];
  disabled: boolean;
}) {
  return (
    <div
      data-testid="menu-grants"
      style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 8 }}
    >
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={treeData}
        checkedKeys={value ?? []}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(Number))}
      />
    </div>
  );
}

/** Role editor: name, description, permissions in groups, menu grants as a checkable tree. */
export function RoleEditor({
  roleId,
  readOnly,
  canGrantSystem,
  onSaved,
  onCancel,
}: {
  /** null: a new role. */
  roleId: number | null;
  readOnly: boolean;
  canGrantSystem: boolean;
  onSaved: (role: RoleItem) => void;
  onCancel: () => void;
}) {
  const t = useRolesT();
  const tc = useT();
  const lang = useLangStore((s) => s.lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useRoleDetail(roleId);
  const menus = useProjectMenuTree();
  const save = useSaveRole();
  const treeData = useMemo(
    () => toTreeData(menus.data ?? [], (title) => t('editor.menuHidden', { title })),
    [menus.data, t],
  );

  useEffect(() => {
    if (roleId === null) {
      form.setFieldsValue({ name: '', description: '', permissions: [], menuKeys: [] });
    } else if (detail.data && menus.data) {
      form.setFieldsValue({
        name: detail.data.name,
        description: detail.data.description,
        permissions: detail.data.permissions,
        menuKeys: checkedKeysFor(menus.data, detail.data.menuIds),
      });
    }
  }, [roleId, detail.data, menus.data, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: RoleForm = {
      ...(roleId === null ? {} : { id: roleId }),
      name: v.name,
      description: v.description ?? '',
      permissions: (v.permissions ?? []).filter(isPermissionKey),
      menuIds: v.menuKeys ?? [],
    };
    try {
      const result = await save.mutateAsync(body);
      message.success(result.message);
      onSaved(result.value);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  if ((roleId !== null && detail.isLoading) || menus.isLoading) return <Spin />;

  return (
    <Form form={form} layout="vertical" name="role-editor" disabled={readOnly}>
      {readOnly && (
        <Alert type="warning" showIcon title={t('editor.readonly')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item
            name="name"
            label={t('editor.name')}
            rules={[
              { required: true, whitespace: true, message: t('editor.nameRequired') },
              { max: 20, message: t('editor.nameMax') },
            ]}
          >
            <Input maxLength={20} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item
            name="description"
            label={t('editor.description')}
            rules={[{ max: 200, message: t('editor.descriptionMax') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="permissions" label={t('editor.permissions')}>
        <Checkbox.Group style={{ width: '100%' }}>
          <Space orientation="vertical" style={{ width: '100%' }} size={4}>
            {permissionGroups
              .filter((g) => canGrantSystem || g.group !== 'group.system')
              .map((g) => (
                <div key={g.group} data-testid={`perm-group-${g.group}`}>
                  <Typography.Text strong style={{ display: 'inline-block', width: 96 }}>
                    {t(g.group)}
                  </Typography.Text>
                  {g.keys.map((k) => (
                    <Checkbox key={k} value={k}>
                      {permissionLabels[k][lang]}
                    </Checkbox>
                  ))}
                </div>
              ))}
          </Space>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="menuKeys" label={t('editor.menus')} extra={t('editor.menusHint')}>
        <MenuGrantTree treeData={treeData} disabled={readOnly} />
      </Form.Item>
      {!readOnly && (
        <Space>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => submit().catch(() => {})}
            data-testid="save-role"
          >
            {tc('common.save')}
          </Button>
          <Button onClick={onCancel}>{tc('common.cancel')}</Button>
        </Space>
      )}
    </Form>
  );
}
