import fp from 'fastify-plugin';
import type { Knex } from 'knex';

declare module 'fastify' {
  interface FastifyInstance {
    db: Knex;
  }
}

/** The database connection (made by the caller, so tests and the CLI choose their own). */
export default fp(
  async (app, { db }: { db: Knex }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
