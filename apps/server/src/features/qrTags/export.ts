import { existsSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import type { Lang, TagState } from '@pineguard/contract';
import { loadExcel, batchWritten } from '../../platform/excel.ts';
import { lazy } from '../../platform/lazy.ts';
import QRCode from 'qrcode';

/**
 * The two export files of a tag batch, both streamed: rows come from the database a page at a
 * time and bytes leave as they are made, so memory stays flat for 10,000 labels.
 */

export type ExportTag = { code: string; seq: number; state: TagState };
export type ExportMeta = {
  projectName: string;
  flagName: string;
  sectionCode: string | null;
  /** The scan page's base, e.g. https://pine.example.cn — each QR encodes `${scanBase}/q/${code}`. */
  scanBase: string;
  lang: Lang;
};

/**
 * A CJK font for project and batch names: Debian's fonts-wqy-microhei (installed by .ci/run and
 * for Chromium) or the file PDF_CJK_FONT names. pdfkit embeds only the glyphs used.
 */
const CJK_FONTS = [
  process.env.PDF_CJK_FONT,
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/wqy-microhei/wqy-microhei.ttc',
].filter((p): p is string => Boolean(p));

export function cjkFontPath(): string | undefined {
  return CJK_FONTS.find((p) => existsSync(p));
}

// A4 in points; 3 × 8 labels of about 63 × 35 mm with a 10 mm margin.
const PAGE = { w: 595.28, h: 841.89, margin: 28 };
export const LABEL_COLS = 3;
export const LABEL_ROWS = 8;
export const LABELS_PER_PAGE = LABEL_COLS * LABEL_ROWS;
const LW = (PAGE.w - 2 * PAGE.margin) / LABEL_COLS;
const LH = (PAGE.h - 2 * PAGE.margin) / LABEL_ROWS;
const QR = 62;

/** Bytes kept waiting for the reader before generation pauses. */
const HIGH_WATER = 1 << 20;

/** pdfkit (~20 MB resident), loaded by the first label sheet. */
const loadPdfkit = lazy(async () => (await import('pdfkit')).default);

export async function labelSheet(pages: AsyncIterable<ExportTag[]>, meta: ExportMeta): Promise<Readable> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, compress: true });
  doc.info.Title = `${meta.projectName} ${meta.flagName}`;
  doc.info.Creator = 'PineGuard';
  const font = cjkFontPath();
  if (font) doc.registerFont('cjk', font, 'WenQuanYiMicroHei');
  const textFont = font ? 'cjk' : 'Helvetica';
  const zh = meta.lang !== 'en';

  // pdfkit pushes without waiting for the reader; pause until the reader asks for more.
  let wake: (() => void) | null = null;
  const readable = doc as unknown as Readable & { _read: () => void };
  readable._read = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const drained = async () => {
    while (readable.readableLength > HIGH_WATER && !readable.destroyed) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };

  const label = (tag: ExportTag, slot: number) => {
    const x = PAGE.margin + (slot % LABEL_COLS) * LW;
    const y = PAGE.margin + Math.floor(slot / LABEL_COLS) * LH;
    doc
      .save()
      .lineWidth(0.3)
      .dash(2, { space: 2 })
      .strokeColor('#999999')
      .rect(x, y, LW, LH)
      .stroke()
      .restore();
    // The QR as vector squares (crisp at any printer resolution), runs of dark modules merged.
    // One byte-mode segment: the library's own segmentation (a shortest-path search over modes)
    // cost about three quarters of a label's time and gains nothing for a URL. A fixed mask
    // (checkerboard, 0) instead of trying all eight halves what is left of the QR's cost;
    // decoders read any mask (docs/decisions/0150-qr-label-speed.md).
    const qr = labelQr(`${meta.scanBase}/q/${tag.code}`);
    const n = qr.modules.size;
    const m = QR / n;
    // About four modules of quiet zone to the cut line, as scanners want.
    const qx = x + 9;
    const qy = y + 8;
    for (let r = 0; r < n; r++) {
      let start = -1;
      for (let c = 0; c <= n; c++) {
        const dark = c < n && qr.modules.get(r, c);
        if (dark && start < 0) start = c;
        if (!dark && start >= 0) {
          doc.rect(qx + start * m, qy + r * m, (c - start) * m + 0.05, m + 0.05);
          start = -1;
        }
      }
    }
    doc.fillColor('#000000').fill();
    // Text without a width goes straight to the page (no line wrapper): what fits was measured
    // once per export (fitted), since project, section and batch are the same on every label.
    const tx = qx + QR + 6;
    doc.font(textFont).fontSize(7.5);
    fitted.project.forEach((line, k) => doc.text(line, tx, y + 8 + k * 10, { lineBreak: false }));
    doc.text(fitted.section, tx, y + 32, { lineBreak: false });
    fitted.batch.forEach((line, k) => doc.text(line, tx, y + 44 + k * 10, { lineBreak: false }));
    // ASCII in a standard font: a CJK font lays out every new number again (no cache hit).
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .text(`No. ${tag.seq}`, tx, y + 64, { lineBreak: false });
    doc.font('Courier-Bold').fontSize(10.5);
    const codeWidth = doc.widthOfString(tag.code);
    doc.text(tag.code, x + (LW - codeWidth) / 2, y + LH - 17, { lineBreak: false });
  };

  /** Lines of `text` (at most `max`) that fit `width` at the current font, the last cut with "…". */
  const fit = (text: string, width: number, max: number): string[] => {
    const lines: string[] = [];
    let rest = [...text];
    while (rest.length && lines.length < max) {
      let n = rest.length;
      while (n > 1 && doc.widthOfString(rest.slice(0, n).join('')) > width) n--;
      let line = rest.slice(0, n).join('');
      rest = rest.slice(n);
      if (rest.length && lines.length === max - 1) {
        while (line.length > 1 && doc.widthOfString(`${line}…`) > width)
          line = [...line].slice(0, -1).join('');
        line = `${line}…`;
        rest = [];
      }
      lines.push(line);
    }
    return lines;
  };
  const textWidth = PAGE.margin + LW - (PAGE.margin + 9 + QR + 6) - 4;
  doc.font(textFont).fontSize(7.5);
  const fitted = {
    project: fit(meta.projectName, textWidth, 2),
    section: fit(`${zh ? '标段' : 'Section'}: ${meta.sectionCode ?? '-'}`, textWidth, 1)[0] ?? '',
    batch: fit(`${zh ? '批次' : 'Batch'}: ${meta.flagName}`, textWidth, 2),
  };

  const run = async () => {
    let i = 0;
    for await (const rows of pages) {
      for (const tag of rows) {
        const slot = i % LABELS_PER_PAGE;
        if (slot === 0) {
          doc.addPage();
          await drained();
        }
        label(tag, slot);
        i++;
      }
    }
    if (i === 0) {
      doc.addPage();
      doc
        .font(textFont)
        .fontSize(12)
        .text(zh ? '此批次没有二维码' : 'This batch holds no tags', 40, 40);
    }
    doc.end();
  };
  run().catch((err: unknown) => readable.destroy(err as Error));
  return readable;
}

