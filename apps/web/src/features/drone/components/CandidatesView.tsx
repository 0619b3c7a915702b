import type { DroneCandidate } from '@pineguard/contract';
import { droneTaskStateLabels } from '@pineguard/contract';
import { App, Button, Card, Col, Empty, Row, Select, Slider, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { http } from '../../../shared/http.ts';
import { BaseMap } from '../../../shared/map/index.ts';
import { useLangStore } from '../../../locales/index.ts';
import { useCandidates, useDroneAction, useOrthos } from '../api.ts';
import { useT } from '../messages.ts';
import { CandidateLayer } from './CandidateLayer.tsx';
import { OrthoLayer } from './OrthoLayer.tsx';

/**
 * One orthophoto on the map with its candidates: the sensitivity slider filters the candidates
 * already loaded (no new detection, no new request); a click shows the crown's chip, where it can
 * be dropped by hand; the chosen sensitivity issues the verification tasks.
 */
export function CandidatesView({
  orthoId,
  onChoose,
}: {
  orthoId: string | undefined;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  const lang = useLangStore((s) => s.lang);
  const { message } = App.useApp();
  const orthos = useOrthos();
  const ready = (orthos.data?.list ?? []).filter((o) => o.state === 'ready');
  const ortho = ready.find((o) => o.id === orthoId) ?? ready[0];
  const candidates = useCandidates(ortho?.id);
  // The slider starts at the orthophoto's saved sensitivity; moving it is this screen's own.
  const [chosen, setChosen] = useState<{ id: string; v: number } | null>(null);
  const [opacity, setOpacity] = useState(1);
  const [selected, setSelected] = useState<DroneCandidate | null>(null);
  const minScore = chosen && chosen.id === ortho?.id ? chosen.v : (ortho?.threshold ?? 0.5);
  const setMinScore = (v: number) => ortho && setChosen({ id: ortho.id, v });
  const list = useMemo(() => candidates.data?.list ?? [], [candidates.data]);
  const shown = list.filter((c) => c.score >= minScore).length;
  const onSelect = useCallback((c: DroneCandidate) => setSelected(c), []);
  const drop = useDroneAction((c: { id: string; dropped: boolean }) =>
    http.post(`/api/drone/candidates/${c.id}/drop`, { dropped: c.dropped }),
  );
  const issue = useDroneAction(async (id: string) => {
    await http.post(`/api/drone/orthophotos/${id}/threshold`, { threshold: minScore });
    const r = await http.post<{ issued: number }>(`/api/drone/orthophotos/${id}/issue`, {});
    void message.success(t('cand.issued', { n: r.issued }));
  });
  if (!ortho) return <Empty description={t('ortho.empty')} />;
  const current = selected ? (list.find((c) => c.id === selected.id) ?? selected) : null;
  return (
    <Row gutter={16}>
      <Col span={17}>
        <BaseMap fit={false} center={[ortho.bounds[0], ortho.bounds[1]]} zoom={18} height={560}>
          <OrthoLayer key={ortho.id} ortho={ortho} opacity={opacity} fit />
          <CandidateLayer list={list} minScore={minScore} onSelect={onSelect} />
        </BaseMap>
      </Col>
      <Col span={7}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('cand.choose')}
            style={{ width: '100%' }}
            value={ortho.id}
            options={ready.map((o) => ({ value: o.id, label: o.name }))}
            onChange={(id) => {
              setSelected(null);
              onChoose(id);
            }}
          />
          <div>
            <Typography.Text>{t('cand.sensitivity')}</Typography.Text>
            <Slider
              min={0}
              max={1}
              step={0.01}
              value={minScore}
              onChange={setMinScore}
              aria-label={t('cand.sensitivity')}
              data-testid="drone-sensitivity"
            />
            <Typography.Text type="secondary" data-testid="drone-shown">
              {t('cand.shown', { shown, total: list.length })}
            </Typography.Text>
          </div>
          <div>
            <Typography.Text>{t('cand.opacity')}</Typography.Text>
            <Slider
              min={0}
              max={1}
              step={0.05}
              value={opacity}
              onChange={setOpacity}
              aria-label={t('cand.opacity')}
            />
          </div>
          <Button
            type="primary"
            block
            loading={issue.isPending}
            onClick={() => issue.mutate(ortho.id)}
            data-testid="drone-issue"
          >
            {t('cand.issue')}
          </Button>
          {current && (
            <Card size="small" data-testid="drone-candidate">
              <img
                alt={t('cand.area', { a: current.areaM2 })}
                src={ortho.chipUrl.replace('{px}', String(current.px)).replace('{py}', String(current.py))}
                width={96}
                height={96}
                style={{ float: 'right', borderRadius: 4 }}
              />
              <div>
                {t('cand.score')}: {current.score.toFixed(2)}
              </div>
              <div>{t('cand.area', { a: current.areaM2 })}</div>
              <div>
                {current.lng.toFixed(6)}, {current.lat.toFixed(6)}
              </div>
              <div>
                {t('cand.section')}: {current.sectionCode || '—'}
              </div>
              <div>{droneTaskStateLabels[current.state][lang === 'en' ? 'en' : 'zh-CN']}</div>
              {(current.state === 'candidate' || current.state === 'dropped') && (
                <Button
                  size="small"
                  danger={current.state === 'candidate'}
                  onClick={() => drop.mutate({ id: current.id, dropped: current.state === 'candidate' })}
                >
                  {current.state === 'candidate' ? t('cand.drop') : t('cand.restore')}
                </Button>
              )}
            </Card>
          )}
        </Space>
      </Col>
    </Row>
  );
}
