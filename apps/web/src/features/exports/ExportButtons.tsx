import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ExportFormat, ExportQuery, RecordFilter } from '@pineguard/contract';
import { App, Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useStartExport } from './api.ts';
import { ExportRecordsDrawer } from './ExportRecordsDrawer.tsx';
import { useExportsT } from './messages.ts';

/**
 * The data list's export buttons: the current filter goes to a background export; the drawer of
 * export records opens so the user sees it turn to finished.
 */
export function ExportButtons({ filter }: { filter: RecordFilter & { prjCode: string } }) {
  const t = useExportsT();
  const { message } = App.useApp();
  const start = useStartExport();
  const [drawer, setDrawer] = useState(false);

  const run = async (format: ExportFormat, media?: ExportQuery['media']) => {
    await start.mutateAsync({ format, filter, ...(media ? { media } : {}) });
    void message.success(t('started'));
    setDrawer(true);
  };

  return (
    <>
      <Space.Compact>
        <Button
          icon={<DownloadOutlined />}
          loading={start.isPending}
          onClick={() => void run('excel')}
          data-testid="export-excel"
        >
          {t('export.excel')}
        </Button>
        <Button
          onClick={() => void run('shapefile')}
          disabled={start.isPending}
          data-testid="export-shapefile"
        >
          {t('export.shapefile')}
        </Button>
        <Dropdown
          menu={{
            items: [
              { key: 'geojson', label: t('export.geojson') },
              {
                key: 'media',
                label: t('export.media'),
                // The "exclude media" choice: both kinds, or one kind left out (`media=` query).
                children: [
                  { key: 'media:all', label: t('export.mediaAll') },
                  { key: 'media:photo', label: t('export.mediaPhoto') },
                  { key: 'media:video', label: t('export.mediaVideo') },
                ],
              },
              { type: 'divider' },
              { key: 'records', label: t('openRecords') },
            ],
            onClick: ({ key }) => {
              if (key === 'records') setDrawer(true);
              else if (key.startsWith('media:')) void run('media', key.slice(6) as ExportQuery['media']);
              else void run(key as ExportFormat);
            },
          }}
        >
          <Button icon={<DownOutlined />} aria-label={t('export.more')} data-testid="export-more" />
        </Dropdown>
      </Space.Compact>
      <ExportRecordsDrawer open={drawer} onClose={() => setDrawer(false)} />
    </>
  );
}
