import type ExcelJS from 'exceljs';
import { lazy } from './lazy.ts';

/** exceljs (~27 MB resident), loaded by the first export or import that needs it. */
export const loadExcel = lazy(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);
