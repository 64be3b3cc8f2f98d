import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as Stripe's API would have received it. */
export interface StripeRequest {
  method: string;
  /** Path and query, e.g. `/v1/payment_intents`. */
  path: string;
  authorization: string;
  idempotencyKey: string | null;
  /** The form-encoded body (`metadata[key]=…` kept as Stripe's SDK writes it). */
  form: URLSearchParams;
  raw: string;
}

/** An answer: status and JSON body, or `hang` (never answers: the SDK's timeout). */
export type StripeAnswer = { status: number; body: unknown } | 'hang';

/**
 * A local stand-in for the part of Stripe's REST API the adapter uses (customers, SetupIntents, payment methods,
 * PaymentIntents, refunds), where STRIPE_API_BASE_URL points in tests. It answers like Stripe's test mode and, like
 * Stripe, answers a repeated Idempotency-Key with the first answer. A test replaces `answer` to script declines,
 * 5xx or silence, and reads `requests`.
 */
export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: StripeRequest[];
  /** Cards the browser "saved" (what Stripe.js + a SetupIntent would have attached), by payment method id. */
  paymentMethods: Map<
    string,
    { customer: string; brand: string; last4: string; expMonth: number; expYear: number; name: string }
  >;
  /** Overrides the default answer for one request; return undefined to keep the default. */
  answer: (request: StripeRequest) => StripeAnswer | undefined;
  reset(): void;
  close(): Promise<void>;
}

const error = (status: number, body: Record<string, unknown>): StripeAnswer => ({
  status,
  body: { error: body },
});

/** A card error as Stripe answers a declined PaymentIntent confirmation. */
export const cardDeclined = (declineCode: string, code = 'card_declined'): StripeAnswer =>
  error(402, {
    type: 'card_error',
    code,
    decline_code: declineCode,
    message: `Your card was declined (${declineCode}).`,
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const remembered = new Map<string, StripeAnswer>();
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_stand${String((sequence += 1)).padStart(6, '0')}`;

  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    paymentMethods: new Map(),
    answer: () => undefined,
    reset() {
      standIn.requests.length = 0;
      standIn.answer = () => undefined;
      remembered.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** Stripe's test mode for what the scripted answer did not decide. */
  function defaultAnswer(request: StripeRequest): StripeAnswer {
    const { method, form } = request;
    const path = request.path.split('?')[0];
    if (method === 'POST' && path === '/v1/customers')
      return {
        status: 200,
        body: { id: next('cus'), object: 'customer', name: form.get('name'), email: form.get('email') },
      };
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      return {
        status: 200,
        body: {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_stand`,
          status: 'requires_payment_method',
          customer: form.get('customer'),
        },
      };
    }
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch) {
      const saved = standIn.paymentMethods.get(methodMatch[1]);
      if (!saved)
        return error(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such PaymentMethod',
        });
      return {
        status: 200,
        body: {
          id: methodMatch[1],
          object: 'payment_method',
          type: 'card',
          customer: saved.customer,
          billing_details: { name: saved.name },
          card: {
            brand: saved.brand,
            last4: saved.last4,
            exp_month: saved.expMonth,
            exp_year: saved.expYear,
          },
        },
      };
    }
    const detachMatch = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && detachMatch) {
      standIn.paymentMethods.delete(detachMatch[1]);
      return { status: 200, body: { id: detachMatch[1], object: 'payment_method', customer: null } };
    }
    if (method === 'POST' && path === '/v1/payment_intents')
      return {
        status: 200,
        body: {
          id: next('pi'),
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          customer: form.get('customer'),
          payment_method: form.get('payment_method'),
          metadata: { idempotency_key: form.get('metadata[idempotency_key]') },
        },
      };
    if (method === 'POST' && path === '/v1/refunds')
      return {
        status: 200,
        body: {
          id: next('re'),
          object: 'refund',
          status: 'succeeded',
          payment_intent: form.get('payment_intent'),
          amount: Number(form.get('amount')),
        },
      };
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  function send(response: ServerResponse, answer: StripeAnswer) {
    if (answer === 'hang') return;
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': next('req') });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((incoming: IncomingMessage, response) => {
    let raw = '';
    incoming.on('data', (chunk) => (raw += chunk));
    incoming.on('end', () => {
      const request: StripeRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '',
        authorization: incoming.headers.authorization ?? '',
        idempotencyKey: (incoming.headers['idempotency-key'] as string | undefined) ?? null,
        form: new URLSearchParams(raw),
        raw,
      };
      standIn.requests.push(request);
      const key = request.idempotencyKey ? `${request.path} ${request.idempotencyKey}` : null;
      const known = key ? remembered.get(key) : undefined;
      if (known) return send(response, known);
      const answer = standIn.answer(request) ?? defaultAnswer(request);
      // Stripe keeps the answer of a key it processed (not one it never answered, nor a 5xx it may retry).
      if (key && answer !== 'hang' && answer.status < 500) remembered.set(key, answer);
      send(response, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
