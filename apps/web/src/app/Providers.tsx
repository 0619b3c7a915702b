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
import { readableOnWhite, sidebarSelectedColor } from '../shared/themeColors.ts';
import { useReducedMotion } from '../shared/useReducedMotion.ts';

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
  // Fills with white text, links and the active tab use the theme colour darkened as far as WCAG
  // AA asks (issue 29); the sidebar's selection is worked out from the chosen colour as before.
  const chosen = useSettings((s) => s.theme);
  const theme = readableOnWhite(chosen);
  const size = useAppStore((s) => s.size);
  const { componentSize, fontSize } = sizeTokens[size];
  // Menus, dropdowns and dialogs open without sliding for users who ask the system for less motion.
  const motion = !useReducedMotion();

  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = lang;
  }, [lang]);

  useEffect(() => {
    // Non-antd bits (progress bar, sidebar accents) follow the theme through a CSS variable.
    document.documentElement.style.setProperty('--pg-theme', theme);
    document.documentElement.style.setProperty('--pg-sidebar-selected', sidebarSelectedColor(theme));
  }, [theme]);

  // Secondary text, placeholders and descriptions at antd's defaults (45 % and 25 % black) fall
  // below 4.5:1 on white; these keep the hierarchy and pass WCAG AA (axe in e2e/a11y.e2e.ts).
  const readableText = {
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Danger links (删除, 驳回) in antd's #ff4d4f read at 3.3:1; red-7 reads at 5.9:1.
    colorError: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
  };

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'en' ? enUS : zhCN}
        componentSize={componentSize}
        // colorInfo too: antd's info blue (#1677ff: info alerts, toasts, processing tags) would sit
        // beside the theme colour otherwise. The dark sidebar's selected item stands out on it.
        theme={{
          token: {
            colorPrimary: theme,
            colorLink: theme,
            colorInfo: theme,
            fontSize,
            motion,
            ...readableText,
          },
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
