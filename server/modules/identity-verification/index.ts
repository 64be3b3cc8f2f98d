import { endpoints } from '../../../contract/v1/endpoints';
import type texts from '../../../locales/en/identity-verification.server.json';
import { contractRouter } from '../../http/contract-route';
import { replyLanguage } from '../../i18n/localise-replies';
import { defineServerModule } from '../server-module';
import { DocumentCipher, DocumentLinks, loadDocumentKey } from './document-cipher';
import { AbnLookupRegister } from './business-register';
import { DOCUMENT_MESSAGES, DocumentService } from './document-service';
import { DetailsSealer, sealPlainKycAnswers } from './sealed-details';
import { DevelopmentVerificationProvider, type VerificationProvider } from './verification-provider';
import { VERIFICATION_MESSAGES, VerificationService } from './verification-service';

// The module's answers and mails live in locales/<lang>/identity-verification.server.json; this makes their keys known.
declare module '../../i18n/message' {
  interface FeatureServerTexts {
    'identity-verification': typeof texts;
  }
}

/** How often the server asks the provider about due submissions (the development provider moves every 5-10 s). */
const PROGRESS_INTERVAL_MS = 2_000;

/**
 * Identity verification (docs/identity-verification.md): the signed-in person's KYC and the active business
 * organisation's KYB, their drafts, encrypted documents with short-lived links, and the verification provider's
 * status events. The provider is the built-in development one; a real one implements VerificationProvider.
 */
export default defineServerModule({
  name: 'identity-verification',
  needs: ['access', 'audit', 'authenticate', 'clock', 'config', 'db', 'i18n', 'mailer'],
  plugin: async (app, { authenticate, ...services }) => {
    const { config } = services;
    const key = loadDocumentKey({
      fromEnv: config.documentEncryptionKey,
      // Tests and in-memory databases get a key of their own; a real data folder keeps its key across restarts.
      dataDir: config.nodeEnv === 'test' ? null : config.dataDir,
    });
    const cipher = new DocumentCipher(key);
    const documents = new DocumentService(services, cipher, new DocumentLinks(cipher.linkKey()));
    const provider: VerificationProvider = new DevelopmentVerificationProvider();
    const sealer = new DetailsSealer(cipher);
    const register = config.abnLookup ? new AbnLookupRegister(config.abnLookup) : null;
    const verification = new VerificationService(services, documents, provider, sealer, register);
    await sealPlainKycAnswers(services.db, sealer);
    const route = contractRouter(app, authenticate, services.access);
    const language = (request: Parameters<typeof replyLanguage>[1]) => replyLanguage(services.i18n, request);

    // KYC: the signed-in person's own.
    route(endpoints.kyc, async (request) => ({
      data: await verification.kyc(request.auth, language(request)),
      msg: VERIFICATION_MESSAGES.kyc,
    }));
    route(endpoints.kycStatus, async (request) => ({
      data: await verification.kycStatus(request.auth, language(request)),
      msg: VERIFICATION_MESSAGES.status,
    }));
    route(endpoints.saveKycDraft, async (request) => ({
      data: { draft: await verification.saveKycDraft(request.auth, request.body) },
      msg: VERIFICATION_MESSAGES.draftSaved,
    }));
    route(endpoints.submitKyc, async (request) => ({
      data: await verification.submitKyc(request.auth, request.body, request, language(request)),
      msg: VERIFICATION_MESSAGES.kycSubmitted,
    }));
    route(endpoints.uploadKycDocument, async (request) => {
      const owner = { scope: 'kyc', userId: request.auth.userId } as const;
      const keep = await verification.referencedKycDocuments(request.auth.userId);
      return {
        data: { document: await documents.upload(owner, request.body, keep, request) },
        msg: DOCUMENT_MESSAGES.uploaded,
      };
    });
    route(endpoints.kycDocumentLink, async (request) => ({
      data: await documents.link({ scope: 'kyc', userId: request.auth.userId }, request.params.documentId),
      msg: DOCUMENT_MESSAGES.link,
    }));

    // KYB: the active business organisation's (kyb.submit, checked by the router).
    route(endpoints.kyb, async (request) => ({
      data: await verification.kyb(request.auth, language(request)),
      msg: VERIFICATION_MESSAGES.kyb,
    }));
    route(endpoints.kybStatus, async (request) => ({
      data: await verification.kybStatus(request.auth, language(request)),
      msg: VERIFICATION_MESSAGES.status,
    }));
    route(endpoints.saveKybDraft, async (request) => ({
      data: { draft: await verification.saveKybDraft(request.auth, request.body) },
      msg: VERIFICATION_MESSAGES.draftSaved,
    }));
    route(endpoints.submitKyb, async (request) => ({
      data: await verification.submitKyb(request.auth, request.body, request, language(request)),
      msg: VERIFICATION_MESSAGES.kybSubmitted,
    }));
    route(endpoints.resetKyb, async (request) => ({
      data: await verification.resetKyb(request.auth, request, language(request)),
      msg: VERIFICATION_MESSAGES.kybReset,
    }));
    route(endpoints.uploadKybDocument, async (request) => {
      const organizationId = request.auth.organizationId ?? '';
      const owner = { scope: 'kyb', organizationId, userId: request.auth.userId } as const;
      const keep = await verification.referencedKybDocuments(organizationId);
      return {
        data: { document: await documents.upload(owner, request.body, keep, request) },
        msg: DOCUMENT_MESSAGES.uploaded,
      };
    });
    route(endpoints.kybDocumentLink, async (request) => ({
      data: await documents.link(
        { scope: 'kyb', organizationId: request.auth.organizationId ?? '', userId: request.auth.userId },
        request.params.documentId,
      ),
      msg: DOCUMENT_MESSAGES.link,
    }));

    // The file behind a link: the signed token is the credential. Its bytes, never logged, never cached.
    route(endpoints.documentFile, async (request, reply) => {
      const file = await documents.file(request.query.token);
      void reply
        .header('content-type', file.mimeType)
        .header(
          'content-disposition',
          `inline; filename="${file.mimeType === 'application/pdf' ? 'document.pdf' : 'document'}"`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
      return reply as never;
    });

    // The provider's progress, driven by the clock: a timer where the scheduler runs (not in tests, which call
    // `advance` through the status reads with a fake clock).
    if (config.scheduler) {
      const timer = setInterval(() => {
        verification
          .advance()
          .catch((error: unknown) => app.log.error({ err: error }, 'identity verification progress failed'));
      }, PROGRESS_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
});
