import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../locales/index.ts';
import type { ListState } from '../listState.ts';

export type SearchFormProps<F extends object> = {
  /** The page's list state (`useListState`): 查询 applies the fields, 重置 clears them. */
  list: ListState<F>;
  /** The filter fields: `Form.Item`s named after the filters. */
  children: ReactNode;
  /** Beside the buttons (e.g. the page's 新增). */
  extra?: ReactNode;
  /** Filters set outside the fields (e.g. a live/archived switch): 查询 and 重置 keep them. */
  fixed?: Partial<F>;
};

/**
 * The search row of a list page: inline filter fields, 查询 and 重置. Values are trimmed and
 * blank ones dropped (`cleanFilters`); a search or reset starts the list at page 1.
 */
export function SearchForm<F extends object>({ list, children, extra, fixed }: SearchFormProps<F>) {
  const t = useT();
  const [form] = Form.useForm<F>();
  return (
    <Form<F>
      form={form}
      layout="inline"
      initialValues={list.filters}
      onFinish={(values) => list.search({ ...fixed, ...values })}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              list.search({ ...fixed } as F);
            }}
          >
            {t('common.reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
