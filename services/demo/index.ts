export { packageRoot } from '../kit/packageRoot.js'
export { demoDistDir, examplePageDir } from './pages.js'
export { type DemoPageConfig, type ExamplePage, type RunningDemo, serveDemo } from './serveDemo.js'
