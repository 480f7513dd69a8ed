// What every route module is given: configuration, the database, the outside services and a clock.
// Tests build these with in-memory parts; main.ts builds them from the environment.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './integrations/mail';
import type { AccountingProvider } from './integrations/accounting';
import type { PaymentGateway } from './integrations/payments';
import type { AthleteRegistry } from './integrations/registry';

export type Deps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  registry: AthleteRegistry;
  accounting: AccountingProvider;
  /** Null when no payment gateway is configured: online payment is not offered. */
  gateway: PaymentGateway | null;
  now: () => Date;
  /** Change notifications from the database (the session cache listens); absent, no cache. */
  listen?: Database['listen'];
};
