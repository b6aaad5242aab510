import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { reactAriaModalityReads } from './vite-react-aria-modality.ts';

export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    reactAriaModalityReads({ requireAll: command === 'build' }),
  ],
  // The dev server bundles packages apart from the plugins above: the rewrite is given to that step too.
  optimizeDeps: { rolldownOptions: { plugins: [reactAriaModalityReads()] } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
  build: { chunkSizeWarningLimit: 700 },
}));
