import {
  addDays,
  type BurnRecordItem,
  chinaToday,
  defaultBurnTable,
  type RatioItem,
  type ReportPointState,
  type SevenDayItem,
  type YesterdayItem,
} from '@pineguard/contract';
import { Card, Col, DatePicker, Form, Row, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSession } from '../../../shared/session.ts';
import { EChart } from '../../../shared/ui/EChart.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import {
  useChartReport,
  useCheckPassList,
  useCreateReportList,
  useRatioReport,
  useReportTables,
  useSevenDayReport,
  useYesterdayReport,
} from '../api.ts';
import { useBurnReportsT } from '../messages.ts';

const pointColor: Record<ReportPointState, string> = {
  approved: 'green',
  suspended: 'orange',
  unknown: 'red',
};
const recordColor: Record<string, string> = { '10': 'blue', '20': 'green', '30': 'orange', '40': 'red' };
/** Units with a column of their own; a burn without unit counts as trees (株), as on the server. */
const ownColumn = new Set(['', '株', '吨', '立方米']);
/** Quantities in any other unit (a custom burn table's), each named: never added to the columns. */
const otherUnits = (qs: { unit: string; quantity: number }[]) =>
  qs
    .filter((q) => !ownColumn.has(q.unit))
    .map((q) => `${q.quantity} ${q.unit}`)
    .join(' · ');
const num = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });
/** Yesterday in China time: the report day the server assumes too. */
const chinaYesterday = () => addDays(chinaToday(), -1);

/** The records pages of the two lists (page sizes 8 and 2, spec §9). */
function usePage(size: number) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: size });
  return { page, onPage: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }) };
}

/**
 * /fsdmanager/report: the six fire reports (spec §7) of the selected project for one report day —
 * the day's burns per burn point, the last seven days, the 30-day chart per point, burned vs felled
 * per section, and the approved and newest burn records.
 */
