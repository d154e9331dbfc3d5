// The install instructions page.
export { InstallPage, type InstallPageProps } from './install-page.tsx';
