// The invitation link for new users (`/signup/invite`) behaves exactly like `/invite` (docs/sign-in-and-accounts.md Invitation).
export { default } from './invite-page';
