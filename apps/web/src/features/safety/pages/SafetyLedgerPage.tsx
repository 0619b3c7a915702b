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
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
  type UploadFile,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useListState } from '../../../shared/listState.ts';
import { useCan } from '../../../shared/permissions.ts';
import { FileUpload, normFiles, uploadedId } from '../../../shared/ui/FileUpload.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { useDebounced } from '../../../shared/useDebounced.ts';
import {
  fetchPrint,
  useSafetyDetail,
  useSafetyList,
  useSaveSafety,
  useSections,
  useWorkerOptions,
} from '../api.ts';
import { useSafetyT } from '../messages.ts';
import { SafetyPrint } from './SafetyPrint.tsx';

const kindColor: Record<SafetyKind, string> = {
  briefing: 'blue',
  training: 'green',
  drill: 'gold',
  incident: 'red',
};

type Filters = { kind?: SafetyKind; keyWords?: string; dateBegin?: string; dateEnd?: string };
type Values = {
  kind: SafetyKind;
  topic: string;
  heldOn: Dayjs;
  place?: string;
  host?: string;
  sectionCode?: string;
  content?: string;
  /** Chosen with their labels, so they keep their names when the search changes. */
  attendees?: { value: string; label: string }[];
  photos?: UploadFile[];
};

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

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
      {adding && <AddModal onClose={() => setAdding(false)} />}
      <DetailDrawer id={viewing} onClose={() => setViewing(null)} />
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

function AddModal({ onClose }: { onClose: () => void }) {
  const t = useSafetyT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSafety();
  const sections = useSections();
  const sectionCode = Form.useWatch('sectionCode', form);
  const [keyword, setKeyword] = useState('');
  const workers = useWorkerOptions(useDebounced(keyword, 300), sectionCode);

  const submit = async () => {
    const v = await form.validateFields();
    const photoIds = (v.photos ?? []).map(uploadedId).filter((id): id is string => Boolean(id));
    try {
      await save.mutateAsync({
        kind: v.kind,
        topic: v.topic,
        heldOn: day(v.heldOn),
        place: v.place ?? '',
        host: v.host ?? '',
        sectionCode: v.sectionCode ?? null,
        content: v.content ?? '',
        attendeeIds: (v.attendees ?? []).map((a) => a.value),
        photoIds,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('form.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'briefing', heldOn: dayjs(chinaToday()) }}
        data-testid="safety-form"
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="kind" label={t('col.kind')}>
              <Select options={safetyKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="topic"
              label={t('col.topic')}
              rules={[
                { required: true, whitespace: true, message: t('required', { field: t('col.topic') }) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="heldOn"
              label={t('col.heldOn')}
              rules={[{ required: true, message: t('required', { field: t('col.heldOn') }) }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="place" label={t('col.place')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="host" label={t('col.host')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="sectionCode" label={t('col.section')}>
              <Select
                allowClear
                placeholder={t('wholeProject')}
                options={(sections.data?.list ?? []).map((s) => ({ value: s.code, label: s.name }))}
                onChange={() => form.setFieldValue('attendees', [])}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="content" label={t('col.content')}>
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="attendees" label={t('form.attendees')} extra={t('form.attendeesHint')}>
              <Select
                mode="multiple"
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                loading={workers.isFetching}
                labelInValue
                options={(workers.data?.list ?? []).map((w) => ({
                  value: w.id,
                  label: `${w.name}（${w.sectionName}）`,
                }))}
                data-testid="safety-attendees"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="photos"
              label={t('form.photos')}
              valuePropName="value"
              getValueFromEvent={(e: { file: UploadFile; fileList: UploadFile[] }) => {
                const list = normFiles(e);
                // A photo the server refused is marked failed in the list, and said out loud.
                const refused = list.find((f) => f.uid === e.file.uid && f.status === 'error');
                if (e.file.status === 'done' && refused?.error) message.error(refused.error.message);
                return list;
              }}
            >
              <FileUpload kind="photo" pickLabel={t('form.upload')} maxCount={9} testId="safety-photo" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

function DetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useSafetyT();
  const detail = useSafetyDetail(id);
  const d = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('detail.title')} size={640} destroyOnHidden>
      {d && (
        <Flex vertical gap={12} data-testid="safety-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('col.topic')} span={2}>
              {d.topic}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.kind')}>{t(`kind.${d.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('col.heldOn')}>{d.heldOn}</Descriptions.Item>
            <Descriptions.Item label={t('col.section')}>
              {d.sectionName ?? t('wholeProject')}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.place')}>{d.place}</Descriptions.Item>
            <Descriptions.Item label={t('col.host')}>{d.host}</Descriptions.Item>
            <Descriptions.Item label={t('col.createdBy')}>
              {d.createdByName} {formatDateTime(d.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.content')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {d.content}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.photos')} span={2}>
              {d.photoIds.length}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('print.attendees', { count: d.attendees.length })}</Typography.Title>
          {d.attendees.length === 0 ? (
            <Typography.Text type="secondary">{t('detail.noAttendees')}</Typography.Text>
          ) : (
            <Space wrap>
              {d.attendees.map((a) => (
                <Tag key={a.id}>
                  {a.name}
                  {a.workType ? ` · ${a.workType}` : ''}（{a.sectionName}）
                </Tag>
              ))}
            </Space>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
