import { PlusOutlined } from '@ant-design/icons';
import type { ProjectItem } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Cascader,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Space,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import {
  useCountyTree,
  useDeleteProject,
  useMeasures,
  useProjectList,
  useRestoreProject,
} from '../adminApi.ts';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { MeasuresDialog } from '../components/MeasuresDialog.tsx';
import { ProjectDialog } from '../components/ProjectDialog.tsx';
import { ProjectPeople } from '../components/ProjectPeople.tsx';
import { useProjectsT } from '../projectMessages.ts';
import { parseTime } from '../../../shared/format.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { useListState } from '../../../shared/listState.ts';
import { SearchForm } from '../../../shared/ui/SearchForm.tsx';

type Filters = { keyword?: string; area?: string[]; archived?: true };

/** /projectSys: every project, for the super administrator. */
export default function ProjectSysPage() {
  const t = useProjectsT();
  const state = useListState<Filters>({});
  const { area, ...filters } = state.input;
  const projects = useProjectList({ ...filters, ...(area?.length ? { areaCode: area.at(-1) } : {}) });
  const tree = useCountyTree();
  const measures = useMeasures();
  const { message } = App.useApp();
  const remove = useDeleteProject();
  const restore = useRestoreProject();
  const archived = state.filters.archived === true;
  const [dialog, setDialog] = useState<{ project: ProjectItem | null } | null>(null);
  const [measuresOf, setMeasuresOf] = useState<ProjectItem | null>(null);
  const [peopleOf, setPeopleOf] = useState<ProjectItem | null>(null);
  const measureName = (code: string) => measures.data?.find((m) => m.code === code)?.name ?? code;

  const columns: TableColumnsType<ProjectItem> = [
    { title: t('col.code'), dataIndex: 'code', key: 'code', width: 100 },
    { title: t('col.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('col.area'), dataIndex: 'areaPath', key: 'areaPath', width: 220 },
    { title: t('col.year'), dataIndex: 'year', key: 'year', width: 72 },
    { title: t('col.ownerUnit'), dataIndex: 'ownerUnit', key: 'ownerUnit', width: 140 },
    { title: t('col.sections'), dataIndex: 'sectionCount', key: 'sectionCount', width: 80, align: 'right' },
    { title: t('col.members'), dataIndex: 'memberCount', key: 'memberCount', width: 80, align: 'right' },
    {
      title: t('col.measures'),
      key: 'measures',
      width: 180,
      render: (_, p) => (
        <Space size={[0, 4]} wrap>
          {p.measureCodes.map((c) => (
            <Tag color="green" key={c}>
              {measureName(c)}
            </Tag>
          ))}
        </Space>
      ),
    },
    ...(archived
      ? [
          {
            title: t('col.archivedAt'),
            dataIndex: 'archivedAt',
            key: 'archivedAt',
            width: 170,
            render: (v: string | null) => (v ? parseTime(v) : ''),
          },
        ]
      : []),
    {
      title: t('col.actions'),
      key: 'actions',
      width: archived ? 90 : 260,
      fixed: 'right',
      render: (_, p) =>
        archived ? (
          <Popconfirm
            title={t('restore.confirm', { name: p.name })}
            onConfirm={async () => {
              const result = await restore.mutateAsync(p.code).catch(() => null);
              if (result) message.success(result.message);
            }}
          >
            <Button type="link" size="small">
              {t('restore')}
            </Button>
          </Popconfirm>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDialog({ project: p })}>
              {t('edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setMeasuresOf(p)}>
              {t('measures')}
            </Button>
            <Button type="link" size="small" onClick={() => setPeopleOf(p)}>
              {t('list.people')}
            </Button>
            {/* A refusal (what the project still holds) is shown by the http client in the server's words. */}
            <ConfirmAction
              title={t('delete.confirm', { name: p.name })}
              label={t('delete')}
              danger
              closeOnError
              run={() => remove.mutateAsync(p.code)}
            />
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={t('list.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ project: null })}>
          {t('add')}
        </Button>
      }
    >
      <SearchForm list={state} fixed={archived ? { archived: true } : {}}>
        <Form.Item>
          <Segmented
            value={archived ? 'archived' : 'live'}
            options={[
              { value: 'live', label: t('filter.live') },
              { value: 'archived', label: t('filter.archived') },
            ]}
            onChange={(v) => {
              const { archived: _drop, ...rest } = state.filters;
              state.search({ ...rest, ...(v === 'archived' ? { archived: true as const } : {}) });
            }}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input
            placeholder={t('filter.keyword')}
            allowClear
            style={{ width: fitWidth(t('filter.keyword'), 220) }}
          />
        </Form.Item>
        <Form.Item name="area">
          <Cascader
            options={tree.data ?? []}
            loading={tree.isLoading}
            changeOnSelect
            placeholder={t('filter.area')}
            showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
            style={{ width: 260 }}
          />
        </Form.Item>
      </SearchForm>
      <PagedTable<ProjectItem>
        rowKey="code"
        size="large"
        columns={columns}
        query={projects}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
        totalText={(total) => t('total', { total })}
        showSizeChanger
      />
      <ProjectDialog
        open={dialog !== null}
        project={dialog?.project ?? null}
        onClose={() => setDialog(null)}
      />
      <MeasuresDialog project={measuresOf} onClose={() => setMeasuresOf(null)} />
      <Drawer
        title={peopleOf ? t('people.drawer', { name: peopleOf.name }) : ''}
        open={peopleOf !== null}
        onClose={() => setPeopleOf(null)}
        size={760}
        destroyOnHidden
      >
        {peopleOf && <ProjectPeople project={peopleOf} />}
      </Drawer>
    </Card>
  );
}
