import { UndoOutlined } from '@ant-design/icons';
import type { LwryItem } from '@pineguard/contract';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useWorkersT } from '../messages.ts';

/**
 * 撤销审核 beside a reviewed worker's status (issue 29): asks, then puts the worker back to
 * pending. A refusal has been shown by the http client already and is not rethrown.
 */
export function RevokeReview({ worker, run }: { worker: LwryItem; run: () => Promise<{ message: string }> }) {
  const t = useWorkersT();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t('review.revokeConfirm', { name: worker.name })}
      okText={t('review.revoke')}
      cancelText={t('form.cancel')}
      onConfirm={async () => {
        const res = await run().catch(() => null);
        if (res) message.success(res.message);
      }}
    >
      <Tooltip title={t('review.revoke')}>
        <Button
          type="text"
          size="small"
          icon={<UndoOutlined />}
          aria-label={t('review.revoke')}
          data-testid={`revoke-${worker.id}`}
        />
      </Tooltip>
    </Popconfirm>
  );
}
