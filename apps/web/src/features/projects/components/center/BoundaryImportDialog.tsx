import { UploadOutlined } from '@ant-design/icons';
import type { BoundaryImportValue, SectionItem } from '@pineguard/contract';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../shared/http.ts';
import { importBoundary, useApplyBoundary } from '../../adminApi.ts';
import { useProjectsT } from '../../projectMessages.ts';

type Target = { kind: 'field'; field: string | null } | { kind: 'section'; id: string | null };

/**
 * Imports section boundaries from what GIS staff have: a shapefile ZIP or GeoJSON. The server
 * reads and checks the file at once (preview) and says which feature goes to which section;
 * "导入" stores them. Features go by an attribute naming the sections, or all to one section.
 */
export function BoundaryImportDialog({
  open,
  sections,
  onClose,
}: {
  open: boolean;
  sections: SectionItem[];
  onClose: () => void;
}) {
  const t = useProjectsT();
  const { message } = App.useApp();
  const apply = useApplyBoundary();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BoundaryImportValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [target, setTarget] = useState<Target>({ kind: 'field', field: null });

  const query = (to: Target) =>
    to.kind === 'field'
      ? { matchField: to.field ?? undefined }
      : to.id
        ? { sectionId: to.id }
        : { matchField: undefined };

  const read = async (f: File, to: Target) => {
    setReading(true);
    setError(null);
    try {
      const { value } = await importBoundary({ file: f, mode: 'preview', ...query(to) });
      setPreview(value);
      if (to.kind === 'field' && to.field === null) setTarget({ kind: 'field', field: value.matchField });
    } catch (e) {
      setPreview(null);
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setReading(false);
    }
  };

  const retarget = (to: Target) => {
    setTarget(to);
    if (file) void read(file, to);
  };

  const close = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setTarget({ kind: 'field', field: null });
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    try {
      const { message: said } = await apply.mutateAsync({ file, ...query(target) });
      message.success(said);
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const matched = preview?.sections.length ?? 0;
  return (
    <Modal
      open={open}
      title={t('boundary.title')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('boundary.cancel')}</Button>
          <Button
            type="primary"
            data-testid="boundary-apply"
            disabled={!preview || matched === 0}
            loading={apply.isPending}
            onClick={() => void submit()}
          >
            {t('boundary.apply', { count: matched })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('boundary.hint')}
        </Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".zip,.geojson,.json"
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              const to: Target = { kind: 'field', field: null };
              setTarget(to);
              void read(f, to);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={reading} data-testid="boundary-file">
              {t('boundary.choose')}
            </Button>
          </Upload>
          {file && <Typography.Text>{file.name}</Typography.Text>}
        </Space>
        {error && <Alert type="error" showIcon message={error} data-testid="boundary-error" />}
        {preview && (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('boundary.format')}>
                {preview.format === 'shapefile' ? 'Shapefile' : 'GeoJSON'}
              </Descriptions.Item>
              <Descriptions.Item label={t('boundary.crs')}>{preview.crs}</Descriptions.Item>
              <Descriptions.Item label={t('boundary.features')}>{preview.features.length}</Descriptions.Item>
              <Descriptions.Item label={t('boundary.matched')}>
                {preview.sections.map((s) => s.code).join('、') || '—'}
              </Descriptions.Item>
            </Descriptions>
            <Radio.Group
              value={target.kind}
              onChange={(e) =>
                retarget(
                  e.target.value === 'field'
                    ? { kind: 'field', field: preview.matchField ?? preview.fields[0] ?? null }
                    : { kind: 'section', id: null },
                )
              }
            >
              <Space direction="vertical">
                <Space>
                  <Radio value="field">{t('boundary.byField')}</Radio>
                  <Select
                    style={{ width: 200 }}
                    disabled={target.kind !== 'field'}
                    value={target.kind === 'field' ? target.field : null}
                    placeholder={t('boundary.fieldPlaceholder')}
                    options={preview.fields.map((f) => ({ value: f, label: f }))}
                    onChange={(field: string) => retarget({ kind: 'field', field })}
                    data-testid="boundary-field"
                  />
                </Space>
                <Space>
                  <Radio value="section">{t('boundary.toSection')}</Radio>
                  <Select
                    style={{ width: 260 }}
                    disabled={target.kind !== 'section'}
                    value={target.kind === 'section' ? target.id : null}
                    placeholder={t('boundary.sectionPlaceholder')}
                    options={sections.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
                    onChange={(id: string) => retarget({ kind: 'section', id })}
                  />
                </Space>
              </Space>
            </Radio.Group>
            <Table
              size="small"
              rowKey="index"
              dataSource={preview.features}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={[
                { title: '#', dataIndex: 'index', width: 50 },
                {
                  title: t('boundary.attributes'),
                  key: 'properties',
                  render: (_, f) =>
                    Object.entries(f.properties)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('；'),
                },
                { title: t('boundary.vertices'), dataIndex: 'vertices', width: 80, align: 'right' },
                {
                  title: t('boundary.section'),
                  key: 'section',
                  width: 130,
                  render: (_, f) =>
                    f.sectionCode ? (
                      <Tag color="green">{f.sectionCode}</Tag>
                    ) : (
                      <Tag>{t('boundary.unmatched')}</Tag>
                    ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
