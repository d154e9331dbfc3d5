// Admin images tab ('Images'): mounted by the admin shell at /dashboard/images.
export { ImagesTab } from './images-tab.tsx';
