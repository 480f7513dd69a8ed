// GET /api/states (public: the registration page needs them before anyone signs in) and
// GET /api/disciplines (any signed-in user).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { listDisciplines, listStates } from './service';

export const referenceRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    API.events.states.url,
    {
      schema: routeSchema(API.events.states),
    },
    async () => listStates(db),
  );

  app.get(
    API.events.disciplines.url,
    {
      schema: routeSchema(API.events.disciplines),
    },
    async () => listDisciplines(db),
  );
};
