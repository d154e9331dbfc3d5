// Search feature (issue 22): the student header's search over everything on the device. Only the
// launcher is here; the dialog and the index (MiniSearch) are chunks of their own, loaded on use.
export { SearchLauncher } from './components/search-launcher.tsx';
