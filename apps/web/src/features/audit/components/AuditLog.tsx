import type { AuditItem } from '@pineguard/contract';
import { Card, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { useLangStore } from '../../../locales/index.ts';
import { type AuditFilters, useAuditList } from '../api.ts';
import { auditEntities, useAuditT } from '../messages.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { useListState } from '../../../shared/listState.ts';
import { SearchForm } from '../../../shared/ui/SearchForm.tsx';
import { actionLabel, type AuditChange, auditChanges, auditSentence } from '../sentence.ts';

/** The changed fields of one action: field, before, after. */
function Changes({ item }: { item: AuditItem }) {
  const t = useAuditT();
  const lang = useLangStore((s) => s.lang);
  const rows = auditChanges(item, lang);
  if (!rows.length) return <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>;
  return (
    <Table<AuditChange>
      data-testid="audit-changes"
      rowKey="field"
      size="small"
      pagination={false}
      style={{ maxWidth: 900 }}
      columns={[
        { title: t('field'), dataIndex: 'label', key: 'label', width: 160 },
        { title: t('before'), dataIndex: 'before', key: 'before' },
        { title: t('after'), dataIndex: 'after', key: 'after' },
      ]}
      dataSource={rows}
    />
  );
}

/** The audit log (who, when, what, before/after) of users, roles, grants, invitations and menus. */
export function AuditLog() {
  const t = useAuditT();
  const lang = useLangStore((s) => s.lang);
  const state = useListState<AuditFilters>({});
  const list = useAuditList(state.input);

  const columns: TableColumnsType<AuditItem> = [
    {
      title: t('col.time'),
      dataIndex: 'at',
      key: 'at',
      render: (v: string) => formatDateTime(v, { seconds: true }),
      width: 170,
    },
    {
      title: t('col.actor'),
      key: 'actor',
      width: colWidth.text,
      render: (_, r) => `${r.actorName}（${r.actorAccount}）`,
    },
    {
      title: t('col.action'),
      dataIndex: 'action',
      key: 'action',
      width: colWidth.text,
      render: (a: string) => (
        <Tag
          color={
            ['delete', 'reject', 'revoke', 'archive'].includes(a)
              ? 'red'
              : a === 'create'
                ? 'green'
                : 'processing'
          }
        >
          {actionLabel(a, lang)}
        </Tag>
      ),
    },
    { title: t('col.summary'), key: 'sentence', width: 420, render: (_, r) => auditSentence(r, lang) },
  ];

  return (
    <Card data-testid="audit-log">
      <SearchForm list={state}>
        <Form.Item name="entity">
          <Select
            allowClear
            placeholder={t('filter.entity')}
            style={{ width: fitWidth(t('filter.entity'), 140) }}
            options={auditEntities.map((e) => ({ value: e, label: t(`entity.${e}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('filter.keyword')}
            style={{ width: fitWidth(t('filter.keyword'), 240) }}
            maxLength={50}
          />
        </Form.Item>
      </SearchForm>
      <PagedTable<AuditItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
        expandable={{
          rowExpandable: (r) => auditChanges(r, lang).length > 0,
          expandedRowRender: (r) => <Changes item={r} />,
        }}
      />
    </Card>
  );
}
