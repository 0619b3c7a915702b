/** Rough glyph widths at the 14 px base font: CJK and full-width signs, spaces and punctuation, capitals, the rest. */
const wide = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const upper = /[A-Z]/;
const narrow = /[\s/.,:;()|'-]/;

/**
 * A filter field's width (px) that shows its whole placeholder in either language: at least
 * `min` (the layout's width for the Chinese text), more when the English text needs it.
 * `extra` covers the padding and the clear/arrow icon.
 */
export function fitWidth(text: string | readonly string[], min: number, extra = 44): number {
  const texts = typeof text === 'string' ? [text] : text;
  const widest = Math.max(
    ...texts.map((t) =>
      [...t].reduce(
        (sum, ch) => sum + (wide.test(ch) ? 14 : narrow.test(ch) ? 5 : upper.test(ch) ? 10 : 8.5),
        0,
      ),
    ),
  );
  return Math.max(min, Math.ceil(widest + extra));
}
