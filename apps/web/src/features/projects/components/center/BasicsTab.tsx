import type { ProjectItem } from '@pineguard/contract';
import { App, Button, Form } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../../shared/formErrors.ts';
import { useCountyTree, useSaveProject } from '../../adminApi.ts';
import { useProjectsT } from '../../projectMessages.ts';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from '../ProjectFields.tsx';

export function BasicsTab({ project, editable }: { project: ProjectItem; editable: boolean }) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const tree = useCountyTree();
  const save = useSaveProject();
  useEffect(() => {
    form.setFieldsValue(toFormValues(project, tree.data ?? []));
  }, [project, tree.data, form]);
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
        } catch (error) {
          showFieldErrors(form, error);
        }
      }}
    >
      <ProjectFields tree={tree.data ?? []} treeLoading={tree.isLoading} codeLocked disabled={!editable} />
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      )}
    </Form>
  );
}
