import { CheckOutlined } from '@ant-design/icons';
import { presetAvatars } from '@pineguard/contract';
import { Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { avatarUrl } from '../../shared/ui/avatar.ts';
import './profile.css';

/** The 16 preset avatars as 4 rows of 4. */
export function avatarRows(avatars: readonly string[] = presetAvatars): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < avatars.length; i += 4) rows.push(avatars.slice(i, i + 4));
  return rows;
}

/**
 * Avatar field (spec §2): the current choice previewed at 100×100 and 40×40; clicking it
 * opens the picker of preset images. A controlled antd form field (value/onChange).
 */
export function AvatarPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const picker = (
    <div className="pg-avatar-grid" role="listbox" aria-label={t('profile.pickAvatar')}>
      {avatarRows().map((row) => (
        <div className="pg-avatar-row" key={row[0]}>
          {row.map((name) => (
            <button
              type="button"
              key={name}
              role="option"
              aria-selected={name === value}
              className={`pg-avatar-option${name === value ? ' pg-avatar-chosen' : ''}`}
              data-avatar={name}
              onClick={() => {
                onChange?.(name);
                setOpen(false);
              }}
            >
              <img src={avatarUrl(name)} alt={name} width={56} height={56} />
              {name === value && <CheckOutlined className="pg-avatar-check" />}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
  return (
    <Popover
      content={picker}
      title={t('profile.pickAvatar')}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomLeft"
    >
      <Flex align="end" gap={16}>
        <button
          type="button"
          className="pg-avatar-current"
          title={t('profile.changeAvatar')}
          data-testid="avatar-current"
        >
          <img src={avatarUrl(value)} alt={t('profile.avatar')} width={100} height={100} />
        </button>
        <Flex vertical align="center" gap={4}>
          <img className="pg-avatar-small" src={avatarUrl(value)} alt="" width={40} height={40} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('profile.preview')}
          </Typography.Text>
        </Flex>
      </Flex>
    </Popover>
  );
}
