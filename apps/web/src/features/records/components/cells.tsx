import { Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format.ts';
import { type ListColumn, splitMulti } from '../columns.ts';

/** One cell of the data list, by its column's kind. */
export function Cell({ column, value }: { column: ListColumn; value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  switch (column.kind) {
    case 'tags':
      return (
        <Space size={[0, 4]} wrap>
          {splitMulti(value).map((v) => (
            <Tag key={v}>{column.options?.[v] ?? v}</Tag>
          ))}
        </Space>
      );
    case 'time':
      return <>{formatDateTime(String(value), { seconds: true, fallback: '—' })}</>;
    case 'number':
      return (
        <>
          {String(value)}
          {column.unit ? ` ${column.unit}` : ''}
        </>
      );
    default: {
      const text = column.options?.[String(value)] ?? String(value);
      return (
        <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: column.width - 16 }}>
          {text}
        </Typography.Text>
      );
    }
  }
}
