import { defineConfig } from 'vite'

// Off the local stack's demo page (5173), on the port the api project allows.
export default defineConfig({
  server: { port: '{{appPort}}', strictPort: true },
  preview: { port: '{{appPort}}', strictPort: true },
})
