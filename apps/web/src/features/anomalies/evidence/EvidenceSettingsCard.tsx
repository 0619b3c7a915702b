import { Card, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../shared/permissions.ts';
import { useProjectCode } from '../api.ts';
import { useEvidenceStatus } from './api.ts';
import { useEvidenceT } from './messages.ts';

/**
 * The evidence thresholds in force beside the 疑点 they raise, and the check's progress. They are
 * changed in the project form's 证据检查 group (decision: docs/decisions/30-evidence-thresholds-
 * in-project-form.md); the card links there for who may edit the project.
 */
export function EvidenceSettingsCard() {
  const t = useEvidenceT();
  const prjCode = useProjectCode();
  const can = useCan();
  const status = useEvidenceStatus(prjCode);
  const settings = status.data?.settings;
  const job = status.data?.job;
  const running = job && (job.status === 'running' || job.status === 'queued');
  return (
    <Card
      size="small"
      title={t('settings.title')}
      data-testid="evidence-settings"
      extra={
        can('projects.manage') && prjCode ? (
          <Link to={`/projectCenter/${encodeURIComponent(prjCode)}#evidence`} data-testid="evidence-edit">
            {t('settings.edit')}
          </Link>
        ) : null
      }
    >
      {settings && (
        <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="evidence-summary">
          {t('settings.summary', {
            photoBeforeHours: settings.photoBeforeHours,
            photoPlaceM: settings.photoPlaceM,
            photoDupBits: settings.photoDupBits,
            outlineToleranceM: settings.outlineToleranceM,
            exif: t(settings.photoExifRequired ? 'settings.exifRequired' : 'settings.exifOptional'),
          })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('settings.hint')}
      </Typography.Paragraph>
      <Flex gap={12} align="center" data-testid="evidence-progress">
        {running ? (
          <>
            <Progress
              percent={job.progress}
              size="small"
              style={{ width: 200 }}
              aria-label={t('settings.running', { progress: job.progress })}
            />
            <Typography.Text>{t('settings.running', { progress: job.progress })}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">
            {status.data?.pending
              ? t('settings.pending', { count: status.data.pending })
              : t('settings.idle')}
          </Typography.Text>
        )}
        {job?.status === 'failed' && (
          <Typography.Text type="danger">{t('settings.failed', { error: job.error ?? '' })}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
