import { APP_CREDENTIAL_HEADER } from '../../../contract/v1/billing';
import { endpoints } from '../../../contract/v1/endpoints';
import { INFRASTRUCTURE_PATHS } from '../../http/contract-guard';
import { contractRouter } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { message } from '../../i18n/message';
import { Scheduler } from '../scheduler/scheduler';
import { defineServerModule } from '../server-module';
import { BILLING_MESSAGES, type BillingDeps } from './billing-shared';
import { CardService } from './card-service';
import { CATALOGUE } from './catalogue';
import { InvoiceService } from './invoice-service';
import { billingJobs } from './jobs';
import { PayAsYouGoService } from './pay-as-you-go-service';
import { createPaymentProvider } from './provider-factory';
import { PurchaseService } from './purchase-service';
import { StripePaymentProvider } from './stripe-payment-provider';
import { StripeWebhook, WebhookRefused } from './stripe-webhook';
import { billingSeed } from './seed';
import { SubscriptionService } from './subscription-service';
import { UsageHistoryService } from './usage-history-service';

/**
 * Billing of the active organisation (docs/billing.md): invoices and their PDF, cards through the payment provider,
 * idempotent purchases, contracts, subscription buckets with auto-renewal, pay-as-you-go, and the usage the apps
 * report. The router checks billing.view / billing.manage from the contract table; the services scope every query
 * to the token's organisation, so another organisation's rows answer 404.
 */
