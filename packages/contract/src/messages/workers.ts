import type { Text } from '../i18n.ts';

/**
 * Workers (劳务人员): ID numbers and phones, the roster, review, insurance, and clock-in (the
 * clockIn* reasons are joined into {reasons}).
 */
export const workerMessages = {
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
  workerNotReviewed: { 'zh-CN': '尚未审核，无需撤销', en: 'not reviewed yet; nothing to undo' },
  workersReviewRevoked: {
    'zh-CN': '已撤销 {revoked} 人的审核，退回待审核；未处理 {skipped} 人',
    en: 'Review undone for {revoked} (back to pending); left {skipped}',
  },
  workersExamined: {
    'zh-CN': '已通过 {approved} 人，驳回 {rejected} 人，未处理 {skipped} 人',
    en: 'Approved {approved}, rejected {rejected}, left {skipped}',
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
} satisfies Record<string, Text>;
