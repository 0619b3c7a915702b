import { type LwryItem, makeIdNumber } from '@pineguard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import WorkerFormPage from './pages/WorkerFormPage.tsx';
import WorkerListPage from './pages/WorkerListPage.tsx';
import WorkerReviewPage from './pages/WorkerReviewPage.tsx';

const worker = (n: number, extra: Partial<LwryItem> = {}): LwryItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `徐土根${n}`,
  idNumber: '330824********1234',
  phone: '13905701234',
  sex: 1,
  birthday: '1978-03-15',
  age: 48,
  sectionCode: 'KH-BD01',
  sectionName: '一标段',
  team: '伐除组',
  job: '油锯手',
  ifFace: 1,
  faceUrl: null,
  ifToubao: 1,
  bxStart: '2026-01-01',
  bxEnd: '2026-12-31',
  bxValid: 1,
  examineStatus: 0,
  examineReason: '',
  allowCard: 0,
  complete: 1,
  addTime: '2026-11-01T02:00:00Z',
  addUser: '管理员',
  ...extra,
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

/** A stubbed server: `answer(call)` gives the envelope; every call is kept. */
function serve(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const page = (ui: ReactElement, path = '/lwrymanager/list') =>
  renderWithProviders(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

afterEach(() => vi.unstubAllGlobals());

describe('worker list', () => {
  beforeEach(() => signInWith(['workers.read', 'workers.manage', 'workers.export']));

  it(
    'shows masked ID numbers, sends the keyword, says "about" for an estimated total, pages on by cursor',
    {
      timeout: 60_000,
    },
    async () => {
      const calls = serve((c) =>
        c.url.includes('lwryList')
          ? envelopeResponse({
              list: Array.from({ length: 10 }, (_, i) => worker(i)),
              total: 120000,
              totalExact: false,
              nextCursor: 'CURSOR-2',
            })
          : envelopeResponse(null),
      );
      page(<WorkerListPage />);
      expect(await screen.findByText('徐土根1')).toBeInTheDocument();
      expect(screen.getAllByText('330824********1234').length).toBe(10);
      expect(screen.getByText('约 120000 条')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.type(screen.getByPlaceholderText('姓名 / 手机号 / 身份证号'), ' 徐土根 ');
      await user.click(screen.getByRole('button', { name: '查 询' }));
      await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ keyword: '徐土根', pageNum: 1 }));
      // The pager takes no clicks while that page loads: wait until the answer is on screen.
      await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
      await user.click(screen.getByTitle('2'));
      await waitFor(() =>
        expect(calls.at(-1)!.body).toMatchObject({ keyword: '徐土根', pageNum: 2, cursor: 'CURSOR-2' }),
      );
    },
  );

  it('shows why clock-in permission is refused', async () => {
    const reason = '不能开启打卡权限：未投保；没有当前人脸照片';
    const calls = serve((c) =>
      c.url.includes('updateAllowCard')
        ? envelopeResponse(null, 40000, reason)
        : envelopeResponse({ list: [worker(1, { examineStatus: 1 })], total: 1, nextCursor: null }),
    );
    page(<WorkerListPage />);
    const toggle = await screen.findByTestId(`allow-${worker(1).id}`);
    await userEvent.setup().click(toggle);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('updateAllowCard'))!.body).toEqual({
      id: worker(1).id,
      allowCard: 1,
    });
  });

  it('keeps a refused deletion out of the error log (no uncaught rejection)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const refusal = '该人员已有打卡记录，不能删除';
      serve((c) =>
        c.url.includes('deleteOne')
          ? envelopeResponse(null, 40900, refusal)
          : envelopeResponse({ list: [worker(1)], total: 1, nextCursor: null }),
      );
      page(<WorkerListPage />);
      const row = (await screen.findByText('徐土根1')).closest('tr') as HTMLElement;
      const user = userEvent.setup({ delay: null });
      await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
      await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
      expect(await screen.findByText(refusal)).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  }, 60_000);

  it('offers no changes to a reader', async () => {
    signInWith(['workers.read']);
    serve(() => envelopeResponse({ list: [worker(1)], total: 1, nextCursor: null }));
    page(<WorkerListPage />);
    expect(await screen.findByText('徐土根1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增劳务人员' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出 Excel' })).toBeNull();
    // No switch at all for a reader (issue 29): the column reads 有/无; no edit or delete either.
    expect(screen.queryByTestId(`allow-${worker(1).id}`)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^编 ?辑$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^删 ?除$/ })).toBeNull();
  });
});

