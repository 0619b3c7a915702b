import { ksssTemplateColumns } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

/** A county's census of 12 trees in sub-compartment E2E-01, rows 5 and 9 (sheet rows 6, 10) wrong. */
async function censusFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('枯死松树普查');
  sheet.addRow(ksssTemplateColumns.map((c) => c.zh));
  for (let i = 0; i < 12; i++) {
    const felled = i % 3 !== 0;
    sheet.addRow([
      'KH-BD01',
      '华埠镇',
      '金星村',
      'E2E-01',
      `E${i + 1}`,
      '马尾松',
      i === 4 ? '很粗' : 18 + i,
      8,
      118.2 + i / 1000,
      29.1,
      i === 8 ? '倒了' : felled ? '已伐' : '未伐',
      '2026-10-10',
      felled ? '2026-10-18' : null,
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

it('imports a census spreadsheet with two bad rows, shows the job finish and downloads the error report', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/kusishu`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/kusishu');
  await page.getByText('枯死松树普查（按小班）').waitFor();

  await page.getByRole('button', { name: '导入普查表' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByText('导入枯死松树普查表').waitFor();
  await dialog.locator('input[type=file]').setInputFiles({
    name: '华埠镇枯死松树普查.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await censusFile(),
  });
  // The upload answers at once; the job runner imports it and the dialog follows its progress.
  await dialog.getByText('导入完成：共 12 行，导入 10 行，2 行有误').waitFor({ timeout: 60_000 });
  await snap(page, 'ksss-01-imported');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '错误报告' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('华埠镇枯死松树普查_错误报告.xlsx');
  const report = new ExcelJS.Workbook();
  await report.xlsx.read(await download.createReadStream());
  const rows: unknown[][] = [];
  report.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows).toEqual([
    ['行号', '列', '说明'],
    [6, '胸径(cm)', '胸径(cm)应为 1 到 200 之间的数字'],
    [10, '状态', '状态应为“未伐”或“已伐”'],
  ]);
  await dialog
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();

  // The census row of the sub-compartment: 10 counted, 6 felled, 4 remaining; selecting it
  // narrows the trees to its own.
  const censusRow = page.getByRole('row', { name: /E2E-01/ }).first();
  await expect.poll(() => censusRow.innerText()).toMatch(/E2E-01[\s\S]*10[\s\S]*6[\s\S]*4/);
  await censusRow.click();
  await page.getByText('已选小班 E2E-01，明细只显示该小班').waitFor();
  await expect.poll(() => page.getByRole('row', { name: /E2E-01\s+E\d+/ }).count()).toBe(10);
  await expect
    .poll(() =>
      page
        .getByRole('row', { name: /华埠镇枯死松树普查\.xlsx/ })
        .first()
        .innerText(),
    )
    .toContain('已完成');
  await snap(page, 'ksss-02-selected');
});
