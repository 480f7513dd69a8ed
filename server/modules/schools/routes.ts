// School profile reads, the admin's school picker list and the BPAY grid. A school user reads only its own
// school; admin and auditor read any (the spec's /schools views are theirs).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { schoolScope } from '../../plugins/authz';
import { badRequest } from '../../http-errors';
import { getSchool, schoolLoginIds, schoolsForEvent } from './service';
import { listBpay, saveBpay } from './bpay';
import { runWrite } from '../../plugins/idempotency';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { LIMITS, assertWithinLimits, keys, recordAttempt } from '../../auth/rate-limit';
import { registerSchool } from './registration';
import { assertCurrentPassword, changesLogin, limitEmailChanges, loginChangeOf, tellOldAddress } from './login-change';
import { newPasswordHash, saveProfile } from './profile';
import { removeSchool } from './removal';

const NO_SCHOOL_CHOSEN = 'Choose a school first.';

type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** Public: a new school signs up. Every attempt counts against the address, so a script cannot
 *  register schools (or probe which emails have accounts) in bulk. */
function registerSignUpRoute(app: RouteApp, { db, now }: Deps): void {
  const { register } = API.schools;
  app.post(
    register.url,
    {
      schema: routeSchema(register),
    },
    async (request, reply) => {
      const key = keys.registerAddress(request.ip);
      await assertWithinLimits(
        db,
        reply,
        [{ key, limit: LIMITS.registerAddress }],
        now(),
        SERVER_MESSAGES.tooManyAttempts,
      );
      await recordAttempt(db, [key], now());
      return registerSchool(db, request.body.school, now());
    },
  );
}

/** The writes that can end a school's sessions: its profile saved (a new sign-in email or
 *  password) and the school removed. */
function registerProfileRoutes(app: RouteApp, { db, now, mailer }: Deps): void {
  const { saveProfile: profile, remove } = API.schools;

  // Sessions a write ended (a new sign-in email or password, a removed school) must not live on in
  // this process's session cache until the database's notice arrives: forget their users at once.
  const forgetLogins = async (schoolId: string) => {
    for (const id of await schoolLoginIds(db, schoolId)) app.sessionCache.forgetUser(id);
  };

  app.put(
    profile.url,
    {
      schema: routeSchema(profile),
    },
    async (request, reply) => {
      const school = request.body.school;
      const schoolId = schoolScope(request, school.id)!;
      const session = request.session!;
      // A new sign-in email or password: the saver's current password first, then the email limits.
      const change = await loginChangeOf(db, schoolId, school);
      const verified = changesLogin(change);
      if (verified) {
        await assertCurrentPassword(db, reply, {
          userId: session.userId,
          password: school.user?.currentPassword ?? '',
          ip: request.ip,
          now: now(),
        });
      }
      if (change.emailTo) await limitEmailChanges(db, reply, { userId: session.userId, ip: request.ip, now: now() });
      const passwordHash = await newPasswordHash(school);
      let emailChange: { schoolName: string; from: string; to: string } | null = null;
      const answer = await runWrite(db, request, reply, (tx) =>
        saveProfile(tx, session, schoolId, school, passwordHash, {
          verified,
          onEmailChange: (c) => {
            emailChange = c;
          },
        }),
      );
      if (passwordHash || change.emailTo) await forgetLogins(schoolId);
      // Only a save applied now (not a replay of one) tells the old address.
      if (emailChange) await tellOldAddress(mailer, request.log, emailChange);
      return answer;
    },
  );

  app.delete(
    remove.url,
    {
      schema: routeSchema(remove),
    },
    async (request, reply) => {
      const logins = await schoolLoginIds(db, request.params.id);
      const answer = await runWrite(db, request, reply, (tx) => removeSchool(tx, request.params.id, now()));
      for (const id of logins) app.sessionCache.forgetUser(id);
      return answer;
    },
  );
}

/** The staff's school lists (the picker; the BPAY grid, read and saved) and one school's profile. */
function registerSchoolListRoutes(app: RouteApp, { db }: Deps): void {
  const { own, get, list, bpay, saveBpay: saveBpayRoute } = API.schools;

  // Registered before /api/school/:SchoolId so 'list' is never read as an id (static routes win
  // in Fastify anyway; the order keeps that visible).
  app.get(
    list.url,
    {
      schema: routeSchema(list),
    },
    async (request) => schoolsForEvent(db, request.query.EventId),
  );

  // The BPAY grid: a static path, so it is never read as a school id.
  app.get(
    bpay.url,
    {
      schema: routeSchema(bpay),
    },
    async () => listBpay(db),
  );

  app.put(
    saveBpayRoute.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(saveBpayRoute),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => saveBpay(tx, request.body.schools)),
  );

  // Staff read the school picked in the session; only admins can pick one, so auditors use
  // /api/school/:SchoolId instead.
  app.get(
    own.url,
    {
      schema: routeSchema(own),
    },
    async (request) => {
      const schoolId = schoolScope(request);
      if (!schoolId) throw badRequest(NO_SCHOOL_CHOSEN);
      return getSchool(db, schoolId);
    },
  );

  app.get(
    get.url,
    {
      schema: routeSchema(get),
    },
    async (request) => getSchool(db, schoolScope(request, request.params.SchoolId)!),
  );
}

export const schoolRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  registerSignUpRoute(app, deps);
  registerProfileRoutes(app, deps);
  registerSchoolListRoutes(app, deps);
};
