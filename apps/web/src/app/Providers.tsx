import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build of the locales: antd/locale/* are CommonJS shims that pull antd/lib into the bundle.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useState } from 'react';
import { sizeTokens, useAppStore } from '../layout/appStore.ts';
import { useSettings } from '../layout/settingsStore.ts';
import { useLangStore } from '../locales/index.ts';
import { bindFeedback } from '../shared/feedback.ts';
import { sidebarSelectedColor } from '../shared/themeColors.ts';

/** Gives code outside components (http client, guard) antd's themed message and modal. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The http client already told the user about a failure; retrying would repeat it.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  const lang = useLangStore((s) => s.lang);
  const theme = useSettings((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const { componentSize, fontSize } = sizeTokens[size];

  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = lang;
  }, [lang]);

  useEffect(() => {
    // Non-antd bits (progress bar, sidebar accents) follow the theme through a CSS variable.
    document.documentElement.style.setProperty('--pg-theme', theme);
    document.documentElement.style.setProperty('--pg-sidebar-selected', sidebarSelectedColor(theme));
  }, [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'en' ? enUS : zhCN}
        componentSize={componentSize}
        // colorInfo too: antd's info blue (#1677ff: info alerts, toasts, processing tags) would sit
        // beside the theme colour otherwise. The dark sidebar's selected item stands out on it.
        theme={{
          token: { colorPrimary: theme, colorLink: theme, colorInfo: theme, fontSize },
          components: { Menu: { darkItemSelectedBg: sidebarSelectedColor(theme) } },
        }}
      >
        <AntApp>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
