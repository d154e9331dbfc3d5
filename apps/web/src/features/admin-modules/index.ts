// Admin modules: the Modules tab (admin home) and the superadmin's Global Modules tab.
export { GlobalModulesTab } from './global-modules-tab.tsx';
export { ModulesTab } from './modules-tab.tsx';
