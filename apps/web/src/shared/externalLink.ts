/** Menu paths and icons may be external links (spec §3: a menu item that opens another site). */
export function isExternal(value: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(value);
}
