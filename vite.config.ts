import { reactRouter } from '@react-router/dev/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './src/server/dev-entry.ts' }),
  ],
  build: { assetsInlineLimit: 0 },
});
