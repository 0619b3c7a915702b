import type { TableSummary as Summary } from '@pineguard/contract';
import { Table } from 'antd';
import { Link } from 'react-router';
import { useTableSummary } from '../api.ts';
import { useRecordsT } from '../messages.ts';
import { useStateOptions } from './StateTag.tsx';

type Row = Summary[number];

/**
 * Every standard table of a project with its live records by state and the last day data came
 * for; the table name opens its data list (the selected project's only, as /dataView is).
 */
export function TableSummary({ prjCode, linkable }: { prjCode: string; linkable: boolean }) {
  const t = useRecordsT();
  const states = useStateOptions();
  const summary = useTableSummary(prjCode);
  return (
    <Table<Row>
      size="small"
      data-testid="table-summary"
      loading={summary.isPending}
      pagination={false}
      rowKey="tableCode"
      dataSource={summary.data ?? []}
      columns={[
        {
          title: t('summary.table'),
          dataIndex: 'tableName',
          render: (name: string, r) =>
            linkable ? <Link to={`/dataView/${r.tableCode}`}>{name}</Link> : name,
        },
        ...states.map((s) => ({
          title: s.label,
          key: s.value,
          align: 'right' as const,
          render: (_: unknown, r: Row) =>
            linkable && r.states[s.value as keyof Row['states']] > 0 ? (
              <Link to={`/dataView/${r.tableCode}?codeState=${s.value}`}>
                {r.states[s.value as keyof Row['states']]}
              </Link>
            ) : (
              r.states[s.value as keyof Row['states']]
            ),
        })),
        { title: t('summary.total'), dataIndex: 'total', align: 'right' },
        { title: t('summary.lastDay'), dataIndex: 'lastDay', render: (d: string | null) => d ?? '—' },
      ]}
    />
  );
}
