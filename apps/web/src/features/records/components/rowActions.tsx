import { MoreOutlined } from '@ant-design/icons';
import type { RecordRow } from '@pineguard/contract';
import { Button, Dropdown } from 'antd';
import { useCallback } from 'react';
import { useRecordsT } from '../messages.ts';
import { offeredActions, type ReviewAction } from '../review.ts';

/** Width of the row's action column: 详情, 通过, 驳回 and the 更多 (⋯) menu. */
export const ROW_ACTIONS_WIDTH = 164;

/**
 * The row's own actions (issue 29): approve and reject on the row itself (the review dialog
 * confirms; rejecting asks for the reason), send back and delete under "更多"; restore in the
 * recycle bin.
 */
export function useRowActions({
  canReview,
  canDelete,
  onReview,
  onRemove,
}: {
  canReview: boolean;
  canDelete: boolean;
  onReview: (action: ReviewAction, ids: string[]) => void;
  onRemove: (mode: 'delete' | 'restore', ids: string[]) => void;
}) {
  const t = useRecordsT();
  return useCallback(
    (row: RecordRow) => {
      if (row.deleted)
        return canDelete ? (
          <Button type="link" size="small" onClick={() => onRemove('restore', [row.id])}>
            {t('action.restore')}
          </Button>
        ) : null;
      const offered = canReview ? offeredActions([row.code_state]) : [];
      const quick = (['approve', 'reject'] as const).filter((a) => offered.includes(a));
      const items = [
        ...offered
          .filter((a) => !quick.includes(a as 'approve' | 'reject'))
          .map((a) => ({ key: a, label: t(`action.${a}`) })),
        ...(canDelete ? [{ key: 'delete', label: t('action.delete'), danger: true }] : []),
      ];
      return (
        <>
          {quick.map((a) => (
            <Button
              key={a}
              type="link"
              size="small"
              danger={a === 'reject'}
              data-testid={`row-${a}-${row.id}`}
              onClick={() => onReview(a, [row.id])}
            >
              {t(`action.${a}`)}
            </Button>
          ))}
          {items.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items,
                onClick: ({ key }) =>
                  key === 'delete' ? onRemove('delete', [row.id]) : onReview(key as ReviewAction, [row.id]),
              }}
            >
              <Button
                type="link"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('action.more')}
                title={t('action.more')}
                data-testid={`row-actions-${row.id}`}
              />
            </Dropdown>
          )}
        </>
      );
    },
    [canDelete, canReview, onRemove, onReview, t],
  );
}
