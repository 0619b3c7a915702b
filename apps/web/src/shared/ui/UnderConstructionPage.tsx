import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import { isMessageKey, useT } from '../../locales/index.ts';

/**
 * The honest placeholder for a screen a later issue fills in: it names the screen (from the
 * route's title) and says it is not built yet, so nobody mistakes it for a broken page.
 */
export default function UnderConstructionPage() {
  const t = useT();
  const navigate = useNavigate();
  const matches = useMatches();
  const titleKey = matches
    .map((m) => (m.handle as { meta?: { title?: string } } | undefined)?.meta?.title)
    .findLast((key): key is string => Boolean(key));
  const title = titleKey && isMessageKey(titleKey) ? t(titleKey) : '';
  const { pathname } = matches.at(-1) ?? { pathname: '' };
  return (
    <Card>
      <Result
        icon={<ToolOutlined />}
        title={t('construction.title', { title })}
        subTitle={
          <>
            {t('construction.body')}
            <br />
            <Typography.Text type="secondary" code>
              {pathname}
            </Typography.Text>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('construction.home')}
          </Button>
        }
      />
    </Card>
  );
}
