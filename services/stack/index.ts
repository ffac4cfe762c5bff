export { type StackConfig, type StackPart, stackConfig, stackPorts } from './config.js'
export { type RunningStack, type StackUrl, startStack } from './startStack.js'
