import { type EvidenceSettings, evidenceLimits } from '@pineguard/contract';
import { App, Button, Card, Flex, Form, InputNumber, Progress, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { useProjectCode } from '../api.ts';
import { useEvidenceStatus, useSaveEvidenceSettings } from './api.ts';
import { useEvidenceT } from './messages.ts';

const numeric = ['photoBeforeHours', 'photoPlaceM', 'photoDupBits', 'outlineToleranceM'] as const;

/**
 * The project's evidence thresholds beside the 疑点 they raise: who may confirm anomalies may
 * change them (and every record is checked again, with its progress here); others read them.
 */
export function EvidenceSettingsCard() {
  const t = useEvidenceT();
  const { message } = App.useApp();
  const prjCode = useProjectCode();
  const can = useCan();
  const editable = can('anomalies.confirm');
  const status = useEvidenceStatus(prjCode);
  const save = useSaveEvidenceSettings();
  const [form] = Form.useForm<EvidenceSettings>();
  const settings = status.data?.settings;
  useEffect(() => {
    if (settings) form.setFieldsValue(settings);
  }, [form, settings]);
  const job = status.data?.job;
  const running = job && (job.status === 'running' || job.status === 'queued');
  return (
    <Card size="small" title={t('settings.title')} data-testid="evidence-settings">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('settings.hint')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        disabled={!editable}
        onFinish={(values) =>
          save.mutate(
            { ...values, prjCode, rerun: true },
            { onSuccess: () => void message.success(t('settings.saved')) },
          )
        }
      >
        {numeric.map((name) => (
          <Form.Item key={name} name={name} label={t(`settings.${name}`)} rules={[{ required: true }]}>
            <InputNumber
              min={evidenceLimits[name].min}
              max={evidenceLimits[name].max}
              precision={0}
              style={{ width: 96 }}
              aria-label={t(`settings.${name}`)}
            />
          </Form.Item>
        ))}
        <Form.Item name="photoExifRequired" label={t('settings.photoExifRequired')} valuePropName="checked">
          <Switch aria-label={t('settings.photoExifRequired')} />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="evidence-save">
            {t('settings.save')}
          </Button>
        )}
      </Form>
      <Flex gap={12} align="center" style={{ marginTop: 8 }} data-testid="evidence-progress">
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
