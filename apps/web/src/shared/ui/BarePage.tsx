import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAppTitle } from '../appTitle.ts';
import { LangSwitch } from './LangSwitch.tsx';
import './bare.css';

/** The frame of the pages without the layout: the app title, a card, the language picker. */
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
  return (
    <div className="pg-bare">
      <div className="pg-bare-lang">
        <LangSwitch className="pg-bare-lang-button" />
      </div>
      <div className="pg-bare-brand">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <Typography.Title level={2} className="pg-bare-app">
          {app}
        </Typography.Title>
      </div>
      <Card className="pg-bare-card" style={{ width: `min(${width}px, 92vw)` }} title={title}>
        {children}
      </Card>
    </div>
  );
}
