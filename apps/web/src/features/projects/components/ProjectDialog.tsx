import type { ProjectItem } from '@pineguard/contract';
import { App, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useCountyTree, useSaveProject } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from './ProjectFields.tsx';

/** Create a project, or edit one (its code stays). */
export function ProjectDialog({
  open,
  project,
  onClose,
}: {
  open: boolean;
  project: ProjectItem | null;
  onClose: () => void;
}) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const tree = useCountyTree();
  const save = useSaveProject();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (project) form.setFieldsValue(toFormValues(project, tree.data ?? []));
    else form.setFieldsValue({ year: new Date().getFullYear() });
  }, [open, project, tree.data, form]);

  const submit = async () => {
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const result = await save.mutateAsync({ body: toBody(values, project ?? undefined), isNew: !project });
      message.success(result.message);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={project ? t('dialog.edit', { name: project.name }) : t('dialog.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      width={600}
      forceRender
    >
      <Form form={form} layout="vertical" name="project">
        <ProjectFields tree={tree.data ?? []} treeLoading={tree.isLoading} codeLocked={!!project} />
      </Form>
    </Modal>
  );
}
