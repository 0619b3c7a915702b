import type { MainStore } from '@pineguard/contract';
import { App, Button, Card, Col, Empty, Row, Space, Tag } from 'antd';
import { useState } from 'react';
import { useProjectTables, useSetMeasures } from '../../adminApi.ts';
import { useProjectsT } from '../../projectMessages.ts';
import { MeasurePicker } from '../MeasurePicker.tsx';

export function MeasuresTab({ store, editable }: { store: MainStore; editable: boolean }) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const tables = useProjectTables(store.data.code, store.checkedMeasures);
  const save = useSetMeasures();
  // null: the saved choice, until the user changes it.
  const [edited, setEdited] = useState<string[] | null>(null);
  const codes = edited ?? store.checkedMeasures;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <MeasurePicker
          measures={store.measures}
          loading={false}
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
                .mutateAsync({ prjCode: store.data.code, measureCodes: codes })
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
            <Space orientation="vertical" style={{ width: '100%' }}>
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
