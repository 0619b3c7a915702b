import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FireOutlined,
  KeyOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  ProjectOutlined,
  QrcodeOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { isExternal } from '../externalLink.ts';
import { PineTreeOutlined } from './PineTreeOutlined.tsx';

/** Menu icon names the server sends (menus/builtin.ts) mapped to antd icons. */
const icons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  // 枯死树详情: a tree, not antd's git-branch icon.
  tree: <PineTreeOutlined />,
  chart: <BarChartOutlined />,
  database: <DatabaseOutlined />,
  map: <EnvironmentOutlined />,
  fire: <FireOutlined />,
  list: <UnorderedListOutlined />,
  audit: <AuditOutlined />,
  alert: <AlertOutlined />,
  reconcile: <ReconciliationOutlined />,
  team: <TeamOutlined />,
  qrcode: <QrcodeOutlined />,
  safety: <SafetyCertificateOutlined />,
  message: <MessageOutlined />,
  user: <UserOutlined />,
  key: <KeyOutlined />,
  setting: <SettingOutlined />,
  menu: <MenuOutlined />,
  project: <ProjectOutlined />,
};

// In a module of its own so the route guard (which needs it) does not load every menu icon.
export { isExternal };

/** An unknown name still gets a neutral icon so the collapsed sidebar keeps a target to click. */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  if (isExternal(name)) return <LinkOutlined />;
  return icons[name] ?? <AppstoreOutlined />;
}
