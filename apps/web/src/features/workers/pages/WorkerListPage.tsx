import type { LwryItem } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { ApiError } from '../../../shared/http.ts';
import { useSession } from '../../../shared/session.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { exportWorkers, useAllowCard, useDeleteWorker, useWorkerList, type WorkerFilters } from '../api.ts';
import { FaceDialog } from '../components/FaceDialog.tsx';
import { useWorkersT } from '../messages.ts';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

type SearchForm = {
  createTime?: [Dayjs, Dayjs];
  shenheStatus?: number;
  baoxianStaus?: number;
  faceStatus?: number;
  tbStatus?: number;
  keyword?: string;
};

/** The §3 search form mapped to the filter payload. */
function toFilters(f: SearchForm): WorkerFilters {
  return {
    addTimeBegin: f.createTime?.[0]?.format('YYYY-MM-DD'),
    addTimeEnd: f.createTime?.[1]?.format('YYYY-MM-DD'),
    examineStatus: f.shenheStatus,
    bxLimit: f.baoxianStaus,
    ifFace: f.faceStatus,
    ifToubao: f.tbStatus,
    keyword: f.keyword?.trim() || undefined,
  };
}

export function StatusTag({ status }: { status: number }) {
  const t = useWorkersT();
  const color = ['gold', 'green', 'red'][status];
  return <Tag color={color}>{t(`status.${status}` as 'status.0')}</Tag>;
}

/** /lwrymanager/list: the roster with the five filters and keyword, page 10, masked ID numbers. */
export default function WorkerListPage() {
  const t = useWorkersT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const permissions = useSession((s) => s.info?.permissions);
  const isAdmin = useSession((s) => s.info?.isAdmin);
  const may = (p: string) => Boolean(isAdmin || permissions?.includes(p));
  const [form] = Form.useForm<SearchForm>();
  const [filters, setFilters] = useState<WorkerFilters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  // Cursors of pages reached by "next": such a page is read by keyset, not OFFSET.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const cursor = cursors[page.pageNum];
  const list = useWorkerList({ ...filters, ...page, ...(cursor ? { cursor } : {}) });
  const allowCard = useAllowCard();
  const remove = useDeleteWorker();
  const [faceOf, setFaceOf] = useState<LwryItem | null>(null);
  const [exporting, setExporting] = useState(false);

  const toggle = async (w: LwryItem, on: boolean) => {
    try {
      const res = await allowCard.mutateAsync({ id: w.id, allowCard: on ? 1 : 0 });
      message.success(res.message);
    } catch (error) {
      // The refusal names the conditions that fail.
      message.error(error instanceof ApiError ? error.message : String(error), 6);
    }
  };

  const columns: TableColumnsType<LwryItem> = [
    { title: t('col.name'), dataIndex: 'name', key: 'name', width: colWidth.person, fixed: 'left' },
    { title: t('col.idNumber'), dataIndex: 'idNumber', key: 'idNumber', width: 190 },
    { title: t('col.sex'), key: 'sex', width: 64, render: (_, w) => (w.sex ? t('male') : t('female')) },
    { title: t('col.age'), dataIndex: 'age', key: 'age', width: 64 },
    { title: t('col.phone'), dataIndex: 'phone', key: 'phone', width: colWidth.phone },
    { title: t('col.section'), dataIndex: 'sectionName', key: 'section', width: colWidth.text },
    {
      title: t('col.team'),
      key: 'team',
      width: colWidth.text,
      render: (_, w) => [w.team, w.job].filter(Boolean).join(' / ') || '—',
    },
    {
      title: t('col.review'),
      key: 'review',
      width: colWidth.status,
      render: (_, w) => <StatusTag status={w.examineStatus} />,
    },
    {
      title: t('col.insurance'),
      key: 'insurance',
      width: colWidth.text,
      render: (_, w) =>
        w.ifToubao ? (
          <Tag color={w.bxValid ? 'green' : 'red'}>{t('validUntil', { date: w.bxEnd ?? '—' })}</Tag>
        ) : (
          <Tag>{t('insuredNo')}</Tag>
        ),
    },
    { title: t('col.face'), key: 'face', width: 80, render: (_, w) => (w.ifFace ? t('yes') : t('no')) },
    {
      title: t('col.allowCard'),
      key: 'allowCard',
      width: 110,
      render: (_, w) => (
        <Switch
          size="small"
          checked={w.allowCard === 1}
          disabled={!may('workers.manage')}
          loading={allowCard.isPending && allowCard.variables?.id === w.id}
          onChange={(on) => toggle(w, on)}
          data-testid={`allow-${w.id}`}
        />
      ),
    },
    { title: t('col.added'), key: 'added', width: 150, render: (_, w) => formatDateTime(w.addTime) },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, w) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setFaceOf(w)}>
            {t('faces')}
          </Button>
          {may('workers.manage') && (
            <>
              <Button type="link" size="small" onClick={() => navigate(`/lwrymanager/edit?id=${w.id}`)}>
                {t('edit')}
              </Button>
              <ConfirmAction
                title={t('delete.confirm', { name: w.name })}
                label={t('delete')}
                danger
                closeOnError
                run={() => remove.mutateAsync(w.id)}
              />
            </>
          )}
        </Space>
      ),
    },
  ];

  const search = () => {
    setFilters(toFilters(form.getFieldsValue()));
    setCursors({});
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const onPage = (pageNum: number, pageSize: number) => {
    const next = list.data?.nextCursor;
    if (pageSize !== page.pageSize) setCursors({});
    else if (pageNum === page.pageNum + 1 && next) setCursors((c) => ({ ...c, [pageNum]: next }));
    setPage({ pageNum, pageSize });
  };

  return (
    <Card>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="createTime" label={t('filter.created')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="shenheStatus" label={t('filter.review')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[0, 1, 2].map((v) => ({ value: v, label: t(`status.${v}` as 'status.0') }))}
          />
        </Form.Item>
        <Form.Item name="baoxianStaus" label={t('filter.insurance')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={[
              { value: 7, label: t('insurance.7') },
              { value: 30, label: t('insurance.30') },
              { value: 0, label: t('insurance.expired') },
            ]}
          />
        </Form.Item>
        <Form.Item name="faceStatus" label={t('filter.face')}>
          <Select
            allowClear
            style={{ width: 90 }}
            options={[
              { value: 1, label: t('yes') },
              { value: 0, label: t('no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="tbStatus" label={t('filter.insured')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: 1, label: t('insuredYes') },
              { value: 0, label: t('insuredNo') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('filter.keyword')}
            style={{ width: fitWidth(t('filter.keyword'), 220) }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            {t('filter.reset')}
          </Button>
          {may('workers.manage') && <Button onClick={() => navigate('/lwrymanager/add')}>{t('add')}</Button>}
          {may('workers.export') && (
            <Button
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await exportWorkers(filters);
                } finally {
                  setExporting(false);
                }
              }}
            >
              {t('export')}
            </Button>
          )}
        </Space>
      </Form>
      <PagedTable<LwryItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={page}
        onPage={onPage}
        emptyText={t('empty')}
        totalText={list.data?.totalExact === false ? (total) => t('totalAbout', { total }) : undefined}
      />
      <FaceDialog worker={faceOf} onClose={() => setFaceOf(null)} />
    </Card>
  );
}
