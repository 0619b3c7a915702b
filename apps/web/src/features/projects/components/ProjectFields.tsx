import { type AreaNode, burnWindowLimits, type ProjectItem } from '@pineguard/contract';
import { Cascader, DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ProjectBody } from '../adminApi.ts';
import { pathTo } from '../areaTree.ts';
import { useProjectsT } from '../projectMessages.ts';

/** The project form's values (antd controls' shapes). */
export type ProjectFormValues = {
  code: string;
  name: string;
  area: string[];
  year: number | null;
  ownerUnit?: string;
  description?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
  /** 焚烧时限: days from felling to burning. */
  burnWindowDays?: number | null;
};

export function toFormValues(p: ProjectItem, tree: AreaNode[]): ProjectFormValues {
  return {
    code: p.code,
    name: p.name,
    area: pathTo(tree, p.areaCode) ?? pathTo(tree, p.areaCode.slice(0, 6)) ?? [],
    year: p.year,
    ownerUnit: p.ownerUnit,
    description: p.description,
    period:
      p.startDate || p.endDate
        ? [p.startDate ? dayjs(p.startDate) : null, p.endDate ? dayjs(p.endDate) : null]
        : null,
    burnWindowDays: p.burnWindowDays,
  };
}

/** A township project keeps its township when the cascader still shows its county. */
export function toBody(v: ProjectFormValues, original?: ProjectItem): ProjectBody {
  const county = v.area.at(-1) ?? '';
  const areaCode = original && original.areaCode.startsWith(county) ? original.areaCode : county;
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    areaCode,
    year: v.year ?? null,
    ownerUnit: (v.ownerUnit ?? '').trim(),
    description: (v.description ?? '').trim(),
    startDate: v.period?.[0]?.format('YYYY-MM-DD') ?? null,
    endDate: v.period?.[1]?.format('YYYY-MM-DD') ?? null,
    burnWindowDays: v.burnWindowDays ?? original?.burnWindowDays ?? burnWindowLimits.default,
  };
}

const limits = { min: burnWindowLimits.min, max: burnWindowLimits.max, default: burnWindowLimits.default };

/** The project's fields, shared by the add/edit dialog and the settings page. */
export function ProjectFields({
  tree,
  treeLoading,
  codeLocked,
  disabled,
}: {
  tree: AreaNode[];
  treeLoading: boolean;
  codeLocked: boolean;
  disabled?: boolean;
}) {
  const t = useProjectsT();
  return (
    <>
      <Form.Item
        name="code"
        label={t('form.code')}
        extra={t('form.codeRule')}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('form.codeRule') }]}
      >
        <Input disabled={codeLocked || disabled} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[{ required: true, whitespace: true, min: 2, max: 60, message: t('form.nameRule') }]}
      >
        <Input disabled={disabled} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="area"
        label={t('form.area')}
        required
        rules={[
          {
            validator: async (_, value: string[] | undefined) => {
              if (!value || value.length < 3) throw new Error(t('form.areaRule'));
            },
          },
        ]}
      >
        <Cascader
          options={tree}
          loading={treeLoading}
          disabled={disabled}
          showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
          placeholder={t('form.areaRule')}
        />
      </Form.Item>
      <Form.Item name="year" label={t('form.year')}>
        <InputNumber min={2000} max={2100} precision={0} disabled={disabled} />
      </Form.Item>
      <Form.Item name="ownerUnit" label={t('form.ownerUnit')} rules={[{ max: 60 }]}>
        <Input disabled={disabled} />
      </Form.Item>
      <Form.Item name="period" label={t('form.period')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="burnWindowDays"
        label={t('form.burnWindow')}
        extra={t('form.burnWindowHelp', limits)}
        rules={[
          {
            type: 'integer',
            min: burnWindowLimits.min,
            max: burnWindowLimits.max,
            message: t('form.burnWindowRule', limits),
          },
        ]}
      >
        <InputNumber
          min={burnWindowLimits.min}
          max={burnWindowLimits.max}
          precision={0}
          placeholder={String(burnWindowLimits.default)}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={[{ max: 500 }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} disabled={disabled} />
      </Form.Item>
    </>
  );
}
