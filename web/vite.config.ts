import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/auth': 'http://localhost:3000',
      '/rest': 'http://localhost:3000',
      '/functions': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});
