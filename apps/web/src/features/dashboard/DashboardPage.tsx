import { DashboardOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';

/** The home frame: the pinned tab's page. Its statistics arrive with the dashboard feature. */
export default function DashboardPage() {
  const t = useT();
  const info = useSession((s) => s.info);
  const project = useSession((s) => s.project);
  return (
    <Card>
      <Typography.Title level={3}>
        <DashboardOutlined /> {t('dashboard.welcome', { name: info?.name ?? '' })}
      </Typography.Title>
      {project && (
        <Typography.Paragraph>{t('dashboard.project', { name: project.name })}</Typography.Paragraph>
      )}
      <Empty description={t('dashboard.pending')} />
    </Card>
  );
}
