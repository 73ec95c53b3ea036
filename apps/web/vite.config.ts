import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  // A build is always the production build of React and friends, even when NODE_ENV=development
  // is set in the shell that runs it (npm start builds a stale web app from the server's env).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
}));
