import {
  type AnomalyKind,
  anomalyKindLabels,
  anomalyKinds,
  type AnomalyState,
  anomalyStateLabels,
  anomalyStates,
  chainKinds,
} from '@pineguard/contract';
import { Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useUploadColumns } from '../../records/api.ts';

const stateColors: Record<AnomalyState, string> = {
  open: 'error',
  explained: 'processing',
  confirmed: 'purple',
  cleared: 'default',
};

/** The kind as a tag: QR-chain kinds in one colour, the record's own values in another. */
export function KindTag({ kind }: { kind: AnomalyKind }) {
  const lang = useLangStore((s) => s.lang);
  const label = anomalyKindLabels[kind]?.[lang] ?? kind;
  return <Tag color={chainKinds.includes(kind) ? 'volcano' : 'gold'}>{label}</Tag>;
}

export function AnomalyStateTag({ state }: { state: AnomalyState }) {
  const lang = useLangStore((s) => s.lang);
  return <Tag color={stateColors[state]}>{anomalyStateLabels[state]?.[lang] ?? state}</Tag>;
}

export function useKindOptions() {
  const lang = useLangStore((s) => s.lang);
  return useMemo(() => anomalyKinds.map((k) => ({ value: k, label: anomalyKindLabels[k][lang] })), [lang]);
}

export function useAnomalyStateOptions() {
  const lang = useLangStore((s) => s.lang);
  return useMemo(() => anomalyStates.map((s) => ({ value: s, label: anomalyStateLabels[s][lang] })), [lang]);
}

/**
 * The project's sections the user sees (records' upload columns: a section manager gets only
 * theirs) and a code → name lookup that falls back to the code. Without records.read there is
 * no such list: codes are shown.
 */
export function useSections(prjCode: string | undefined) {
  const can = useCan();
  const columns = useUploadColumns(can('records.read') ? prjCode : undefined, undefined);
  const sections = useMemo(() => columns.data?.sections ?? [], [columns.data]);
  const sectionName = useCallback(
    (code: string) => sections.find((s) => s.code === code)?.name ?? code,
    [sections],
  );
  return { sections, sectionName };
}
