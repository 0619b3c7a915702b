import type { AnomalyAction, AnomalyItem } from '@pineguard/contract';
import { anomalyActionLabels } from '@pineguard/contract';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useRecordAnomalies } from '../api.ts';
import { evidenceDetail, evidenceText } from '../evidence.ts';
import { useAnomaliesT } from '../messages.ts';
import { AnomalyStateTag, KindTag, useSections } from './AnomalyTags.tsx';
import { movable, type Resolving, ResolveDialog } from './ResolveDialog.tsx';

const listStyle = { border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 6 };

/** The resolutions the user's permissions allow (explaining is the section's, the rest the supervisor's). */
export function useAllowedActions(): AnomalyAction[] {
  const can = useCan();
  return [
    ...(can('anomalies.explain') ? (['explain'] as const) : []),
    ...(can('anomalies.confirm') ? (['confirm', 'reopen'] as const) : []),
  ];
}

/**
 * The record drawer's 疑点 block: each anomaly of the record (any state) with its kind, what is
 * wrong, its state and note, and the actions the user may take on it. Nothing is shown to users
 * who may not read anomalies, nor for a record without any.
 */
export function RecordAnomalies({ recordId, prjCode }: { recordId: string; prjCode: string | undefined }) {
  const t = useAnomaliesT();
  const lang = useLangStore((s) => s.lang);
  const can = useCan();
  const allowed = useAllowedActions();
  const readable = can('anomalies.read');
  const anomalies = useRecordAnomalies(recordId, prjCode, readable);
  const { sectionName } = useSections(readable ? prjCode : undefined);
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const list = anomalies.data?.list ?? [];
  if (!readable || list.length === 0) return null;

  const actionsOf = (a: AnomalyItem) =>
    allowed
      .filter((action) => movable(action, [a]).length > 0)
      .map((action) => (
        <Button
          key={action}
          size="small"
          type="link"
          data-testid={`anomaly-${action}-${a.id}`}
          onClick={() => setResolving({ action, items: [{ id: a.id, state: a.state }] })}
        >
          {anomalyActionLabels[action][lang]}
        </Button>
      ));

  return (
    <section style={{ marginBottom: 20 }} data-testid="record-anomalies">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.title')}
      </Typography.Title>
      <Flex vertical data-testid="record-anomaly-list" style={listStyle}>
        {list.map((a, i) => {
          const detail = evidenceDetail(a.evidence, lang);
          const text = evidenceText(a.kind, a.evidence, lang, sectionName);
          return (
            <Flex
              key={a.id}
              justify="space-between"
              align="start"
              gap={8}
              style={{ padding: '8px 12px', borderTop: i ? listStyle.border : undefined }}
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Space size={4} wrap>
                  <KindTag kind={a.kind} />
                  <AnomalyStateTag state={a.state} />
                  {a.tagCode && <Typography.Text code>{a.tagCode}</Typography.Text>}
                </Space>
                <Tooltip title={detail}>
                  <Typography.Text>{text}</Typography.Text>
                </Tooltip>
                {a.note && <Typography.Text type="secondary">{a.note}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.resolvedBy && a.resolvedAt
                    ? t('drawer.resolved', { who: a.resolvedBy, at: a.resolvedAt })
                    : t('drawer.raised', { at: a.createdAt })}
                </Typography.Text>
              </Flex>
              <Space size={0} style={{ flex: 'none' }}>
                {actionsOf(a)}
              </Space>
            </Flex>
          );
        })}
      </Flex>
      <ResolveDialog resolving={resolving} prjCode={prjCode} onClose={() => setResolving(null)} />
    </section>
  );
}
