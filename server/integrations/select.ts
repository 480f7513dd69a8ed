// The outside services as configuration chooses them: each a real adapter when configured, else
// the built-in implementation that works on one machine (server/README.md 'Outside services').
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createLedger } from './accounting/ledger';
import { createXeroAccounting } from './accounting/xero';
import type { AccountingProvider } from './accounting';
import type { PaymentGateway } from './payments';
import { selectGateway } from './payments/select';
import { createBuiltInRegistry, type AthleteRegistry } from './registry';
import { createHttpRegistry } from './registry/http';

export type Integrations = {
  registry: AthleteRegistry;
  accounting: AccountingProvider;
  gateway: PaymentGateway | null;
};

/** The accounting provider alone (housekeeping pushes what is pending through it). */
export function selectAccounting(config: Config, db: Db): AccountingProvider {
  return config.xero ? createXeroAccounting(config.xero) : createLedger(db);
}

export function selectIntegrations(config: Config, db: Db): Integrations {
  return {
    registry: config.registry ? createHttpRegistry(config.registry) : createBuiltInRegistry(db),
    accounting: selectAccounting(config, db),
    gateway: selectGateway(config, db),
  };
}
