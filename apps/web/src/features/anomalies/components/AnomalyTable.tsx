import type { AnomalyItem } from '@pineguard/contract';
import { Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import { useLangStore } from '../../../locales/index.ts';
import { colWidth, fitColumns, scrollWidth } from '../../../shared/ui/tableColumns.ts';
import { evidenceDetail, evidenceText, hasEvidenceView } from '../evidence.ts';
import { useAnomaliesT } from '../messages.ts';
import { AnomalyStateTag, KindTag } from './AnomalyTags.tsx';

/**
 * One keyset page of anomalies: kind, section, day, tag, what is wrong, the record (and the
 * other record of the evidence), state, note, who resolved it and when. The server pages by
 * cursor, so the pager goes back and forth one page at a time.
 */
export function AnomalyTable({
  rows,
  total,
  loading,
  page,
  hasNext,
  onPrev,
  onNext,
  sectionName,
  selected,
  onSelect,
  onOpenRecord,
  onOpenEvidence,
}: {
  rows: AnomalyItem[];
  total: number | undefined;
  loading: boolean;
  page: number;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  sectionName: (code: string) => string;
  /** Row selection, when the user may resolve anything. */
  selected?: string[] | undefined;
  onSelect?: ((ids: string[]) => void) | undefined;
  onOpenRecord: (id: string) => void;
  /** Photo and place anomalies (issue 30) open their evidence side by side. */
  onOpenEvidence?: ((a: AnomalyItem) => void) | undefined;
}) {
  const t = useAnomaliesT();
  const lang = useLangStore((s) => s.lang);
  const recordLink = (id: string, label: string) => (
    <Typography.Link onClick={() => onOpenRecord(id)} data-testid={`open-record-${id}`}>
      {label}
    </Typography.Link>
  );
  const columns = fitColumns<AnomalyItem>([
    { title: t('col.kind'), key: 'kind', width: 140, render: (_, a) => <KindTag kind={a.kind} /> },
    { title: t('col.section'), key: 'section', width: 120, render: (_, a) => sectionName(a.sectionCode) },
    { title: t('col.day'), dataIndex: 'day', key: 'day', width: colWidth.date },
    {
      title: t('col.tag'),
      key: 'tag',
      width: 150,
      render: (_, a) => (a.tagCode ? <Typography.Text code>{a.tagCode}</Typography.Text> : '—'),
    },
    {
      title: t('col.evidence'),
      key: 'evidence',
      width: 300,
      ellipsis: false,
      render: (_, a) => (
        <Flex vertical gap={2}>
          <Tooltip title={evidenceDetail(a.evidence, lang)}>
            <span data-testid={`evidence-${a.id}`}>
              {evidenceText(a.kind, a.evidence, lang, sectionName)}
            </span>
          </Tooltip>
          {onOpenEvidence && hasEvidenceView(a.kind) && (
            <Typography.Link onClick={() => onOpenEvidence(a)} data-testid={`open-evidence-${a.id}`}>
              {t('evidence.open')}
            </Typography.Link>
          )}
        </Flex>
      ),
    },
    {
      title: t('col.record'),
      key: 'record',
      width: 150,
      ellipsis: false,
      render: (_, a) => (
        <Flex gap={8} wrap>
          {recordLink(a.recordId, t('record.open'))}
          {a.otherRecordId && recordLink(a.otherRecordId, t('record.other'))}
        </Flex>
      ),
    },
    {
      title: t('col.state'),
      key: 'state',
      width: colWidth.status,
      render: (_, a) => <AnomalyStateTag state={a.state} />,
    },
    { title: t('col.note'), key: 'note', width: colWidth.text, render: (_, a) => a.note || '—' },
    {
      title: t('col.resolvedBy'),
      key: 'by',
      width: colWidth.person,
      render: (_, a) => a.resolvedBy ?? '—',
    },
    {
      title: t('col.resolvedAt'),
      key: 'at',
      width: colWidth.dateTime,
      render: (_, a) => a.resolvedAt ?? '—',
    },
  ]);
  return (
    <Flex vertical gap={8}>
      <Table<AnomalyItem>
        rowKey="id"
        size="middle"
        className="pg-table"
        columns={columns}
        scroll={{ x: scrollWidth(columns) }}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('list.empty')} /> }}
        rowSelection={
          onSelect
            ? { selectedRowKeys: selected ?? [], onChange: (keys) => onSelect(keys.map(String)) }
            : undefined
        }
        data-testid="anomaly-table"
      />
      <Flex justify="end" align="center" gap={12}>
        <Typography.Text type="secondary">
          {total === undefined ? '' : t('list.total', { total })}
        </Typography.Text>
        <Button size="small" disabled={page <= 1} onClick={onPrev}>
          {t('list.prev')}
        </Button>
        <span>{t('list.page', { page })}</span>
        <Button size="small" disabled={!hasNext} onClick={onNext} data-testid="next-page">
          {t('list.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
