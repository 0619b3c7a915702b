import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import type { ListColumn } from '../columns.ts';
import { PHOTO_COLUMN } from '../columnPrefs.ts';
import { useRecordsT } from '../messages.ts';

/**
 * The column chooser of the review table: every column of the table with a box, in the table's
 * order, and "default columns". The choice is kept per account, project and table
 * (columnPrefs.ts).
 */
export function ColumnChooser({
  columns,
  visible,
  custom,
  onChange,
  onReset,
}: {
  columns: readonly ListColumn[];
  visible: readonly string[];
  custom: boolean;
  onChange: (codes: string[]) => void;
  onReset: () => void;
}) {
  const t = useRecordsT();
  // The photo sits after the descriptor columns, as in the table.
  const at = columns.findIndex((c) => ['gps_long', 'gps_lat', 'time_submit', 'code_state'].includes(c.code));
  const items = columns.map((c) => ({ code: c.code, title: c.title }));
  items.splice(at < 0 ? items.length : at, 0, { code: PHOTO_COLUMN, title: t('col.photo') });
  const toggle = (code: string, on: boolean) => {
    const next = on ? [...visible, code] : visible.filter((c) => c !== code);
    // In the table's order, so the stored choice reads like the table.
    onChange(items.map((i) => i.code).filter((c) => next.includes(c)));
  };
  const content = (
    <Flex
      vertical
      gap={4}
      style={{ maxHeight: 360, overflow: 'auto', minWidth: 180 }}
      data-testid="column-chooser"
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('col.chooseHint')}
      </Typography.Text>
      {items.map((i) => (
        <Checkbox
          key={i.code}
          checked={visible.includes(i.code)}
          // The last column cannot go: an empty table is no choice.
          disabled={visible.length === 1 && visible.includes(i.code)}
          onChange={(e) => toggle(i.code, e.target.checked)}
        >
          {i.title}
        </Checkbox>
      ))}
      <Button
        size="small"
        type="link"
        disabled={!custom}
        onClick={onReset}
        style={{ alignSelf: 'start', paddingInline: 0 }}
      >
        {t('col.chooseReset')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('col.chooseTitle')} content={content}>
      <Button icon={<SettingOutlined />} aria-label={t('col.choose')} data-testid="column-chooser-button">
        {t('col.choose')}
      </Button>
    </Popover>
  );
}
