import { BellOutlined } from '@ant-design/icons';
import { App, Badge } from 'antd';
import { useNavigate } from 'react-router';
import { useUnreadCount } from './api.ts';
import { useNoticesT } from './messages.ts';
import { useNoticeStream } from './stream.ts';

/** Polling interval while the event stream is down. */
const POLL_MS = 30_000;

/** The bell in the top bar: the unread count, pushed live; a new notice pops up briefly. */
export function NoticeBell() {
  const t = useNoticesT();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const live = useNoticeStream((notice) => {
    notification.info({
      key: notice.id,
      title: t('newNotice'),
      description: notice.text,
      placement: 'topRight',
      duration: 6,
      onClick: () => navigate('/messageCenter'),
    });
  });
  const unread = useUnreadCount(live ? false : POLL_MS);
  const count = unread.data ?? 0;
  const label = count ? t('bell.unread', { count }) : t('bell');
  return (
    <button
      type="button"
      className="pg-icon-button"
      data-testid="notice-bell"
      data-live={live ? 'yes' : 'no'}
      title={live ? label : `${label} · ${t('offline')}`}
      aria-label={label}
      onClick={() => navigate('/messageCenter')}
    >
      <Badge count={count} size="small" overflowCount={99} data-testid="notice-badge">
        <BellOutlined />
      </Badge>
    </button>
  );
}
