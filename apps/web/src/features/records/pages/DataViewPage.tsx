import { YMFS_TABLE } from '@pineguard/contract';
import { Card, Result, Spin, Tabs } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useProjectCode, useProjectTables } from '../api.ts';
import { RecordsPanel } from '../components/RecordsPanel.tsx';
import { YmfsPanel } from '../components/YmfsPanel.tsx';
import { useRecordsT } from '../messages.ts';

/**
 * /dataView/:id — one standard table's data list in the selected project (:id is the table code);
 * `?codeState=` starts it filtered by a record state.
 */
export default function DataViewPage() {
  const t = useRecordsT();
  const { id = '' } = useParams();
  // ?codeState=10: the dashboard's review backlog opens the list filtered to that state.
  const [search] = useSearchParams();
  const initialState = search.get('codeState') ?? undefined;
  const prjCode = useProjectCode();
  const tables = useProjectTables(prjCode);
  if (tables.isPending) return <Spin />;
  const table = tables.data?.find((tb) => tb.code === id);
  if (!table) return <Result status="warning" title={t('view.unknownTable', { code: id })} />;
  const records = (
    <RecordsPanel
      key={`${prjCode}:${table.code}:${initialState ?? ''}`}
      prjCode={prjCode}
      tableCode={table.code}
      tableName={table.name}
      initialState={initialState}
    />
  );
  return (
    <Card title={`${table.name}（${table.code}）`} size="small">
      {table.code === YMFS_TABLE ? (
        <Tabs
          items={[
            { key: 'records', label: t('ymfs.records'), children: records },
            { key: 'ymfs', label: t('ymfs.tab'), children: <YmfsPanel key={prjCode} prjCode={prjCode} /> },
          ]}
        />
      ) : (
        records
      )}
    </Card>
  );
}
