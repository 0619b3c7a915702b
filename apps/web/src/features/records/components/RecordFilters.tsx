import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Flex, Input, Select } from 'antd';
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

/**
 * The data list's filters (spec §7 body) in one row: section, state, keyword; the date range and
 * the recycle bin behind "更多" (issue 29), which counts the ones chosen there.
 */
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
  // The date range and the recycle bin wait behind "更多"; a chosen one counts on the button.
  const hiddenSet = (value.begin ? 1 : 0) + (value.deleted ? 1 : 0);
  // Until the user opens or closes it, "更多" is open exactly when a filter behind it is set.
  const [moreChoice, setMore] = useState<boolean | null>(null);
  const more = moreChoice ?? hiddenSet > 0;
  const section = (
    <Select
      aria-label={t('col.section')}
      style={{ width: 170 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('filter.section')}
      disabled={sectionLocked}
      value={value.biaoduan}
      options={sections.map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` }))}
      onChange={(v?: string) => set({ biaoduan: v })}
    />
  );
  return (
    <Flex vertical gap={8} data-testid="record-filters" style={{ minWidth: 0 }}>
      <Flex gap={8} align="center" wrap={false}>
        {section}
        <Select
          aria-label={t('col.state')}
          style={{ width: 116, flex: 'none' }}
          allowClear
          placeholder={t('filter.state')}
          value={value.codeState}
          options={states}
          onChange={(v?: string) => set({ codeState: v })}
        />
        <Input.Search
          aria-label={t('filter.keyword')}
          style={{ width: 230, flex: 'none' }}
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
        <Button
          type={more ? 'default' : 'text'}
          aria-expanded={more}
          data-testid="filters-more"
          onClick={() => setMore(!more)}
          style={{ flex: 'none' }}
        >
          {hiddenSet ? t('filter.moreCount', { count: hiddenSet }) : t('filter.more')}
          {more ? <UpOutlined /> : <DownOutlined />}
        </Button>
        <Button
          style={{ flex: 'none' }}
          onClick={() => onChange(sectionLocked ? { biaoduan: value.biaoduan } : {})}
        >
          {t('filter.reset')}
        </Button>
      </Flex>
      {more && (
        <Flex gap={8} align="center" wrap data-testid="filters-more-row">
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
          {showDeleted && (
            <Checkbox
              checked={value.deleted ?? false}
              onChange={(e) => set({ deleted: e.target.checked || undefined })}
            >
              {t('filter.deleted')}
            </Checkbox>
          )}
        </Flex>
      )}
    </Flex>
  );
}
