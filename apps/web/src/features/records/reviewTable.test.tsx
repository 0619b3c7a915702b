import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session.ts';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { defaultVisible, PHOTO_COLUMN, prefsKey, readChoice } from './columnPrefs.ts';
import { buildListColumns } from './columns.ts';
import { drawerKeyOf } from './components/drawerKeys.ts';
import { RecordBody } from './components/RecordDetailDrawer.tsx';
import { RecordsPanel } from './components/RecordsPanel.tsx';
import { fixedDigits, formatAlt, formatCoord, sectionNamer } from './format.ts';
import { columnList, row } from './recordFixtures.ts';

/** The review table of issue 29: sections by name, rounded places, the remembered column choice. */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const texts = {
  xmdq: '项目地区',
  section: '标段',
  collector: '采集人',
  gpsLong: '经度',
  gpsLat: '纬度',
  timeSubmit: '采集时间',
  state: '状态',
};

describe('places and sections as a reviewer reads them', () => {
  it('coordinates to 6 decimals, altitude to 1, non-numbers as they came', () => {
    expect(formatCoord('118.41234567891')).toBe('118.412346');
    expect(formatCoord(29.13)).toBe('29.130000');
    expect(formatCoord('-0.0000004')).toBe('-0.000000');
    expect(formatAlt('312.46')).toBe('312.5');
    expect(formatAlt(0)).toBe('0.0');
    expect(formatCoord('')).toBe('');
    expect(formatCoord(null)).toBe('');
    expect(fixedDigits('n/a', 2)).toBe('n/a');
  });

  it('a section code is shown by its name; an unknown code, or none loaded, as the code', () => {
    const name = sectionNamer([
      { code: 'KH-BD01', name: '第一标段' },
      { code: 'KH-BD02', name: ' 第二标段 ' },
    ]);
    expect(name('KH-BD01')).toBe('第一标段');
    expect(name('KH-BD02')).toBe('第二标段');
    expect(name('KH-BD09')).toBe('KH-BD09');
    expect(name('')).toBe('');
    expect(sectionNamer(undefined)('KH-BD01')).toBe('KH-BD01');
    expect(sectionNamer([{ code: 'X', name: '' }])('X')).toBe('X');
  });

  it('the detail names the section and rounds its place; the numbers never break mid-digit', async () => {
    signInWith(['records.read']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelopeResponse({ tbName: '', columnList: [], sections: [{ code: 'BD01', name: '第一标段' }] }),
      ),
    );
    const record = {
      ...row({ gps_long: '118.412345678', gps_lat: '29.1312', gps_alt: '312.46' }),
      media: [],
      record: [],
      columnList,
      descriptor_version: 1,
    };
    renderWithProviders(<RecordBody record={record} />);
    await waitFor(() => expect(screen.getByTestId('detail-section')).toHaveTextContent('第一标段'));
    const place = screen.getByTestId('record-location');
    for (const n of ['118.412346', '29.131200', '312.5']) {
      const cell = within(place).getByText(n);
      expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
    }
  });
});

