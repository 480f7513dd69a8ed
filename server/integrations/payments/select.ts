// The payment gateway as configuration chooses it (PAYMENT_GATEWAY, server/config.ts): the built-in
// test checkout, or none at all, in which case online payment is not offered.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createBuiltInGateway } from './builtin';
import type { PaymentGateway } from './index';

export function selectGateway(config: Pick<Config, 'paymentGateway'>, db: Db): PaymentGateway | null {
  return config.paymentGateway === 'test' ? createBuiltInGateway(db) : null;
}
