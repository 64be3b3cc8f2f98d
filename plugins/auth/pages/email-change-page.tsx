import { EmailChangeLink } from '../email-change/email-change-link';

/** /email-change: the link mailed to the new address makes it the login address. */
export default function EmailChangePage() {
  return <EmailChangeLink action="confirm" />;
}
