import { featureMessages } from '../../shared/featureT.ts';

const zh = {
  'filter.table': '全部标准表',
  'filter.section': '全部标段',
  'filter.state': '全部状态',
  'filter.begin': '开始日期',
  'filter.end': '结束日期',
  'layer.burnPoints': '焚烧点',
  'summary.cells': '视野内 {n} 条记录，按网格聚合（点击聚合放大）',
  'summary.points': '视野内 {n} 条记录（点击记录查看详情）',
  'summary.loading': '加载中…',
  'point.open': '查看详情',
  'cluster.title': '{n} 条记录，点击放大',
  'burnPoint.title': '焚烧点：{name}',
  'legend.title': '记录状态',
};

const en: Record<keyof typeof zh, string> = {
  'filter.table': 'All standard tables',
  'filter.section': 'All sections',
  'filter.state': 'All states',
  'filter.begin': 'From',
  'filter.end': 'To',
  'layer.burnPoints': 'Burn points',
  'summary.cells': '{n} records in view, grouped on a grid (click a group to zoom in)',
  'summary.points': '{n} records in view (click one for its detail)',
  'summary.loading': 'Loading…',
  'point.open': 'Open detail',
  'cluster.title': '{n} records, click to zoom in',
  'burnPoint.title': 'Burn point: {name}',
  'legend.title': 'Record state',
};

export const { useT: useGisT } = featureMessages(zh, en);
