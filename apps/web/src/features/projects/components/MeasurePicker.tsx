import type { MeasureItem } from '@pineguard/contract';
import { Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { useProjectsT } from '../projectMessages.ts';

/** Control measures as checkboxes, each with the standard table it brings. */
export function MeasurePicker({
  measures,
  loading,
  value,
  onChange,
  disabled,
}: {
  measures: MeasureItem[];
  loading: boolean;
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}) {
  const t = useProjectsT();
  if (loading) return <Spin />;
  if (measures.length === 0) return <Empty description={t('measures.none')} />;
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange(v as string[])}
      disabled={disabled}
      style={{ width: '100%' }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {measures.map((m) => (
          <Checkbox key={m.code} value={m.code}>
            <Space direction="vertical" size={0}>
              <strong>{m.name}</strong>
              <Typography.Text type="secondary">
                {t('measures.table', { name: m.standardTableName, code: m.standardTableCode })}
              </Typography.Text>
              {m.description && <Typography.Text type="secondary">{m.description}</Typography.Text>}
            </Space>
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}