const STATE_TEXT: Record<Lang, Record<TagState, string>> = {
  'zh-CN': { unused: '未使用', felled: '已采伐', burned: '已焚烧' },
  en: { unused: 'unused', felled: 'felled', burned: 'burned' },
};

/** The codes as a spreadsheet (one row a tag), streamed by exceljs's workbook writer. */
export function tagSpreadsheet(pages: AsyncIterable<ExportTag[]>, meta: ExportMeta): Readable {
  const out = new PassThrough();
  const zh = meta.lang !== 'en';
  const write = async () => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(zh ? '二维码' : 'QR tags');
    sheet.columns = (
      zh
        ? ['序号', '二维码编号', '项目', '标段', '批次', '状态', '扫码地址']
        : ['No.', 'Code', 'Project', 'Section', 'Batch', 'State', 'Scan URL']
    ).map((header, i) => ({ header, width: [8, 20, 24, 12, 20, 10, 48][i] }));
    for await (const rows of pages) {
      for (const tag of rows) {
        sheet
          .addRow([
            tag.seq,
            tag.code,
            meta.projectName,
            meta.sectionCode ?? '',
            meta.flagName,
            STATE_TEXT[meta.lang][tag.state],
            `${meta.scanBase}/q/${tag.code}`,
          ])
          .commit();
      }
      await batchWritten(sheet);
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * The QR of one label: one byte-mode segment, error correction M, fixed mask 0 (see the label
 * loop for why). labelQr.unit.test.ts decodes it with ZXing, so a change here that breaks scanning fails.
 */
export function labelQr(url: string) {
  return QRCode.create([{ data: Buffer.from(url), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: 0,
  });
}
