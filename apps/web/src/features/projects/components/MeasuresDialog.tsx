import type { ProjectItem } from '@pineguard/contract';
import { Alert, App, Modal } from 'antd';
import { useState } from 'react';
import { useMeasures, useSetMeasures } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';
import { MeasurePicker } from './MeasurePicker.tsx';

/** /projectSys "set up control measures". */
export function MeasuresDialog({ project, onClose }: { project: ProjectItem | null; onClose: () => void }) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const measures = useMeasures();
  const save = useSetMeasures();
  // null: the project's own choice, until the user changes it.
  const [edited, setEdited] = useState<string[] | null>(null);
  const codes = edited ?? project?.measureCodes ?? [];
  const close = () => {
    setEdited(null);
    onClose();
  };
  return (
    <Modal
      open={project !== null}
      title={project ? t('measures.title', { name: project.name }) : ''}
      onCancel={close}
      okText={t('save')}
      confirmLoading={save.isPending}
      onOk={async () => {
        if (!project) return;
        // A refusal is shown by the http client in the server's words.
        const result = await save
          .mutateAsync({ prjCode: project.code, measureCodes: codes })
          .catch(() => null);
        if (!result) return;
        message.success(result.message);
        close();
      }}
    >
      <Alert type="info" showIcon title={t('measures.hint')} style={{ marginBottom: 16 }} />
      <MeasurePicker
        measures={measures.data ?? []}
        loading={measures.isLoading}
        value={codes}
        onChange={setEdited}
      />
    </Modal>
  );
}
