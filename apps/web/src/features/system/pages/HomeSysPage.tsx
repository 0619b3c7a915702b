import { AuditOutlined, ProjectOutlined, TeamOutlined, UserOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic, theme } from 'antd';
import { useNavigate } from 'react-router';
import { featureMessages } from '../../../shared/featureT.ts';
import { api } from '../../../shared/http.ts';

const { useT } = featureMessages(
  {
    users: '用户数',
    projects: '项目数',
    pendingReviews: '待审核注册',
    onlineSessions: '在线会话',
    links: '快捷入口',
    userSys: '用户管理',
    roleSys: '角色权限',
    projectSys: '项目列表',
    verify: '用户审核',
  },
  {
    users: 'Users',
    projects: 'Projects',
    pendingReviews: 'Pending registrations',
    onlineSessions: 'Sessions online',
    links: 'Shortcuts',
    userSys: 'User management',
    roleSys: 'Role permissions',
    projectSys: 'Projects',
    verify: 'User review',
  },
);

/** /homeSys: the sub-system home of super administrators. */
export default function HomeSysPage() {
  const t = useT();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const summary = useQuery({
    queryKey: ['system', 'summary'],
    queryFn: () => api.value('GET /api/system/summary'),
  });
  const cards = [
    { key: 'users', icon: <UserOutlined />, color: token.colorPrimary },
    { key: 'projects', icon: <ProjectOutlined />, color: token.colorSuccess },
    { key: 'pendingReviews', icon: <AuditOutlined />, color: token.colorWarning },
    { key: 'onlineSessions', icon: <WifiOutlined />, color: token.colorTextSecondary },
  ] as const;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} lg={6}>
            <Card loading={summary.isLoading} data-testid={`stat-${c.key}`}>
              <Statistic
                title={t(c.key)}
                value={summary.data?.[c.key] ?? 0}
                prefix={c.icon}
                styles={{ content: { color: c.color } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('links')}>
        <Space wrap>
          <Button icon={<UserOutlined />} onClick={() => navigate('/userSys')}>
            {t('userSys')}
          </Button>
          <Button icon={<TeamOutlined />} onClick={() => navigate('/roleSys')}>
            {t('roleSys')}
          </Button>
          <Button icon={<ProjectOutlined />} onClick={() => navigate('/projectSys')}>
            {t('projectSys')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
