import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { MAX_RECONCILE_DAYS } from '@pineguard/contract';
import { App, Button, Card, DatePicker, Flex, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { DroneOverdueNotice } from '../../drone/index.ts';
import { useSession } from '../../../shared/session.ts';
import {
  exportReconcile,
  type ReconcileInput,
  reconcileKey,
  useReconcile,
  useReconcileDays,
} from '../api.ts';
import { ReconcileTable } from '../components/ReconcileTable.tsx';
import { useReconcileT } from '../messages.ts';
import { buildRows } from '../rows.ts';

type Range = { begin: string; end: string };
const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * /reconcile (数据核对): felled → tagged → burned per section of the selected project over a
 * range (the season until the user picks one), each section's days beneath it. Red rows say why;
 * every figure opens the records behind it in 数据中心; open anomalies open the 疑点 list; the
 * same figures export to Excel.
 */
export default function ReconcilePage() {
  const t = useReconcileT();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const prjCode = useSession((s) => s.project?.code);
  const [range, setRange] = useState<Range | null>(null);
  const [sectionCode, setSectionCode] = useState<string | undefined>();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  // Every section comes in one answer: the section filter narrows it here, so its choices stay whole.
  const input: ReconcileInput = { prjCode, ...(range ?? {}) };
  const summary = useReconcile(input);
  const value = summary.data;
  const loaded = useReconcileDays(input, expanded);
  const { rows, total } = useMemo(
    () => (value ? buildRows(value, sectionCode, loaded.days) : { rows: [], total: null }),
    [value, sectionCode, loaded.days],
  );
  const shown = range ?? (value ? { begin: value.begin, end: value.end } : null);
  const sectionKeys = rows.filter((r) => r.children).map((r) => r.key);
  const allExpanded = sectionKeys.length > 0 && sectionKeys.every((k) => expanded.includes(k));

  const pick = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [null, null];
    if (!from || !to) {
      setRange(null);
      return;
    }
    if (to.diff(from, 'day') + 1 > MAX_RECONCILE_DAYS) {
      message.warning(t('range.tooLong', { max: MAX_RECONCILE_DAYS }));
      return;
    }
    setRange({ begin: dayOf(from), end: dayOf(to) });
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportReconcile({ ...input, sectionCode });
      message.success(t('exported'));
    } catch {
      // The http client has shown the server's refusal.
    } finally {
      setExporting(false);
    }
  };

  const today = dayjs();
  return (
    <Card
      size="small"
      title={t('title')}
      extra={
        value && (
          <Typography.Text type="secondary" data-testid="reconcile-range">
            {t('range', { begin: value.begin, end: value.end })}
            {range ? '' : t('season')} · {t('window', { days: value.windowDays })}
          </Typography.Text>
        )
      }
    >
      <Flex vertical gap={12}>
        {/* Issue 32: drone verification tasks still open past the project's window. */}
        {can('records.read') && <DroneOverdueNotice />}
        <Flex justify="space-between" align="start" gap={8} wrap>
          <Space wrap size={[8, 8]} data-testid="reconcile-filters">
            <DatePicker.RangePicker
              aria-label={t('filter.begin')}
              placeholder={[t('filter.begin'), t('filter.end')]}
              value={shown ? [dayjs(shown.begin), dayjs(shown.end)] : null}
              disabledDate={(d) => d.isAfter(today, 'day')}
              presets={[
                { label: t('preset.week'), value: [today.subtract(6, 'day'), today] },
                { label: t('preset.month'), value: [today.subtract(29, 'day'), today] },
                { label: t('preset.year'), value: [today.startOf('year'), today] },
              ]}
              onChange={(dates) => pick(dates as [Dayjs | null, Dayjs | null] | null)}
            />
            <Select<string>
              aria-label={t('filter.section')}
              style={{ width: 200 }}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filter.section')}
              value={sectionCode}
              options={(value?.sections ?? []).map((s) => ({
                value: s.sectionCode,
                label: s.sectionName || s.sectionCode || t('noSection'),
              }))}
              onChange={(v?: string) => setSectionCode(v)}
              data-testid="reconcile-section"
            />
            <Button
              onClick={() => {
                setRange(null);
                setSectionCode(undefined);
              }}
            >
              {t('filter.reset')}
            </Button>
          </Space>
          <Space wrap>
            <Button
              disabled={sectionKeys.length === 0}
              onClick={() => setExpanded(allExpanded ? [] : sectionKeys)}
            >
              {allExpanded ? t('expand.none') : t('expand.all')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              aria-label="reload"
              onClick={() => void queryClient.invalidateQueries({ queryKey: reconcileKey })}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!prjCode}
              onClick={() => void doExport()}
              data-testid="reconcile-export"
            >
              {t('export')}
            </Button>
          </Space>
        </Flex>
        {prjCode && (
          <ReconcileTable
            prjCode={prjCode}
            rows={rows}
            total={value ? total : null}
            loading={summary.isFetching || loaded.fetching}
            canDrill={can('records.read')}
            canAnomalies={can('anomalies.read')}
            expanded={expanded}
            onExpand={setExpanded}
          />
        )}
      </Flex>
    </Card>
  );
}
