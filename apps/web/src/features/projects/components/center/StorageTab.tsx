import { formatBytes, type StorageUsageItem } from '@pineguard/contract';
import { Progress, Table, type TableColumnsType } from 'antd';
import { totalBytes } from '../../areaTree.ts';
import { type ProjectsKey, useProjectsT } from '../../projectMessages.ts';

/** Bytes the project's files take, per kind, as the storage layer recorded them. */
export function StorageTab({ usage }: { usage: StorageUsageItem[] }) {
  const t = useProjectsT();
  const total = totalBytes(usage);
  const kindName = (kind: string) => {
    const key = `kind.${kind}` as ProjectsKey;
    const text = t(key);
    return text === key ? kind : text;
  };
  const columns: TableColumnsType<StorageUsageItem> = [
    { title: t('storage.kind'), dataIndex: 'kind', key: 'kind', render: kindName },
    { title: t('storage.files'), dataIndex: 'files', key: 'files' },
    { title: t('storage.bytes'), dataIndex: 'bytes', key: 'bytes', render: (b: number) => formatBytes(b) },
    {
      title: t('storage.share'),
      key: 'share',
      width: 240,
      render: (_, r) => (
        <Progress percent={total.bytes ? Math.round((r.bytes / total.bytes) * 1000) / 10 : 0} size="small" />
      ),
    },
  ];
  return (
    <Table<StorageUsageItem>
      rowKey="kind"
      columns={columns}
      dataSource={usage}
      locale={{ emptyText: t('storage.empty') }}
      pagination={false}
      summary={() =>
        usage.length > 0 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>{t('storage.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{total.files}</Table.Summary.Cell>
            <Table.Summary.Cell index={2}>{formatBytes(total.bytes)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
          </Table.Summary.Row>
        )
      }
    />
  );
}
