import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import {
  type FactorItem,
  useDeleteFactor,
  useFactors,
  useSaveColumn,
  useSaveFactor,
  useStandardTables,
} from '../api.ts';
import { columnBody } from '../columnForm.ts';
import { RulesCell } from '../components/RulesCell.tsx';
import { ColumnDialog } from '../components/ColumnDialog.tsx';
import { useMetaT } from '../messages.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';

function toDraftFactor(f: FactorItem) {
  return {
    code: f.code,
    value: f.value,
    fldDescript: f.fldDescript,
    fldInput: f.fldInput as 'text',
    required: f.rules.required,
    min: f.rules.min ?? null,
    max: f.rules.max ?? null,
    maxLength: f.rules.maxLength ?? null,
    unit: f.rules.unit,
    options: f.rules.options,
  };
}

/** Copies a factor into a standard table as a column. */
function AddToTableDialog({ factor, onClose }: { factor: FactorItem | null; onClose: () => void }) {
  const t = useMetaT();
  const { message } = App.useApp();
  const tables = useStandardTables();
  const save = useSaveColumn();
  const [form] = Form.useForm<{ tableCode: string; sort: number }>();
  const tableCode = Form.useWatch('tableCode', form);
  const target = tables.data?.find((x) => x.code === tableCode);
  const exists = factor && target?.columns.some((c) => c.code === factor.code);
  const submit = async () => {
    if (!factor) return;
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await save
      .mutateAsync({
        ...columnBody(values.tableCode, toDraftFactor(factor)),
        sort: values.sort ?? 0,
      })
      .catch(() => null);
    if (!result) return;
    message.success(result.message);
    onClose();
  };
  return (
    <Modal
      open={factor !== null}
      title={factor ? t('factor.toTableTitle', { name: factor.value }) : ''}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="toTable" preserve={false} initialValues={{ sort: 100 }}>
        <Form.Item
          name="tableCode"
          label={t('factor.table')}
          rules={[{ required: true, message: t('factor.tableRequired') }]}
        >
          <Select
            loading={tables.isLoading}
            options={(tables.data ?? []).map((x) => ({ value: x.code, label: `${x.name}（${x.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('col.sort')}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
        {exists && <Alert type="warning" showIcon title={t('factor.exists', { code: factor.code })} />}
      </Form>
    </Modal>
  );
}

/** /dataSys/yinzi: reusable field definitions, copied into standard tables. */
export default function YinziPage() {
  const t = useMetaT();
  const { message } = App.useApp();
  const factors = useFactors();
  const save = useSaveFactor();
  const remove = useDeleteFactor();
  const [dialog, setDialog] = useState<{ initial: FactorItem | null } | null>(null);
  const [toTable, setToTable] = useState<FactorItem | null>(null);

  const columns: TableColumnsType<FactorItem> = [
    { title: t('col.code'), dataIndex: 'code', key: 'code', render: (c: string) => <code>{c}</code> },
    { title: t('col.value'), dataIndex: 'value', key: 'value' },
    {
      title: t('col.fldInput'),
      dataIndex: 'fldInput',
      key: 'fldInput',
      render: (v: string) => t(`input.${v}` as Parameters<typeof t>[0]),
    },
    {
      title: t('col.rules'),
      key: 'rules',
      render: (_, f) => <RulesCell rules={f.rules} />,
    },
    { title: t('col.fldDescript'), dataIndex: 'fldDescript', key: 'fldDescript' },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, f) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDialog({ initial: f })}>
            {t('edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setToTable(f)}>
            {t('factor.toTable')}
          </Button>
          <ConfirmAction
            title={t('factor.delete.confirm', { name: f.value })}
            label={t('delete')}
            danger
            closeOnError
            run={() => remove.mutateAsync(f.code)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('factors')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ initial: null })}>
          {t('addFactor')}
        </Button>
      }
    >
      <Table<FactorItem>
        rowKey="code"
        columns={columns}
        dataSource={factors.data ?? []}
        loading={factors.isFetching}
        locale={{ emptyText: t('factor.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 800 }}
      />
      <ColumnDialog
        open={dialog !== null}
        title={dialog?.initial ? t('editFactor') : t('addFactor')}
        initial={dialog?.initial ?? null}
        onClose={() => setDialog(null)}
        onSubmit={async (draft) => {
          const { tableCode: _table, sort: _sort, ...body } = columnBody('', draft);
          const result = await save.mutateAsync(body);
          message.success(result.message);
        }}
      />
      <AddToTableDialog factor={toTable} onClose={() => setToTable(null)} />
    </Card>
  );
}
