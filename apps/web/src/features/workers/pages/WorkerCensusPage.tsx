import { Card, Col, List, Row, Statistic, theme } from 'antd';
import { EChart as Chart } from '../../../shared/ui/EChart.tsx';
import { useCensus } from '../api.ts';
import { useWorkersT } from '../messages.ts';

/** /lwrymanager/laowucensus: by section, by status, insurance ending in 30 days, added per week. */
export default function WorkerCensusPage() {
  const t = useWorkersT();
  const { token } = theme.useToken();
  const census = useCensus();
  const c = census.data;
  if (!c) return <Card loading />;
  return (
    <Row gutter={[16, 16]}>
      <Col span={8}>
        <Card>
          <Statistic title={t('census.total')} value={c.total} />
        </Card>
      </Col>
      <Col span={8}>
        <Card>
          <Statistic title={t('census.allowCard')} value={c.allowCard} />
        </Card>
      </Col>
      <Col span={8}>
        <Card>
          <Statistic
            title={t('census.ending')}
            value={c.insuranceEndingCount}
            valueStyle={{ color: '#d46b08' }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.bySection')}>
          <Chart
            option={{
              tooltip: {},
              grid: { left: 40, right: 16, bottom: 60 },
              xAxis: {
                type: 'category',
                data: c.bySection.map((s) => s.sectionName),
                axisLabel: { interval: 0, rotate: 20 },
              },
              yAxis: { type: 'value' },
              series: [
                {
                  type: 'bar',
                  data: c.bySection.map((s) => s.count),
                  itemStyle: { color: token.colorPrimary },
                },
              ],
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.byStatus')}>
          <Chart
            option={{
              tooltip: { trigger: 'item' },
              legend: { bottom: 0 },
              series: [
                {
                  type: 'pie',
                  radius: ['40%', '70%'],
                  data: c.byStatus.map((s) => ({
                    name: t(`status.${s.examineStatus}` as 'status.0'),
                    value: s.count,
                  })),
                },
              ],
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.perWeek')}>
          <Chart
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 40, right: 16 },
              xAxis: { type: 'category', data: c.perWeek.map((w) => w.week) },
              yAxis: { type: 'value' },
              series: [{ type: 'line', smooth: true, areaStyle: {}, data: c.perWeek.map((w) => w.count) }],
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.endingList')} style={{ height: '100%' }}>
          <List
            size="small"
            style={{ maxHeight: 280, overflow: 'auto' }}
            dataSource={c.insuranceEnding}
            renderItem={(w) => (
              <List.Item extra={w.bxEnd}>
                {w.name} · {w.sectionName}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
