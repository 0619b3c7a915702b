import { Button, Checkbox, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { createContext, useContext, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useRecordsT } from '../messages.ts';
import { useStateOptions } from './StateTag.tsx';

export type FilterValues = {
  biaoduan?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  keyWords?: string | undefined;
  codeState?: string | undefined;
  deleted?: boolean | undefined;
};

/**
 * Filters the lists below it start from, once (数据中心 opened on the records behind a figure of
 * 数据核对: its days). The list keeps its filters in its own state; this hands them in.
 */
export const FilterSeed = createContext<FilterValues | null>(null);

/** The data list's filters (spec §7 body): section, date range, keyword, state; the recycle bin. */
export function RecordFilters({
  value,
  onChange,
  sections,
  sectionLocked,
  showDeleted,
}: {
  value: FilterValues;
  onChange: (next: FilterValues) => void;
  sections: { code: string; name: string }[];
  /** The section comes from the tree beside the list. */
  sectionLocked?: boolean;
  showDeleted: boolean;
}) {
  const t = useRecordsT();
  const states = useStateOptions();
  const [keyword, setKeyword] = useState(value.keyWords ?? '');
  // A reset from outside clears the box (adjusted while rendering, not in an effect).
  const [applied, setApplied] = useState(value.keyWords);
  if (applied !== value.keyWords) {
    setApplied(value.keyWords);
    setKeyword(value.keyWords ?? '');
  }
  const set = (patch: FilterValues) => onChange({ ...value, ...patch });
  // Applied once per list (a ref survives a kept-alive tab being hidden and shown again).
  const seed = useContext(FilterSeed);
  const seeded = useRef(false);
  const applySeed = useEffectEvent((patch: FilterValues) => set(patch));
  useEffect(() => {
    if (!seed || seeded.current) return;
    seeded.current = true;
    applySeed(seed);
  }, [seed]);
  return (
    <Space wrap size={[8, 8]} data-testid="record-filters">
      <Select
        aria-label={t('col.section')}
        style={{ width: 180 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('filter.section')}
        disabled={sectionLocked}
        value={value.biaoduan}
        options={sections.map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` }))}
        onChange={(v?: string) => set({ biaoduan: v })}
      />
      <DatePicker.RangePicker
        aria-label={t('col.timeSubmit')}
        placeholder={[t('filter.begin'), t('filter.end')]}
        value={value.begin && value.end ? [dayjs(value.begin), dayjs(value.end)] : null}
        onChange={(range) =>
          set({
            begin: range?.[0]?.format('YYYY-MM-DD'),
            end: range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <Select
        aria-label={t('col.state')}
        style={{ width: 130 }}
        allowClear
        placeholder={t('filter.state')}
        value={value.codeState}
        options={states}
        onChange={(v?: string) => set({ codeState: v })}
      />
      <Input.Search
        aria-label={t('filter.keyword')}
        style={{ width: 260 }}
        allowClear
        maxLength={50}
        placeholder={t('filter.keyword')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          if (!e.target.value) set({ keyWords: undefined });
        }}
        onSearch={(v) => set({ keyWords: v.trim() || undefined })}
        enterButton={t('filter.search')}
      />
      {showDeleted && (
        <Checkbox
          checked={value.deleted ?? false}
          onChange={(e) => set({ deleted: e.target.checked || undefined })}
        >
          {t('filter.deleted')}
        </Checkbox>
      )}
      <Button onClick={() => onChange(sectionLocked ? { biaoduan: value.biaoduan } : {})}>
        {t('filter.reset')}
      </Button>
    </Space>
  );
}
