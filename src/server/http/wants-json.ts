/** Scripts send JSON or ask for it; a plain HTML form post gets a redirect or its page instead. */
import type { FastifyRequest } from 'fastify';

export function wantsJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  const accept = request.headers.accept ?? '';
  return type.startsWith('application/json') || accept.includes('application/json');
}
