import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** Each build gets its own version, so open tabs learn over the live stream that a newer build is served. */
const appVersion = process.env.APP_VERSION ?? `${pkg.version}+${Date.now().toString(36)}`;
const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/v2/',
  plugins: [
    react(),
    {
      name: 'pp-version-file',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: appVersion }) });
      },
    },
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/graphql': api,
      '/fefl': api,
      '/translations': api,
      '/v1': { target: api.replace('http', 'ws'), ws: true },
    },
  },
});
