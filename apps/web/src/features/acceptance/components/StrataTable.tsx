import type { AcceptanceSampleDetail, AcceptanceStratum } from '@pineguard/contract';
import { Progress, Table } from 'antd';
import { useAcceptanceT } from '../messages.ts';

export const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** Per section: population at the draw, drawn, checked (progress), passed, failed, pass rate; and the total. */
export function StrataTable({ sample }: { sample: AcceptanceSampleDetail }) {
  const t = useAcceptanceT();
  const total: AcceptanceStratum = {
    sectionCode: '',
    sectionName: t('overall'),
    population: sample.population,
    drawn: sample.drawn,
    checked: sample.checked,
    passed: sample.passed,
    failed: sample.failed,
    passRate: sample.passRate,
  };
  return (
    <Table<AcceptanceStratum>
      size="small"
      rowKey={(r) => r.sectionCode || 'total'}
      pagination={false}
      dataSource={[...sample.strata, total]}
      data-testid="acceptance-strata"
      rowClassName={(r) => (r.sectionCode ? '' : 'ant-table-row-selected')}
      columns={[
        { title: t('col.section'), dataIndex: 'sectionName', render: (v: string, r) => v || r.sectionCode },
        { title: t('col.population'), dataIndex: 'population', align: 'right' },
        { title: t('col.drawn'), dataIndex: 'drawn', align: 'right' },
        {
          title: t('col.progress'),
          key: 'progress',
          width: 200,
          render: (_, r) => (
            <Progress
              size="small"
              percent={r.drawn ? Math.round((r.checked / r.drawn) * 100) : 0}
              format={() => `${r.checked}/${r.drawn}`}
              aria-label={t('col.progress')}
            />
          ),
        },
        { title: t('col.passed'), dataIndex: 'passed', align: 'right' },
        { title: t('col.failed'), dataIndex: 'failed', align: 'right' },
        {
          title: t('col.passRate'),
          dataIndex: 'passRate',
          align: 'right',
          render: (v: number | null, r) => (
            <span data-testid={`pass-rate-${r.sectionCode || 'total'}`}>{percent(v)}</span>
          ),
        },
      ]}
    />
  );
}
