import { PlusOutlined } from '@ant-design/icons';
import type { MainStore, SectionItem } from '@pineguard/contract';
import { Alert, Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDeleteSection } from '../../adminApi.ts';
import { useProjectsT } from '../../projectMessages.ts';
import { SectionDialog } from '../SectionDialog.tsx';
import { ConfirmAction } from '../../../../shared/ui/ConfirmAction.tsx';

/** The project's sections (at most 200, so the main-project store holds them all). */
export function SectionsTab({ store, editable }: { store: MainStore; editable: boolean }) {
  const t = useProjectsT();
  const remove = useDeleteSection();
  const [dialog, setDialog] = useState<{ section: SectionItem | null } | null>(null);
  const columns: TableColumnsType<SectionItem> = [
    { title: t('section.code'), dataIndex: 'code', key: 'code', width: 110 },
    { title: t('section.name'), dataIndex: 'name', key: 'name' },
    { title: t('section.contractor'), dataIndex: 'contractor', key: 'contractor' },
    { title: t('section.manager'), dataIndex: 'managerName', key: 'managerName', width: 110 },
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
    { title: t('section.plannedTrees'), dataIndex: 'plannedTrees', key: 'plannedTrees', width: 100 },
    { title: t('section.plannedVolume'), dataIndex: 'plannedVolume', key: 'plannedVolume', width: 130 },
    ...(editable
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            width: 120,
            render: (_: unknown, s: SectionItem) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDialog({ section: s })}>
                  {t('edit')}
                </Button>
                <ConfirmAction
                  title={t('section.deleteConfirm', { name: s.name })}
                  label={t('section.delete')}
                  danger
                  closeOnError
                  run={() => remove.mutateAsync(s.id)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];
  // The project's plan (issue 17): the sum of its sections' plans, what completion rates divide by.
  const plannedTrees = store.sections.reduce((a, s) => a + (s.plannedTrees ?? 0), 0);
  const plannedVolume = store.sections.reduce((a, s) => a + (s.plannedVolume ?? 0), 0);
  const missing = store.sections.filter((s) => s.plannedTrees === null).length;
  const planColumn = columns.findIndex((c) => c.key === 'plannedTrees');
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="project-plan"
        title={
          <Space wrap>
            {t('section.planTotal')}:<Typography.Text strong>{plannedTrees.toLocaleString()}</Typography.Text>
            {t('section.plannedTrees')}
            {plannedVolume > 0 && (
              <>
                · <Typography.Text strong>{Math.round(plannedVolume * 100) / 100}</Typography.Text>
                {t('section.plannedVolume')}
              </>
            )}
          </Space>
        }
        description={t('section.planHint', {
          missing: missing ? t('section.planMissing', { n: missing }) : '',
        })}
      />
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
        dataSource={store.sections}
        locale={{ emptyText: t('section.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        summary={() =>
          store.sections.length > 0 && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={planColumn}>
                <Typography.Text strong>{t('section.planTotal')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={planColumn}>
                <Typography.Text strong>{plannedTrees}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={planColumn + 1} colSpan={columns.length - planColumn - 1}>
                <Typography.Text strong>
                  {plannedVolume > 0 ? Math.round(plannedVolume * 100) / 100 : '—'}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
      <SectionDialog
        open={dialog !== null}
        prjCode={store.data.code}
        section={dialog?.section ?? null}
        townships={store.areaTree}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
