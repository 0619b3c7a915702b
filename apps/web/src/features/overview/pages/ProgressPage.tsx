import { ArrowUpOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  type ProcessRow,
  type ProgressLevel,
  type ProgressMeasure,
  progressMeasures,
} from '@pineguard/contract';
import { App, Button, Card, Flex, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session.ts';
import { EChart, type EChartOption } from '../../../shared/ui/EChart.tsx';
import { exportProgress, type ProgressInput, useProgress } from '../api.ts';
import { useOverviewT } from '../messages.ts';

const segment: Record<ProgressLevel, string> = {
  county: 'processX',
  section: 'processB',
  township: 'processZ',
};

/** Where a level's page lives: /process/processX/:id/:type and its siblings. */
export function progressPath(
  level: ProgressLevel,
  id: string,
  type: ProgressMeasure,
  prjCode?: string,
): string {
  const path = `/process/${segment[level]}/${encodeURIComponent(id)}/${type}`;
  return prjCode ? `${path}?prj=${encodeURIComponent(prjCode)}` : path;
}

/**
 * Progress by county (`:id` a project code, or `all`: every project the user may see), by
 * section (`:id` the project) and by township (`:id` the section, `?prj=` its project). `:type`
 * is the measure whose percentage is shown: cfcz felled / planned, ymfs burned / felled, ksdc
 * found / planned. /process alone is the county level of all the user's projects. The level comes
 * from the route (one page module per level), never from the address bar: a kept-alive tab of
 * another level stays what it was while the address changes.
 */
export function ProgressPage({ level }: { level: ProgressLevel }) {
  const t = useOverviewT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const selected = useSession((s) => s.project?.code);
  const type: ProgressMeasure = (progressMeasures as readonly string[]).includes(params.type ?? '')
    ? (params.type as ProgressMeasure)
    : 'cfcz';
  const id = params.id ?? 'all';
  const input: ProgressInput =
    level === 'county'
      ? { level, type, prjCode: id === 'all' ? undefined : id }
      : level === 'section'
        ? { level, type, prjCode: id }
        : { level, type, prjCode: search.get('prj') ?? selected, sectionCode: id };
  const progress = useProgress(input);
  const v = progress.data;
  const [exporting, setExporting] = useState(false);

  const down = (r: ProcessRow): string | null =>
    level === 'county'
      ? progressPath('section', r.prjCode, type)
      : level === 'section'
        ? progressPath('township', r.code, type, r.prjCode)
        : null;
  const up =
    level === 'township'
      ? progressPath('section', input.prjCode ?? '', type)
      : level === 'section'
        ? progressPath('county', 'all', type)
        : null;
  const switchType = (next: ProgressMeasure) =>
    navigate(progressPath(level, id, next, level === 'township' ? input.prjCode : undefined));

  const chart: EChartOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 32, bottom: 60 },
      xAxis: {
        type: 'category',
        data: (v?.rows ?? []).map((r) => r.name),
        axisLabel: { interval: 0, rotate: 15 },
      },
      yAxis: { type: 'value' },
      series: [
        ...(level === 'township'
          ? []
          : [
              {
                name: t('col.planned'),
                type: 'bar',
                data: (v?.rows ?? []).map((r) => r.planned ?? 0),
                color: '#bfbfbf',
              },
            ]),
        { name: t('col.found'), type: 'bar', data: (v?.rows ?? []).map((r) => r.found), color: '#d48806' },
        { name: t('col.felled'), type: 'bar', data: (v?.rows ?? []).map((r) => r.felled), color: '#389e0d' },
        // Trees only: wood burned in tons and m³ is in the table, never on the trees' axis.
        { name: t('col.burned'), type: 'bar', data: (v?.rows ?? []).map((r) => r.burned), color: '#d4380d' },
      ],
    }),
    [v, level, t],
  );

  const nameTitle = t(`col.${level}` as 'col.county');
  const rows = v ? [...v.rows, { ...v.total, code: '__total' }] : [];
  return (
    <Flex vertical gap={16} data-testid={`progress-${level}`}>
      <Card
        size="small"
        title={
          <Flex align="center" gap={8}>
            {up && (
              <Link to={up} aria-label={t('progress.up')}>
                <ArrowUpOutlined /> {t('progress.up')}
              </Link>
            )}
            <Typography.Text strong>{v?.title}</Typography.Text>
          </Flex>
        }
        extra={
          <Flex gap={8}>
            <Segmented
              value={type}
              onChange={(x) => switchType(x as ProgressMeasure)}
              options={progressMeasures.map((m) => ({ value: m, label: t(`type.${m}`) }))}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                exportProgress(input)
                  .catch((e: Error) => void message.error(e.message))
                  .finally(() => setExporting(false));
              }}
            >
              {t('progress.export')}
            </Button>
          </Flex>
        }
      >
        <Table<ProcessRow>
          size="small"
          loading={progress.isPending}
          pagination={false}
          rowKey="code"
          dataSource={rows}
          columns={[
            {
              title: nameTitle,
              dataIndex: 'name',
              render: (name: string, r) => {
                const to = r.code === '__total' ? null : down(r);
                return to ? (
                  <Link to={to}>{name}</Link>
                ) : (
                  <Typography.Text strong={r.code === '__total'}>{name}</Typography.Text>
                );
              },
            },
            {
              title: t('col.planned'),
              dataIndex: 'planned',
              align: 'right',
              render: (n: number | null) => n ?? '—',
            },
            { title: t('col.found'), dataIndex: 'found', align: 'right' },
            { title: t('col.felled'), dataIndex: 'felled', align: 'right' },
            {
              // A column per unit: trees, tons and m³ burned are never added.
              title: t('col.burned'),
              key: 'burned',
              children: [
                { title: t('col.burnedTrees'), dataIndex: 'burned', key: 'trees', align: 'right' },
                { title: t('unit.tons'), dataIndex: 'burnedTons', key: 'tons', align: 'right' },
                { title: t('unit.m3'), dataIndex: 'burnedM3', key: 'm3', align: 'right' },
              ],
            },
            {
              title: t(`ratio.${type}`),
              dataIndex: 'percent',
              align: 'right',
              render: (p: number | null) => (p === null ? '—' : `${p}%`),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('progress.chart', { level: t(`level.${level}`) })}>
        <EChart option={chart} height={320} />
      </Card>
    </Flex>
  );
}
