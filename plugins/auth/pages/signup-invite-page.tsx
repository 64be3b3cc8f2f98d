// The invitation link for new users (`/signup/invite`) behaves exactly like `/invite` (spec §4 Invitation).
export { default } from './invite-page';
