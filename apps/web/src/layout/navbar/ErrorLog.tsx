import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { useErrorLog } from '../../shared/errorLog.ts';

/** The bug icon shows only when errors were recorded; its dialog lists them with clear-all. */
export function ErrorLog() {
  const t = useT();
  const { logs, clear } = useErrorLog();
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="pg-icon-button"
        title={t('navbar.errorLog')}
        onClick={() => setOpen(true)}
      >
        <Badge dot>
          <BugOutlined style={{ fontSize: 18, color: '#f56c6c' }} />
        </Badge>
      </button>
      <Modal
        open={open}
        width="80%"
        title={t('errorLog.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <Table
          rowKey={(_, i) => String(i)}
          dataSource={logs}
          pagination={false}
          columns={[
            {
              title: t('errorLog.message'),
              dataIndex: 'err',
              render: (v: string) => <b style={{ color: '#f56c6c' }}>{v}</b>,
            },
            { title: t('errorLog.info'), dataIndex: 'vm' },
            { title: t('errorLog.url'), dataIndex: 'url' },
          ]}
          expandable={{
            expandedRowRender: (row) => <pre style={{ whiteSpace: 'pre-wrap' }}>{row.info}</pre>,
          }}
        />
      </Modal>
    </>
  );
}
