import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // Assets are requested under the app's own path, beside its pages (/admin/assets/…).
  base: '/admin/',
  plugins: [reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: { target: 'es2022' },
});