export default defineServerModule({
  name: 'billing',
  needs: ['access', 'audit', 'authenticate', 'clock', 'config', 'db', 'i18n', 'links', 'mailer'],
  seed: billingSeed,
  plugin: async (app, { authenticate, config, access, ...services }) => {
    const deps: BillingDeps = { ...services, provider: createPaymentProvider(config) };
    const cards = new CardService(deps);
    const invoices = new InvoiceService(deps);
    const purchases = new PurchaseService(deps);
    const subscriptions = new SubscriptionService(deps);
    const payAsYouGo = new PayAsYouGoService(deps);
    const usageHistory = new UsageHistoryService(deps);
    const route = contractRouter(app, authenticate, access);

    route(endpoints.bills, async (request) => ({
      data: await invoices.list(request.auth, request.query, request),
      msg: BILLING_MESSAGES.list,
    }));
    route(endpoints.billPdf, async (request) => ({
      data: await invoices.pdf(request.auth, request.params.id, request),
      msg: BILLING_MESSAGES.pdf,
    }));
    route(endpoints.cards, async (request) => ({
      data: { cards: await cards.list(request.auth) },
      msg: BILLING_MESSAGES.cards,
    }));
    route(endpoints.addCard, async (request) => {
      const card = await cards.add(request.auth, request.body, request);
      return {
        data: { card },
        msg: card.verified ? BILLING_MESSAGES.cardAdded : BILLING_MESSAGES.cardNeedsVerification,
      };
    });
    route(endpoints.startCardSetup, async (request) => ({
      data: await cards.startSetup(request.auth, request),
      msg: BILLING_MESSAGES.cardSetupStarted,
    }));
    route(endpoints.saveCard, async (request) => ({
      data: { card: await cards.save(request.auth, request.body, request) },
      msg: BILLING_MESSAGES.cardAdded,
    }));
    route(endpoints.deleteCard, async (request) => ({
      data: { cards: await cards.remove(request.auth, request.params.id, request) },
      msg: BILLING_MESSAGES.cardDeleted,
    }));
    route(endpoints.setPrimaryCard, async (request) => ({
      data: { cards: await cards.setPrimary(request.auth, request.body.cardId, request) },
      msg: BILLING_MESSAGES.primarySet,
    }));
    route(endpoints.startCardVerification, async (request) => ({
      data: await cards.startVerification(request.auth, request.body.cardId, request),
      msg: BILLING_MESSAGES.verificationStarted,
    }));
    route(endpoints.verifyCard, async (request) => ({
      data: { card: await cards.verify(request.auth, request.body, request) },
      msg: BILLING_MESSAGES.cardVerified,
    }));
    route(endpoints.catalogue, async () => ({
      data: { items: [...CATALOGUE] },
      msg: BILLING_MESSAGES.catalogue,
    }));
    route(endpoints.purchase, async (request) => {
      const data = await purchases.purchase(request.auth, request.body, request);
      // Translated with its number here; plain keys are translated on the way out (docs/server-messages.md).
      return {
        data,
        msg: services.i18n.t(
          message(BILLING_MESSAGES.purchased, { number: data.invoice.number }),
          services.i18n.languageOf(request.headers['accept-language']),
        ),
      };
    });
    route(endpoints.contracts, async (request) => ({
      data: await subscriptions.contracts(request.auth, request.query),
      msg: BILLING_MESSAGES.contracts,
    }));
    route(endpoints.subscriptionHistory, async (request) => ({
      data: await subscriptions.history(request.auth, request.query),
      msg: BILLING_MESSAGES.subscription,
    }));
    route(endpoints.setRenewal, async (request) => ({
      data: { subscription: await subscriptions.setRenewal(request.auth, request.body.autoRenew, request) },
      msg: request.body.autoRenew ? BILLING_MESSAGES.renewalOn : BILLING_MESSAGES.renewalOff,
    }));
    route(endpoints.payAsYouGo, async (request) => ({
      data: { payAsYouGo: await payAsYouGo.get(request.auth) },
      msg: BILLING_MESSAGES.payAsYouGo,
    }));
    route(endpoints.activatePayAsYouGo, async (request) => ({
      data: { payAsYouGo: await payAsYouGo.activate(request.auth, request.body.cap, request) },
      msg: BILLING_MESSAGES.payAsYouGoActivated,
    }));
    route(endpoints.managePayAsYouGo, async (request) => ({
      data: { payAsYouGo: await payAsYouGo.manage(request.auth, request.body, request) },
      msg:
        request.body.action === 'deactivate'
          ? BILLING_MESSAGES.payAsYouGoDeactivated
          : BILLING_MESSAGES.payAsYouGoCapChanged,
    }));
    route(endpoints.usageHistory, async (request) => ({
      data: await usageHistory.read(request.auth),
      msg: BILLING_MESSAGES.usageHistory,
    }));
    route(endpoints.recordUsage, async (request) => ({
      data: await payAsYouGo.record(request.headers[APP_CREDENTIAL_HEADER], request.body),
      msg: BILLING_MESSAGES.usageRecorded,
    }));

    if (deps.provider instanceof StripePaymentProvider && config.stripe) {
      const webhook = new StripeWebhook(deps, deps.provider, config.stripe.webhookSecret);
      // Stripe signs the exact bytes it sent: this route alone takes its JSON body unparsed.
      await app.register(async (scope) => {
        scope.removeContentTypeParser('application/json');
        scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
          done(null, body),
        );
        scope.post(INFRASTRUCTURE_PATHS.stripeWebhook, { schema: { hide: true } }, async (request) => {
          try {
            await webhook.receive(
              request.body as Buffer,
              request.headers['stripe-signature'] as string | undefined,
            );
          } catch (error) {
            if (error instanceof WebhookRefused) {
              request.log.warn('stripe webhook refused: signature not valid');
              throw new HttpError(400, BILLING_MESSAGES.webhookRefused, 'WEBHOOK_SIGNATURE_INVALID');
            }
            throw error;
          }
          return { msg: BILLING_MESSAGES.webhookReceived };
        });
      });
    }

    const scheduler = new Scheduler(services.db, services.clock, billingJobs(deps, app.log), app.log);
    if (config.scheduler) {
      app.addHook('onReady', async () => scheduler.start());
      app.addHook('onClose', async () => scheduler.stop());
    }
  },
});
