import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';

/** Tests' antd theme: no motion, as a toast's leave animation waits for a transitionend jsdom never sends. */
export const testTheme = { token: { motion: false } };

/** Renders a component with the providers the shell gives every screen. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={testTheme}>
        <AntApp>{ui}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
