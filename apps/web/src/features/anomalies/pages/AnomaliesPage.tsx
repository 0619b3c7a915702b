import { ReloadOutlined } from '@ant-design/icons';
import {
  type AnomalyAction,
  type AnomalyItem,
  anomalyActionLabels,
  type AnomalyKind,
  type AnomalyState,
} from '@pineguard/contract';
import { Button, Card, DatePicker, Flex, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLangStore } from '../../../locales/index.ts';
import { RecordDetailDrawer } from '../../records/index.ts';
import { useAnomalyCounts, useAnomalyList, useProjectCode } from '../api.ts';
import { AnomalyTable } from '../components/AnomalyTable.tsx';
import { useAnomalyStateOptions, useKindOptions, useSections } from '../components/AnomalyTags.tsx';
import { KindCounts } from '../components/KindCounts.tsx';
import { useAllowedActions } from '../components/RecordAnomalies.tsx';
import { movable, type Resolving, ResolveDialog } from '../components/ResolveDialog.tsx';
import { type AnomalyFilters, defaultFilters, filtersFromSearch, searchOf } from '../filters.ts';
import { EvidenceDrawer } from '../evidence/EvidenceDrawer.tsx';
import { EvidenceSettingsCard } from '../evidence/EvidenceSettingsCard.tsx';
import { useAnomaliesT } from '../messages.ts';

const PATH = '/anomalies';
const PAGE_SIZE = 20;
const noActions = {
  canReview: false,
  canEdit: false,
  canDelete: false,
  onReview: () => undefined,
  onCorrect: () => undefined,
  onDelete: () => undefined,
  onRestore: () => undefined,
};

/**
 * /anomalies (疑点核查): the project's anomalies, open ones first by default. Counts per kind on
 * top, filters in one row (kind, section, state, day range; the address bar carries them, so the
 * reconciliation links here filtered), a keyset-paged table, and 说明 / 确认 / 重新打开 on a
 * selection as the user's permissions allow. A record opens in the record drawer, where its
 * anomalies can be handled one by one too.
 */
