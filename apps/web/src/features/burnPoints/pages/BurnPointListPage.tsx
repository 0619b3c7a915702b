import { PlusOutlined } from '@ant-design/icons';
import {
  BURN_POINT_MAX_PHOTOS,
  type BurnPointItem,
  burnPointKinds,
  burnPointStates,
} from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { Marker } from 'react-leaflet';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useListState } from '../../../shared/listState.ts';
import { BaseMap, markerIcon, useSectionBoundaries } from '../../../shared/map/index.ts';
import { useCan } from '../../../shared/permissions.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { FileUpload, normFiles, storedFile, uploadedId } from '../../../shared/ui/FileUpload.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { useBurnPoints, useDeleteBurnPoint, useProjectCounty, useSaveBurnPoint } from '../api.ts';
import { useBurnPointsT } from '../messages.ts';

type Values = {
  name: string;
  type: (typeof burnPointKinds)[number];
  gpsLong?: number;
  gpsLat?: number;
  capacity?: number | null;
  personInCharge?: string;
  phone?: string;
  state: (typeof burnPointStates)[number];
  remarks?: string;
  photos?: UploadFile[];
};

/** A point's first photo as a thumbnail; its preview steps through all of them (zoom, rotate). */
function PhotoCell({ item }: { item: BurnPointItem }) {
  const [first, ...rest] = item.photoList;
  if (!first) return null;
  return (
    <span data-testid="fsd-thumb">
      <Image.PreviewGroup items={item.photoList.map((p) => p.url)}>
        <Image
          width={48}
          height={36}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          src={first.thumbUrl}
          alt={first.name}
        />
        {rest.length > 0 && <Typography.Text type="secondary"> +{rest.length}</Typography.Text>}
      </Image.PreviewGroup>
    </span>
  );
}

export const stateColor = { approved: 'green', suspended: 'orange' } as const;

