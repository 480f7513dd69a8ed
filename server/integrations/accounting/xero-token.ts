// Xero's access tokens (docs/accounting.md 'The Xero conversation'): each custom connection gets
// one from the identity server's client credentials grant (HTTP Basic client id and secret),
// cached until a minute before it expires so a call never starts with a token about to lapse.
import type { XeroConnection } from '../../config';
import { AccountingUnavailable } from './index';
import { tokenAnswer } from './xero-answers';
import { discard, readJson } from './xero-http';

/** A token is renewed this long before Xero says it expires. */
export const XERO_TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; expiresAt: number };
type TokenEntry = { promise: Promise<Token>; token?: Token };
type Request = (url: string, init: RequestInit, what: string) => Promise<Response>;

export class XeroTokens {
  /** Per client id: one connection may serve both organisations. */
  private readonly tokens = new Map<string, TokenEntry>();

  constructor(
    private readonly identityUrl: string,
    private readonly request: Request,
    private readonly now: () => Date,
  ) {}

  /** The connection's token: the cached one while it has more than a minute left, else a new one
   *  (concurrent callers share one request). */
  async tokenFor(connection: XeroConnection): Promise<string> {
    const cached = this.tokens.get(connection.clientId);
    if (cached && (!cached.token || this.now().getTime() < cached.token.expiresAt - XERO_TOKEN_MARGIN_MS))
      return (await cached.promise).value;
    const entry: TokenEntry = { promise: this.fetchToken(connection) };
    this.tokens.set(connection.clientId, entry);
    try {
      entry.token = await entry.promise;
      return entry.token.value;
    } catch (err) {
      if (this.tokens.get(connection.clientId) === entry) this.tokens.delete(connection.clientId);
      throw err;
    }
  }

  /** A token Xero refused: the next call fetches a new one (unless another call already did). */
  forget(connection: XeroConnection, value: string): void {
    const cached = this.tokens.get(connection.clientId);
    if (cached?.token?.value === value) this.tokens.delete(connection.clientId);
  }

  private async fetchToken(connection: XeroConnection): Promise<Token> {
    const what = 'Xero token';
    const basic = Buffer.from(`${connection.clientId}:${connection.clientSecret}`).toString('base64');
    const response = await this.request(
      this.identityUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      what,
    );
    if (!response.ok) {
      await discard(response);
      const refusedCredentials = response.status === 400 || response.status === 401;
      throw new AccountingUnavailable(
        `${what}: HTTP ${response.status}${refusedCredentials ? ' (the client credentials were refused)' : ''}`,
      );
    }
    const answer = await readJson(response, tokenAnswer, what);
    return { value: answer.access_token, expiresAt: this.now().getTime() + answer.expires_in * 1000 };
  }
}
