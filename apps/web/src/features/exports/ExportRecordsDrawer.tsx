import { ReloadOutlined } from '@ant-design/icons';
import {
  downloadTypeLabels,
  type ExportRecord,
  type ExportStatus,
  exportStatusLabels,
} from '@pineguard/contract';
import { App, Alert, Button, Drawer, Flex, Progress, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLangStore } from '../../locales/index.ts';
import { limits } from '../../shared/config.ts';
import { downloadExport, useCancelExport, useExportRecords } from './api.ts';
import { useExportsT } from './messages.ts';

const statusColor: Record<ExportStatus, string> = {
  [-1]: 'default',
  0: 'processing',
  1: 'success',
  2: 'error',
};

/** 导出记录 (avatar menu, 800 px): the caller's exports of the last week, refreshed every 10 s while open. */
export function ExportRecordsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useExportsT();
  const lang = useLangStore((s) => s.lang);
  const { message } = App.useApp();
  const list = useExportRecords(open);
  const cancel = useCancelExport();

  const onDownload = async (record: ExportRecord) => {
    if (!record.downloadUrl) {
      void message.warning(t('generating'));
      return;
    }
    await downloadExport(record);
  };

  const columns: ColumnsType<ExportRecord> = [
    { title: t('col.index'), key: 'index', width: 60, render: (_v, _r, i) => i + 1 },
    { title: t('col.name'), dataIndex: 'recordName', ellipsis: { showTitle: true } },
    {
      title: t('col.type'),
      dataIndex: 'downloadType',
      width: 90,
      render: (v: 1 | 2 | 3) => downloadTypeLabels[v][lang],
    },
    { title: t('col.date'), dataIndex: 'addTime', width: 170 },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: ExportStatus, r) =>
        v === 0 ? (
          <Progress
            percent={r.progress}
            size="small"
            status="active"
            data-testid={`export-progress-${r.id}`}
          />
        ) : (
          <Tooltip title={v === 2 ? r.error : undefined}>
            <Tag color={statusColor[v]} data-testid={`export-status-${r.id}`}>
              {exportStatusLabels[v][lang]}
            </Tag>
          </Tooltip>
        ),
    },
    {
      title: t('col.action'),
      key: 'action',
      width: 120,
      render: (_v, r) => (
        <Space size={0}>
          {r.status === 1 && (
            <Button
              type="link"
              size="small"
              onClick={() => void onDownload(r)}
              data-testid={`export-download-${r.id}`}
            >
              {t('download')}
            </Button>
          )}
          {r.status === 0 && (
            <Button type="link" size="small" danger onClick={() => cancel.mutate(r.id)}>
              {t('cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size={limits.exportDrawerWidth} destroyOnHidden>
      <Flex vertical gap={12} data-testid="export-records">
        <Flex justify="space-between" align="center" gap={8}>
          <Alert type="info" showIcon title={t('note')} style={{ flex: 1 }} />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('refresh')}
          </Button>
        </Flex>
        <Table<ExportRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isLoading}
          pagination={false}
          locale={{ emptyText: t('empty') }}
        />
      </Flex>
    </Drawer>
  );
}