describe('the column chooser', () => {
  const columns = buildListColumns(columnList, texts);

  it('a felling table starts with the reviewer’s facts: section, collector, tag, species, diameter, photo, time, state', () => {
    const codes = defaultVisible('gbcfcz0101', columns);
    expect(codes).toEqual(
      expect.arrayContaining(['code_project4', 'userName', 'qrcode', 'shuzhong', 'xiongjing', PHOTO_COLUMN]),
    );
    expect(codes).toEqual(expect.arrayContaining(['time_submit', 'code_state']));
    // Area, point, long text and the retired column wait in the chooser.
    for (const off of ['xmdq', 'gps_long', 'gps_lat', 'beizhu', 'oldcol']) expect(codes).not.toContain(off);
    // A table without a reviewer's set: its first short columns.
    expect(defaultVisible('custom01', columns)).toEqual(
      expect.arrayContaining(['qrcode', 'shuzhong', 'xiongjing', 'fssj']),
    );
  });

  function stub() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/sync/queryDataList')
          return envelopeResponse({ columnList, result: { list: [row()], total: 1, totalExact: true } });
        if (url === '/api/data/uploadColumns')
          return envelopeResponse({
            tbName: 'gbcfcz0101',
            columnList,
            sections: [{ code: 'BD01', name: '第一标段' }],
          });
        return envelopeResponse(null);
      }),
    );
  }
  const header = () =>
    [...screen.getByTestId('record-table').querySelectorAll('thead th')].map((th) => th.textContent ?? '');

  it('is remembered per account, project and table, and survives a new visit', async () => {
    signInWith(['records.read', 'records.review']);
    stub();
    const user = userEvent.setup();
    const first = renderWithProviders(
      <RecordsPanel prjCode="KH2026" tableCode="gbcfcz0101" tableName="疫木采伐除治" />,
    );
    // The section by name in the row; the default set hides the point.
    await waitFor(() => expect(screen.getByTestId('record-table')).toHaveTextContent('第一标段'));
    expect(screen.getByTestId('record-table')).not.toHaveTextContent('BD01');
    expect(header()).not.toContain('经度');
    await user.click(screen.getByTestId('column-chooser-button'));
    const chooser = await screen.findByTestId('column-chooser');
    await user.click(within(chooser).getByRole('checkbox', { name: '经度' }));
    await user.click(within(chooser).getByRole('checkbox', { name: '二维码编号' }));
    await waitFor(() => expect(header()).toContain('经度'));
    expect(header()).not.toContain('二维码编号');
    const key = prefsKey('x', 'KH2026', 'gbcfcz0101');
    expect(readChoice(key)).toContain('gps_long');
    expect(readChoice(key)).not.toContain('qrcode');
    first.unmount();

    // Another visit: the same choice. Another table or another user: their own.
    renderWithProviders(<RecordsPanel prjCode="KH2026" tableCode="gbcfcz0101" tableName="疫木采伐除治" />);
    await waitFor(() => expect(header()).toContain('经度'));
    expect(header()).not.toContain('二维码编号');
    expect(localStorage.getItem(prefsKey('x', 'KH2026', 'gbymfs0101'))).toBeNull();
    expect(readChoice(prefsKey('y', 'KH2026', 'gbcfcz0101'))).toBeNull();

    // Default columns: the stored choice goes.
    await user.click(screen.getByTestId('column-chooser-button'));
    await user.click(
      within(await screen.findByTestId('column-chooser')).getByRole('button', { name: '恢复默认' }),
    );
    await waitFor(() => expect(header()).toContain('二维码编号'));
    expect(localStorage.getItem(key)).toBeNull();
  }, 60_000);

  it('a stored choice naming columns the table no longer has falls back to the default', () => {
    localStorage.setItem(prefsKey('x', 'KH2026', 'gbcfcz0101'), '["gone"]');
    expect(readChoice(prefsKey('x', 'KH2026', 'gbcfcz0101'))).toEqual(['gone']);
    localStorage.setItem(prefsKey('x', 'KH2026', 'gbcfcz0101'), '{not json');
    expect(readChoice(prefsKey('x', 'KH2026', 'gbcfcz0101'))).toBeNull();
  });
});

describe('drawer keys', () => {
  const press = (key: string, target: Element = document.body, mods = {}) =>
    drawerKeyOf({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...mods });

  beforeEach(() => useSession.setState({ info: null }));

  it('J/→ next, K/← previous, A approve, R reject; not while typing or with a modifier', () => {
    expect([press('j'), press('ArrowRight'), press('k'), press('ArrowLeft'), press('A'), press('r')]).toEqual(
      ['next', 'next', 'prev', 'prev', 'approve', 'reject'],
    );
    const input = document.createElement('textarea');
    document.body.append(input);
    expect(press('j', input)).toBeNull();
    expect(press('j', document.body, { ctrlKey: true })).toBeNull();
    expect(press('x')).toBeNull();
    input.remove();
  });
});
