import { defineConfig } from 'vite'
import { examplePageConfig } from '../pageViteConfig.js'

export default defineConfig(examplePageConfig(new URL('.', import.meta.url)))
