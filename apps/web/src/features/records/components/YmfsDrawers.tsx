import { YMFS_TABLE } from '@pineguard/contract';
import { App, Button, Descriptions, Drawer, Form, Input, InputNumber, Result, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useUpdateYmfs, useYmfsDetail } from '../api.ts';
import { useRecordsT } from '../messages.ts';
import { reasonMax } from '../review.ts';
import { showValue } from './HistoryTimeline.tsx';
import { RecordBody } from './RecordDetailDrawer.tsx';
import { StateTag } from './StateTag.tsx';

/** Tree-quantity detail (GET /api/sync/queryYmfsDetail): the quantity and note above the record. */
export function YmfsDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useRecordsT();
  const detail = useYmfsDetail(id);
  const value = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={
        <Space>
          {t('ymfs.detailTitle')}
          {value && <StateTag state={value.data.code_state} deleted={value.data.deleted} />}
        </Space>
      }
    >
      {detail.isError ? (
        <Result status="warning" title={detail.error.message} />
      ) : !value ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            style={{ marginBottom: 20 }}
            data-testid="ymfs-summary"
          >
            <Descriptions.Item label={t('ymfs.quantity')}>{showValue(value.yimushuliang)}</Descriptions.Item>
            <Descriptions.Item label={t('ymfs.beizhu')}>{value.beizhu || '—'}</Descriptions.Item>
          </Descriptions>
          <RecordBody record={value.data} />
        </>
      )}
    </Drawer>
  );
}

type RectifyForm = { yimushuliang: number; beizhu?: string; extras?: string };

/** The rectification drawer (POST /api/data/updateYmfs): quantity and note, with what was rectified. */
export function YmfsRectifyDrawer({
  id,
  prjCode,
  onClose,
}: {
  id: string | null;
  prjCode: string | undefined;
  onClose: () => void;
}) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const detail = useYmfsDetail(id);
  const update = useUpdateYmfs();
  const [form] = Form.useForm<RectifyForm>();
  const value = detail.data;
  useEffect(() => {
    if (!value) return;
    const n = Number(value.yimushuliang);
    form.setFieldsValue({
      yimushuliang: Number.isFinite(n) ? n : (undefined as never),
      beizhu: value.beizhu ?? '',
      extras: '',
    });
  }, [value, form]);
  const submit = async () => {
    if (!id) return;
    const v = await form.validateFields();
    try {
      await update.mutateAsync({
        id,
        ...(prjCode ? { projectCode: prjCode } : {}),
        tableCode: value?.table_code || YMFS_TABLE,
        yimushuliang: v.yimushuliang,
        ...(v.beizhu?.trim() ? { beizhu: v.beizhu.trim() } : {}),
        ...(v.extras?.trim() ? { extras: v.extras.trim() } : {}),
      });
    } catch (error) {
      showFieldErrors(form, error);
      return;
    }
    message.success(t('ymfs.saved'));
    onClose();
  };
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={420}
      destroyOnHidden
      title={t('ymfs.rectifyTitle')}
      extra={
        <Button
          type="primary"
          loading={update.isPending}
          onClick={() => submit().catch(() => undefined)}
          data-testid="ymfs-save"
        >
          {t('ymfs.rectify')}
        </Button>
      }
    >
      {!value ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" name="ymfsRectify">
          <Form.Item
            name="yimushuliang"
            label={t('ymfs.quantity')}
            rules={[{ required: true, message: t('ymfs.quantityRequired') }]}
          >
            <InputNumber min={0} max={100000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="beizhu" label={t('ymfs.beizhu')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="extras" label={t('ymfs.extras')} rules={[{ max: reasonMax }]}>
            <Input.TextArea maxLength={reasonMax} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
