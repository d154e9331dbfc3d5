// The browser router over the route table.
import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const createAppRouter = () => createBrowserRouter(routes);
