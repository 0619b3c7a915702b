import type { Dayjs } from 'dayjs';

/** A picked day as the safety API takes it: yyyy-MM-dd. */
export const day = (d: Dayjs) => d.format('YYYY-MM-DD');
