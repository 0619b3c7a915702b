import { BellOutlined } from '@ant-design/icons';
import { amountsText, type HomeData } from '@pineguard/contract';
import { Card, Col, Flex, List, Progress, Row, Segmented, Statistic, Table, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLangStore, useT } from '../../../locales/index.ts';
import { useSession } from '../../../shared/session.ts';
import { LatestNotices } from '../../notices/index.ts';
import { EChart, type EChartOption } from '../../../shared/ui/EChart.tsx';
import { useHomeData } from '../api.ts';
import { useOverviewT } from '../messages.ts';

/**
 * The home tab (/dashboard): big numbers, progress against the plan, the 60-day trend, section
 * ranking, the review backlog (links into the data list filtered to "uploaded"), the last working
 * day by section, and the latest notices of the message centre.
 */
export default function DashboardPage() {
  const t = useOverviewT();
  const tg = useT();
  const { token } = theme.useToken();
  const info = useSession((s) => s.info);
  const project = useSession((s) => s.project);
  const [scope, setScope] = useState<'project' | 'all'>('project');
  const home = useHomeData(scope);
  const v = home.data;
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tg('dashboard.welcome', { name: info?.name ?? '' })}
          {project && (
            <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
              {scope === 'project'
                ? tg('dashboard.project', { name: project.name })
                : v?.projects.map((p) => p.name).join('、')}
            </Typography.Text>
          )}
        </Typography.Title>
        <Segmented
          value={scope}
          onChange={(s) => setScope(s as 'project' | 'all')}
          options={[
            { value: 'project', label: t('scope.project') },
            { value: 'all', label: t('scope.all') },
          ]}
        />
      </Flex>
      {!v ? <Card loading /> : <Figures v={v} primary={token.colorPrimary} selected={project?.code} />}
    </Flex>
  );
}

type Burned = { burned: number; burnedTons: number; burnedM3: number };

