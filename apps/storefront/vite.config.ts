import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appShellChunk } from './vite/app-shell-chunk';
import { breakpointMedia } from './vite/breakpoint-media';

export default defineConfig({
  // Scripts, styles and icons ship compressed ahead of time (gzip -9, brotli 11), which the
  // server sends as they are: smaller than on-the-fly compression, and no work per request.
  plugins: [reactRouter(), compression({ threshold: 1024, logLevel: 'silent' })],
  css: { modules: { localsConvention: 'camelCaseOnly' }, postcss: { plugins: breakpointMedia() } },
  build: {
    target: 'es2022',
    // One stylesheet for the whole shop (about 20 KB compressed): a first visit waits for one
    // render-blocking request instead of one per component, and later pages find it cached.
    cssCodeSplit: false,
  },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: appShellChunk } } } },
  },
});
