import type { NoticeItem } from '@pineguard/contract';
import { Badge, Empty, Skeleton, Typography } from 'antd';
import './latestNotices.css';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/format.ts';
import { useMarkRead, useNotices } from './api.ts';
import { useNoticesT } from './messages.ts';

const SHOWN = 5;

/**
 * The newest notices of the signed-in user, for the dashboard: the same list as the message
 * centre (kept fresh by the bell's event stream), unread ones marked; a click marks it read and
 * follows its link, or opens the message centre.
 */
export function LatestNotices() {
  const t = useNoticesT();
  const navigate = useNavigate();
  const list = useNotices({ pageNum: 1, pageSize: SHOWN });
  const markRead = useMarkRead();
  const items = list.data?.list ?? [];

  const open = (n: NoticeItem) => {
    if (!n.read) markRead.mutate([n.id]);
    void navigate(n.link || '/messageCenter');
  };

  if (list.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  return (
    <ul className="pg-latest-notices" data-testid="latest-notices">
      {items.map((n) => (
        <li key={n.id} data-read={n.read ? 'yes' : 'no'}>
          <button type="button" onClick={() => open(n)}>
            <Badge dot={!n.read} offset={[6, 0]}>
              <Typography.Text strong={!n.read}>{t(`kind.${n.kind}`)}</Typography.Text>
            </Badge>
            <Typography.Paragraph ellipsis={{ rows: 2 }}>{n.text}</Typography.Paragraph>
            <Typography.Text type="secondary">{formatDateTime(n.createdAt)}</Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  );
}
