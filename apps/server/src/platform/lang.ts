import { type Lang, pickLang } from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';

/** The language of a request: `lang` header first (the web app sets it), then Accept-Language. */
export function requestLang(req: FastifyRequest): Lang {
  const explicit = req.headers.lang;
  return pickLang(typeof explicit === 'string' ? explicit : req.headers['accept-language']);
}
