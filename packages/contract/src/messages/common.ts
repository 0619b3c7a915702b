import type { Text } from '../i18n.ts';

/**
 * What any call may answer, whatever the feature: the session, a request the server cannot read
 * (shape, size, encoding, uploads), a missing thing, a fault of the server or the database, and
 * the short outcomes many features share (saved, deleted, approved …).
 */
export const commonMessages = {
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
  serverError: {
    'zh-CN': '服务器内部错误（请求编号 {requestId}）',
    en: 'Internal server error (request id {requestId})',
  },
  databaseUnavailable: { 'zh-CN': '数据库不可用', en: 'The database is unavailable' },
  saved: { 'zh-CN': '保存成功', en: 'Saved' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted' },
  revoked: { 'zh-CN': '已作废', en: 'Revoked' },
  retired: { 'zh-CN': '已停用', en: 'Retired' },
  approved: { 'zh-CN': '已审核通过', en: 'Approved' },
  rejected: { 'zh-CN': '已驳回', en: 'Rejected' },
  restored: { 'zh-CN': '已恢复', en: 'Restored' },
  returned: { 'zh-CN': '已退回', en: 'Sent back' },
  fieldErrors: { 'zh-CN': '{text}', en: '{text}' },
} satisfies Record<string, Text>;
