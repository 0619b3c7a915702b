import type { BurnPointFlag } from '@pineguard/contract';
import { Tag } from 'antd';
import { useRecordsT } from '../messages.ts';

/** The flag on a burn record naming a suspended or unregistered burn point (issue 15). */
export function FsdFlag({ flag }: { flag: BurnPointFlag }) {
  const t = useRecordsT();
  return (
    <Tag color={flag === 'suspended' ? 'orange' : 'red'} data-testid="fsd-flag">
      {t(`fsdFlag.${flag}`)}
    </Tag>
  );
}
