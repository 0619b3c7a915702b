import { PlusOutlined } from '@ant-design/icons';
import type { MenuRow } from '@pineguard/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useLangStore, useT } from '../../../locales/index.ts';
import { menuTitle } from '../../../shared/builtinNames.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useIsSuperAdmin } from '../../../shared/permissions.ts';
import { menuIcon } from '../../../shared/ui/menuIcon.tsx';
import {
  type MenuForm,
  type MenuTreeRow,
  toMenuTree,
  useDeleteMenu,
  useMenuRows,
  useSaveMenu,
} from '../api.ts';
import { useMenusT } from '../messages.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';

/** External links open outside the app: they can hold no child items. */
export const isExternalLink = (path: string) => /^https?:\/\//i.test(path.trim());

type Dialog = { mode: 'add'; parent: MenuRow | null } | { mode: 'edit'; row: MenuRow } | null;

/** /system/menu: resources (menu items) as a tree table; super administrators edit. */
export default function MenuPage() {
  const t = useMenusT();
  const lang = useLangStore((s) => s.lang);
  const tc = useT();
  const { message } = App.useApp();
  const editable = useIsSuperAdmin();
  const rows = useMenuRows();
  const save = useSaveMenu();
  const remove = useDeleteMenu();
  const tree = useMemo(() => toMenuTree(rows.data ?? []), [rows.data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<MenuForm>();
  const max = (n: number) => ({ max: n, message: t('form.max', { max: n }) });

  const open = (d: NonNullable<Dialog>) => {
    form.resetFields();
    if (d.mode === 'edit') form.setFieldsValue(d.row);
    else
      form.setFieldsValue({
        pid: d.parent?.id ?? 0,
        scope: d.parent?.scope ?? 'project',
        sort: 0,
        hidden: false,
      });
    setDialog(d);
  };

  const submit = async () => {
    const v = await form.validateFields();
    const base = dialog?.mode === 'edit' ? dialog.row : null;
    try {
      const result = await save.mutateAsync({
        ...v,
        titleEn: v.titleEn ?? '',
        icon: v.icon ?? '',
        redirect: v.redirect ?? '',
        description: v.description ?? '',
        ...(base ? { id: base.id, pid: base.pid, scope: base.scope } : {}),
      });
      message.success(result.message);
      setDialog(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const columns: TableColumnsType<MenuTreeRow> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      key: 'title',
      render: (_: string, r) => (
        <Space size={4}>
          {menuIcon(r.icon || undefined)}
          {menuTitle(r, lang)}
          {r.builtIn && <Tag color="gold">{t('builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.icon'), dataIndex: 'icon', key: 'icon', ellipsis: true },
    { title: t('col.path'), dataIndex: 'path', key: 'path' },
    { title: t('col.redirect'), dataIndex: 'redirect', key: 'redirect' },
    { title: t('col.sort'), dataIndex: 'sort', key: 'sort', width: 70 },
    {
      title: t('col.hidden'),
      dataIndex: 'hidden',
      key: 'hidden',
      width: 70,
      render: (h: boolean) => (h ? <Tag>{t('yes')}</Tag> : t('no')),
    },
    {
      title: t('col.scope'),
      dataIndex: 'scope',
      key: 'scope',
      render: (s: MenuRow['scope']) => (
        <Tag color={s === 'system' ? 'purple' : 'processing'}>{t(`scope.${s}`)}</Tag>
      ),
    },
    ...(editable
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            render: (_: unknown, r: MenuTreeRow) => (
              <Space size={0}>
                {!isExternalLink(r.path) && (
                  <Button type="link" size="small" onClick={() => open({ mode: 'add', parent: r })}>
                    {t('addChild')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => open({ mode: 'edit', row: r })}>
                  {t('edit')}
                </Button>
                {/* Built-in menus are the app's own routes; the server refuses to delete them, and a
                    parent until its children are gone (the confirmation says so, offering no OK). */}
                {!r.builtIn && (
                  <ConfirmAction
                    title={
                      r.children?.length
                        ? t('delete.hasChildren', { title: menuTitle(r, lang), count: r.children.length })
                        : t('delete.confirm', { title: menuTitle(r, lang) })
                    }
                    label={t('delete')}
                    danger
                    disabled={Boolean(r.children?.length)}
                    run={() => remove.mutateAsync(r.id)}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const dialogTitle =
    dialog?.mode === 'edit'
      ? t('form.edit')
      : dialog?.parent
        ? t('form.newChild', { title: menuTitle(dialog.parent, lang) })
        : t('form.new');

  return (
    <Card
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add', parent: null })}>
            {t('add')}
          </Button>
        )
      }
    >
      {!editable && <Alert type="info" showIcon title={t('readonly')} style={{ marginBottom: 16 }} />}
      <Table<MenuTreeRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={tree}
        loading={rows.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty /> }}
        expandable={{ defaultExpandAllRows: false }}
      />
      <Modal
        open={dialog !== null}
        title={dialogTitle}
        okText={tc('common.save')}
        cancelText={tc('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => submit().catch(() => {})}
        onCancel={() => setDialog(null)}
        width={720}
        forceRender
      >
        <Form form={form} layout="vertical" name="menu-form">
          <Form.Item name="pid" hidden>
            <InputNumber />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="scope" label={t('form.scope')}>
                <Select
                  disabled={dialog?.mode === 'edit' || Boolean(dialog?.mode === 'add' && dialog.parent)}
                  options={[
                    { value: 'project', label: t('scope.project') },
                    { value: 'system', label: t('scope.system') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="sort" label={t('form.sort')}>
                <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="hidden" label={t('form.hidden')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="title"
                label={t('form.title')}
                rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }, max(30)]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="titleEn" label={t('form.titleEn')} rules={[max(60)]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="path"
                label={t('form.path')}
                extra={t('form.pathHint')}
                rules={[{ required: true, whitespace: true, message: t('form.pathRequired') }, max(200)]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="redirect" label={t('form.redirect')} rules={[max(200)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="icon" label={t('form.icon')} rules={[max(200)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('form.description')} rules={[max(200)]}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </Card>
  );
}
