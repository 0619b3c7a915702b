import { noValue as none, pageOf } from '../envelope.ts';
import {
  safetyDetail,
  safetyIdQuery,
  safetyItem,
  safetyListBody,
  safetyPrintQuery,
  safetyPrintValue,
  safetySaveBody,
} from '../safety.ts';
import {
  clockInBody,
  clockInListQuery,
  clockInListValue,
  clockInValue,
  examineValue,
  faceUpdateBody,
  loadIdCardQuery,
  loadIdCardValue,
  lwryAqbbQuery,
  lwryCensusValue,
  lwryDetail,
  lwryFaceAddQuery,
  lwryFaceAddValue,
  lwryFaceList,
  lwryIdQuery,
  lwryInsertBody,
  lwryInsertValue,
  lwryListBody,
  lwryListValue,
  lwryUpdateBody,
  updateAllowCardBody,
  unexamineValue,
  workerExamineBody,
  workerUnexamineBody,
} from '../workers.ts';

/** Workers (劳务人员): the roster, review, faces, clock-in, and the safety ledger they attend. */
export const workerEndpoints = {
  // workers (the Excel export answers a file: shared/http.ts `download`)
  'POST /api/lwryUser/lwryList': { body: lwryListBody, value: lwryListValue },
  'GET /api/lwryUser/detail': { query: lwryIdQuery, value: lwryDetail },
  'GET /api/lwryUser/loadIdCard': { query: loadIdCardQuery, value: loadIdCardValue },
  'POST /api/lwryUser/insert': { body: lwryInsertBody, value: lwryInsertValue },
  'POST /api/lwryUser/update': { body: lwryUpdateBody, value: none },
  'DELETE /api/lwryUser/deleteOne': { query: lwryIdQuery, value: none },
  'POST /api/lwryUser/updateAllowCard': { body: updateAllowCardBody, value: none },
  'POST /api/lwryUser/examine': { body: workerExamineBody, value: examineValue },
  'POST /api/lwryUser/unexamine': { body: workerUnexamineBody, value: unexamineValue },
  'POST /api/lwry/faceUpdate': { body: faceUpdateBody, value: lwryFaceList },
  'GET /api/lwryUser/lwryFaceAdd': { query: lwryFaceAddQuery, value: lwryFaceAddValue },
  'GET /api/lwryUser//lwryAqbbList': { query: lwryAqbbQuery, value: lwryFaceList },
  'GET /api/lwryUser/lwryCensus': { value: lwryCensusValue },
  'POST /api/collect/clockIn': { body: clockInBody, value: clockInValue },
  'GET /api/lwryUser/clockInList': { query: clockInListQuery, value: clockInListValue },

  // safety ledger
  'POST /api/safe/list': { body: safetyListBody, value: pageOf(safetyItem) },
  'GET /api/safe/detail': { query: safetyIdQuery, value: safetyDetail },
  'POST /api/safe/save': { body: safetySaveBody, value: safetyDetail },
  'GET /api/safe/print': { query: safetyPrintQuery, value: safetyPrintValue },
} as const;