export default function AnomaliesPage() {
  const t = useAnomaliesT();
  const lang = useLangStore((s) => s.lang);
  const prjCode = useProjectCode();
  const location = useLocation();
  const navigate = useNavigate();
  const kindOptions = useKindOptions();
  const stateOptions = useAnomalyStateOptions();
  const { sections: named, sectionName } = useSections(prjCode);
  const allowed = useAllowedActions();

  const [filters, setFilters] = useState<AnomalyFilters>(() =>
    location.search ? filtersFromSearch(location.search) : defaultFilters,
  );
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [selected, setSelected] = useState<string[]>([]);
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<AnomalyItem | null>(null);

  // A link to this page (the reconciliation's, or the address bar) sets the filters; a kept-alive
  // page sees other pages' addresses too, hence the path check.
  const [applied, setApplied] = useState(location.search);
  if (location.pathname === PATH && location.search !== applied) {
    setApplied(location.search);
    setFilters(location.search ? filtersFromSearch(location.search) : defaultFilters);
    setCursors([undefined]);
    setSelected([]);
  }

  const change = (patch: Partial<AnomalyFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    setCursors([undefined]);
    setSelected([]);
    const search = searchOf(next);
    setApplied(search);
    void navigate({ pathname: PATH, search }, { replace: true });
  };

  const cursor = cursors[cursors.length - 1];
  const list = useAnomalyList({ prjCode, ...filters, cursor, pageSize: PAGE_SIZE });
  const counts = useAnomalyCounts(prjCode);
  const rows = list.data?.list ?? [];
  // Sections by name where records tell them; any other section with anomalies by its code.
  const sections = [
    ...named,
    ...[...new Set((counts.data?.rows ?? []).map((r) => r.sectionCode))]
      .filter((code) => code && !named.some((s) => s.code === code))
      .map((code) => ({ code, name: code })),
  ];
  const nextCursor = list.data?.nextCursor ?? null;
  const selectedItems = rows.filter((r) => selected.includes(r.id));

  const batchButton = (action: AnomalyAction) => (
    <Button
      key={action}
      size="small"
      type={action === 'confirm' ? 'primary' : 'default'}
      disabled={movable(action, selectedItems).length === 0}
      onClick={() =>
        setResolving({ action, items: selectedItems.map((r) => ({ id: r.id, state: r.state })) })
      }
      data-testid={`batch-${action}`}
    >
      {anomalyActionLabels[action][lang]}
    </Button>
  );

  return (
    <Flex vertical gap={12} data-testid="anomalies-page">
      <Card
        size="small"
        title={t('counts.title')}
        extra={
          counts.data && (
            <Typography.Text type={counts.data.open ? 'danger' : 'secondary'} data-testid="open-total">
              {t('counts.open', { count: counts.data.open })}
            </Typography.Text>
          )
        }
      >
        <KindCounts
          rows={counts.data?.rows ?? []}
          state={filters.state}
          sectionCode={filters.sectionCode}
          kind={filters.anomalyKind}
          onPick={(anomalyKind) => change({ anomalyKind })}
        />
      </Card>
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="start" gap={8} wrap>
            <Space wrap size={[8, 8]} data-testid="anomaly-filters">
              <Select<AnomalyKind>
                aria-label={t('col.kind')}
                style={{ width: 170 }}
                allowClear
                placeholder={t('filter.kind')}
                value={filters.anomalyKind}
                options={kindOptions}
                onChange={(anomalyKind?: AnomalyKind) => change({ anomalyKind })}
              />
              <Select<string>
                aria-label={t('col.section')}
                style={{ width: 180 }}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('filter.section')}
                value={filters.sectionCode}
                options={sections.map((s) => ({ value: s.code, label: s.name }))}
                onChange={(sectionCode?: string) => change({ sectionCode })}
              />
              <Select<AnomalyState>
                aria-label={t('col.state')}
                style={{ width: 130 }}
                allowClear
                placeholder={t('filter.state')}
                value={filters.state}
                options={stateOptions}
                onChange={(state?: AnomalyState) => change({ state })}
                data-testid="state-filter"
              />
              <DatePicker.RangePicker
                aria-label={t('col.day')}
                placeholder={[t('filter.begin'), t('filter.end')]}
                value={filters.begin && filters.end ? [dayjs(filters.begin), dayjs(filters.end)] : null}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(range) =>
                  change({
                    begin: range?.[0]?.format('YYYY-MM-DD'),
                    end: range?.[1]?.format('YYYY-MM-DD'),
                  })
                }
              />
              <Button
                onClick={() =>
                  change({
                    anomalyKind: undefined,
                    sectionCode: undefined,
                    begin: undefined,
                    end: undefined,
                    ...defaultFilters,
                  })
                }
              >
                {t('filter.reset')}
              </Button>
            </Space>
            <Button
              icon={<ReloadOutlined />}
              aria-label="reload"
              onClick={() => {
                void list.refetch();
                void counts.refetch();
              }}
            />
          </Flex>
          {selected.length > 0 && allowed.length > 0 && (
            <Flex
              align="center"
              gap={8}
              wrap
              data-testid="batch-bar"
              style={{
                padding: '6px 12px',
                background: 'var(--ant-color-primary-bg, #e6f4ff)',
                borderRadius: 6,
              }}
            >
              <Typography.Text strong>{t('list.selected', { count: selected.length })}</Typography.Text>
              {allowed.map(batchButton)}
              <Button size="small" type="link" onClick={() => setSelected([])}>
                {t('list.clear')}
              </Button>
            </Flex>
          )}
          <AnomalyTable
            rows={rows}
            total={list.data?.total}
            loading={list.isFetching}
            page={cursors.length}
            hasNext={nextCursor !== null}
            onPrev={() => {
              setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c));
              setSelected([]);
            }}
            onNext={() => {
              if (nextCursor) setCursors((c) => [...c, nextCursor]);
              setSelected([]);
            }}
            sectionName={sectionName}
            {...(allowed.length ? { selected, onSelect: setSelected } : {})}
            onOpenRecord={setRecordId}
            onOpenEvidence={setEvidenceOf}
          />
        </Flex>
      </Card>
      <ResolveDialog
        resolving={resolving}
        prjCode={prjCode}
        onClose={() => setResolving(null)}
        onDone={(value) => setSelected((s) => s.filter((id) => !value.ids.includes(id)))}
      />
      <EvidenceSettingsCard />
      <EvidenceDrawer anomaly={evidenceOf} onClose={() => setEvidenceOf(null)} />
      <RecordDetailDrawer id={recordId} onClose={() => setRecordId(null)} actions={noActions} />
    </Flex>
  );
}
