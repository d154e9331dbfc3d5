// Account feature: the account page.
export { AccountPage } from './account-page.tsx';
