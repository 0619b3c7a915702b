import { ArrowLeftOutlined, FolderOutlined, LogoutOutlined, ProjectOutlined } from '@ant-design/icons';
import type { ProjectTreeNode } from '@pineguard/contract';
import { Alert, Button, Empty, Flex, Input, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { BarePage } from '../../shared/ui/BarePage.tsx';
import { useSignOut } from '../../shared/useSignOut.ts';
import { useProjectTree, useSelectProject } from './api.ts';
import { filterProjectTree } from './projectTree.ts';

/** The project leaves of the tree (groups are areas). */
export function projectCodes(nodes: ProjectTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'project' ? [n.value] : projectCodes(n.children ?? [])));
}

/** Where the field app lives (served by this same server). */
export const fieldAppUrl = () => `${location.origin}/m/`;

function toTreeData(nodes: ProjectTreeNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.value,
    title: node.type === 'project' ? `${node.label}（${node.value}）` : node.label,
    icon: node.type === 'project' ? <ProjectOutlined /> : <FolderOutlined />,
    selectable: node.type === 'project',
    isLeaf: node.type === 'project',
    children: node.children ? toTreeData(node.children) : undefined,
  }));
}

/**
 * Choosing the main project. From the guard (`flag=true`) a project must be chosen; from the
 * top bar (`flag=false`) a back button returns to `redirect`. After choosing, the user goes
 * to `redirect` when given, else home; the guard then loads the new project's menus.
 */
export default function SelectProjectPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tree = useProjectTree();
  const select = useSelectProject();
  const signOut = useSignOut();
  const { project, noMenus } = useSession();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);

  const redirect = params.get('redirect');
  const back = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
  const canGoBack = params.get('flag') === 'false' && project !== null;
  const data = useMemo(() => toTreeData(filterProjectTree(tree.data ?? [], keyword)), [tree.data, keyword]);

  const enter = async (code: string) => {
    const picked = await select.mutateAsync(code);
    const session = useSession.getState();
    session.setProject(picked);
    session.invalidateInfo();
    // No success toast: the project's home is the confirmation, and a field-only account comes
    // straight back here with the explanation below (a toast beside it said the opposite).
    navigate(back, { replace: true });
  };

  // Sent here by the guard with exactly one project to choose from: go straight in.
  const autoEntered = useRef(false);
  const only = tree.data ? projectCodes(tree.data) : [];
  const straightIn = params.get('flag') === 'true' && !noMenus && only.length === 1;
  useEffect(() => {
    if (!straightIn || autoEntered.current) return;
    autoEntered.current = true;
    enter(only[0]!).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the tree arrives
  }, [straightIn]);

  return (
    <BarePage title={t('select.title')} width={560}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('select.intro')}</Typography.Text>
        {project && <Typography.Text strong>{t('select.current', { name: project.name })}</Typography.Text>}
        {noMenus && !params.has('flag') && (
          <Alert
            type="info"
            showIcon
            title={t('select.fieldOnly')}
            description={t('select.fieldOnlyWhere', { url: fieldAppUrl() })}
            data-testid="field-only"
          />
        )}
        <Input.Search
          allowClear
          placeholder={t('select.search')}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <div className="pg-project-tree" style={{ maxHeight: 360, overflow: 'auto' }}>
          {tree.isLoading ? (
            <Spin />
          ) : data.length === 0 ? (
            <Empty description={t('select.empty')} />
          ) : (
            <Tree
              showIcon
              defaultExpandAll
              key={keyword}
              treeData={data}
              selectedKeys={chosen ? [chosen] : []}
              onSelect={(keys) => setChosen((keys[0] as string | undefined) ?? null)}
              onDoubleClick={(_, node) => node.isLeaf && enter(String(node.key)).catch(() => {})}
            />
          )}
        </div>
        <Flex gap={8} wrap justify="space-between">
          <Flex gap={8}>
            {canGoBack && (
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back, { replace: true })}>
                {t('common.back')}
              </Button>
            )}
            <Button icon={<LogoutOutlined />} onClick={() => signOut()}>
              {t('select.logout')}
            </Button>
          </Flex>
          <Button
            type="primary"
            disabled={!chosen}
            loading={select.isPending}
            onClick={() => chosen && enter(chosen).catch(() => {})}
          >
            {chosen ? t('select.enter') : t('select.choose')}
          </Button>
        </Flex>
      </Flex>
    </BarePage>
  );
}
