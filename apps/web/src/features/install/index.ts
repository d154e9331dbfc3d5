// The install instructions page.
export { InstallPage } from './install-page.tsx';
