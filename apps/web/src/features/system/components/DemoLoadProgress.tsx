import type { DemoLoadStatus } from '@pineguard/contract';
import { Alert, Progress, Space } from 'antd';
import { featureMessages } from '../../../shared/featureT.ts';

const { useT } = featureMessages(
  {
    accounts: '正在创建劳务人员账号',
    tags: '正在生成二维码批次',
    records: '正在导入采集记录和照片',
    reviews: '监理正在审核记录',
    safety: '正在生成安全台账',
    done: '演示数据已加载完成',
    queued: '等待后台任务开始…',
    count: '{done} / {total}',
    retrying: '加载中断，稍后自动重试：{error}',
    failed: '演示数据加载失败：{error}。可在服务器上运行 npm run seed:demo 补全。',
  },
  {
    accounts: 'Creating the field workers’ accounts',
    tags: 'Printing the QR tag batches',
    records: 'Loading the field records and their photos',
    reviews: 'The supervisor is reviewing the records',
    safety: 'Writing the safety ledger',
    done: 'The demo data is loaded',
    queued: 'Waiting for the background job to start…',
    count: '{done} / {total}',
    retrying: 'The load was interrupted and will be retried shortly: {error}',
    failed: 'Loading the demo data failed: {error}. Run npm run seed:demo on the server to complete it.',
  },
);

/** The demo load's progress: its step, a bar, and what went wrong when it did. */
export function DemoLoadProgress({ status }: { status: DemoLoadStatus }) {
  const t = useT();
  const percent = status.total ? Math.floor((status.done / status.total) * 100) : 0;
  const failed = status.state === 'failed' || status.state === 'cancelled';
  const label = status.state === 'queued' && !status.total ? t('queued') : t(status.phase);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
      <div>{label}</div>
      <Progress
        percent={status.state === 'done' ? 100 : percent}
        status={failed ? 'exception' : status.state === 'done' ? 'success' : 'active'}
        aria-label={label}
      />
      {status.total > 0 && status.state !== 'done' && (
        <div style={{ fontSize: 12, opacity: 0.65 }}>
          {t('count', { done: status.done, total: status.total })}
        </div>
      )}
      {status.error && !failed && status.state !== 'done' && (
        <Alert type="warning" showIcon title={t('retrying', { error: status.error })} />
      )}
      {failed && <Alert type="error" showIcon title={t('failed', { error: status.error ?? '-' })} />}
    </Space>
  );
}
