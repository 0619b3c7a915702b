import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import type { AcceptanceItem } from '@pineguard/contract';
import { App, Button, Card, Flex, Progress, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { exportSample, useSample } from '../api.ts';
import { useAcceptanceT } from '../messages.ts';
import { CheckDialog } from './CheckDialog.tsx';
import { ItemsTable } from './ItemsTable.tsx';
import { percent, StrataTable } from './StrataTable.tsx';

/** One sample: its parameters, pass rates per section and overall, its records and the export. */
export function SampleDetail({
  id,
  canCheck,
  onBack,
}: {
  id: string;
  canCheck: boolean;
  onBack: () => void;
}) {
  const t = useAcceptanceT();
  const { message } = App.useApp();
  const sample = useSample(id);
  const [checking, setChecking] = useState<AcceptanceItem | null>(null);
  const [exported, setExported] = useState<number | null>(null);
  const s = sample.data;
  const doExport = async () => {
    setExported(0);
    try {
      await exportSample(id, setExported);
      message.success(t('exported'));
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setExported(null);
    }
  };
  return (
    <Card
      size="small"
      loading={!s}
      title={
        <Space>
          <Button icon={<ArrowLeftOutlined />} type="text" onClick={onBack} aria-label={t('back')} />
          {s?.name}
        </Space>
      }
      extra={
        <Space>
          {exported !== null && (
            <Typography.Text type="secondary" data-testid="acceptance-export-progress">
              {t('exporting', { kb: Math.round(exported / 1024) })}
            </Typography.Text>
          )}
          <Button
            icon={<DownloadOutlined />}
            loading={exported !== null}
            onClick={() => void doExport()}
            data-testid="acceptance-export"
          >
            {t('export')}
          </Button>
        </Space>
      }
    >
      {s && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" data-testid="acceptance-params">
            {t('params', {
              seed: s.seed,
              share: s.sharePct,
              begin: s.begin,
              end: s.end,
              by: s.createdBy,
              at: s.createdAt,
            })}
          </Typography.Text>
          <Flex gap={32} wrap align="center">
            <Statistic title={t('col.drawn')} value={s.drawn} suffix={`/ ${s.population}`} />
            <Statistic title={t('col.checked')} value={s.checked} />
            <Statistic title={t('col.failed')} value={s.failed} />
            <div data-testid="acceptance-overall">
              <Typography.Text type="secondary">{t('col.passRate')}</Typography.Text>
              <div style={{ fontSize: 24 }}>{percent(s.passRate)}</div>
            </div>
            <Progress
              type="circle"
              size={64}
              percent={s.drawn ? Math.round((s.checked / s.drawn) * 100) : 0}
              aria-label={t('col.progress')}
            />
          </Flex>
          <StrataTable sample={s} />
          <ItemsTable sampleId={id} canCheck={canCheck} onCheck={setChecking} />
        </Flex>
      )}
      <CheckDialog sampleId={id} item={checking} onClose={() => setChecking(null)} />
    </Card>
  );
}
