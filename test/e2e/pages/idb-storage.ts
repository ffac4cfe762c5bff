import { IdbStorage } from '../../../storage/index.js'

Object.assign(window, { storage: new IdbStorage({ database: 'pairwise-test' }) })
