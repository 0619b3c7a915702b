import type { QrChainRecord, QrScanAnswer, QrScanValue } from '@pineguard/contract';
import { Alert, Button, Descriptions, Image, Result, Space, Spin, Tag } from 'antd';
import { useParams } from 'react-router';
import { useSession } from '../../../shared/session.ts';
import { BarePage } from '../../../shared/ui/BarePage.tsx';
import { TagAnomalies } from '../../anomalies/index.ts';
import { useSectionNames } from '../../records/index.ts';
import { useScan } from '../api.ts';
import { useQrT } from '../messages.ts';
import { TagStateTag } from './QrListPage.tsx';

/**
 * /q/<code>: what a phone shows after scanning a tag. Anyone: valid or not and the state; signed
 * in to the tag's project: the felling record with photos and the burn records (burn point, dates).
 */
export default function ScanPage() {
  const t = useQrT();
  const { code = '' } = useParams();
  const scan = useScan(code);
  const signedIn = Boolean(useSession((s) => s.token));
  const v = scan.data;
  return (
    <BarePage title={t('scan.title')} width={560}>
      {scan.isPending && <Spin tip={t('scan.loading')} />}
      {scan.isError && <Alert type="error" showIcon message={String(scan.error.message)} />}
      {v && !v.valid && (
        <Result
          status="warning"
          title={t('scan.invalid')}
          subTitle={t('scan.invalidHint', { code: v.code || code })}
        />
      )}
      {v?.valid && <ValidTag v={v} signedIn={signedIn} />}
    </BarePage>
  );
}

/** The scan answer carries the tag's anomalies once the server sends them (issue 26). */
const anomaliesOf = (v: QrScanValue) => (v as Partial<QrScanAnswer>).anomalies;

function ValidTag({ v, signedIn }: { v: QrScanValue; signedIn: boolean }) {
  const t = useQrT();
  // Sections by name (issue 29). A detailed answer means the session is in the tag's project with
  // records.read: that project's sections name the codes (a super administrator sees codes).
  const project = useSession((s) => s.project?.code);
  const sectionName = useSectionNames(v.detailed ? project : undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <div data-testid="scan-valid">
        <Tag color="green" style={{ fontSize: 14, padding: '2px 8px' }}>
          {t('scan.valid')}
        </Tag>
        <div
          style={{
            fontFamily: 'monospace',
            fontSize: 20,
            fontWeight: 600,
            margin: '8px 0',
            wordBreak: 'break-all',
          }}
        >
          {v.code}
        </div>
        <span>
          {t('scan.state')}: {v.state && <TagStateTag state={v.state} />}
        </span>
      </div>
      {!v.detailed && (
        <Alert
          type="info"
          showIcon
          message={t('scan.signIn')}
          action={
            !signedIn && (
              <Button size="small" href={`/login?redirect=${encodeURIComponent(`/q/${v.code}`)}`}>
                {t('scan.signInButton')}
              </Button>
            )
          }
        />
      )}
      {v.detailed && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'p', label: t('scan.project'), children: v.projectName },
              { key: 'f', label: t('scan.flag'), children: v.flagName },
              {
                key: 's',
                label: t('scan.section'),
                children: v.sectionCode ? sectionName(v.sectionCode) : '—',
              },
            ]}
          />
          <TagAnomalies anomalies={anomaliesOf(v)} />
          <section aria-label={t('scan.felling')}>
            <h3 style={{ fontSize: 16 }}>{t('scan.felling')}</h3>
            {v.felling.length ? (
              v.felling.map((r) => <ChainRecord key={r.id} r={r} sectionName={sectionName} />)
            ) : (
              <p>{t('scan.noFelling')}</p>
            )}
          </section>
          <section aria-label={t('scan.burning')}>
            <h3 style={{ fontSize: 16 }}>{t('scan.burning')}</h3>
            {v.burning.length ? (
              v.burning.map((r) => <ChainRecord key={r.id} r={r} sectionName={sectionName} />)
            ) : (
              <p>{t('scan.noBurning')}</p>
            )}
          </section>
        </>
      )}
    </Space>
  );
}

function ChainRecord({ r, sectionName }: { r: QrChainRecord; sectionName: (code: string) => string }) {
  const t = useQrT();
  const state = ['10', '20', '30', '40'].includes(r.state) ? t(`rstate.${r.state}` as 'rstate.10') : r.state;
  return (
    <div style={{ marginBottom: 16 }} data-testid={`chain-${r.tableCode}`}>
      <Descriptions
        size="small"
        column={1}
        bordered
        title={r.tableName}
        items={[
          { key: 'time', label: t('scan.time'), children: r.timeSubmit ?? '—' },
          { key: 'section', label: t('scan.section'), children: sectionName(r.sectionCode) },
          ...(r.burnPoint ? [{ key: 'bp', label: t('scan.burnPoint'), children: r.burnPoint }] : []),
          { key: 'who', label: t('scan.collector'), children: r.collector },
          { key: 'state', label: t('scan.recordState'), children: state },
          ...r.fields.map((f, i) => ({ key: `f${i}`, label: f.label, children: f.value })),
        ]}
      />
      {r.photos.length > 0 && (
        <div style={{ marginTop: 8 }}>
          <div style={{ marginBottom: 4 }}>{t('scan.photos')}</div>
          <Image.PreviewGroup>
            <Space wrap>
              {r.photos.map((p, i) => (
                <Image
                  key={i}
                  width={96}
                  height={72}
                  style={{ objectFit: 'cover' }}
                  src={p.thumbUrl ?? p.url}
                  preview={{ src: p.url }}
                  alt={p.name}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </div>
      )}
    </div>
  );
}
