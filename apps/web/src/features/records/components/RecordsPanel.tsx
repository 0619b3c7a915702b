import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  MAX_EXAMINE_BY_FILTER,
  type RecordDetail,
  type RecordFilter,
  type RecordRow,
} from '@pineguard/contract';
import { Button, Flex, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { ExportButtons } from '../../exports/index.ts';
import { type RecordFilters, useRecordList, useUploadColumns } from '../api.ts';
import { prefsKey, useColumnChoice } from '../columnPrefs.ts';
import { defaultSort } from '../columns.ts';
import { sectionNamer } from '../format.ts';
import { useRecordsT } from '../messages.ts';
import { offeredActions, type ReviewAction } from '../review.ts';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { type FilterValues, RecordFilters as Filters } from './RecordFilters.tsx';
import { RecordDetailDrawer } from './RecordDetailDrawer.tsx';
import { RecordTable, useListColumns } from './RecordTable.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { ROW_ACTIONS_WIDTH, useRowActions } from './rowActions.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';

const pageSize = 10;

/**
 * One standard table's records in one project: filters, the dynamic table, batch review of a
 * selection, the detail drawer and the review, correction, delete/restore and PC upload dialogs.
 * Keyed by its parent on project, table and section, so a new choice starts from page 1.
 */
export function RecordsPanel({
  prjCode,
  tableCode,
  tableName,
  section,
  initialState,
}: {
  prjCode: string | undefined;
  tableCode: string;
  tableName: string;
  /** A section chosen in the tree beside the list (locks the section filter). */
  section?: string | undefined;
  /** A record state to start filtered by (a link from the dashboard's review backlog). */
  initialState?: string | undefined;
}) {
  const t = useRecordsT();
  const can = useCan();
  const [filters, setFilters] = useState<FilterValues>({ biaoduan: section, codeState: initialState });
  const [page, setPage] = useState({ pageNum: 1, pageSize });
  const [cursor, setCursor] = useState<string | undefined>();
  const [sort, setSort] = useState(defaultSort);
  const [selected, setSelected] = useState<string[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [review, setReview] = useState<{ action: ReviewAction; ids: string[]; allOfFilter?: boolean } | null>(
    null,
  );
  // "Select every record of the filter" (as antd/Gmail tables offer it once a whole page is selected).
  const [allOfFilter, setAllOfFilter] = useState(false);
  const [correcting, setCorrecting] = useState<RecordDetail | null>(null);
  const [removal, setRemoval] = useState<{ mode: 'delete' | 'restore'; ids: string[] } | null>(null);
  const [uploading, setUploading] = useState(false);

  const body: RecordFilters = {
    prjCode,
    prjStandCode: tableCode,
    ...filters,
    sort,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    cursor,
  };
  const list = useRecordList(body, Boolean(prjCode));
  const upload = useUploadColumns(prjCode, tableCode);
  const sections = upload.data?.sections ?? [];
  const value = list.data;
  // The review table's columns (issue 29): the chooser's choice per account, project and table.
  const account = useSession((s) => s.info?.account ?? '');
  const columnList = value?.columnList ?? upload.data?.columnList ?? [];
  const listColumns = useListColumns(columnList);
  const choice = useColumnChoice(prefsKey(account, prjCode ?? '', tableCode), tableCode, listColumns);
  const sectionName = useMemo(() => sectionNamer(upload.data?.sections), [upload.data?.sections]);

  const changeFilters = (next: FilterValues) => {
    setFilters(section ? { ...next, biaoduan: section } : next);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setCursor(undefined);
    setSelected([]);
    setAllOfFilter(false);
  };
  // The next or previous page goes by the server's keyset cursor; other pages by number.
  const changePage = (pageNum: number, size: number) => {
    const result = value?.result;
    if (size === page.pageSize && pageNum === page.pageNum + 1 && result?.nextCursor)
      setCursor(result.nextCursor);
    else if (size === page.pageSize && pageNum === page.pageNum - 1 && pageNum > 1 && result?.prevCursor)
      setCursor(result.prevCursor);
    else setCursor(undefined);
    setPage({ pageNum, pageSize: size });
  };

  const canReview = can('records.review');
  const canEdit = can('records.edit');
  const canDelete = can('records.delete');
  const recycle = filters.deleted === true;
  const rows = useMemo(() => value?.result.list ?? [], [value]);
  const selectedStates = rows.filter((r) => selected.includes(r.id)).map((r) => r.code_state);
  const total = value?.result.total ?? 0;
  const wholePage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const offerAll = !recycle && canReview && wholePage && total > rows.length;

  // Next / previous record in the drawer: along the page, then onto the next or previous page.
  // A record that left the list (approved under a 待审核 filter) keeps its place for the step.
  const [pendingOpen, setPendingOpen] = useState<'first' | 'last' | null>(null);
  if (pendingOpen && !list.isPlaceholderData && !list.isFetching && value) {
    const target = pendingOpen === 'first' ? rows[0] : rows[rows.length - 1];
    setPendingOpen(null);
    if (target) setDetailId(target.id);
  }
  const at = detailId ? rows.findIndex((r) => r.id === detailId) : -1;
  const [lastAt, setLastAt] = useState(-1);
  if (at >= 0 && at !== lastAt) setLastAt(at);
  const pages = Math.ceil(total / page.pageSize);
  const nextAt = at >= 0 ? at + 1 : lastAt;
  const prevAt = (at >= 0 ? at : lastAt) - 1;
  const hasNext = Boolean(detailId) && (nextAt < rows.length || page.pageNum < pages);
  const hasPrev = Boolean(detailId) && (prevAt >= 0 || page.pageNum > 1);
  const step = (d: 1 | -1) => {
    const target = rows[d === 1 ? nextAt : prevAt];
    if (d === 1 ? !hasNext : !hasPrev) return;
    if (target && (d === 1 ? nextAt : prevAt) >= 0) setDetailId(target.id);
    else {
      changePage(page.pageNum + d, page.pageSize);
      setPendingOpen(d === 1 ? 'first' : 'last');
    }
  };
  const select = (ids: string[]) => {
    setSelected(ids);
    setAllOfFilter(false);
  };
  /** The list's filter exactly as the list was asked for it (what "every record of the filter" means). */
  const recordFilter: RecordFilter = {
    prjCode,
    prjStandCode: tableCode,
    ...(filters.biaoduan ? { biaoduan: filters.biaoduan } : {}),
    ...(filters.begin ? { begin: filters.begin } : {}),
    ...(filters.end ? { end: filters.end } : {}),
    ...(filters.keyWords ? { keyWords: filters.keyWords } : {}),
    ...(filters.codeState ? { codeState: filters.codeState as RecordFilter['codeState'] } : {}),
  };

  const openCorrection = (record: RecordDetail) => setCorrecting(record);
  const onReview = useCallback((action: ReviewAction, ids: string[]) => setReview({ action, ids }), []);
  const onRemove = useCallback((mode: 'delete' | 'restore', ids: string[]) => setRemoval({ mode, ids }), []);
  const rowActions = useRowActions({ canReview, canDelete, onReview, onRemove });
  const openRow = useCallback((row: RecordRow) => setDetailId(row.id), []);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="start" gap={8} wrap>
        <Filters
          value={filters}
          onChange={changeFilters}
          sections={sections}
          sectionLocked={Boolean(section)}
          showDeleted={canDelete}
        />
        <Space style={{ flex: 'none' }} wrap={false}>
          <ColumnChooser
            columns={listColumns}
            visible={choice.visible}
            custom={choice.custom}
            onChange={choice.choose}
            onReset={choice.reset}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label="reload" />
          {can('exports.create') && !recycle && prjCode && (
            <ExportButtons filter={{ ...recordFilter, prjCode }} />
          )}
          {can('files.upload') && !recycle && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!upload.data}
              onClick={() => setUploading(true)}
            >
              {t('action.upload')}
            </Button>
          )}
        </Space>
      </Flex>
      {selected.length > 0 && (
        <Flex
          align="center"
          gap={8}
          wrap
          data-testid="batch-bar"
          style={{ padding: '6px 12px', background: 'var(--ant-color-primary-bg, #e6f4ff)', borderRadius: 6 }}
        >
          {allOfFilter ? (
            <Typography.Text strong data-testid="all-of-filter">
              {t('list.allOfFilterSelected', { total })}
            </Typography.Text>
          ) : (
            <Typography.Text strong>{t('list.selected', { count: selected.length })}</Typography.Text>
          )}
          {offerAll && !allOfFilter && (
            <>
              <Typography.Text type="secondary">
                {t('list.pageSelected', { count: rows.length })}
              </Typography.Text>
              {total <= MAX_EXAMINE_BY_FILTER && value?.result.totalExact !== false ? (
                <Button
                  size="small"
                  type="link"
                  data-testid="select-all-of-filter"
                  onClick={() => setAllOfFilter(true)}
                >
                  {t('list.selectAllOfFilter', { total })}
                </Button>
              ) : (
                <Typography.Text type="warning">
                  {t('list.allOfFilterTooMany', { max: MAX_EXAMINE_BY_FILTER })}
                </Typography.Text>
              )}
            </>
          )}
          {!recycle &&
            canReview &&
            (['approve', 'return', 'reject'] as const).map((a) => (
              <Button
                key={a}
                size="small"
                type={a === 'approve' ? 'primary' : 'default'}
                danger={a === 'reject'}
                disabled={
                  !allOfFilter && selectedStates.length > 0 && !offeredActions(selectedStates).includes(a)
                }
                onClick={() => setReview({ action: a, ids: selected, allOfFilter })}
              >
                {t(`action.${a}`)}
              </Button>
            ))}
          {canDelete && !allOfFilter && (
            <Button
              size="small"
              danger={!recycle}
              onClick={() => setRemoval({ mode: recycle ? 'restore' : 'delete', ids: selected })}
            >
              {t(recycle ? 'action.restore' : 'action.delete')}
            </Button>
          )}
          <Button size="small" type="link" onClick={() => select([])}>
            {t('list.clear')}
          </Button>
        </Flex>
      )}
      <RecordTable
        columnList={columnList}
        visible={choice.visible}
        sectionName={sectionName}
        actionsWidth={ROW_ACTIONS_WIDTH}
        data={value?.result}
        isFetching={list.isFetching}
        isError={list.isError}
        page={page}
        onPage={changePage}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, pageNum: 1 }));
          setCursor(undefined);
        }}
        {...(canReview || canDelete ? { selected, onSelect: select } : {})}
        actions={rowActions}
        onOpen={openRow}
      />
      <RecordDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        nav={{
          hasPrev,
          hasNext,
          onPrev: () => step(-1),
          onNext: () => step(1),
          position: at >= 0 ? { index: (page.pageNum - 1) * page.pageSize + at + 1, count: total } : null,
          keys: !review && !correcting && !removal && !uploading,
        }}
        actions={{
          canReview,
          canEdit,
          canDelete,
          onReview: (action, ids) => setReview({ action, ids }),
          onCorrect: openCorrection,
          onDelete: (ids) => setRemoval({ mode: 'delete', ids }),
          onRestore: (ids) => setRemoval({ mode: 'restore', ids }),
        }}
      />
      <ReviewDialog
        action={review?.action ?? null}
        ids={review?.ids ?? []}
        filter={review?.allOfFilter ? { filter: recordFilter, expected: total } : undefined}
        onClose={() => setReview(null)}
        onDone={() => {
          if (review?.allOfFilter) select([]);
          else setSelected((s) => s.filter((id) => !review?.ids.includes(id)));
        }}
      />
      {correcting && <CorrectionDialog record={correcting} onClose={() => setCorrecting(null)} />}
      {removal && (
        <DeleteDialog
          mode={removal.mode}
          ids={removal.ids}
          onClose={() => setRemoval(null)}
          onDone={() => setSelected((s) => s.filter((id) => !removal.ids.includes(id)))}
        />
      )}
      {uploading && upload.data && (
        <UploadDialog
          tbName={tableCode}
          tableName={tableName}
          columnList={upload.data.columnList}
          sections={sections}
          defaultSection={filters.biaoduan}
          onClose={() => setUploading(false)}
        />
      )}
    </Flex>
  );
}
