import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { createElement } from 'react';
import { afterEach } from 'vitest';
import { bindFeedback } from '../shared/feedback.ts';
import { testTheme } from './render.tsx';

// findBy*/waitFor poll until the UI settles; antd forms validate asynchronously, and on a loaded
// CI machine (server tests running beside these) that took longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers read matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd observes element sizes.
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// Static toasts in the tests' theme too (no motion): files share one worker's modules (isolate:
// false), and a toast another file destroyed was still leaving in the document of the next.
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: testTheme }, children),
});

afterEach(async () => {
  cleanup();
  // Static toasts and confirms (feedback.ts falls back to them outside <App>) live in React roots of
  // their own that cleanup() does not know; their timers would wake React after the file ends.
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  // A test may bind stand-ins for the toasts (http.test, navbarTools.test); modules outlive the file
  // (isolate: false), so the next file's refusals went to a stand-in and its success toast threw.
  bindFeedback(message, Modal);
  localStorage.clear();
  // React's scheduler runs queued work from setImmediate; left queued at a file's end, it ran after
  // jsdom was torn down ("window is not defined", an unhandled error that failed a CI run). Two turns
  // of the queue let it drain while the window still exists.
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
});
