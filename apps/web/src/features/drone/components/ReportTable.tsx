import type { DroneReportRow } from '@pineguard/contract';
import { Table } from 'antd';
import { useReport } from '../api.ts';
import { useT } from '../messages.ts';

/** Per section: the drone's candidates through to fellings, beside the census, with the gaps. */
export function ReportTable() {
  const t = useT();
  const report = useReport();
  const n = (key: keyof DroneReportRow, title: string) => ({
    title,
    dataIndex: key,
    width: 110,
    align: 'right' as const,
  });
  return (
    <Table<DroneReportRow>
      rowKey="sectionCode"
      size="small"
      data-testid="drone-report"
      loading={report.isLoading}
      dataSource={report.data ?? []}
      pagination={false}
      columns={[
        { title: t('report.section'), render: (_, r) => r.sectionName || r.sectionCode || '—' },
        n('candidates', t('report.candidates')),
        n('open', t('report.open')),
        n('confirmed', t('report.confirmed')),
        n('felled', t('report.felled')),
        n('rejected', t('report.rejected')),
        n('census', t('report.census')),
        n('droneOnly', t('report.droneOnly')),
        n('censusOnly', t('report.censusOnly')),
      ]}
    />
  );
}