describe('worker form', () => {
  beforeEach(() => signInWith(['workers.read', 'workers.manage']));

  const idNumber = makeIdNumber('330824', '1979-05-20', 13);
  const sections = { list: [{ code: 'KH-BD01', name: '一标段' }], total: 1 };

  it('fills birth date and sex from the ID number and names the region', async () => {
    serve((c) =>
      c.url.includes('loadIdCard')
        ? envelopeResponse({
            idNumber,
            birthday: '1979-05-20',
            sex: 1,
            age: 47,
            regionCode: '330824',
            regionName: '浙江省衢州市开化县',
            existing: null,
          })
        : envelopeResponse(sections),
    );
    page(<WorkerFormPage />, '/lwrymanager/add');
    await userEvent.setup().type(screen.getByTestId('id-number'), idNumber);
    await waitFor(() => expect(screen.getByTestId('birthday')).toHaveValue('1979-05-20'));
    expect(screen.getByTestId('sex')).toHaveValue(Number(idNumber[16]) % 2 === 1 ? '男' : '女');
    expect(await screen.findByText(/浙江省衢州市开化县/)).toBeInTheDocument();
  });

  it('says what is wrong: check digit, impossible birth date, a 10-digit phone, missing fields', async () => {
    const calls = serve(() => envelopeResponse(sections));
    page(<WorkerFormPage />, '/lwrymanager/add');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入身份证号')).toBeInTheDocument();
    expect(screen.getByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请选择标段')).toBeInTheDocument();
    const wrongCheck = idNumber.slice(0, 17) + (idNumber[17] === '1' ? '2' : '1');
    await user.type(screen.getByTestId('id-number'), wrongCheck);
    expect(await screen.findByText('身份证号校验位错误')).toBeInTheDocument();
    await user.clear(screen.getByTestId('id-number'));
    await user.type(screen.getByTestId('id-number'), '33082419780230131X');
    expect(
      await screen.findByText(/出生日期/, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('手机号'), '1390570123');
    await user.tab();
    expect(await screen.findByText('手机号格式不正确（11 位，1 开头）')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('insert'))).toBe(false);
  });

  it('saves the fields the contract takes', async () => {
    const calls = serve((c) =>
      c.url.includes('insert')
        ? envelopeResponse({ id: worker(1).id }, 0, '保存成功')
        : c.url.includes('loadIdCard')
          ? envelopeResponse(null, 40000, '')
          : envelopeResponse(sections),
    );
    page(<WorkerFormPage />, '/lwrymanager/add');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('姓名'), '毛建平');
    await user.type(screen.getByTestId('id-number'), idNumber);
    await user.type(screen.getByLabelText('手机号'), '13905701234');
    await user.click(screen.getByLabelText('标段'));
    await user.click(await screen.findByTitle('一标段'));
    await user.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('insert'))).toBe(true));
    expect(calls.find((c) => c.url.includes('insert'))!.body).toMatchObject({
      name: '毛建平',
      idNumber,
      phone: '13905701234',
      sectionCode: 'KH-BD01',
      ifToubao: 0,
      faceFileIds: [],
    });
  });
});

describe('worker edit form', () => {
  beforeEach(() => signInWith(['workers.read', 'workers.manage']));

  it(
    'loads the worker, keeps what the user changes, and saves with the id',
    { timeout: 60_000 },
    async () => {
      const w = worker(1, { ifToubao: 0, bxStart: null, bxEnd: null });
      const detail = {
        ...w,
        idNumber: makeIdNumber('330824', '1978-03-15', 41),
        projectcode: 'KH2026',
        regionCode: '330824',
        regionName: '浙江省衢州市开化县',
        idNumberMasked: false,
        insurer: '',
        policyNo: '',
        idCardFront: null,
        idCardBack: null,
        idCardFrontUrl: null,
        idCardBackUrl: null,
        faces: [],
        history: [],
      };
      const calls = serve((c) =>
        c.url.includes('/detail')
          ? envelopeResponse(detail)
          : c.url.includes('update')
            ? envelopeResponse(null, 0, '保存成功')
            : c.url.includes('loadIdCard')
              ? envelopeResponse(null, 40000, '')
              : c.url.includes('clockInList')
                ? envelopeResponse({ list: [], total: 0 })
                : envelopeResponse({ list: [{ code: 'KH-BD01', name: '一标段' }], total: 1 }),
      );
      page(<WorkerFormPage />, `/lwrymanager/edit?id=${w.id}`);
      await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('徐土根1'));
      expect(screen.getByTestId('birthday')).toHaveValue('1978-03-15');
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('姓名'), '甲');
      await user.click(screen.getByTestId('insured'));
      // The box stays checked (re-renders must not reload the worker over the user's input).
      expect(await screen.findByLabelText('保险公司')).toBeInTheDocument();
      expect(screen.getByTestId('insured')).toBeChecked();
      expect(screen.getByLabelText('姓名')).toHaveValue('徐土根1甲');
      await user.click(screen.getByTestId('insured'));
      await user.click(screen.getByRole('button', { name: '保 存' }));
      await waitFor(() => expect(calls.some((c) => c.url.includes('update'))).toBe(true));
      expect(calls.find((c) => c.url.includes('update'))!.body).toMatchObject({
        id: w.id,
        name: '徐土根1甲',
        idNumber: detail.idNumber,
        ifToubao: 0,
      });
    },
  );
});

