import type { Lang, Text } from './i18n.ts';
import { format } from './i18n.ts';

/**
 * Server messages shown to users, Chinese first. The spec quotes some in English; those are
 * translations, so the Chinese here is the natural wording and the English is the spec's.
 */
export const messages = {
  ok: { 'zh-CN': '成功', en: 'Success' },
  notSignedIn: { 'zh-CN': '未登录或登录已失效，请重新登录', en: 'Not signed in, please log in' },
  tokenInvalid: { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  signedInElsewhere: {
    'zh-CN': '您的账号已在其他地方登录',
    en: 'Your account has signed in elsewhere',
  },
  validation: { 'zh-CN': '参数校验失败', en: 'Invalid parameters' },
  malformedBody: { 'zh-CN': '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  emptyBody: { 'zh-CN': '请求内容为空', en: 'The request body is empty' },
  badCredentials: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  accountDisabled: { 'zh-CN': '账号已停用', en: 'This account is disabled' },
  accountPending: {
    'zh-CN': '账号正在等待审核，审核通过后才能登录',
    en: 'Your account is waiting for review and cannot sign in yet',
  },
  accountRejected: {
    'zh-CN': '账号审核未通过：{reason}',
    en: 'Your account was not approved: {reason}',
  },
  forbidden: { 'zh-CN': '没有权限执行此操作', en: 'You do not have permission to do this' },
  projectRequired: { 'zh-CN': '请先选择项目', en: 'Please select a project first' },
  projectNotFound: { 'zh-CN': '项目不存在或已删除', en: 'The project does not exist or was deleted' },
  projectNotMember: {
    'zh-CN': '您不是该项目的成员',
    en: 'You are not a member of this project',
  },
  otherProject: {
    'zh-CN': '该数据属于其他项目，请先切换到该项目',
    en: 'This data belongs to another project; switch to that project first',
  },
  notFound: { 'zh-CN': '资源不存在', en: 'Not found' },
  apiNotFound: { 'zh-CN': '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  fileNotFound: { 'zh-CN': '文件不存在', en: 'File not found' },
  conflict: { 'zh-CN': '数据冲突', en: 'Conflict' },
  alreadyInitialised: {
    'zh-CN': '系统已初始化，不能重复创建管理员',
    en: 'The system is already initialised',
  },
  payloadTooLarge: {
    'zh-CN': '上传内容过大，最大允许 {limit}',
    en: 'The upload is too large; the limit is {limit}',
  },
  bodyTooLarge: { 'zh-CN': '请求内容过大', en: 'The request body is too large' },
  unsupportedMediaType: {
    'zh-CN': '不支持的文件类型：{type}（{kind}允许：{allowed}）',
    en: 'Unsupported file type: {type} ({kind} allows: {allowed})',
  },
  unsupportedContentType: {
    'zh-CN': '不支持的请求类型：{type}',
    en: 'Unsupported request content type: {type}',
  },
  uploadEmpty: { 'zh-CN': '上传的文件是空的', en: 'The uploaded file is empty' },
  uploadBadName: {
    'zh-CN': '文件名含有不允许的字符（空字符或不成对的 UTF-16 代理项）',
    en: 'The file name contains a character that is not allowed (NUL or a lone UTF-16 surrogate)',
  },
  uploadKindServerOnly: {
    'zh-CN': '导出文件由服务器生成，不能上传',
    en: 'Export files are written by the server and cannot be uploaded',
  },
  uploadMarkup: {
    'zh-CN': '文件内容是网页或 SVG，不是 {type}',
    en: 'The file holds HTML or SVG, not {type}',
  },
  urlTooLong: { 'zh-CN': '请求地址过长', en: 'The request URL is too long' },
  badUrl: { 'zh-CN': '请求地址的编码不正确', en: 'The request URL is not encoded correctly' },
  headersTooLarge: { 'zh-CN': '请求头过大', en: 'The request headers are too large' },
  badRequest: { 'zh-CN': '无法解析的请求', en: 'The request could not be read' },
  malformedMultipart: {
    'zh-CN': '上传内容格式不正确（multipart 缺少分隔符或被截断）',
    en: 'The upload is malformed (multipart without a boundary, or cut off)',
  },
  uploadNoFile: { 'zh-CN': '请选择要上传的文件', en: 'Please choose a file to upload' },
  rangeNotSatisfiable: { 'zh-CN': '请求的范围无效', en: 'The requested range is not valid' },
  rateLimited: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins; try again in {minutes} minutes',
  },
  serverError: {
    'zh-CN': '服务器内部错误（请求编号 {requestId}）',
    en: 'Internal server error (request id {requestId})',
  },
  databaseUnavailable: { 'zh-CN': '数据库不可用', en: 'The database is unavailable' },
  accountTaken: { 'zh-CN': '账号 {account} 已存在', en: 'The account {account} already exists' },
  phoneTaken: { 'zh-CN': '手机号已被其他账号使用', en: 'This phone number is used by another account' },
  userNotInProject: { 'zh-CN': '该用户不属于当前项目', en: 'This user is not in the current project' },
  cannotChangeSelf: {
    'zh-CN': '不能删除或停用自己的账号',
    en: 'You cannot delete or disable your own account',
  },
  cannotManageSuperAdmin: {
    'zh-CN': '超级管理员账号只能由超级管理员管理',
    en: 'Only super administrators can manage a super administrator',
  },
  userInOtherProjects: {
    'zh-CN': '该用户还属于其他项目，请改为移除其在本项目的角色',
    en: 'This user belongs to other projects too; remove their roles in this project instead',
  },
  accountSharedWithOtherProjects: {
    'zh-CN':
      '该用户还属于其他项目，其账号信息（密码、姓名、手机号、状态）只能由超级管理员或本人修改；您只能调整其在本项目的角色',
    en: 'This user belongs to other projects too: only a super administrator or the user may change their password, name, phone or status; you may change their roles in this project',
  },
  roleNotAssignable: {
    'zh-CN': '角色不存在或不能在本项目中分配',
    en: 'The role does not exist or cannot be assigned in this project',
  },
  builtInRoleReadonly: {
    'zh-CN': '内置角色和平台角色只能由超级管理员修改',
    en: 'Only super administrators can change built-in and platform roles',
  },
  roleInUse: {
    'zh-CN': '还有 {users} 个用户、{invites} 个邀请码使用该角色，不能删除',
    en: 'The role is still held by {users} users and {invites} invitation codes',
  },
  permissionNotAllowed: {
    'zh-CN': '项目角色不能授予系统管理权限：{keys}',
    en: 'A project role cannot grant system permissions: {keys}',
  },
  menuHasChildren: { 'zh-CN': '请先删除下级菜单', en: 'Delete the child menus first' },
  builtInMenuUndeletable: {
    'zh-CN': '内置菜单不能删除，可以设置为隐藏',
    en: 'Built-in menus cannot be deleted; hide them instead',
  },
  menuParentInvalid: { 'zh-CN': '上级菜单无效', en: 'The parent menu is not valid' },
  menuParentExternal: {
    'zh-CN': '外链菜单下不能添加子项',
    en: 'An external link cannot have child items',
  },
  inviteInvalid: {
    'zh-CN': '邀请码无效、已过期或已用完',
    en: 'The invitation code is invalid, expired or used up',
  },
  alreadyMember: { 'zh-CN': '您已经是该项目的成员', en: 'You are already a member of this project' },
  joinedProject: { 'zh-CN': '已加入项目：{name}', en: 'Joined project: {name}' },
  registered: {
    'zh-CN': '注册成功，请等待项目管理员审核',
    en: 'Registered; please wait for the project administrator to approve your account',
  },
  reasonRequired: { 'zh-CN': '驳回时请填写原因', en: 'Give a reason when rejecting' },
  notPending: { 'zh-CN': '该用户不在待审核状态', en: 'This user is not waiting for review' },
  passwordReset: {
    'zh-CN': '密码已重置为 {password}，请通知用户登录后尽快修改',
    en: 'The password was reset to {password}; ask the user to change it after signing in',
  },
  passwordSet: { 'zh-CN': '密码已重置', en: 'The password was reset' },
  saved: { 'zh-CN': '保存成功', en: 'Saved' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted' },
  revoked: { 'zh-CN': '已作废', en: 'Revoked' },
  retired: { 'zh-CN': '已停用', en: 'Retired' },
  approved: { 'zh-CN': '已审核通过', en: 'Approved' },
  rejected: { 'zh-CN': '已驳回', en: 'Rejected' },
  roleSwitched: { 'zh-CN': '已切换角色', en: 'Role switched' },
  columnPrefix: {
    'zh-CN': '字段编码前缀须与类型一致：照片 pic_、视频 vdo_、多选 multi_',
    en: 'The field code prefix must match its type: photo pic_, video vdo_, multi-select multi_',
  },
  optionsRequired: {
    'zh-CN': '单选和多选字段须至少有一个选项',
    en: 'Select fields need at least one option',
  },
  minAboveMax: { 'zh-CN': '最小值不能大于最大值', en: 'The minimum cannot exceed the maximum' },
  projectCodeTaken: { 'zh-CN': '项目编码 {code} 已存在', en: 'The project code {code} already exists' },
  projectHasData: {
    'zh-CN': '项目仍有 {holdings}，不能删除；请先移走这些内容（空项目删除后归档，可由超级管理员恢复）',
    en: 'The project still holds {holdings} and cannot be deleted; remove them first (an empty project is archived and can be restored by the super administrator)',
  },
  projectHasWorkers: {
    'zh-CN': '项目还有 {count} 名劳务人员，不能删除',
    en: 'The project still has {count} workers and cannot be deleted',
  },
  sectionHasWorkers: {
    'zh-CN': '标段还有 {count} 名劳务人员（含已删除的记录），不能删除',
    en: 'The section still has {count} workers (deleted ones included) and cannot be deleted',
  },
  fieldTagShape: {
    'zh-CN': '{label}“{value}”不是有效的二维码编号，请重新扫码',
    en: '{label} "{value}" is not a valid QR tag code; scan it again',
  },
  sectionCodeInUse: {
    'zh-CN': '标段编码已被使用（{holdings}），不能修改；可以修改标段名称',
    en: 'The section code is in use ({holdings}) and cannot change; the name can',
  },
  sectionHasData: {
    'zh-CN': '标段仍有 {holdings}，不能删除',
    en: 'The section still holds {holdings} and cannot be deleted',
  },
  holdsSections: { 'zh-CN': '{n} 个标段', en: '{n} section(s)' },
  holdsMembers: { 'zh-CN': '{n} 名成员', en: '{n} member(s)' },
  holdsFiles: { 'zh-CN': '{n} 个文件', en: '{n} file(s)' },
  holdsRecords: { 'zh-CN': '{n} 条采集记录', en: '{n} collected record(s)' },
  projectArchived: { 'zh-CN': '项目已归档', en: 'The project was archived' },
  projectRestored: { 'zh-CN': '项目已恢复', en: 'The project was restored' },
  holdsWorkers: { 'zh-CN': '{n} 名劳务人员', en: '{n} worker(s)' },
  areaInvalid: {
    'zh-CN': '行政区划编码 {code} 不存在',
    en: 'No administrative division has the code {code}',
  },
  areaOutsideProject: {
    'zh-CN': '乡镇 {code} 不在项目所在地区内',
    en: 'Township {code} is not inside the project area',
  },
  sectionCodeTaken: { 'zh-CN': '标段编码 {code} 已存在', en: 'The section code {code} already exists' },
  tooManySections: {
    'zh-CN': '每个项目最多 {max} 个标段',
    en: 'A project can have at most {max} sections',
  },
  membersAdded: { 'zh-CN': '已添加 {count} 人', en: 'Added {count} people' },
  memberRemoved: { 'zh-CN': '已移出项目', en: 'Removed from the project' },
  usersNotActive: {
    'zh-CN': '只能添加已启用的账号：{accounts}',
    en: 'Only active accounts can be added: {accounts}',
  },
  measureUnknown: { 'zh-CN': '防治措施 {code} 不存在', en: 'No control measure has the code {code}' },
  columnRetired: { 'zh-CN': '字段已停用', en: 'The field is retired' },
  tableBuiltIn: {
    'zh-CN': '内置标准表不能停用',
    en: 'Built-in standard tables cannot be retired',
  },
  tableInUse: {
    'zh-CN': '标准表仍被 {holdings} 使用，不能停用',
    en: 'The standard table is still used by {holdings} and cannot be retired',
  },
  holdsProjects: { 'zh-CN': '{n} 个项目的防治措施', en: 'the control measures of {n} project(s)' },
  tableRetired: { 'zh-CN': '标准表 {code} 已停用', en: 'The standard table {code} is retired' },
  measureBuiltIn: {
    'zh-CN': '内置防治措施 {code} 不能修改',
    en: 'The built-in control measure {code} cannot be changed',
  },
  retiredDone: { 'zh-CN': '已停用', en: 'Retired' },
  tooManyTables: {
    'zh-CN': '标准表最多 {max} 张',
    en: 'There can be at most {max} standard tables',
  },
  tooManyColumns: {
    'zh-CN': '每张标准表最多 {max} 个字段（含已停用字段）',
    en: 'A standard table can have at most {max} fields, retired ones included',
  },
  tooManyFactors: {
    'zh-CN': '上报因子最多 {max} 个，请先删除不用的因子',
    en: 'There can be at most {max} reporting factors; delete unused ones first',
  },
  examineIdsOrFilter: {
    'zh-CN': '请选择记录，或选择“全部符合筛选条件的记录”并确认数量',
    en: 'Choose records, or every record of the filter with its count confirmed',
  },
  examineTooMany: {
    'zh-CN': '一次最多批量审核 {max} 条，请缩小筛选范围',
    en: 'At most {max} records can be reviewed at once; narrow the filter',
  },
  examineCountChanged: {
    'zh-CN': '筛选结果已变为 {count} 条，请确认后重试',
    en: 'The filter now matches {count} records; confirm again',
  },
  recordReasonRequired: {
    'zh-CN': '退回或驳回时请填写原因',
    en: 'Give a reason when sending back or rejecting',
  },
  tableUnknown: { 'zh-CN': '标准表 {code} 不存在', en: 'No standard table has the code {code}' },
  tableNotInProject: {
    'zh-CN': '项目未启用标准表 {code}',
    en: 'The project does not use the standard table {code}',
  },
  sectionUnknown: {
    'zh-CN': '标段 {code} 不属于当前项目',
    en: 'The section {code} is not a section of this project',
  },
  sortUnknown: { 'zh-CN': '排序字段 {code} 不存在', en: 'No column {code} to sort by' },
  cursorInvalid: {
    'zh-CN': '分页游标无效，请从第一页重新查询',
    en: 'The page cursor is invalid; start from page 1',
  },
  pageTooDeep: {
    'zh-CN': '页码超过 {max}，请使用上一页/下一页翻页',
    en: 'Pages beyond {max} are reached with next/previous only',
  },
  fieldRequired: { 'zh-CN': '{label}为必填项', en: '{label} is required' },
  fieldNotNumber: { 'zh-CN': '{label}须为数字', en: '{label} must be a number' },
  fieldBelowMin: { 'zh-CN': '{label}不能小于 {min}', en: '{label} cannot be less than {min}' },
  fieldAboveMax: { 'zh-CN': '{label}不能大于 {max}', en: '{label} cannot be more than {max}' },
  fieldTooLong: { 'zh-CN': '{label}最多 {max} 个字', en: '{label} can have at most {max} characters' },
  fieldNotOption: {
    'zh-CN': '{label}的值“{value}”不在选项中',
    en: '{label}: "{value}" is not one of the options',
  },
  fieldNotDate: { 'zh-CN': '{label}须为日期（年-月-日）', en: '{label} must be a date (YYYY-MM-DD)' },
  fieldNotText: { 'zh-CN': '{label}须为文字', en: '{label} must be text' },
  fieldUnknown: { 'zh-CN': '字段 {code} 不存在或已停用', en: 'No field {code}, or it is retired' },
  fieldNotEditable: { 'zh-CN': '字段 {code} 不能修改', en: 'The field {code} cannot be edited' },
  mediaInvalid: {
    'zh-CN': '{label}引用的文件不存在或不属于本项目',
    en: '{label} refers to a file that does not exist or belongs to another project',
  },
  mediaWrongKind: { 'zh-CN': '{label}须引用{kind}文件', en: '{label} must refer to a {kind} file' },
  fieldsTooLarge: { 'zh-CN': '字段内容过大（最多 {max}）', en: 'The fields are too large (at most {max})' },
  uuidOtherProject: {
    'zh-CN': '记录编号已在其他项目中使用',
    en: 'This record id is already used in another project',
  },
  recordNotFound: { 'zh-CN': '记录不存在或无权查看', en: 'No such record, or you may not see it' },
  recordDeleted: { 'zh-CN': '记录已删除', en: 'The record is deleted' },
  stateChangeInvalid: {
    'zh-CN': '记录当前状态不能执行此操作',
    en: 'The record cannot be moved that way from its current state',
  },
  columnTypeLocked: {
    'zh-CN': '字段 {code} 已有采集数据，不能修改类型',
    en: 'The field {code} already holds records; its type cannot change',
  },
  hasRecords: {
    'zh-CN': '已有 {count} 条采集记录，不能删除',
    en: 'It has {count} collected records and cannot be deleted',
  },
  restored: { 'zh-CN': '已恢复', en: 'Restored' },
  fieldErrors: { 'zh-CN': '{text}', en: '{text}' },
  returned: { 'zh-CN': '已退回', en: 'Sent back' },
  passwordChanged: { 'zh-CN': '密码修改成功', en: 'Password changed' },
  oldPasswordWrong: { 'zh-CN': '原密码错误', en: 'The old password is wrong' },
  profileSaved: { 'zh-CN': '个人信息已保存', en: 'Profile saved' },
  birthMonthFuture: { 'zh-CN': '出生年月不能晚于本月', en: 'The birth month cannot be in the future' },
  idNumberLength: {
    'zh-CN': '身份证号应为 18 位（前 17 位数字，最后一位数字或 X）',
    en: 'The ID number must be 18 characters (17 digits, then a digit or X)',
  },
  idNumberChecksum: { 'zh-CN': '身份证号校验位错误', en: 'The ID number check digit is wrong' },
  idNumberBirthDate: {
    'zh-CN': '身份证号中的出生日期无效',
    en: 'The birth date in the ID number is not a real date or lies in the future',
  },
  idNumberRegion: { 'zh-CN': '身份证号的地区码无效', en: 'The region code of the ID number is not valid' },
  phoneInvalid: {
    'zh-CN': '手机号格式不正确（11 位，1 开头）',
    en: 'The phone number must be a mainland mobile number (11 digits starting with 1)',
  },
  insuranceEndBeforeStart: {
    'zh-CN': '保险结束日期不能早于开始日期',
    en: 'The insurance cannot end before it starts',
  },
  insuranceDatesRequired: {
    'zh-CN': '已投保时请填写保险开始和结束日期',
    en: 'An insured worker needs the insurance start and end dates',
  },
  faceOneOf: {
    'zh-CN': '人脸照片：请给出新上传的文件或已有的人脸之一',
    en: 'Face photo: give either a newly uploaded file or an existing face',
  },
  workerIdNumberTaken: {
    'zh-CN': '身份证号 {idNumber} 已登记为本项目的劳务人员：{name}',
    en: 'The ID number {idNumber} is already registered in this project: {name}',
  },
  workerNotFound: { 'zh-CN': '劳务人员不存在', en: 'No such worker' },
  workerSectionUnknown: {
    'zh-CN': '标段 {code} 不属于本项目',
    en: 'The section {code} does not belong to this project',
  },
  workerSectionNotYours: {
    'zh-CN': '您只能管理自己负责标段的劳务人员',
    en: 'You can only manage workers of the sections you are responsible for',
  },
  workerFileInvalid: {
    'zh-CN': '{field}不是本项目上传的{kind}',
    en: '{field} is not a {kind} uploaded in this project',
  },
  clockInRefused: {
    'zh-CN': '不能开启打卡权限：{reasons}',
    en: 'Clock-in cannot be allowed: {reasons}',
  },
  clockInNotApproved: { 'zh-CN': '未审核通过', en: 'not approved' },
  clockInNotInsured: { 'zh-CN': '未投保', en: 'not insured' },
  clockInInsuranceNotValid: {
    'zh-CN': '保险不在有效期内（{start} 至 {end}）',
    en: 'insurance not valid today ({start} to {end})',
  },
  clockInNoFace: { 'zh-CN': '没有当前人脸照片', en: 'no current face photo' },
  workerIncomplete: {
    'zh-CN': '资料不完整（缺少：{missing}），不能审核通过',
    en: 'Incomplete (missing: {missing}); cannot be approved',
  },
  examineRefused: { 'zh-CN': '{name}：{reason}', en: '{name}: {reason}' },
  workerNotPending: { 'zh-CN': '不在待审核状态', en: 'not waiting for review' },
  insuranceEndedNotice: {
    'zh-CN': '劳务人员 {name}（{section}）的保险已于 {end} 到期，已关闭其打卡权限',
    en: 'The insurance of worker {name} ({section}) ended on {end}; clock-in has been turned off',
  },
  workersExamined: {
    'zh-CN': '已通过 {approved} 人，驳回 {rejected} 人，未处理 {skipped} 人',
    en: 'Approved {approved}, rejected {rejected}, left {skipped}',
  },
  loggedOut: { 'zh-CN': '已退出登录', en: 'Logged out' },
  // deadTrees (ksss census import)
  ksssNotSpreadsheet: {
    'zh-CN': '文件不是 Excel 表格（.xlsx），请使用导入模板填写后上传',
    en: 'The file is not an Excel spreadsheet (.xlsx); fill in the import template and upload it',
  },
  ksssUnreadable: {
    'zh-CN': '无法读取该表格，请确认是 .xlsx 文件且未损坏',
    en: 'The spreadsheet cannot be read; make sure it is an undamaged .xlsx file',
  },
  ksssBadHeaders: {
    'zh-CN': '表头与导入模板不一致：第 {column} 列应为“{expected}”，实际为“{actual}”',
    en: 'The headers do not match the template: column {column} should be "{expected}", found "{actual}"',
  },
  ksssNoRows: { 'zh-CN': '表格中没有数据行', en: 'The spreadsheet has no data rows' },
  ksssTooManyRows: {
    'zh-CN': '数据行超过 {limit} 行，请分多个文件导入',
    en: 'More than {limit} data rows; split the census into several files',
  },
  ksssSameFile: {
    'zh-CN': '该文件已于 {time} 导入，未重复导入',
    en: 'This file was already imported at {time}; nothing was imported again',
  },
  ksssInterrupted: {
    'zh-CN': '导入被中断（服务重启），未导入任何数据，请重新上传',
    en: 'The import was interrupted (server restart); nothing was imported, please upload again',
  },
  ksssImported: {
    'zh-CN': '已导入 {accepted} 行，{rejected} 行有误',
    en: '{accepted} rows imported, {rejected} rows refused',
  },
  ksssTaskNotFound: { 'zh-CN': '导入任务不存在', en: 'No such import task' },
  ksssRequired: { 'zh-CN': '{field}不能为空', en: '{field} is required' },
  ksssTooLong: {
    'zh-CN': '{field}过长（最多 {max} 个字符）',
    en: '{field} is too long (at most {max} characters)',
  },
  ksssBadCode: {
    'zh-CN': '{field}只能包含字母、数字、“-”和“_”，最多 30 个字符',
    en: '{field} may hold only letters, digits, "-" and "_", at most 30 characters',
  },
  ksssBadNumber: {
    'zh-CN': '{field}应为 {min} 到 {max} 之间的数字',
    en: '{field} must be a number from {min} to {max}',
  },
  ksssBadDate: {
    'zh-CN': '{field}应为日期（如 2026-10-15），且不晚于今天',
    en: '{field} must be a date (e.g. 2026-10-15) not after today',
  },
  ksssBadState: { 'zh-CN': '状态应为“未伐”或“已伐”', en: 'State must be 未伐 (standing) or 已伐 (felled)' },
  ksssBadSpecies: { 'zh-CN': '树种应为：{allowed}', en: 'Species must be one of: {allowed}' },
  ksssFelledDate: {
    'zh-CN': '已伐的树须填写采伐日期，且不早于调查日期',
    en: 'A felled tree needs a felling date, not before the survey date',
  },
  ksssUnfelledDate: {
    'zh-CN': '未伐的树不应填写采伐日期',
    en: 'A standing tree must not have a felling date',
  },
  ksssDuplicateTree: {
    'zh-CN': '树号与第 {row} 行重复（同一小班）',
    en: 'The tree number repeats row {row} (same sub-compartment)',
  },
  ksssUnknownSection: {
    'zh-CN': '标段编号不属于本项目',
    en: 'The section code is not a section of this project',
  },
  ksssFormula: {
    'zh-CN': '{field}是公式，请填写数值或文字',
    en: '{field} is a formula; enter a value or text',
  },
  ksssMoreErrors: {
    'zh-CN': '另有 {count} 行错误未列出',
    en: '{count} more rows with errors are not listed',
  },
  clockInNoWorker: {
    'zh-CN': '本项目没有与您的账号（手机号 {phone}）对应的劳务人员，不能打卡',
    en: 'No worker of this project matches your account (phone {phone}); you cannot clock in',
  },
  clockInDenied: { 'zh-CN': '不能打卡：{reasons}', en: 'Cannot clock in: {reasons}' },
  clockInPermissionOff: { 'zh-CN': '打卡权限未开启', en: 'clock-in permission is off' },
  clockInOtherSection: {
    'zh-CN': '您登记在{section}，不能在其他标段打卡',
    en: 'You are registered in {section}; you cannot clock in for another section',
  },
  clockInUuidTaken: { 'zh-CN': '该打卡编号已被使用', en: 'This clock-in id is already used' },
  clockInFaceInvalid: {
    'zh-CN': '人脸照片不是本项目上传的图片',
    en: 'The face photo is not an image uploaded in this project',
  },
  clockedIn: { 'zh-CN': '打卡成功', en: 'Clocked in' },
  // Background jobs and exports (#16).
  jobInterrupted: { 'zh-CN': '服务重启中断', en: 'interrupted by a restart' },
  jobTimedOut: { 'zh-CN': '任务超时', en: 'the job timed out' },
  jobCancelled: { 'zh-CN': '任务已取消', en: 'the job was cancelled' },
  exportStarted: {
    'zh-CN': '已开始导出，完成后可在“导出记录”中下载',
    en: 'The export has started; download it from "Export records" when it is finished',
  },
  exportNotReady: {
    'zh-CN': '文件生成中，请稍后再试',
    en: 'The file is being generated, please try again later',
  },
  exportExpired: { 'zh-CN': '导出文件已过期，请重新导出', en: 'The export has expired; export again' },
  exportFailed: { 'zh-CN': '导出失败：{reason}', en: 'Export failed: {reason}' },
  exportCancelled: { 'zh-CN': '已取消导出', en: 'Export cancelled' },
  exportNotCancellable: { 'zh-CN': '导出已结束，不能取消', en: 'The export has already ended' },
  // notices (message centre)
  noticeRecordReturned: {
    'zh-CN': '您提交的{table}（{count} 条）已被退回：{reason}',
    en: 'Your {table} ({count}) was sent back: {reason}',
  },
  noticeRecordRejected: {
    'zh-CN': '您提交的{table}（{count} 条）已被驳回：{reason}',
    en: 'Your {table} ({count}) was rejected: {reason}',
  },
  noticeExportFinished: {
    'zh-CN': '导出“{name}”已完成，可以下载',
    en: 'Export "{name}" is ready to download',
  },
  noticeExportFailed: { 'zh-CN': '导出“{name}”失败：{reason}', en: 'Export "{name}" failed: {reason}' },
  noticeWorkerPending: { 'zh-CN': '劳务人员 {name} 等待审核', en: 'Worker {name} is waiting for review' },
  noticeInsuranceEnding: {
    'zh-CN': '劳务人员 {name}（{section}）的保险将于 {end} 到期',
    en: 'The insurance of worker {name} ({section}) ends on {end}',
  },
  noticeUserPending: {
    'zh-CN': '用户 {name}（{account}）注册后等待审核',
    en: 'User {name} ({account}) registered and is waiting for review',
  },
  noticeAnomalies: {
    'zh-CN': '标段 {section} 新增 {count} 个疑点：{kinds}',
    en: 'Section {section} has {count} new anomalies: {kinds}',
  },
  noticesMarkedRead: { 'zh-CN': '已标记为已读', en: 'Marked as read' },
  noticeSent: { 'zh-CN': '已发送给 {count} 人', en: 'Sent to {count} people' },
  // qrTags
  flagNameOrId: {
    'zh-CN': '请填写新批次名称，或选择已有批次（二者选一）',
    en: 'Give a new batch name or choose an existing batch (one of the two)',
  },
  flagNotFound: { 'zh-CN': '二维码批次不存在', en: 'This QR batch does not exist' },
  flagNameTaken: {
    'zh-CN': '本项目已有同名批次：{name}',
    en: 'The project already has a batch named {name}',
  },
  flagFull: {
    'zh-CN': '批次最多 {max} 个二维码，已有 {held} 个',
    en: 'A batch holds at most {max} tags; it has {held}',
  },
  sectionNotFound4Flag: { 'zh-CN': '标段不存在：{section}', en: 'No such section: {section}' },
  tagsGenerated: { 'zh-CN': '已生成 {count} 个二维码', en: '{count} QR tags generated' },
  // overview (#17)
  progressTotal: { 'zh-CN': '合计', en: 'Total' },
  progressAllProjects: { 'zh-CN': '全部项目', en: 'All projects' },
  progressTownshipUnknown: { 'zh-CN': '未注明乡镇', en: 'Township not given' },
  sectionNotFound: { 'zh-CN': '标段不存在', en: 'No such section' },
  burnPointOutsideCounty: {
    'zh-CN': '焚烧点位置（{lng}, {lat}）不在项目所在县（{county}）范围内',
    en: 'The burn point ({lng}, {lat}) lies outside the project county ({county})',
  },
  burnPointNameTaken: {
    'zh-CN': '焚烧点名称“{name}”已存在',
    en: 'A burn point named "{name}" already exists',
  },
  burnPointSectionUnknown: { 'zh-CN': '标段不存在：{code}', en: 'No such section: {code}' },
  burnPointTownshipUnknown: {
    'zh-CN': '乡镇不在项目所在县内：{code}',
    en: 'The township is not in the project county: {code}',
  },
  burnTableUnknown: {
    'zh-CN': '报表数据表“{table}”不是本项目的标准表',
    en: 'The report table "{table}" is not one of this project\'s standard tables',
  },
  // section boundaries (#15)
  boundaryFileType: {
    'zh-CN': '文件“{file}”不是边界文件：请上传含 .shp/.dbf/.prj 的 ZIP 压缩包，或 .geojson 文件',
    en: '"{file}" is not a boundary file: upload a ZIP holding .shp/.dbf/.prj, or a .geojson file',
  },
  boundaryFileUnreadable: {
    'zh-CN': '文件“{file}”无法读取（{reason}），请重新导出后再上传',
    en: '"{file}" cannot be read ({reason}); export it again and upload it again',
  },
  boundaryNoShp: {
    'zh-CN': '压缩包“{file}”中没有 .shp 文件（只有：{names}）',
    en: 'The ZIP "{file}" holds no .shp file (only: {names})',
  },
  boundaryManyLayers: {
    'zh-CN': '压缩包中有多个图层（{names}），请每次只导入一个 .shp',
    en: 'The ZIP holds several layers ({names}); import one .shp at a time',
  },
  boundaryNoPrj: {
    'zh-CN': '压缩包中缺少坐标系文件 {name}.prj，且坐标不是经纬度：请连同 .prj 一起压缩上传',
    en: 'The ZIP has no {name}.prj and its coordinates are not longitude/latitude: include the .prj',
  },
  boundaryBadPrj: {
    'zh-CN': '无法识别 {name}.prj 中的坐标系，请在 GIS 软件中另存为 WGS 84 或 CGCS2000',
    en: 'The coordinate system in {name}.prj is not recognised; save the layer as WGS 84 or CGCS2000',
  },
  boundaryCrsUnsupported: {
    'zh-CN': 'GeoJSON 的坐标系 {crs} 不受支持，请导出为 WGS 84（EPSG:4326）',
    en: 'The GeoJSON coordinate system {crs} is not supported; export it as WGS 84 (EPSG:4326)',
  },
  boundaryNotLngLat: {
    'zh-CN': '第 {index} 个要素的坐标（{x}, {y}）不是经纬度，请检查坐标系',
    en: 'Feature {index} has coordinates ({x}, {y}) that are not longitude/latitude; check the coordinate system',
  },
  boundaryOutsideCounty: {
    'zh-CN': '第 {index} 个要素不在项目所在县（{county}）范围内，请检查坐标系（.prj）是否与数据一致',
    en: 'Feature {index} lies outside the project county ({county}); check that the coordinate system (.prj) matches the data',
  },
  boundaryNotPolygon: {
    'zh-CN': '第 {index} 个要素是{type}，边界须为面（Polygon / MultiPolygon）',
    en: 'Feature {index} is a {type}; a boundary must be a polygon (Polygon / MultiPolygon)',
  },
  boundaryBadRing: {
    'zh-CN': '第 {index} 个要素的面少于 3 个顶点或坐标无效',
    en: 'Feature {index} has a ring with fewer than 3 positions or invalid coordinates',
  },
  boundaryEmpty: { 'zh-CN': '文件“{file}”中没有要素', en: '"{file}" holds no features' },
  boundaryTooBig: {
    'zh-CN': '文件过大：{what}为 {count}，上限 {max}',
    en: 'The file is too big: {what} is {count}, at most {max}',
  },
  boundaryFieldUnknown: {
    'zh-CN': '字段“{field}”不在文件属性中（可选：{fields}）',
    en: 'The file has no attribute "{field}" (there are: {fields})',
  },
  boundaryMatchRequired: {
    'zh-CN': '请选择用于匹配标段的字段（matchField），或指定一个标段（sectionId）',
    en: 'Choose the attribute that names the sections (matchField), or one section (sectionId)',
  },
  boundaryNoMatch: {
    'zh-CN': '没有要素与本项目的标段匹配（按字段“{field}”的值对照标段编码或名称）',
    en: 'No feature matches a section of this project (the values of "{field}" against section codes and names)',
  },
  boundaryImported: { 'zh-CN': '已导入 {count} 个标段的边界', en: 'Boundaries of {count} sections imported' },
  burnPointPhotoInvalid: {
    'zh-CN': '照片引用的文件不存在或不属于本项目：{id}',
    en: 'Photos: the file does not exist or belongs to another project: {id}',
  },
  burnPointPhotoNotImage: {
    'zh-CN': '照片须引用以照片上传的文件：{name}',
    en: 'Photos must refer to files uploaded as photos: {name}',
  },
  // burnReports (#15)
  reportDayFuture: {
    'zh-CN': '统计日期不能晚于今天：{day}',
    en: 'The report day cannot be later than today: {day}',
  },
  // census import cancel (#16)
  ksssCancelled: { 'zh-CN': '导入已取消，未写入任何数据', en: 'Import cancelled; nothing was written' },
  ksssCancelTooLate: {
    'zh-CN': '导入已结束，无法取消',
    en: 'The import has already ended and cannot be cancelled',
  },
  // safety ledger (#17)
  safetySectionUnknown: { 'zh-CN': '标段不存在：{code}', en: 'No such section: {code}' },
  safetySectionRequired: {
    'zh-CN': '标段负责人只能登记本标段的安全台账，请选择标段',
    en: 'A section manager records for their own section: choose the section',
  },
  safetySectionNotYours: {
    'zh-CN': '只能登记或查看本人负责标段的安全台账',
    en: 'Only the safety records of your own sections',
  },
  safetyAttendeeUnknown: {
    'zh-CN': '参加人员不是本项目（本标段）的劳务人员：{count} 人',
    en: '{count} attendee(s) are not workers of this project (section)',
  },
  safetyPhotoInvalid: {
    'zh-CN': '照片不是本项目上传的图片：{id}',
    en: 'The photo is not an image uploaded in this project: {id}',
  },
  safetyDateRange: {
    'zh-CN': '结束日期不能早于开始日期，且打印期间不超过 366 天',
    en: 'The end date cannot be before the start, and a print covers at most 366 days',
  },
  // units and counts (#26)
  fieldNotInteger: {
    'zh-CN': '{label}须为整数，不能为 {value}',
    en: '{label} must be a whole number, not {value}',
  },
  fieldNotIntegerUnit: {
    'zh-CN': '{label}以“{unit}”计，须为整数，不能为 {value}',
    en: '{label} is counted in {unit} and must be a whole number, not {value}',
  },
  fieldAboveUnitMax: {
    'zh-CN': '{label}不能大于 {max} {unit}',
    en: '{label} cannot be more than {max} {unit}',
  },
  unitUnknown: {
    'zh-CN': '单位“{unit}”未定义，可选：{units}',
    en: 'Unknown unit "{unit}"; choose one of: {units}',
  },
  quantityRulesNumberOnly: {
    'zh-CN': '单位、整数和按单位上限只适用于数字字段',
    en: 'Units, whole numbers and per-unit limits apply to number fields only',
  },
  unitAndUnitColumn: {
    'zh-CN': '固定单位和计量单位字段只能设置其中一个',
    en: 'Give either a fixed unit or a unit field, not both',
  },
  countUnitInteger: {
    'zh-CN': '“{unit}”是计数单位，数量只能是整数',
    en: '{unit} is a count: its quantities are whole numbers',
  },
  unitColumnInvalid: {
    'zh-CN': '计量单位字段“{code}”不是本表在用的单选字段',
    en: 'The unit field "{code}" is not an active select field of this table',
  },
  unitColumnOptions: {
    'zh-CN': '计量单位字段“{code}”的选项“{unit}”不是已定义的单位（可选：{units}）',
    en: 'The option "{unit}" of the unit field "{code}" is not a known unit (known: {units})',
  },
  maxByUnitWithoutColumn: {
    'zh-CN': '按单位设置上限须先指定计量单位字段',
    en: 'Per-unit limits need a unit field',
  },
  maxByUnitNotOption: {
    'zh-CN': '上限中的单位“{unit}”不是计量单位字段“{code}”的选项',
    en: 'The limit\'s unit "{unit}" is not an option of the unit field "{code}"',
  },
  maxByUnitInvalid: {
    'zh-CN': '“{unit}”的上限须为正数',
    en: 'The limit for {unit} must be a positive number',
  },
  unitColumnInUse: {
    'zh-CN': '字段 {code} 是“{user}”的计量单位，不能停用',
    en: 'The field {code} gives the unit of "{user}" and cannot be retired',
  },
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

export function t(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return format(messages[key][lang], params);
}
