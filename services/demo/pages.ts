import { join } from 'node:path'
import { packageRoot } from '../kit/packageRoot.js'

/** The built folder of one example page (`demo`, `siwx`, …) inside the package. */
export const examplePageDir = (name: string) => join(packageRoot(), 'pages', name)

export const demoDistDir = () => examplePageDir('demo')
