import { ErrorCode } from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import { authOf, projectOf } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * The project a management call works on: the session's selected project. Super administrators
 * may name another one (the system-admin screens work across projects); anyone else naming a
 * project other than the selected one is refused (40300), never silently given their own.
 */
export function managedProject(req: FastifyRequest, named?: string): string {
  const auth = authOf(req);
  if (named && auth.isSuperAdmin) return named;
  const selected = projectOf(req);
  if (named && named !== selected) throw new AppError(ErrorCode.forbidden, 'otherProject');
  return selected;
}
