import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useAppTitle } from '../appTitle.ts';
import { LangToggle } from './LangToggle.tsx';
import './bare.css';

/**
 * The frame of the pages without the layout: the app title, a card, the language picker. Plain
 * elements styled with the theme's tokens rather than antd's Card and Typography: /login is the
 * first page most visitors load, and those two (with the tabs Card carries) cost ~20 KB gzip.
 */
export function BarePage({
  title,
  children,
  width = 420,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  const app = useAppTitle();
  const { token } = theme.useToken();
  return (
    <div className="pg-bare">
      <div className="pg-bare-lang">
        <LangToggle className="pg-bare-lang-button" />
      </div>
      <div className="pg-bare-brand">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <h1 className="pg-bare-app" style={{ fontSize: token.fontSizeHeading2 }}>
          {app}
        </h1>
      </div>
      <section
        className="pg-bare-card"
        aria-label={title}
        style={{
          width: `min(${width}px, 92vw)`,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
        }}
      >
        <h2
          className="pg-bare-card-head"
          style={{ fontSize: token.fontSizeLG, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          {title}
        </h2>
        <div className="pg-bare-card-body">{children}</div>
      </section>
    </div>
  );
}
