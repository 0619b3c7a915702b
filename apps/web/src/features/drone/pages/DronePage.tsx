import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { CandidatesView } from '../components/CandidatesView.tsx';
import { OrthoList } from '../components/OrthoList.tsx';
import { ReportTable } from '../components/ReportTable.tsx';
import { TasksTable } from '../components/TasksTable.tsx';
import { useT } from '../messages.ts';

/** 无人机巡查 (issue 32): orthophotos, candidates on the map, verification tasks, the section report. */
export default function DronePage() {
  const t = useT();
  const [tab, setTab] = useState('orthos');
  const [orthoId, setOrthoId] = useState<string | undefined>();
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'orthos',
            label: t('tab.orthos'),
            children: (
              <OrthoList
                onView={(id) => {
                  setOrthoId(id);
                  setTab('candidates');
                }}
              />
            ),
          },
          {
            key: 'candidates',
            label: t('tab.candidates'),
            children: <CandidatesView orthoId={orthoId} onChoose={setOrthoId} />,
          },
          { key: 'tasks', label: t('tab.tasks'), children: <TasksTable /> },
          { key: 'report', label: t('tab.report'), children: <ReportTable /> },
        ]}
      />
    </Card>
  );
}
