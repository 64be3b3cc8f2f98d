/**
 * The Australian Business Register, asked whether a business a KYB names exists as entered (#34 item 3,
 * docs/identity-verification.md "The business register"). ABN Lookup has no SDK: its JSON web service answers
 * JSONP (`callback({...})`) for an ABN (`AbnDetails.aspx`) or an ACN (`AcnDetails.aspx`) with the GUID the ABR
 * issued to the deployment.
 */

/** What the register says about the business a KYB names. */
export type RegisterOutcome =
  | { status: 'matches'; registeredName: string }
  | { status: 'nameMismatch'; registeredName: string }
  | { status: 'cancelled' }
  | { status: 'notFound' }
  /** No usable answer (down, slow, refused the GUID): never read as verified. */
  | { status: 'unreachable' };

export interface BusinessRegister {
  check(business: { abn?: string; acn?: string; companyName: string }): Promise<RegisterOutcome>;
}

export interface AbnLookupSettings {
  guid: string;
  /** Another address for the service (the tests' stand-in); default ABR's. */
  baseUrl?: string | null;
  timeoutMs?: number;
}

const ABR_JSON = 'https://abr.business.gov.au/json';

/** ABN Lookup's answer, as far as this reads it. */
interface AbrDetails {
  Abn?: string;
  AbnStatus?: string;
  EntityName?: string;
  BusinessName?: string[];
  Message?: string;
}

/**
 * A name as registers and people write it, for comparing: case, punctuation and spacing aside, and the usual
 * company suffixes in one spelling ("Acme Pty. Limited" = "ACME PTY LTD").
 */
export function comparableName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bproprietary\b/g, 'pty')
    .replace(/\blimited\b/g, 'ltd')
    .replace(/\bcompany\b/g, 'co')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export class AbnLookupRegister implements BusinessRegister {
  private readonly baseUrl: string;

  constructor(private readonly settings: AbnLookupSettings) {
    this.baseUrl = (settings.baseUrl || ABR_JSON).replace(/\/+$/, '');
  }

  async check(business: { abn?: string; acn?: string; companyName: string }): Promise<RegisterOutcome> {
    const abn = business.abn?.replace(/\s/g, '');
    const acn = business.acn?.replace(/\s/g, '');
    if (!abn && !acn) return { status: 'notFound' };
    const query = abn ? `AbnDetails.aspx?abn=${abn}` : `AcnDetails.aspx?acn=${acn}`;
    const details = await this.fetchDetails(
      `${this.baseUrl}/${query}&guid=${encodeURIComponent(this.settings.guid)}`,
    );
    if (!details) return { status: 'unreachable' };
    if (!details.Abn)
      return details.Message && /guid/i.test(details.Message)
        ? { status: 'unreachable' }
        : { status: 'notFound' };
    if (details.AbnStatus !== 'Active') return { status: 'cancelled' };
    const registeredName = details.EntityName ?? '';
    const names = [registeredName, ...(details.BusinessName ?? [])].map(comparableName);
    return names.includes(comparableName(business.companyName))
      ? { status: 'matches', registeredName }
      : { status: 'nameMismatch', registeredName };
  }

  /** The JSON inside the JSONP answer, or null when there is no usable answer in time. */
  private async fetchDetails(url: string): Promise<AbrDetails | null> {
    try {
      const response = await fetch(`${url}&callback=abr`, {
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 8_000),
      });
      if (!response.ok) return null;
      const body = (await response.text()).trim();
      const json = /^abr\(([\s\S]*)\);?$/.exec(body)?.[1];
      return json ? (JSON.parse(json) as AbrDetails) : null;
    } catch {
      return null;
    }
  }
}
