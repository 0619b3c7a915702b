import type { RecordDetail } from '@pineguard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CorrectionDialog } from './components/CorrectionDialog.tsx';
import { changedFields, correctionFields, editableColumns, initialValues } from './correction.ts';
import { columnList, row } from './recordFixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const ruleTexts = {
  required: (l: string) => `请填写${l}`,
  upload: (l: string) => `请上传${l}`,
  range: (l: string) => `${l}范围`,
  maxLength: (l: string) => `${l}过长`,
};

describe('correction form generation', () => {
  it('editable columns exclude fixed, pic_, vdo_ and retired ones', () => {
    const codes = editableColumns(columnList).map((c) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining(['qrcode', 'shuzhong', 'xiongjing', 'fssj', 'multi_fzcl', 'beizhu']),
    );
    for (const no of [
      'pic_stump',
      'vdo_work',
      'oldcol',
      'time_update',
      'code_state',
      'id',
      'code_usr_account',
    ]) {
      expect(codes).not.toContain(no);
    }
  });

  it('maps values into controls and sends back only what changed, in wire shape', () => {
    const fields = correctionFields(columnList, ruleTexts);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['qrcode', 'input'],
      ['shuzhong', 'select'],
      ['xiongjing', 'number'],
      ['fssj', 'date'],
      ['multi_fzcl', 'checkboxes'],
      ['beizhu', 'textarea'],
    ]);
    const record = row({ xiongjing: '23', fssj: '2026-11-19' });
    const initial = initialValues(fields, record);
    expect(initial.multi_fzcl).toEqual(['剥皮', '投药']);
    expect(initial.xiongjing).toBe(23);
    expect(dayjs.isDayjs(initial.fssj)).toBe(true);
    expect(changedFields(fields, record, initial)).toEqual({});
    expect(
      changedFields(fields, record, {
        ...initial,
        xiongjing: 25,
        multi_fzcl: ['剥皮', '十字口'],
        beizhu: ' 复查 ',
      }),
    ).toEqual({ xiongjing: 25, multi_fzcl: '剥皮,十字口', beizhu: '复查' });
    expect(changedFields(fields, record, { ...initial, fssj: dayjs('2026-11-18') })).toEqual({
      fssj: '2026-11-18',
    });
  });

  it('the dialog shows only the editable fields and posts only the changed one', async () => {
    const detail = {
      ...row(),
      media: [],
      record: [],
      columnList,
      descriptor_version: 1,
    } as RecordDetail;
    const fetchMock = vi.fn(async () => envelopeResponse(null));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CorrectionDialog record={detail} onClose={() => undefined} />);
    const form = await screen.findByTestId('correction-form');
    expect(within(form).getByLabelText('二维码编号')).toHaveValue('KH26-0000001');
    expect(within(form).queryByText('伐桩照片')).toBeNull();
    expect(within(form).queryByText('作业视频')).toBeNull();
    expect(within(form).queryByText('旧字段')).toBeNull();
    const user = userEvent.setup();
    const qr = within(form).getByLabelText('二维码编号');
    await user.clear(qr);
    await user.type(qr, 'KH26-0000009');
    await user.click(screen.getByTestId('correct-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/update');
    expect(JSON.parse(String(init.body))).toEqual({ id: detail.id, fields: { qrcode: 'KH26-0000009' } });
    // A whole generated form typed into by user-event: slow in jsdom on a busy 2-core machine.
  }, 40_000);
});
