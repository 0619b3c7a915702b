import { PlusOutlined } from '@ant-design/icons';
import type { ColumnDescriptor, StandardTableItem } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Row,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useRetireColumn, useRetireTable, useSaveColumn, useSaveTable, useStandardTables } from '../api.ts';
import { MeasureDialog } from '../components/MeasureDialog.tsx';
import { columnBody, nextSort } from '../columnForm.ts';
import { ColumnDialog } from '../components/ColumnDialog.tsx';
import { RulesCell } from '../components/RulesCell.tsx';
import { FormPreview } from '../components/FormPreview.tsx';
import { useMetaT } from '../messages.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';

type TableForm = { code: string; name: string; description: string };

function TableDialog({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  initial: StandardTableItem | null;
  onClose: (saved?: string) => void;
}) {
  const t = useMetaT();
  const { message } = App.useApp();
  const [form] = Form.useForm<TableForm>();
  const save = useSaveTable();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial)
      form.setFieldsValue({ code: initial.code, name: initial.name, description: initial.description });
  }, [open, initial, form]);
  const submit = async () => {
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const result = await save.mutateAsync({ ...values, description: values.description ?? '' });
      message.success(result.message);
      onClose(result.value.code);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={initial ? t('editTable') : t('addTable')}
      onCancel={() => onClose()}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" name="table">
        <Form.Item
          name="code"
          label={t('table.code')}
          extra={t('table.codeRule')}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9]{3,31}$/, message: t('table.codeRule') }]}
        >
          <Input disabled={!!initial} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('table.name')}
          rules={[{ required: true, whitespace: true, message: t('table.nameRequired') }, { max: 50 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('table.description')} rules={[{ max: 200 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /dataSys: standard tables, their column descriptors and the form they define. */
export default function DataSysPage() {
  const t = useMetaT();
  const { message } = App.useApp();
  const tables = useStandardTables();
  const saveColumn = useSaveColumn();
  const retire = useRetireColumn();
  const retireTable = useRetireTable();
  const [measureOf, setMeasureOf] = useState<StandardTableItem | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [tableDialog, setTableDialog] = useState<{ initial: StandardTableItem | null } | null>(null);
  const [columnDialog, setColumnDialog] = useState<{ initial: ColumnDescriptor | null } | null>(null);
  const [showRetired, setShowRetired] = useState(true);

  const list = tables.data ?? [];
  const current = list.find((x) => x.code === selected) ?? list[0] ?? null;
  const columns = (current?.columns ?? [])
    .filter((c) => showRetired || !c.retired)
    .sort((a, b) => Number(a.retired) - Number(b.retired) || a.sort - b.sort || a.code.localeCompare(b.code));

  const inputLabel = (v: string) => {
    const key = `input.${v}` as Parameters<typeof t>[0];
    const text = t(key);
    return text === key ? v : text;
  };

  const tableColumns: TableColumnsType<ColumnDescriptor> = [
    { title: t('col.sort'), dataIndex: 'sort', key: 'sort', width: 56 },
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      width: 130,
      render: (code: string, c) => (
        <Space size={4}>
          <code>{code}</code>
          {c.retired && <Tag>{t('retired')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.value'), dataIndex: 'value', key: 'value', width: 110 },
    { title: t('col.fldInput'), dataIndex: 'fldInput', key: 'fldInput', width: 80, render: inputLabel },
    {
      title: t('col.rules'),
      key: 'rules',
      width: 200,
      render: (_, c) => <RulesCell rules={c.rules} />,
    },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setColumnDialog({ initial: c })}>
            {c.retired ? t('restore') : t('edit')}
          </Button>
          {!c.retired && current && (
            <ConfirmAction
              title={t('retire.confirm', { name: c.value })}
              danger
              closeOnError
              run={() => retire.mutateAsync({ tableCode: current.code, code: c.code })}
              label={t('retire')}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7} xxl={5}>
        <Card
          title={t('tables')}
          loading={tables.isLoading}
          extra={
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTableDialog({ initial: null })}
            >
              {t('addTable')}
            </Button>
          }
          actions={[
            <Link key="yinzi" to="/dataSys/yinzi">
              {t('manageFactors')}
            </Link>,
          ]}
        >
          <List
            dataSource={list}
            locale={{ emptyText: <Empty description={t('table.empty')} /> }}
            renderItem={(item) => (
              <List.Item
                data-testid={`table-${item.code}`}
                onClick={() => setSelected(item.code)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background:
                    item.code === current?.code ? 'var(--ant-control-item-bg-active, #e6f4ff)' : undefined,
                }}
                actions={[
                  <Button
                    key="edit"
                    type="link"
                    size="small"
                    onClick={() => setTableDialog({ initial: item })}
                  >
                    {item.retired ? t('restore') : t('edit')}
                  </Button>,
                  // Custom tables only: projects reach a table through a control measure, and a
                  // table is retired (as columns are) rather than deleted.
                  ...(item.builtIn || item.retired
                    ? []
                    : [
                        <Button key="measure" type="link" size="small" onClick={() => setMeasureOf(item)}>
                          {t('table.toMeasure')}
                        </Button>,
                        <ConfirmAction
                          key="retire"
                          title={t('table.retire.confirm', { name: item.name })}
                          danger
                          closeOnError
                          run={() => retireTable.mutateAsync(item.code)}
                          label={t('retire')}
                        />,
                      ]),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={4}>
                      {item.name}
                      {item.builtIn && <Tag color="gold">{t('builtIn')}</Tag>}
                      {item.retired && <Tag>{t('retired')}</Tag>}
                    </Space>
                  }
                  description={item.code}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17} xxl={19}>
        {current ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title={t('columnsOf', { name: current.name, code: current.code })}
              extra={
                <Space>
                  <span>{t('showRetired')}</span>
                  <Switch size="small" checked={showRetired} onChange={setShowRetired} />
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setColumnDialog({ initial: null })}
                  >
                    {t('addColumn')}
                  </Button>
                </Space>
              }
            >
              {current.description && <p>{current.description}</p>}
              <Table<ColumnDescriptor>
                rowKey="code"
                size="small"
                columns={tableColumns}
                dataSource={columns}
                loading={tables.isFetching}
                pagination={false}
                scroll={{ x: 686 }}
                rowClassName={(c) => (c.retired ? 'pg-retired' : '')}
              />
            </Card>
            <Card title={t('preview')}>
              <div style={{ maxWidth: 560 }}>
                <FormPreview key={current.code} columns={current.columns} />
              </div>
            </Card>
          </Space>
        ) : (
          <Card>
            <Empty description={tables.isLoading ? undefined : t('selectTable')} />
          </Card>
        )}
      </Col>
      <TableDialog
        open={tableDialog !== null}
        initial={tableDialog?.initial ?? null}
        onClose={(saved) => {
          setTableDialog(null);
          if (saved) setSelected(saved);
        }}
      />
      {current && (
        <ColumnDialog
          open={columnDialog !== null}
          title={columnDialog?.initial ? t('editColumn') : t('addColumn')}
          initial={columnDialog?.initial ?? null}
          nextSort={nextSort(current.columns)}
          onClose={() => setColumnDialog(null)}
          onSubmit={async (draft) => {
            const result = await saveColumn.mutateAsync(columnBody(current.code, draft));
            message.success(result.message);
          }}
        />
      )}
      <MeasureDialog table={measureOf} onClose={() => setMeasureOf(null)} />
    </Row>
  );
}
