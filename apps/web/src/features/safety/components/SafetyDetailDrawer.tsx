import { Descriptions, Drawer, Flex, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format.ts';
import { useSafetyDetail } from '../api.ts';
import { useSafetyT } from '../messages.ts';

/** One ledger entry as recorded, with who attended; `id` null keeps the drawer closed. */
export function SafetyDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
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
