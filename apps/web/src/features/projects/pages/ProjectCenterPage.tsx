import { Alert, Button, Card, Result, Spin, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { useMainStore } from '../adminApi.ts';
import { BasicsTab } from '../components/center/BasicsTab.tsx';
import { MeasuresTab } from '../components/center/MeasuresTab.tsx';
import { SectionsTab } from '../components/center/SectionsTab.tsx';
import { StorageTab } from '../components/center/StorageTab.tsx';
import { ProjectPeople } from '../components/ProjectPeople.tsx';
import { useProjectsT } from '../projectMessages.ts';

/** Settings of the selected project; the address must name it (see docs/decisions/0044-project-settings-selected-project.md). */
function OtherProject({ current, wanted }: { current: string | undefined; wanted: string }) {
  const t = useProjectsT();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('center.otherProject', { current: current ?? '—', wanted })}
      extra={[
        <Button key="open" type="primary" onClick={() => navigate(`/projectCenter/${current ?? ''}`)}>
          {t('center.open')}
        </Button>,
        <Button key="switch" onClick={() => navigate('/selectProject')}>
          {t('center.switch')}
        </Button>,
      ]}
    />
  );
}

function ProjectCenter() {
  const t = useProjectsT();
  const can = useCan();
  const editable = can('projects.manage');
  // One call brings what every tab shows (spec §3 main-project store); saving refreshes it.
  const store = useMainStore();
  if (!store.data) {
    return store.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : <Result status="error" />;
  }
  const s = store.data;
  const p = s.data;
  return (
    <Card title={`${p.name}（${p.code}）`} extra={p.areaPath} data-testid="project-center">
      {!editable && <Alert type="info" showIcon title={t('center.readonly')} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          { key: 'basics', label: t('tab.basics'), children: <BasicsTab project={p} editable={editable} /> },
          {
            key: 'sections',
            label: `${t('tab.sections')} ${s.sections.length}`,
            children: <SectionsTab store={s} editable={editable} />,
          },
          {
            key: 'people',
            label: `${t('tab.people')} ${s.userTotal}`,
            children: <ProjectPeople project={p} />,
          },
          {
            key: 'measures',
            label: t('tab.measures'),
            children: <MeasuresTab store={s} editable={editable} />,
          },
          { key: 'storage', label: t('tab.storage'), children: <StorageTab usage={s.storageUsage} /> },
        ]}
      />
    </Card>
  );
}

/** /projectCenter/:id — settings of the selected project. */
export default function ProjectCenterPage() {
  const params = useParams();
  const wanted = params.id ?? params.prjCode ?? '';
  const selected = useSession((s) => s.project);
  const sameProject = !wanted || wanted === ':prjCode' || wanted === selected?.code;
  return sameProject ? <ProjectCenter /> : <OtherProject current={selected?.code} wanted={wanted} />;
}
