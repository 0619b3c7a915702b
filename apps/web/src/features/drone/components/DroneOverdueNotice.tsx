import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTasks } from '../api.ts';
import { useT } from '../messages.ts';

/**
 * For the reconciliation screen: drone verification tasks still open past the project's window
 * (setting), with a link to them. Nothing when there are none.
 */
export function DroneOverdueNotice() {
  const t = useT();
  const overdue = useTasks({ overdue: true, pageNum: 1 });
  const n = overdue.data?.total ?? 0;
  if (!n) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="drone-overdue"
      message={t('overdue.notice', { n })}
      action={<Link to="/drone">{t('overdue.open')}</Link>}
    />
  );
}
