import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  chinaToday,
  type SafetyItem,
  type SafetyKind,
  type SafetyPrintValue,
  safetyKinds,
} from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useListState } from '../../../shared/listState.ts';
import { useCan } from '../../../shared/permissions.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { fetchPrint, useSafetyList } from '../api.ts';
import { SafetyAddDialog } from '../components/SafetyAddDialog.tsx';
import { SafetyDetailDrawer } from '../components/SafetyDetailDrawer.tsx';
import { day } from '../day.ts';
import { useSafetyT } from '../messages.ts';
import { SafetyPrint } from './SafetyPrint.tsx';

const kindColor: Record<SafetyKind, string> = {
  briefing: 'blue',
  training: 'green',
  drill: 'gold',
  incident: 'red',
};

type Filters = { kind?: SafetyKind; keyWords?: string; dateBegin?: string; dateEnd?: string };

/** /safe/:id — the project's safety ledger (安全台账): list, record, detail and an A4 print. */
export default function SafetyLedgerPage() {
  const t = useSafetyT();
  const can = useCan();
  const manage = can('safety.manage');
  const { message } = App.useApp();
  const state = useListState<Filters>({});
  const list = useSafetyList(state.input);
  const [viewing, setViewing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [printRange, setPrintRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs(chinaToday()).startOf('month'),
    dayjs(chinaToday()),
  ]);
  const [printData, setPrintData] = useState<SafetyPrintValue | null>(null);

  // Once the print block is on the page, open the browser's print dialog.
  useEffect(() => {
    if (!printData) return;
    const done = () => setPrintData(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printData]);

  const startPrint = async () => {
    try {
      setPrintData(await fetchPrint({ dateBegin: day(printRange[0]), dateEnd: day(printRange[1]) }));
      setPrinting(false);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const columns: TableColumnsType<SafetyItem> = [
    { title: t('col.heldOn'), dataIndex: 'heldOn', key: 'heldOn', width: colWidth.date },
    {
      title: t('col.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: colWidth.status + 40,
      ellipsis: false,
      render: (v: SafetyKind) => <Tag color={kindColor[v]}>{t(`kind.${v}`)}</Tag>,
    },
    { title: t('col.topic'), dataIndex: 'topic', key: 'topic', width: colWidth.place },
    {
      title: t('col.section'),
      dataIndex: 'sectionName',
      key: 'sectionName',
      width: colWidth.text,
      render: (v: string | null) => v ?? t('wholeProject'),
    },
    { title: t('col.place'), dataIndex: 'place', key: 'place', width: colWidth.text },
    { title: t('col.host'), dataIndex: 'host', key: 'host', width: colWidth.person },
    { title: t('col.attendees'), dataIndex: 'attendeeCount', key: 'attendeeCount', width: colWidth.count },
    { title: t('col.createdBy'), dataIndex: 'createdByName', key: 'createdByName', width: colWidth.person },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Typography.Link onClick={() => setViewing(r.id)} data-testid={`safety-view-${r.id}`}>
          {t('view')}
        </Typography.Link>
      ),
    },
  ];

  return (
    <Card
      title={
        <Form
          layout="inline"
          onFinish={(v: { kind?: SafetyKind; keyWords?: string; range?: [Dayjs, Dayjs] | null }) =>
            state.search({
              kind: v.kind,
              keyWords: v.keyWords,
              ...(v.range ? { dateBegin: day(v.range[0]), dateEnd: day(v.range[1]) } : {}),
            })
          }
        >
          <Form.Item name="kind">
            <Select
              allowClear
              placeholder={t('filter.kind')}
              aria-label={t('filter.kind')}
              style={{ width: 150 }}
              options={safetyKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="keyWords">
            <Input allowClear placeholder={t('filter.keyword')} style={{ width: 200 }} />
          </Form.Item>
          <Button htmlType="submit" type="primary">
            {t('filter.search')}
          </Button>
        </Form>
      }
      extra={
        <Space>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => setPrinting(true)}
            data-testid="safety-print-open"
          >
            {t('print')}
          </Button>
          {manage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="safety-add"
            >
              {t('add')}
            </Button>
          )}
        </Space>
      }
    >
      <PagedTable<SafetyItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
      />
      {adding && <SafetyAddDialog onClose={() => setAdding(false)} />}
      <SafetyDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <Modal
        open={printing}
        title={t('print')}
        onCancel={() => setPrinting(false)}
        onOk={startPrint}
        okText={t('print')}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('print.range')}>
            <DatePicker.RangePicker
              value={printRange}
              allowClear={false}
              onChange={(v) => v?.[0] && v[1] && setPrintRange([v[0], v[1]])}
            />
          </Form.Item>
        </Form>
      </Modal>
      {printData && <SafetyPrint data={printData} />}
    </Card>
  );
}
