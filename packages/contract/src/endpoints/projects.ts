import { z } from 'zod';
import { areaNode } from '../areas.ts';
import { noValue as none, pageOf, pageQuery } from '../envelope.ts';
import {
  addMembersBody,
  addMembersValue,
  candidateListBody,
  mainStoreValue,
  managerListBody,
  memberListBody,
  memberSectionsBody,
  memberSectionsItem,
  memberSectionsValue,
  prjCodeBody,
  projectBody,
  projectItem,
  projectListBody,
  projectMember,
  removeMemberBody,
  sectionBody,
  sectionBoundaryItem,
  sectionIdBody,
  sectionItem,
  setMemberSectionsBody,
  setUpTypeBody,
} from '../projects.ts';
import {
  columnDescriptor,
  factorCodeQuery,
  factorItem,
  measureItem,
  retireColumnBody,
  retireTableBody,
  saveColumnBody,
  saveFactorBody,
  saveMeasureBody,
  saveTableBody,
  standardTableItem,
} from '../standards.ts';
import { userListItem } from '../users.ts';

/**
 * Projects and what they are made of: sections (their members and boundaries), areas, and the
 * standard tables, control measures and reporting factors a project records with.
 */
export const projectEndpoints = {
  // projects
  'POST /api/project/list': { body: projectListBody, value: pageOf(projectItem) },
  'POST /api/project/add': { body: projectBody, value: projectItem },
  'POST /api/project/addPrj1': { body: projectBody, value: projectItem },
  'POST /api/project/delete': { body: prjCodeBody, value: none },
  'POST /api/project/restore': { body: prjCodeBody, value: projectItem },
  'POST /api/project/setUpType': { body: setUpTypeBody, value: z.array(measureItem) },
  'POST /api/project/prj1StandCodeList': { body: prjCodeBody, value: z.array(standardTableItem) },
  'GET /api/project/fzcsList': { value: z.array(measureItem) },
  'GET /api/project/mainStore': { value: mainStoreValue },
  'POST /api/project/prj1BDList': { body: pageQuery, value: pageOf(sectionItem) },
  'POST /api/project/updateBdInfo': { body: sectionBody, value: sectionItem },
  'POST /api/project/delBdInfo': { body: sectionIdBody, value: none },
  'POST /api/project/prj1UserList': { body: memberListBody, value: pageOf(projectMember) },
  'POST /api/project/prj1ManagerList': { body: managerListBody, value: z.array(projectMember) },
  'POST /api/project/userList4Prj1': { body: candidateListBody, value: pageOf(userListItem) },
  'POST /api/project/addPrj1User': { body: addMembersBody, value: addMembersValue },
  'POST /api/project/delPrj1User': { body: removeMemberBody, value: none },
  'POST /api/project/memberSections': { body: memberSectionsBody, value: memberSectionsValue },
  'POST /api/project/setMemberSections': { body: setMemberSectionsBody, value: memberSectionsItem },
  // section boundaries (the import itself is a multipart upload, outside this map)
  'GET /api/project/bdBoundaries': { value: z.array(sectionBoundaryItem) },
  'POST /api/project/clearBdBoundary': { body: sectionIdBody, value: none },

  // areas
  'GET /api/project/listArea4AddPrj1': { value: z.array(areaNode) },

  // standards
  'GET /api/standard/list': { value: z.array(standardTableItem) },
  'POST /api/standard/saveTable': { body: saveTableBody, value: standardTableItem },
  'POST /api/standard/saveColumn': { body: saveColumnBody, value: columnDescriptor },
  'POST /api/standard/retireColumn': { body: retireColumnBody, value: none },
  'POST /api/standard/retireTable': { body: retireTableBody, value: none },
  'POST /api/standard/saveMeasure': { body: saveMeasureBody, value: measureItem },
  'GET /api/yinzi/list': { value: z.array(factorItem) },
  'POST /api/yinzi/save': { body: saveFactorBody, value: factorItem },
  'DELETE /api/yinzi/delete': { query: factorCodeQuery, value: none },
} as const;
