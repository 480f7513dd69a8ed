// GET and PUT /api/users: the admin users grid. Admin only (USR-06); writes run through runWrite
// (exactly once). Sessions are read through a per-process cache (plugins/session-cache.ts): after
// a save this process forgets every user it touched at once, so a removed user, or a session ended
// by a password change, is never answered from memory.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-errors';
import { requireSession } from '../../plugins/authz';
import { isUniqueViolation } from '../../db/errors';
import { runWrite } from '../../plugins/idempotency';
import { EMAIL_IN_USE, listUsers, saveUsers } from './service';

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.users;

  app.get(
    api.list.url,
    {
      schema: routeSchema(api.list),
    },
    async () => listUsers(db),
  );

  app.put(
    api.save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const { userId, tokenHash } = requireSession(request);
      const touched = new Set<string>();
      try {
        return await runWrite(db, request, reply, (tx) => saveUsers(tx, request.body, { userId, tokenHash }, touched));
      } catch (err) {
        // Another account took the address between the check and the write (e.g. a registration).
        if (isUniqueViolation(err, 'users_email_uq')) throw badRequest(EMAIL_IN_USE);
        throw err;
      } finally {
        for (const id of touched) app.sessionCache.forgetUser(id);
      }
    },
  );
};
