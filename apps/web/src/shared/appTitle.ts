import { type Translate, useT } from '../locales/index.ts';
import { configuredTitle } from './config.ts';

export function appTitle(t: Translate): string {
  return configuredTitle ?? t('app.title');
}

export function useAppTitle(): string {
  return appTitle(useT());
}

/** `<route title> - <app title>`, or the app title alone (admin-shell.md, guard step 1). */
export function pageTitle(routeTitle: string | undefined, app: string): string {
  return routeTitle ? `${routeTitle} - ${app}` : app;
}
