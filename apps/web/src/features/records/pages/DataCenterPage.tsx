import {
  ApartmentOutlined,
  EnvironmentOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import { type ProjectTreeNode, YMFS_TABLE } from '@pineguard/contract';
import { Button, Card, Empty, Flex, Input, Spin, Tabs, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useProjectCode, useProjectTables, useUploadColumns, useUserProjectTree } from '../api.ts';
import { FilterSeed, type FilterValues } from '../components/RecordFilters.tsx';
import { RecordsPanel } from '../components/RecordsPanel.tsx';
import { TableSummary } from '../components/TableSummary.tsx';
import { YmfsPanel } from '../components/YmfsPanel.tsx';
import { useRecordsT } from '../messages.ts';

const projectKey = (code: string) => `p:${code}`;
const sectionKey = (project: string, code: string) => `s:${project}:${code}`;

function matches(node: ProjectTreeNode, k: string): boolean {
  return node.label.toLowerCase().includes(k) || node.value.toLowerCase().includes(k);
}

/** Area → project nodes (the user's projects), the active project's sections beneath it. */
function toTreeData(
  nodes: ProjectTreeNode[],
  active: string | undefined,
  sections: { code: string; name: string }[],
  keyword: string,
): DataNode[] {
  const k = keyword.trim().toLowerCase();
  const out: DataNode[] = [];
  for (const n of nodes) {
    if (n.type === 'project') {
      if (k && !matches(n, k)) continue;
      out.push({
        key: projectKey(n.value),
        title: n.label,
        icon: <ProjectOutlined />,
        children:
          n.value === active
            ? sections.map((s) => ({
                key: sectionKey(n.value, s.code),
                title: s.name,
                icon: <ApartmentOutlined />,
                isLeaf: true,
              }))
            : [],
        isLeaf: n.value !== active,
      });
      continue;
    }
    const children = toTreeData(n.children ?? [], active, sections, keyword);
    if (children.length || !k)
      out.push({
        key: `a:${n.value}`,
        title: n.label,
        icon: <EnvironmentOutlined />,
        children,
        selectable: false,
      });
  }
  return out;
}

const DATA_CENTER = '/dataCenter';
/** The area tree and the overview folded away (issue 29: room for the list), remembered in this browser. */
const TREE_FOLDED = 'pineguard.dataCenter.treeFolded';
const SUMMARY_FOLDED = 'pineguard.dataCenter.summaryFolded';
const readFolded = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const writeFolded = (key: string, folded: boolean) => {
  try {
    localStorage.setItem(key, folded ? '1' : '0');
  } catch {
    // Blocked storage: folded for this visit only.
  }
};
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `?prjCode=&prjStandCode=[&biaoduan=][&begin=&end=]`: the records behind a figure of 数据核对
 * (contract `ReconcileDrill` as search parameters): that project, table, section and days.
 */
function drillOf(search: string) {
  const p = new URLSearchParams(search);
  const prjCode = p.get('prjCode');
  const table = p.get('prjStandCode');
  if (!prjCode || !table) return null;
  const begin = p.get('begin') ?? '';
  const end = p.get('end') ?? '';
  const days: FilterValues =
    dayPattern.test(begin) && dayPattern.test(end) && begin <= end ? { begin, end } : {};
  return { prjCode, table, section: p.get('biaoduan') || undefined, days };
}

function areaKeys(nodes: DataNode[]): string[] {
  return nodes.flatMap((n) =>
    String(n.key).startsWith('a:') ? [String(n.key), ...areaKeys(n.children ?? [])] : [],
  );
}

/**
 * /dataCenter — the area → project → section tree beside the data list of the chosen project's
 * standard tables (one tab per table; the burning table adds the tree-quantity tab). A drill-down
 * address (see `drillOf`) opens on that table, section and days.
 */
export default function DataCenterPage() {
  const t = useRecordsT();
  const selectedProject = useProjectCode();
  const tree = useUserProjectTree();
  const [project, setProject] = useState<string | undefined>(selectedProject);
  const [section, setSection] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState<string | undefined>();
  const [folded, setFolded] = useState(() => readFolded(TREE_FOLDED));
  const fold = (next: boolean) => {
    writeFolded(TREE_FOLDED, next);
    setFolded(next);
  };
  const [summaryFolded, setSummaryFolded] = useState(() => readFolded(SUMMARY_FOLDED));
  const foldSummary = (next: boolean) => {
    writeFolded(SUMMARY_FOLDED, next);
    setSummaryFolded(next);
  };
  // A drill-down link (the address bar) opens its project, section and table with its days; a
  // kept-alive page sees other pages' addresses too, hence the path check.
  const location = useLocation();
  const navigate = useNavigate();
  const [drill, setDrill] = useState<{ search: string; table: string; days: FilterValues } | null>(null);
  const linked = location.pathname === DATA_CENTER ? drillOf(location.search) : null;
  if (linked && location.search !== drill?.search) {
    setDrill({ search: location.search, table: linked.table, days: linked.days });
    setProject(linked.prjCode);
    setSection(linked.section);
    setTab(linked.table);
  }
  // Choosing in the tree leaves the drill-down: the address forgets it, so the same link works again.
  const leaveDrill = () => {
    if (!drill) return;
    setDrill(null);
    if (location.pathname === DATA_CENTER && location.search) void navigate(DATA_CENTER, { replace: true });
  };
  const tables = useProjectTables(project);
  const meta = useUploadColumns(project, undefined);
  const sections = useMemo(() => meta.data?.sections ?? [], [meta.data]);
  const treeData = useMemo(
    () => toTreeData(tree.data ?? [], project, sections, keyword),
    [tree.data, project, sections, keyword],
  );
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const expandedKeys = expanded ?? [...areaKeys(treeData), ...(project ? [projectKey(project)] : [])];
  const selectedKey = project ? (section ? sectionKey(project, section) : projectKey(project)) : undefined;

  const list = tables.data ?? [];
  const activeTab =
    tab && list.some((tb) => tb.code === tab || `${tb.code}:ymfs` === tab) ? tab : list[0]?.code;
  const items = list.flatMap((tb) => {
    const drilled = drill?.table === tb.code ? drill : null;
    const panel = (
      <RecordsPanel
        key={`${project}:${tb.code}:${section ?? ''}:${drilled?.search ?? ''}`}
        prjCode={project}
        tableCode={tb.code}
        tableName={tb.name}
        section={section}
      />
    );
    const records = {
      key: tb.code,
      label: tb.name,
      children: drilled ? <FilterSeed value={drilled.days}>{panel}</FilterSeed> : panel,
    };
    if (tb.code !== YMFS_TABLE) return [records];
    return [
      records,
      {
        key: `${tb.code}:ymfs`,
        label: t('ymfs.tab'),
        children: <YmfsPanel key={`${project}:${section ?? ''}`} prjCode={project} section={section} />,
      },
    ];
  });

  return (
    <Flex gap={12} align="start" wrap data-testid="data-center">
      {folded ? (
        <Tooltip title={t('center.expand')} placement="right">
          <Button
            icon={<MenuUnfoldOutlined />}
            aria-label={t('center.expand')}
            data-testid="tree-expand"
            onClick={() => fold(false)}
            style={{ flex: 'none' }}
          />
        </Tooltip>
      ) : (
        <Card
          size="small"
          title={t('center.tree')}
          extra={
            <Tooltip title={t('center.collapse')}>
              <Button
                type="text"
                size="small"
                icon={<MenuFoldOutlined />}
                aria-label={t('center.collapse')}
                data-testid="tree-collapse"
                onClick={() => fold(true)}
              />
            </Tooltip>
          }
          style={{ flex: '0 0 280px', maxWidth: '100%' }}
        >
          <Input.Search
            size="small"
            allowClear
            placeholder={t('center.search')}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {tree.isPending ? (
            <Spin />
          ) : (
            <Tree
              showIcon
              blockNode
              titleRender={(node) => (
                <Typography.Text ellipsis={{ tooltip: String(node.title) }} style={{ maxWidth: 180 }}>
                  {String(node.title)}
                </Typography.Text>
              )}
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedKey ? [selectedKey] : []}
              onSelect={(keys) => {
                leaveDrill();
                const key = String(keys[0] ?? '');
                if (key.startsWith('p:')) {
                  const code = key.slice(2);
                  if (code !== project) setTab(undefined);
                  setProject(code);
                  setSection(undefined);
                  setExpanded((e) => (e ? [...e, key] : e));
                } else if (key.startsWith('s:')) {
                  const [, prj, sec] = key.split(':');
                  setProject(prj);
                  setSection(sec);
                } else if (!key && project) setSection(undefined);
              }}
              // Deep sections keep their icon beside the name (the card scrolls instead of wrapping).
              style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto', whiteSpace: 'nowrap' }}
            />
          )}
        </Card>
      )}
      <Flex vertical gap={12} style={{ flex: '1 1 480px', minWidth: 0 }}>
        {project && (
          <Card
            size="small"
            title={t('summary.title')}
            styles={summaryFolded ? { body: { display: 'none' } } : {}}
            extra={
              <Button
                type="link"
                size="small"
                data-testid="summary-fold"
                aria-expanded={!summaryFolded}
                onClick={() => foldSummary(!summaryFolded)}
              >
                {summaryFolded ? t('summary.show') : t('summary.hide')}
              </Button>
            }
          >
            {!summaryFolded && (
              <TableSummary key={project} prjCode={project} linkable={project === selectedProject} />
            )}
          </Card>
        )}
        <Card
          size="small"
          // Beside the tabs, not in their bar: a link inside role="tablist" is invalid (axe).
          extra={
            project === selectedProject && activeTab ? (
              <Link to={`/dataView/${activeTab.replace(/:ymfs$/, '')}`}>{t('center.open')}</Link>
            ) : null
          }
        >
          {!project ? (
            <Empty description={t('center.noProject')} />
          ) : tables.isPending ? (
            <Spin />
          ) : items.length === 0 ? (
            <Empty description={t('center.noTables')} />
          ) : (
            <Tabs activeKey={activeTab} onChange={setTab} items={items} destroyOnHidden />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
