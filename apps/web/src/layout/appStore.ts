import { create } from 'zustand';
import { cookies } from '../shared/storage.ts';

export type Device = 'desktop' | 'mobile';
export type SizeName = 'default' | 'medium' | 'small' | 'mini';
export const sizeNames: SizeName[] = ['default', 'medium', 'small', 'mini'];

function initialSize(): SizeName {
  const stored = cookies.getSize();
  return sizeNames.includes(stored as SizeName) ? (stored as SizeName) : 'medium';
}

type AppState = {
  sidebarOpened: boolean;
  /** Set when the sidebar closes because of the device, so it snaps shut without sliding. */
  withoutAnimation: boolean;
  device: Device;
  size: SizeName;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setSize: (size: SizeName) => void;
};

/** Sidebar, device and size (spec §3 "UI preference"): sidebar and size live in cookies. */
export const useAppStore = create<AppState>((set) => ({
  sidebarOpened: cookies.getSidebarOpened(),
  withoutAnimation: false,
  device: 'desktop',
  size: initialSize(),
  toggleSidebar: () =>
    set((s) => {
      cookies.setSidebarOpened(!s.sidebarOpened);
      return { sidebarOpened: !s.sidebarOpened, withoutAnimation: false };
    }),
  closeSidebar: (withoutAnimation) => {
    cookies.setSidebarOpened(false);
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    cookies.setSize(size);
    set({ size });
  },
}));

/**
 * Element UI's four sizes on antd: component size plus a base font size. The original's
 * default is its largest size; medium (antd's middle, 14 px) is what a new user sees.
 */
export const sizeTokens: Record<SizeName, { componentSize: 'large' | 'middle' | 'small'; fontSize: number }> =
  {
    default: { componentSize: 'large', fontSize: 15 },
    medium: { componentSize: 'middle', fontSize: 14 },
    small: { componentSize: 'small', fontSize: 13 },
    mini: { componentSize: 'small', fontSize: 12 },
  };
