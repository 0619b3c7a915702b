import { type AuditItem, dictionaries } from '@pineguard/contract';
import { Card, Col, Input, Row, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useAuditList } from '../api.ts';
import { auditEntities, useAuditT } from '../messages.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The audit log (who, when, what, before/after) of users, roles, grants, invitations and menus. */
export function AuditLog() {
  const t = useAuditT();
  const lang = useLangStore((s) => s.lang);
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState<(typeof auditEntities)[number] | undefined>();
  const [keyword, setKeyword] = useState('');
  const list = useAuditList({ pageNum: page, entity, keyword: keyword || undefined });
  const actionLabel = (a: string) => dictionaries.auditAction.find((d) => d.value === a)?.label[lang] ?? a;
  const entityLabel = (e: string) =>
    (auditEntities as readonly string[]).includes(e) ? t(`entity.${e as (typeof auditEntities)[number]}`) : e;

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
        <Tag color={a === 'delete' || a === 'reject' ? 'red' : a === 'create' ? 'green' : 'blue'}>
          {actionLabel(a)}
        </Tag>
      ),
    },
    { title: t('col.entity'), dataIndex: 'entity', key: 'entity', width: colWidth.text, render: entityLabel },
    { title: t('col.summary'), dataIndex: 'summary', key: 'summary', width: 360 },
  ];

  return (
    <Card data-testid="audit-log">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('filter.entity')}
          style={{ width: 140 }}
          value={entity}
          onChange={(v?: (typeof auditEntities)[number]) => {
            setEntity(v);
            setPage(1);
          }}
          options={auditEntities.map((e) => ({ value: e, label: t(`entity.${e}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <PagedTable<AuditItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={{ pageNum: page, pageSize: 10 }}
        onPage={setPage}
        emptyText={t('empty')}
        expandable={{
          rowExpandable: (r) => r.before != null || r.after != null,
          expandedRowRender: (r) => (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Typography.Text strong>{t('before')}</Typography.Text>
                <Json value={r.before} />
              </Col>
              <Col xs={24} md={12}>
                <Typography.Text strong>{t('after')}</Typography.Text>
                <Json value={r.after} />
              </Col>
            </Row>
          ),
        }}
      />
    </Card>
  );
}
