import { existsSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import type { Lang, TagState } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
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

export function labelSheet(pages: AsyncIterable<ExportTag[]>, meta: ExportMeta): Readable {
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
    const qr = QRCode.create(`${meta.scanBase}/q/${tag.code}`, { errorCorrectionLevel: 'M' });
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
    const tx = qx + QR + 6;
    const tw = x + LW - tx - 4;
    doc.font(textFont).fontSize(7.5);
    doc.text(meta.projectName, tx, y + 8, { width: tw, height: 20, lineBreak: true, ellipsis: true });
    doc.text(`${zh ? '标段' : 'Section'}: ${meta.sectionCode ?? '-'}`, tx, y + 32, {
      width: tw,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`${zh ? '批次' : 'Batch'}: ${meta.flagName}`, tx, y + 44, {
      width: tw,
      height: 20,
      ellipsis: true,
    });
    doc.text(`No. ${tag.seq}`, tx, y + 64, { width: tw, lineBreak: false });
    doc.font('Courier-Bold').fontSize(10.5);
    doc.text(tag.code, x + 6, y + LH - 17, { width: LW - 12, align: 'center', lineBreak: false });
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
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
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
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
