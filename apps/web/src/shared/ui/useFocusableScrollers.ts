import { type RefObject, useEffect } from 'react';

/** Table bodies that scroll sideways (antd's `.ant-table-content` / `.ant-table-body`). */
const scrollers = '.ant-table-content, .ant-table-body, .ant-list';

/**
 * Makes every table region that scrolls sideways inside `root` reachable by keyboard (tab to it,
 * then the arrow keys scroll): WCAG 2.1.1, axe's scrollable-region-focusable (issue 29). antd
 * renders the scrolling box itself, so it is found after each render of the page.
 */
export function useFocusableScrollers(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const mark = () => {
      for (const box of el.querySelectorAll<HTMLElement>(scrollers)) {
        if (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) {
          if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
        }
      }
      // antd's hidden measuring row repeats the header's controls (select all): out of the tab order.
      for (const control of el.querySelectorAll<HTMLElement>(
        '.ant-table-measure-row input, .ant-table-measure-row button',
      )) {
        control.tabIndex = -1;
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
