// Vite: React, Tailwind 4, and the PWA worker (injectManifest → /sw-custom.js at the root scope).
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const DEV_SERVER = 'http://localhost:3000';
const devProxy = {
  target: DEV_SERVER,
  changeOrigin: true,
  configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', DEV_SERVER)),
} satisfies ProxyOptions;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw-custom.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        id: '/',
        name: 'Zan — study companion',
        short_name: 'Zan',
        lang: 'en',
        categories: ['education', 'medical'],
        description: 'Offline-first flashcards, quizzes and lecture notes for medical students.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f7f9',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,ico}'],
        // The lecture editor (Tiptap, ~150 KB gzip) is for admins, who edit online: students' devices
        // never download it for offline use.
        globIgnores: ['**/*.map', '**/admin-lecture-*.js'],
        maximumFileSizeToCacheInBytes: 1_500_000,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { sourcemap: false, target: 'es2022' },
  // Dev: Vite on :5173 proxies to the server on :3000 as if the page were served by it (the server
  // answers only its own Host and trusts only its own Origin).
  server: { proxy: { '/api': devProxy, '/dev': devProxy } },
});
