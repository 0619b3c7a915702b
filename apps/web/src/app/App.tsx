import { Card, ConfigProvider, Result, Spin, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';

type Health = { status: string; database: string };

/** The platform's placeholder page until the admin shell lands: proves the server serves the app. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/health')
      .then((r) => r.json())
      .then((body: { code: number; message: string; value: Health }) =>
        body.code === 0 ? setHealth(body.value) : setError(body.message),
      )
      .catch((e: Error) => setError(e.message));
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#409EFF' } }}>
      <div style={{ maxWidth: 640, margin: '80px auto' }}>
        <Card>
          <Typography.Title level={3}>松材线虫病防治监管平台</Typography.Title>
          {!health && !error && <Spin />}
          {health && (
            <Result
              status="success"
              title="服务运行正常"
              subTitle={`数据库：${health.database === 'pglite' ? '内嵌 PGlite' : 'PostgreSQL'}`}
            />
          )}
          {error && <Result status="error" title="服务不可用" subTitle={error} />}
        </Card>
      </div>
    </ConfigProvider>
  );
}
