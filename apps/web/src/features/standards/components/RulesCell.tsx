import type { ColumnDescriptor } from '@pineguard/contract';
import { Space, Tag } from 'antd';
import { useMetaT } from '../messages.ts';

/** A descriptor's validation in one table cell: required, range or length, unit, options. */
export function RulesCell({ rules }: { rules: ColumnDescriptor['rules'] }) {
  const t = useMetaT();
  const { min, max, unit, maxLength, options = [] } = rules;
  const range = [
    min !== undefined || max !== undefined ? `${min ?? ''} ~ ${max ?? ''}` : '',
    unit ?? '',
    maxLength !== undefined ? `≤ ${maxLength}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Space size={[0, 4]} wrap>
      {rules.required && <Tag color="red">{t('col.required')}</Tag>}
      {range && <span style={{ marginRight: 8 }}>{range}</span>}
      {options.map((o) => (
        <Tag key={o.value}>{o.label}</Tag>
      ))}
    </Space>
  );
}
