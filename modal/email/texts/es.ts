import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Continuar con correo electrónico',
  'title.EmailVerifyOtp': 'Confirmar correo electrónico',
  'title.EmailVerifyDevice': 'Registrar dispositivo',
  'title.UpdateEmailWallet': 'Editar correo electrónico',
  'title.UpdateEmailPrimaryOtp': 'Confirmar correo actual',
  'title.UpdateEmailSecondaryOtp': 'Confirmar correo nuevo',
  'title.ApproveTransaction': 'Aprobar transacción',
  label: 'Correo electrónico',
  placeholder: 'Correo electrónico',
  continue: 'Continuar',
  codeSent: 'Escribe el código que enviamos a {email}',
  approveDevice: 'Aprueba este dispositivo',
  approveDeviceHint:
    'Enviamos un enlace a {email}. Ábrelo y aprueba este dispositivo; luego te enviaremos un código.',
  retry: 'Reintentar',
  save: 'Guardar',
  update: 'Cambiar correo electrónico',
  export: 'Exportar billetera',
  approveInFrame: 'Revisa la solicitud en tu billetera segura y apruébala allí.',
  'title.ConnectingSocial': 'Inicio de sesión social',
  socialLabel: 'Inicio de sesión social',
  continueWith: 'Continuar con {name}',
  socialWaiting: 'Termina de iniciar sesión con {name} en la ventana que se abrió.',
  socialClosed: 'La ventana de inicio de sesión se cerró antes de terminar.',
  farcasterUnavailable: 'El inicio de sesión con Farcaster aún no está disponible en esta billetera.',
}
