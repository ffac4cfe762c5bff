import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Spanish. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Elegir nombre',
  'names.title.success': 'Nombre registrado',
  'names.input.label': 'Nombre',
  'names.input.placeholder': 'Escribe un nombre',
  'names.available': 'Disponible',
  'names.registered': 'Registrado',
  'names.taken': 'Este nombre ya está ocupado. Prueba uno de estos:',
  'names.register': 'Registrar',
  'names.registering': 'Registrando…',
  'names.successHeading': 'Nombre de cuenta elegido correctamente',
  'names.successDetail': 'Ahora puedes usar {name} en lugar de tu dirección.',
  'names.successDone': 'Volver a la cuenta',
  'names.choose': 'Elegir nombre',
  'names.error.TOO_SHORT': 'El nombre debe tener al menos 4 caracteres',
  'names.error.INVALID_CHARACTERS': 'Solo puede contener letras, números y el carácter -',
  'names.error.ALREADY_OWNS': 'Ya tienes un nombre',
  'names.error.INVALID_CHAIN_ID': 'chainId no válido',
  'names.error.RESOLVE_FAILED': 'Error al resolver el nombre',
  'names.error.SUGGESTIONS_FAILED': 'Error al obtener sugerencias de nombres',
  'names.error.REVERSE_FAILED': 'Error al obtener los nombres de la dirección',
  'names.error.REGISTER_FAILED': 'Error al registrar el nombre {name}',
  'names.error.NETWORK_NOT_FOUND': 'Red no encontrada',
  'names.error.NO_AUTH_ACCOUNT': 'No se encontró la dirección o el conector de autenticación',
  'names.reason.taken': 'El nombre ya está ocupado',
  'names.reason.signature': 'Firma no válida',
  'names.reason.expired': 'El mensaje ha caducado',
  'names.reason.notFound': 'Nombre no encontrado',
}
