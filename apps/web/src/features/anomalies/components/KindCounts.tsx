import {
  type AnomalyCountRow,
  type AnomalyKind,
  anomalyKindLabels,
  anomalyKinds,
  type AnomalyState,
} from '@pineguard/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useLangStore } from '../../../locales/index.ts';
import { useAnomaliesT } from '../messages.ts';

/** How many anomalies of `rows` are in `state` (every state when none), per kind and in all. */
export function countByKind(
  rows: AnomalyCountRow[],
  state: AnomalyState | undefined,
  sectionCode: string | undefined,
): { total: number; byKind: Record<AnomalyKind, number> } {
  const byKind = Object.fromEntries(anomalyKinds.map((k) => [k, 0])) as Record<AnomalyKind, number>;
  let total = 0;
  for (const r of rows) {
    if (sectionCode && r.sectionCode !== sectionCode) continue;
    const n = state ? r[state] : r.open + r.explained + r.confirmed + r.cleared;
    if (!(r.kind in byKind)) continue;
    byKind[r.kind] += n;
    total += n;
  }
  return { total, byKind };
}

/**
 * The counts per kind above the list (GET /api/anomaly/counts), in the list's state and section:
 * each a chip that filters the list to that kind (again: all kinds).
 */
export function KindCounts({
  rows,
  state,
  sectionCode,
  kind,
  onPick,
}: {
  rows: AnomalyCountRow[];
  state: AnomalyState | undefined;
  sectionCode: string | undefined;
  kind: AnomalyKind | undefined;
  onPick: (kind: AnomalyKind | undefined) => void;
}) {
  const t = useAnomaliesT();
  const lang = useLangStore((s) => s.lang);
  const { total, byKind } = countByKind(rows, state, sectionCode);
  return (
    <Flex wrap gap={8} align="center" data-testid="kind-counts">
      <Tooltip title={t('counts.hint')}>
        <Tag.CheckableTag checked={!kind} onChange={() => onPick(undefined)} data-testid="count-all">
          {t('counts.all')} <strong>{total}</strong>
        </Tag.CheckableTag>
      </Tooltip>
      {anomalyKinds.map((k) => (
        <Tag.CheckableTag
          key={k}
          checked={kind === k}
          onChange={(checked) => onPick(checked ? k : undefined)}
          data-testid={`count-${k}`}
        >
          {anomalyKindLabels[k][lang]}{' '}
          {byKind[k] > 0 ? (
            <strong>{byKind[k]}</strong>
          ) : (
            <Typography.Text type="secondary">0</Typography.Text>
          )}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}
