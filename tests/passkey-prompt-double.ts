/**
 * The browser's passkey prompts for component tests (jsdom has no WebAuthn): what `@simplewebauthn/browser` is
 * replaced with at the module boundary, for signing in (`passkeyPrompt`) and creating a passkey (`creationPrompt`).
 * One shared state, because test files share their modules (`isolate: false`): a mock factory's closure of one file
 * would answer another file's prompts.
 * Plain functions, not vi.fn: a spy keeps its own copy of a rejected answer, which would be reported as unhandled.
 * @example
 * vi.mock('@simplewebauthn/browser', () => import('../../../tests/passkey-prompt-double').then((m) => m.browserModule));
 * passkeyPrompt.answer = async () => assertion;
 */
export interface PromptCall {
  optionsJSON: unknown;
  useBrowserAutofill?: boolean;
}

export const passkeyPrompt = {
  calls: [] as PromptCall[],
  answer: (async () => {
    throw new Error('no passkey prompt expected');
  }) as (call: PromptCall) => Promise<unknown>,
  reset(): void {
    this.calls.length = 0;
    this.answer = async () => {
      throw new Error('no passkey prompt expected');
    };
  },
};

/** `startRegistration`: the prompt that creates a passkey. */
export const creationPrompt = {
  calls: [] as { optionsJSON: unknown }[],
  answer: (async () => {
    throw new Error('no passkey creation expected');
  }) as (call: { optionsJSON: unknown }) => Promise<unknown>,
  reset(): void {
    this.calls.length = 0;
    this.answer = async () => {
      throw new Error('no passkey creation expected');
    };
  },
};

export const browserModule = {
  startRegistration: (call: { optionsJSON: unknown }) => {
    creationPrompt.calls.push(call);
    return creationPrompt.answer(call);
  },
  startAuthentication: (call: PromptCall) => {
    passkeyPrompt.calls.push(call);
    return passkeyPrompt.answer(call);
  },
  WebAuthnAbortService: { cancelCeremony: () => undefined },
};