describe('review queue', () => {
  beforeEach(() => signInWith(['workers.read', 'workers.review']));

  it(
    'approves the selected workers at once and rejects only with a reason',
    { timeout: 60_000 },
    async () => {
      const calls = serve((c) =>
        c.url.includes('unexamine')
          ? envelopeResponse({ revoked: 2, skipped: [] }, 0, '已撤销 2 人的审核')
          : c.url.includes('examine')
            ? envelopeResponse({ approved: 2, rejected: 0, skipped: [] }, 0, '已通过 2 人')
            : envelopeResponse({
                list: [worker(1), worker(2), worker(3, { complete: 0 })],
                total: 3,
                nextCursor: null,
              }),
      );
      page(<WorkerReviewPage />, '/lwrymanager/shenhe');
      expect(await screen.findByText('徐土根1')).toBeInTheDocument();
      expect(calls[0]!.body).toMatchObject({ examineStatus: 0 });
      const user = userEvent.setup();
      const rows = screen.getAllByRole('row');
      const rowOf = (name: string) => rows.find((r) => within(r).queryByText(name))!;
      await user.click(within(rowOf('徐土根1')).getByRole('checkbox'));
      await user.click(within(rowOf('徐土根2')).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: '批量通过（2）' }));
      // 通过 asks first (issue 29): nothing is sent before the reviewer confirms.
      const confirm = await screen.findByRole('dialog');
      expect(within(confirm).getAllByText('确认审核通过选中的 2 人？').length).toBeGreaterThan(0);
      expect(calls.some((c) => c.url.includes('examine'))).toBe(false);
      await user.click(within(confirm).getByRole('button', { name: /^通 ?过$/ }));
      await waitFor(() => expect(calls.some((c) => c.url.includes('examine'))).toBe(true));
      expect(calls.find((c) => c.url.includes('examine'))!.body).toEqual({
        userId: [worker(1).id, worker(2).id],
        examineStatus: 1,
      });
      // The answer offers a short undo, which puts exactly those workers back.
      await user.click(await screen.findByTestId('review-undo'));
      await waitFor(() => expect(calls.some((c) => c.url.includes('unexamine'))).toBe(true));
      expect(calls.find((c) => c.url.includes('unexamine'))!.body).toEqual({
        userId: [worker(1).id, worker(2).id],
      });
      // An incomplete worker cannot be approved.
      expect(within(rowOf('徐土根3')).getByRole('button', { name: /^通 ?过$/ })).toBeDisabled();
      await user.click(within(rowOf('徐土根3')).getByRole('button', { name: /^驳 ?回$/ }));
      // The confirmation of the approval may still be fading out beside it.
      const dialog = await waitFor(() => {
        const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('驳回原因'));
        expect(found).toBeDefined();
        return found!;
      });
      await user.click(within(dialog).getByRole('button', { name: /确 定|OK/ }));
      expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('驳回原因'), '身份证照片不清晰');
      await user.click(within(dialog).getByRole('button', { name: /确 定|OK/ }));
      await waitFor(() =>
        expect(calls.filter((c) => c.url.includes('/examine')).at(-1)!.body).toEqual({
          userId: [worker(3).id],
          examineStatus: 2,
          reason: '身份证照片不清晰',
        }),
      );
    },
  );
});
