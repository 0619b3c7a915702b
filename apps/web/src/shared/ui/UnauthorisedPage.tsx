import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';

export default function UnauthorisedPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('unauthorised.title')}
      subTitle={t('unauthorised.body')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('construction.home')}
        </Button>
      }
    />
  );
}
