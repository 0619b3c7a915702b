import { type CollectSetupValue, type ProjectTreeNode } from '@pineguard/contract';
import { useEffect, useState } from 'react';
import { endpoint } from '../api.ts';
import type { Translate } from '../messages.ts';
import * as store from '../store.ts';

/** The projects of the signed-in user's tree (areas hold projects), as one flat list. */
function projectsOf(nodes: ProjectTreeNode[]): { value: string; label: string }[] {
  return nodes.flatMap((n) =>
    n.type === 'project' ? [{ value: n.value, label: n.label }] : projectsOf(n.children ?? []),
  );
}

/** Signed in, no project yet: choose one; its setup (tables, sections) is kept for offline use. */
export function ChooseProject({ t, onProject }: { t: Translate; onProject: (s: CollectSetupValue) => void }) {
  const [error, setError] = useState('');
  const [projects, setProjects] = useState<{ value: string; label: string }[] | null>(null);

  useEffect(() => {
    let live = true;
    endpoint('GET /api/user/userProjectTree').then(
      (tree) => live && setProjects(projectsOf(tree)),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  const choose = async (prjCode: string) => {
    try {
      await endpoint('POST /api/user/selectProject', { prjCode });
      const s = await endpoint('GET /api/collect/setup');
      await store.setSetting('setup', s);
      onProject(s);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <main className="m-main">
      <h2>{t('chooseProject')}</h2>
      {error && <div className="m-error">{error}</div>}
      {(projects ?? []).map((p) => (
        <button key={p.value} className="m-button" onClick={() => void choose(p.value)}>
          {p.label}
        </button>
      ))}
    </main>
  );
}
