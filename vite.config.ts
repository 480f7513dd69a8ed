import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client build. `npm run dev` serves it with the API proxied to a server on :8080.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/utils': 'http://localhost:8080' },
  },
});
