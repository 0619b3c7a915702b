import type { ColumnDescriptor } from '@pineguard/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ColumnDialog } from './ColumnDialog.tsx';
import { FormPreview } from './FormPreview.tsx';

const col = (over: Partial<ColumnDescriptor>): ColumnDescriptor => ({
  code: 'x1',
  value: '字段',
  fldDescript: '',
  fldInput: 'text',
  sort: 0,
  rules: {},
  retired: false,
  ...over,
});

describe('FormPreview', () => {
  it('renders active columns by type and checks their rules', async () => {
    renderWithProviders(
      <FormPreview
        columns={[
          col({
            code: 'hours',
            value: '焚烧时长',
            fldInput: 'number',
            sort: 1,
            rules: { required: true, unit: '小时' },
          }),
          col({
            code: 'unit',
            value: '计量单位',
            fldInput: 'select',
            sort: 2,
            rules: { options: [{ value: 'm3', label: '立方米' }] },
          }),
          col({ code: 'pic_site', value: '现场照片', fldInput: 'photo', sort: 3 }),
          col({ code: 'old', value: '旧字段', retired: true }),
        ]}
      />,
    );
    expect(screen.getByText('焚烧时长')).toBeInTheDocument();
    expect(screen.getByText('小时')).toBeInTheDocument();
    expect(screen.getByText('计量单位')).toBeInTheDocument();
    expect(screen.getByText('现场照片')).toBeInTheDocument();
    expect(screen.queryByText('旧字段')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('请填写焚烧时长')).toBeInTheDocument();
  });

  it('says so when a table has no active field', () => {
    renderWithProviders(<FormPreview columns={[col({ retired: true })]} />);
    expect(screen.getByText('该表还没有启用的字段')).toBeInTheDocument();
  });
});

describe('ColumnDialog', () => {
  it('refuses a code whose prefix does not match its type, without calling the server', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <ColumnDialog
        open
        title="新增字段"
        initial={col({ code: 'site', value: '现场照片', fldInput: 'photo' })}
        nextSort={10}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('照片字段的编码须以 pic_ 开头')).toBeInTheDocument();
    await waitFor(() => expect(onSubmit).not.toHaveBeenCalled());
  });

  it('keeps an empty code field quiet when the type changes, and re-checks a typed code (issue 12 item 17)', async () => {
    renderWithProviders(
      <ColumnDialog
        open
        title="新增字段"
        initial={null}
        nextSort={10}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const typeSelect = dialog.querySelector('.ant-select')!;
    const pick = async (label: string) => {
      fireEvent.mouseDown(typeSelect.querySelector('.ant-select-selector') ?? typeSelect);
      const options = await screen.findAllByTitle(label);
      fireEvent.click(options.at(-1)!);
    };
    await pick('照片');
    // Let any validation the change started settle (microtasks only), then nothing may show
    // under the untouched code.
    for (let i = 0; i < 5; i++) await act(async () => undefined);
    expect(dialog.querySelector('.ant-form-item-explain-error')).toBeNull();
    fireEvent.change(screen.getByLabelText('字段编码'), { target: { value: 'site' } });
    await pick('视频');
    expect(await screen.findByText('视频字段的编码须以 vdo_ 开头')).toBeInTheDocument();
  });
});
