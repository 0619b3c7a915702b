import { PlusOutlined } from '@ant-design/icons';
import { formatBytes, type ProjectItem, type SectionItem } from '@pineguard/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Progress,
  Result,
  Row,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import {
  type Member,
  type StorageUsage,
  useAreaChildren,
  useCountyTree,
  useCurrentProject,
  useManagers,
  useMeasures,
  useMembers,
  useProjectTables,
  useSaveProject,
  useSections,
  useSetMeasures,
  useStorageUsage,
} from '../adminApi.ts';
import { countyOf, totalBytes } from '../areaTree.ts';
import { MeasurePicker } from '../components/MeasurePicker.tsx';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from '../components/ProjectFields.tsx';
import { SectionDialog } from '../components/SectionDialog.tsx';
import { type ProjectsKey, useProjectsT } from '../projectMessages.ts';

function Basics({ project, editable }: { project: ProjectItem; editable: boolean }) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const tree = useCountyTree();
  const save = useSaveProject();
  useEffect(() => {
    form.setFieldsValue(toFormValues(project, tree.data ?? []));
  }, [project, tree.data, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      name="projectBasics"
      style={{ maxWidth: 560 }}
      onFinish={async (values) => {
        try {
          const result = await save.mutateAsync({ body: toBody(values, project), isNew: false });
          message.success(result.message);
        } catch (error) {
          showFieldErrors(form, error);
        }
      }}
    >
      <ProjectFields tree={tree.data ?? []} treeLoading={tree.isLoading} codeLocked disabled={!editable} />
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      )}
    </Form>
  );
}

