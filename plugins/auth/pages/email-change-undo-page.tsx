import { EmailChangeLink } from '../email-change/email-change-link';

/** /email-change/undo: the link mailed to the old address puts it back and ends every session. */
export default function EmailChangeUndoPage() {
  return <EmailChangeLink action="undo" />;
}
