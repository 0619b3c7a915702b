import type { FastifyRequest } from 'fastify';
import { authOf, projectOf } from './auth.ts';

/**
 * The project a management call works on: the session's selected project. Super administrators
 * may name another one (the system-admin screens work across projects).
 */
export function managedProject(req: FastifyRequest, named?: string): string {
  const auth = authOf(req);
  if (named && auth.isSuperAdmin) return named;
  return projectOf(req);
}
