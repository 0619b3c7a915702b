import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';

export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('construction.home')}
        </Button>
      }
    />
  );
}
