import { Button, ColorPicker, Drawer, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../locales/index.ts';
import { themePresets, useSettings } from './settingsStore.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ padding: '10px 0' }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Settings panel (spec §2): theme colour with presets, tabs, fixed header, sidebar logo. */
export function Settings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { theme, tagsView, fixedHeader, sidebarLogo, change, reset } = useSettings();
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={300}>
      <Row label={t('settings.theme')}>
        <ColorPicker
          value={theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: themePresets, defaultOpen: true }]}
          onChangeComplete={(color) => change('theme', color.toHexString().toUpperCase())}
          showText
        />
      </Row>
      <Row label={t('settings.tagsView')}>
        <Switch
          checked={tagsView}
          onChange={(v) => change('tagsView', v)}
          aria-label={t('settings.tagsView')}
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          checked={fixedHeader}
          onChange={(v) => change('fixedHeader', v)}
          aria-label={t('settings.fixedHeader')}
        />
      </Row>
      <Row label={t('settings.sidebarLogo')}>
        <Switch
          checked={sidebarLogo}
          onChange={(v) => change('sidebarLogo', v)}
          aria-label={t('settings.sidebarLogo')}
        />
      </Row>
      <Button block style={{ marginTop: 16 }} onClick={reset}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
