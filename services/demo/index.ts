export { demoDistDir, examplePageDir, packageRoot } from './packageRoot.js'
export { type DemoPageConfig, type ExamplePage, type RunningDemo, serveDemo } from './serveDemo.js'
