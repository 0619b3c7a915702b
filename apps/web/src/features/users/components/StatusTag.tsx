import type { UserStatus } from '@pineguard/contract';
import { Tag } from 'antd';
import { useUsersT } from '../messages.ts';

const colors: Record<UserStatus, string> = {
  active: 'green',
  pending: 'gold',
  rejected: 'red',
  disabled: 'default',
};

export function StatusTag({ status }: { status: UserStatus }) {
  const t = useUsersT();
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>;
}
