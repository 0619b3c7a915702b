import type { Lang, Text } from '../i18n.ts';
import { format } from '../i18n.ts';
import { accountMessages } from './accounts.ts';
import { boundaryMessages } from './boundaries.ts';
import { burnMessages } from './burning.ts';
import { commonMessages } from './common.ts';
import { deadTreeMessages } from './deadTrees.ts';
import { droneMessages } from './drone.ts';
import { exportMessages } from './exports.ts';
import { noticeMessages } from './notices.ts';
import { overviewMessages } from './overview.ts';
import { projectMessages } from './projects.ts';
import { qrTagMessages } from './qrTags.ts';
import { recordMessages } from './records.ts';
import { safetyMessages } from './safety.ts';
import { standardMessages } from './standards.ts';
import { workerMessages } from './workers.ts';

/**
 * Server messages shown to users, Chinese first. The spec quotes some in English; those are
 * translations, so the Chinese here is the natural wording and the English is the spec's.
 *
 * Each area's catalogue is a file of this folder, so a feature's wording is found (and reviewed)
 * beside the rest of its area. A key lives in exactly one of them: a spread lets a later area win
 * silently, so messages.test.ts checks that no two areas share a key and that every file is here.
 */
export const messages = {
  ...commonMessages,
  ...accountMessages,
  ...projectMessages,
  ...boundaryMessages,
  ...standardMessages,
  ...recordMessages,
  ...workerMessages,
  ...deadTreeMessages,
  ...exportMessages,
  ...noticeMessages,
  ...qrTagMessages,
  ...burnMessages,
  ...overviewMessages,
  ...safetyMessages,
  ...droneMessages,
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

export function t(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return format(messages[key][lang], params);
}
