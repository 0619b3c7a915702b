import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { feedback } from '../../shared/feedback.ts';

/** Full-screen toggle; browsers without the API get the spec's warning instead. */
export function Screenfull() {
  const t = useT();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      feedback.message().warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <button type="button" className="pg-icon-button" title={label} aria-label={label} onClick={toggle}>
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}