export default function FireReportPage() {
  const t = useBurnReportsT();
  const projectCode = useSession((s) => s.project?.code);
  const tables = useReportTables(projectCode);
  const [table, setTable] = useState(defaultBurnTable);
  const [reportDay, setReportDay] = useState(chinaYesterday);
  const input = { dynaimcTableName: table, reportDay };
  const yesterday = useYesterdayReport(input);
  const seven = useSevenDayReport(input);
  const chart = useChartReport(input);
  const ratio = useRatioReport(input);
  const passPage = usePage(8);
  const createdPage = usePage(2);
  const passed = useCheckPassList({ ...input, ...passPage.page });
  const created = useCreateReportList({ ...input, ...createdPage.page });

  const pointTag = (name: string, state: ReportPointState) => (
    <>
      {name || t('noPoint')}{' '}
      {state !== 'approved' && (
        <Tag color={pointColor[state]} data-testid="point-flag">
          {t(`point.${state}`)}
        </Tag>
      )}
    </>
  );

  // A column per unit (株, 吨, 立方米): trees, tons and cubic metres are never added together.
  const unitColumns = <T extends { trees: number; tons: number; m3: number }>(): TableColumnsType<T> => [
    {
      title: t('col.amount'),
      key: 'amount',
      children: [
        { title: t('unit.trees'), dataIndex: 'trees', key: 'trees', align: 'right', render: num },
        { title: t('unit.tons'), dataIndex: 'tons', key: 'tons', align: 'right', render: num },
        { title: t('unit.m3'), dataIndex: 'm3', key: 'm3', align: 'right', render: num },
      ],
    },
  ];
  const others = (yesterday.data?.list ?? []).some((r) => otherUnits(r.quantities));
  const yesterdayColumns: TableColumnsType<YesterdayItem> = [
    { title: t('col.point'), key: 'name', render: (_, r) => pointTag(r.name, r.pointState) },
    { title: t('col.burns'), dataIndex: 'burns', key: 'burns', align: 'right' },
    { title: t('col.passed'), dataIndex: 'passed', key: 'passed', align: 'right' },
    ...unitColumns<YesterdayItem>(),
    ...(others
      ? [
          {
            title: t('col.otherUnits'),
            key: 'other',
            render: (_: unknown, r: YesterdayItem) => otherUnits(r.quantities),
          },
        ]
      : []),
  ];
  const sevenColumns: TableColumnsType<SevenDayItem> = [
    { title: t('col.day'), dataIndex: 'day', key: 'day' },
    { title: t('col.burns'), dataIndex: 'burns', key: 'burns', align: 'right' },
    { title: t('col.passed'), dataIndex: 'passed', key: 'passed', align: 'right' },
    ...unitColumns<SevenDayItem>(),
  ];
  const ratioColumns: TableColumnsType<RatioItem> = [
    { title: t('col.section'), dataIndex: 'sectionName', key: 'section' },
    { title: t('col.felled'), dataIndex: 'felled', key: 'felled', align: 'right' },
    { title: t('col.burned'), dataIndex: 'burned', key: 'burned', align: 'right' },
    {
      title: t('col.ratio'),
      dataIndex: 'ratio',
      key: 'ratio',
      align: 'right',
      render: (v: number | null) => (v === null ? t('noFelling') : `${v}%`),
    },
    {
      title: t('col.woodBesides'),
      key: 'wood',
      children: [
        { title: t('unit.tons'), dataIndex: 'burnedTons', key: 'tons', align: 'right', render: num },
        { title: t('unit.m3'), dataIndex: 'burnedM3', key: 'm3', align: 'right', render: num },
      ],
    },
  ];
  const recordColumns: TableColumnsType<BurnRecordItem> = [
    { title: t('col.point'), key: 'fsd', render: (_, r) => pointTag(r.fsd, r.pointState) },
    {
      title: t('col.quantity'),
      key: 'q',
      render: (_, r) => (r.yimushuliang === null ? '—' : `${r.yimushuliang} ${r.jldw}`),
    },
    { title: t('col.fssj'), dataIndex: 'fssj', key: 'fssj' },
    { title: t('col.section'), dataIndex: 'sectionName', key: 'section' },
    { title: t('col.collector'), dataIndex: 'userName', key: 'user' },
    { title: t('col.submitted'), dataIndex: 'time_submit', key: 'time' },
    {
      title: t('col.state'),
      dataIndex: 'code_state',
      key: 'state',
      render: (v: string) => <Tag color={recordColor[v]}>{t(`record.${v}` as 'record.10')}</Tag>,
    },
  ];

  const days = chart.data?.days ?? [];
  const sevenDays = seven.data?.list ?? [];
  const total = yesterday.data?.total;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card size="small">
          <Form layout="inline">
            <Form.Item label={t('filter.table')}>
              <Select
                style={{ width: 220 }}
                aria-label={t('filter.table')}
                value={table}
                onChange={setTable}
                options={(tables.data ?? []).map((tb) => ({
                  value: tb.code,
                  label: `${tb.name}（${tb.code}）`,
                }))}
                data-testid="report-table"
              />
            </Form.Item>
            <Form.Item label={t('filter.day')}>
              <DatePicker
                allowClear={false}
                aria-label={t('filter.day')}
                value={dayjs(reportDay)}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(d) => d && setReportDay(d.format('YYYY-MM-DD'))}
                data-testid="report-day"
              />
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('yesterday.title', { day: reportDay })}>
          <Table<YesterdayItem>
            rowKey="name"
            size="small"
            columns={yesterdayColumns}
            dataSource={yesterday.data?.list ?? []}
            loading={yesterday.isFetching}
            pagination={false}
            data-testid="report-yesterday"
            summary={() =>
              total && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {total.burns}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {total.passed}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {num(total.trees)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {num(total.tons)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {num(total.m3)}
                  </Table.Summary.Cell>
                  {others && (
                    <Table.Summary.Cell index={6}>{otherUnits(total.quantities)}</Table.Summary.Cell>
                  )}
                </Table.Summary.Row>
              )
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('sevenDays.title', { day: reportDay })}>
          <EChart
            height={200}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0, left: 'center' },
              grid: { left: 40, right: 16, top: 36, bottom: 24 },
              xAxis: { type: 'category', data: sevenDays.map((d) => d.day.slice(5)) },
              // Counts (burns, trees) on the left axis; tons and m³ on the right, each its own series.
              yAxis: [
                { type: 'value', minInterval: 1, name: t('axis.count') },
                { type: 'value', name: t('axis.wood') },
              ],
              series: [
                { type: 'bar', name: t('col.burns'), data: sevenDays.map((d) => d.burns) },
                { type: 'bar', name: t('col.passed'), data: sevenDays.map((d) => d.passed) },
                { type: 'line', name: t('col.trees'), data: sevenDays.map((d) => d.trees) },
                { type: 'line', name: t('unit.tons'), yAxisIndex: 1, data: sevenDays.map((d) => d.tons) },
                { type: 'line', name: t('unit.m3'), yAxisIndex: 1, data: sevenDays.map((d) => d.m3) },
              ],
            }}
          />
          <Table<SevenDayItem>
            rowKey="day"
            size="small"
            columns={sevenColumns}
            dataSource={sevenDays}
            loading={seven.isFetching}
            pagination={false}
            data-testid="report-seven"
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('chart.title')}>
          <EChart
            height={300}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { type: 'scroll', top: 0, left: 'center' },
              grid: { left: 40, right: 16, top: 40, bottom: 30 },
              xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: (chart.data?.list ?? []).map((s) => ({
                type: 'bar',
                stack: 'burns',
                name: s.name || t('noPoint'),
                data: s.burns,
              })),
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('ratio.title', { day: reportDay })}>
          <Table<RatioItem>
            rowKey="sectionCode"
            size="small"
            columns={ratioColumns}
            dataSource={ratio.data?.list ?? []}
            loading={ratio.isFetching}
            pagination={false}
            data-testid="report-ratio"
            summary={() =>
              ratio.data && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{ratio.data.total.sectionName}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {ratio.data.total.felled}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {ratio.data.total.burned}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {ratio.data.total.ratio === null ? t('noFelling') : `${ratio.data.total.ratio}%`}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {num(ratio.data.total.burnedTons)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {num(ratio.data.total.burnedM3)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('created.title')}>
          <PagedTable<BurnRecordItem>
            rowKey="id"
            size="small"
            columns={recordColumns}
            query={created}
            page={createdPage.page}
            onPage={createdPage.onPage}
            emptyText={t('empty')}
            data-testid="report-created"
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('checkPass.title')}>
          <PagedTable<BurnRecordItem>
            rowKey="id"
            size="small"
            columns={recordColumns}
            query={passed}
            page={passPage.page}
            onPage={passPage.onPage}
            emptyText={t('empty')}
            data-testid="report-passed"
          />
        </Card>
      </Col>
    </Row>
  );
}
