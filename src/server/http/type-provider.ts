/**
 * Request types read from the route schemas: with this provider a route's `request.body`,
 * `params` and `query` are the static types of its TypeBox or `as const` JSON schemas, never
 * an interface written by hand beside them that could say something else. (The package
 * @fastify/type-provider-typebox does the same; these lines spare a dependency.)
 */
import type { FastifyPluginAsync, FastifyPluginOptions, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { Static, TSchema } from 'typebox';

export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  // Answers keep the types of the services that make them (read-only lists among them); the response schemas shape them when they are sent.
  serializer: unknown;
}

/** An API group: a plugin whose routes are typed from their schemas. */
export type ApiPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  TypeBoxTypeProvider
>;