function Sections({ project, editable }: { project: ProjectItem; editable: boolean }) {
  const t = useProjectsT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const sections = useSections(page);
  const members = useMembers(true);
  const townships = useAreaChildren(countyOf(project.areaCode));
  const [dialog, setDialog] = useState<{ section: SectionItem | null } | null>(null);
  const columns: TableColumnsType<SectionItem> = [
    { title: t('section.code'), dataIndex: 'code', key: 'code' },
    { title: t('section.name'), dataIndex: 'name', key: 'name' },
    { title: t('section.contractor'), dataIndex: 'contractor', key: 'contractor' },
    { title: t('section.manager'), dataIndex: 'managerName', key: 'managerName' },
    {
      title: t('section.townships'),
      key: 'areas',
      render: (_, s) => (
        <Space size={[0, 4]} wrap>
          {s.areaNames.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('section.plannedTrees'), dataIndex: 'plannedTrees', key: 'plannedTrees' },
    { title: t('section.plannedVolume'), dataIndex: 'plannedVolume', key: 'plannedVolume' },
    ...(editable
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            render: (_: unknown, s: SectionItem) => (
              <Button type="link" size="small" onClick={() => setDialog({ section: s })}>
                {t('edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {editable && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 16 }}
          onClick={() => setDialog({ section: null })}
        >
          {t('section.add')}
        </Button>
      )}
      <Table<SectionItem>
        rowKey="id"
        columns={columns}
        dataSource={sections.data?.list ?? []}
        loading={sections.isFetching}
        locale={{ emptyText: t('section.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: sections.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        scroll={{ x: 900 }}
      />
      <SectionDialog
        open={dialog !== null}
        section={dialog?.section ?? null}
        members={members.data ?? []}
        townships={townships.data ?? []}
        townshipsLoading={townships.isLoading}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function People() {
  const t = useProjectsT();
  const managers = useManagers(true);
  const members = useMembers(true);
  const columns: TableColumnsType<Member> = [
    { title: t('people.account'), dataIndex: 'account', key: 'account' },
    { title: t('people.name'), dataIndex: 'name', key: 'name' },
    { title: t('people.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('people.roles'),
      key: 'roles',
      render: (_, m) => m.roleNames.map((r) => <Tag key={r}>{r}</Tag>),
    },
  ];
  const table = (data: Member[] | undefined, loading: boolean, testId: string) => (
    <Table<Member>
      data-testid={testId}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data ?? []}
      loading={loading}
      locale={{ emptyText: t('people.empty') }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
    />
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to="/users/userList">{t('people.manage')}</Link>
      <Card size="small" title={t('people.managers')}>
        {table(managers.data, managers.isFetching, 'project-managers')}
      </Card>
      <Card size="small" title={t('people.members')}>
        {table(members.data, members.isFetching, 'project-members')}
      </Card>
    </Space>
  );
}

function Measures({ project, editable }: { project: ProjectItem; editable: boolean }) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const measures = useMeasures();
  const tables = useProjectTables(project.code, project.measureCodes);
  const save = useSetMeasures();
  // null: the saved choice, until the user changes it.
  const [edited, setEdited] = useState<string[] | null>(null);
  const codes = edited ?? project.measureCodes;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <MeasurePicker
          measures={measures.data ?? []}
          loading={measures.isLoading}
          value={codes}
          onChange={setEdited}
          disabled={!editable}
        />
        {editable && (
          <Button
            type="primary"
            style={{ marginTop: 16 }}
            loading={save.isPending}
            onClick={async () => {
              // A refusal is shown by the http client in the server's words.
              const result = await save
                .mutateAsync({ prjCode: project.code, measureCodes: codes })
                .catch(() => null);
              if (!result) return;
              message.success(result.message);
              setEdited(null);
            }}
          >
            {t('measures.save')}
          </Button>
        )}
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('measures.tables')} loading={tables.isLoading}>
          {(tables.data ?? []).length === 0 ? (
            <Empty description={t('measures.none')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              {(tables.data ?? []).map((tb) => (
                <div key={tb.code}>
                  <strong>{tb.name}</strong> <code>{tb.code}</code> ·{' '}
                  {t('measures.fields', { count: tb.columns.length })}
                  <div>
                    {tb.columns.map((c) => (
                      <Tag key={c.code} style={{ marginTop: 4 }}>
                        {c.value}
                      </Tag>
                    ))}
                  </div>
                </div>
              ))}
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}

function Storage({ project }: { project: ProjectItem }) {
  const t = useProjectsT();
  const usage = useStorageUsage(project.code, true);
  const rows = usage.data ?? [];
  const total = totalBytes(rows);
  const kindName = (kind: string) => {
    const key = `kind.${kind}` as ProjectsKey;
    const text = t(key);
    return text === key ? kind : text;
  };
  const columns: TableColumnsType<StorageUsage> = [
    { title: t('storage.kind'), dataIndex: 'kind', key: 'kind', render: kindName },
    { title: t('storage.files'), dataIndex: 'files', key: 'files' },
    { title: t('storage.bytes'), dataIndex: 'bytes', key: 'bytes', render: (b: number) => formatBytes(b) },
    {
      title: t('storage.share'),
      key: 'share',
      width: 240,
      render: (_, r) => (
        <Progress percent={total.bytes ? Math.round((r.bytes / total.bytes) * 1000) / 10 : 0} size="small" />
      ),
    },
  ];
  return (
    <Table<StorageUsage>
      rowKey="kind"
      columns={columns}
      dataSource={rows}
      loading={usage.isFetching}
      locale={{ emptyText: t('storage.empty') }}
      pagination={false}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>{t('storage.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{total.files}</Table.Summary.Cell>
            <Table.Summary.Cell index={2}>{formatBytes(total.bytes)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
          </Table.Summary.Row>
        )
      }
    />
  );
}

/** /projectCenter/:id — settings of the selected project. */
export default function ProjectCenterPage() {
  const t = useProjectsT();
  const navigate = useNavigate();
  const params = useParams();
  const wanted = params.id ?? params.prjCode ?? '';
  const selected = useSession((s) => s.project);
  const can = useCan();
  const editable = can('projects.manage');
  const sameProject = !wanted || wanted === ':prjCode' || wanted === selected?.code;
  const project = useCurrentProject(sameProject);

  if (!sameProject) {
    return (
      <Result
        status="warning"
        title={t('center.otherProject', { current: selected?.code ?? '—', wanted })}
        extra={[
          <Button
            key="open"
            type="primary"
            onClick={() => navigate(`/projectCenter/${selected?.code ?? ''}`)}
          >
            {t('center.open')}
          </Button>,
          <Button key="switch" onClick={() => navigate('/selectProject')}>
            {t('center.switch')}
          </Button>,
        ]}
      />
    );
  }
  if (project.isLoading || !project.data) {
    return project.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : <Empty />;
  }
  const p = project.data;
  return (
    <Card title={`${p.name}（${p.code}）`} extra={p.areaPath} data-testid="project-center">
      {!editable && <Alert type="info" showIcon title={t('center.readonly')} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          { key: 'basics', label: t('tab.basics'), children: <Basics project={p} editable={editable} /> },
          {
            key: 'sections',
            label: t('tab.sections'),
            children: <Sections project={p} editable={editable} />,
          },
          { key: 'people', label: t('tab.people'), children: <People /> },
          {
            key: 'measures',
            label: t('tab.measures'),
            children: <Measures project={p} editable={editable} />,
          },
          { key: 'storage', label: t('tab.storage'), children: <Storage project={p} /> },
        ]}
      />
    </Card>
  );
}
