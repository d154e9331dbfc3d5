// The route table (SPEC §2), in one place. Each screen is its own chunk (route-level code splitting);
// access by sign-in state is decided in RootLayout (guards.ts); `handle.title` names the document
// (lib/document-title.ts). Later screens add their entries here:
// student screens under the shell (/zancards, /announcements, /module/:moduleId, /study/...), admin
// pages as children of `admin`.
import type { RouteObject } from 'react-router';
import { LoadingProfile, NotFoundPage } from '../features/errors/index.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';
import { LandingRoute } from './routes/landing-route.tsx';
import { STUDY_SHELL } from './shell/shell-mode.ts';
import { NOT_FOUND_ROUTE } from './not-found-route.ts';

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingProfile />,
    children: [
      // In the entry: a signed-out visitor's first screen renders without a second round trip.
      { index: true, Component: LandingRoute },
      {
        path: 'reset-password',
        handle: { title: 'Reset Password' },
        lazy: () => import('../features/auth/index.ts').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'verify-email',
        handle: { title: 'Verify Email' },
        lazy: () => import('../features/verify/index.ts').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        path: 'install',
        handle: { title: 'Install Zan' },
        lazy: () => import('./routes/install-route.tsx').then((m) => ({ Component: m.InstallRoute })),
      },
      {
        lazy: () => import('./shell/app-shell.tsx').then((m) => ({ Component: m.AppShell })),
        children: [
          {
            path: 'dashboard',
            handle: { title: 'Dashboard' },
            lazy: () =>
              import('./dashboard/dashboard-route.tsx').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: 'dashboard/account',
            handle: { title: 'Account' },
            lazy: () => import('../features/account/index.ts').then((m) => ({ Component: m.AccountPage })),
          },
          {
            // A static segment: it outranks dashboard/:tab.
            path: 'dashboard/stats',
            handle: { title: 'Stats' },
            lazy: () => import('./dashboard/stats-route.tsx').then((m) => ({ Component: m.StatsRoute })),
          },
          {
            path: 'dashboard/:tab',
            handle: { title: 'Dashboard' },
            lazy: () =>
              import('./dashboard/dashboard-route.tsx').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: 'zancards',
            handle: { title: 'Deck Browser' },
            lazy: () => import('../features/zancards/index.ts').then((m) => ({ Component: m.ZancardsPage })),
          },
          {
            path: 'announcements',
            handle: { title: 'Announcements' },
            lazy: () =>
              import('../features/announcements/index.ts').then((m) => ({ Component: m.AnnouncementsPage })),
          },
          {
            path: 'module/:moduleId',
            handle: { title: 'Module' },
            lazy: () => import('../features/module/index.ts').then((m) => ({ Component: m.ModulePage })),
          },
          {
            // The study page changes the shell layout (full width, compact header): see shell-mode.ts.
            path: 'study/subject/:subjectId',
            handle: { ...STUDY_SHELL, title: 'Study' },
            lazy: () => import('../features/study/index.ts').then((m) => ({ Component: m.StudyPage })),
            // The page stays mounted while a deck opens or closes, so the study timer keeps running.
            children: [
              { index: true, element: null },
              { path: 'deck/:deckId', element: null },
            ],
          },
          {
            // 'Review all due' (issue 18): ?module= or ?subject= narrows it.
            path: 'review',
            handle: { title: 'Review all due' },
            lazy: () => import('../features/study/index.ts').then((m) => ({ Component: m.ReviewPage })),
          },
          {
            // The question bank (issue 19): students only (admins go to the admin home, as for Stats).
            path: 'qbank',
            handle: { title: 'Question Bank' },
            lazy: () => import('./routes/qbank-route.tsx').then((m) => ({ Component: m.QbankRoute })),
          },
          {
            path: 'qbank/block/:blockId',
            handle: { title: 'Test' },
            lazy: () => import('./routes/qbank-route.tsx').then((m) => ({ Component: m.QbankBlockRoute })),
          },
          {
            path: 'qbank/review/:blockId',
            handle: { title: 'Test Review' },
            lazy: () => import('./routes/qbank-route.tsx').then((m) => ({ Component: m.QbankReviewRoute })),
          },
          {
            path: 'admin',
            handle: { title: 'Admin' },
            lazy: () => import('./dashboard/dashboard-route.tsx').then((m) => ({ Component: m.AdminGate })),
            children: [
              { index: true, element: <NotFoundPage /> },
              {
                path: 'module/:moduleId/subjects',
                lazy: () =>
                  import('../features/admin-subjects/index.ts').then((m) => ({ Component: m.SubjectsPage })),
              },
              {
                path: 'subject/:subjectId/topics',
                lazy: () =>
                  import('../features/admin-topics/index.ts').then((m) => ({ Component: m.TopicsPage })),
              },
              {
                path: 'topic/:topicId',
                lazy: () =>
                  import('../features/admin-topics/index.ts').then((m) => ({ Component: m.TopicPage })),
              },
              {
                path: 'deck/:deckId/edit',
                lazy: () =>
                  import('../features/admin-editors/index.ts').then((m) => ({ Component: m.DeckEditorPage })),
              },
              {
                path: 'mcq-quiz/:quizId/edit',
                lazy: () =>
                  import('../features/admin-editors/index.ts').then((m) => ({ Component: m.QuizEditorPage })),
              },
              {
                path: 'html/:contentId/edit',
                lazy: () =>
                  import('../features/admin-lecture/index.ts').then((m) => ({
                    Component: m.LectureEditorPage,
                  })),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: { ...NOT_FOUND_ROUTE, title: 'Page Not Found' } },
        ],
      },
    ],
  },
];
