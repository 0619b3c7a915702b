import type { EvidenceSettings, ProjectItem } from '@pineguard/contract';
import { App, Button, Collapse, Form, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { showFieldErrors } from '../../../../shared/formErrors.ts';
import { useCan } from '../../../../shared/permissions.ts';
import {
  EvidenceThresholdFields,
  evidenceChanged,
  useEvidenceStatus,
  useEvidenceT,
  useSaveEvidenceSettings,
} from '../../../anomalies/index.ts';
import { useCountyTree, useSaveProject } from '../../adminApi.ts';
import { useProjectsT } from '../../projectMessages.ts';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from '../ProjectFields.tsx';

type Values = ProjectFormValues & Partial<EvidenceSettings>;

/**
 * The project's basic fields, and its evidence thresholds in a collapsible 证据检查 group (issue
 * 30): one 保存 saves both — the project through its own call, the thresholds (when changed, and
 * by who may confirm anomalies) through /api/evidence/settings, which checks every record again.
 */
export function BasicsTab({ project, editable }: { project: ProjectItem; editable: boolean }) {
  const t = useProjectsT();
  const te = useEvidenceT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const tree = useCountyTree();
  const save = useSaveProject();
  const can = useCan();
  const evidenceEditable = editable && can('anomalies.confirm');
  const evidence = useEvidenceStatus(can('anomalies.read') ? project.code : undefined);
  const saveEvidence = useSaveEvidenceSettings();
  const settings = evidence.data?.settings;
  const { hash } = useLocation();
  useEffect(() => {
    form.setFieldsValue(toFormValues(project, tree.data ?? []));
  }, [project, tree.data, form]);
  useEffect(() => {
    if (settings) form.setFieldsValue(settings);
  }, [settings, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      name="projectBasics"
      style={{ maxWidth: 560 }}
      onFinish={async (values) => {
        try {
          const result = await save.mutateAsync({ body: toBody(values, project), isNew: false });
          message.success(result.message);
          if (evidenceEditable && evidenceChanged(settings, values)) {
            const { photoBeforeHours, photoPlaceM, photoDupBits, outlineToleranceM, photoExifRequired } =
              values;
            await saveEvidence.mutateAsync({
              prjCode: project.code,
              photoBeforeHours,
              photoPlaceM,
              photoDupBits,
              outlineToleranceM,
              photoExifRequired,
              rerun: true,
            });
            message.success(te('settings.rechecking'));
          }
        } catch (error) {
          showFieldErrors(form, error);
        }
      }}
    >
      <ProjectFields tree={tree.data ?? []} treeLoading={tree.isLoading} codeLocked disabled={!editable} />
      {settings && (
        <Collapse
          style={{ marginBottom: 24 }}
          defaultActiveKey={hash === '#evidence' ? ['evidence'] : []}
          data-testid="evidence-group"
          items={[
            {
              key: 'evidence',
              label: te('settings.title'),
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary">{te('settings.hint')}</Typography.Paragraph>
                  <EvidenceThresholdFields disabled={!evidenceEditable} />
                </>
              ),
            },
          ]}
        />
      )}
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending || saveEvidence.isPending}>
          {t('save')}
        </Button>
      )}
    </Form>
  );
}
