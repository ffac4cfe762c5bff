export { PartEndedError } from './allAnswer.js'
export {
  type StackConfig,
  type StackPart,
  stackConfig,
  stackParts,
  stackPorts,
  trustProxyOf,
} from './config.js'
export { DEMO_PROJECT_ID, ensureDemoProject, pageOrigins } from './demoProject.js'
export { stackPartList } from './parts/index.js'
export { removeStackFile, type StackFile, writeStackFile } from './stackFile.js'
export type { AnyStackPart, PortSpec, StackOptions, StackServices, StackUrl } from './stackPart.js'
export { type RunningStack, startStack } from './startStack.js'
