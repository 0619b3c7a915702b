/** Installation title override (VITE_APP_TITLE); without it the locale's title is used. */
export const configuredTitle: string | undefined = import.meta.env.VITE_APP_TITLE || undefined;

/**
 * Map tiles: none by default (no hosted tiles are reachable offline); an installation may set
 * VITE_MAP_TILE_URL (e.g. a Tianditu or self-hosted XYZ template) to draw a base map.
 */
export const mapTileUrl: string | undefined = import.meta.env.VITE_MAP_TILE_URL || undefined;

/** Spec §9. */
export const limits = {
  requestTimeoutMs: 30_000,
  exportTimeoutMs: 15_000,
  messageSeconds: 5,
  mobileBreakpoint: 992,
  sidebarWidth: 210,
  sidebarCollapsedWidth: 54,
  profileDrawerWidth: 420,
  passwordMin: 6,
  passwordMax: 11,
  invitationCodeLength: 8,
  nameMax: 12,
  exportDrawerWidth: 800,
  exportRefreshMs: 10_000,
} as const;

export const defaultThemeColor = '#409EFF';
