// Module feature: the module page (subjects of a module, linking to study).
export { ModulePage, NO_SUBJECTS, MODULE_NOT_FOUND } from './components/module-page.tsx';
