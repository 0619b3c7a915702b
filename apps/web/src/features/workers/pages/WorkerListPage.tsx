import type { LwryItem } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Grid,
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
import {
  exportWorkers,
  useAllowCard,
  useDeleteWorker,
  useUnexamine,
  useWorkerList,
  type WorkerFilters,
} from '../api.ts';
import { RevokeReview } from '../components/RevokeReview.tsx';
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
  const unexamine = useUnexamine();
  const screens = Grid.useBreakpoint();

  const toggle = async (w: LwryItem, on: boolean) => {
    try {
      const res = await allowCard.mutateAsync({ id: w.id, allowCard: on ? 1 : 0 });
      message.success(res.message);
    } catch (error) {
      // The refusal names the conditions that fail.
      message.error(error instanceof ApiError ? error.message : String(error), 6);
    }
  };

  // Pinned name and actions only where the screen is wide enough; on a phone they would leave
  // no room for anything else (issue 29).
  const pin = Boolean(screens.md);
  const columns: TableColumnsType<LwryItem> = [
    {
      title: t('col.name'),
      dataIndex: 'name',
      key: 'name',
      width: colWidth.person,
      fixed: pin ? 'left' : undefined,
    },
    // Sex and age in one narrow column: the roster's status columns come first (issue 29).
    {
      title: t('col.sexAge'),
      key: 'sexAge',
      width: 76,
      render: (_, w) => `${w.sex ? t('male') : t('female')} · ${w.age}`,
    },
    { title: t('col.section'), dataIndex: 'sectionName', key: 'section', width: 110 },
    {
      title: t('col.review'),
      key: 'review',
      width: colWidth.status,
      render: (_, w) => (
        <Space size={2}>
          <StatusTag status={w.examineStatus} />
          {w.examineStatus !== 0 && may('workers.review') && (
            <RevokeReview worker={w} run={() => unexamine.mutateAsync([w.id])} />
          )}
        </Space>
      ),
    },
    {
      title: t('col.insurance'),
      key: 'insurance',
      width: 124,
      render: (_, w) =>
        w.ifToubao ? (
          <Tag color={w.bxValid ? 'green' : 'red'}>{t('validUntil', { date: w.bxEnd ?? '—' })}</Tag>
        ) : (
          <Tag>{t('insuredNo')}</Tag>
        ),
    },
    { title: t('col.face'), key: 'face', width: 56, render: (_, w) => (w.ifFace ? t('yes') : t('no')) },
    {
      title: t('col.allowCard'),
      key: 'allowCard',
      width: 84,
      // Only those who may change it get the switch; the others read it (issue 29).
      render: (_, w) =>
        may('workers.manage') ? (
          <Switch
            size="small"
            checked={w.allowCard === 1}
            loading={allowCard.isPending && allowCard.variables?.id === w.id}
            onChange={(on) => toggle(w, on)}
            data-testid={`allow-${w.id}`}
            aria-label={t('col.allowCard')}
          />
        ) : w.allowCard === 1 ? (
          t('yes')
        ) : (
          t('no')
        ),
    },
    {
      title: t('col.added'),
      key: 'added',
      width: 104,
      ellipsis: { showTitle: false },
      render: (_, w) => (
        <span title={formatDateTime(w.addTime)}>{formatDateTime(w.addTime).slice(0, 10)}</span>
      ),
    },
    { title: t('col.phone'), dataIndex: 'phone', key: 'phone', width: 116 },
    { title: t('col.idNumber'), dataIndex: 'idNumber', key: 'idNumber', width: 164 },
    {
      title: t('col.team'),
      key: 'team',
      width: 130,
      render: (_, w) => [w.team, w.job].filter(Boolean).join(' / ') || '—',
    },
    {
      title: t('col.actions'),
      key: 'actions',
      width: may('workers.manage') ? 150 : 64,
      fixed: pin ? 'right' : undefined,
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
      {/* On a phone the filters stack, each as wide as the card (the date range spilled out). */}
      <Form
        form={form}
        layout={pin ? 'inline' : 'vertical'}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="createTime" label={t('filter.created')}>
          <DatePicker.RangePicker style={pin ? undefined : { width: '100%' }} />
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
        <Space wrap>
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
      <FaceDialog worker={faceOf} onClose={() => setFaceOf(null)} canEdit={may('workers.manage')} />
    </Card>
  );
}
