import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Вход по электронной почте',
  'title.EmailVerifyOtp': 'Подтверждение почты',
  'title.EmailVerifyDevice': 'Регистрация устройства',
  'title.UpdateEmailWallet': 'Изменение почты',
  'title.UpdateEmailPrimaryOtp': 'Подтверждение текущей почты',
  'title.UpdateEmailSecondaryOtp': 'Подтверждение новой почты',
  'title.ApproveTransaction': 'Подтверждение транзакции',
  label: 'Электронная почта',
  placeholder: 'Электронная почта',
  continue: 'Продолжить',
  codeSent: 'Введите код, отправленный на {email}',
  approveDevice: 'Подтвердите это устройство',
  approveDeviceHint:
    'Мы отправили ссылку на {email}. Откройте её и подтвердите это устройство — после этого мы пришлём вам код.',
  retry: 'Повторить',
  save: 'Сохранить',
  update: 'Изменить почту',
  export: 'Экспортировать кошелёк',
  approveInFrame: 'Проверьте запрос в защищённом кошельке и подтвердите его там.',
  'title.ConnectingSocial': 'Вход через соцсети',
  socialLabel: 'Вход через соцсети',
  continueWith: 'Продолжить с {name}',
  socialWaiting: 'Завершите вход через {name} в открывшемся окне.',
  socialClosed: 'Окно входа закрыто до завершения.',
  farcasterUnavailable: 'Вход через Farcaster в этом кошельке пока недоступен.',
}
