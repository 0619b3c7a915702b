import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The feature boundaries are an ESLint rule (tools/eslint-feature-boundaries.js, wired in
// eslint.config.js): these cases prove that a crossed import fails the lint and an allowed one passes.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/feature-imports');
}

describe('feature boundaries (ESLint)', () => {
  const serverFile = 'apps/server/src/features/projects/service.ts';
  const webFile = 'apps/web/src/features/projects/pages/ProjectSysPage.tsx';

  it("fails a server feature importing another feature's queries or service", async () => {
    const queries = await boundaryErrors(serverFile, "export { listUsers } from '../users/queries.ts';\n");
    expect(queries).toHaveLength(1);
    expect(queries[0]!.message).toContain("reaches into feature 'users'");
    const service = await boundaryErrors(
      serverFile,
      "import { listUsers } from '../users/service.ts';\nexport const f = listUsers;\n",
    );
    expect(service).toHaveLength(1);
    const viaFeatures = await boundaryErrors(
      'apps/server/src/features/projects/sub/deep.ts',
      "import { x } from '../../../features/roles/queries.ts';\nexport const y = x;\n",
    );
    expect(viaFeatures).toHaveLength(1);
  });

  it("passes a server feature importing another feature's index.ts, its own files and platform", async () => {
    const code = [
      "import { listUsers } from '../users/index.ts';",
      "import * as q from './queries.ts';",
      "import { audit } from '../../platform/audit.ts';",
      'export const all = [listUsers, q, audit];',
      '',
    ].join('\n');
    expect(await boundaryErrors(serverFile, code)).toEqual([]);
  });

  it("fails a web feature importing another feature's components; passes its api.ts", async () => {
    const crossed = await boundaryErrors(
      webFile,
      "import { UserManagement } from '../../users/components/UserManagement.tsx';\nexport const U = UserManagement;\n",
    );
    expect(crossed).toHaveLength(1);
    const allowed = await boundaryErrors(
      webFile,
      "import { useUsers } from '../../users/api.ts';\nimport { http } from '../../../shared/http.ts';\nexport const u = [useUsers, http];\n",
    );
    expect(allowed).toEqual([]);
  });

  it('finds no crossed import in the server features as they are', async () => {
    // Only the boundary rule, without type information: the whole config took 30 s on a busy machine.
    const onlyBoundaries = new ESLint({
      cwd: repoRoot,
      ruleFilter: ({ ruleId }) => ruleId === 'boundaries/feature-imports',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    });
    const results = await onlyBoundaries.lintFiles(['apps/server/src/features/**/*.ts']);
    const crossed = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'boundaries/feature-imports')
        .map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(crossed).toEqual([]);
  }, 120_000);
});
