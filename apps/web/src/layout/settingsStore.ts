import { create } from 'zustand';
import { defaultThemeColor } from '../shared/config.ts';

/** Spec §3 "Settings": theme, tagsView, fixedHeader, sidebarLogo, showSettings. */
export type Settings = {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
};

/** admin-shell.md: settings shown, tabs on, fixed header off, logo off; theme #409EFF. */
export const defaultSettings: Settings = {
  theme: defaultThemeColor,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  showSettings: true,
};

/** Element's theme picker presets, so the colours users chose before are still offered. */
export const themePresets = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
];

const storageKey = 'settings';

function load(): Settings {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<Settings>;
    return { ...defaultSettings, ...stored };
  } catch {
    return defaultSettings;
  }
}

type SettingsState = Settings & {
  change: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  reset: () => void;
};

export const useSettings = create<SettingsState>((set, get) => ({
  ...load(),
  change: (key, value) => {
    set({ [key]: value } as Partial<Settings>);
    const { change: _c, reset: _r, ...settings } = get();
    localStorage.setItem(storageKey, JSON.stringify(settings));
  },
  reset: () => {
    localStorage.removeItem(storageKey);
    set(defaultSettings);
  },
}));
