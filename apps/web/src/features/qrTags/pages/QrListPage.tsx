import type { FlagNode, QrAddInput, QrItem, TagState } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Tree,
  TreeSelect,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../shared/http.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { exportTags, useAddTags, useFlagTree, useSectionOptions, useTagList } from '../api.ts';
import { useSectionNames } from '../../records/index.ts';
import { useQrT } from '../messages.ts';

const stateColor: Record<TagState, string> = { unused: 'default', felled: 'orange', burned: 'green' };

export function TagStateTag({ state }: { state: TagState }) {
  const t = useQrT();
  return <Tag color={stateColor[state]}>{t(`state.${state}`)}</Tag>;
}

type TreeItem = { key: string; title: string; children: TreeItem[] };
const toTree = (nodes: FlagNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: String(n.id), title: `${n.name}（${n.count}）`, children: toTree(n.children) }));
type SelectItem = { value: number; title: string; children: SelectItem[] };
const toSelect = (nodes: FlagNode[]): SelectItem[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toSelect(n.children) }));

type AddForm = {
  mode: 'new' | 'existing';
  flagName?: string;
  parentId?: number;
  flagId?: number;
  sectionCode?: string;
  count: number;
  prefix?: string;
};

/** /qrcode/list: batches on the left, the tags of the chosen batch (or all) on the right. */
export default function QrListPage() {
  const t = useQrT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const flags = useFlagTree();
  const [flagId, setFlagId] = useState<number | undefined>();
  const [keyWords, setKeyWords] = useState<string | undefined>();
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useTagList({ ...page, flagId, keyWords });
  // Sections by name (issue 29): the project's sections where the user reads records, else codes.
  const can = useCan();
  const project = useSession((s) => s.project?.code);
  const sectionName = useSectionNames(can('records.read') ? project : undefined);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState<'pdf' | 'xlsx' | null>(null);
  const treeData = useMemo(
    () => [{ key: 'all', title: t('tree.all'), children: toTree(flags.data ?? []) }],
    [flags.data, t],
  );

  const columns: TableColumnsType<QrItem> = [
    { title: t('col.seq'), dataIndex: 'seq', key: 'seq', width: 72 },
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      width: 170,
      render: (code: string) => <span style={{ fontFamily: 'monospace', fontWeight: 600 }}>{code}</span>,
    },
    { title: t('col.flag'), dataIndex: 'flagName', key: 'flag', width: colWidth.text },
    {
      title: t('col.section'),
      key: 'section',
      width: 150,
      render: (_, r) => (r.sectionCode ? sectionName(r.sectionCode) : '—'),
    },
    { title: t('col.state'), key: 'state', width: 90, render: (_, r) => <TagStateTag state={r.state} /> },
    { title: t('col.felled'), key: 'felled', width: 170, render: (_, r) => r.felledAt ?? '—' },
    { title: t('col.burned'), key: 'burned', width: 170, render: (_, r) => r.burnedAt ?? '—' },
    { title: t('col.created'), dataIndex: 'createTime', key: 'created', width: 170 },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <a href={`/q/${encodeURIComponent(r.code)}`} target="_blank" rel="noreferrer">
          {t('view')}
        </a>
      ),
    },
  ];

  // Searching again also re-reads states: records may have named tags since the page was read.
  const search = () => {
    setKeyWords(typed.trim() || undefined);
    setPage((p) => ({ ...p, pageNum: 1 }));
    void client.invalidateQueries({ queryKey: ['qrTags'] });
  };

  const doExport = async (format: 'pdf' | 'xlsx') => {
    if (!flagId) {
      message.warning(t('exportPick'));
      return;
    }
    setExporting(format);
    try {
      await exportTags({ flagId, format });
    } finally {
      setExporting(null);
    }
  };

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card title={t('tree.title')} style={{ width: 280, flex: '0 0 auto' }} size="small">
        {flags.data && flags.data.length === 0 ? (
          <Empty description={t('tree.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            key={flags.dataUpdatedAt}
            treeData={treeData}
            selectedKeys={[flagId ? String(flagId) : 'all']}
            onSelect={(keys) => {
              const k = String(keys[0] ?? 'all');
              setFlagId(k === 'all' ? undefined : Number(k));
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
          />
        )}
      </Card>
      <Card style={{ flex: '1 1 600px', minWidth: 0 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={search}
            placeholder={t('filter.keyword')}
            style={{ width: 240 }}
            aria-label={t('filter.keyword')}
          />
          <Button type="primary" onClick={search}>
            {t('filter.search')}
          </Button>
          <Button
            onClick={() => {
              setTyped('');
              setKeyWords(undefined);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
          >
            {t('filter.reset')}
          </Button>
          <Button onClick={() => setAdding(true)}>{t('add')}</Button>
          <Button loading={exporting === 'pdf'} disabled={!flagId} onClick={() => doExport('pdf')}>
            {t('exportPdf')}
          </Button>
          <Button loading={exporting === 'xlsx'} disabled={!flagId} onClick={() => doExport('xlsx')}>
            {t('exportXlsx')}
          </Button>
        </Space>
        <PagedTable<QrItem>
          rowKey="code"
          columns={columns}
          query={list}
          page={page}
          onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
          emptyText={t('empty')}
        />
      </Card>
      <AddDialog
        open={adding}
        flags={flags.data ?? []}
        current={flagId}
        onClose={(made) => {
          setAdding(false);
          if (made) {
            setFlagId(made);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }
        }}
      />
    </div>
  );
}

function AddDialog({
  open,
  flags,
  current,
  onClose,
}: {
  open: boolean;
  flags: FlagNode[];
  current: number | undefined;
  onClose: (flagId?: number) => void;
}) {
  const t = useQrT();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddForm>();
  const mode = Form.useWatch('mode', form);
  const sections = useSectionOptions();
  const add = useAddTags();
  const flagOptions = useMemo(() => toSelect(flags), [flags]);
  const required = (field: string) => [{ required: true, message: t('form.required', { field }) }];

  const submit = async () => {
    const v = await form.validateFields();
    const input: QrAddInput =
      v.mode === 'existing'
        ? { flagId: v.flagId, count: v.count, prefix: v.prefix || undefined }
        : {
            flagName: v.flagName,
            parentId: v.parentId,
            sectionCode: v.sectionCode,
            count: v.count,
            prefix: v.prefix || undefined,
          };
    try {
      const res = await add.mutateAsync(input);
      message.success(res.message);
      form.resetFields();
      onClose(res.value.flagId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <Modal
      open={open}
      title={t('form.title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={add.isPending}
      onOk={submit}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: current ? 'existing' : 'new', flagId: current, count: 100 }}
        preserve={false}
      >
        <Form.Item name="mode" label={t('form.mode')}>
          <Radio.Group
            options={[
              { value: 'new', label: t('form.modeNew') },
              { value: 'existing', label: t('form.modeExisting'), disabled: flags.length === 0 },
            ]}
          />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item name="flagId" label={t('form.flag')} rules={required(t('form.flag'))}>
            <TreeSelect treeData={flagOptions} treeDefaultExpandAll />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="flagName" label={t('form.flagName')} rules={required(t('form.flagName'))}>
              <Input maxLength={40} placeholder={t('form.flagNameHint')} />
            </Form.Item>
            <Form.Item name="parentId" label={t('form.parent')}>
              <TreeSelect allowClear treeData={flagOptions} treeDefaultExpandAll />
            </Form.Item>
            <Form.Item name="sectionCode" label={t('form.section')}>
              <Select
                allowClear
                options={(sections.data?.list ?? []).map((s) => ({
                  value: s.code,
                  label: `${s.code} ${s.name}`,
                }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="count"
          label={t('form.count')}
          extra={t('form.countHint')}
          rules={required(t('form.count'))}
        >
          <InputNumber min={1} max={10000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="prefix"
          label={t('form.prefix')}
          extra={t('form.prefixHint')}
          rules={[{ pattern: /^[A-Za-z0-9]{1,6}$/, message: t('form.prefixHint') }]}
        >
          <Input maxLength={6} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
