import {
  ANOMALY_NOTICE_KEY,
  ANOMALY_NOTICE_KIND,
  anomalyKindLabels,
  chainKinds,
  chinaToday,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { notifyIn } from '../notices/index.ts';
import * as projects from '../projects/index.ts';
import type { WriteEvent, WrittenRecord } from '../records/index.ts';
import {
  burnCodes,
  burnDayOf,
  BURNING,
  canonical,
  type ChainRecord,
  chainAnomalies,
  FELLING,
  fellingCode,
  keyOf,
  valueAnomalies,
  type Wanted,
} from './chain.ts';
import { queueEvidence } from '../evidence/index.ts';
import * as q from './queries.ts';

const ownKinds = new Set<string>([...chainKinds, 'stump_high', 'count_fractional']);
import { forgetCounts } from './service.ts';

/**
 * The checks after each records write (records' setAfterWrite hook), in the write's transaction:
 * the record is always stored; what it breaks becomes an anomaly. Per batch, whatever its size:
 * one statement reads the state of every tag the batch names (chainState), the rules run here
 * (chain.ts), and at most two statements store the difference (raised, raised again, new
 * evidence; moot ones cleared). A batch naming no tag and breaking nothing costs no statement.
 */
export async function checkWritten(tx: Executor, event: WriteEvent, written: WrittenRecord[]): Promise<void> {
  // Approving or sending back keeps a record live (10/20/30 all count): only a rejection matters.
  const records = event === 'reviewed' ? written.filter((r) => r.state === '40') : written;
  if (!records.length) return;
  await queueEvidence(tx, records);
  const byProject = new Map<string, WrittenRecord[]>();
  for (const r of records) byProject.set(r.projectCode, [...(byProject.get(r.projectCode) ?? []), r]);
  for (const [projectCode, list] of byProject) await checkProject(tx, event, projectCode, list);
}

async function checkProject(tx: Executor, event: WriteEvent, projectCode: string, written: WrittenRecord[]) {
  const live = (r: WrittenRecord) => event !== 'deleted' && r.state !== '40';
  const codes = new Set<string>();
  for (const r of written) {
    if (r.tableCode === FELLING) {
      const code = fellingCode(r.fields);
      if (code) codes.add(code);
    } else if (r.tableCode === BURNING) for (const code of burnCodes(r.fields)) codes.add(code);
  }
  // What the records carried before this write: new records carry nothing.
  const ids = written.map((r) => r.id);
  // Only the kinds these checks raise: evidence (issue 30) and acceptance anomalies have their own.
  const before =
    event === 'created' ? [] : (await q.anomaliesOfRecords(tx, ids)).filter((a) => ownKinds.has(a.kind));
  for (const a of before) if (a.tagCode) codes.add(a.tagCode);
  if (event === 'corrected') for (const code of await q.codesBeforeCorrection(tx, ids)) codes.add(code);

  const mine = written.filter(live);
  const wanted: Wanted[] = mine.flatMap((r) => valueAnomalies({ ...r, projectCode }));
  const stored = new Map(before.map((a) => [keyOf(a), a]));
  if (codes.size) {
    const list = [...codes];
    const state = await q.chainState(tx, projectCode, list, ids);
    // The write's own live records come from what the write holds (chainState leaves them out),
    // the others from chainState; both read through chainRecord.
    const fellings: ChainRecord[] = [
      ...mine.flatMap((r) => {
        const code = r.tableCode === FELLING ? fellingCode(r.fields) : undefined;
        return code && codes.has(code) ? [chainRecord(r, [code])] : [];
      }),
      ...state.fellings.map((f) =>
        chainRecord({ id: f.id, tableCode: FELLING, sectionCode: f.section, timeSubmit: f.at, fields: {} }, [
          f.code,
        ]),
      ),
    ];
    const listedHere = (fields: Record<string, unknown>) => burnCodes(fields).filter((c) => codes.has(c));
    const burns: ChainRecord[] = [
      ...mine.flatMap((r) => {
        const listed = r.tableCode === BURNING ? listedHere(r.fields) : [];
        return listed.length ? [chainRecord(r, listed)] : [];
      }),
      ...state.burns.map((b) =>
        chainRecord(
          {
            id: b.id,
            tableCode: BURNING,
            sectionCode: b.section,
            timeSubmit: b.at,
            fields: { fssj: b.fssj },
          },
          listedHere({ multi_qrcode: b.list }),
        ),
      ),
    ];
    wanted.push(
      ...chainAnomalies({
        projectCode,
        windowDays: state.windowDays,
        codes: list,
        issued: state.issued,
        fellings,
        burns,
      }),
    );
    for (const a of state.stored) stored.set(keyOf(a), a);
  }
  if (!wanted.length && !stored.size) return;

  const wantedKeys = new Set(wanted.map(keyOf));
  const write: Wanted[] = [];
  const raised: Wanted[] = [];
  for (const w of wanted) {
    const s = stored.get(keyOf(w));
    if (!s || s.state === 'cleared') raised.push(w);
    if (
      !s ||
      s.state === 'cleared' ||
      s.sectionCode !== w.sectionCode ||
      s.day !== w.day ||
      s.otherRecordId !== w.otherRecordId ||
      canonical(s.evidence) !== canonical(w.evidence)
    ) {
      write.push(w);
    }
  }
  // Only open ones are cleared: an explained or confirmed anomaly keeps the decision made on it.
  const moot = [...stored.values()].filter((s) => s.state === 'open' && !wantedKeys.has(keyOf(s)));
  await q.upsertAnomalies(tx, write);
  await q.clearAnomalies(
    tx,
    moot.map((s) => s.id),
  );
  if (write.length || moot.length) forgetCounts();
  if (raised.length) await tellManagers(tx, projectCode, raised);
}

/** A record as the chain rules read it (a burn's day is its 焚烧时间 when given). */
function chainRecord(
  r: Pick<WrittenRecord, 'id' | 'tableCode' | 'sectionCode' | 'timeSubmit' | 'fields'>,
  codes: string[],
): ChainRecord {
  return {
    id: r.id,
    tableCode: r.tableCode,
    sectionCode: r.sectionCode,
    timeSubmit: r.timeSubmit,
    eventDay: r.tableCode === BURNING ? burnDayOf(r.fields, r.timeSubmit) : chinaToday(r.timeSubmit),
    codes,
  };
}

/**
 * The manager of each section with anomalies raised by this write hears of it: one notice per
 * section and write, however many anomalies (a batch of 500 records does not flood anyone).
 */
async function tellManagers(tx: Executor, projectCode: string, raised: Wanted[]) {
  const bySection = new Map<string, Wanted[]>();
  for (const w of raised) bySection.set(w.sectionCode, [...(bySection.get(w.sectionCode) ?? []), w]);
  const sections = await projects.listSections(tx, projectCode);
  for (const [sectionCode, list] of bySection) {
    const managerId = sections.find((s) => s.code === sectionCode)?.managerId;
    if (!managerId) continue;
    const kinds = [...new Set(list.map((w) => w.kind))];
    const params = {
      section: sections.find((s) => s.code === sectionCode)?.name ?? sectionCode,
      count: list.length,
      kinds: kinds.map((k) => anomalyKindLabels[k]['zh-CN']).join('、'),
    };
    const link = `/anomalies?sectionCode=${encodeURIComponent(sectionCode)}&state=open`;
    await notifyIn(tx, {
      recipientId: managerId,
      projectCode,
      kind: ANOMALY_NOTICE_KIND,
      key: ANOMALY_NOTICE_KEY,
      params,
      link,
    });
  }
}
