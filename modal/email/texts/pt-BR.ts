import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Continuar com e-mail',
  'title.EmailVerifyOtp': 'Confirmar e-mail',
  'title.EmailVerifyDevice': 'Registrar dispositivo',
  'title.UpdateEmailWallet': 'Editar e-mail',
  'title.UpdateEmailPrimaryOtp': 'Confirmar e-mail atual',
  'title.UpdateEmailSecondaryOtp': 'Confirmar novo e-mail',
  'title.ApproveTransaction': 'Aprovar transação',
  label: 'E-mail',
  placeholder: 'E-mail',
  continue: 'Continuar',
  codeSent: 'Digite o código que enviamos para {email}',
  approveDevice: 'Aprove este dispositivo',
  approveDeviceHint:
    'Enviamos um link para {email}. Abra-o e aprove este dispositivo; depois enviaremos um código para você.',
  retry: 'Tentar novamente',
  save: 'Salvar',
  update: 'Alterar e-mail',
  export: 'Exportar carteira',
  approveInFrame: 'Revise a solicitação na sua carteira segura e aprove-a lá.',
  'title.ConnectingSocial': 'Login social',
  socialLabel: 'Login social',
  continueWith: 'Continuar com {name}',
  socialWaiting: 'Conclua o login com {name} na janela que abriu.',
  socialClosed: 'A janela de login foi fechada antes de terminar.',
  farcasterUnavailable: 'O login com Farcaster ainda não está disponível nesta carteira.',
}
