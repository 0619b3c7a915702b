import type { KsssDetailItem, KsssItem, KsssUploadItem } from '@pineguard/contract';
import { Alert, Button, Card, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import {
  downloadFile,
  downloadTemplate,
  exportCensus,
  exportTrees,
  useCancelUpload,
  useCensusList,
  useTreeList,
  useUploadList,
} from '../api.ts';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { useDeadTreesT } from '../messages.ts';

const taskColors = ['default', 'processing', 'success', 'error'] as const;

/**
 * /kusishu (spec §2): the census per sub-compartment, the trees of the selected one (or all), and
 * the spreadsheet imports; import dialog, template, exports.
 */
export default function KusishuPage() {
  const t = useDeadTreesT();
  const may = useCan();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const [censusPage, setCensusPage] = useState({ pageNum: 1, pageSize: 10 });
  const [treePage, setTreePage] = useState({ pageNum: 1, pageSize: 10 });
  // Page size 10 as every list (spec §9 "Page size 10"; it was 5: issue 29).
  const [uploadPage, setUploadPage] = useState({ pageNum: 1, pageSize: 10 });
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const census = useCensusList({ ...censusPage, xiaobanCode: keyword });
  const treeFilter = selected ?? keyword;
  const trees = useTreeList({ ...treePage, xiaobanCode: treeFilter });
  const uploads = useUploadList(uploadPage);
  const cancelUpload = useCancelUpload();
  const [form] = Form.useForm<{ xiaobanCode?: string }>();
  const about = (q: { data?: { totalExact?: boolean } }) =>
    q.data?.totalExact === false ? (total: number) => t('totalAbout', { total }) : undefined;

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const censusColumns: TableColumnsType<KsssItem> = [
    { title: t('col.xiaoban'), dataIndex: 'xiaobanCode' },
    { title: t('col.section'), dataIndex: 'sectionName' },
    { title: t('col.township'), dataIndex: 'township' },
    { title: t('col.village'), dataIndex: 'village' },
    { title: t('col.dead'), dataIndex: 'deadCount', align: 'right' },
    { title: t('col.felled'), dataIndex: 'felledCount', align: 'right' },
    { title: t('col.remaining'), dataIndex: 'remainingCount', align: 'right' },
    { title: t('col.surveyDate'), dataIndex: 'surveyDate' },
    { title: t('col.updated'), dataIndex: 'updateTime' },
  ];
  const treeColumns: TableColumnsType<KsssDetailItem> = [
    { title: t('col.xiaoban'), dataIndex: 'xiaobanCode' },
    { title: t('col.treeNo'), dataIndex: 'treeNo' },
    { title: t('col.species'), dataIndex: 'species' },
    { title: t('col.dbh'), dataIndex: 'dbh', align: 'right' },
    { title: t('col.height'), dataIndex: 'height', align: 'right', render: (v: number | null) => v ?? '' },
    {
      title: t('col.position'),
      key: 'position',
      render: (_, r) => `${r.longitude.toFixed(6)}, ${r.latitude.toFixed(6)}`,
    },
    {
      title: t('col.state'),
      dataIndex: 'state',
      render: (s: 0 | 1) =>
        s === 1 ? (
          <Tag color="green">{t('state.felled')}</Tag>
        ) : (
          <Tag color="orange">{t('state.standing')}</Tag>
        ),
    },
    { title: t('col.surveyDate'), dataIndex: 'surveyDate' },
    { title: t('col.felledDate'), dataIndex: 'felledDate' },
    { title: t('col.remark'), dataIndex: 'remark' },
  ];
  const uploadColumns: TableColumnsType<KsssUploadItem> = [
    { title: t('col.file'), dataIndex: 'fileName' },
    { title: t('col.rows'), dataIndex: 'rows', align: 'right' },
    { title: t('col.accepted'), dataIndex: 'accepted', align: 'right' },
    { title: t('col.rejected'), dataIndex: 'rejected', align: 'right' },
    {
      title: t('col.taskState'),
      dataIndex: 'state',
      render: (s: 0 | 1 | 2 | 3, r) => (
        <Tag color={taskColors[s]} title={r.message}>
          {t(`task.${s}`)}
          {s === 1 ? ` ${r.progress}%` : ''}
        </Tag>
      ),
    },
    { title: t('col.user'), dataIndex: 'userName' },
    { title: t('col.time'), dataIndex: 'addTime' },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          {r.errorUrl && (
            <Button type="link" size="small" onClick={() => void downloadFile(r.errorUrl, 'errors.xlsx')}>
              {t('errorReport')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void downloadFile(r.fileUrl, r.fileName)}>
            {t('sourceFile')}
          </Button>
          {(r.state === 0 || r.state === 1) && may('records.edit') && (
            <ConfirmAction
              title={t('cancel.confirm', { name: r.fileName })}
              label={t('cancel.label')}
              danger
              run={() => cancelUpload.mutateAsync(r.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('census.title')}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(v) => {
            setKeyword(v.xiaobanCode?.trim() || undefined);
            setSelected(undefined);
            setCensusPage((p) => ({ ...p, pageNum: 1 }));
            setTreePage((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          <Form.Item name="xiaobanCode" label={t('filter.xiaoban')}>
            <Input allowClear maxLength={30} style={{ width: 180 }} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('filter.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setKeyword(undefined);
                setSelected(undefined);
              }}
            >
              {t('filter.reset')}
            </Button>
            {may('records.edit') && (
              <Button type="primary" ghost onClick={() => setImporting(true)}>
                {t('import')}
              </Button>
            )}
            <Button onClick={() => void run('template', downloadTemplate)} loading={busy === 'template'}>
              {t('template')}
            </Button>
            <Button
              onClick={() => void run('census', () => exportCensus(keyword))}
              loading={busy === 'census'}
            >
              {t('exportCensus')}
            </Button>
          </Space>
        </Form>
        <PagedTable<KsssItem>
          rowKey="id"
          columns={censusColumns}
          query={census}
          page={censusPage}
          onPage={(pageNum, pageSize) => setCensusPage({ pageNum, pageSize })}
          emptyText={t('empty.census')}
          totalText={about(census)}
          rowSelection={{
            type: 'radio',
            selectedRowKeys:
              census.data?.list.filter((r) => r.xiaobanCode === selected).map((r) => r.id) ?? [],
            onChange: (_, rows) => {
              setSelected(rows[0]?.xiaobanCode);
              setTreePage((p) => ({ ...p, pageNum: 1 }));
            },
          }}
          onRow={(r) => ({
            onClick: () => {
              setSelected(r.xiaobanCode);
              setTreePage((p) => ({ ...p, pageNum: 1 }));
            },
          })}
        />
      </Card>
      <Card
        title={t('trees.title')}
        extra={
          <Button onClick={() => void run('trees', () => exportTrees(treeFilter))} loading={busy === 'trees'}>
            {t('exportTrees')}
          </Button>
        }
      >
        {selected && (
          <Alert
            style={{ marginBottom: 12 }}
            type="info"
            showIcon
            message={t('filter.selected', { code: selected })}
            action={
              <Button size="small" onClick={() => setSelected(undefined)}>
                {t('filter.clear')}
              </Button>
            }
          />
        )}
        <PagedTable<KsssDetailItem>
          rowKey="id"
          columns={treeColumns}
          query={trees}
          page={treePage}
          onPage={(pageNum, pageSize) => setTreePage({ pageNum, pageSize })}
          emptyText={t('empty.trees')}
          totalText={about(trees)}
        />
      </Card>
      <Card title={t('uploads.title')}>
        <PagedTable<KsssUploadItem>
          rowKey="id"
          columns={uploadColumns}
          query={uploads}
          page={uploadPage}
          onPage={(pageNum, pageSize) => setUploadPage({ pageNum, pageSize })}
          emptyText={t('empty.uploads')}
        />
      </Card>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Space>
  );
}
