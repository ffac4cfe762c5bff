export {
  type StackConfig,
  type StackPart,
  stackConfig,
  stackParts,
  stackPorts,
  trustProxyOf,
} from './config.js'
export { DEMO_PROJECT_ID, ensureDemoProject, pageOrigins } from './demoProject.js'
export { removeStackFile, type StackFile, writeStackFile } from './stackFile.js'
export { type RunningStack, type StackUrl, startStack } from './startStack.js'
