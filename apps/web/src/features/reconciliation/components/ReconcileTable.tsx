import { ExclamationCircleFilled } from '@ant-design/icons';
import {
  anomalyKindLabels,
  type AnomalyKind,
  reconcileBalanceLabels,
  type ReconcileFigures,
  reconcileFigureLabels,
  reconcileReasonLabels,
  unitLabels,
} from '@pineguard/contract';
import { Empty, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useLangStore } from '../../../locales/index.ts';
import { toThousand } from '../../../shared/format.ts';
import { anomaliesPath } from '../../anomalies/index.ts';
import { drillable, figurePath } from '../drill.ts';
import { useReconcileT } from '../messages.ts';
import type { ReconcileRow } from '../rows.ts';

const redCell: CSSProperties = { background: '#fff1f0' };

/** Trees, tags and records are whole numbers; tons and m³ keep two decimals and say their unit. */
export function figureText(value: number, unit?: string): string {
  if (!unit) return toThousand(Math.round(value));
  return `${toThousand(Math.round(value * 100) / 100)} ${unit}`;
}

type Spec = {
  key: string;
  title: string;
  width: number;
  render: (row: ReconcileRow) => ReactNode;
};

/**
 * The reconciliation table: a row per section (its days beneath, expandable), the totals line,
 * one column per figure (trees, tags, tons and m³ apart). A red row (a gap out of tolerance)
 * shows why in a tooltip; each figure that stands on records links to them in 数据中心, and the
 * open anomalies to the 疑点 list of that section.
 */
