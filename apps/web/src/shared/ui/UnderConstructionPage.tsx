import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { type MessageKey, useT } from '../../locales/index.ts';

/**
 * The honest placeholder for a screen a later issue fills in: it names the screen and says it
 * is not built yet, so nobody mistakes it for a broken page.
 */
export function UnderConstruction({ title }: { title: MessageKey }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        icon={<ToolOutlined />}
        title={t('construction.title', { title: t(title) })}
        subTitle={t('construction.body')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('construction.home')}
          </Button>
        }
      />
    </Card>
  );
}

/** One placeholder component per route title (the route table's lazy pages). */
export function underConstruction(title: MessageKey): ComponentType {
  const Page = () => <UnderConstruction title={title} />;
  Page.displayName = `UnderConstruction(${title})`;
  return Page;
}
