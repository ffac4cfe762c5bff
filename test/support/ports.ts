export { freePort, freePortPair, isPortTaken } from '../../services/index.js'
