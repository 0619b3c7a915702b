import {
  type AcceptanceItem,
  type AcceptanceItemState,
  acceptanceReasonLabels,
  reconcileTables,
} from '@pineguard/contract';
import { Button, Flex, Image, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useItems } from '../api.ts';
import { useAcceptanceT } from '../messages.ts';

const stateColour: Record<AcceptanceItemState, string> = {
  unchecked: 'default',
  passed: 'success',
  failed: 'error',
};

function Photos({ urls, label }: { urls: string[]; label: string }) {
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup>
      {urls.slice(0, 3).map((u, i) => (
        <Image
          key={u}
          src={u}
          width={44}
          height={44}
          style={{ objectFit: 'cover' }}
          alt={`${label} ${i + 1}`}
        />
      ))}
    </Image.PreviewGroup>
  );
}

/**
 * A sample's records in draw order, filtered by result: where each is, its result, why it failed,
 * and the evidence side by side (the record's photos, then the check's).
 */
export function ItemsTable({
  sampleId,
  canCheck,
  onCheck,
}: {
  sampleId: string;
  canCheck: boolean;
  onCheck: (item: AcceptanceItem) => void;
}) {
  const t = useAcceptanceT();
  const lang = useLangStore((s) => s.lang);
  const [state, setState] = useState<AcceptanceItemState | 'all'>('all');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const items = useItems({ id: sampleId, ...(state === 'all' ? {} : { state }), ...page });
  return (
    <Flex vertical gap={8}>
      <Segmented<AcceptanceItemState | 'all'>
        value={state}
        onChange={(v) => {
          setState(v);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        options={[
          { value: 'all', label: t('filter.all') },
          { value: 'unchecked', label: t('state.unchecked') },
          { value: 'passed', label: t('state.passed') },
          { value: 'failed', label: t('state.failed') },
        ]}
        data-testid="acceptance-state"
      />
      <Table<AcceptanceItem>
        size="small"
        rowKey="recordId"
        loading={items.isFetching}
        dataSource={items.data?.list ?? []}
        scroll={{ x: 1500 }}
        data-testid="acceptance-items"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: items.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('col.section'), dataIndex: 'sectionCode', width: 100 },
          {
            title: t('col.record'),
            key: 'record',
            width: 200,
            render: (_, r) => (
              <Flex vertical>
                <span>
                  {r.tableCode === reconcileTables.felling ? t('felling') : t('burning')} {r.qrcode}
                </span>
                <Typography.Text type="secondary" copyable={{ text: r.recordId }}>
                  {r.recordId.slice(0, 8)}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('col.recordAt'), dataIndex: 'recordAt', width: 160 },
          {
            title: t('col.place'),
            key: 'place',
            width: 180,
            render: (_, r) => `${r.place} ${r.lat.toFixed(5)}, ${r.long.toFixed(5)}`.trim(),
          },
          {
            title: t('col.state'),
            dataIndex: 'state',
            width: 90,
            render: (s: AcceptanceItemState) => <Tag color={stateColour[s]}>{t(`state.${s}`)}</Tag>,
          },
          {
            title: t('col.reasons'),
            key: 'reasons',
            width: 220,
            render: (_, r) =>
              [
                ...(r.check?.reasons ?? []).map((k) => acceptanceReasonLabels[k]?.[lang] ?? k),
                r.check?.remark,
              ]
                .filter(Boolean)
                .join('；'),
          },
          {
            title: t('col.evidence'),
            key: 'photos',
            width: 230,
            render: (_, r) => (
              <Flex gap={4} wrap>
                <Photos urls={r.recordPhotos} label={t('col.record')} />
                {r.check && <span aria-hidden>|</span>}
                <Photos urls={r.check?.photos ?? []} label={t('check.title')} />
              </Flex>
            ),
          },
          {
            title: t('col.inspector'),
            key: 'inspector',
            width: 170,
            render: (_, r) => (r.check ? `${r.check.checkedBy} ${r.check.checkedAt}` : ''),
          },
          ...(canCheck
            ? [
                {
                  title: t('col.actions'),
                  key: 'actions',
                  width: 100,
                  fixed: 'right' as const,
                  render: (_: unknown, r: AcceptanceItem) => (
                    <Button size="small" onClick={() => onCheck(r)}>
                      {r.check ? t('recheck') : t('check')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}
