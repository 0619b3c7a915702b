import { z } from 'zod';

/**
 * A project or section code as the record calls take it. Shared by this folder's files only:
 * records/index.ts does not re-export this file, so the package index gains no `code`.
 */
export const code = z.string().trim().max(64);
