import { type RecordState, recordStateLabels } from '@pineguard/contract';
import { Tag } from 'antd';
import { useLangStore } from '../../../locales/index.ts';
import { useRecordsT } from '../messages.ts';

const colors: Record<RecordState, string> = {
  '10': 'processing',
  '20': 'success',
  '30': 'warning',
  '40': 'error',
};

export const isRecordState = (s: string): s is RecordState => s in recordStateLabels;

/** The review state as a tag (the list hides code_state and shows this instead). */
export function StateTag({ state, deleted }: { state: string; deleted?: boolean }) {
  const lang = useLangStore((s) => s.lang);
  const t = useRecordsT();
  if (deleted) return <Tag>{t('state.deleted')}</Tag>;
  if (!isRecordState(state)) return <Tag>{state || '—'}</Tag>;
  return <Tag color={colors[state]}>{recordStateLabels[state][lang]}</Tag>;
}

/** The state names in the user's language, for the state filter. */
export function useStateOptions() {
  const lang = useLangStore((s) => s.lang);
  return (Object.keys(recordStateLabels) as RecordState[]).map((s) => ({
    value: s,
    label: recordStateLabels[s][lang],
  }));
}
