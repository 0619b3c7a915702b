import type { TagAnomalyItem } from '@pineguard/contract';
import { Alert, Flex, Space, Typography } from 'antd';
import { useLangStore } from '../../../locales/index.ts';
import { evidenceDetail, evidenceText } from '../evidence.ts';
import { useAnomaliesT } from '../messages.ts';
import { AnomalyStateTag, KindTag } from './AnomalyTags.tsx';

/**
 * A scanned tag's anomalies (/q/<code>, signed in to its project): what is wrong with its chain,
 * read-only. The page may be open without the admin shell, so sections stay codes here.
 */
export function TagAnomalies({ anomalies }: { anomalies: TagAnomalyItem[] | undefined }) {
  const t = useAnomaliesT();
  const lang = useLangStore((s) => s.lang);
  if (!anomalies?.length) return null;
  return (
    <section aria-label={t('scan.title')} data-testid="scan-anomalies">
      <h3 style={{ fontSize: 16 }}>{t('scan.title')}</h3>
      <Alert type="warning" showIcon title={t('scan.hint')} style={{ marginBottom: 8 }} />
      <Flex vertical gap={8}>
        {anomalies.map((a) => {
          const detail = evidenceDetail(a.evidence, lang);
          return (
            <Flex
              key={a.id}
              vertical
              gap={2}
              style={{ padding: '8px 12px', border: '1px solid #f0f0f0', borderRadius: 6 }}
            >
              <Space size={4} wrap>
                <KindTag kind={a.kind} />
                <AnomalyStateTag state={a.state} />
                <Typography.Text type="secondary">{a.sectionCode}</Typography.Text>
              </Space>
              <Typography.Text>{evidenceText(a.kind, a.evidence, lang)}</Typography.Text>
              {detail && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {detail}
                </Typography.Text>
              )}
              {a.note && <Typography.Text type="secondary">{a.note}</Typography.Text>}
            </Flex>
          );
        })}
      </Flex>
    </section>
  );
}
