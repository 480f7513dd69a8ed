// The payment gateway as configuration chooses it (PAYMENT_GATEWAY, server/config.ts): the built-in
// test checkout, Stripe Checkout, or none at all, in which case online payment is not offered.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createBuiltInGateway } from './builtin';
import type { PaymentGateway } from './index';
import { createStripeGateway } from './stripe';

export function selectGateway(config: Pick<Config, 'paymentGateway' | 'stripe'>, db: Db): PaymentGateway | null {
  switch (config.paymentGateway) {
    case 'test':
      return createBuiltInGateway(db);
    case 'stripe':
      return config.stripe ? createStripeGateway(config.stripe) : null;
    case 'none':
      return null;
  }
}
