import type { DroneTask } from '@pineguard/contract';
import { droneTaskStateLabels, droneTaskStates } from '@pineguard/contract';
import { Checkbox, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { useLangStore } from '../../../locales/index.ts';
import { useTasks } from '../api.ts';
import { useT } from '../messages.ts';

/** Verification tasks, like the anomaly list: state filter, the overdue ones flagged. */
export function TasksTable() {
  const t = useT();
  const lang = useLangStore((s) => (s.lang === 'en' ? 'en' : 'zh-CN'));
  const [state, setState] = useState<string | undefined>();
  const [overdue, setOverdue] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const tasks = useTasks({ state, overdue, pageNum });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          allowClear
          aria-label={t('task.state')}
          placeholder={t('task.all')}
          style={{ width: 160 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPageNum(1);
          }}
          options={droneTaskStates.map((s) => ({ value: s, label: droneTaskStateLabels[s][lang] }))}
        />
        <Checkbox checked={overdue} onChange={(e) => setOverdue(e.target.checked)}>
          {t('task.overdue')}
        </Checkbox>
      </Space>
      <Table<DroneTask>
        rowKey="id"
        size="small"
        data-testid="drone-tasks"
        loading={tasks.isFetching}
        dataSource={tasks.data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: 20,
          total: tasks.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('cand.section'), render: (_, r) => r.sectionName || r.sectionCode || '—' },
          {
            title: t('task.state'),
            width: 150,
            render: (_, r) => (
              <Space size={4}>
                <Tag
                  color={
                    r.state === 'felled'
                      ? 'blue'
                      : r.state === 'confirmed'
                        ? 'red'
                        : r.state === 'open'
                          ? 'orange'
                          : 'default'
                  }
                >
                  {droneTaskStateLabels[r.state][lang]}
                </Tag>
                {r.overdue && <Tag color="error">{t('task.overdue')}</Tag>}
              </Space>
            ),
          },
          { title: t('task.position'), render: (_, r) => `${r.lng.toFixed(6)}, ${r.lat.toFixed(6)}` },
          {
            title: t('task.cgcs'),
            render: (_, r) =>
              `EPSG:${r.cgcs2000.epsg} E ${r.cgcs2000.x.toFixed(1)} N ${r.cgcs2000.y.toFixed(1)}`,
          },
          { title: t('cand.score'), dataIndex: 'score', width: 70, render: (s: number) => s.toFixed(2) },
          { title: t('task.checkedBy'), dataIndex: 'checkedByName', width: 100 },
          { title: t('task.reason'), dataIndex: 'reason' },
          {
            title: t('task.issuedAt'),
            dataIndex: 'issuedAt',
            width: 150,
            render: (v: string | null) => (v ? formatDateTime(v) : ''),
          },
          {
            title: t('task.closedAt'),
            dataIndex: 'closedAt',
            width: 150,
            render: (v: string | null) => (v ? formatDateTime(v) : ''),
          },
        ]}
      />
    </Space>
  );
}
