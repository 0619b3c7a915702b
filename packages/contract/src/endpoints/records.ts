import {
  ksssDetailListValue,
  ksssListBody,
  ksssListValue,
  ksssUploadCancelBody,
  ksssUploadItem,
  ksssUploadListValue,
  ksssUploadTaskQuery,
} from '../deadTrees.ts';
import { exportIdBody, exportRecord, exportRecordList } from '../exports.ts';
import { recordDetailValue, recordIdBody, recordIdQuery } from '../records/detail.ts';
import {
  collectBody,
  collectMineBody,
  collectMineValue,
  collectSetupValue,
  collectStatesBody,
  collectStatesValue,
  collectValue,
} from '../records/fieldApp.ts';
import { columnListBody, columnListValue, queryDataListBody, queryDataListValue } from '../records/list.ts';
import {
  changedValue,
  examineBody,
  examineUserListBody,
  examineUserListValue,
  recordIdsBody,
  updateRecordBody,
} from '../records/review.ts';
import { tableSummaryQuery, tableSummaryValue } from '../records/summary.ts';
import { createdValue, uploadColumnsBody, uploadColumnsValue, uploadData4PCBody } from '../records/upload.ts';
import {
  delYmfsQuery,
  examineYmfsBody,
  queryYmfsListBody,
  updateYmfsBody,
  ymfsDetailValue,
} from '../records/ymfs.ts';

/**
 * Field records and the data that becomes records: the list, review and correction, entry on a
 * PC and in the field app, tree quantities, the per-table summary, exports and the dead-tree
 * census import.
 */
export const recordEndpoints = {
  // records
  'POST /api/sync/queryDataList': { body: queryDataListBody, value: queryDataListValue },
  'POST /api/sync/queryDataDetail': { body: recordIdBody, value: recordDetailValue },
  'POST /api/sync/uploadData4PC': { body: uploadData4PCBody, value: createdValue },
  'POST /api/data/examine': { body: examineBody, value: changedValue },
  'POST /api/data/del': { body: recordIdsBody, value: changedValue },
  'POST /api/data/restore': { body: recordIdsBody, value: changedValue },
  'POST /api/data/update': { body: updateRecordBody, value: changedValue },
  'POST /api/data/columnList': { body: columnListBody, value: columnListValue },
  'POST /api/data/uploadColumns': { body: uploadColumnsBody, value: uploadColumnsValue },
  'POST /api/sync/queryYmfsList': { body: queryYmfsListBody, value: queryDataListValue },
  'GET /api/sync/queryYmfsDetail': { query: recordIdQuery, value: ymfsDetailValue },
  'DELETE /api/data/delYmfs': { query: delYmfsQuery, value: changedValue },
  'POST /api/data/examineYmfs': { body: examineYmfsBody, value: changedValue },
  'POST /api/data/updateYmfs': { body: updateYmfsBody, value: changedValue },
  'POST /api/sync/examineUserList': { body: examineUserListBody, value: examineUserListValue },
  'GET /api/data/tableSummary': { query: tableSummaryQuery, value: tableSummaryValue },
  // the field app
  'POST /api/collect/records': { body: collectBody, value: collectValue },
  'GET /api/collect/setup': { value: collectSetupValue },
  'POST /api/collect/states': { body: collectStatesBody, value: collectStatesValue },
  'POST /api/collect/mine': { body: collectMineBody, value: collectMineValue },

  // exports (the POST /python/export/* calls carry a query and a body: exports/api.ts sends them)
  'GET /api/download/recordList': { value: exportRecordList },
  'POST /api/download/cancel': { body: exportIdBody, value: exportRecord },

  // deadTrees (ksss; the exports and the template answer files: shared/http.ts `download`)
  'POST /api/sync/ksssList': { body: ksssListBody, value: ksssListValue },
  'POST /api/sync/ksssDetailList': { body: ksssListBody, value: ksssDetailListValue },
  'POST /api/sync/ksssExcelUploadList': { body: ksssListBody, value: ksssUploadListValue },
  'GET /api/sync/ksssUploadTask': { query: ksssUploadTaskQuery, value: ksssUploadItem },
  'POST /api/sync/ksssUploadCancel': { body: ksssUploadCancelBody, value: ksssUploadItem },
} as const;
