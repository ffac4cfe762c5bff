export { freePort, isPortTaken } from '../../services/index.js'