/** /fsdmanager/list: the project's burn points; add and edit with a map picker, delete. */
export default function BurnPointListPage() {
  const t = useBurnPointsT();
  const { message } = App.useApp();
  const can = useCan();
  const manage = can('burnPoints.manage');
  const state = useListState<{ keyWords?: string }>({});
  const list = useBurnPoints(state.input);
  const county = useProjectCounty();
  const boundaries = useSectionBoundaries();
  const save = useSaveBurnPoint();
  const remove = useDeleteBurnPoint();
  const [editing, setEditing] = useState<BurnPointItem | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const gpsLong = Form.useWatch('gpsLong', form);
  const gpsLat = Form.useWatch('gpsLat', form);
  const photos = Form.useWatch('photos', form);
  // The form's photos that can be zoomed: stored ones by their signed URL, new ones by the browser's preview.
  const zoomable = (photos ?? []).filter((f) => f.url ?? f.thumbUrl);
  const [zoom, setZoom] = useState<number | null>(null);

  const open = (item: BurnPointItem | 'new') => {
    setEditing(item);
    form.resetFields();
    if (item !== 'new')
      form.setFieldsValue({ ...item, capacity: item.capacity, photos: item.photoList.map(storedFile) });
  };

  const submit = async () => {
    const v = await form.validateFields();
    const files = v.photos ?? [];
    if (files.some((f) => f.status === 'uploading')) {
      message.warning(t('form.photosUploading'));
      return;
    }
    try {
      await save.mutateAsync({
        ...(editing && editing !== 'new' ? { id: editing.id, sectionCode: editing.sectionCode } : {}),
        name: v.name,
        type: v.type,
        gpsLong: v.gpsLong!,
        gpsLat: v.gpsLat!,
        capacity: v.capacity ?? null,
        personInCharge: v.personInCharge ?? '',
        phone: v.phone ?? '',
        state: v.state,
        remarks: v.remarks ?? '',
        photos: files.map(uploadedId).filter((id): id is string => Boolean(id)),
      });
      setEditing(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const columns: TableColumnsType<BurnPointItem> = [
    {
      title: t('col.photo'),
      key: 'photo',
      width: 96,
      ellipsis: false,
      render: (_, r) => <PhotoCell item={r} />,
    },
    { title: t('col.name'), dataIndex: 'name', key: 'name', width: colWidth.name },
    {
      title: t('col.type'),
      dataIndex: 'type',
      key: 'type',
      width: colWidth.text,
      render: (v: BurnPointItem['type']) => t(`type.${v}`),
    },
    { title: t('col.township'), dataIndex: 'townshipName', key: 'townshipName', width: colWidth.text },
    {
      title: t('col.position'),
      key: 'position',
      width: colWidth.place,
      render: (_, r) => `${r.gpsLong.toFixed(5)}, ${r.gpsLat.toFixed(5)}`,
    },
    { title: t('col.capacity'), dataIndex: 'capacity', key: 'capacity', width: colWidth.count + 60 },
    { title: t('col.person'), dataIndex: 'personInCharge', key: 'personInCharge', width: colWidth.person },
    { title: t('col.phone'), dataIndex: 'phone', key: 'phone', width: colWidth.phone },
    {
      title: t('col.state'),
      dataIndex: 'state',
      key: 'state',
      width: colWidth.status,
      ellipsis: false,
      render: (v: BurnPointItem['state']) => <Tag color={stateColor[v]}>{t(`state.${v}`)}</Tag>,
    },
    ...(manage
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            width: 140,
            fixed: 'right' as const,
            render: (_: unknown, r: BurnPointItem) => (
              <Space>
                <Typography.Link onClick={() => open(r)}>{t('edit')}</Typography.Link>
                <ConfirmAction
                  title={t('delete.confirm', { name: r.name })}
                  label={t('delete')}
                  danger
                  run={() => remove.mutateAsync(r.id)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const picked = typeof gpsLong === 'number' && typeof gpsLat === 'number';
  return (
    <Card
      title={
        <Form layout="inline" onFinish={(v: { keyWords?: string }) => state.search(v)}>
          <Form.Item name="keyWords">
            <Input allowClear placeholder={t('filter.keyword')} style={{ width: 220 }} />
          </Form.Item>
          <Button htmlType="submit" type="primary">
            {t('filter.search')}
          </Button>
        </Form>
      }
      extra={
        manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="fsd-add">
            {t('add')}
          </Button>
        )
      }
    >
      <PagedTable<BurnPointItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('form.add') : t('form.edit')}
        onCancel={() => setEditing(null)}
        onOk={submit}
        confirmLoading={save.isPending}
        width={880}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ type: 'incinerator', state: 'approved' }}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('col.name')}
                rules={[{ required: true, message: t('required', { field: t('col.name') }) }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="type" label={t('col.type')}>
                <Select options={burnPointKinds.map((k) => ({ value: k, label: t(`type.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="state" label={t('col.state')}>
                <Select options={burnPointStates.map((s) => ({ value: s, label: t(`state.${s}`) }))} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('form.pick')}</Typography.Text>
          <div data-testid="fsd-map" style={{ margin: '4px 0 12px' }}>
            <BaseMap
              areaCode={county}
              sections={boundaries}
              height={300}
              onPick={(lng, lat) => form.setFieldsValue({ gpsLong: lng, gpsLat: lat })}
            >
              {picked && <Marker position={[gpsLat, gpsLong]} icon={markerIcon} />}
            </BaseMap>
          </div>
          <Row gutter={12}>
            <Col span={6}>
              <Form.Item
                name="gpsLong"
                label={t('col.lng')}
                rules={[{ required: true, message: t('form.pick') }]}
              >
                <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item
                name="gpsLat"
                label={t('col.lat')}
                rules={[{ required: true, message: t('form.pick') }]}
              >
                <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="capacity" label={t('col.capacity')}>
                <InputNumber min={0} max={100000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="personInCharge" label={t('col.person')}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="phone" label={t('col.phone')}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="remarks" label={t('form.remarks')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="photos"
            label={t('form.photos')}
            extra={t('form.photosHelp', { max: BURN_POINT_MAX_PHOTOS })}
            valuePropName="value"
            getValueFromEvent={normFiles}
          >
            <FileUpload
              kind="photo"
              pickLabel={t('form.photosPick')}
              maxCount={BURN_POINT_MAX_PHOTOS}
              testId="fsd-photos"
              onPreview={(file) =>
                setZoom(
                  Math.max(
                    0,
                    zoomable.findIndex((f) => f.uid === file.uid),
                  ),
                )
              }
            />
          </Form.Item>
          <Image.PreviewGroup
            items={zoomable.map((f) => f.url ?? f.thumbUrl ?? '')}
            preview={{
              open: zoom !== null,
              current: zoom ?? 0,
              onChange: (current) => setZoom(current),
              onOpenChange: (open) => {
                if (!open) setZoom(null);
              },
            }}
          />
        </Form>
      </Modal>
    </Card>
  );
}
