import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3000,
    proxy: {
      '/api': 'http://localhost:3001',
      '/media': 'http://localhost:3001',
      '/dev': 'http://localhost:3001',
    },
  },
  build: {
    sourcemap: true,
    // scripts/web-size.mjs reads the manifest to sum the JS each first paint needs.
    manifest: true,
    target: 'es2022',
  },
});