function Figures({ v, primary, selected }: { v: HomeData; primary: string; selected: string | undefined }) {
  const t = useOverviewT();
  const lang = useLangStore((s) => s.lang);
  const c = v.cards;
  // Trees burned, and wood burned by weight and volume beside them: "32 株 · 201.2 吨", never one sum.
  const amounts = (r: Burned) => ({ trees: r.burned, tons: r.burnedTons, m3: r.burnedM3 });
  const burnedText = (r: Burned) => amountsText(amounts(r), lang);
  const wood = amountsText(amounts(c), lang, { wood: true });
  // Open 疑点 per section, most first: "第一标段 5 · 第二标段 2".
  const anomalyNote = v.anomalies.sections
    .slice(0, 3)
    .map((s) => `${s.sectionName.replace(/（.*）$/, '')} ${s.open}`)
    .join(' · ');
  const cards: {
    key: string;
    title: string;
    value: number | string;
    suffix?: string;
    note?: string;
    link?: string;
  }[] = [
    { key: 'found', title: t('card.found'), value: c.found, suffix: t('unitTrees') },
    { key: 'felled', title: t('card.felled'), value: c.felled, suffix: t('unitTrees') },
    {
      key: 'burned',
      title: t('card.burned'),
      value: c.burned,
      suffix: t('unitTrees'),
      note: wood || undefined,
    },
    { key: 'stumps', title: t('card.stumps'), value: c.stumpsTreated, suffix: t('unitTrees') },
    { key: 'workers', title: t('card.workers'), value: c.workersApproved, suffix: t('unitPeople') },
    c.workersOnDuty === null
      ? { key: 'onDuty', title: t('card.onDuty'), value: '—', note: t('card.onDutyNone') }
      : { key: 'onDuty', title: t('card.onDuty'), value: c.workersOnDuty, suffix: t('unitPeople') },
    { key: 'pending', title: t('card.pending'), value: c.pendingReview, suffix: t('unitRecords') },
    {
      key: 'anomalies',
      title: t('card.anomalies'),
      value: v.anomalies.open,
      suffix: t('unitItems'),
      note: anomalyNote || undefined,
      ...(v.scope === 'project' ? { link: '/anomalies?state=open' } : {}),
    },
  ];
  const hasWood = v.trend.some((d) => d.burnedTons > 0 || d.burnedM3 > 0);
  const trend: EChartOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: v.trend.map((d) => d.day.slice(5)) },
      // Trees on the left axis; wood burned in tons and m³ on the right, only when there is some.
      yAxis: [
        { type: 'value', minInterval: 1, name: t('unitTrees') },
        ...(hasWood ? [{ type: 'value' as const, name: t('axis.wood') }] : []),
      ],
      series: [
        {
          name: t('col.felled'),
          type: 'line',
          data: v.trend.map((d) => d.felled),
          color: primary,
        },
        {
          name: t('col.burned'),
          type: 'line',
          data: v.trend.map((d) => d.burned),
          color: '#d4380d',
        },
        ...(hasWood
          ? [
              {
                name: t('col.burnedTons'),
                type: 'line' as const,
                yAxisIndex: 1,
                data: v.trend.map((d) => d.burnedTons),
                color: '#ad6800',
              },
              {
                name: t('col.burnedM3'),
                type: 'line' as const,
                yAxisIndex: 1,
                data: v.trend.map((d) => d.burnedM3),
                color: '#874d00',
              },
            ]
          : []),
      ],
    }),
    [v.trend, t, primary, hasWood],
  );
  const periods = (['today', 'week', 'season'] as const).map((k) => ({ key: k, ...v.periods[k] }));
  return (
    <>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} flex="1 1 160px">
            <Card size="small" data-testid={`card-${card.key}`}>
              {/* The unit stays on the figure's line however narrow the card gets. */}
              <div style={{ whiteSpace: 'nowrap' }}>
                <Statistic
                  title={card.link ? <Link to={card.link}>{card.title}</Link> : card.title}
                  value={card.value}
                  suffix={card.suffix}
                />
              </div>
              {card.note && (
                <Typography.Text
                  type="secondary"
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid={`card-${card.key}-note`}
                >
                  {card.note}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('plan.title')} style={{ height: '100%' }}>
            {c.progress === null ? (
              <Typography.Text type="secondary">{t('plan.none')}</Typography.Text>
            ) : (
              <Flex vertical align="center" gap={8}>
                <Progress
                  type="dashboard"
                  aria-label={t('plan.title')}
                  percent={Math.min(100, c.progress)}
                  format={() => `${c.progress}%`}
                />
                <Typography.Text>{t('plan.planned', { n: c.planned.toLocaleString() })}</Typography.Text>
              </Flex>
            )}
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              style={{ marginTop: 12 }}
              dataSource={periods}
              columns={[
                {
                  title: t('period.title'),
                  dataIndex: 'key',
                  render: (k: string) => t(`period.${k}` as 'period.today'),
                },
                { title: t('col.found'), dataIndex: 'found', align: 'right' },
                { title: t('col.felled'), dataIndex: 'felled', align: 'right' },
                {
                  title: t('col.burned'),
                  key: 'burned',
                  align: 'right',
                  render: (_: unknown, r) => burnedText(r),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small" title={t('trend.title')} data-testid="trend">
            <EChart option={trend} height={300} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('ranking.title')} style={{ height: '100%' }}>
            <List
              size="small"
              dataSource={v.sections}
              locale={{ emptyText: <Typography.Text type="secondary">{t('ranking.empty')}</Typography.Text> }}
              renderItem={(s, i) => (
                <List.Item>
                  <Flex vertical style={{ width: '100%' }}>
                    <Flex justify="space-between">
                      <Typography.Text ellipsis>
                        {i + 1}. {s.sectionName}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {s.felled} / {s.planned || '—'}
                      </Typography.Text>
                    </Flex>
                    <Progress
                      aria-label={s.sectionName}
                      percent={Math.min(100, s.percent ?? 0)}
                      format={() => (s.percent === null ? '—' : `${s.percent}%`)}
                      size="small"
                    />
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('backlog.title')} style={{ height: '100%' }} data-testid="backlog">
            <List
              size="small"
              dataSource={v.backlog}
              locale={{ emptyText: <Typography.Text type="secondary">{t('backlog.empty')}</Typography.Text> }}
              renderItem={(b) => (
                <List.Item
                  actions={
                    b.prjCode === selected
                      ? [
                          <Link key="open" to={`/dataView/${b.tableCode}?codeState=10`}>
                            {t('backlog.open')}
                          </Link>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={b.tableName}
                    description={
                      v.projects.length > 1
                        ? v.projects.find((p) => p.prjCode === b.prjCode)?.name
                        : b.tableCode
                    }
                  />
                  <Statistic value={b.waiting} valueStyle={{ fontSize: 18 }} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            size="small"
            title={
              <>
                <BellOutlined /> {t('notices.title')}
              </>
            }
            extra={<Link to="/messageCenter">{t('notices.all')}</Link>}
            style={{ height: '100%' }}
          >
            <LatestNotices />
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={v.lastDay.day ? t('lastDay.title', { day: v.lastDay.day }) : t('lastDay.none')}
      >
        <Table
          size="small"
          pagination={false}
          rowKey={(r) => `${r.prjCode}:${r.sectionCode}`}
          dataSource={v.lastDay.sections}
          columns={[
            { title: t('col.section'), dataIndex: 'sectionName' },
            { title: t('lastDay.records'), dataIndex: 'records', align: 'right' },
            { title: t('col.found'), dataIndex: 'found', align: 'right' },
            { title: t('col.felled'), dataIndex: 'felled', align: 'right' },
            {
              title: t('col.burned'),
              key: 'burned',
              align: 'right',
              render: (_: unknown, r) => burnedText(r),
            },
          ]}
        />
      </Card>
    </>
  );
}
