import { PlusOutlined } from '@ant-design/icons';
import type { MainStore, SectionItem } from '@pineguard/contract';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
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
        dataSource={store.sections}
        locale={{ emptyText: t('section.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
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