export function ReconcileTable({
  prjCode,
  rows,
  total,
  loading,
  canDrill,
  canAnomalies,
  expanded,
  onExpand,
}: {
  prjCode: string;
  rows: ReconcileRow[];
  total: ReconcileRow | null;
  loading: boolean;
  /** Figures link to the records (the user may read records). */
  canDrill: boolean;
  /** Open anomalies link to the 疑点 list (the user may read anomalies). */
  canAnomalies: boolean;
  expanded: string[];
  onExpand: (keys: string[]) => void;
}) {
  const t = useReconcileT();
  const lang = useLangStore((s) => s.lang);

  const reasons = (row: ReconcileRow) =>
    row.reasons
      .map((r) => reconcileReasonLabels[r][lang])
      .concat(row.overdue > 0 ? [t('reason.overdueCount', { count: toThousand(row.overdue) })] : []);
  const reasonTip = (row: ReconcileRow) => reasons(row).map((r) => <div key={r}>{r}</div>);

  const figure = (key: keyof ReconcileFigures, unit?: keyof typeof unitLabels) => (row: ReconcileRow) => {
    const value = row.figures[key];
    const text = figureText(value, unit && unitLabels[unit][lang]);
    // Records without a section cannot be asked for apart from the others: no link for them.
    if (!canDrill || !drillable(key) || value === 0 || row.sectionCode === '') return text;
    return (
      <Tooltip title={t('drill.title', { figure: reconcileFigureLabels[key][lang] })}>
        <Link
          to={figurePath(key, { prjCode, sectionCode: row.sectionCode, begin: row.begin, end: row.end })}
          data-testid={`fig-${row.key}-${key}`}
        >
          {text}
        </Link>
      </Tooltip>
    );
  };
  const balance = (key: 'balance' | 'overdue') => (row: ReconcileRow) => {
    const text = figureText(row[key]);
    if (!row.red) return text;
    return (
      <Tooltip title={reasonTip(row)}>
        <Typography.Text type="danger" strong>
          {text}
        </Typography.Text>
      </Tooltip>
    );
  };
  const anomalies = (row: ReconcileRow) => {
    if (row.openAnomalies === null) return '—';
    if (!canAnomalies || row.openAnomalies === 0 || row.sectionCode === '')
      return figureText(row.openAnomalies);
    const byKind = Object.entries(row.anomaliesByKind)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => (
        <div key={kind}>
          {t('anomalies.byKind', {
            kind: anomalyKindLabels[kind as AnomalyKind]?.[lang] ?? kind,
            count: n,
          })}
        </div>
      ));
    return (
      <Tooltip title={byKind.length ? byKind : t('anomalies.open')}>
        <Link to={anomaliesPath(row.sectionCode)} data-testid={`anomalies-${row.key}`}>
          {figureText(row.openAnomalies)}
        </Link>
      </Tooltip>
    );
  };

  const specs: Spec[] = [
    {
      key: 'label',
      title: t('col.section'),
      width: 190,
      render: (row) => (
        <span data-testid={`label-${row.key}`}>
          {row.level === 'total' ? <strong>{t('total')}</strong> : row.label || t('noSection')}
          {row.red && (
            <Tooltip title={reasonTip(row)}>
              <ExclamationCircleFilled
                style={{ color: '#cf1322', marginLeft: 6 }}
                aria-label={reasons(row).join('；')}
                data-testid={`red-${row.key}`}
              />
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      key: 'opening',
      title: reconcileBalanceLabels.opening[lang],
      width: 110,
      render: (row) => (row.opening === null ? '—' : figureText(row.opening)),
    },
    { key: 'felled', title: reconcileFigureLabels.felled[lang], width: 96, render: figure('felled') },
    { key: 'treated', title: reconcileFigureLabels.treated[lang], width: 110, render: figure('treated') },
    {
      key: 'tagsFelled',
      title: reconcileFigureLabels.tagsFelled[lang],
      width: 110,
      render: figure('tagsFelled'),
    },
    {
      key: 'burnedTrees',
      title: reconcileFigureLabels.burnedTrees[lang],
      width: 96,
      render: figure('burnedTrees'),
    },
    {
      key: 'tagsBurned',
      title: reconcileFigureLabels.tagsBurned[lang],
      width: 110,
      render: figure('tagsBurned'),
    },
    { key: 'tons', title: reconcileFigureLabels.tons[lang], width: 110, render: figure('tons', 'tons') },
    { key: 'm3', title: reconcileFigureLabels.m3[lang], width: 120, render: figure('m3', 'm3') },
    { key: 'gapTrees', title: reconcileFigureLabels.gapTrees[lang], width: 120, render: figure('gapTrees') },
    { key: 'balance', title: reconcileBalanceLabels.balance[lang], width: 120, render: balance('balance') },
    { key: 'overdue', title: reconcileBalanceLabels.overdue[lang], width: 120, render: balance('overdue') },
    {
      key: 'openAnomalies',
      title: reconcileBalanceLabels.openAnomalies[lang],
      width: 100,
      render: anomalies,
    },
  ];

  const columns: TableColumnsType<ReconcileRow> = specs.map((s, i) => ({
    key: s.key,
    title: s.title,
    width: s.width,
    align: i === 0 ? 'left' : 'right',
    fixed: i === 0 ? 'left' : undefined,
    render: (_: unknown, row: ReconcileRow) => s.render(row),
    onCell: (row: ReconcileRow) => ({ style: row.red ? redCell : undefined }),
  }));
  const width = specs.reduce((sum, s) => sum + s.width, 0);

  return (
    <Table<ReconcileRow>
      rowKey="key"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: width }}
      expandable={{
        expandedRowKeys: expanded,
        onExpandedRowsChange: (keys) => onExpand(keys.map(String)),
      }}
      onRow={(row) => ({ 'data-testid': `row-${row.key}`, 'data-red': String(row.red) }) as never}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
      data-testid="reconcile-table"
      title={() => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('legend')}
        </Typography.Text>
      )}
      summary={() =>
        total && (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row
              {...({ 'data-testid': 'row-total', 'data-red': String(total.red) } as object)}
              style={total.red ? redCell : { fontWeight: 500 }}
            >
              {/* Days are the sections' children: the expand icon sits inside the first cell, no column of its own. */}
              {specs.map((s, i) => (
                <Table.Summary.Cell key={s.key} index={i} align={i === 0 ? 'left' : 'right'}>
                  {s.render(total)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}
