import type { SafetyPrintValue } from '@pineguard/contract';
import { createPortal } from 'react-dom';
import { formatDateTime } from '../../../shared/format.ts';
import { useSafetyT } from '../messages.ts';
import './print.css';

/**
 * The ledger as printed (A4): a block outside the app's layout, shown only by the print style
 * sheet, while the layout around it is hidden on paper.
 */
export function SafetyPrint({ data }: { data: SafetyPrintValue }) {
  const t = useSafetyT();
  return createPortal(
    <div className="safety-print" data-testid="safety-print">
      <h1>{t('print.title', { project: data.projectName })}</h1>
      <div className="meta">
        <span>{t('print.period', { from: data.dateBegin, to: data.dateEnd })}</span>
        <span>{t('print.printedAt', { at: formatDateTime(data.printedAt) })}</span>
      </div>
      <h2>{t('print.records', { count: data.records.length })}</h2>
      {data.truncated && <p>{t('print.truncated', { count: data.records.length })}</p>}
      <table>
        <colgroup>
          <col style={{ width: '11%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '22%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '10%' }} />
          <col style={{ width: '30%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>{t('col.heldOn')}</th>
            <th>{t('col.kind')}</th>
            <th>{t('col.topic')}</th>
            <th>{t('col.section')}</th>
            <th>{t('col.host')}</th>
            <th>{t('col.content')}</th>
          </tr>
        </thead>
        <tbody>
          {data.records.length === 0 && (
            <tr>
              <td colSpan={6}>{t('print.none')}</td>
            </tr>
          )}
          {data.records.flatMap((r) => [
            <tr key={r.id}>
              <td>{r.heldOn}</td>
              <td>{t(`kind.${r.kind}`)}</td>
              <td>
                {r.topic}
                {r.place ? `（${r.place}）` : ''}
              </td>
              <td>{r.sectionName ?? t('wholeProject')}</td>
              <td>{r.host}</td>
              <td>{r.content}</td>
            </tr>,
            <tr key={`${r.id}-a`}>
              <td colSpan={6}>
                {t('print.attendees', { count: r.attendees.length })}：
                {r.attendees.map((a) => a.name).join('、')}
              </td>
            </tr>,
          ])}
        </tbody>
      </table>
      <h2>{t('print.insurance', { count: data.insuranceEndingCount })}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('print.name')}</th>
            <th>{t('col.section')}</th>
            <th>{t('print.bxEnd')}</th>
          </tr>
        </thead>
        <tbody>
          {data.insuranceEnding.length === 0 && (
            <tr>
              <td colSpan={3}>{t('print.insuranceNone')}</td>
            </tr>
          )}
          {data.insuranceEnding.map((w) => (
            <tr key={w.id}>
              <td>{w.name}</td>
              <td>{w.sectionName}</td>
              <td>{w.bxEnd}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sign">{t('print.sign')}</p>
    </div>,
    document.body,
  );
}
